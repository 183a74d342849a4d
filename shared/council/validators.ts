/**
 * The built-in council: three deterministic validator agents, each with its own lens.
 *
 * Every validator is a pure function of the CouncilCase (no clock, no randomness, no I/O, no
 * mutation of its input), so the same case always yields the same opinions.
 *
 * Conventions shared by all three:
 *  - "MEDIUM+" means severity MEDIUM, HIGH or CRITICAL.
 *  - A finding-based reason reads `<finding message> (<finding fix>)`, built by one formatter, so
 *    two validators rejecting for the same finding give the same sentence (rejectionSummary
 *    deduplicates on it).
 *  - LOW/INFO findings in a validator's lens become "noted: …" reasons; they never change a verdict.
 *  - `findingsConsidered` = sorted unique ruleIds of the findings in the validator's lens.
 *  - `securityLevel` = CLEAR when no finding falls in the lens, else the highest severity among
 *    them, with INFO reported as LOW.
 */
import type { CouncilCase, ValidatorLens, ValidatorOpinion, VoteVerdict } from './types.js';
import { NO_DESCRIPTION } from '../skills/parse.js';
import { SEVERITY_ORDER, type Finding, type FindingCategory, type Severity } from '../sandbox/types.js';

// ---------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------

function rank(s: Severity): number {
  return SEVERITY_ORDER.indexOf(s);
}

const MEDIUM_RANK = rank('MEDIUM');

function isMediumPlus(f: Finding): boolean {
  return rank(f.severity) >= MEDIUM_RANK;
}

function inCategories(findings: readonly Finding[], cats: ReadonlySet<FindingCategory>): Finding[] {
  return findings.filter((f) => cats.has(f.category));
}

function sortedUniqueRuleIds(findings: readonly Finding[]): string[] {
  return [...new Set(findings.map((f) => f.ruleId))].sort();
}

function levelOf(findings: readonly Finding[]): ValidatorOpinion['securityLevel'] {
  if (findings.length === 0) return 'CLEAR';
  let max = 0;
  for (const f of findings) max = Math.max(max, rank(f.severity));
  const sev = SEVERITY_ORDER[max] ?? 'LOW';
  return sev === 'INFO' ? 'LOW' : sev;
}

function trimSentence(s: string): string {
  return s.trim().replace(/[.\s]+$/u, '');
}

/** The one wording of a finding-based reason: message plus the fix, e.g. "… api.evil.test (add it to manifest.externalCalls)". */
export function findingReason(f: Finding): string {
  const msg = trimSentence(f.message) || f.ruleId;
  const fix = trimSentence(f.fix);
  return fix ? `${msg} (${fix})` : msg;
}

function noteReason(f: Finding): string {
  return `noted: ${trimSentence(f.message) || f.ruleId} [${f.ruleId}, ${f.severity}]`;
}

/** Push without duplicates, keeping first-seen order. */
function pushUnique(list: string[], item: string): void {
  if (!list.includes(item)) list.push(item);
}

/** Stable order for findings inside one opinion: by line, column, ruleId. */
function byLocation(a: Finding, b: Finding): number {
  return (
    a.location.line - b.location.line ||
    a.location.column - b.location.column ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
  );
}

function opinion(
  verdict: VoteVerdict,
  reasons: string[],
  lensFindings: readonly Finding[],
): ValidatorOpinion {
  return {
    verdict,
    reasons: reasons.length > 0 ? reasons : ['No issues found.'],
    findingsConsidered: sortedUniqueRuleIds(lensFindings),
    securityLevel: levelOf(lensFindings),
  };
}

// ---------------------------------------------------------------------------------------------
// Host coverage (manifest.externalCalls vs sandbox.observed.hosts)
// ---------------------------------------------------------------------------------------------

function normaliseHost(h: string): string {
  return h.trim().toLowerCase().replace(/^\[|\]$/gu, '').replace(/\.$/u, '');
}

/** Host of a declared externalCalls entry: an absolute URL, a bare origin, or (tolerated) a bare host. */
function declaredHost(entry: string): string | null {
  const s = entry.trim();
  if (!s) return null;
  try {
    const u = /^[a-z][a-z0-9+.-]*:\/\//iu.test(s) ? new URL(s) : new URL(`https://${s}`);
    return u.hostname ? normaliseHost(u.hostname) : null;
  } catch {
    return null;
  }
}

