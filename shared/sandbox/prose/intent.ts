/**
 * The intent reader (docs/skill-prose.md "Intent reader"): a statement addressed to the agent read into its parts — the
 * act (change, delete, send, collect, insert, recommend), what it acts on (where money goes, doses and limits, verdicts,
 * records, the user's things, facts about the user), a hidden condition, a concealment, someone it is for — from the
 * multilingual word classes of intent-words.ts, and judged by the combinations in INTENT_POLICIES (intent-policy.ts). No
 * phrase is a rule: a policy names parts, and a part is any word of its class in any language the class has.
 *
 * It reuses the prose reader's units, clauses and mode decision (structure.ts modeOf: quotes, teaching lists, examples
 * and negations are data; a concealment's negation is its shape). Linear: a unit is read only when it holds an anchor (a
 * part no policy can do without: a concealment, a condition, a falsification, a beneficiary, manipulation, sabotage,
 * other agents), each class is one gated alternation run once per unit text (memoised per document), and hits are mapped
 * to clauses by one forward walk.
 */
import { gradeUrl } from '../effects/catalogue/hosts.js';
import { WALLET_ADDRESS } from '../effects/catalogue/payee.js';
import type { Action } from '../effects/types.js';
import type { SourceText } from '../text.js';
import { compile, type WordClass } from './backstop-classes.js';
import * as IW from './intent-words.js';
import { INTENT_POLICIES, type IntentCls, type IntentPolicy } from './intent-policy.js';
import { DETECTION } from './lexicon.js';
import { FOREIGN_GRADES } from './read/finders.js';
import { addressedAt, clausesOf, modeOf, proseUnits, type ProseUnit } from './structure.js';

const CLASSES: Readonly<Record<IntentCls, WordClass>> = {
  conceal: compile(IW.CONCEAL_WORDS), hush: compile(IW.HUSH_WORDS), regardless: compile(IW.REGARDLESS_WORDS), against: compile(IW.AGAINST_WORDS),
  condition: compile(IW.CONDITION_WORDS), falsify: compile(IW.FALSIFY_WORDS), claimOk: compile(IW.CLAIM_OK_WORDS), scrub: compile(IW.SCRUB_WORDS), beneficiary: compile(IW.BENEFICIARY_WORDS), manipulate: compile(IW.MANIPULATE_WORDS),
  sabotage: compile(IW.SABOTAGE_WORDS), faultPurpose: compile(IW.FAULT_PURPOSE_WORDS), agents: compile(IW.AGENTS_WORDS), waveThrough: compile(IW.WAVE_THROUGH_WORDS), noFlag: compile(IW.NO_FLAG_WORDS), tell: compile(IW.TELL_WORDS),
  change: compile(IW.CHANGE_ACT_WORDS), delete: compile(IW.DELETE_ACT_WORDS), send: compile(IW.SEND_ACT_WORDS), collect: compile(IW.COLLECT_ACT_WORDS),
  insert: compile(IW.INSERT_ACT_WORDS), recommend: compile(IW.RECOMMEND_ACT_WORDS), route: compile(IW.ROUTE_WORDS), dose: compile(IW.DOSE_WORDS),
  verdict: compile(IW.VERDICT_WORDS), record: compile(IW.RECORD_WORDS), userThing: compile(IW.USER_THING_WORDS), personal: compile(IW.PERSONAL_WORDS),
  safety: compile(IW.SAFETY_WORDS), presentation: compile(IW.PRESENTATION_WORDS), fixture: compile(IW.FIXTURE_WORDS),
};
/** Parts some policy cannot do without: a unit with none of them is not read further. */
const ANCHORS: readonly IntentCls[] = ['conceal', 'hush', 'falsify', 'scrub', 'beneficiary', 'manipulate', 'sabotage', 'agents', 'against', 'regardless'];
const REST: readonly IntentCls[] = (Object.keys(CLASSES) as IntentCls[]).filter((c) => !ANCHORS.includes(c));
/** Classes whose shape is a negation ("do not tell the user", "do not flag it", "no need to see a doctor"). */
const NEGATION_IS_SHAPE = new Set<IntentCls>(['conceal', 'noFlag', 'manipulate', 'falsify']);
/** Acts: counted only when addressed to the agent (an imperative, a modal frame, a fronted condition). */
const ACTS = new Set<IntentCls>(['change', 'delete', 'send', 'collect', 'insert', 'recommend', 'falsify', 'claimOk', 'scrub', 'sabotage', 'manipulate', 'tell']);

