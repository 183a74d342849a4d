import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../shared/errors.js';
import {
  fetchSkillSource,
  isPublicAddress,
  resolveSourceUrl,
  type SourceHostConfig,
} from '../../shared/skills/source.js';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const OTHER_SHA = 'fedcba9876543210fedcba9876543210fedcba98';

const GH: SourceHostConfig = {
  githubWebBase: 'https://github.com',
  githubRawBase: 'https://raw.githubusercontent.com',
  allowPrivateHosts: false,
  timeoutMs: 2000,
  maxBytes: 4096,
};

async function expectReject(
  p: Promise<unknown> | (() => unknown),
  status: number,
  code: string,
  field: string,
): Promise<ApiError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    assert.instance(e, ApiError, `expected ApiError, got ${String(e)}`);
    const err = e as ApiError;
    assert.is(err.code, code, `code (message: ${err.message})`);
    assert.is(err.status, status, `status for ${code}`);
    assert.is(err.field, field, 'field');
    return err;
  }
  assert.unreachable(`expected ${code}`);
  throw new Error('unreachable');
}

// ---------------------------------------------------------------------------------------------
// URL mapping

test('blob URL maps to raw URL at sourceRef', () => {
  assert.is(
    resolveSourceUrl('https://github.com/acme/skills/blob/main/pdf/SKILL.md', SHA, GH),
    `https://raw.githubusercontent.com/acme/skills/${SHA}/pdf/SKILL.md`,
  );
  assert.is(
    resolveSourceUrl(`https://github.com/acme/skills/blob/${SHA}/SKILL.md?plain=1#L3`, SHA.toUpperCase(), GH),
    `https://raw.githubusercontent.com/acme/skills/${SHA}/SKILL.md`,
  );
});

test('raw URL maps to raw URL with the ref replaced', () => {
  assert.is(
    resolveSourceUrl('https://raw.githubusercontent.com/acme/skills/main/a/b/SKILL.md', 'abc1234', GH),
    'https://raw.githubusercontent.com/acme/skills/abc1234/a/b/SKILL.md',
  );
  assert.is(
    resolveSourceUrl(`https://raw.githubusercontent.com/acme/my.repo_x/${SHA}/SKILL.md`, SHA, GH),
    `https://raw.githubusercontent.com/acme/my.repo_x/${SHA}/SKILL.md`,
  );
});

test('bases with a path prefix', () => {
  const cfg = { ...GH, githubWebBase: 'http://127.0.0.1:8080/web', githubRawBase: 'http://127.0.0.1:8080/raw/' };
  assert.is(
    resolveSourceUrl('http://127.0.0.1:8080/web/o/r/blob/main/SKILL.md', SHA, cfg),
    `http://127.0.0.1:8080/raw/o/r/${SHA}/SKILL.md`,
  );
  assert.is(resolveSourceUrl('http://127.0.0.1:8080/raw/o/r/main/SKILL.md', SHA, cfg), `http://127.0.0.1:8080/raw/o/r/${SHA}/SKILL.md`);
});

test('ref rules', async () => {
  const url = 'https://github.com/acme/skills/blob/main/SKILL.md';
  for (const ref of ['main', 'abc123', 'g'.repeat(40), `${SHA}0`, '', 'v1.0.0', '../../x']) {
    await expectReject(() => resolveSourceUrl(url, ref, GH), 422, 'invalid_source_ref', 'sourceRef');
  }
  await expectReject(
    () => resolveSourceUrl(`https://github.com/acme/skills/blob/${OTHER_SHA}/SKILL.md`, SHA, GH),
    422,
    'source_ref_mismatch',
    'sourceRef',
  );
  await expectReject(
    () => resolveSourceUrl(`https://raw.githubusercontent.com/acme/skills/${OTHER_SHA}/SKILL.md`, SHA, GH),
    422,
    'source_ref_mismatch',
    'sourceRef',
  );
});

