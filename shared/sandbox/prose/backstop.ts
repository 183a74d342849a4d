/**
 * The prose backstop (docs/skill-prose.md "Prose backstop"): a coarse reading of every prose sentence into
 * semantic classes (backstop-classes.ts: objects of value, moving them, changing who is paid, asking the user for
 * them, hiding it, waiving the check) that catches harm the shape readers have no family for, in any language the
 * classes have words for. It reuses the reader's units and clauses and its mode decision (modeOf: quotes, teaching
 * lists, examples and negations are data), and judges combinations, never phrases:
 *
 *  - an instruction that moves an object of value to a destination the skill itself supplies (a literal URL, e-mail
 *    address, IBAN or wallet not graded the skill's own vendor) → refuse;
 *  - an instruction that changes a payee's bank details to a literal account → refuse;
 *  - asking the user for a one-time code, an approval, a password or a recovery code → refuse;
 *  - concealment or a waived check addressed to the agent, in the same section as any of the risks above or a
 *    weaker one (an object of value moved, a move to a supplied destination, bank details changed) → refuse;
 *  - a weaker risk with an authority pretext, or concealment beside a mention of value, alone → escalate.
 *
 * Linear: each class is one alternation run once per unit; hits are mapped to clauses by one forward walk.
 */
import { gradeUrl } from '../effects/catalogue/hosts.js';
import { WALLET_ADDRESS } from '../effects/catalogue/payee.js';
import type { Action, ActionMode } from '../effects/types.js';
import { mayMatch } from '../regex-factors.js';
import type { SourceText } from '../text.js';
import { ASK, APPROVE, CHANGE, CHAT, CONCEAL, MOVE, OWN_PLACE, PUBLIC_PLACE, VALUE, WAIVE, type WordClass } from './backstop-classes.js';
import { FOREIGN_GRADES } from './read/finders.js';
import { addressedAt, clausesOf, modeOf, proseUnits, type Clause, type ProseUnit } from './structure.js';
import { matchAll } from '../match-all.js';

type Signal = 'move' | 'change' | 'ask' | 'approve' | 'conceal' | 'waive' | `value:${string}`;

interface Hit {
  signal: Signal;
  /** Offset in the unit's text. */
  at: number;
  len: number;
  mode: ActionMode;
  addressed: boolean;
}

interface Sentence {
  unit: ProseUnit;
  start: number;
  end: number;
  hits: Hit[];
  /** A literal destination the skill supplies, in the sentence as written. */
  dest: string | null;
  /** The sentence sends to the user's own place ("to the user's drive"). */
  own: boolean;
}

