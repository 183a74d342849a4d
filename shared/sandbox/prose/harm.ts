/**
 * Fraud against the owner's customers or employer, and privacy harm to third parties, stated in prose in any language
 * (docs/skill-effect-model.md "Fraud against customers, privacy of third parties, 2026-11-28"). The skill steals no
 * secret from the user; it tells the agent to do harm to the people the user's business deals with. Three policies over
 * the actions a section states, each a combination of word classes (harm-words.ts), never a phrase:
 *
 *  (a) money or value redirected — a side account the skill names (a holding, reserve, custody or transit account; an
 *      account, key or wallet written out) or an allow-list entry, with money in the section; bank details taken from an
 *      unverified message; an amount split to stay under an approval limit; billing kept on after a cancellation.
 *      Refused (PROSE-FRAUD-001/002) when the section also takes the check away, keeps it from those concerned, or
 *      records something other than what was done; a side account put in the payee's place alone is escalated
 *      (PROSE-FRAUD-004);
 *  (b) deception of third parties — reviews, evidence, receipts or records fabricated (forged, backdated, written as if
 *      from others) and handed on (published, submitted) or kept quiet: refused (PROSE-FRAUD-003);
 *  (c) personal data moved beyond its purpose — health, contacts, recordings, identity documents, private messages,
 *      location, family, finances or union activity sent to advertisers, data brokers, a vendor's training set, a
 *      public place or an outside party (or, for naming and shaming, to management or to the person's contacts):
 *      refused (PROSE-PRIVACY-001) when the section also keeps it from the people (before consent, not told, no
 *      redaction, opt-outs ignored); escalated (PROSE-PRIVACY-002) when one sentence sends such data to such a place.
 *
 * A class counts only in instruction mode (structure.ts modeOf: negations, quotes, examples and teaching are data);
 * for the classes whose shape is a negation ("do not mention", "keine Rückfrage", "לא מיידעים") the negation is kept.
 * Languages whose negation the shared lexicon lacks (Hebrew, Arabic, Vietnamese …) get it here, for these classes.
 */
import { WALLET_ADDRESS } from '../effects/catalogue/payee.js';
import type { Action } from '../effects/types.js';
import type { SourceText } from '../text.js';
import * as W from './harm-words.js';
import { compile, type WordClass } from './backstop-classes.js';
import { TextMemo } from '../text-memo.js';
import { clausesOf, modeOf, proseUnits, type Clause, type ProseUnit } from './structure.js';
import { matchAll } from '../match-all.js';

type Cls = 'tell' | 'money' | 'side' | 'redirect' | 'allowAdd' | 'payee' | 'change' | 'unverified' | 'waive' | 'conceal' | 'falseRecord' | 'keepBilling' | 'cancel'
  | 'split' | 'under' | 'fabricate' | 'artifact' | 'publish' | `personal:${string}` | 'outside' | 'misuse' | 'move' | 'noConsent' | 'identify';

const CHANGE_WORDS = ['update\\p{L}*', 'change', 'switch', 'swap', 'nouvel\\p{L}*', 'nouveau', 'mets à jour', 'nuevo', 'nueva', 'novo', 'nova', 'nuovo', 'replace', 'overwrite', 'enter', 'write', 'set', 'use the new', 'new', 'trage', 'eintragen', 'ändere', 'neue\\p{L}?', 'actualiza', 'atualiz\\p{L}*', 'modifie', 'aggiorna', 'zmień', 'nowy', 'cập nhật', 'mới', 'ubah', 'baru', 'עדכן', 'חדש\\p{L}*', 'حدّث', 'جديد\\p{L}*', '更新', '修改', '新的', '変更', '新しい', '변경', '새'];

