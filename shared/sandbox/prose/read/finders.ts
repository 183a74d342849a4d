/**
 * The memoised finders prose reading runs on: verb classes as regexes, first-match finders memoised per
 * sentence, clause and text, the clause token scan, and the object, name and destination finders.
 * Moved out of read.ts unchanged.
 */
import { TextMemo } from '../../text-memo.js';
import { ruledOut } from '../../regex-factors.js';
import * as L from '../lexicon.js';
import { SentenceKey, type Clause, type ProseUnit } from '../structure.js';
import { ARTEFACT, CONCEAL_ADVERB, PATH, firstInLanguage } from './words.js';
import { matchAll } from '../../match-all.js';

/** Hosts a prose-specified file may not send to or run from (docs/skill-prose.md, "Sabotage families, 2026.11.27"). */
export const FOREIGN_GRADES = new Set(['unknown', 'collector', 'paste', 'ip', 'lookalike', 'punycode', 'plain-http']);

export const VERB_PATTERNS = Object.fromEntries(Object.entries(L.VERB).map(([k, words]) => [k, L.alt(words)])) as Record<L.VerbClass, RegExp>;

const VY = Object.fromEntries(Object.entries(VERB_PATTERNS).map(([k, re]) => [k, new RegExp(re.source, 'yu')])) as Record<L.VerbClass, RegExp>;

export function has(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  const r = re.test(text);
  re.lastIndex = 0;
  return r;
}

/**
 * A regex registered for the shared factor scan (`registerFactors`: the concealment entries of words.ts) whose factors
 * the text lacks cannot match: answered without the engine, as the engine would. Any other regex costs one lookup.
 */
export function first(re: RegExp, text: string): RegExpExecArray | null {
  if (ruledOut(re, text)) return null;
  re.lastIndex = 0;
  const m = re.exec(text);
  re.lastIndex = 0;
  return m;
}

// Per-sentence and per-unit memos: a clause asks about its sentence and unit, and a sentence or unit
// with many clauses must be scanned once per question, not once per clause (keeps the reader linear).
// A sentence's key stands for its text (structure.ts), so its memo already answers a repeated sentence; a unit's
// answers are also remembered by text (findByText).
// A memo is kept per key, per text of the key (lower-cased or as written) and per finder, and answers by pattern: the
// same pattern asked of the lowered and of the written sentence, or with another finder, is never answered from the
// other's entry.
type Memo = Map<RegExp, RegExpExecArray | null>;
type Find = (re: RegExp, text: string) => RegExpExecArray | null;
const memos = new Map<Find, [WeakMap<object, Memo>, WeakMap<object, Memo>]>();
function memoOf(key: object, raw: boolean, find: Find): Memo {
  if (key instanceof SentenceKey && find === first) {
    let m = raw ? key.rawMemo : key.memo;
    if (!m) {
      m = new Map();
      if (raw) key.rawMemo = m;
      else key.memo = m;
    }
    return m;
  }
  let pair = memos.get(find);
  if (!pair) memos.set(find, (pair = [new WeakMap(), new WeakMap()]));
  const byKey = pair[raw ? 1 : 0];
  let m = byKey.get(key);
  if (!m) byKey.set(key, (m = new Map()));
  return m;
}
/** `find(re, text)` remembered per key; `text` is the key's lower-cased text, or with `raw` its text as written. */
export function mfirst(key: object, re: RegExp, text: string, find: Find = first, raw = false): RegExpExecArray | null {
  const m = memoOf(key, raw, find);
  const known = m.get(re);
  if (known !== undefined || m.has(re)) return known as RegExpExecArray | null;
  const r = key instanceof SentenceKey ? find(re, text) : findByText(re, text, find);
  m.set(re, r);
  return r;
}

/**
 * `find(re, text)` remembered per search and text (both finders are pure functions of the pattern and the text;
 * bounded): a file repeating one sentence thousands of times asks each question once. The match is shared, never
 * changed by its readers.
 */