test('URL shape rules', async () => {
  const bad400 = ['not a url', '/relative/SKILL.md', 'ftp://github.com/a/b/blob/main/SKILL.md', 'https://user:pw@github.com/a/b/blob/main/SKILL.md', 'file:///etc/passwd'];
  for (const u of bad400) await expectReject(() => resolveSourceUrl(u, SHA, GH), 400, 'invalid_url', 'sourceUrl');
  const bad422 = [
    'https://gitlab.example.com/a/b/blob/main/SKILL.md',
    'https://github.com.evil.example/a/b/blob/main/SKILL.md',
    'http://github.com/a/b/blob/main/SKILL.md',
    'https://github.com/a/b',
    'https://github.com/a/b/tree/main/SKILL.md',
    'https://github.com/a/b/blob/main',
    'https://github.com/a/b/blob/main/../../../x/SKILL.md',
    'https://github.com/a/b/blob/main/%2e%2e/SKILL.md',
    'https://github.com/a/b/blob/main/x%2F..%2Fy/SKILL.md',
    'https://raw.githubusercontent.com/a/b/main/..%2fSKILL.md',
    'https://raw.githubusercontent.com/a/b/main',
    'https://raw.githubusercontent.com/a/b/main//SKILL.md',
    'https://raw.githubusercontent.com/-bad/b/main/SKILL.md',
  ];
  for (const u of bad422) await expectReject(() => resolveSourceUrl(u, SHA, GH), 422, 'unsupported_source_url', 'sourceUrl');
});

// ---------------------------------------------------------------------------------------------
// SSRF guard

test('isPublicAddress', () => {
  for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip']) {
    assert.is(isPublicAddress(a), false, a);
  }
  for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) assert.is(isPublicAddress(a), true, a);
});

test('private hosts are refused when allowPrivateHosts is false', async () => {
  const hosts = ['127.0.0.1', '10.0.0.7', '169.254.169.254', '[::1]', '[::ffff:127.0.0.1]', '100.100.100.100', '0.0.0.0'];
  for (const h of hosts) {
    const cfg = { ...GH, githubWebBase: `http://${h}:9`, githubRawBase: `http://${h}:9` };
    await expectReject(fetchSkillSource(`http://${h}:9/o/r/main/SKILL.md`, SHA, cfg), 422, 'source_host_forbidden', 'sourceUrl');
  }
  const cfg = { ...GH, githubWebBase: 'http://skills.internal', githubRawBase: 'http://skills.internal' };
  let asked = '';
  await expectReject(
    fetchSkillSource('http://skills.internal/o/r/main/SKILL.md', SHA, cfg, {
      lookup: async (host) => {
        asked = host;
        return ['10.1.2.3'];
      },
    }),
    422,
    'source_host_forbidden',
    'sourceUrl',
  );
  assert.is(asked, 'skills.internal');
  // ANY non-public address is enough to refuse.
  await expectReject(
    fetchSkillSource('http://skills.internal/o/r/main/SKILL.md', SHA, cfg, { lookup: async () => ['8.8.8.8', '::1'] }),
    422,
    'source_host_forbidden',
    'sourceUrl',
  );
  await expectReject(
    fetchSkillSource('http://skills.internal/o/r/main/SKILL.md', SHA, cfg, { lookup: async () => { throw new Error('ENOTFOUND'); } }),
    502,
    'source_fetch_failed',
    'sourceUrl',
  );
});

// ---------------------------------------------------------------------------------------------
// Real local server

const SKILL = '---\nname: demo\ndescription: A demo skill\n---\n# Demo\n';
const servers: http.Server[] = [];
let base = '';
let port = 0;
const hits: string[] = [];

function listen(handler: http.RequestListener): Promise<http.Server> {
  const server = http.createServer(handler);
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test.before(async () => {
  const server = await listen((req, res) => {
    const url = req.url ?? '';
    hits.push(url);
    const m = /^\/o\/r\/([0-9a-f]+)\/(.*)$/.exec(url);
    const file = m?.[2];
    if (file === 'SKILL.md') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`\uFEFF${SKILL}`);
    } else if (file === 'big/SKILL.md') {
      res.writeHead(200); // chunked, no content-length
      res.write('x'.repeat(3000));
      res.end('x'.repeat(3000));
    } else if (file === 'big-declared/SKILL.md') {
      res.writeHead(200, { 'content-length': '10000' });
      res.end('x'.repeat(10000));
    } else if (file === 'latin1/SKILL.md') {
      res.writeHead(200);
      res.end(Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xe9, 0xff, 0x0a]));
    } else if (file === 'slow/SKILL.md') {
      // Never answers.
    } else if (file === 'slow-body/SKILL.md') {
      res.writeHead(200);
      res.write('---\n'); // then stalls
    } else if (file === 'redirect-same/SKILL.md') {
      res.writeHead(302, { location: `/o/r/${m![1]}/SKILL.md` });
      res.end();
    } else if (file === 'redirect-other/SKILL.md') {
      res.writeHead(301, { location: `http://localhost:${port}/o/r/${m![1]}/SKILL.md` });
      res.end();
    } else if (file === 'redirect-loop/SKILL.md') {
      res.writeHead(307, { location: url });
      res.end();
    } else if (file === 'error/SKILL.md') {
      res.writeHead(500);
      res.end('boom');
    } else {
      res.writeHead(404);
      res.end('Not Found');
    }
  });
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

