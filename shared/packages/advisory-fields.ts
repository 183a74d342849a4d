import type { Advisory } from './types.js';

/**
 * The registry-advisory members of a package certificate (spec 2.3: `registryAdvisoryCount` integer,
 * `registryAdvisoryHighestSeverity` string or null, `registryAdvisorySummary` string) and the verify
 * variant's structured summary, built in this one place so that both answers say the same thing.
 *
 * When the advisory source could not be reached, nothing is known about this version's advisories.
 * The spec types the count as an integer, so it is the number of advisories the service *knows of*
 * (0 then), and `registryAdvisoryStatus` says whether that number is a completed check (`ok`) or no
 * check at all (`unknown`). A consumer must read the two together; the summary text says "unknown"
 * in words, so a reader of the text alone cannot take an unknown for "no advisories" either
 * (docs/packages.md, "Registry advisories").
 */
export type AdvisoryStatus = 'ok' | 'unknown';

export const ADVISORY_STATUS_DESCRIPTION =
  'ok: the registry advisories of this exact version were fetched and the count is complete; unknown: the advisory source could not be reached, nothing is known (the count is 0 advisories known, not "none published"), and it is asked again on the next read';

const SEVERITY_RANK = ['low', 'moderate', 'high', 'critical'];

/** The most severe advisory's severity; 'unknown' when advisories exist but none has a known severity; null when none. */
export function highestAdvisorySeverity(advisories: readonly { severity: string }[]): string | null {
  let best = -1;
  for (const a of advisories) best = Math.max(best, SEVERITY_RANK.indexOf(a.severity));
  return best < 0 ? (advisories.length ? 'unknown' : null) : SEVERITY_RANK[best]!;
}

export interface AdvisoryState {
  status: string;
  advisories: readonly Advisory[];
}

/** 'ok' only for a completed check; any other stored or fetched state is no check at all. */
export const advisoryStatusOf = (status: string): AdvisoryStatus => (status === 'ok' ? 'ok' : 'unknown');

function summaryText(status: AdvisoryStatus, advisories: readonly Advisory[]): string {
  if (status !== 'ok') return 'Registry advisories unknown: the advisory source could not be reached.';
  if (advisories.length === 0) return 'No published advisories for this exact version.';
  return `${advisories.length} published advisor${advisories.length === 1 ? 'y' : 'ies'}, highest ${highestAdvisorySeverity(advisories)}: ${advisories
    .slice(0, 5)
    .map((a) => `${a.id} ${a.title}`)
    .join('; ')}`;
}

/** The members of the package certificate (spec 2.3). */
export function advisoryFields(adv: AdvisoryState) {
  const status = advisoryStatusOf(adv.status);
  // Unknown advisories are none known: an empty list, whatever a failed fetch left behind.
  const known = status === 'ok' ? adv.advisories : [];
  return {
    registryAdvisoryStatus: status,
    registryAdvisoryCount: known.length,
    registryAdvisoryHighestSeverity: highestAdvisorySeverity(known),
    registryAdvisorySummary: summaryText(status, known),
  };
}

/** The verify variant's structured summary: the same numbers, with counts by severity. */
export function advisorySummary(adv: AdvisoryState & { fetchedAt: string | null; live: boolean }) {
  const fields = advisoryFields(adv);
  const known = fields.registryAdvisoryStatus === 'ok' ? adv.advisories : [];
  const bySeverity: Record<string, number> = {};
  for (const a of known) bySeverity[a.severity] = (bySeverity[a.severity] ?? 0) + 1;
  return {
    status: fields.registryAdvisoryStatus,
    count: fields.registryAdvisoryCount,
    highestSeverity: fields.registryAdvisoryHighestSeverity,
    bySeverity,
    fetchedAt: adv.fetchedAt,
    live: adv.live,
    text: fields.registryAdvisorySummary,
  };
}
