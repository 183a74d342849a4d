/**
 * Collects findings with de-duplication: one finding per (rule, key), keeping the earliest
 * location. The default key is the line, so a rule reports each line at most once.
 */
import type { Finding } from './types.js';
import { makeFinding, RULES, type RuleKey } from './rules.js';
import type { SourceText } from './text.js';

interface Candidate {
  rule: RuleKey;
  offset: number;
  message: string;
}

export class Collector {
  private readonly byKey = new Map<string, Candidate>();

  constructor(private readonly src: SourceText) {}

  /**
   * Record a finding for `rule` at `offset` in the content. `key` scopes de-duplication within
   * the rule (default: the line of `offset`); the earliest offset per key wins.
   */
  add(rule: RuleKey, offset: number, message: string, key?: string): void {
    const off = Math.max(0, Math.min(offset, this.src.content.length));
    const k = `${RULES[rule].ruleId}\u0000${key ?? `line:${this.src.lineOf(off)}`}`;
    const prev = this.byKey.get(k);
    if (!prev || off < prev.offset) this.byKey.set(k, { rule, offset: off, message });
  }

  /** Would add(rule, offset, …, key) be a no-op: the same key is held at this offset or an earlier one? */
  covers(rule: RuleKey, offset: number, key?: string): boolean {
    const off = Math.max(0, Math.min(offset, this.src.content.length));
    const prev = this.byKey.get(`${RULES[rule].ruleId}\u0000${key ?? `line:${this.src.lineOf(off)}`}`);
    return prev !== undefined && prev.offset <= off;
  }

  has(rule: RuleKey): boolean {
    const id = RULES[rule].ruleId;
    for (const c of this.byKey.values()) if (RULES[c.rule].ruleId === id) return true;
    return false;
  }

  findings(): Finding[] {
    const out: Finding[] = [];
    for (const c of this.byKey.values()) {
      out.push(makeFinding(RULES[c.rule], c.message, this.src.locate(c.offset)));
    }
    return out;
  }
}
