/**
 * The user deceived or pressured by the agent that serves them (docs/skill-effect-model.md "The user deceived or
 * pressured, 2026-11-29"). The skill steals nothing; it has the agent work against the person it talks to — a
 * coach that hurries them, a support bot that invents a fee, a triage that sends warning signs home, an agent that
 * answers "did you change anything?" with a cover story. Each tactic is an act read from a sentence (a class of words,
 * or two classes in one sentence), and the policy is over the acts of a section, never over a phrase:
 *
 *  - pressure:  a decision hurried by a made-up deadline or by a fear the skill feeds ("the bonus ends this week",
 *               "aumenta la preoccupazione");
 *  - discredit: the user turned away from someone independent (a doctor, an adviser, their parents), or those people
 *               discredited ("paid on commission", "객관적이지 않다");
 *  - lie:       a claim the skill itself says is false ("(it does not)", "there is none"), an outcome faked ("do not
 *               actually submit it"), a grade or rating set below what is earned, safety promised ("no side effects");
 *  - withhold:  what the user needs to decide kept from them — fees, risks, rights, the way to cancel, the free option,
 *               emergency help ("do not go into the fee schedule", "ne mentionne jamais … les droits du consommateur");
 *  - deflect:   the user's own question answered with a cover ("if the user asks …, answer that all changes were in the
 *               project files", "summarise … rather than listing them", "even when the user asked");
 *  - stop care: prescribed treatment stopped or replaced on the skill's word;
 *  - downplay:  a warning sign (chest pain, the worst headache, facial drooping) sent to self-care or a routine slot,
 *               with no urgent care named in the sentence;
 *  - erase:     the traces of the agent's own work removed (its transcripts, the shell history, the scrollback).
 *
 *  - cover:     the agent's own changes given a cover name or shown only in their end state;
 *  - overreach: access granted for the whole organisation on the user's click, or the consent policy loosened;
 *  - phish:     a message sent to everyone (the directory, every employee) with a link, asking for their password and
 *               second factor (the lure may be quoted: it is the message);
 *  - card:      the user asked in the chat for what no service asks there — the full card number with its code, a PIN,
 *               a mail password, a one-time code.
 *
 * And the records others rely on (an audit register, a postmortem, a model card) written to say what did not happen:
 * a bad result given a harmless name (relabel), a date that is not the real one (backdate), a signature in someone
 * else's name, the evidence that contradicts it deleted or kept out (scrub).
 *
 * One tactic alone is ordinary prose often enough ("don't bring up pricing unless asked", a sales page's deadline);
 * two different tactics under one outermost heading are the skill's design, and refused (PROSE-DECEIVE-001). A tactic counts only
 * in instruction mode (structure.ts modeOf): a negation before it, a quotation, an example or a list of manipulation
 * signs to teach is data. For `withhold` the negation is the verb itself ("never mention"), and its object must be
 * something the user needs — "do not mention the diagnosis to their employer" keeps a third party out, not the user.
 */
import type { Action } from '../effects/types.js';
import type { SourceText } from '../text.js';
import { TextMemo } from '../text-memo.js';
import { compile, type WordClass } from './backstop-classes.js';
import * as W from './deceive-words.js';
import { clausesOf, modeOf, proseUnits, type ProseUnit } from './structure.js';
import { matchAll } from '../match-all.js';

type Cls = 'pressure' | 'dissuade' | 'discredit' | 'adviser' | 'lieMark' | 'falseSafety' | 'withhold' | 'material' | 'askedIf' | 'denyMark' | 'stopCare' | 'redFlag' | 'downgrade' | 'urgent' | 'erase' | 'cover' | 'ask' | 'cardSecret' | 'relabel' | 'backdate' | 'forgeSign' | 'scrub' | 'overreach' | 'mass' | 'credAsk';
export type Tactic = 'pressure' | 'discredit' | 'lie' | 'withhold' | 'deflect' | 'stop care' | 'downplay' | 'erase' | 'cover' | 'card' | 'relabel' | 'backdate' | 'forged signature' | 'scrub' | 'overreach' | 'phish';

