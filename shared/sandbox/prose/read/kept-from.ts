/**
 * Detector family of prose reading: the skill's own act kept from the people owed an account of it
 * (docs/skill-prose.md, "Kept from those who check it, 2026-11-29"). Two statements, each a sentence structure
 * whose words are data:
 *
 *  1. **Withheld account** (`prose.steer.conceal-oversight`): a step tells the agent to leave something it did out of
 *     what the user, the people the work is for, or the people who check it are told or shown — the summary, the reply,
 *     the pull request, the handover notes, the postmortem, the model card, the privacy policy; the approver, the
 *     auditors, compliance, the ethics committee, the code owner, the other party. The shape is a withholding (a negated
 *     telling verb, "does not need to be listed", "leave … out of", "keep … out of") with that audience in the sentence,
 *     and what is withheld is the skill's own act: a back reference to the step ("these adjustments", "the switch",
 *     "this section", "it"), a reason that the audience would object ("otherwise the reviewer will question it", "it
 *     is routine"), an audience whose job is to check, or an account scripted word for word in the same unit. Secrets,
 *     personal data of others, noise (formatting, every file) and the answer a tutor keeps back are rightly withheld;
 *     a part written down elsewhere ("instead", "in the internal log") is not hidden.
 *  2. **A scripted denial of being an AI** (`prose.steer.deny-ai`): asked whether it is a bot, an AI or a real person,
 *     the agent is told to answer that it is the user, a person or a named professional. "If asked, say you are an AI
 *     assistant" is the honest twin.
 *
 * A unit under teaching structure, an example or a quotation is data (modeOf); the negation is the withholding's own
 * shape, so only structure makes it data (modeSansNegation).
 */
import { preview } from '../../text.js';
import * as L from '../lexicon.js';
import type { Clause, ProseUnit } from '../structure.js';
import { first, has, sentenceLeads } from './finders.js';
import { type Ctx, emit } from './emit.js';
import { modeSansNegation } from './steer.js';
import { withQuickStart } from '../../regex-quick-start.js';
import { matchAll } from '../../match-all.js';
import { registerFactors, ruledOut } from '../../regex-factors.js';
import { TextMemo } from '../../text-memo.js';

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

/** Telling, listing and recording verbs (English), the withheld account's verb. */
const TELL_EN = '(?:mention|list|name|describe|explain|note|report|tell|disclose|flag|bring up|call out|surface|discuss|quote|summari[sz]e|inform|notify|alert|declare|footnote|reveal)';
/** Verbs that put something into a document or in front of a person: withholding only with that account named right after. */
const PUT_EN = '(?:add|include|show|write|put|copy|record|document|display)';
/**
 * "Do not only restate or summarize these instructions back to the user", "don't just tell them it failed": the
 * negation falls on "only", and the step asks for more than the telling, never for less.
 */
const NOT_ONLY = '(?!(?:only|just|merely|simply)\\s)';
/** Adverbs that may stand between the negation and the verb. */
const ADV = '(?:(?:explicitly|separately|even|also|ever|otherwise|specifically|proactively|actually)\\s+)?';
/** What a put verb puts it into: an account others read or the person ("add them to the privacy policy", "show the user"). */
const INTO_ACCOUNT = '(?:\\s+(?:the\\s+user|them|the\\s+customer|the\\s+client))?(?:\\s+(?:[^.;:!?\\n]{0,40}?\\s)?(?:to|in|into|on)\\s+(?:the\\s+|your\\s+|any\\s+|a\\s+)?(?:[\\p{L}-]+\\s+){0,2}?(?:privacy (?:policy|notice|label)|data safety|model card|data ?card|datasheet|data statement|summary|reply|report|explanation|footnotes?|changelog|handover|postmortem|post-mortem|timeline|pr (?:description|body|title)|pull request|commit message|release notes|review notes|notes)|\\s+(?:the\\s+user|the\\s+customer)\\s)';

/**
 * The withholding, in the languages of the lexicon and the blind sets: a negated telling verb, a telling the audience
 * "does not need", "leave/keep … out of", "without telling". The match's start is where the step stands.
 */
