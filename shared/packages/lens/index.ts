/**
 * The library lens of the council: the same three validators as the skill council (Sentinel,
 * Cartographer, Steward), with a simplified prompt for libraries. Each is a pure, deterministic
 * function of the PackageCase (no clock, no randomness, no I/O).
 *
 * Shared conventions:
 *  - Integrity mismatch (published digest vs the bytes fetched) → every validator BLOCKED.
 *  - A HIGH or CRITICAL finding in a validator's lens → BLOCKED (install scripts that download,
 *    exfiltration, decode + execute, credential theft, path traversal...).
 *  - A MEDIUM finding in the lens → CAUTION, except compiled binaries → MONITORED (they are common
 *    in legitimate packages; the analysis is PARTIAL and says so).
 *  - LOW / INFO findings never change a level; they become "noted: …" reasons.
 *  - MONITORED baselines (no finding needed): install scripts that run on a registry install
 *    (preinstall / install / postinstall, setup.py module code), compiled binaries, network + env
 *    capabilities in the same package, analysis not FULL. Each baseline is held by two validators,
 *    so it survives the two-of-three rule of packageVerdict.
 *  - Advisories are registry facts: critical / high → at least CAUTION, moderate / unknown
 *    severity → at least MONITORED, low → a reason only; they never make a package BLOCKED alone.
 *    An unknown advisory status is a reason text, not a level change.
 *
 * Lenses (every category is covered by two validators):
 *   sentinel      install_script, exfiltration, obfuscation, shell, secret, env_access, filesystem, network
 *   cartographer  exfiltration, network, env_access, filesystem, shell, binary, archive
 *   steward       install_script, secret, binary, archive, obfuscation
 */
import type { PackageFinding, PackageFindingCategory } from '../analysis/types.js';
import type { PackageSecurityLevel } from '../types.js';
import type { PackageCase, PackageOpinion, PackageValidator, PackageValidatorKey, PackageVerdict } from './types.js';

export type * from './types.js';

export const LEVEL_ORDER: readonly PackageSecurityLevel[] = ['CLEAR', 'MONITORED', 'CAUTION', 'BLOCKED'];

export function levelRank(l: PackageSecurityLevel): number {
  return LEVEL_ORDER.indexOf(l);
}

function maxLevel(a: PackageSecurityLevel, b: PackageSecurityLevel): PackageSecurityLevel {
  return levelRank(a) >= levelRank(b) ? a : b;
}

const SEV_RANK: Record<PackageFinding['severity'], number> = { INFO: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };
const MAX_NOTES = 8;

/** Scripts npm runs when installing from the registry (`prepare` runs only for git / local installs). */
const REGISTRY_INSTALL_SCRIPTS = new Set(['preinstall', 'install', 'postinstall', 'setup.py']);

function where(f: PackageFinding): string {
  if (!f.file) return '';
  return ` (${f.file}${f.line !== undefined ? `:${f.line}` : ''})`;
}

export function findingReason(f: PackageFinding): string {
  return `${f.message.replace(/[.\s]+$/u, '')}${where(f)} [${f.ruleId}, ${f.severity}]`;
}

class Opinion {
  level: PackageSecurityLevel = 'CLEAR';
  readonly reasons: string[] = [];
  private readonly notes: string[] = [];

  raise(level: PackageSecurityLevel, reason: string): void {
    this.level = maxLevel(this.level, level);
    if (!this.reasons.includes(reason)) this.reasons.push(reason);
  }

  note(reason: string): void {
    if (this.notes.length < MAX_NOTES && !this.notes.includes(reason)) this.notes.push(reason);
  }

  done(key: PackageValidatorKey, clearReason: string): PackageOpinion {
    const reasons = this.reasons.length > 0 ? [...this.reasons] : [clearReason];
    for (const n of this.notes) reasons.push(`noted: ${n}`);
    return { validatorKey: key, level: this.level, reasons };
  }
}

function integrity(c: PackageCase, o: Opinion): boolean {
  if (c.integrity.ok) return false;
  o.raise(
    'BLOCKED',
    `critical: distribution integrity mismatch: the registry publishes ${c.integrity.expected || '(none)'} but the fetched file hashes to ${c.integrity.actual || '(none)'}`,
  );
  return true;
}