const byText = new Map<(re: RegExp, text: string) => RegExpExecArray | null, Map<RegExp, TextMemo<RegExpExecArray | null>>>();
function findByText(re: RegExp, text: string, find: (re: RegExp, text: string) => RegExpExecArray | null): RegExpExecArray | null {
  let perRe = byText.get(find);
  if (!perRe) byText.set(find, (perRe = new Map()));
  let memo = perRe.get(re);
  if (!memo) perRe.set(re, (memo = new TextMemo(200_000)));
  // (one compute function for every call instead of a closure per call: the search is pure and never asks back)
  askRe = re;
  askFind = find;
  return memo.get(text, askText);
}
let askRe: RegExp = /(?!)/;
let askFind: (re: RegExp, text: string) => RegExpExecArray | null = first;
export const askText = (t: string): RegExpExecArray | null => askFind(askRe, t);
/** On the lower-cased sentence. */
export const sF = (c: Clause, re: RegExp) => mfirst(c.sentenceKey, re, c.sentence);
/** On the sentence as written (URLs, e-mail addresses keep their case). */
export const sFR = (c: Clause, re: RegExp) => mfirst(c.sentenceKey, re, c.rawSentence, first, true);
export const uF = (u: ProseUnit, re: RegExp) => mfirst(u, re, u.text);
export const uFR = (u: ProseUnit, re: RegExp) => mfirst(u, re, u.raw, first, true);
const objMemo = new WeakMap<object, ObjHit[]>();
export function clauseObjects(c: Clause): ObjHit[] {
  let o = objMemo.get(c);
  if (!o) objMemo.set(c, (o = objectsIn(c.text)));
  return o;
}
export function sentenceObjects(c: Clause): ObjHit[] {
  let o = objMemo.get(c.sentenceKey);
  if (!o) objMemo.set(c.sentenceKey, (o = objectsIn(c.sentence)));
  return o;
}