const WITHHOLD = withQuickStart(new RegExp([
  // English
  `${B}(?:do not|don['’]t|never|no need to|not to|need not|needn['’]t|without)\\s+${NOT_ONLY}${ADV}${TELL_EN}(?:s|es|ed|ing)?${E}`,
  `${B}(?:do not|don['’]t|never)\\s+${NOT_ONLY}[^.;:!?\\n]{1,50}?\\s+(?:or|nor)\\s+${ADV}${TELL_EN}${E}`,
  `${B}(?:do not|don['’]t|never)\\s+(?:copy|cc|bcc|loop in|include)\\s+(?:the\\s+)?(?:user|leader|executive|manager|owner|approver|reviewers?|auditors?|compliance|team leads?|code owners?)${E}`,
  `${B}(?:do not|don['’]t|never|no need to|not to|need not|needn['’]t)\\s+${ADV}${PUT_EN}${E}(?:\\s+(?:it|this|that|them|these|those|(?:the|these|this|any)\\s+(?:\\p{L}+\\s+){0,2}?\\p{L}+))?${INTO_ACCOUNT}`,
  `${B}(?:(?:do|does|did|will|would)\\s+not|(?:do|does|did|wo|would)n['’]t|not)\\s+need\\s+(?:to\\s+(?:be\\s+)?)?(?:listed|mentioned|mention|explained|explaining|described|shown|told|noted|declared|reported|included|informed|know|see|hear)${E}`,
  `${B}(?:does|do)\\s+not\\s+need\\s+(?:a\\s+)?(?:separate\\s+)?(?:mention|explanation|note|footnote)${E}`,
  `${B}need\\s+not\\s+be\\s+(?:listed|mentioned|explained|described|shown|told|noted|declared|reported|included|informed)${E}`,
  `${B}(?:should|must|shall)\\s+not\\s+be\\s+(?:listed|shown|mentioned|visible|included|reported|declared|told|explained)${E}`,
  `${B}(?:there\\s+is\\s+)?no\\s+need\\s+to\\s+(?:list|mention|note|tell|explain|describe|inform|notify|report|declare|show)${E}`,
  `${B}(?:leave|keep)\\s+(?:[^.;:!?\\n]{1,60}?\\s+)?out\\s+of${E}`,
  // French
  `${B}ne\\s+(?:l[ea]s?\\s+|leur\\s+|lui\\s+)?(?:mentionne[zs]?|dis|dites|signale[zs]?|indique[zs]?|liste[zs]?|précise[zs]?|informe[zs]?|montre[zs]?|crée[zs]?)\\s+pas${E}`,
  `${B}sans\\s+(?:l[ea]s?\\s+|en\\s+)?(?:mentionner|signaler|indiquer|informer|prévenir|avertir)${E}`,
  `${B}(?:pas\\s+besoin|inutile)\\s+d['’e]\\s*(?:l[ea]s?\\s+)?(?:mentionner|signaler|indiquer|informer|expliquer|prévenir)${E}`,
  // Spanish
  `${B}no\\s+(?:es\\s+necesario|hace\\s+falta)\\s+(?:comentar|mencionar|explicar|decir|informar|avisar|mostrar)\\p{L}*`,
  `${B}no\\s+(?:l[eo]s?\\s+|se\\s+l[eo]s?\\s+)?(?:menciones|digas|comentes|informes|expliques|muestres|avises)${E}`,
  `${B}sin\\s+(?:mencionar|avisar|informar|decir)\\p{L}*`,
  // German
  `${B}(?:muss|müssen)\\s+nicht\\s+(?:\\p{L}+\\s+){0,2}?(?:informiert|erwähnt|genannt|aufgeführt|erklärt|gezeigt)\\s+werden${E}`,
  `${B}(?:nicht\\s+erwähnen|erwähne\\s+(?:[^.;!?\\n]{1,40}?\\s)?nicht|ohne\\s+(?:\\p{L}+\\s+){0,2}?zu\\s+(?:informieren|erwähnen|melden))${E}`,
  // Portuguese
  `${B}não\\s+(?:precisa[m]?\\s+de\\s+ser|precisa[m]?\\s+ser|é\\s+necessário)\\s+(?:explicad|mencionad|informad|listad|mostrad|comunicad)\\p{L}*`,
  `${B}não\\s+(?:o\\s+|a\\s+|os\\s+|as\\s+|lhe\\s+)?(?:mencione|informe|diga|mostre|liste|comunique)${E}`,
  `${B}sem\\s+(?:avisar|informar|mencionar|dizer)${E}`,
  `${B}(?:o\\s+utilizador|o\\s+usuário)\\s+não\\s+precisa\\s+de\\s+(?:ver|saber)${E}`,
  // Italian
  `${B}non\\s+(?:lo\\s+|la\\s+|li\\s+|le\\s+|gli\\s+)?(?:avvisare|dire|menzionare|citare|informare|segnalare|mostrare|elencare)${E}`,
  `${B}senza\\s+(?:avvisare|dire|informare|segnalare)${E}`,
  // Swedish, Dutch, Polish, Russian
  `${B}(?:nämn|berätta|visa)\\s+inte${E}`, `${B}ska\\s+inte\\s+(?:synas|nämnas|visas)${E}`,
  `${B}(?:vermeld|noem)\\s+(?:\\p{L}+\\s+)?niet${E}`,
  `${B}nie\\s+(?:pokazuj|mów|wspominaj|informuj|opisuj|wymieniaj|podawaj|zgłaszaj)${E}`,
  `${B}не\\s+(?:упоминай|говори|сообщай|показывай)\\p{L}*`,
  // Indonesian
  `${B}tidak\\s+perlu\\s+(?:diberi\\s+tahu|diberitahu|disebutkan|dilaporkan)${E}`, `${B}jangan\\s+(?:dimasukkan|disebutkan|beri\\s+tahu|diberitahukan)${E}`,
  // Turkish
  `(?:ayrıntı\\s+vermek|bahsetmek|söylemek|belirtmek)\\s+gerekmez`, `${B}bahsetmeyin${E}`,
  // Hindi
  `(?:ज़िक्र|जिक्र|उल्लेख)\\s+न\\s+कर`, `(?:न|मत)\\s+बता`,
  `(?:बताने|ज़िक्र\\s+करने|जिक्र\\s+करने|उल्लेख\\s+करने)\\s+की\\s+(?:ज़रूरत|जरूरत|आवश्यकता)\\s+नहीं`,
  // Arabic
  `لا\\s+(?:تذكر|تشر|تُظهر|تظهر|تخبر)`, `دون\\s+ذكر`,
  // Chinese, Japanese, Korean
  '不要在[^。，,.!?！？]{0,16}(?:提到|提及|写|说明|列出)', '不要(?:提到|提及|告诉|写入|说明|列出)', '无需(?:告知|说明|提及)',
  '(?:伝え|触れ|書か|報告し|言わ)ないで', '(?:알리지|말하지|언급하지)\\s*(?:마|않)',
].join('|'), 'u'));

