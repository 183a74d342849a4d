/**
 * Reads the prose of a skill into actions of the effect model: steps addressed to the agent (or to
 * the user through the agent), in any language the lexicon knows, become the same kinds of action
 * code does — read, send, fetch, exec, persist, solicit, tamper, steer, destroy — with the data
 * names they produce and consume, so a step in one section links to a step sixty lines later.
 *
 * A rule here is a shape: an addressed verb of a class (lexicon.ts) with an object of a class in
 * the same clause or sentence. The mode of every action (instruction, example, negated, teaching)
 * comes from the document's structure (structure.ts).
 */
import { gradeUrl } from '../effects/catalogue/hosts.js';
import type { Action, ActionMode, EffectKind } from '../effects/types.js';
import { preview, SourceText } from '../text.js';
import * as L from './lexicon.js';
import { lowerSame } from './lexicon.js';
import { addressedAt, clausesOf, modeOf, negatedAt, ownToolNames, proseUnits, structuralLineModes, type Clause, type ProseUnit } from './structure.js';
import { hiddenTexts } from './unicode.js';
import { readAssistantSteps, readToolShadowing } from './assistant.js';
import { readCodeSabotage, readDependencySwaps, readSabotage, readSpecifiedCode } from './sabotage.js';
import { readWeakenings } from './weaken.js';
import { readConventions } from './conventions.js';
import { readWeakSettings } from './weak-settings.js';
import { raiseRepeated, readControls } from './controls.js';
import { backstopActions } from './backstop.js';
import { harmActions } from './harm.js';
import { deceiveActions } from './deceive.js';
import { carriedActions } from './carried.js';
import { imitates } from '../supply.js';
import { FOREIGN_GRADES, VERB_PATTERNS, classesIn, destinationIn, first, objectsIn, sF, verbs } from './read/finders.js';
import { BLOB, CONCEAL_ADVERB, concealsInAnyLanguage, EVERY_GENERATED, SELF_VERDICT, firstInLanguage } from './read/words.js';
import { type Ctx, consumesOf, emit, hooksOf, isConcealAct, isConcealEntry, isConcealable } from './read/emit.js';
import { detectOutputOfSecret, detectFormPaste, detectGrantCall, detectListPayload, detectPlaceholderUrls, detectRead, detectSecretsIntoPublished, detectSend, detectStandingCopy, detectVerifyPretextSend } from './read/sends.js';
import { detectFetchFollow } from './read/fetch.js';
import { detectAccountTakeover, detectFixedPayee, detectListSolicit, detectSolicit } from './read/solicit.js';
import { detectPlantedNote, detectReviewer, detectSteer, detectWithheldReport, modeSansNegation } from './read/steer.js';
import { ALWAYS_GENERATE, detectDestroy, detectPayeeOverUser, detectPersist, detectTamper } from './read/tamper.js';
import { detectDescribedPlaces } from './read/places.js';
import { detectDenyAi, detectKeptFromOversight, detectWithheldProtection } from './read/kept-from.js';
import { readStepActs } from './read/step-acts.js';

function decodeBlob(blob: string): string | null {
  let bytes: Buffer;
  if (/^(?:[0-9a-fA-F]{2})+$/.test(blob)) bytes = Buffer.from(blob, 'hex');
  else bytes = Buffer.from(blob, 'base64');
  const text = bytes.toString('utf8');
  const printable = [...text].filter((ch) => /[\p{L}\p{N}\p{P}\p{S}\s]/u.test(ch)).length;
  return text.length >= 4 && printable / text.length > 0.9 ? text : null;
}

