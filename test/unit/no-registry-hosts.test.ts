/**
 * The repository names no package registry's host: registries are configuration (NPM_REGISTRY_URL, PYPI_URL,
 * PACKAGE_INDEX_HOSTS; docs/configuration.md), and fixtures use example.org-style names. The hosts are kept here
 * as SHA-256 digests so that this file does not name them either; every host-like word of every tracked text
 * file (and each of its parent domains: `www.…`, `x.…`) is hashed and looked up.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

/** npm's registry and its replicas, PyPI's index, upload and file hosts, Yarn's registry alias. */
const REGISTRY_HOST_DIGESTS = new Set([
  '0dc11026ac75c015aaa1deafff4a7a54ef6d0cf6b3c7f9b1d2c8f3502929aa9e',
  'fd0c6a9279196963adad509f0c8df13a4d0f048f328ba06ce7e8836e7f4182d6',
  'a4aa2ac280bb8d1a0ce7a1be5a7bfb10292b49fe9435ad5cff19f421f3c70e41',
  'c899567ee906851741bf7f3bde17a33777859ff9f53ff54d6f0ea54cf31ad636',
  '9ab2ad663f3d2a5e0a38190483536f53c576599778c6e6d1adb9f357122f355c',
  '9495278a74715c7e246a36404b3589f0f2f0b564defdec00b228aa07ecb515e0',
  'd6d7019ca9fcbf07c769e445342515ef0c92e4f18a96adbb3bf6460f5b0ba17f',
  '70bb4000cd2fab03af01fed086c6bf3c2c970f8b8b8001c311028ec3b80e775a',
  '9b7911e2ebb9aeab21424e512a98635de40c493cd8d42540e99b4e9ccc75cb04',
  '6687ccff8fe5fc684a7669ca60c7d098a354d2f6e0bc129dfed3c6689cf57252',
]);

const HOST_WORD = /[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+/gi;

function root(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, '.git')) && !existsSync(path.join(dir, 'Procfile'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('repository root not found');
    dir = up;
  }
  return dir;
}

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

/** Host words of a text that are, or end in, a registry host. */
export function registryHostsIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(HOST_WORD)) {
    const labels = m[0].toLowerCase().split('.');
    for (let i = 0; i < labels.length - 1; i++) {
      if (REGISTRY_HOST_DIGESTS.has(digest(labels.slice(i).join('.')))) {
        found.push(m[0]);
        break;
      }
    }
  }
  return found;
}

test('the matcher finds a registry host in a URL and under a subdomain, and not a look-alike or an example name', () => {
  // Built from parts so that this file holds no registry host as one word either.
  const pypi = ['pypi', 'org'].join('.');
  assert.equal(registryHostsIn(`pip download --index-url https://${pypi}/simple x`), [pypi]);
  assert.equal(registryHostsIn(`see www.${pypi}/project/x`), [`www.${pypi}`]);
  assert.equal(registryHostsIn(`https://${pypi}-cdn.example/simple and registry.example.org`), []);
});

test('no tracked file names a package registry host', () => {
  const dir = root();
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '-z'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean);
  } catch {
    // A copy without git (an unpacked archive): nothing tracked to read; the digests above still guard the clone CI runs on.
    return;
  }
  assert.ok(files.length > 100, `git ls-files listed ${files.length} files`);
  const hits: string[] = [];
  for (const f of files) {
    const full = path.join(dir, f);
    let text: string;
    try {
      if (statSync(full).size > 4 * 1024 * 1024) continue;
      const buf = readFileSync(full);
      if (buf.includes(0)) continue; // binary
      text = buf.toString('utf8');
    } catch {
      continue; // deleted in the working tree
    }
    for (const h of registryHostsIn(text)) hits.push(`${f}: ${h}`);
  }
  assert.equal(
    hits,
    [],
    `registry hosts named in the repository (use configuration or example.org names):\n${hits.join('\n')}`,
  );
});

test.run();