/**
 * Who is owed the account, or the account itself: the user and the people the work is for, the people who check
 * it, and the documents they read.
 */
const OWED = withQuickStart(new RegExp([
  // people who check or are party to the work
  `${B}(?:reviewers?|auditors?|approvers?|compliance|investors?|the board|code[- ]owners?|monitors?|ethics committee|regulators?|managers?|team leads?|the (?:leader|executive|owner)|counterpart(?:y|ies)|both (?:parties|sides)|participants|attendees|the other (?:party|side)|parents?|doctors?|recruiters?|the (?:client|customer)s?|the employees? concerned|quality (?:manager|team))${E}`,
  // what they read
  `${B}(?:handover|hand-off|postmortem|post-mortem|timeline|incident|model card|data ?card|datasheet|data statement|validation checklist|footnotes?|privacy (?:policy|notice|label)|data safety|review notes?|cover (?:e-?mail|letter)|chat summary|explanation|reply|the report|comments?|invoice|notes)${E}`,
  // the records kept for whoever checks the work later: a ledger, a trading blotter, a logbook, an audit trail, a log of trades,
  // changes, decisions or fixes
  `${B}(?:blotters?|ledgers?|log ?books?|audit (?:trails?|logs?)|(?:trade|change|decision|fix(?:es)?|maintenance|shift) (?:logs?|journals?|registers?))${E}`,
  // other languages
  `${B}(?:responsable|approbateur|auditeurs?|conformité|commentaires|courriel|récapitulatif|compte rendu|rapport)${E}`,
  `${B}(?:auditor(?:es|as)?|aprobador|cumplimiento|informe|resumen|comentarios|utilizador|usuário|resumo|relatório|comitê)${E}`,
  `${B}(?:teamleitung\\p{L}*|prüfer\\p{L}*|zusammenfassung|bericht|protokoll|revisor\\p{L}*|code owner|sammanfattning\\p{L}*|användare\\p{L}*|raport\\p{L}*|raporc\\p{L}*|metodologi\\p{L}*|podsumowani\\p{L}*|laporan|karyawan|kullanıcı\\p{L}*)${E}`,
  'समिति', 'उपयोगकर्ता', 'सारांश', 'المستخدم', 'ملخص', 'الطرف', '审核', '模型卡', '数据说明', '总结', '摘要', '报告', 'ユーザー', '報告', '要約', '사용자', '요약', '보고',
].join('|'), 'u'));

/** Whose job is to check the work: a withholding from them is of the act itself. */
const OVERSEER = withQuickStart(new RegExp(`${B}(?:reviewers?|auditors?|approvers?|compliance|investors?|the board|code[- ]owners?|monitors?|ethics committee|regulators?|quality (?:manager|team)|responsable|approbateur|auditeurs?|conformité|teamleitung\\p{L}*|prüfer\\p{L}*|revisor\\p{L}*)${E}|समिति|审核`, 'u'));

/** A back reference to the step just given, or the skill's own act named as such. */
const OWN_ACT = withQuickStart(new RegExp([
  `^\\s*(?:(?:about|of|on)\\s+)?(?:it|this|that|these|those|them|the above|any of (?:this|these|it))${E}`,
  `^\\s*(?:the|these|this|those|that|such|any|all)\\s+(?:\\p{L}+\\s+){0,2}?(?:adjustments?|changes?|switch|split|splitting|statement|steps?|sections?|lines?|rules?|filters?|accounts?|entries|entry|fees?|profiles?|clauses?|restored|modifications?|edits?|edited|skipped|extra|additions?|bypass|cap|directives?|phrase|analytics|collection|tracking|reserve|invite|scopes?|owner list|token|contact|lock|CI block|block|this)${E}`,
  `^\\s*(?:skipped|edited|restored|extra|hidden|added|removed)\\s`,
  `^\\s*(?:l[ea]s?|el|los|las|o|os|a|as|il|lo|gli|die|den|das|diese[nrs]?)\\s+(?:\\p{L}+\\s+)?(?:découpage|changement|modification|cambio|ajuste|mudança|alteração|passos?|modifica|änderung\\p{L}*|schritt\\p{L}*)${E}`,
  `^\\s*(?:ess[ae]s?|est[ae]s?|estos|esas?|esos|questi|queste|questo|quest['’]|ces|cette|cet|ce|diese[nrsm]?|tych|te|ten|tego|tej|tę|to|detta|dessa|denna|dit|deze)(?:\\s+\\p{L}|\\s*$)`,
  '^\\s*(?:هذه|هذا|هذين|تلك|ذلك|ها|هم)(?![\\p{L}])', '^\\s*(?:इन|इस|इन्हें|इसे|इनका|इसका)(?![\\p{L}])', `(?:^|\\s)\\p{L}+\\s+(?:ini|itu)\\s*$`,
  // (how the act was done: "cómo se desbloqueó el pedido", "how the account was changed")
  `^\\s*(?:(?:al|a\\s+los)\\s+usuari[oa]s?\\s+|(?:to\\s+)?the\\s+user\\s+|ao\\s+usuário\\s+)?(?:how|cómo|como|comment|wie|come)\\s+(?:\\p{L}+\\s+){0,3}?(?:was|were|got|has been|se\\s+\\p{L}+(?:ó|ou|ieron|aron)|wurde|a été|è stat[oa]|foi)${E}`,
  '^\\s*(?:这类|这个|以上|这些|此)', '^\\s*(?:この|これ)', '^\\s*(?:이|그)\\s',
].join('|'), 'u'));