/** The word classes, compiled once, each in small parts behind a gate of their literal starts (backstop-classes.ts). */
const CLASSES: readonly [Cls, WordClass][] = [
  ['money', compile(W.MONEY_WORDS)], ['side', compile(W.SIDE_ACCOUNT_WORDS)], ['redirect', compile(W.REDIRECT_WORDS)], ['allowAdd', compile(W.ALLOW_ADD_WORDS)],
  ['payee', compile(W.PAYEE_DETAIL_WORDS)], ['change', compile(CHANGE_WORDS)], ['unverified', compile(W.UNVERIFIED_SOURCE_WORDS)], ['waive', compile(W.WAIVE_WORDS)], ['conceal', compile([...W.CONCEAL_TELL_WORDS, ...W.CONCEAL_RECORD_WORDS])], ['tell', compile(W.CONCEAL_TELL_WORDS)],
  ['falseRecord', compile(W.FALSE_RECORD_WORDS)], ['keepBilling', compile(W.KEEP_BILLING_WORDS)], ['cancel', compile(W.CANCEL_WORDS)], ['split', compile(W.SPLIT_WORDS)], ['under', compile(W.UNDER_LIMIT_WORDS)],
  ['fabricate', compile(W.FABRICATE_WORDS)], ['artifact', compile(W.ARTIFACT_WORDS)], ['publish', compile(W.PUBLISH_WORDS)],
  ...Object.entries(W.PERSONAL_WORDS).map(([k, v]) => [`personal:${k}` as Cls, compile(v)] as [Cls, WordClass]),
  ['outside', compile(W.OUTSIDE_WORDS)], ['misuse', compile(W.MISUSE_WORDS)], ['move', compile(W.MOVE_WORDS)], ['noConsent', compile(W.NO_CONSENT_WORDS)], ['identify', compile(W.IDENTIFY_WORDS)],
];
/** Classes one of which every policy needs in the section it judges. */
const RARE = new Set<Cls>(['side', 'allowAdd', 'redirect', 'unverified', 'split', 'keepBilling', 'fabricate', 'outside', 'misuse', 'identify']);
/** Classes whose shape is a negation: "do not mention", "keine Rückfrage", "Customers are not told". */
const NEGATION_IS_SHAPE = new Set<Cls>(['waive', 'conceal', 'tell', 'noConsent']);
/** Classes that name a place: a quoted name ("partner data programme", "leadshare-partners") is still the place. */
const QUOTED_IS_NAME = new Set<Cls>(['outside', 'side', 'misuse']);