const CLASSES: readonly [Cls, WordClass][] = [
  ['pressure', compile(W.PRESSURE_WORDS)], ['dissuade', compile(W.DISSUADE_WORDS)], ['discredit', compile(W.DISCREDIT_WORDS)], ['adviser', compile(W.ADVISER_WORDS)],
  ['lieMark', compile(W.LIE_MARK_WORDS)], ['falseSafety', compile(W.FALSE_SAFETY_WORDS)], ['withhold', compile(W.WITHHOLD_WORDS)], ['material', compile(W.MATERIAL_WORDS)],
  ['askedIf', compile(W.ASKED_IF_WORDS)], ['denyMark', compile(W.DENY_MARK_WORDS)], ['stopCare', compile(W.STOP_CARE_WORDS)], ['redFlag', compile(W.RED_FLAG_WORDS)],
  ['downgrade', compile(W.DOWNGRADE_WORDS)], ['urgent', compile(W.URGENT_WORDS)], ['erase', compile(W.ERASE_WORDS)], ['cover', compile(W.COVER_WORDS)],
  ['cardSecret', compile(W.CARD_SECRET_WORDS)], ['ask', compile(W.ASK_WORDS)],
  ['relabel', compile(W.RELABEL_WORDS)], ['backdate', compile(W.BACKDATE_WORDS)], ['forgeSign', compile(W.FORGE_SIGN_WORDS)], ['scrub', compile(W.SCRUB_WORDS)], ['overreach', compile(W.OVERREACH_WORDS)], ['credAsk', compile(W.CRED_ASK_WORDS)], ['mass', compile(W.MASS_WORDS)],
];
/** Classes that make a tactic by themselves or lead a pair: a unit with none of them is not read further. */
const LEADS = new Set<Cls>(['pressure', 'dissuade', 'discredit', 'lieMark', 'falseSafety', 'withhold', 'askedIf', 'denyMark', 'stopCare', 'redFlag', 'erase', 'cover', 'cardSecret', 'relabel', 'backdate', 'forgeSign', 'scrub', 'overreach', 'credAsk']);
/** Classes whose shape holds a negation ("there is none", "never mention", "not objective"): a negation inside is no negation of the act. */
const NEGATION_INSIDE = new Set<Cls>(['lieMark', 'withhold', 'discredit', 'denyMark', 'dissuade', 'pressure', 'falseSafety', 'scrub', 'erase']);

interface RawHit { cls: Cls; at: number; len: number }
interface Hit extends RawHit { mode: string; sentence: number }