// Verb classes present in a clause, found by word look-up (one pass) before any regex runs.
const VERB_INDEX = new Map<string, Set<string>>();
function indexWord(word: string, cls: string): void {
  const set = VERB_INDEX.get(word) ?? new Set<string>();
  set.add(cls);
  VERB_INDEX.set(word, set);
}
/** Literal spellings of a lexicon entry's first word ('e-?mail' → email, e-mail; 'summari[sz]e' → summarise, summarize). */
function spellings(entry: string): string[] {
  const firstWord = entry.split(/\\s|\s|\(\?/)[0]!;
  let out = [''];
  for (let i = 0; i < firstWord.length; i++) {
    const ch = firstWord[i]!;
    if (ch === '[') {
      const j = firstWord.indexOf(']', i);
      const opts = firstWord.slice(i + 1, j).split('');
      out = out.flatMap((o) => opts.map((x) => o + x));
      i = j;
    } else if (firstWord[i + 1] === '?') {
      out = out.flatMap((o) => [o, o + ch]);
      i++;
    } else if (ch === '\\') {
      out = out.map((o) => o + (firstWord[i + 1] ?? ''));
      i++;
    } else out = out.map((o) => o + ch);
  }
  return out.map((o) => o.toLowerCase().replace(/\\w\*$|\*$/, ''));
}
const GATES: Record<string, readonly string[]> = {
  ...L.VERB,
  passive: ['sent', 'uploaded', 'posted', 'forwarded', 'emailed', 'e-mailed', 'transmitted', 'submitted', 'shared', 'gesendet', 'geschickt', 'übermittelt', 'hochgeladen', 'weitergeleitet', 'enviado', 'enviada', 'enviados', 'enviadas', 'subido', 'subidos', 'envoyé', 'envoyée', 'envoyés', 'envoyées', 'transmis', 'transmise', 'inviato', 'inviati', 'inviata', 'caricato', 'отправлены', 'отправлен', 'отправлено'],
  persona: ['you', 'new', 'from', 'developer', 'du', 'ahora', 'tu', 'ты', '<|im_start|>'],
  hide: ['hide', 'conceal', 'keep', 'mask', 'obscure', 'verberge', 'verstecke', 'verheimliche', 'oculta', 'esconde', 'cache', 'dissimule', 'nascondi', 'скрой', 'спрячь'],
  reviewer: ['audited', 'approved', 'pre-approved', 'preapproved', 'certified', 'vetted', 'whitelisted', 'allowlisted', 'reviewer', 'reviewers', 'validator', 'validators', 'auditor', 'auditors', 'scanner', 'scanners', 'moderator', 'moderators', 'grader', 'graders', 'evaluator', 'evaluators', 'approver', 'approvers', 'certifier', 'certifiers', 'council', 'prüfer', 'gutachter', 'revisor', 'revisores', 'auditor', 'auditores', 'evaluador', 'réviseur', 'auditeur', 'évaluateur', 'examinateur', 'avaliador', 'revisore', 'valutatore', 'auditad', 'auditado', 'audité', 'approuvé', 'aprobado', 'approvato', 'geprüft', 'одобрен', 'проверен'],
  rm: ['rm'],
};
for (const [cls, words] of Object.entries(GATES)) for (const w of words) for (const sp of spellings(w)) if (sp) indexWord(sp, cls);
export const { CJK } = L;

interface Tok { index: number; 0: string; cls: Set<string> }

function isWordCode(c: number): boolean {
  // ASCII letters, digits, _ ' - < | >; every non-ASCII code point except spaces and punctuation blocks.
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 39 || c === 45 || c === 60 || c === 124 || c === 62
    || (c >= 0xc0 && c !== 0x2019 && c !== 0x201c && c !== 0x201d && c !== 0x2014 && c !== 0x2013 && c !== 0x3001 && c !== 0x3002 && c !== 0xff0c && c !== 0xa0 && c !== 0x3000) || c === 0x2019;
}

function isJoiner(c: number): boolean {
  return c === 45 || c === 39 || c === 0x2019 || c === 60 || c === 62 || c === 124;
}

const tokMemo = new WeakMap<object, Tok[]>();
/** Lexicon words of a clause with their classes, by one scan and map look-ups (no regex). */
function tokensOf(c: Clause): Tok[] {
  const cached = tokMemo.get(c);
  if (cached) return cached;
  const out = tokenMemo.get(c.text, scanTokens);
  // (a clause without lexicon words is asked once, by classesIn: not remembered)
  if (out.length) tokMemo.set(c, out);
  return out;
}

/** The tokens of a clause text, remembered per text (a file repeating one sentence has thousands of equal clauses; never added to). */
const tokenMemo = new TextMemo<Tok[]>(1_000_000);
function scanTokens(text: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && !isWordCode(text.charCodeAt(i))) i++;
    const start = i;
    while (i < text.length && isWordCode(text.charCodeAt(i))) i++;
    if (i === start) continue;
    // trim joiners (- ' ’ < > |) at the edges without a regex: this runs for every word of the file
    let a = start;
    let e = i;
    while (a < e && isJoiner(text.charCodeAt(a))) a++;
    while (e > a && isJoiner(text.charCodeAt(e - 1))) e--;
    if (e - a < 2) continue;
    const w = text.slice(a, e);
    const at = a;
    const hit = VERB_INDEX.get(w);
    if (hit) out.push({ index: at, 0: w, cls: hit });
    else if (w.includes('-')) {
      let off = 0;
      for (const part of w.split('-')) {
        const h = VERB_INDEX.get(part);
        if (h) out.push({ index: at + off, 0: part, cls: h });
        off += part.length + 1;
      }
    }
  }
  return out;
}

/** The classes of a clause with no lexicon word: one shared empty set, never added to. */
const NO_CLASSES: ReadonlySet<string> = new Set();
export function classesIn(c: Clause): ReadonlySet<string> {
  if (CJK.test(c.text)) return new Set(Object.keys(GATES));
  const tokens = tokensOf(c);
  if (tokens.length === 0) return NO_CLASSES;
  const out = new Set<string>();
  for (const t of tokens) for (const k of t.cls) out.add(k);
  return out;
}

/** Where the addresses of a CJK text are (URLs, e-mail addresses): runs of Latin non-space characters around `://` or `@`, found by a linear scan. */
function addressSpans(text: string): (readonly [number, number])[] {
  const out: (readonly [number, number])[] = [];
  const isAddr = (ch: string) => ch > ' ' && ch <= '~';
  let i = 0;
  while (i < text.length) {
    const a = text.indexOf('://', i);
    const b = text.indexOf('@', i);
    const hit = a < 0 ? b : b < 0 ? a : Math.min(a, b);
    if (hit < 0) break;
    let start = hit;
    const floor = out.length ? out[out.length - 1]![1] : 0;
    while (start > floor && isAddr(text[start - 1]!)) start--;
    let end = hit + 1;
    while (end < text.length && isAddr(text[end]!)) end++;
    out.push([start, end]);
    i = end;
  }
  return out;
}