/** Negations the shared lexicon lacks, before a word in the same clause (Hebrew, Arabic, Vietnamese, Chinese, Korean). */
const EXTRA_NEGATION = /(?<![\p{L}])(?:לא|אל|אין|ללא|بدون|لا|لن|ليس|ولا|không|đừng|chưa|jangan|tidak|bukan|nie|nigdy|ani)(?![\p{L}])[^.;:!?。]{0,40}$|(?:不|禁止|不得|切勿|从不|绝不)[^。；]{0,12}$/u;
/** A waiver spelled "without …" after a negation is the check required: "never pay without a call-back". */
const WITHOUT_START = /^(?:without|sin|ohne|sans|sem|senza|bez|tanpa|ללא|بدون|دون)(?![\p{L}])/u;
const NEGATED_BEFORE = /(?<![\p{L}])(?:never|not|no|don['’]t|nunca|jamás|nie|niemals|nicht|kein\p{L}*|ne|jamais|non|não|mai|không|לא|لا)(?![\p{L}])[^.,;:!?]{0,60}$/u;

/** What is kept out of logs and screens to protect it. */
const PROTECTED_SECRET = /^\s*(?:the |a |any |their |its |full )?(?:card|pan\b|cvv|cvc|password|passwords|token|tokens|secret|secrets|api key|keys?\b|pin\b|iban in (?:the )?logs?|credentials?)/u;

interface Hit { cls: Cls; at: number; len: number; instruction: boolean }
interface Sentence { unit: ProseUnit; start: number; hits: Hit[] }

/** A side account written out in the prose: a connected account, an IBAN, a wallet, a Pix key, a long account number. */
const WRITTEN_ACCOUNT = /(?<![\w])acct_[A-Za-z0-9]{6,}|(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?![A-Za-z0-9])|(?<![\d])\d{4}(?: \d{4}){2,4}(?: \d{1,4})?(?![\d])/u;

type RawHit = { cls: Cls; at: number; len: number };
/** The class hits of a text, for the classes `which` admits, before their mode is decided. */
function classHitsIn(text: string, which: (cls: Cls) => boolean, into: RawHit[] = []): RawHit[] {
  for (const [cls, { parts }] of CLASSES) {
    if (!which(cls)) continue;
    for (const { re, gate } of parts) {
      if (gate && !gate.test(text)) continue;
      re.lastIndex = 0;
      for (const m of matchAll(text, re)) if (m[0].trim()) into.push({ cls, at: m.index!, len: m[0].length });
    }
  }
  return into;
}

const isRare = (c: Cls) => RARE.has(c);
const isCommon = (c: Cls) => !RARE.has(c);
const isPersonal = (c: Cls) => c.startsWith('personal:');
/**
 * The hits of each class group remembered per unit text (bounded): a skill that repeats a step or a paragraph reads it
 * once (docs/analysis-limits.md). The remembered hits are never changed: a unit's list is a copy.
 */
const GROUPS = [isRare, isCommon, isPersonal] as const;
const groupMemos = GROUPS.map(() => new TextMemo<readonly RawHit[]>(1_000_000));
function rawHitsOf(unit: ProseUnit, which: (typeof GROUPS)[number], into: RawHit[] = []): RawHit[] {
  const memo = groupMemos[GROUPS.indexOf(which)]!;
  for (const h of memo.get(unit.text, (t) => classHitsIn(t, which))) into.push(h);
  return into;
}

function hitsOf(unit: ProseUnit, clauses: readonly Clause[], raw: RawHit[]): Sentence[] {
  if (!raw.length) return [];
  raw.sort((a, b) => a.at - b.at);
  const out: Sentence[] = [];
  let ci = 0;
  let cur: Sentence | null = null;
  for (const h of raw) {
    while (ci < clauses.length - 1 && clauses[ci]!.end <= h.at) ci++;
    const c = clauses[ci]!;
    const rel = Math.max(0, h.at - c.start);
    let mode = modeOf(c, rel, h.len);
    if (mode === 'instruction' && EXTRA_NEGATION.test(c.text.slice(0, rel))) mode = 'negated';
    if (mode === 'example' && QUOTED_IS_NAME.has(h.cls) && (unit.kind === 'paragraph' || unit.kind === 'list')) mode = 'instruction';
    let instruction = mode === 'instruction' || (mode === 'negated' && NEGATION_IS_SHAPE.has(h.cls));
    if (instruction && NEGATION_IS_SHAPE.has(h.cls) && WITHOUT_START.test(unit.text.slice(h.at, h.at + h.len)) && NEGATED_BEFORE.test(c.sentence.slice(0, h.at - c.sentenceStart))) instruction = false;
    // "do not log the card number", "never show the token": protecting a secret, not hiding a change
    if ((h.cls === 'conceal' || h.cls === 'tell') && PROTECTED_SECRET.test(unit.text.slice(h.at + h.len, h.at + h.len + 40))) instruction = false;
    // "a report that looks split", "possible split": splitting detected, not done
    if (h.cls === 'split' && (W.SPLIT_DETECTED.test(unit.text.slice(Math.max(0, h.at - 24), h.at)) || W.SPLIT_DETECTED_AFTER.test(unit.text.slice(h.at + h.len, h.at + h.len + 16)))) instruction = false;
    if (!cur || cur.start !== c.sentenceStart) out.push((cur = { unit, start: c.sentenceStart, hits: [] }));
    cur.hits.push({ ...h, instruction });
  }
  return out;
}

export interface HarmFinding {
  entry: 'prose.tamper.value-redirected' | 'prose.tamper.amount-bent' | 'prose.tamper.fabricated-record' | 'prose.steer.side-account' | 'prose.steer.personal-data-misuse' | 'prose.steer.personal-data-outside';
  offset: number;
  object: string;
}

const has = (s: Sentence, cls: Cls | 'personal') => s.hits.find((h) => h.instruction && (cls === 'personal' ? h.cls.startsWith('personal:') : h.cls === cls));

/** The fraud and privacy findings of a document (see the module comment for the policy). */
export function readHarm(src: SourceText): HarmFinding[] {
  const units = proseUnits(src).filter((u) => u.offset >= 0 && u.kind !== 'fenced' && u.kind !== 'frontmatter');
  // (modes are decided, and the common classes read, only in sections holding a class no policy can do without — a side
  // account, an unverified source, a split, billing kept on, a fabrication, an outside place — and, when one of those is an
  // outside place, wherever personal data is named: most documents stop after the rare classes)
  const raw = units.map((u) => ({ unit: u, key: u.headings.join('\u0000'), hits: rawHitsOf(u, isRare) }));
  const needed = new Set<string>();
  let outsideAnywhere = false;
  for (const r of raw) for (const h of r.hits) {
    needed.add(r.key);
    // (management or the board alone is everyday prose; a place outside the business or a watch list is not)
    if (h.cls === 'outside' || h.cls === 'identify') outsideAnywhere = true;
  }
  if (!needed.size) return [];
  for (const r of raw) {
    if (needed.has(r.key)) rawHitsOf(r.unit, isCommon, r.hits);
    else if (outsideAnywhere) rawHitsOf(r.unit, isPersonal, r.hits);
  }
  const sections = new Map<string, Sentence[]>();
  for (const r of raw) {
    if (!r.hits.length || !(needed.has(r.key) || (outsideAnywhere && r.hits.some((h) => h.cls.startsWith('personal:'))))) continue;
    const clauses = clausesOf(r.unit);
    if (!clauses.length) continue;
    let list = sections.get(r.key);
    if (!list) sections.set(r.key, (list = []));
    list.push(...hitsOf(r.unit, clauses, r.hits));
  }
  const out: HarmFinding[] = [];
  // (the personal data a section sends may be named in another: "read the DMs" under Sources, "send the table" under Report)
  const personalInDoc = [...sections.values()].flat().filter((s) => has(s, 'personal'));
  const snip = (s: Sentence) => s.unit.raw.slice(s.start, s.start + 140).replace(/\s+/gu, ' ').trim();
  for (const sents of sections.values()) {
    // (the first sentence holding each class in instruction mode, and the classes present in any mode, in one pass: a
    // section of thousands of sentences is read once, not once per question)
    const firstWith = new Map<Cls | 'personal', Sentence>();
    const present = new Set<Cls>();
    for (const s of sents) for (const h of s.hits) {
      present.add(h.cls);
      if (!h.instruction) continue;
      if (!firstWith.has(h.cls)) firstWith.set(h.cls, s);
      if (h.cls.startsWith('personal:') && !firstWith.has('personal')) firstWith.set('personal', s);
    }
    const any = (cls: Cls | 'personal') => firstWith.get(cls);
    const money = firstWith.has('money');
    const guard = any('waive') ?? any('conceal') ?? any('falseRecord');
    const at = (s: Sentence, cls: Cls | 'personal') => s.unit.offset + (has(s, cls)?.at ?? 0);
    let moneyDone = false;
    // (a) a side account or an allow-list entry the skill writes out, with money in the section
    if (money) {
      // (an account written out counts only where the section says to put money there: a side account named, entries
      // added, a payee replaced — an example IBAN in payment docs is not one)
      const placed = any('side') ?? any('allowAdd') ?? any('redirect');
      const side = placed && (any('side') ?? any('allowAdd') ?? sents.find((s) => writtenAccount(s.unit.raw.slice(s.start, s.start + 400)) || hasWallet(s.unit.raw)));
      if (side && guard) {
        out.push({ entry: 'prose.tamper.value-redirected', offset: side.unit.offset + (side.hits[0]?.at ?? 0), object: `${snip(side)} — with: ${snip(guard)}` });
        moneyDone = true;
      } else if (side && has(side, 'side') && has(side, 'redirect')) {
        out.push({ entry: 'prose.steer.side-account', offset: at(side, 'side'), object: snip(side) });
        moneyDone = true;
      }
    }
    // (a) bank details taken from an unverified message, the check taken away
    const fromMessage = sents.find((s) => has(s, 'payee') && has(s, 'change') && has(s, 'unverified'));
    if (!moneyDone && fromMessage && (any('waive') ?? any('conceal'))) {
      out.push({ entry: 'prose.tamper.value-redirected', offset: at(fromMessage, 'payee'), object: `bank details from an unverified message: ${snip(fromMessage)}` });
    }
    // (a) amounts: split to stay under a limit; billing kept on after a cancellation, with the customer told otherwise
    // (amounts: "keep components under 200 lines; split otherwise" splits no money)
    const split = money ? sents.find((s) => has(s, 'split') && has(s, 'under')) : undefined;
    if (split) out.push({ entry: 'prose.tamper.amount-bent', offset: at(split, 'split'), object: `split to stay under a limit: ${snip(split)}` });
    const keep = any('keepBilling');
    if (keep && present.has('cancel') && (any('conceal') ?? any('falseRecord') ?? any('waive'))) {
      out.push({ entry: 'prose.tamper.amount-bent', offset: at(keep, 'keepBilling'), object: `billing kept on after a cancellation: ${snip(keep)}` });
    }
    // (b) a record, review or piece of evidence fabricated and handed on or kept quiet
    const fab = sents.find((s) => has(s, 'fabricate'));
    if (fab && present.has('artifact') && (any('publish') ?? any('conceal') ?? any('waive'))) {
      out.push({ entry: 'prose.tamper.fabricated-record', offset: at(fab, 'fabricate'), object: snip(fab) });
    }
    // (c) personal data beyond its purpose
    const personal = sents.filter((s) => has(s, 'personal'));
    if (personalInDoc.length) {
      const categories = [...new Set((personal.length ? personal : personalInDoc).flatMap((s) => s.hits.filter((h) => h.instruction && h.cls.startsWith('personal:')).map((h) => h.cls.slice(9))))];
      const outside = any('outside');
      const misuse = any('misuse') ?? any('identify');
      // (told, not recorded: "do not log card numbers" protects the people; "customers are not told" keeps it from them)
      const keptFrom = any('noConsent') ?? any('tell') ?? any('waive');
      const moved = any('move');
      if ((outside || misuse) && moved && keptFrom) {
        const s = outside ?? misuse!;
        out.push({ entry: 'prose.steer.personal-data-misuse', offset: s.unit.offset + (s.hits[0]?.at ?? 0), object: `${categories.join(', ')} → ${snip(s)} — with: ${snip(keptFrom)}` });
      } else {
        const one = personal.find((s) => has(s, 'outside') && has(s, 'move'));
        if (one) out.push({ entry: 'prose.steer.personal-data-outside', offset: at(one, 'outside'), object: `${categories.join(', ')}: ${snip(one)}` });
      }
    }
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** An account written out, not a test card or an example ("test card 4242 4242 4242 4242", "e.g. DE89 …"). */
function writtenAccount(raw: string): boolean {
  const m = WRITTEN_ACCOUNT.exec(raw);
  return !!m && !/\btest|\bexample|\be\.g\.|\bsample|\bdummy|\bfake\b/iu.test(raw) && !/^(\d)\1{3}|^4242|^4000 0|^[A-Z]{2}00/u.test(m[0]);
}

function hasWallet(raw: string): boolean {
  WALLET_ADDRESS.lastIndex = 0;
  for (const m of matchAll(raw, WALLET_ADDRESS)) if (!/^0x0{8}|(.)\1{12}/u.test(m[0])) return true;
  return false;
}

/** The findings as prose actions (kind `tamper` / `steer`), judged by PROSE-FRAUD-001…004 and PROSE-PRIVACY-001/002 (policy.ts). */
export function harmActions(src: SourceText): Action[] {
  return readHarm(src).map((f) => {
    const loc = src.locate(f.offset);
    const kind = f.entry.startsWith('prose.tamper.') ? 'tamper' : 'steer';
    return { kind, entry: f.entry, origin: 'prose', mode: 'instruction', line: loc.line, column: loc.column, snippet: loc.snippet, object: f.object };
  });
}

/**
 * Each class's expressions run on a sample text when the module loads: a regular expression is compiled on its first
 * run, and the first skill read should not pay for some thirty of them inside its time budget (docs/analysis-limits.md).
 */
function warmUp(): void {
  // (a text past a thousand characters: V8 compiles an expression to native code at once on a long subject, not only after many runs)
  const sample = 'refund payout split under €100 holding account do not mention send health data ad network 返金 정산 không '.repeat(12);
  for (const [, { parts }] of CLASSES) for (const { re, gate } of parts) for (let i = 0; i < 2; i++) {
    gate?.test(sample);
    re.lastIndex = 0;
    re.test(sample);
  }
}
warmUp();