/** Hostname of an observed host string (may carry a port; raw IPv6 is kept as is). */
function observedHost(h: string): string {
  const s = h.trim();
  const colons = (s.match(/:/gu) ?? []).length;
  if (colons <= 1 && !s.includes('/')) {
    try {
      const u = new URL(`http://${s}`);
      if (u.hostname) return normaliseHost(u.hostname);
    } catch {
      /* fall through */
    }
  }
  return normaliseHost(s);
}

/** Observed hosts not covered by any declared externalCalls entry, sorted and unique. */
export function uncoveredHosts(c: CouncilCase): string[] {
  const declared = new Set<string>();
  for (const e of c.skill.manifest.externalCalls) {
    const h = declaredHost(e);
    if (h) declared.add(h);
  }
  const out = new Set<string>();
  for (const raw of c.sandbox.observed.hosts) {
    const h = observedHost(raw);
    if (h && !declared.has(h)) out.add(h);
  }
  return [...out].sort();
}

/** True when `text` names `host` as a whole host (not as a suffix of a longer one). */
function mentionsHost(text: string, host: string): boolean {
  const t = text.toLowerCase();
  let i = t.indexOf(host);
  while (i >= 0) {
    const before = i > 0 ? t[i - 1]! : ' ';
    const after = i + host.length < t.length ? t[i + host.length]! : ' ';
    const hostChar = /[a-z0-9.-]/u;
    if (!hostChar.test(before) && (!hostChar.test(after) || (after === '.' && !/[a-z0-9-]/u.test(t[i + host.length + 1] ?? '')))) {
      return true;
    }
    i = t.indexOf(host, i + 1);
  }
  return false;
}

/** True when a serious undeclared_external_host finding already names this host. */
function namedBySerious(serious: readonly Finding[], host: string): boolean {
  return serious.some((f) => f.category === 'undeclared_external_host' && mentionsHost(f.message, host));
}

function uncoveredHostReason(host: string): string {
  return `observed host ${host} is not covered by manifest.externalCalls (add it to manifest.externalCalls or remove the call)`;
}

// ---------------------------------------------------------------------------------------------
// 1. Sentinel — security lens
// ---------------------------------------------------------------------------------------------

const SENTINEL_CATEGORIES: ReadonlySet<FindingCategory> = new Set<FindingCategory>([
  'shell_execution',
  'credential_exfiltration',
  'prompt_injection',
  'hidden_content',
  'obfuscation',
  'dependency',
]);
/** Concealment signals: could be data, could be a payload — a human must judge. */
const CONCEALMENT: ReadonlySet<FindingCategory> = new Set<FindingCategory>(['hidden_content', 'obfuscation']);

function isHighPlus(f: Finding): boolean {
  return rank(f.severity) >= rank('HIGH');
}

/**
 * Sentinel. The sandbox already failed everything that is malicious on its face, so what reaches
 * the council is judgement: a blocking finding (from a merged package verdict) → REJECT; a HIGH
 * non-blocking finding (an installer from an unknown host, a download run from one) or MEDIUM
 * concealment → ESCALATE, a human checks it; MEDIUM behaviour (a vendor installer, a cron job)
 * → APPROVE with the finding kept as a retained warning. Ignores manifest and host categories.
 *
 * Remote installers follow the sandbox's source policy (shared/sandbox/effects/policies.ts): the
 * vendor's own installer is a MEDIUM note (SHELL-PIPE-002), so this validator never escalates one by
 * itself; an unknown host is HIGH (SHELL-PIPE-003) and goes to a human; a raw IP, a paste site or a
 * look-alike host blocks in the sandbox. The grade lives in the finding's severity, one place.
 */
const sentinel: ValidatorLens = {
  key: 'sentinel',
  displayName: 'Sentinel',
  lens: 'Security: what the skill executes, where data goes, instructions to the agent, hidden and encoded content.',
  review(c: CouncilCase): ValidatorOpinion {
    const lensFindings = inCategories(c.sandbox.findings, SENTINEL_CATEGORIES).sort(byLocation);
    const blocking = lensFindings.filter((f) => f.blocking);
    const judge = lensFindings.filter((f) => !f.blocking && (isHighPlus(f) || (isMediumPlus(f) && CONCEALMENT.has(f.category))));
    const kept = lensFindings.filter((f) => !blocking.includes(f) && !judge.includes(f));

    const reasons: string[] = [];
    let verdict: VoteVerdict;
    if (blocking.length > 0) {
      verdict = 'REJECT';
      for (const f of blocking) pushUnique(reasons, `${findingReason(f)} [${f.ruleId}]`);
    } else if (judge.length > 0) {
      verdict = 'ESCALATE';
      for (const f of judge) pushUnique(reasons, `human review required: ${findingReason(f)} [${f.ruleId}]`);
    } else {
      verdict = 'APPROVE';
      reasons.push(lensFindings.length === 0 ? 'No security findings.' : 'No security finding that blocks or needs a human; the rest are kept as retained warnings.');
    }
    for (const f of kept) pushUnique(reasons, noteReason(f));
    return opinion(verdict, reasons, lensFindings);
  },
};

