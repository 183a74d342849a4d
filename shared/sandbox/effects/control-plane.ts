/**
 * Orders planted in the agent's control plane (catalogue: `effects/catalogue/control-plane.ts`). The document is cut
 * into regions by where the text stands, and each region is judged by the classes it holds:
 *
 * - hidden: the frontmatter (values the agent reads and the rendered page does not show), HTML comments, image alt text;
 * - standing: a fence handed on as written into the agent's memory or instruction files or into every subagent's brief
 *   (its introduction names such a target and a verb that hands it on), and the content of memory writes the effect
 *   model read;
 * - body: a section of the skill's own prose (heading to heading).
 *
 * A hidden or standing region is an order by where it stands: a consequential act with the user's consent claimed or the
 * act concealed is the finding. In the body the same pair must also be a standing or overriding order ("at the start of
 * every session", "takes precedence over …"), or claim consent and conceal together. Lines the prose reader sees as
 * teaching or an example are data. One finding per region. Linear: each class is one alternation run over each region
 * once, and regions do not overlap except a fence that is also inside a section's span (fences are cut out of sections).
 */
import type { Action, ActionMode } from './types.js';
import type { SourceText } from '../text.js';
import type { Collector } from '../collector.js';
import { ACT_CONCEALED, ADDRESSED_TO_MACHINES, CONSENT_CLAIMED, CONTROL_ACTS, HANDED_ON, STANDING_ORDER, STANDING_TARGET, type ControlClass } from './catalogue/control-plane.js';
import { matchAll } from '../match-all.js';
import { dataFenceMode } from '../prose/structure.js';

export type RegionKind = 'hidden' | 'planted' | 'standing' | 'body';

export interface Region {
  kind: RegionKind;
  /** Offset of the region's text in the document. */
  start: number;
  text: string;
}

export interface ControlOrder {
  kind: RegionKind;
  /** Offset of the act in the document. */
  at: number;
  acts: string[];
  waivers: string[];
}

