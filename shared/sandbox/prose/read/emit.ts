/**
 * The reading context of prose reading and the one place actions are emitted from: Ctx, emit and the
 * helpers every detector family uses to describe what a step reads. Moved out of read.ts unchanged.
 */
import type { Action, ActionMode, EffectKind } from '../../effects/types.js';
import { preview, SourceText } from '../../text.js';
import { modeOf, type Clause, type ProseUnit } from '../structure.js';
import type { AssistantHooks } from '../assistant.js';
import type { ObjHit } from './finders.js';

// ---------------------------------------------------------------------------------------------

export interface Ctx {
  src: SourceText;
  out: Action[];
  /** Data names the most recent prose read produced: what "it", "them", "the result" point back to. */
  lastRead: string[];
  /** Names the most recent fetch of remote text produced. */
  lastFetch: string[];
  /** Words naming who the skill is about (its name, description, top heading). */
  vendor: Set<string>;
  /** How many actions each entry has emitted (capped at MAX_PER_ENTRY). */
  perEntry: Map<string, number>;
  /** The text of the unit just before (close by): the step a pronoun in this one may point back to. */
  prevText?: string;
  /** The unit after the one being read: where a template's holes are often explained ("Fill `d` with …"). */
  next?: ProseUnit | null;
  /** The assistant readers' hooks, made once per document (not per unit). */
  hooks?: AssistantHooks;
  /** The sentence whose path writes were read last (its clauses share it: read once). */
  persistPathSentence?: { unit: ProseUnit; start: number };
}

export function hooksOf(ctx: Ctx): AssistantHooks {
  return (ctx.hooks ??= { emit: (c, at, len, kind, entry, extra) => emit(ctx, c, at, len, kind, entry, extra), isVendorHost: (h) => isVendorHost(ctx, h) });
}

/** An act a concealment in the same or the next unit can qualify (see readUnit). */
export function isConcealable(a: Action): boolean {
  return a.kind !== 'steer' && a.kind !== 'read' && a.entry !== 'prose.exec.follow-file' && a.mode === 'instruction';
}
export function isConcealEntry(a: Action): boolean {
  return a.entry.startsWith('prose.steer.conceal');
}
export function isConcealAct(a: Action): boolean {
  return a.entry === 'prose.steer.conceal-act';
}
export function consumesOf(a: Action): string[] {
  return a.consumes ?? [];
}

function offsetOf(clause: Clause, at: number): number {
  const u = clause.unit;
  return u.offset >= 0 ? u.offset + clause.start + at : u.anchor;
}

/** Actions kept per catalogue entry: past this a file repeats itself, and the policies have what they need. */
const MAX_PER_ENTRY = 200;

export function emit(ctx: Ctx, clause: Clause, at: number, len: number, kind: EffectKind, entry: string, extra: Partial<Action> = {}, mode?: ActionMode): Action {
  const n = ctx.perEntry.get(entry) ?? 0;
  ctx.perEntry.set(entry, n + 1);
  if (n >= MAX_PER_ENTRY) {
    return { kind, entry, origin: 'prose', mode: mode ?? 'example', line: 1, column: 1, snippet: '', ...extra };
  }
  const off = offsetOf(clause, at);
  const loc = ctx.src.locate(Math.min(off, Math.max(0, ctx.src.content.length - 1)));
  const a: Action = {
    kind,
    entry,
    origin: 'prose',
    mode: mode ?? modeOf(clause, at, len),
    line: loc.line,
    column: loc.column,
    snippet: clause.unit.kind === 'hidden' ? preview(clause.rawSentence, 120) : loc.snippet,
    ...extra,
  };
  for (const k of ['consumes', 'produces'] as const) if (a[k]) a[k] = [...new Set(a[k])];
  ctx.out.push(a);
  return a;
}

export function isVendorHost(ctx: Ctx, host: string): boolean {
  const labels = host.split('.').slice(0, -1).filter((l) => l.length >= 3 && l !== 'www' && l !== 'api');
  return labels.some((l) => ctx.vendor.has(l));
}