/** Verbs of a class in a clause: from the word tokens, or by the class regex where words are not spaced (CJK). */
export function verbs(c: Clause, cls: L.VerbClass): { index: number; 0: string }[] {
  if (CJK.test(c.text)) {
    // (a Latin word inside an address is part of it: "https://archive.example-mail.net" holds no verb "mail")
    const spans = addressSpans(c.text);
    return [...matchAll(c.text, VERB_PATTERNS[cls])].filter((m) => !spans.some(([a, b]) => m.index! >= a && m.index! < b)).map((m) => ({ index: m.index!, 0: m[0] }));
  }
  const out: { index: number; 0: string }[] = [];
  for (const t of tokensOf(c)) {
    if (!t.cls.has(cls)) continue;
    // multi-word entries ("carry out", "rm -rf") are confirmed by the class regex at the token
    const sticky = VY[cls];
    sticky.lastIndex = t.index;
    const m = sticky.exec(c.text);
    if (m) out.push({ index: t.index, 0: m[0] });
  }
  return out;
}

export interface ObjHit { cls: L.ObjectClass; index: number; text: string }

const OBJ_RE = new Map(L.READ_OBJECTS.map((c) => [c, L.alt(c.words)]));

const REMOVED_BEFORE = /(?:redact\w*|mask\w*|strip\w*|scrub\w*|remov\w*|censor\w*|without|excluding|except|minus|[(,]\s*not)\s+(?:(?:any|all|the|your|its|their|of|and|or|other|api|access|auth|secret|private|keys?|tokens?|secrets?|passwords?|credentials?|cookies?),?\s+)*$/u;
const NAME_OF_BEFORE = /\bnames? of (?:the |your |their |each |every )?(?:[\w-]+\s+){0,3}(?:[,(]\s*)?(?:(?:for example|e\.g\.|such as|like)[,:]?\s+)?[`'"]?$|\b(?:called|named)\s+[`'"]?$/u;
/** An item named before "from / in the conversation": steps, a title, an error, an id … (not its messages, log or contents). */
const PART_OF_CONVERSATION = /\b(?:steps?|titles?|details?|errors?|error messages?|stack traces?|names?|descriptions?|ids?|numbers?|versions?|requirements?|acceptance criteria|decisions?|values?|dates?|deadlines?|labels?|file names?|paths?|urls?|links?)\s+(?:(?:the user )?(?:gave|given|mentioned|described|discussed|agreed|shared|reported|provided)\s+)?(?:from|in|during|earlier in)\s+$/;
/** A conversation that is begun, not read: "a fresh Claude conversation", "a new chat", "another session's chat". */
const NEW_CONVERSATION_BEFORE = /\b(?:a|an)\s+(?:fresh|new|separate|clean|blank|empty|second|another)\s+(?:[\p{L}.-]+\s+)?(?:conversation|chat)$/iu;
/**
 * The objects a text names, remembered per text (bounded): the send, solicit and step readers ask it of the same unit,
 * sentence and clause texts many times. The list and its hits are shared: callers filter or copy, never change them.
 */
export function objectsIn(text: string): ObjHit[] {
  return objectsMemo.get(text, objectsInText);
}
const objectsMemo = new TextMemo<ObjHit[]>(1_000_000);
function objectsInText(text: string): ObjHit[] {
  const hits: ObjHit[] = [];
  for (const [cls, re] of OBJ_RE) {
    // "after redacting tokens", "without any secrets": an object being removed is not what the step handles.
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    for (let n = 0; n < 4 && (m = re.exec(text)) !== null; n++) {
      if (m[0].length === 0) re.lastIndex++;
      if (REMOVED_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
      // "the name of the variable, e.g. `STRIPE_SECRET_KEY`": a secret's name is not its value
      if (NAME_OF_BEFORE.test(text.slice(Math.max(0, m.index - 60), m.index))) continue;
      // "the environment (staging or production)", "the environment: OS, browser": which environment, not its variables
      // "the reproduction steps from the conversation", "the bug title given in the chat": a named item taken from the
      // conversation is that item, not the conversation itself
      if (cls.name === 'conversation' && PART_OF_CONVERSATION.test(text.slice(Math.max(0, m.index - 60), m.index))) continue;
      // "open a fresh Claude conversation", "start a new chat": a conversation begun anew holds nothing yet, it is a place
      // to go, not the messages of this one
      if (cls.name === 'conversation' && /(?:conversation|chat)$/.test(m[0]) && NEW_CONVERSATION_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index + m[0].length))) continue;
      if (/environment$/.test(m[0]) && /^\s*[(:-]/.test(text.slice(m.index + m[0].length)) && !/variable|vars?\b|secret|key|token/i.test(text.slice(m.index + m[0].length, m.index + m[0].length + 50))) continue;
      hits.push({ cls, index: m.index, text: m[0] });
      break;
    }
    re.lastIndex = 0;
  }
  // A specific secret class covers the generic "secret"/"key" words of the token class.
  const specific = hits.filter((h) => h.cls.name !== 'secret:token');
  return hits.filter((h) => h.cls.name !== 'secret:token' || !specific.some((s) => s.cls.name.startsWith('secret:') && Math.abs(s.index - h.index) < 30));
}

export function normalisePhrase(mod: string | undefined, head: string): string {
  const m = (mod ?? '').trim().toLowerCase();
  return `artefact:${m && !/^(?:a|an|the|that|this|your|our|its|their)$/.test(m) ? m + ' ' : ''}${head.toLowerCase()}`;
}

/** Named things in a clause: artefacts ("the diagnostic bundle"), file paths (a copy: callers may add to it). */
export function namesIn(text: string): string[] {
  return namesMemo.get(text, namesInText).slice();
}

/** Remembered per text: a file that repeats one sentence thousands of times asks the same question of each. */
const namesMemo = new TextMemo<string[]>(200_000);
function namesInText(text: string): string[] {
  const out: string[] = [];
  for (const m of matchAll(text, ARTEFACT)) {
    const named = normalisePhrase(m[1], m[2]!);
    out.push(named);
    // "a dated tarball" is later "the tarball": the head noun names it too
    const bare = normalisePhrase(undefined, m[2]!);
    if (bare !== named) out.push(bare);
  }
  for (const m of matchAll(text.replace(/https?:\/\/\S+/g, (u) => ' '.repeat(u.length)), PATH)) out.push(`path:${m[0]}`);
  return out;
}

export function urlHost(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** A URL at the end of a sentence keeps its closing punctuation out. */
export function trimUrl(u: string): string {
  return u.replace(/[.,;:!?)*_]+$/, '');
}

/** Where data goes, in a clause or sentence: URLs and e-mail from the text as written, tools and channels from the lower-cased text. */
const destMemo = new WeakMap<object, ReturnType<typeof destinationIn>>();
export function sentenceDestination(c: Clause): ReturnType<typeof destinationIn> {
  if (!destMemo.has(c.sentenceKey)) destMemo.set(c.sentenceKey, destinationIn(c.rawSentence, c.sentence));
  return destMemo.get(c.sentenceKey)!;
}

export function destinationIn(text: string, lower: string): { object: string; via: string; index: number } | null {
  const url = first(L.DESTINATION.url, text);
  const mail = first(L.DESTINATION.email, text);
  const tool = first(L.DESTINATION.tool, lower);
  const channel = first(L.DESTINATION.channel, lower);
  // (a mail tool given an address sends there: the address's domain reads it)
  if (tool && !url && mail) return { object: mail[0], via: 'email', index: mail.index };
  if (tool) return { object: url ? trimUrl(url[0]) : tool[0], via: 'agent-fetch-tool', index: tool.index };
  if (url) return { object: trimUrl(url[0]), via: 'url', index: url.index };
  if (mail) return { object: mail[0], via: 'email', index: mail.index };
  if (channel) return { object: channel[0], via: 'channel', index: channel.index };
  return null;
}

/** The first clause of each sentence: for readers that judge a sentence once, whatever its clauses. */
export function sentenceLeads(clauses: readonly Clause[]): Clause[] {
  return clauses.filter((c, i) => i === 0 || clauses[i - 1]!.sentenceStart !== c.sentenceStart);
}

// ---------------------------------------------------------------------------------------------

/** Whether a unit speaks to the agent (a comment, hidden text, an address or a concealment). */
export function unitAddressed(unit: ProseUnit): boolean {
  return unit.kind === 'comment' || unit.kind === 'hidden' || Boolean(uF(unit, L.ADDRESS) || mfirst(unit, CONCEAL_ADVERB, unit.text, firstInLanguage));
}