const MAX_REGION = 20_000;
const PLANTED = 1200;
/** Alt text: a scan from one `![` stops at the next bracket or line end, so the scans of a line do not overlap. */
const ALT = /!\[([^[\]\n]{12,2000})\]\(/g;

/** Each class's pattern as a global search, compiled once (a region is read by every class). */
const GLOBAL = new WeakMap<ControlClass, RegExp>();
/** Where the first match of the class that `ok` admits starts, or -1: every question asked of a class wants only that. */
function firstHit(c: ControlClass, text: string, ok: (i: number) => boolean): number {
  let re = GLOBAL.get(c);
  if (!re) GLOBAL.set(c, (re = new RegExp(c.re.source, 'g')));
  re.lastIndex = 0;
  for (const m of matchAll(text, re)) if (ok(m.index!)) return m.index!;
  return -1;
}

/** The order a region carries, or null. `modeAt` is the prose reader's structural mode of a line (body regions only). */
export function orderIn(region: Region, lineMode?: (offset: number) => ActionMode | 'code'): ControlOrder | null {
  const text = region.text.slice(0, MAX_REGION).toLowerCase();
  const data = (i: number, negatedToo: boolean) => {
    if ((region.kind !== 'body' && region.kind !== 'planted') || !lineMode) return false;
    // (a planted note quoted in teaching or as an example is data: its first line decides)
    if (region.kind === 'planted') i = 0;
    const m = lineMode(region.start + i);
    return m === 'teaching' || m === 'example' || (negatedToo && region.kind === 'body' && m === 'negated');
  };
  let firstAct = -1;
  const acts: string[] = [];
  for (const c of CONTROL_ACTS) {
    const at = firstHit(c, text, (i) => !data(i, true));
    if (at < 0) continue;
    acts.push(c.label);
    if (firstAct < 0 || at < firstAct) firstAct = at;
  }
  if (!acts.length) return null;
  const consent = firstHit(CONSENT_CLAIMED, text, (i) => !data(i, false)) >= 0;
  const conceal = firstHit(ACT_CONCEALED, text, (i) => !data(i, false)) >= 0;
  if (!consent && !conceal) return null;
  if (region.kind === 'body' && !(consent && conceal) && firstHit(STANDING_ORDER, text, (i) => !data(i, false)) < 0) return null;
  const waivers = [consent ? CONSENT_CLAIMED.label : '', conceal ? ACT_CONCEALED.label : ''].filter(Boolean);
  return { kind: region.kind, at: region.start + firstAct, acts, waivers };
}

/** The regions of a document (see the module comment). */
export function controlRegions(src: SourceText, actions: readonly Action[] = []): Region[] {
  const out: Region[] = [];
  const c = src.content;
  // the frontmatter: everything before the body
  if (src.bodyStartLine > 1) {
    const end = src.lineStart(Math.min(src.bodyStartLine, src.lines.length));
    out.push({ kind: 'hidden', start: 0, text: c.slice(0, end) });
  }
  const body = src.bodyStartLine > 1 ? src.lineStart(Math.min(src.bodyStartLine, src.lines.length)) : 0;
  // HTML comments, found with indexOf (an opener without a closer ends the search: linear in the document)
  for (let pos = body; ;) {
    const open = c.indexOf('<!--', pos);
    if (open < 0) break;
    const close = c.indexOf('-->', open + 4);
    if (close < 0) break;
    out.push({ kind: 'hidden', start: open + 4, text: c.slice(open + 4, Math.min(close, open + 4 + MAX_REGION)) });
    pos = close + 3;
  }
  for (const m of matchAll(c, ALT)) if (m.index! >= body && src.kinds[src.lineOf(m.index!) - 1] === 'prose') out.push({ kind: 'hidden', start: m.index! + 2, text: m[1]! });
  // notes addressed to machine readers, planted in a spec, a fixture, an issue form or an image (the note and what
  // follows it, up to PLANTED characters; a note inside the previous one's span is part of it)
  let last = -1;
  for (const m of matchAll(c, ADDRESSED_TO_MACHINES)) {
    if (m.index! < body || m.index! < last) continue;
    last = m.index! + PLANTED;
    out.push({ kind: 'planted', start: m.index!, text: c.slice(m.index!, last) });
  }
  // fences handed on into memory, instruction files or every brief
  for (const b of src.blocks) {
    if (b.lastLine < b.firstLine) continue;
    const from = Math.max(src.bodyStartLine, b.fenceLine - 6);
    const intro = src.lines.slice(from - 1, b.fenceLine - 1).join('\n').toLowerCase();
    const body0 = src.lines.slice(b.firstLine - 1, b.lastLine).join('\n');
    if (STANDING_TARGET.test(intro) && HANDED_ON.test(intro)) out.push({ kind: 'standing', start: src.lineStart(b.firstLine), text: body0 });
  }
  // memory writes the effect model read (a heredoc into AGENTS.md, a prose "append … to CLAUDE.md: …")
  for (const a of actions) {
    if (a.kind === 'persist' && a.content && (a.flags?.[0] === 'agent-memory' || a.flags?.includes('agent-memory')) && a.mode === 'instruction') {
      out.push({ kind: 'standing', start: src.lineStart(Math.min(Math.max(1, a.line), src.lines.length)), text: a.content });
    }
  }
  // sections of prose (fences cut out: a code block's words are the code readers' business)
  let secStart = -1;
  let parts: string[] = [];
  let offs: number[] = [];
  const flush = () => {
    if (secStart >= 0 && parts.length) out.push(sectionRegion(parts, offs));
    parts = [];
    offs = [];
    secStart = -1;
  };
  for (let i = src.bodyStartLine - 1; i < src.lines.length; i++) {
    const line = src.lines[i]!;
    if (/^#{1,6}\s/.test(line)) flush();
    if (src.kinds[i] !== 'prose') continue;
    if (secStart < 0) secStart = i;
    parts.push(line);
    offs.push(src.lineStart(i + 1));
  }
  flush();
  return out;
}

/** A section's prose lines joined with newlines; the region keeps the offset of its first line (offsets inside are mapped back by line). */
function sectionRegion(parts: string[], offs: number[]): Region & { map: (i: number) => number } {
  const text = parts.join('\n');
  const starts: number[] = [];
  let o = 0;
  for (const p of parts) {
    starts.push(o);
    o += p.length + 1;
  }
  const map = (i: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return offs[lo]! + (i - starts[lo]!);
  };
  return { kind: 'body', start: offs[0]!, text, map };
}

const WHERE: Record<RegionKind, string> = {
  hidden: 'in text the rendered skill does not show (frontmatter, an HTML comment or alt text)',
  planted: 'in a note addressed to AI readers of an artefact (a spec, a fixture, an issue form, an image)',
  standing: "written into the agent's memory, instruction files or every subagent's brief",
  body: 'as a standing order to the agent',
};

/** Findings: AGENT-CTRL-001 for each region that carries an order. */
export function checkControlPlane(ctx: { src: SourceText; out: Collector; actions: readonly Action[]; modeAt: (line: number, column?: number) => ActionMode }): void {
  const { src, out } = ctx;
  for (const r of controlRegions(src, ctx.actions)) {
    const map = (r as Region & { map?: (i: number) => number }).map;
    const toDoc = (i: number) => (map ? map(i - r.start) : i);
    const lineMode = (off: number) => {
      const doc = toDoc(off);
      const line = src.lineOf(doc);
      // (code lines have no prose mode: what a program or a file holds is judged as written; except a fence the author
      // tags as data — `text`, `log` — that the document presents as things to detect or as an example, as for the
      // line rules: a quoted payload under "Payloads seen in the wild" is the sample, not an order)
      if (src.kinds[line - 1] !== 'prose') return dataFenceMode(src, doc) ?? 'code';
      return ctx.modeAt(line, doc - src.lineStart(line) + 1);
    };
    const o = orderIn(r, lineMode);
    if (!o) continue;
    const at = toDoc(o.at);
    out.add('agentControl', at, `An order to the agent ${WHERE[o.kind]} that ${o.acts.join(', ')}, with ${o.waivers.join(' and ')}: it takes the user out of what the agent does in every later session or task.`, `ctrl:${src.lineOf(at)}`);
  }
}
