import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { advisoryFields, advisorySummary } from '../../shared/packages/advisory-fields.js';
import type { Advisory } from '../../shared/packages/types.js';

const adv = (id: string, severity: Advisory['severity']): Advisory => ({ id, source: 'npm', title: `issue ${id}`, severity, url: null, vulnerableVersions: null, aliases: [], fixedIn: [] });

test('advisory members: a completed check counts what was published; none is 0 with the words "no published advisories"', () => {
  const two = advisoryFields({ status: 'ok', advisories: [adv('A-1', 'low'), adv('A-2', 'high')] });
  assert.equal(two, { registryAdvisoryStatus: 'ok', registryAdvisoryCount: 2, registryAdvisoryHighestSeverity: 'high', registryAdvisorySummary: '2 published advisories, highest high: A-1 issue A-1; A-2 issue A-2' });
  const none = advisoryFields({ status: 'ok', advisories: [] });
  assert.equal([none.registryAdvisoryCount, none.registryAdvisoryHighestSeverity], [0, null]);
  assert.match(none.registryAdvisorySummary, /^No published advisories/);
});

test('advisory members: an unreachable source is an integer count of 0 known, status unknown, and never reads as "none published"', () => {
  for (const status of ['unknown', 'error', '']) {
    const f = advisoryFields({ status, advisories: [] });
    assert.is(f.registryAdvisoryStatus, 'unknown');
    assert.ok(Number.isInteger(f.registryAdvisoryCount));
    assert.is(f.registryAdvisoryCount, 0);
    assert.is(f.registryAdvisoryHighestSeverity, null);
    assert.match(f.registryAdvisorySummary, /unknown/);
    assert.not.match(f.registryAdvisorySummary, /No published/i);
  }
  // Whatever a failed fetch left in the list is not a known advisory.
  assert.is(advisoryFields({ status: 'unknown', advisories: [adv('A-1', 'critical')] }).registryAdvisoryCount, 0);
});

test('verify summary: the same status and count as the certificate members, with counts by severity', () => {
  const list = [adv('A-1', 'low'), adv('A-2', 'low'), adv('A-3', 'moderate')];
  const s = advisorySummary({ status: 'ok', advisories: list, fetchedAt: '2026-11-26T00:00:00.000Z', live: false });
  const f = advisoryFields({ status: 'ok', advisories: list });
  assert.equal([s.status, s.count, s.highestSeverity, s.text], [f.registryAdvisoryStatus, f.registryAdvisoryCount, f.registryAdvisoryHighestSeverity, f.registryAdvisorySummary]);
  assert.equal(s.bySeverity, { low: 2, moderate: 1 });
  const u = advisorySummary({ status: 'unknown', advisories: [], fetchedAt: null, live: true });
  assert.equal([u.status, u.count, u.bySeverity], ['unknown', 0, {}]);
});

test.run();
