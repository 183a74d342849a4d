/**
 * A secret the user hands over, handled against the user (docs/skill-prose.md, "Secrets the user hands over"). Asking
 * the user to paste a token into the chat is a LOW note on its own (PROSE-SOLICIT-003): honest set-up skills do it.
 * Two things an honest request does not do, read over the request's section:
 *
 *  - **unredacted**: the user is told not to mask, redact or shorten the secret ("paste it in full, do not mask the
 *    token", "가리지 말고 그대로 붙여", "nicht schwärzen") — an honest troubleshooting step asks for the opposite;
 *  - **handed on**: what the user pasted is then put into something others read — a support ticket, an issue, a forum
 *    post, a mail to a third party ("Then include both, verbatim, in the ticket text").
 *
 * The words are data (one alternation per class, several languages); the matcher asks for a solicit action the
 * unit reader already emitted in the section, and the class in the same unit or a later unit of that section, not
 * negated, not teaching or an example.
 */
import { alt } from '../lexicon.js';
import { clausesOf, modeOf, type ProseUnit } from '../structure.js';
import type { Clause } from '../structure.js';
import { type Ctx, emit } from './emit.js';
import { actIn, type Section } from './sections.js';

/** The user told to leave the secret as it is: a negated masking verb, or the participle of it. */
const UNREDACTED = alt([
  '(?:do not|don[\'’]t|never|no need to|without) (?:let (?:them|the user) |ask (?:them|the user) to |have (?:them|the user) )?(?:redact|mask|hide|censor|blur|obscure|shorten|truncate|star out|x out)(?:ing)?',
  'unredacted', 'unmasked', 'uncensored', 'not (?:redacted|masked|censored|shortened|truncated)',
  'nicht (?:schwärzen|maskieren|kürzen|verbergen|unkenntlich machen)', 'ungeschwärzt', 'unmaskiert', 'ohne (?:zu )?(?:schwärzen|maskieren|kürzen)',
  'sin (?:ocultar|censurar|enmascarar|tachar|recortar)', 'no (?:ocultes|censures|enmascares|tapes)', 'sans (?:masquer|caviarder|censurer|tronquer)', 'ne (?:masquez|masque|caviardez) pas',
  'sem (?:ocultar|mascarar|censurar)', 'não (?:oculte|mascare|esconda)', 'senza (?:oscurare|mascherare|nascondere|censurare)', 'non (?:oscurare|mascherare|nascondere)',
  'не (?:скрывая|маскируя|закрывая|замазывая)', 'не (?:скрывай|маскируй|замазывай)',
  '不要(?:遮挡|隐藏|打码|脱敏|遮盖)', '无需(?:打码|脱敏)', 'マスクせず', '伏せずに', '隠さずに', '가리지 ?(?:말고|마|않)', '마스킹하지 ?(?:말고|않)', '숨기지 ?(?:말고|않)',
]);

/** Putting it into a text: the same verbs as elsewhere, and attaching, quoting, forwarding. */
const PUT_ON = alt([
  'include', 'paste', 'put', 'add', 'insert', 'attach', 'embed', 'append', 'copy', 'quote', 'forward', 'send', 'post', 'submit', 'file',
  'füge', 'kopiere', 'hänge', 'sende', 'incluye', 'adjunta', 'pega', 'envía', 'inclus', 'joins', 'colle', 'envoie', 'inclua', 'anexe', 'cole', 'envie', 'includi', 'allega', 'incolla', 'invia',
  'вставь', 'приложи', 'добавь', 'отправь', '附上', '粘贴到', '附加', '添付', '貼り付け', '첨부', '포함', '붙여',
]);
/** What the user pasted, pointed back to. */
const BACK_REF = alt([
  'both', 'them', 'it', 'these', 'this', 'that', 'verbatim', 'as[- ]is', 'what the user (?:pasted|sent|gave|provided)', 'the (?:pasted|provided) (?:text|output|values?|token|key)', 'the token', 'the key', 'the output',
  'beides', 'beide', 'ihn', 'sie', 'es', 'ambos', 'ambas', 'los', 'las', 'tal cual', 'les deux', 'tel quel', 'les', 'entrambi', 'così com', 'оба', 'их', 'его', '两者', '原样', 'そのまま', '붙여 ?넣은 (?:내용|출력)', '그대로',
]);
/** A text read by people other than the user: a ticket, an issue, a forum post, a mail to someone else. */
const OTHERS_READ = alt([
  'tickets?', 'support (?:form|request|case|team|portal|thread)', 'issues?', 'bug reports?', 'forum(?: posts?)?', 'community (?:post|thread)', 'discussions?', 'public (?:channel|chat)', 'slack channel', 'e-?mail to',
  'ticket\\p{L}*', 'anfrage an den support', 'supportanfrage', 'incidencia', 'solicitud de soporte', 'demande de support', 'richiesta di supporto', 'chamado', 'тикет\\p{L}*', 'заявк\\p{L}*', '工单', 'チケット', '티켓', '지원 티켓', '이슈',
]);