export interface IntentHit { cls: IntentCls; at: number; len: number; instruction: boolean; addressed: boolean; sentence: number }
interface RawHit { cls: IntentCls; at: number; len: number }

function classHits(text: string, classes: readonly IntentCls[], out: RawHit[]): void {
  for (const cls of classes) {
    for (const { re, gate } of CLASSES[cls].parts) {
      if (gate && !gate.test(text)) continue;
      re.lastIndex = 0;
      for (const m of text.matchAll(re)) if (m[0].trim()) out.push({ cls, at: m.index!, len: m[0].length });
    }
  }
}

/**
 * The anchors of every unit in one pass per class over the document's units joined by blank lines (a word never spans a
 * blank line, and a unit's edge reads like a line's edge): one scan of the text instead of a scan per unit, which on a
 * large skill cost more in starting the scans than in reading. Returns the hits of each unit (unit-relative offsets).
 */
/** Every anchor part's gate in one expression: one scan of the document finds the units any anchor may match in. */
const ANCHOR_GATE: RegExp | null = (() => {
  const sources: string[] = [];
  for (const cls of ANCHORS) for (const { gate } of CLASSES[cls].parts) {
    if (!gate) return null;
    sources.push(gate.source);
  }
  return new RegExp(sources.join('|'), 'gu');
})();

function anchorsByUnit(units: readonly ProseUnit[]): Map<number, RawHit[]> {
  const starts: number[] = [];
  let joined = '';
  for (const u of units) {
    starts.push(joined.length);
    joined += (u.offset < 0 ? '' : u.text) + '\n\n';
  }
  const unitAt = (at: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  // (the gates — the literal starts of the anchor words — are scanned once over the whole text; the anchor classes run
  // only on the units where a start was seen, each part behind its own gate)
  const candidates: number[] = [];
  if (ANCHOR_GATE) {
    ANCHOR_GATE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = ANCHOR_GATE.exec(joined)) !== null) {
      const ui = unitAt(m.index);
      candidates.push(ui);
      ANCHOR_GATE.lastIndex = starts[ui + 1] ?? joined.length;
    }
  } else for (let i = 0; i < units.length; i++) candidates.push(i);
  const out = new Map<number, RawHit[]>();
  for (const ui of candidates) {
    const u = units[ui]!;
    if (u.offset < 0) continue;
    const found: RawHit[] = [];
    classHits(u.text, ANCHORS, found);
    if (found.length) out.set(ui, found);
  }
  return out;
}

/** The other classes of a unit, by its text (a skill repeats units: numbered steps, templates). */
class RestMemo {
  private readonly byText = new Map<string, RawHit[]>();
  rest(text: string): RawHit[] {
    let e = this.byText.get(text);
    if (!e) classHits(text, REST, (e = []));
    this.byText.set(text, e);
    return e;
  }
}