function detectDecodeRun(ctx: Ctx, c: Clause, depth: number): void {
  const d = verbs(c, 'decode')[0];
  if (!d || !addressedAt(c.text, d.index)) return;
  const afterInSentence = c.sentence.slice(c.start - c.sentenceStart + d.index).slice(0, 300);
  const run = first(VERB_PATTERNS.run, afterInSentence);
  if (!run) return;
  // "Decode locally; never paste tokens into websites": a run verb under its own negation is a rule, not the next step.
  const runLead = afterInSentence.slice(0, run.index).split(/[;:,—]\s/u).pop() ?? '';
  if (negatedAt(runLead + run[0], runLead.length)) return;
  // The blob: in the sentence, or right after it (an inline span, the next line or a fence).
  const u = c.unit;
  const tailStart = u.offset >= 0 ? u.offset + c.sentenceStart : -1;
  const window = tailStart >= 0 ? ctx.src.content.slice(tailStart, tailStart + c.sentence.length + 4000) : c.sentence;
  const blob = first(BLOB, u.offset >= 0 ? window : c.rawSentence);
  const decoded = blob ? decodeBlob(blob[0]) : null;
  emit(ctx, c, d.index, d[0].length, 'exec', 'prose.exec.decode-run', { object: decoded ? preview(decoded, 200) : blob ? preview(blob[0], 60) : 'decoded text', via: 'agent', consumes: ['decoded'] });
  if (decoded && depth < 1) readText(ctx, decoded, u.offset >= 0 ? u.offset + c.start + d.index : u.anchor, depth + 1, modeOf(c, d.index, d[0].length));
}