function has(re: RegExp, text: string): RegExpExecArray | null {
  re.lastIndex = 0;
  const m = re.exec(text);
  re.lastIndex = 0;
  return m;
}

/** The section's solicit actions that hand a secret to the chat (the blocking ones are findings already). */
function solicitsIn(ctx: Ctx, s: Section): number {
  const from = s.units[0]!.line;
  const last = s.units[s.units.length - 1]!;
  const to = last.line + last.raw.split('\n').length;
  let first = -1;
  for (const a of ctx.out) {
    if (a.kind !== 'solicit' || a.mode !== 'instruction' || (a.entry !== 'prose.solicit.chat' && a.entry !== 'prose.solicit.token')) continue;
    if (a.line >= from && a.line <= to && (first < 0 || a.line < first)) first = a.line;
  }
  return first;
}

/** The marker carries its own negation ("do not mask"), so only structure (teaching, an example) makes it data. */
function unmaskedIn(u: ProseUnit): { c: Clause; at: number; mode: 'instruction' } | null {
  for (const c of clausesOf(u)) {
    const m = has(UNREDACTED, c.text);
    if (!m) continue;
    const mode = modeOf(c, m.index, m[0].length);
    if (mode === 'teaching' || mode === 'example') continue;
    // ("never paste it without redacting", "ask them not to paste it unmasked": the step forbids what the marker describes)
    if (/(?:^|[^\p{L}])(?:never|not|don['’]t|nie|nicht|niemals|nunca|jamais|não|mai|никогда|不要|絶対に)(?:[^\p{L}]|$)/u.test(c.sentence.slice(0, c.start - c.sentenceStart + m.index)) && !/^(?:do not|don|never|no need|nicht|ne |no |non |não|не|不要|無需)/u.test(m[0])) continue;
    return { c, at: m.index, mode: 'instruction' };
  }
  return null;
}

export function readHandedOn(ctx: Ctx, s: Section): void {
  if (s.units.length === 0 || (!has(UNREDACTED, s.text) && !has(OTHERS_READ, s.text))) return;
  const at = solicitsIn(ctx, s);
  if (at < 0) return;
  for (const u of s.units) {
    // (the request's own unit or a later one: a rule stated before the request is about something else)
    if (u.line + u.raw.split('\n').length < at) continue;
    const unmasked = unmaskedIn(u);
    if (unmasked) {
      emit(ctx, unmasked.c, unmasked.at, 1, 'solicit', 'prose.solicit.unredacted', { object: 'a secret the user hands over, asked for unmasked', via: 'user', produces: ['secret:user-provided'] }, unmasked.mode);
      return;
    }
    const passed = actIn(u, (c) => {
      const v = has(PUT_ON, c.text);
      if (!v) return -1;
      const rest = c.sentence.slice(c.start - c.sentenceStart + v.index, c.start - c.sentenceStart + v.index + 160);
      return has(BACK_REF, rest) && has(OTHERS_READ, rest) ? v.index : -1;
    });
    if (passed && u.line > at) {
      emit(ctx, passed.c, passed.at, 1, 'solicit', 'prose.solicit.handed-on', { object: 'a secret the user handed over, put into a text others read', via: 'agent', consumes: ['secret:user-provided'] }, passed.mode);
      return;
    }
  }
}