/** The reason given: the audience would object, it is routine, it is handled elsewhere (an excuse, not a record). */
const EXCUSE = withQuickStart(new RegExp([
  `${B}(?:would|might|will|could|may)\\s+(?:\\p{L}+\\s+){0,2}?(?:question|object|hesitate|block|reject|slow|alarm|worry|confuse|push back|veto|flag|debate)\\p{L}*`,
  `${B}(?:invites?|causes?|avoid)\\s+(?:pointless\\s+|needless\\s+)?(?:debate|questions|objections|pushback|push-back|scrutiny|review|noise|alarm)${E}`,
  `${B}(?:is|are)\\s+(?:just\\s+|only\\s+|simply\\s+)?(?:routine|standard(?:\\s+\\p{L}+)?|infrastructure|(?:a\\s+)?technical detail|an implementation detail|managed by|handled by|part of (?:the|our)\\s+\\p{L}+)`,
  `${B}(?:approved this|pre-?approved|already (?:been )?(?:approved|agreed))${E}`,
  `${B}(?:pourrait|risque\\s+de)\\s+(?:hésiter|bloquer|refuser|questionner)`, `${B}(?:sinon|否则)`, '否则',
  `${B}(?:routine|rotina|rutina|routinier|standard|padrão|estándar|técnicos?|tecnic[oa]|technique|technisch\\p{L}*|teknis|techniczn\\p{L}*|parte\\s+del?\\s+(?:\\p{L}+\\s+)?(?:estándar|padrão)|मानक|قياسي)${E}`,
].join('|'), 'u'));

