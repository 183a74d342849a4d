/**
 * The reading context of prose reading and the one place actions are emitted from: Ctx, emit and the
 * helpers every detector family uses to describe what a step reads. Moved out of read.ts unchanged.
 */
import type { Action, ActionMode, EffectKind } from '../../effects/types.js';
import { preview, SourceText } from '../../text.js';
import { anyIn, firstAtLeast } from '../../sorted.js';
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

/**
 * Where a unit's neighbouring blocks are, found once per document: each block's start, fence and end line, and the
 * 0-based lines that are headings or prose list items (what ends "the following"; headings alone: SourceText). Every look-up below is a
 * binary search, so a file of thousands of units and blocks is read in linear time (a walk over every block, or every
 * line back to a distant block, for each unit made 512 KiB of "it printed" steps take 1.5 s and growing).
 */
interface BlockIndex {
  starts: number[];
  fenceLines: number[];
  endLines: number[];
  stoppers: number[];
  /** For each block, the index of the last prose-like block (markdown, text, untagged) at or before it, or -1. */
  lastTemplate: number[];
}
const blockIndexes = new WeakMap<SourceText, BlockIndex>();
function blockIndex(src: SourceText): BlockIndex {
  let ix = blockIndexes.get(src);
  if (!ix) {
    const endLines = src.blocks.map((b) => src.locate(Math.min(src.content.length - 1, b.end)).line);
    const stoppers: number[] = [];
    src.lines.forEach((l, j) => {
      if (/^\s{0,3}#{1,6}\s/.test(l) || (src.kinds[j] === 'prose' && /^\s{0,3}(?:\d{1,3}[.)]|[-*+])\s/.test(l))) stoppers.push(j);
    });
    const lastTemplate: number[] = [];
    src.blocks.forEach((b, i) => {
      lastTemplate.push(/^(?:markdown|md|text|txt|)$/.test(b.lang) ? i : i > 0 ? lastTemplate[i - 1]! : -1);
    });
    blockIndexes.set(src, (ix = { starts: src.blocks.map((b) => b.start), fenceLines: src.blocks.map((b) => b.fenceLine), endLines, stoppers, lastTemplate }));
  }
  return ix;
}

/** The last prose-like block (markdown, text, untagged) before a unit: the template a later step writes out. */
export function precedingTemplate(ctx: Ctx, unit: ProseUnit): string {
  if (unit.offset < 0) return '';
  // (the blocks starting before the unit: those before the first that starts at or after it)
  const ix = blockIndex(ctx.src);
  const before = firstAtLeast(ix.starts, unit.offset) - 1;
  const i = before >= 0 ? ix.lastTemplate[before]! : -1;
  const best = i >= 0 ? ctx.src.content.slice(ctx.src.blocks[i]!.start, ctx.src.blocks[i]!.end) : '';
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
  const ix = blockIndex(ctx.src);
  const out: string[] = [];
  const blocks = ctx.src.blocks;
  // (blocks are in document order: the first whose fence is below the unit's last line, then the next)
  for (let i = firstAtLeast(ix.fenceLines, endLine + 1); i < blocks.length; i++) {
    const b = blocks[i]!;
    // (a heading or a prose list item between the unit and the block: the block belongs to another step)
    if (anyIn(ix.stoppers, endLine, b.fenceLine - 1)) break;
    out.push(ctx.src.content.slice(b.start, b.end));
    if (out.length >= 2) break;
  }
  return out.join('\n').slice(0, 20_000);
}

/** The code just before a unit (up to two blocks, none across a heading): what "it printed" or "the output" points back to. */
export function precedingCode(ctx: Ctx, unit: ProseUnit): string {
  if (unit.offset < 0) return '';
  const startLine = ctx.src.locate(Math.min(ctx.src.content.length - 1, unit.offset)).line;
  const ix = blockIndex(ctx.src);
  const out: string[] = [];
  // (end lines ascend with the blocks: start from the last block that ends above the unit's first line)
  for (let i = firstAtLeast(ix.endLines, startLine) - 1; i >= 0; i--) {
    const b = ctx.src.blocks[i]!;
    // (a heading between the block's last line and the unit: 1-based lines after the one and before the other)
    if (anyIn(ctx.src.headingLines(), ix.endLines[i]! + 1, startLine)) break;
    out.push(ctx.src.content.slice(b.start, b.end));
    if (out.length >= 2) break;
  }
  return out.join('\n').slice(0, 20_000);
}