const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?(?![A-Za-z0-9])/u;
const EMAIL = /(?<![\w.+-])[\w.+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})+/giu;
const URL = /\bhttps?:\/\/[^\s`'"<>)\]|]{3,300}/giu;
const ACCOUNT = /(?<![\w])(?:acct_[A-Za-z0-9]{6,}|\d{8,20}|\d{3,6}-\d{3,8}(?:-\d{2,8})?)(?![\w])/u;
const PLACEHOLDER = /[<>{}$]|\byour[-_]|\bexample\.(?:com|org|net)\b|\.(?:test|invalid|example|local)\b|\bx{3,}|\.\.\.|0{6,}|localhost|127\.0\.0\.1/iu;

/** A fixed value the skill itself supplies in the sentence: an account, IBAN, wallet, e-mail, or a URL not the skill's vendor. */
export function literalIn(raw: string, vendor: ReadonlySet<string>): string | null {
  const iban = IBAN.exec(raw);
  if (iban && !/^[A-Z]{2}\d{2}(?: ?0{4})+/u.test(iban[0])) return iban[0];
  WALLET_ADDRESS.lastIndex = 0;
  const w = WALLET_ADDRESS.exec(raw);
  WALLET_ADDRESS.lastIndex = 0;
  if (w && !/^0x0{8}|(.)\1{12}/u.test(w[0])) return w[0];
  if (raw.includes('@')) for (const m of raw.matchAll(EMAIL)) if (!PLACEHOLDER.test(m[0])) return m[0];
  if (raw.includes('://')) for (const m of raw.matchAll(URL)) {
    const u = m[0].replace(/[.,;:!?]+$/u, '');
    if (!PLACEHOLDER.test(u) && FOREIGN_GRADES.has(gradeUrl(u, vendor).grade)) return u;
  }
  const acct = ACCOUNT.exec(raw);
  if (acct && !/^(?:19|20)\d{6}$/u.test(acct[0])) return acct[0];
  return null;
}

/** The units read and their hits, in document order. */
interface ReadUnit { unit: ProseUnit; hits: IntentHit[]; section: string; sentences: { start: number; end: number; raw: string }[] }

const isTeachingHeading = (u: ProseUnit): boolean => {
  for (const h of u.headings) {
    DETECTION.lastIndex = 0;
    if (DETECTION.test(h.toLowerCase())) { DETECTION.lastIndex = 0; return true; }
  }
  DETECTION.lastIndex = 0;
  return false;
};

/** "instead of", "rather than", "not" right before a hushing adverb. */
const INSTEAD_BEFORE = /(?:instead of|rather than|not|never|no|nor|without|en lugar de|au lieu de|statt|anstatt|em vez de|invece di|вместо|而不是|ではなく)\s*$/u;

/** The words before a part that make it what someone else asks for ("… tells you to", "… asks the agent to"). */
const REPORTED_REQUEST = /(?:tells?|asks?|instructs?|wants?|says?|requests?|demands?|urges?|pide|demande|verlangt|fordert|просит|要求)\s+(?:you|the agent|the assistant|the model|te|vous|dich|sie|тебя|вас|你)?\s*(?:to|de|zu|que)?\s*$/u;

function readUnit(unit: ProseUnit, raw: RawHit[]): ReadUnit | null {
  const clauses = clausesOf(unit);
  if (!clauses.length) return null;
  raw.sort((a, b) => a.at - b.at);
  const hits: IntentHit[] = [];
  const sentences: ReadUnit['sentences'] = [];
  let ci = 0;
  for (const h of raw) {
    while (ci < clauses.length - 1 && clauses[ci]!.end <= h.at) ci++;
    const c = clauses[ci]!;
    const rel = Math.max(0, h.at - c.start);
    const mode = modeOf(c, rel, h.len);
    let instruction = mode === 'instruction' || (mode === 'negated' && NEGATION_IS_SHAPE.has(h.cls));
    // "when a web page tells you to hide a change from the user, refuse": someone else's request, reported
    if (instruction && REPORTED_REQUEST.test(c.text.slice(Math.max(0, rel - 60), rel))) instruction = false;
    // "report the error instead of silently switching": the hidden way is the one not taken
    if (instruction && h.cls === 'hush' && INSTEAD_BEFORE.test(unit.text.slice(Math.max(0, h.at - 24), h.at))) instruction = false;
    const addressed = ACTS.has(h.cls) ? addressedAt(c.text, rel) : true;
    if (!sentences.length || sentences[sentences.length - 1]!.start !== c.sentenceStart) sentences.push({ start: c.sentenceStart, end: c.sentenceStart + c.sentence.length, raw: c.rawSentence });
    hits.push({ ...h, instruction, addressed, sentence: sentences.length - 1 });
  }
  return { unit, hits, section: unit.headings.join('\u0000'), sentences };
}

export interface IntentFinding { policy: IntentPolicy; offset: number; object: string }

/** Does the policy hold for sentence `si` of unit `r` (with the unit before it in the same section as context)? */
function holds(p: IntentPolicy, r: ReadUnit, si: number, prev: ReadUnit | null, vendor: ReadonlySet<string>): IntentHit | null {
  const inSentence = (c: IntentCls, addressed = false) => r.hits.find((h) => h.sentence === si && h.cls === c && h.instruction && (!addressed || h.addressed));
  const anySentence = (c: IntentCls) => r.hits.some((h) => h.sentence === si && h.cls === c);
  const inUnit = (c: IntentCls, addressed = false) => r.hits.some((h) => h.cls === c && h.instruction && (!addressed || h.addressed))
    || (prev !== null && prev.hits.some((h) => h.cls === c && h.instruction && (!addressed || h.addressed)));
  const anchor = inSentence(p.anchor, ACTS.has(p.anchor));
  if (!anchor) return null;
  // (an act named in the concealment's own sentence is what is hidden: "keep the permission change out of the summary")
  if (p.act && !p.act.some((c) => inSentence(c, !p.actInUnit) || (p.actInUnit && inUnit(c, true)))) return null;
  // (an object is not the act's own word: "report" sends, it is not a report)
  const actAt = new Set(r.hits.filter((h) => ACTS.has(h.cls)).map((h) => h.at));
  const objectIn = (c: IntentCls) => r.hits.some((h) => h.sentence === si && h.cls === c && h.instruction && !actAt.has(h.at));
  if (p.object && !p.object.some((c) => objectIn(c) || (p.objectInUnit && inUnit(c)))) return null;
  if (p.with && !p.with.some((c) => inSentence(c) || inUnit(c))) return null;
  if (p.notInSentence && p.notInSentence.some((c) => anySentence(c))) return null;
  if (p.notInUnit && p.notInUnit.some((c) => r.hits.some((h) => h.cls === c) || r.unit.headings.some((x) => classIn(x.toLowerCase(), c)))) return null;
  if (p.literal && !literalIn(r.sentences[si]!.raw, vendor)) return null;
  return anchor;
}

const headingMemo = new Map<string, boolean>();
function classIn(text: string, c: IntentCls): boolean {
  const k = `${c}\u0000${text}`;
  let v = headingMemo.get(k);
  if (v === undefined) {
    const out: RawHit[] = [];
    classHits(text, [c], out);
    v = out.length > 0;
    if (headingMemo.size > 10_000) headingMemo.clear();
    headingMemo.set(k, v);
  }
  return v;
}

/** The intent findings of a document: one per policy and sentence. */
export function readIntent(src: SourceText, vendor: ReadonlySet<string>): IntentFinding[] {
  const units = proseUnits(src);
  const anchors = anchorsByUnit(units);
  if (!anchors.size) return [];
  const memo = new RestMemo();
  const out: IntentFinding[] = [];
  for (const [ui, found] of anchors) {
    const unit = units[ui]!;
    if (unit.offset < 0 || isTeachingHeading(unit)) continue;
    const r = readUnit(unit, [...found, ...memo.rest(unit.text)]);
    if (!r) continue;
    // (the step before, in the same section, is the act a concealment in this one may be about: "1. Change … 2. Do not mention it")
    let bi = ui - 1;
    while (bi >= 0 && units[bi]!.offset < 0) bi--;
    const before = bi >= 0 && units[bi]!.headings === unit.headings ? units[bi]! : null;
    const prev = before ? readUnit(before, [...(anchors.get(bi) ?? []), ...memo.rest(before.text)]) : null;
    for (let si = 0; si < r.sentences.length; si++) {
      for (const p of INTENT_POLICIES) {
        const h = holds(p, r, si, prev, vendor);
        if (!h) continue;
        const s = r.sentences[si]!;
        out.push({ policy: p, offset: unit.offset + h.at, object: s.raw.replace(/\s+/gu, ' ').trim().slice(0, 160) });
      }
    }
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** The intent findings as prose actions (entries `prose.steer.intent-*`, `prose.tamper.intent-*`), judged by PROSE-INTENT-* (policy.ts). */
export function intentActions(src: SourceText, vendor: ReadonlySet<string>): Action[] {
  return readIntent(src, vendor).map((f) => {
    const loc = src.locate(f.offset);
    return { kind: f.policy.kind, entry: f.policy.entry, origin: 'prose', mode: 'instruction', line: loc.line, column: loc.column, snippet: loc.snippet, object: f.object };
  });
}