/** Findings of the lens: HIGH+ → BLOCKED; MEDIUM → by category; LOW/INFO → notes (INFO only when `infoNotes`). */
function findings(
  c: PackageCase,
  o: Opinion,
  lens: ReadonlySet<PackageFindingCategory>,
  medium: (cat: PackageFindingCategory) => PackageSecurityLevel,
): void {
  for (const f of c.analysis.findings) {
    if (!lens.has(f.category)) continue;
    const r = SEV_RANK[f.severity];
    if (r >= SEV_RANK.HIGH) o.raise('BLOCKED', findingReason(f));
    else if (r === SEV_RANK.MEDIUM) o.raise(medium(f.category), findingReason(f));
    else if (r === SEV_RANK.LOW) o.note(findingReason(f));
  }
}

function runsOnInstall(c: PackageCase): string[] {
  return c.analysis.installScripts.filter((s) => REGISTRY_INSTALL_SCRIPTS.has(s.name)).map((s) => `${s.name}: ${s.command.slice(0, 120)}`);
}

function installScripts(c: PackageCase, o: Opinion): void {
  const run = runsOnInstall(c);
  if (run.length > 0) o.raise('MONITORED', `runs code at install time (${run.join('; ')})`);
  for (const s of c.analysis.installScripts) {
    if (!REGISTRY_INSTALL_SCRIPTS.has(s.name)) o.note(`${s.name} script (${s.command.slice(0, 80)}) runs only for git or local installs`);
  }
}

function binaries(c: PackageCase, o: Opinion): void {
  const b = c.analysis.binaries;
  if (b.length > 0) {
    o.raise('MONITORED', `ships ${b.length} compiled binar${b.length === 1 ? 'y' : 'ies'} that cannot be analysed statically (${b.slice(0, 3).join(', ')}${b.length > 3 ? ', …' : ''})`);
  }
}

function networkAndEnv(c: PackageCase, o: Opinion): void {
  const caps = new Set(c.analysis.capabilities);
  if (caps.has('network') && caps.has('env')) {
    o.raise('MONITORED', 'reads environment variables and makes network calls (normal for clients; no exfiltration pattern found)');
  }
}

function coverage(c: PackageCase, o: Opinion): void {
  const a = c.analysis;
  if (a.analysisType === 'PARTIAL') {
    o.raise('MONITORED', `analysis is PARTIAL${a.limitsHit.length > 0 ? ` (limits hit: ${a.limitsHit.join(', ')})` : ''}: only what was accessible was reviewed`);
  } else if (a.analysisType === 'BINARY_ONLY') {
    o.raise('MONITORED', 'analysis is BINARY_ONLY: no source distribution, compiled files only');
  }
}

function advisoryRank(sev: string): 'block-free-caution' | 'monitor' | 'note' {
  const s = sev.trim().toLowerCase();
  if (s === 'critical' || s === 'high') return 'block-free-caution';
  if (s === 'low') return 'note';
  return 'monitor'; // moderate, medium, unknown or anything unexpected
}

function advisories(c: PackageCase, o: Opinion, withStatus: boolean): void {
  const rows = [...c.advisories.advisories].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const a of rows) {
    const text = `registry advisory ${a.id} (${a.severity || 'unknown severity'}): ${a.title}`;
    const r = advisoryRank(a.severity);
    if (r === 'block-free-caution') o.raise('CAUTION', text);
    else if (r === 'monitor') o.raise('MONITORED', text);
    else o.note(text);
  }
  if (withStatus && c.advisories.status === 'unknown') {
    o.note('advisory status unknown: the advisory source could not be reached, so this is not a statement that there are none');
  }
}

const ALL_MEDIUM_CAUTION = (): PackageSecurityLevel => 'CAUTION';
const BINARY_MONITORED = (cat: PackageFindingCategory): PackageSecurityLevel => (cat === 'binary' ? 'MONITORED' : 'CAUTION');

const SENTINEL_LENS: ReadonlySet<PackageFindingCategory> = new Set<PackageFindingCategory>([
  'install_script',
  'exfiltration',
  'obfuscation',
  'shell',
  'secret',
  'env_access',
  'filesystem',
  'network',
]);
const CARTOGRAPHER_LENS: ReadonlySet<PackageFindingCategory> = new Set<PackageFindingCategory>([
  'exfiltration',
  'network',
  'env_access',
  'filesystem',
  'shell',
  'binary',
  'archive',
]);
const STEWARD_LENS: ReadonlySet<PackageFindingCategory> = new Set<PackageFindingCategory>(['install_script', 'secret', 'binary', 'archive', 'obfuscation']);

const LIBRARY_PROMPT_HEAD =
  'You review one published library version (not a skill). Its code was never run: judge the static analysis of the distribution archive. A capability alone (env access, network calls, child_process, fs writes) is normal in libraries; look for intent: a capability combined with a second signal in the same file.';