// ---------------------------------------------------------------------------------------------
// Detectors, one per shape. Each reads one clause (with its sentence and unit around it).

export function readSecrets(ctx: Ctx, clause: Clause, objs: ObjHit[], at: number, produces: string[] = []): string[] {
  const names: string[] = [];
  for (const o of objs) {
    // a place in the home folder or an absolute one names that file; a bare `.npmrc` in prose may be anyone's
    const path = /^[~/]/.test(o.text) ? [`path:${o.text}`] : [];
    emit(ctx, clause, at, 1, 'read', `prose.read.${o.cls.entry}`, { object: o.text, via: 'agent', produces: [o.cls.name, ...path, ...produces] });
    names.push(o.cls.name, ...path);
  }
  return names;
}

/** The last prose-like block (markdown, text, untagged) before a unit: the template a later step writes out. */
export function precedingTemplate(ctx: Ctx, unit: ProseUnit): string {
  if (unit.offset < 0) return '';
  let best = '';
  for (const b of ctx.src.blocks) {
    if (b.start >= unit.offset) break;
    if (/^(?:markdown|md|text|txt|)$/.test(b.lang)) best = ctx.src.content.slice(b.start, b.end);
  }
  return best.slice(0, 8000);
}

/** The quote or the code block just after a unit (what "append this paragraph" refers to), or ''. */
export function followingText(ctx: Ctx, unit: ProseUnit): string {
  if (unit.offset < 0) return '';
  let l = ctx.src.locate(Math.min(ctx.src.content.length - 1, unit.offset + unit.text.length)).line; // 1-based line of the unit's end
  while (l < ctx.src.lines.length && !ctx.src.lines[l]!.trim()) l++;
  const first = ctx.src.lines[l] ?? '';
  if (/^\s{0,3}>/.test(first)) {
    const out: string[] = [];
    for (; l < ctx.src.lines.length && /^\s{0,3}>/.test(ctx.src.lines[l]!); l++) out.push(ctx.src.lines[l]!.replace(/^\s{0,3}>\s?/, ''));
    return out.join('\n').slice(0, 8000);
  }
  return ctx.src.kinds[l] === 'fence' ? followingCode(ctx, unit).split('\n').slice(0, 400).join('\n').slice(0, 8000) : '';
}

/** The code blocks just after a unit (up to the next heading or the next two blocks): what "the following" refers to. */
export function followingCode(ctx: Ctx, unit: ProseUnit): string {
  if (unit.offset < 0) return '';
  const endLine = ctx.src.locate(Math.min(ctx.src.content.length - 1, unit.offset + unit.text.length)).line;
  const out: string[] = [];
  for (const b of ctx.src.blocks) {
    if (b.fenceLine <= endLine) continue;
    const between = ctx.src.lines.slice(endLine, b.fenceLine - 1);
    if (between.some((l, i) => /^\s{0,3}#{1,6}\s/.test(l) || (ctx.src.kinds[endLine + i] === 'prose' && /^\s{0,3}(?:\d{1,3}[.)]|[-*+])\s/.test(l)))) break;
    out.push(ctx.src.content.slice(b.start, b.end));
    if (out.length >= 2) break;
  }
  return out.join('\n').slice(0, 20_000);
}

/** The code just before a unit (up to two blocks, none across a heading): what "it printed" or "the output" points back to. */
export function precedingCode(ctx: Ctx, unit: ProseUnit): string {
  if (unit.offset < 0) return '';
  const startLine = ctx.src.locate(Math.min(ctx.src.content.length - 1, unit.offset)).line;
  const out: string[] = [];
  for (let i = ctx.src.blocks.length - 1; i >= 0; i--) {
    const b = ctx.src.blocks[i]!;
    const end = ctx.src.locate(Math.min(ctx.src.content.length - 1, b.end)).line;
    if (end >= startLine) continue;
    if (ctx.src.lines.slice(end, startLine - 1).some((l) => /^\s{0,3}#{1,6}\s/.test(l))) break;
    out.push(ctx.src.content.slice(b.start, b.end));
    if (out.length >= 2) break;
  }
  return out.join('\n').slice(0, 20_000);
}