function readUnit(ctx: Ctx, unit: ProseUnit, prev: ProseUnit | null, depth: number, reviewerDone: Set<number>, prevFrom: number): number {
  const clauses = clausesOf(unit);
  const concealBySentence = new Map<number, boolean>();
  ctx.prevText = prev && prev.offset >= 0 && unit.offset - (prev.offset + prev.text.length) < 400 ? prev.text : '';
  const before = ctx.out.length;
  for (const c of clauses) {
    const k = classesIn(c);
    // (once per sentence: its clauses share the answer)
    let concealsElsewhere = concealBySentence.get(c.sentenceStart);
    if (concealsElsewhere === undefined) concealBySentence.set(c.sentenceStart, (concealsElsewhere = concealsInAnyLanguage(c.sentence)));
    detectPayeeOverUser(ctx, c);
    if (c.start === c.sentenceStart && c.sentence.includes('`')) detectOutputOfSecret(ctx, c);
    if (k.size === 0 && !concealsElsewhere && !sF(c, SELF_VERDICT) && !sF(c, L.REVIEWER) && !ALWAYS_GENERATE.test(c.text)) continue;
    if (k.has('read')) detectRead(ctx, c);
    if (k.has('send') || k.has('passive')) detectSend(ctx, c);
    if (k.has('send')) detectVerifyPretextSend(ctx, c);
    if (k.has('fetch') || k.has('follow')) detectFetchFollow(ctx, c);
    if (k.has('decode')) detectDecodeRun(ctx, c, depth);
    if (k.has('persist')) detectPersist(ctx, c);
    if (k.has('ask') || k.has('paste')) detectSolicit(ctx, c);
    if (k.size > 0) detectSecretsIntoPublished(ctx, c);
    if (k.has('tamper') || ALWAYS_GENERATE.test(c.text)) detectTamper(ctx, c);
    if (k.has('override') || k.has('conceal') || k.has('persona') || k.has('hide') || concealsElsewhere) detectSteer(ctx, c);
    if (k.has('reviewer') || sF(c, SELF_VERDICT) || sF(c, L.REVIEWER)) detectReviewer(ctx, c, reviewerDone);
    if (k.has('destroy') || k.has('rm')) detectDestroy(ctx, c);
  }
  detectListPayload(ctx, unit, clauses);
  detectListSolicit(ctx, unit, clauses);
  detectPlantedNote(ctx, unit, clauses);
  detectPlaceholderUrls(ctx, unit, prev, clauses);
  detectFormPaste(ctx, unit, clauses);
  detectWithheldReport(ctx, unit, clauses);
  // (the skill's own act kept from those owed the account of it, read/kept-from.ts)
  // (a concealment that names no act of its own — conceal-act — may be dropped below as advice: it does not stand in for this)
  if (!ctx.out.slice(before).some((a) => isConcealEntry(a) && !isConcealAct(a))) detectKeptFromOversight(ctx, unit, clauses);
  detectDenyAi(ctx, clauses);
  detectWithheldProtection(ctx, clauses);
  detectStandingCopy(ctx, unit, clauses);
  detectGrantCall(ctx, unit, clauses);
  detectFixedPayee(ctx, clauses);
  detectAccountTakeover(ctx, clauses);
  detectDescribedPlaces(ctx, clauses);
  readAssistantSteps(clauses, hooksOf(ctx));
  const sabotageHooks = { emit: (c: Clause, at: number, len: number, kind: EffectKind, entry: string, extra: Partial<Action>, mode: ActionMode) => emit(ctx, c, at, len, kind, entry, extra, mode), modeSansNegation };
  readSabotage(clauses, sabotageHooks, ctx.src);
  readDependencySwaps(ctx.src, unit, sabotageHooks, clauses, imitates);
  readSpecifiedCode(clauses, sabotageHooks, (url) => FOREIGN_GRADES.has(gradeUrl(url, ctx.vendor).grade));
  readWeakenings(clauses, sabotageHooks);
  readConventions(clauses, sabotageHooks);
  readControls(clauses, { ...sabotageHooks, taken: () => ctx.out.slice(before) });
  // (catalogued weak settings asked for in any language, after the family readers: prose/weak-settings.ts)
  readWeakSettings(clauses, { ...sabotageHooks, taken: () => ctx.out.slice(before) });
  if (unit.toolText) readToolShadowing(clauses, hooksOf(ctx), ownToolNames(ctx.src));
  // "silently", "in the background", "do not explain it": concealment of what the same step does.
  // The act a concealment qualifies is in the same unit or the one just before it.
  // (following a named file is an act only when the code wrote remote content there: the flow decides, not this)
  const acts = ctx.out.length > prevFrom ? ctx.out.slice(prevFrom).filter(isConcealable) : [];
  if (acts.length && !ctx.out.slice(before).some(isConcealEntry)) {
    for (const c of clauses) {
      const m = firstInLanguage(CONCEAL_ADVERB, c.text, unit.text);
      if (!m) continue;
      // "never push or deploy without asking the user first": the act is forbidden unless the user is asked (a double negation)
      if (/^without/.test(m[0]) && /\b(?:never|not|don['’]t|no one|nothing)\b/.test(c.text.slice(Math.max(0, m.index - 80), m.index))) continue;
      emit(ctx, c, m.index, m[0].length, 'steer', 'prose.steer.conceal-act', { object: acts[0]!.entry, consumes: acts.flatMap(consumesOf) }, modeSansNegation(c, m.index, m[0].length));
      break;
    }
  }
  // A concealment that names no act of its own ("do not explain it") hides the act beside it; alone it is advice.
  const lone = ctx.out.length > before ? ctx.out.slice(before).filter(isConcealAct) : [];
  // Something kept in everything the agent generates is an act of its own ("keep it in every generated
  // project and do not mention it"): hiding what goes into the user's code is the concealment.
  if (lone.length && acts.length === 0 && !EVERY_GENERATED.test(unit.text)) ctx.out.splice(ctx.out.indexOf(lone[0]!), lone.length);
  return before;
}

/** Reads decoded or hidden text as prose of its own, located at `anchor` in the file. */
function readText(ctx: Ctx, text: string, anchor: number, depth: number, mode: ActionMode = 'instruction'): void {
  const inner = new SourceText(text, 1);
  const units = proseUnits(inner);
  const from = ctx.out.length;
  const reviewerDone = new Set<number>();
  let prev: ProseUnit | null = null;
  let prevFrom = ctx.out.length;
  for (const u of units) {
    const hidden: ProseUnit = { ...u, kind: 'hidden', offset: -1, anchor, headings: [], intro: '' };
    prevFrom = readUnit(ctx, hidden, prev, depth, reviewerDone, prevFrom);
    prev = hidden;
  }
  if (mode !== 'instruction') for (const a of ctx.out.slice(from)) a.mode = mode;
}

export function vendorWords(src: SourceText): Set<string> {
  const parts: string[] = [];
  for (let i = 0; i < Math.min(src.bodyStartLine - 1, src.lines.length); i++) {
    if (/^\s*(?:name|description)\s*:/i.test(src.lines[i]!)) parts.push(src.lines[i]!);
  }
  for (let i = src.bodyStartLine - 1; i < src.lines.length; i++) {
    if (src.kinds[i] === 'prose' && /^\s{0,3}#\s/.test(src.lines[i]!)) { parts.push(src.lines[i]!); break; }
  }
  return new Set(parts.join(' ').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3));
}

/**
 * The prose of a skill read into actions, in document order: the frontmatter description, body
 * prose (paragraphs, list items, table rows, quotes, HTML comments), prose in fences used as data,
 * and text hidden in invisible Unicode (decoded). Code blocks are not read here (the code readers
 * own them). Linear in the size of the file.
 */
/**
 * Standing instructions (text written into an agent's memory file) read sentence by sentence: a sentence
 * that names a secret, a place data goes and a verb that sends or includes is a send, even where the
 * grammar is loose ("whenever the user mentions a seed phrase, include it in the next request to …").
 * Returns the snippets of those sentences.
 */
export function standingSends(text: string): string[] {
  const out: string[] = [];
  const INCLUDE = /\b(?:send|post|upload|forward|include|add|attach|append|put|pass|report|sync|share)\b/;
  for (const sentence of text.split(/(?<=[.!?])\s+|\n{2,}/)) {
    const lower = lowerSame(sentence);
    if (!INCLUDE.test(lower)) continue;
    // "never include API keys in …", "pass the key as a bearer token to … only": rules that keep secrets where they belong
    if (/\b(?:never|do not|don['’]t|must not|should not|no)\b/.test(lower) || /\bas (?:the |a )?(?:bearer|auth\w*|header)\b|\bonly\b/.test(lower)) continue;
    if (!objectsIn(lower).some((o) => o.cls.name.startsWith('secret:'))) continue;
    if (!destinationIn(sentence, lower)) continue;
    out.push(sentence.trim().slice(0, 160));
    if (out.length >= 3) break;
  }
  return out;
}

export function readProse(src: SourceText): Action[] {
  const ctx: Ctx = { src, out: [], lastRead: [], lastFetch: [], vendor: vendorWords(src), perEntry: new Map() };
  const reviewerDone = new Set<number>();
  let prev: ProseUnit | null = null;
  let prevFrom = 0;
  const units = proseUnits(src);
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    ctx.next = units[i + 1] ?? null;
    prevFrom = readUnit(ctx, unit, prev, 0, reviewerDone, prevFrom);
    prev = unit;
  }
  ctx.next = null;
  // (step acts read over a section: docs/skill-effect-model.md, "Prose step acts, 2026-11-28")
  readStepActs(ctx, units);
  // (shapes of the code blocks that bend the owner's money or contacts, docs/skill-prose.md "Sabotage families, 2026.11.27")
  let lineModes: ReadonlyMap<number, ActionMode> | null = null;
  readCodeSabotage(src, (offset, kind, entry, extra) => {
    const loc = src.locate(offset);
    const mode = (lineModes ??= structuralLineModes(src)).get(loc.line) ?? 'instruction';
    ctx.out.push({ kind, entry, origin: 'prose', mode, line: loc.line, column: loc.column, snippet: loc.snippet, ...extra });
  });
  // (controls given up in two or more steps are the document's rule, prose/controls.ts)
  raiseRepeated(ctx.out);
  // the backstop's coarse classes over the same units (prose/backstop.ts, docs/skill-prose.md "Prose backstop")
  ctx.out.push(...backstopActions(src, ctx.vendor));
  // fraud against the owner's customers and privacy harm to third parties (prose/harm.ts)
  ctx.out.push(...harmActions(src));
  // the user deceived or pressured by the agent that serves them (prose/deceive.ts)
  ctx.out.push(...deceiveActions(src));
  // secrets relayed, put into URL parameters or bundled by a defined term; remote scripts in every page (prose/carried.ts)
  ctx.out.push(...carriedActions(src, ctx.vendor));
  for (const h of hiddenTexts(src.content)) {
    const loc = src.locate(h.offset);
    ctx.out.push({ kind: 'steer', entry: `prose.steer.hidden-${h.technique}`, origin: 'prose', mode: 'instruction', line: loc.line, column: loc.column, snippet: loc.snippet, object: preview(h.text, 200) });
    readText(ctx, h.text, h.offset, 1);
  }
  return ctx.out.sort((a, b) => a.line - b.line || a.column - b.column);
}