export const sentinel: PackageValidator = {
  key: 'sentinel',
  displayName: 'Sentinel',
  lens: 'Security: install-time code, exfiltration, obfuscated execution, shell use, credential access and leaked secrets.',
  prompt: `${LIBRARY_PROMPT_HEAD} Security lens: BLOCKED for install scripts that download or run remote code, credential or environment exfiltration, decoded data that is executed; CAUTION for leaked secrets, obfuscation without execution and registry advisories rated high or critical; MONITORED for install scripts and packages that combine network and environment access.`,
  review(c) {
    const o = new Opinion();
    if (integrity(c, o)) return o.done('sentinel', '');
    findings(c, o, SENTINEL_LENS, ALL_MEDIUM_CAUTION);
    installScripts(c, o);
    networkAndEnv(c, o);
    advisories(c, o, false);
    return o.done('sentinel', 'No security findings at MEDIUM or above; no install-time code.');
  },
};

export const cartographer: PackageValidator = {
  key: 'cartographer',
  displayName: 'Cartographer',
  lens: 'Capability map and archive shape: what the code can reach (network, env, filesystem, processes), compiled parts, and how much of the archive could be read.',
  prompt: `${LIBRARY_PROMPT_HEAD} Capability lens: map what the package reaches and whether the archive was fully readable. BLOCKED for exfiltration, credential stores read next to network calls, and hostile archive entries (path traversal); CAUTION for decompression bombs, corrupt archives and MEDIUM capability findings; MONITORED for compiled binaries, partial analysis and network + environment access.`,
  review(c) {
    const o = new Opinion();
    if (integrity(c, o)) return o.done('cartographer', '');
    findings(c, o, CARTOGRAPHER_LENS, BINARY_MONITORED);
    binaries(c, o);
    networkAndEnv(c, o);
    coverage(c, o);
    return o.done('cartographer', 'Capabilities are ordinary for a library and the whole archive was analysed.');
  },
};

export const steward: PackageValidator = {
  key: 'steward',
  displayName: 'Steward',
  lens: 'Publisher hygiene and disclosure: what runs at install, what ships opaque, leaked secrets, registry advisories and integrity.',
  prompt: `${LIBRARY_PROMPT_HEAD} Disclosure lens: does installing this version run or ship anything the user cannot see? BLOCKED for install-time downloads or malicious install code and for a digest mismatch; CAUTION for leaked secrets, obfuscation, damaged archives and high or critical registry advisories; MONITORED for install scripts, compiled binaries and partial analysis. Say when advisories could not be fetched.`,
  review(c) {
    const o = new Opinion();
    if (integrity(c, o)) return o.done('steward', '');
    findings(c, o, STEWARD_LENS, BINARY_MONITORED);
    installScripts(c, o);
    binaries(c, o);
    coverage(c, o);
    advisories(c, o, true);
    return o.done('steward', 'Nothing runs at install time, nothing opaque is shipped, no advisory above low.');
  },
};

export const PACKAGE_VALIDATORS: readonly PackageValidator[] = [sentinel, cartographer, steward];

/** The three built-in validators' opinions, in council order. */
export function reviewPackage(c: PackageCase): PackageOpinion[] {
  return PACKAGE_VALIDATORS.map((v) => v.review(c));
}

/**
 * The most severe level wins when at least two validators rate it or higher; otherwise the
 * median (for an even count, the more severe of the two middle levels). BLOCKED → REJECTED.
 */
export function packageVerdict(opinions: readonly PackageOpinion[]): PackageVerdict {
  if (opinions.length === 0) throw new Error('packageVerdict needs at least one opinion');
  const ranks = opinions.map((o) => levelRank(o.level)).sort((a, b) => a - b);
  const top = ranks[ranks.length - 1]!;
  const agree = ranks.filter((r) => r >= top).length;
  const rank = agree >= 2 ? top : ranks[Math.floor(ranks.length / 2)]!;
  const securityLevel = LEVEL_ORDER[rank]!;

  const reasons: string[] = [];
  const push = (r: string): void => {
    if (!reasons.includes(r)) reasons.push(r);
  };
  for (const o of opinions) {
    if (levelRank(o.level) >= rank && rank > 0) for (const r of o.reasons) if (!r.startsWith('noted: ')) push(r);
  }
  for (const o of opinions) {
    if (levelRank(o.level) > rank) push(`minority view (${o.validatorKey}: ${o.level}) not carried by a second validator`);
  }
  if (rank === 0) push('No concerns: no validator rated this version above CLEAR.');
  for (const o of opinions) for (const r of o.reasons) if (r.startsWith('noted: ')) push(r);

  return { securityLevel, councilVerdict: securityLevel === 'BLOCKED' ? 'REJECTED' : 'APPROVED', reasons };
}
