/**
 * What every check receives: the view of the file it scans, where its findings go, and the
 * capabilities it infers. A view is the file itself or its normalised twin (same lines); a
 * finding made on the twin is mapped back to the file's line.
 */
import type { Capability } from '../skills/capabilities.js';
import type { RuleKey } from './rules.js';
import { candidatePatterns, matchesOf, type Pattern } from './patterns.js';
import type { SourceText } from './text.js';

export interface FindingSink {
  add(rule: RuleKey, offset: number, message: string, key?: string): void;
  /**
   * True when add(rule, offset, …) could change nothing (the same finding is already held at that
   * place or earlier): a check may then skip the costly tests before its add. Optional; absent means
   * every add may matter.
   */
  redundant?(rule: RuleKey, offset: number, key?: string): boolean;
}

interface Evidence {
  offset: number;
  label: string;
}

/** Earliest evidence per inferred capability, plus whether any of it is hidden in program code. */
export class Capabilities {
  readonly byCap = new Map<Capability, Evidence>();
  /** Capabilities used from inside program code (Python/JS shell-outs, env reads), not visible commands. */
  readonly hidden = new Set<Capability>();

  add(cap: Capability, offset: number, label: string, hidden = false): void {
    const prev = this.byCap.get(cap);
    if (!prev || offset < prev.offset) this.byCap.set(cap, { offset, label });
    if (hidden) this.hidden.add(cap);
  }

  list(): Capability[] {
    return [...this.byCap.keys()].sort();
  }
}

export interface ScanContext {
  src: SourceText;
  out: FindingSink;
  caps: Capabilities;
  /** Lower-cased words of the skill's name, description and headings: who the skill is about. */
  vendorWords: ReadonlySet<string>;
  /** True for the normalised twin (messages say so). */
  normalised: boolean;
  /** For the twin: the file it was made from (a line the twin did not change disguises nothing). */
  original?: SourceText;
}

export function scanPatterns(patterns: readonly Pattern[], text: string, base: number, fn: (offset: number, label: string, match: string) => void): void {
  for (const pat of candidatePatterns(patterns, text)) {
    for (const m of matchesOf(pat.re, text)) fn(base + m.index, pat.label, m[0]);
  }
}