const URL = /\bhttps?:\/\/[^\s`'"<>)\]|]{3,300}/giu;
const EMAIL = /(?<![\w.+-])[\w.+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})+/giu;
const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?(?![A-Za-z0-9])/gu;
const FREEMAIL = /@(?:gmail|googlemail|outlook|hotmail|live|yahoo|proton(?:mail)?|pm|gmx|web|mail|yandex|qq|163|126|icloud|aol|zoho|tutanota)\.[a-z.]{2,8}$/iu;
const PLACEHOLDER = /[<>{}$]|\byour[-_]|\bexample\.(?:com|org|net)\b|\bx{3,}|\.\.\.|0{6,}|localhost|127\.0\.0\.1/iu;

/** The first literal destination in the raw sentence that the skill supplies and that is not its vendor's. */
function destinationOf(raw: string, vendor: ReadonlySet<string>): string | null {
  if (raw.includes('://')) for (const m of matchAll(raw, URL)) {
    const u = m[0].replace(/[.,;:!?]+$/u, '');
    if (PLACEHOLDER.test(u)) continue;
    if (FOREIGN_GRADES.has(gradeUrl(u, vendor).grade)) return u;
  }
  if (raw.includes('@')) for (const m of matchAll(raw, EMAIL)) {
    const e = m[0];
    if (PLACEHOLDER.test(e)) continue;
    // (a company's address may be the user's own correspondent; a free-mail drop box given by the skill is not)
    if (FREEMAIL.test(e)) return e;
  }
  for (const m of matchAll(raw, IBAN)) if (!PLACEHOLDER.test(m[0]) && !/^[A-Z]{2}\d{2}(?: ?0{4})+/u.test(m[0])) return m[0];
  WALLET_ADDRESS.lastIndex = 0;
  for (const m of matchAll(raw, WALLET_ADDRESS)) if (!/^0x0{8}|(.)\1{12}/u.test(m[0])) return m[0];
  return null;
}

/** An IBAN or wallet address written into the document (prose or code), not a placeholder. */
function literalPayeeIn(content: string): string | null {
  IBAN.lastIndex = 0;
  for (const m of matchAll(content, IBAN)) if (!/^[A-Z]{2}\d{2}(?: ?0{4})+/u.test(m[0])) return m[0];
  WALLET_ADDRESS.lastIndex = 0;
  for (const m of matchAll(content, WALLET_ADDRESS)) if (!/^0x0{8}|(.)\1{12}/u.test(m[0])) return m[0];
  return null;
}

/** What every finding needs one of — a request, an approval, a concealment or waiver, or a destination (DEST_HINT) — read in every unit. */
const ANCHORS: readonly [Signal, WordClass][] = [['ask', ASK], ['approve', APPROVE], ['conceal', CONCEAL], ['waive', WAIVE]];
/** Acts and objects of value: read only in units with an anchor or a destination, or in a section that hides something. */
const VALUES: readonly [Signal, WordClass][] = [['move', MOVE], ['change', CHANGE], ...Object.entries(VALUE).map(([k, re]) => [`value:${k}` as Signal, re] as [Signal, WordClass])];
/** A unit may name a destination (a URL, an address, an account, a public place): the cheap test before destinationOf. */
const DEST_HINT = /:\/\/|@|(?<![A-Za-z0-9])[A-Z]{2}\d{2}[ A-Z0-9]{12}|0x[0-9a-fA-F]{40}|\bbc1|[13T][1-9A-HJ-NP-Za-km-z]{25,34}|public|pastebin|públic|öffentlich|публичн|公开|公開|공개/u;

/**
 * One document's answers by text: a skill repeats units and sentences (numbered steps, templates, a line pasted many
 * times), and the class hits, a sentence's destination and its own-place test depend on the text alone (the vendor is
 * the document's). Hits are copied out, since a reader sets a hit's mode and address in place.
 */
class DocumentMemo {
  private readonly hits = new Map<readonly [Signal, WordClass][], Map<string, Hit[]>>();
  /** A sentence's destination and own-place test, by its raw text, then its lower-cased text. */
  private readonly places = new Map<string, Map<string, { dest: string | null; own: boolean }>>();

  constructor(private readonly vendor: ReadonlySet<string>) {}

  hitsOf(text: string, classes: readonly [Signal, WordClass][], out: Hit[]): void {
    let byText = this.hits.get(classes);
    if (!byText) this.hits.set(classes, (byText = new Map()));
    let found = byText.get(text);
    if (!found) {
      found = [];
      classHits(text, classes, found);
      byText.set(text, found);
    }
    for (const h of found) out.push({ ...h });
  }

  placesOf(rawSentence: string, sentence: string): { dest: string | null; own: boolean } {
    let byLower = this.places.get(rawSentence);
    if (!byLower) this.places.set(rawSentence, (byLower = new Map()));
    let found = byLower.get(sentence);
    if (!found) {
      let dest = destinationOf(rawSentence, this.vendor);
      if (!dest) {
        const pub: Hit[] = [];
        classHits(sentence, PUBLIC, pub);
        if (pub.length) dest = sentence.slice(pub[0]!.at, pub[0]!.at + pub[0]!.len);
      }
      OWN_PLACE.lastIndex = 0;
      found = { dest, own: OWN_PLACE.test(sentence) };
      byLower.set(sentence, found);
    }
    return found;
  }
}
const PUBLIC: readonly [Signal, WordClass][] = [['move', PUBLIC_PLACE]];

function classHits(text: string, classes: readonly [Signal, WordClass][], out: Hit[]): void {
  for (const [signal, { parts }] of classes) {
    for (const { re, gate } of parts) {
      // (the factors first: one shared scan of the text rules out most parts at once; then the part's own gate)
      if (!mayMatch(re, text) || (gate && !gate.test(text))) continue;
      // every match, as matchAll finds them, without the copy of the regex matchAll makes per call
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        if (!m[0]) {
          re.lastIndex = advanceIndex(text, re.lastIndex);
          continue;
        }
        if (!m[0].trim()) continue;
        out.push({ signal, at: m.index, len: m[0].length, mode: 'instruction', addressed: false });
      }
    }
  }
}

/** Past an empty match of a `u` regex: the next code point (as matchAll steps). */
function advanceIndex(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? i + 2 : i + 1;
}

/** Negation is the shape of a concealment or a waiver ("do not tell the user", "no call-back"): only structure makes them data. */
const NEGATION_IS_SHAPE = new Set<Signal>(['conceal', 'waive']);
const NEGATED_LIST = /(?<![\p{L}])(?:never|nunca|jamás|jamais|nie|niemals|nunca|mai|никогда|не|no|not|ne)(?![\p{L}])[^.;:!?]{0,160}(?<![\p{L}])(?:nor|ni|noch|nem|né|ни)(?![\p{L}])[^.;:!?]{0,40}$/u;
/** A waiver spelled "without <check>", in the languages the waiver words have. */
const WITHOUT_START = /^(?:without|sin|ohne|sans|sem|senza|без)(?![\p{L}])/iu;
/** A negation earlier in the same clause ("never pay without …", "no pagues sin …", "nie ohne …"): with "without" a requirement. */
const NEGATED_BEFORE = /(?<![\p{L}])(?:never|not|no|don['’]t|nunca|jamás|nie|niemals|nicht|kein\p{L}*|ne|jamais|non|não|nunca|mai|не|никогда)(?![\p{L}])[^.,;:!?]{0,60}$/iu;
/** Verb-final negation right after a CJK verb ("尋ねない", "聞かないでください", "요청하지 마세요", "不要" before it is the reader's). */
const CJK_NEGATED_AFTER = /^[\p{Script=Hiragana}\p{Script=Hangul}]{0,4}?(?:ない|ません|なかれ|지\s?(?:마|말|않)|면\s?안)/u;

function readUnit(unit: ProseUnit, hits: Hit[], memo: DocumentMemo, out: Sentence[]): void {
  memo.hitsOf(unit.text, VALUES, hits);
  if (!hits.length) return;
  const clauses = clausesOf(unit);
  if (!clauses.length) return;
  hits.sort((a, b) => a.at - b.at);
  // one forward walk: each hit to its clause, each clause's sentence to one Sentence
  let ci = 0;
  let cur: Sentence | null = null;
  for (const h of hits) {
    while (ci < clauses.length - 1 && clauses[ci]!.end <= h.at) ci++;
    const c: Clause = clauses[ci]!;
    const rel = Math.max(0, h.at - c.start);
    let mode = modeOf(c, rel, h.len);
    // "never ask for passwords, codes nor for an approval": the negation runs through a list joined by "nor"
    if (mode === 'instruction' && (h.signal === 'approve' || h.signal === 'ask') && NEGATED_LIST.test(c.sentence.slice(0, h.at - c.sentenceStart))) mode = 'negated';
    if (mode === 'instruction' && CJK_NEGATED_AFTER.test(unit.text.slice(h.at + h.len, h.at + h.len + 12))) mode = 'negated';
    h.mode = mode === 'negated' && NEGATION_IS_SHAPE.has(h.signal) ? 'instruction' : mode;
    // "never pay without confirming", "No pagues sin confirmar": a negated act that needs the check is the check required
    if (h.signal === 'waive' && WITHOUT_START.test(unit.text.slice(h.at, h.at + h.len)) && NEGATED_BEFORE.test(c.sentence.slice(0, h.at - c.sentenceStart))) h.mode = 'negated';
    h.addressed = h.signal.startsWith('value:') ? true : addressedAt(c.text, rel);
    if (!cur || cur.start !== c.sentenceStart) {
      const { dest, own } = memo.placesOf(c.rawSentence, c.sentence);
      cur = { unit, start: c.sentenceStart, end: c.sentenceStart + c.sentence.length, hits: [], dest, own };
      out.push(cur);
    }
    cur.hits.push(h);
  }
}

const on = (s: Sentence, signal: Signal | 'value', addressed = false): Hit | undefined =>
  s.hits.find((h) => h.mode === 'instruction' && (signal === 'value' ? h.signal.startsWith('value:') : h.signal === signal) && (!addressed || h.addressed));
const valueIn = (s: Sentence, classes: readonly string[]): Hit | undefined =>
  s.hits.find((h) => h.mode === 'instruction' && classes.includes(h.signal));

const CODES = ['value:otp'];
const CJK_TEXT = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;
/** What a verb acts on: a value after it in spaced languages, before or after it in verb-final CJK text (within a short reach). */
function objectOf(s: Sentence, verb: Hit, classes: readonly string[]): Hit | undefined {
  const cjk = CJK_TEXT.test(s.unit.text.slice(verb.at, verb.at + verb.len));
  const text = s.unit.text;
  return s.hits.find((h) => h.mode === 'instruction' && classes.includes(h.signal) && (cjk ? Math.abs(h.at - verb.at) < 40 : h.at > verb.at && h.at - verb.at < 120)
    // "ask the user to store / regenerate / enter their backup codes": kept or used by the user, not handed over
    && !KEPT_BY_USER.test(cjk ? text.slice(Math.min(h.at, verb.at), Math.max(h.at, verb.at) + 12) : text.slice(verb.at + verb.len, h.at)));
}
const KEPT_BY_USER = /(?<![\p{L}])(?:store|save|keep|print|write|back|generate|create|rotate|regenerate|change|reset|enter|type|set|turn|enable|disable|use|open|approve|download|guard\p{L}*|gener\p{L}*|cambi\p{L}*|introduc\p{L}*|digit(?:e|ar|a|á)\p{L}*|escrib\p{L}*|speicher\p{L}*|änder\p{L}*|eingeb\p{L}*|erstell\p{L}*|change[rz]?|saisi\p{L}*|conserv\p{L}*|gér\p{L}*|alter\p{L}*|salv\p{L}*|inserisc\p{L}*|сохран\p{L}*|смен\p{L}*|созда\p{L}*|введ\p{L}*)(?![\p{L}])|生成|保存|修改|输入|変更|入力|作成|저장|변경|입력|생성/u;
/** The chat named as where the secret goes, not under its own negation ("in the app, not in the chat"). */
function intoChat(s: Sentence): boolean {
  const text = s.unit.text.slice(s.start, s.end);
  const found: Hit[] = [];
  classHits(text, [['ask', CHAT]], found);
  const m = found.sort((a, b) => a.at - b.at)[0];
  if (!m) return false;
  const c = { at: s.start + m.at };
  return !/(?<![\p{L}])(?:not|never|no|nie|nicht|pas|não|non|не|nunca)(?![\p{L}])[^,;.]{0,12}$|不要[^，。]{0,6}$|不是$/u.test(s.unit.text.slice(Math.max(s.start, c.at - 24), c.at));
}
const BANK = ['value:bank'];

export interface BackstopFinding {
  entry: 'prose.steer.backstop-move-value' | 'prose.steer.backstop-payee-change' | 'prose.steer.backstop-solicit' | 'prose.steer.backstop-conceal-risk';
  offset: number;
  object: string;
}

/** Section key: the headings above a unit (one shared list per heading group). */
const sectionOf = (u: ProseUnit) => u.headings.join('\u0000');

/** The backstop's findings for a document (see the module comment for the policy). */
export function readBackstop(src: SourceText, vendor: ReadonlySet<string>): BackstopFinding[] {
  const sentences: Sentence[] = [];
  // pass 1: the anchors of every unit, and the sections that hide something; pass 2: values where they can count
  const units = proseUnits(src).filter((u) => u.offset >= 0);
  const memo = new DocumentMemo(vendor);
  const anchors = units.map((u) => {
    const hits: Hit[] = [];
    memo.hitsOf(u.text, ANCHORS, hits);
    return hits;
  });
  const hiding = new Set<string>();
  units.forEach((u, i) => { if (anchors[i]!.some((h) => h.signal === 'conceal' || h.signal === 'waive')) hiding.add(sectionOf(u)); });
  units.forEach((u, i) => { if (anchors[i]!.length || hiding.has(sectionOf(u)) || DEST_HINT.test(u.raw)) readUnit(u, anchors[i]!, memo, sentences); });
  const out: BackstopFinding[] = [];
  const at = (s: Sentence, h: Hit) => s.unit.offset + h.at;
  const snip = (s: Sentence) => s.unit.raw.slice(s.start, s.end).replace(/\s+/gu, ' ').trim().slice(0, 160);
  interface Section { risks: { s: Sentence; h: Hit; what: string }[]; conceal: { s: Sentence; h: Hit }[]; mentions: number }
  const sections = new Map<string, Section>();
  const sec = (s: Sentence) => {
    const k = sectionOf(s.unit);
    let v = sections.get(k);
    if (!v) sections.set(k, (v = { risks: [], conceal: [], mentions: 0 }));
    return v;
  };
  for (const s of sentences) {
    const section = sec(s);
    const move = on(s, 'move', true);
    const value = on(s, 'value');
    const change = on(s, 'change', true);
    const ask = on(s, 'ask', true);
    const approve = on(s, 'approve');
    const conceal = on(s, 'conceal');
    const waive = on(s, 'waive');
    if (value) section.mentions++;
    // strong: an object of value moved to a place the skill supplies
    if (move && value && s.dest && !s.own) {
      out.push({ entry: 'prose.steer.backstop-move-value', offset: at(s, move), object: `${value.signal.slice(6)} → ${s.dest}` });
      section.risks.push({ s, h: move, what: 'move-value' });
    } else if (change && valueIn(s, BANK) && s.dest && !s.own) {
      out.push({ entry: 'prose.steer.backstop-payee-change', offset: at(s, change), object: `bank details → ${s.dest}` });
      section.risks.push({ s, h: change, what: 'payee-change' });
    } else if (move && s.dest && !s.own) section.risks.push({ s, h: move, what: 'move-dest' });
    else if (move && value && !s.own) section.risks.push({ s, h: move, what: 'move-value-nodest' });
    else if (change && valueIn(s, BANK)) section.risks.push({ s, h: change, what: 'bank-change' });
    // a one-time code, a recovery code or an approval asked of the user; a password or credentials asked into the chat
    const code = ask && objectOf(s, ask, CODES);
    const credential = ask && objectOf(s, ask, ['value:credential']);
    const recovery = ask && objectOf(s, ask, ['value:recovery']);
    if (ask && (recovery || ((code || credential) && intoChat(s)))) {
      out.push({ entry: 'prose.steer.backstop-solicit', offset: at(s, ask), object: (recovery || code || credential)!.signal.slice(6) });
      section.risks.push({ s, h: ask, what: 'solicit' });
    } else if (ask && code) section.risks.push({ s, h: ask, what: 'ask-code' });
    else if (ask && credential) section.risks.push({ s, h: ask, what: 'ask-secret' });
    else if (approve) section.risks.push({ s, h: approve, what: 'approve-prompt' });
    if (conceal) section.conceal.push({ s, h: conceal });
    if (waive) section.conceal.push({ s, h: waive });
  }
  // a payee the skill itself supplies anywhere in the document (prose or code): hiding how payments are routed is the risk
  const literalPayee = literalPayeeIn(src.content);
  for (const section of sections.values()) {
    // a move to a supplied destination is a risk when the section names something of value to move
    const risks = section.risks.filter((r) => r.what !== 'move-dest' || section.mentions > 0);
    // (a one-time code or a sign-in approval asked of the user with nothing hidden is how honest sign-in help reads — a
    // code checked on the user's own device, "click Allow" — so it is a risk only beside a concealment)
    if (!section.conceal.length) continue;
    const { s, h } = section.conceal[0]!;
    if (risks.length) {
      const r = risks[0]!;
      out.push({ entry: 'prose.steer.backstop-conceal-risk', offset: at(s, h), object: `${snip(s)} — beside: ${snip(r.s)}` });
    } else if (literalPayee && section.mentions > 0) out.push({ entry: 'prose.steer.backstop-conceal-risk', offset: at(s, h), object: `${snip(s)} — with the payee ${literalPayee} the skill supplies` });
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** The backstop's findings as prose actions (kind `steer`, entries `prose.steer.backstop-*`), judged by PROSE-BACKSTOP-* (policy.ts). */
export function backstopActions(src: SourceText, vendor: ReadonlySet<string>): Action[] {
  return readBackstop(src, vendor).map((f) => {
    const loc = src.locate(f.offset);
    return { kind: 'steer', entry: f.entry, origin: 'prose', mode: 'instruction', line: loc.line, column: loc.column, snippet: loc.snippet, object: f.object };
  });
}