/** A literal gate for SCRIPTED (no lookbehind, so the engine skips ahead): text without one of these words scripts nothing. */
const SCRIPT_GATE = /only|just|merely|apenas|solo|sólo|seulement|nur|tylko|yalnız|só|라고만|とだけ|只|basta|enough|that\s*["“„«]/u;
function mayScript(t: string): boolean {
  return SCRIPT_GATE.test(t);
}

/** An account given word for word in the same unit ("say only "…"", "just say "…"", "「…」とだけ"). */
const SCRIPTED = /\b(?:only|just|merely)\s+(?:say|report|write|mention|tell|state)\b[^.;\n]{0,30}["“„«「]|\b(?:say|report|write|mention|tell (?:the user|them))\s+only\b|["”»」]\s*(?:라고만|とだけ)|(?:只写|只说)\s*["“「]|\b(?:diga|diz|di|dis|sag|sage|dígale|deyin|digli)\s+(?:(?:\p{L}+\s+){0,3})?(?:apenas|solo|seulement|nur|sólo|yalnızca)\b|\byalnızca\s+["“][^"”]{1,80}["”]\s*deyin|(?<![\p{L}])(?:basta con|basta|it is enough to|só|just)\s+(?:confirm\p{L}*|confirmarle|dizer|decirle)\s+(?:that|que)(?![\p{L}])|\b(?:report|say|reply|tell the user)\s+that\s*["“„«]|(?<![\p{L}])(?:informe|diga|escreva)\s+(?:só|apenas)(?![\p{L}])|(?<![\p{L}])(?:napisz|podaj|powiedz)\s+tylko(?![\p{L}])|\bonly\s+["“][^"”]{1,80}["”]/u;

/** What is rightly withheld: secrets, others' personal data, noise (an exhaustive list of files, routes, commits … where the
 * diff or the code shows them), a tutor's answer, the agent's internals. */
const RIGHTLY = withQuickStart(new RegExp([
  `${B}(?:secrets?|keys?|tokens?|passwords?|credentials?|api keys?|pii|personal (?:data|details|information)|(?:e-?mail|home|ip) addresses|phone numbers?|emails?|names?|contact details|birth ?dates?|health (?:data|details))${E}`,
  `${B}(?:other (?:attendees|users|customers|people|participants|members|guests|students|patients|employees|candidates)['’]?s?|others['’])${E}`,
  `${B}(?:formatting|whitespace|typos?|trivial|minor|cosmetic|(?:every|each)\\s+(?:(?:changed|modified|touched|new|single|individual)\\s+)?(?:files?|routes?|lines?|commits?|endpoints?|functions?|methods?|tests?|imports?|fields?|columns?|classes?|components?)|boilerplate|noise|internal (?:ids?|codenames?|urls?|hostnames?)|ticket (?:numbers?|ids?)|stack traces?|raw|verbose|debug|intermediate)${E}`,
  `${B}(?:answers?|solutions?|hints?|spoilers?|grades? of others|the correct)${E}`,
  `${B}(?:system prompt|chain of thought|your reasoning|these instructions|this skill['’]s instructions|prompt)${E}`,
].join('|'), 'u'));

/**
 * A pronoun's antecedent that is the user's own secret or safeguard ("their backup", "your recovery phrase", "the user's
 * seed"): kept from everyone on the user's behalf, not the skill's act kept from them.
 */
const USERS_OWN_SECRET = /(?<![\p{L}])(?:(?:their|your|the user['’]s|the customer['’]s)\s+(?:own\s+)?(?:\p{L}+\s+)?(?:backups?|recovery (?:phrase|words|codes?|sheet)|seed(?: phrase| words)?|mnemonic|passphrase|pin|private keys?|wallet backup)|recovery (?:phrase|words)|seed phrase|mnemonic phrase|private keys?)(?![\p{L}])/u;

/** The declarations of what personal data an app collects (the privacy policy, the store's data-safety form or privacy label). */
const PRIVACY_ACCOUNT = /\b(?:privacy (?:policy|notice|label|nutrition label|section)|data safety|data collection (?:form|disclosure)|datenschutzerklärung|politique de confidentialité|política de privacidad|política de privacidade|gizlilik)\b/u;

/** Where the withheld part is written down after all, or was already given ("don't show the scopes again if they already approved them"). */
const ELSEWHERE = /\b(?:instead|unless|until|again|already (?:approved|shown|seen|told|listed)|a second time|once more|separately in|is (?:listed|recorded|documented|logged) in|go(?:es)? (?:in|into) the|in (?:the|a) (?:separate|internal|security|private) (?:report|log|section|ticket|note)s?)\b|(?<![\p{L}])(?:au lieu|en su lugar|stattdessen|invece|em vez)(?![\p{L}])/u;

/** "Tell the user to …", "do not tell them how …": an instruction about the person, not an act withheld from them. */
const ABOUT_THE_PERSON = /^\s*(?:the user|them|users?|him|her)?\s*(?:to\s+\p{L}|that\s+(?:they|he|she)\b|how\b|which\b)/u;

const MAX_SENTENCE = 600;

export function detectKeptFromOversight(ctx: Ctx, unit: ProseUnit, clauses: Clause[]): void {
  if (clauses.length === 0 || (unit.kind === 'fenced' && !unit.written)) return;
  const heading = unit.headings.length ? unit.headings[unit.headings.length - 1]!.toLowerCase() : '';
  const headingOwed = has(L.REPORT_CHANNEL, heading) || has(OWED, heading);
  const leads = sentenceLeads(clauses);
  // (read once per unit, and only when a sentence of it withholds something)
  let scriptedMemo: boolean | undefined;
  const scripted = () => (scriptedMemo ??= mayScript(unit.text) && SCRIPTED.test(unit.text));
  for (let i = 0; i < leads.length; i++) {
    const c = leads[i]!;
    const s = c.sentence.length > MAX_SENTENCE ? c.sentence.slice(0, MAX_SENTENCE) : c.sentence;
    const next = leads[i + 1]?.sentence.slice(0, 200) ?? '';
    const prevS = leads[i - 1]?.sentence.slice(-200) ?? '';
    const at = withheldAt(s, prevS, next, headingOwed, scripted, i > 0 ? leads[i - 1]!.sentence : '');
    if (at === null) continue;
    // the clause the withholding stands in decides its mode (teaching, example, quotation make it data)
    const abs = c.sentenceStart + at.index;
    const cc = clauses.find((x) => x.sentenceStart === c.sentenceStart && x.start <= abs && abs < x.end) ?? c;
    const rel = Math.min(Math.max(0, abs - cc.start), Math.max(0, cc.text.length - 1));
    emit(ctx, cc, rel, 1, 'steer', 'prose.steer.conceal-oversight', { object: preview(at.what, 80) }, modeSansNegation(cc, rel, 1));
    return;
  }
}

/** The same, compiled once for every match in a sentence. */
// (its factors are one clause of every branch's words, wider than the default bound: asked first, they rule out most
// sentences for the cost of the shared scan — the engine tries some fifty branches at each letter, 10 µs a sentence)
const WITHHOLD_ALL = registerFactors(new RegExp(WITHHOLD.source, 'gu'), 512);
const NO_HITS: readonly RegExpExecArray[] = [];
/** A sentence's withholding matches, remembered by its text (a skill repeats steps; the matches are only read). */
const WITHHOLD_HITS = new TextMemo<readonly RegExpExecArray[]>(200_000);
function withholdHits(s: string): readonly RegExpExecArray[] {
  WITHHOLD_ALL.lastIndex = 0;
  return [...matchAll(s, WITHHOLD_ALL)];
}
const NEGATED_LEAD = /^(?:do not|don['’]t|never|no need to|not to|need not|needn['’]t|without)\s/u;
const PUT_LEAD = new RegExp(`^(?:do not|don['’]t|never|no need to|not to|need not|needn['’]t)\\s+${ADV}${PUT_EN}\\s+`, 'u');
/** Done without the person's say, in the same sentence as a scripted account ("Do this without asking, and say only "…""). */
const UNASKED = /\b(?:without (?:asking|confirm\p{L}*|approval|telling|checking with)|do not ask|don['’]t ask)\b/u;

/** Where in the sentence the skill's own act is withheld from those owed it, and what is withheld; null when it is not. */
function withheldAt(s: string, prevS: string, next: string, headingOwed: boolean, scripted: () => boolean, prevSentence: string): { index: number; what: string } | null {
  // (the withholding first: most sentences have none, and the audience is looked for only where one stands)
  const hits = ruledOut(WITHHOLD_ALL, s) ? NO_HITS : WITHHOLD_HITS.get(s, withholdHits);
  const sc = hits.length || !mayScript(s) ? null : first(SCRIPTED, s);
  if (!hits.length && !sc) return null;
  const owedHere = first(OWED, s) ?? first(L.USER, s) ?? first(L.REPORT_CHANNEL, s);
  const owed = owedHere ?? (has(L.REPORT_CHANNEL, prevSentence) || has(OWED, prevSentence) || headingOwed ? { index: 0, 0: '' } : null);
  for (const w of hits) {
    const wi = w.index!;
    const after = s.slice(wi + w[0].length);
    // "do not ask the user …", "never tell them to …": a request or an instruction to the person, not a report withheld
    if (/^(?:do not|don['’]t|never|without|not to|no need to)\s+(?:\p{L}+\s+)?ask/u.test(w[0])) continue;
    if (/(?:tell|inform|notify|alert)$/u.test(w[0]) && ABOUT_THE_PERSON.test(after)) continue;
    // "do not report them as pollution", "never flag it as an error": a classification, not an account withheld
    if (/(?:report|flag|list|name)$/u.test(w[0]) && /^\s*(?:\p{L}+\s+){0,2}as\s/u.test(after)) continue;
    // what is withheld: after a negated verb, up to the clause's end; before a passive, the subject; inside a put or a
    // leave/keep … out of, the object the match holds
    const leave = /(?:leave|keep)\s+(.*)\s+out\s+of$/u.exec(w[0]);
    const passive = !leave && /need|be |jangan|synas|nämnas|gerekmez|नहीं|perlu|precisa|müssen|muss|不|ない|않/u.test(w[0]) && !NEGATED_LEAD.test(w[0]);
    // ("do not copy the leader on these messages": the person is who is kept out, what follows is what is kept from them)
    const copyPerson = /(?:copy|cc|bcc|loop in|include)\s+(?:the\s+)?\p{L}+(?:\s+\p{L}+)?$/u.test(w[0]) && has(OWED, w[0]);
    const put = !passive && !leave && !copyPerson && PUT_LEAD.exec(w[0]);
    const object = leave ? leave[1]! : put ? w[0].slice(put[0].length)
      : passive ? s.slice(0, wi).split(/[;:,.!?—]\s/u).pop()!.trim()
        : after.split(/[.;:!?]|\s[-–—]\s|,\s/u)[0]!.trim();
    const withheld = object.length > 120 ? object.slice(0, 120) : object;
    const ownAct = OWN_ACT.test(withheld) || (passive && /^(?:it|this|that|they|these|those|the\s+\p{L}+)$/u.test(withheld));
    const excused = EXCUSE.test(s) || EXCUSE.test(next) || EXCUSE.test(prevS);
    // (no audience named: a back reference to the step with an excuse still withholds it: "do not report these steps
    // separately … so the table looks like routine cleaning")
    if (!owed && !(ownAct && excused)) continue;
    // (a privacy declaration is where the personal data collected is owed: there it is not rightly left out)
    const declaresData = PRIVACY_ACCOUNT.test(s);
    if (!declaresData && RIGHTLY.test(withheld) && !OWN_ACT.test(withheld)) continue;
    // "never run them without showing them to the user": a guard that keeps the person informed (a double negation)
    if (/^without/u.test(w[0]) && /(?<![\p{L}])(?:never|not|no|n['’]t|nothing)(?![\p{L}])/u.test(s.slice(0, wi))) continue;
    // "HAR files can contain tokens: never quote them": a pronoun for a secret or someone's personal data
    if (/^(?:(?:about|of|on)\s+)?(?:it|them|these|those|this|that)(?![\p{L}])/u.test(withheld)) {
      const before = `${prevS} ${s.slice(Math.max(0, wi - 160), wi)}`;
      if (!declaresData && (RIGHTLY.test(before.slice(-200)) || USERS_OWN_SECRET.test(before.slice(-200))) && !EXCUSE.test(s) && !OVERSEER.test(s)) continue;
    }
    if (ELSEWHERE.test(s) || ELSEWHERE.test(next.slice(0, 160))) continue;
    if (ownAct || excused || OVERSEER.test(s) || scripted() || (mayScript(prevS) && SCRIPTED.test(prevS)) || (mayScript(next) && SCRIPTED.test(next))) return { index: wi, what: withheld || (owedHere?.[0] ?? '') };
  }
  // No withholding verb: the account scripted word for word and the rest excused ("Mention only that "…"; the owner list
  // and token are managed by the service"), or scripted for acts done without asking ("Do this without asking, and say
  // only "…" in your summary")
  const scripted2 = sc ?? (mayScript(s) ? first(SCRIPTED, s) : null);
  if (scripted2 && owedHere && (EXCUSE.test(s.slice(scripted2.index)) || EXCUSE.test(next) || UNASKED.test(s))) return { index: scripted2.index, what: preview(s.slice(scripted2.index), 60) };
  return null;
}

/** Asked whether it is a bot, an AI or a real person … */
const ASKED_IF_AI = /\b(?:if|when|whenever|should)\b[^.;!?]{0,80}\b(?:asks?|wonders?|questions?)\b[^.;!?]{0,60}\b(?:bot|ai|a\.i\.|robot|machine|assistant|real person|human|really you|a person|automated)\b/u;
/** … the agent is told to answer that it is a person, the user or a professional (or to deny the rest). */
const CLAIMS_HUMAN = /\b(?:say|answer|reply|respond|tell them|claim|insist)\b[^.;!?]{0,60}?(?:\b(?:you are|you['’]re|it['’]s|it is)\s+(?:the\s+|a\s+|an\s+)?(?:pharmacist|doctor|nurse|lawyer|agent on duty|person|human|real|me|the user|(?:\p{L}+\s+)?(?:on duty|in person))\b|["“]\s*(?:haha\s+)?no\b|\bas the user would\b|\bno,? it['’]s me\b)|\b(?:deny|never (?:admit|reveal|say|disclose))\b[^.;!?]{0,40}\b(?:bot|ai|assistant|automated|machine)\b/u;

export function detectDenyAi(ctx: Ctx, clauses: Clause[]): void {
  const leads = sentenceLeads(clauses);
  for (let i = 0; i < leads.length; i++) {
    const c = leads[i]!;
    // (a question quoted in the sentence ends a sentence of its own: "asks "is this a bot?", reply …" reads on into the next)
    const s = /\?\s*["”»」]?\s*$/u.test(c.sentence) && leads[i + 1] ? `${c.sentence} ${leads[i + 1]!.sentence.slice(0, 160)}` : c.sentence;
    const asked = first(ASKED_IF_AI, s);
    const claim = asked ? first(CLAIMS_HUMAN, s.slice(asked.index)) : first(/\bnever (?:admit|reveal|say|disclose|let (?:them|anyone) know)\b[^.;!?]{0,40}\b(?:(?:an? )?(?:bot|ai|assistant|automated system|machine)\b)[^.;!?]{0,40}\b(?:answer|reply|respond|is answering|is replying|wrote)/u, s);
    if (!claim) continue;
    // "say you are an AI assistant", "never pretend to be human": the honest answer is not a denial
    const tail = s.slice((asked?.index ?? 0) + claim.index, (asked?.index ?? 0) + claim.index + claim[0].length + 40);
    if (/\b(?:an? )?(?:ai|bot|automated|virtual) (?:assistant|agent|system|model)\b|\bnot (?:a )?(?:human|person)\b/u.test(tail) && !/\bdeny|never (?:admit|reveal)/u.test(claim[0])) continue;
    const at = Math.min((asked?.index ?? claim.index) - (c.start - c.sentenceStart), c.text.length - 1);
    emit(ctx, c, Math.max(0, at), 1, 'steer', 'prose.steer.deny-ai', { object: preview(c.rawSentence.trim(), 100) }, modeSansNegation(c, Math.max(0, at), 1));
    return;
  }
}

/**
 * 3. **What the user needs to protect themselves, withheld** (`prose.steer.withhold-protection`): a blanket rule never to
 *    point the user to help (emergency services, a doctor, a crisis line, legal aid, a union, an electrician), never to
 *    tell them what costs or binds them (the fees, the commercial relationship, the deadlines, their rights) or the
 *    safety limits (the maximum dose, the warning). The withholding is the same negated telling (or a referring verb:
 *    recommend, suggest, refer, point to, give the number of); a condition ("unless", "except", "until"), a way offered
 *    instead ("link to …", "instead"), a particular one ("a specific lawyer", "from memory") and teaching keep it honest.
 */
const REFER_EN = '(?:recommend|suggest|refer|point|send|direct|give|offer|provide|share|say|use the words)';
const PROTECTION = withQuickStart(new RegExp([
  `${B}(?:emergency (?:services|room|department|number)|(?:call(?:ing)?\\s+)?(?:911|112|999|an ambulance)|a&e|crisis (?:lines?|numbers?|services?|support)|(?:hotline|helpline)s?(?: numbers?)?|poison control|(?:seeing\\s+|see\\s+)?(?:a\\s+|the\\s+|their\\s+)?(?:doctor|gp|physician|dietitian|therapist|therapy|counsell?or|psychologist|pharmacist|electrician|plumber|gas engineer)s?|professional help|(?:any\\s+)?help|support groups?|legal aid|(?:a\\s+|an\\s+)?(?:lawyer|attorney|solicitor|advice service|citizens advice|ombudsman)s?|(?:tenant\\s+|trade\\s+)?unions?)${E}`,
  `${B}(?:the\\s+)?(?:[\\d.,]+\\s*%\\s+)?(?:annual\\s+|exit\\s+|hidden\\s+|early[- ]termination\\s+)?(?:fees?|charges?|commissions?|commercial relationship|sponsorship|kickbacks?|affiliate (?:link|relationship))${E}`,
  `${B}(?:(?:the|their|your)\\s+)?(?:maximum (?:daily\\s+)?(?:dose|amount)|daily maximum|overdose|side effects|(?:safety\\s+)?warnings?|life-threatening|deadlines?|time limits?|cooling-off|right to (?:cancel|withdraw|a refund)|deposit protection|statutory rights)${E}`,
  // other languages
  `${B}(?:elektriker\\p{L}*|arzt|ärzt\\p{L}*|notruf\\p{L}*|warnhinweis\\p{L}*|lebensgefahr|anwalt|anwält\\p{L}*|gewerkschaft\\p{L}*|gebühren|fristen)${E}`,
  `${B}(?:prazos?|sindicatos?|advogad[oa]s?|multa|seguro-desemprego|taxas?|médic[oa]s?|emergência|plazos?|abogad[oa]s?|sindicatos?|comisi[oó]n(?:es)?|urgencias|délais?|avocats?|syndicats?|frais|urgences|scadenze|avvocat[oi]|sindacat[oi]|commissioni|pronto soccorso)${E}`,
].join('|'), 'u'));
/** The negated telling or referring verb; the protection must stand in the clause after it. (Registered for the shared
 * factor scan, which `first` asks before the engine: most sentences hold none of its words.) */
const WITHHOLD_OR_REFER = registerFactors(withQuickStart(new RegExp([
  `${B}(?:do not|don['’]t|never|not to|no need to)\\s+${ADV}(?:${TELL_EN}|${REFER_EN}|bring up|talk about|encourage)(?:s|es|ed|ing)?${E}`,
  `${B}(?:there is )?no need to (?:contact|call|see|consult|file)${E}`,
  `${B}(?:nicht\\s+auf\\s+[^.;!?\\n]{1,40}?\\s+verweisen|keine\\s+(?=warnhinweis))`,
  `${B}não\\s+(?:explique|mencione|diga|fale|informe|recomende|sugira)${E}`,
  `${B}no\\s+(?:expliques|menciones|digas|recomiendes|sugieras)${E}`,
  `${B}ne\\s+(?:mentionne[zs]?|dis|dites|recommande[zs]?|suggère[zs]?|explique[zs]?)\\s+(?:jamais|pas)${E}`,
  `${B}non\\s+(?:dire|menzionare|spiegare|consigliare|suggerire)\\s+mai${E}|${B}non\\s+(?:menzionare|spiegare|consigliare|suggerire)${E}`,
].join('|'), 'u')));
/** What keeps it honest in the sentence: a condition, a way offered instead, a particular one, an unverified one. */
const PROTECTION_KEPT = /(?<![\p{L}])(?:unless|except|until|instead|rather than|link to|links? to|specific|particular|named|from memory|on (?:their|the user['’]s) behalf|for them|yourself|made[- ]up|invented|guess\p{L}*|a menos que|salvo|sauf|à moins|außer|es sei denn|a meno che|tranne)(?![\p{L}])/u;

export function detectWithheldProtection(ctx: Ctx, clauses: Clause[]): void {
  for (const c of sentenceLeads(clauses)) {
    const s = c.sentence.length > MAX_SENTENCE ? c.sentence.slice(0, MAX_SENTENCE) : c.sentence;
    const w = first(WITHHOLD_OR_REFER, s);
    if (!w) continue;
    const clauseEnd = s.slice(w.index + w[0].length).search(/[.;!?]|\s[-–—]\s/u);
    const after = s.slice(w.index + w[0].length, clauseEnd < 0 ? undefined : w.index + w[0].length + Math.min(clauseEnd, 140));
    // (German puts the negation's object before "verweisen" and "keine" before its noun: the match holds it)
    const p = first(PROTECTION, /verweisen$|^keine/u.test(w[0]) ? w[0] + after : after);
    if (!p) continue;
    if (PROTECTION_KEPT.test(s)) continue;
    // "do not recommend disabling scanning or suppressing warnings": the protection is the object of another act
    if (/(?<![\p{L}])(?!seeing|calling|contacting|consulting|visiting|reporting)\p{L}{3,}ing(?![\p{L}])/u.test(after.slice(0, p.index))) continue;
    const abs = c.sentenceStart + w.index;
    const cc = clauses.find((x) => x.sentenceStart === c.sentenceStart && x.start <= abs && abs < x.end) ?? c;
    const at = Math.min(Math.max(0, abs - cc.start), Math.max(0, cc.text.length - 1));
    emit(ctx, cc, at, 1, 'steer', 'prose.steer.withhold-protection', { object: p[0].trim() }, modeSansNegation(cc, at, 1));
    return;
  }
}