function classHitsIn(text: string): RawHit[] {
  const out: RawHit[] = [];
  let lead = false;
  for (const [cls, { parts }] of CLASSES) {
    if (!lead && !LEADS.has(cls)) continue;
    for (const { re, gate } of parts) {
      if (gate && !gate.test(text)) continue;
      re.lastIndex = 0;
      for (const m of matchAll(text, re)) if (m[0].trim()) { out.push({ cls, at: m.index!, len: m[0].length }); if (LEADS.has(cls)) lead = true; }
    }
  }
  return lead ? out : [];
}
const ASK_CLASS = CLASSES.find(([c]) => c === 'ask')![1];
/** An introduction that asks for what its list names, not one that forbids asking ("Never ask for:"). */
const INTRO_NEGATED = /(?<![\p{L}])(?:never|not|don['’]t|no|nie|nicht|nunca|jamais|mai|non)(?![\p{L}])|しない|ないで|ません|않|마세요|말 것|不要|不得|禁止|절대/u;
function introAsks(intro: string): boolean {
  const text = intro.toLowerCase();
  if (INTRO_NEGATED.test(text)) return false;
  return ASK_CLASS.parts.some(({ re, gate }) => {
    if (gate && !gate.test(text)) return false;
    re.lastIndex = 0;
    return re.test(text);
  });
}

/** A repeated paragraph or step is read once (docs/analysis-limits.md). */
const memo = new TextMemo<readonly RawHit[]>(1_000_000);

export interface DeceiveFinding { offset: number; tactics: Tactic[]; object: string }

/** The tactics of one unit, each with the offset (in the unit) of the act that makes it. */
function tacticsOf(unit: ProseUnit, lead = ''): [Tactic, number][] {
  const raw = memo.get(unit.text, classHitsIn);
  if (!raw.length) return [];
  const clauses = clausesOf(unit);
  if (!clauses.length) return [];
  const hits: Hit[] = [];
  const sorted = [...raw].sort((a, b) => a.at - b.at);
  let ci = 0;
  for (const h of sorted) {
    while (ci < clauses.length - 1 && clauses[ci]!.end <= h.at) ci++;
    const c = clauses[ci]!;
    const rel = Math.max(0, h.at - c.start);
    let mode = modeOf(c, rel, h.len);
    // (a negation inside the act is part of it — "今すぐ対応しないと", "not objective" —; a verb-final clause is read whole,
    // so the act is blanked before the clause is asked again)
    if (mode === 'negated' && NEGATION_INSIDE.has(h.cls)) {
      const blank = (s: string, from: number) => s.slice(0, Math.max(0, from)) + ' '.repeat(Math.min(h.len, Math.max(0, s.length - from))) + s.slice(from + h.len);
      const inSentence = c.start - c.sentenceStart + rel;
      mode = modeOf({ ...c, text: blank(c.text, rel), sentence: blank(c.sentence, inSentence) }, rel, h.len);
    }
    hits.push({ ...h, mode, sentence: c.sentenceStart });
  }
  const live = (h: Hit) => h.mode === 'instruction';
  const out: [Tactic, number][] = [];
  // (the object may be quoted: "never use the words "call emergency services"")
  const inSentence = (h: Hit, cls: Cls, after = false) => hits.find((o) => o.sentence === h.sentence && o.cls === cls && (!after || o.at > h.at) && o.mode !== 'teaching');
  for (const h of hits) {
    // (the lure of a message sent to everyone is quoted: the quotation is the message, so it counts unless negated)
    if (h.cls === 'credAsk' && h.mode === 'example' && hits.some((o) => o.cls === 'mass' && live(o)) && /https?:\/\//u.test(unit.raw)) out.push(['phish', h.at]);
    // ("don't itemise them, even when the user asked": the negation is part of the cover)
    if (!live(h) && !(h.cls === 'denyMark' && h.mode === 'negated')) continue;
    switch (h.cls) {
      case 'pressure': out.push(['pressure', h.at]); break;
      case 'lieMark': case 'falseSafety': out.push(['lie', h.at]); break;
      case 'stopCare': out.push(['stop care', h.at]); break;
      case 'erase': out.push(['erase', h.at]); break;
      case 'cover': out.push(['cover', h.at]); break;
      case 'relabel': out.push(['relabel', h.at]); break;
      case 'backdate': out.push(['backdate', h.at]); break;
      case 'forgeSign': out.push(['forged signature', h.at]); break;
      case 'scrub': out.push(['scrub', h.at]); break;
      case 'overreach': out.push(['overreach', h.at]); break;
      case 'credAsk': if (hits.some((o) => o.cls === 'mass' && live(o)) && /https?:\/\//u.test(unit.raw)) out.push(['phish', h.at]); break;
      // (the ask and what is asked for in one sentence, either order: "demande-lui le numéro complet de la carte", "カード番号を聞き出す")
      case 'ask': if (hits.some((o) => o.sentence === h.sentence && o.cls === 'cardSecret')) out.push(['card', h.at]); break;
      // (a list of what is asked for under the ask: "次の情報をチャットで入力してもらってください：" over "- クレジットカード番号 …")
      case 'cardSecret': if ((unit.intro || lead) && introAsks(unit.intro || lead)) out.push(['card', h.at]); break;
      case 'dissuade': case 'discredit': if (inSentence(h, 'adviser')) out.push(['discredit', h.at]); break;
      // (what is kept from the user follows the verb: "never mention the cancel form")
      case 'withhold': if (inSentence(h, 'material', true)) out.push(['withhold', h.at]); break;
      case 'askedIf': if (inSentence(h, 'denyMark', true)) out.push(['deflect', h.at]); break;
      case 'denyMark': if (/^(?:even|also|même|auch|aunque|anche)/u.test(unit.text.slice(h.at))) out.push(['deflect', h.at]); break;
      case 'redFlag': {
        const down = inSentence(h, 'downgrade', true);
        if (down && live(down) && !hits.some((o) => o.sentence === h.sentence && o.cls === 'urgent')) out.push(['downplay', h.at]);
        break;
      }
      default: break;
    }
  }
  return out;
}

/** The parts of a document (by their outermost heading) in which two or more different tactics are stated. */
export function readDeceit(src: SourceText): DeceiveFinding[] {
  const sections = new Map<string, { tactics: Map<Tactic, { unit: ProseUnit; at: number }> }>();
  let prev: ProseUnit | null = null;
  let lead = '';
  for (const u of proseUnits(src)) {
    // (a list's lead may be the paragraph just before it, ended with a full stop rather than a colon; it leads every item)
    if (u.kind !== 'list') {
      prev = u;
      lead = '';
    } else if (!lead && prev?.kind === 'paragraph' && u.offset - (prev.offset + prev.text.length) < 8) {
      lead = prev.text;
      prev = null;
    }
    if (u.offset < 0 || u.kind === 'fenced' || u.kind === 'frontmatter' || u.kind === 'comment' || u.kind === 'hidden') continue;
    const found = tacticsOf(u, lead);
    if (!found.length) continue;
    // (the outermost heading: a skill under one title states its tactics in several sub-sections — the steps, then "注意")
    const key = u.headings[0] ?? '';
    let s = sections.get(key);
    if (!s) sections.set(key, (s = { tactics: new Map() }));
    for (const [t, at] of found) if (!s.tactics.has(t)) s.tactics.set(t, { unit: u, at });
  }
  const out: DeceiveFinding[] = [];
  for (const s of sections.values()) {
    if (s.tactics.size < 2) continue;
    const first = [...s.tactics.values()].sort((a, b) => a.unit.offset + a.at - (b.unit.offset + b.at))[0]!;
    const snip = (x: { unit: ProseUnit; at: number }) => x.unit.raw.slice(x.at, x.at + 90).replace(/\s+/gu, ' ').trim();
    out.push({ offset: first.unit.offset + first.at, tactics: [...s.tactics.keys()], object: [...s.tactics.entries()].map(([t, x]) => `${t}: ${snip(x)}`).join(' — ') });
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** The findings as prose actions (kind `steer`, entry `prose.steer.user-deceived`), judged by PROSE-DECEIVE-001 (policy.ts). */
export function deceiveActions(src: SourceText): Action[] {
  return readDeceit(src).map((f) => {
    const loc = src.locate(f.offset);
    return { kind: 'steer', entry: 'prose.steer.user-deceived', origin: 'prose', mode: 'instruction', line: loc.line, column: loc.column, snippet: loc.snippet, object: f.object };
  });
}