test.after(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const local = (over: Partial<SourceHostConfig> = {}): SourceHostConfig => ({
  githubWebBase: base,
  githubRawBase: base,
  allowPrivateHosts: true,
  timeoutMs: 1500,
  maxBytes: 4096,
  ...over,
});

test('fetch works (blob URL, BOM stripped, ref pinned)', async () => {
  const r = await fetchSkillSource(`${base}/o/r/blob/main/SKILL.md`, SHA, local());
  assert.is(r.text, SKILL);
  assert.is(r.fetchedUrl, `${base}/o/r/${SHA}/SKILL.md`);
  assert.is(r.bytes, Buffer.byteLength(`\uFEFF${SKILL}`));
  assert.ok(hits.includes(`/o/r/${SHA}/SKILL.md`));
});

test('connection is pinned to the checked address (DNS not consulted again)', async () => {
  const cfg = local({ githubWebBase: `http://skills.invalid:${port}`, githubRawBase: `http://skills.invalid:${port}` });
  const r = await fetchSkillSource(`http://skills.invalid:${port}/o/r/main/SKILL.md`, SHA, cfg, { lookup: async () => ['127.0.0.1'] });
  assert.is(r.text, SKILL);
});

test('same default host refused when private hosts are not allowed', async () => {
  await expectReject(fetchSkillSource(`${base}/o/r/main/SKILL.md`, SHA, local({ allowPrivateHosts: false })), 422, 'source_host_forbidden', 'sourceUrl');
});

test('404 → source_not_found; 500 → source_fetch_failed', async () => {
  await expectReject(fetchSkillSource(`${base}/o/r/main/missing/SKILL.md`, SHA, local()), 422, 'source_not_found', 'sourceUrl');
  const err = await expectReject(fetchSkillSource(`${base}/o/r/main/error/SKILL.md`, SHA, local()), 502, 'source_fetch_failed', 'sourceUrl');
  assert.not.match(err.message, /boom/);
});

test('oversize → skill_file_too_large (streamed and declared)', async () => {
  await expectReject(fetchSkillSource(`${base}/o/r/main/big/SKILL.md`, SHA, local()), 413, 'skill_file_too_large', 'sourceUrl');
  await expectReject(fetchSkillSource(`${base}/o/r/main/big-declared/SKILL.md`, SHA, local()), 413, 'skill_file_too_large', 'sourceUrl');
});

test('invalid UTF-8 → invalid_utf8', async () => {
  await expectReject(fetchSkillSource(`${base}/o/r/main/latin1/SKILL.md`, SHA, local()), 400, 'invalid_utf8', 'sourceUrl');
});

test('redirects: same raw host followed, other host refused, loops capped', async () => {
  const r = await fetchSkillSource(`${base}/o/r/main/redirect-same/SKILL.md`, SHA, local());
  assert.is(r.text, SKILL);
  assert.is(r.fetchedUrl, `${base}/o/r/${SHA}/SKILL.md`);
  const before = hits.length;
  await expectReject(fetchSkillSource(`${base}/o/r/main/redirect-other/SKILL.md`, SHA, local()), 422, 'source_redirect_forbidden', 'sourceUrl');
  assert.is(hits.length, before + 1, 'the other host must not be contacted');
  const start = hits.length;
  await expectReject(fetchSkillSource(`${base}/o/r/main/redirect-loop/SKILL.md`, SHA, local()), 502, 'source_fetch_failed', 'sourceUrl');
  assert.is(hits.length - start, 4, 'initial request + 3 redirects');
});

test('slow server → source_fetch_failed within the timeout', async () => {
  for (const path of ['slow', 'slow-body']) {
    const t0 = Date.now();
    const err = await expectReject(
      fetchSkillSource(`${base}/o/r/main/${path}/SKILL.md`, SHA, local({ timeoutMs: 200 })),
      502,
      'source_fetch_failed',
      'sourceUrl',
    );
    const elapsed = Date.now() - t0;
    assert.ok(elapsed >= 150 && elapsed < 1500, `${path}: took ${elapsed} ms`);
    assert.match(err.message, /timed out/);
  }
});

test.run();