// ---------------------------------------------------------------------------------------------
// 2. Cartographer — manifest-consistency lens
// ---------------------------------------------------------------------------------------------

const CARTOGRAPHER_CATEGORIES: ReadonlySet<FindingCategory> = new Set<FindingCategory>([
  'undeclared_external_host',
  'manifest_mismatch',
]);

/**
 * Cartographer. Only a declared manifest can be contradicted: MEDIUM+ manifest_mismatch or
 * undeclared_external_host findings (the sandbox raises those only when what was left out carries
 * risk: a hidden shell-out, a credential read in code, data sent to an undeclared host) → REJECT.
 * A skill without a manifest is judged on behaviour by the others; its inferred capabilities and
 * hosts are disclosed on the certificate. Otherwise APPROVE.
 */
const cartographer: ValidatorLens = {
  key: 'cartographer',
  displayName: 'Cartographer',
  lens: 'Manifest consistency: a declared manifest against observed behaviour; inferred hosts and capabilities disclosed.',
  review(c: CouncilCase): ValidatorOpinion {
    const lensFindings = inCategories(c.sandbox.findings, CARTOGRAPHER_CATEGORIES).sort(byLocation);
    const serious = lensFindings.filter(isMediumPlus);
    const minor = lensFindings.filter((f) => !isMediumPlus(f));

    const reasons: string[] = [];
    for (const f of serious) pushUnique(reasons, `${findingReason(f)} [${f.ruleId}]`);
    const verdict: VoteVerdict = reasons.length > 0 ? 'REJECT' : 'APPROVE';
    if (verdict === 'APPROVE') {
      const declared = c.skill.manifestDeclared;
      const inferred = c.sandbox.observed.capabilities.filter((cap) => !c.skill.manifest.capabilities.includes(cap));
      reasons.push(
        declared?.capabilities || declared?.externalCalls
          ? 'Behaviour is consistent with the declared manifest.'
          : `No manifest declared; capabilities inferred from behaviour (${inferred.length ? inferred.join(', ') : 'none'}) and disclosed on the certificate.`,
      );
    }
    for (const f of minor) pushUnique(reasons, noteReason(f));
    return opinion(verdict, reasons, lensFindings);
  },
};

// ---------------------------------------------------------------------------------------------
// 3. Steward — disclosure and product-fit lens
// ---------------------------------------------------------------------------------------------

const STEWARD_CATEGORIES: ReadonlySet<FindingCategory> = new Set<FindingCategory>(['undeclared_external_host', 'manifest_mismatch']);

/** Capabilities an AUDIT_SKILL must neither declare nor show: it has to stay read-only. */
export const AUDIT_FORBIDDEN_CAPABILITIES: readonly string[] = ['shell', 'filesystem:write', 'env'];

/** Unicode word segmentation (Intl.Segmenter): Japanese, Chinese and Thai are written without spaces between words. */
const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });

function words(s: string): string[] {
  const lower = s.toLowerCase();
  if (!/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u.test(lower)) {
    return lower.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  }
  return [...WORDS.segment(lower)].filter((x) => x.isWordLike).map((x) => x.segment);
}

/**
 * The words of the body's opening prose: its first lines up to the first fenced block, headings and emphasis included,
 * list markers and decoration dropped (at most the first 40 lines).
 */
function openingProseWords(body: string): number {
  let n = 0;
  for (const line of body.split('\n', 40)) {
    if (/^\s*(?:```|~~~)/.test(line)) break;
    if (/^\s*\$[A-Z_]+\s*$/.test(line)) continue;
    n += words(line).filter((w) => /\p{L}/u.test(w)).length;
  }
  return n;
}

/** Opening prose this long says what a skill does, whatever its short description (a slash command's "Enhance prompt"). */
const EXPLAINING_BODY_WORDS = 25;

/**
 * Why a description is too thin to tell a user what the skill does, or null when it is fine. A short description is
 * not thin when the body opens with prose that explains the skill (`EXPLAINING_BODY_WORDS`): slash commands and agent
 * files carry a label as their description and say what they do in their first paragraph. A body that opens with
 * code, or says nothing, leaves the thin description as the only account.
 */
export function thinDescription(name: string, description: string, body = ''): string | null {
  const descWords = words(description);
  // (the parser's stand-in over an empty body — a configuration fragment with nothing to do — describes nothing because
  // there is nothing to describe: the listing hides no behaviour; docs/skill-effect-model.md "Prose step acts")
  if (description === NO_DESCRIPTION && !/\p{L}/u.test(body)) return null;
  if (descWords.length > 0 && descWords.length < 4 && body && openingProseWords(body) >= EXPLAINING_BODY_WORDS) return null;
  if (descWords.length < 4) {
    return `description is too thin to tell a user what the skill does (${descWords.length} word${
      descWords.length === 1 ? '' : 's'
    }; write at least one sentence on what it does and when to use it)`;
  }
  const nameWords = new Set(words(name));
  if (nameWords.size > 0 && descWords.every((w) => nameWords.has(w))) {
    return 'description only repeats the skill name (write at least one sentence on what it does and when to use it)';
  }
  return null;
}

/**
 * Steward. REJECT when the description is thin (< 4 words, or only the name repeated) and the report holds a MEDIUM+
 * finding (behaviour the thin description leaves undisclosed; a thin description alone is a note); when the
 * declared manifest hides something that matters (MEDIUM+: data sent to an undisclosed host, a
 * shell-out or credential read inside program code) — the listing does not tell users the truth; and, for AUDIT_SKILL, when shell / filesystem:write / env is declared or
 * observed, or a called host is not declared (an auditor must be read-only). Otherwise APPROVE.
 */
const steward: ValidatorLens = {
  key: 'steward',
  displayName: 'Steward',
  lens: 'Disclosure and product fit: does the listing tell users what the skill does and where their data goes?',
  review(c: CouncilCase): ValidatorOpinion {
    const lensFindings = inCategories(c.sandbox.findings, STEWARD_CATEGORIES).sort(byLocation);
    const serious = lensFindings.filter(isMediumPlus);

    const reasons: string[] = [];
    // A thin description is a vote against only when there is behaviour it leaves the user to discover: a MEDIUM+ finding
    // anywhere in the report. A short honest skill with nothing to disclose is not escalated for its wording; the thin
    // description stays on the opinion as a note (issue 21: votes follow findings and behaviour, not wording).
    const thin = thinDescription(c.skill.name, c.skill.description, c.skill.body);
    const behaviour = c.sandbox.findings.some(isMediumPlus);
    if (thin && behaviour) reasons.push(thin);
    // the same sentence as Cartographer's, so the rejection summary names the finding once
    for (const f of serious) pushUnique(reasons, `${findingReason(f)} [${f.ruleId}]`);

    const isAudit = c.productType === 'AUDIT_SKILL';
    if (isAudit) {
      const declared = new Set(c.skill.manifest.capabilities);
      const observed = new Set(c.sandbox.observed.capabilities);
      for (const cap of AUDIT_FORBIDDEN_CAPABILITIES) {
        const how = [declared.has(cap) ? 'declares' : '', observed.has(cap) ? 'shows' : '']
          .filter(Boolean)
          .join(' and ');
        if (how) {
          reasons.push(
            `audit skill ${how} capability ${cap}: an auditor must be read-only, or the code under audit can turn it (remove ${cap} from manifest.capabilities and the content)`,
          );
        }
      }
      for (const h of uncoveredHosts(c)) {
        if (!namedBySerious(serious, h)) pushUnique(reasons, uncoveredHostReason(h));
      }
    }

    const verdict: VoteVerdict = reasons.length > 0 ? 'REJECT' : 'APPROVE';
    if (verdict === 'APPROVE') {
      if (thin) reasons.push(`noted: ${thin} [no finding of MEDIUM or above: nothing the listing hides]`);
      reasons.push(
        isAudit
          ? 'Description discloses the purpose; no data sent to undisclosed hosts; read-only audit standard met.'
          : 'Description discloses the purpose; no data sent to undisclosed hosts.',
      );
    }
    return opinion(verdict, reasons, lensFindings);
  },
};

export const BUILT_IN_VALIDATORS: readonly ValidatorLens[] = Object.freeze([sentinel, cartographer, steward]);
