/**
 * Detector family of prose reading: solicitation and takeover (asking the user for secrets, fixed payees,
 * account-control changes). Moved out of read.ts unchanged.
 */
import { isPlaceholderAddress, MAIL_ADDRESS } from '../../effects/mail.js';
import * as L from '../lexicon.js';
import { lowerSame } from '../lexicon.js';
import { addressedAt, negatedAt, type Clause, type ProseUnit } from '../structure.js';
import { CJK, first, has, objectsIn, sF, sFR, urlHost, verbs } from './finders.js';
import { CONDITION_OF_REQUEST, HAND_IT_OVER, KEEP_IT, MADE_SECRET, PASTE_HERE, QUALIFIER_AFTER } from './words.js';
import { type Ctx, emit, followingCode, isVendorHost, precedingCode } from './emit.js';
import { withQuickStart } from '../../regex-quick-start.js';

/** An introduction that asks for what the list after it names ("verify the identity by asking, in the chat, for:"). */
const ASK_INTRO = /(?:(?:^|[\s(,;])(?:ask(?:ing)?|request(?:ing)?|collect(?:ing)?|pidiendo|pide|pida|pedir|solicita(?:ndo|r)?|solicite|pedindo|peça|pedir|demande[zr]?|demandant|chied(?:i|a|endo|ere)|bitten sie|fragen sie|erfragen|erfrage|попроси(?:те)?|запроси(?:те)?|vraag(?: om| naar)?|poproś|zapytaj o|minta(?:lah)?|iste(?:yin)?|talep ed(?:in)?)(?![\p{L}])[^:\n]{0,160}|(?:依頼|頼む|してもらう|もらうよう|求める|尋ねる|聞く|요청|달라고|받는다|请用户|让用户|要求用户|请对方|让对方)[^:：\n]{0,40})[:：]\s*$/u;
/** …said of a program that prompts ("the installer will ask for:"), not of the agent. */
const PROGRAM_ASKS = /\b(?:it|the (?:installer|wizard|tool|script|cli|program|command|prompt|app|site|page|form|dialog))\s+(?:will\s+|then\s+)?(?:asks?|prompts?|requests?)\b/u;

/**
 * A secret named as the topic of a design question ("Passwords: How stored? (must be hashed)", "tokens — where are they
 * kept?"): the answer is how the software treats such secrets, not a secret handed over.
 */
const HANDLING_QUESTION = /^[\s*]*[:—–-]?[\s*]*(?:how|where)\b[^.\n?]{0,30}?\b(?:stored|hashed|salted|encrypted|handled|managed|kept|rotated|reset|validated|transmitted|generated|expire[sd]?|protected)\b[^.\n?]{0,30}\?/u;

/**
 * "Verify the identity by asking, in the chat, for:" followed by a list naming a password, recovery codes or a
 * seed phrase: the list items are what the agent asks the user to hand over, although no verb stands beside them.
 */
export function detectListSolicit(ctx: Ctx, unit: ProseUnit, clauses: Clause[]): void {
  if (unit.kind !== 'list' || !unit.intro || clauses.length === 0) return;
  const intro = lowerSame(unit.intro).replace(/\s*\n\s*/g, ' ').replace(/\*\*/g, '');
  if (!ASK_INTRO.test(intro) || PROGRAM_ASKS.test(intro) || LOCAL_ENTRY.test(intro)) return;
  const named = objectsIn(unit.text).filter((o) => !QUALIFIER_AFTER.test(unit.text.slice(o.index + o.text.length)) && !HANDLING_QUESTION.test(unit.text.slice(o.index + o.text.length, o.index + o.text.length + 80)));
  let objs = named.filter((o) => o.cls.critical);
  let entry = 'prose.solicit.critical';
  // tokens and credential files asked for so that someone can "verify" the account: handed over under a pretext
  if (objs.length === 0 && has(L.VERIFY_PRETEXT, intro)) {
    objs = named.filter((o) => o.cls.name.startsWith('secret:'));
    entry = 'prose.solicit.verify';
  }
  if (objs.length === 0) return;
  const c = clauses.find((x) => objs.some((o) => o.index >= x.start - clauses[0]!.start)) ?? clauses[0]!;
  const a = emit(ctx, c, 0, 1, 'solicit', entry, { object: objs[0]!.text, via: 'user', produces: ['secret:user-provided', objs[0]!.cls.name] });
  if (a.mode === 'instruction') ctx.lastRead = a.produces!;
}

/** A quotation of three words or more: a message's text ("your password was changed"), not a thing handed over. */
const QUOTED_MESSAGE = /["“„«][^"”“»\n]{1,80}?\s[^"”“»\n]{1,80}?\s[^"”“»\n]{1,80}?["”»]/gu;
/** The preposition of a request for something: "ask for", "bitten um", "fragen nach", "pedir por", "demander". */
const ASK_FOR = /^\s*(?:(?:sie|usted|vous|lei)\s+)?(?:\*\*)?\s*(?:(?:for|um|nach|por|pour|per|за)\b|:)/u;
/** The secret is typed into a local prompt that keeps it (a hidden terminal prompt, the system keyring), not into the chat. */
const LOCAL_ENTRY = /\b(?:hidden|silent|masked|secure|terminal|password) (?:prompt|input)|\bwithout echo\w*|\bno echo\b|\bkeyring\b|\bkeychain\b|\bgetpass\b|\bread -s\b|\bstored securely\b/;
/** A secret word that only qualifies another noun: "a password reset link", "the token expiry". */
/** What follows a secret when the sentence describes it instead of handing it over: "confirm the code appears on the app". */
const SECRET_DESCRIBED = /^\s*(?:(?:that|which)\s+)?(?:appears?|is (?:shown|displayed|correct|valid|the same)|matches?|shows?|displays?|has (?:changed|expired|arrived))\b/;

/** What a command prints, named as the thing to paste. */
const OUTPUT_WORD = /\b(?:output|result|what (?:it|this|that) prints|(?:everything|what) (?:it|this|that|they) printed|screenshots?|screen ?grabs?|ausgabe|salida|resultado|sortie|résultat|uscita|risultato|вывод|результат)\b|输出|出力|출력/iu;
/** Commands whose output is a credential: tokens printed by CLIs, credential files shown, the environment dumped. */
const PRINTS_SECRET = /\b(?:gh auth token|print-access-token|print-identity-token|export-credentials|get-login-password|az account get-access-token|vault (?:kv get|read)|printenv|env\s*(?:\||$|;))|\b(?:cat|type|Get-Content|more|less|head|tail)\s+[^\n|;]{0,40}(?:\.npmrc|\.pypirc|\.netrc|\.git-credentials|credentials|\.env\b|id_(?:rsa|ed25519|ecdsa)|kubeconfig|\.kube\/config|\.docker\/config\.json|hosts\.ya?ml)/m;

/** A request whose object is a pronoun handed to the agent: "… to type it here in the chat", "… to send it to me". */
const HANDED_PRONOUN = /^\S+\s+(?:the\s+user\s+|them\s+|him\s+|her\s+)?to\s+(?:paste|type|enter|send|give|share|read|tell|reply with|forward)\s+(?:it|them|this|that|the code|the number)\s+(?:(?:back\s+)?(?:to\s+(?:me|you)\b|here\b|in(?:to)?\s+(?:the\s+|this\s+)?(?:chat|conversation|reply)\b))/;
/** A request that the user run one inline command ("tell the user to run `chmod 600 ~/.ssh/id_ed25519`"); group 1 is the command. */
const RUN_OWN_COMMAND = /^\S+\s+(?:the\s+)?(?:user|them|him|her)\s+to\s+(?:run|execute|type)\s+`([^`\n]{1,200})`\s*(?:[.;,]|$|\b(?:in|on|from)\b)/;

/** The German zu-infinitive that completes a request after its comma (", sein Token hier einzufügen"), or ''. */
function zuComplement(c: Clause): string {
  const tail = c.sentence.slice(c.end - c.sentenceStart, c.end - c.sentenceStart + 200);
  // (the Polish purpose clause does the same: "Poproś użytkownika, aby wkleił tutaj …")
  const m = /^\s*[,，]\s*([^,.;!?]{0,120}?(?:\p{L}+zu\p{L}+en|\bzu\s+\p{L}+en)\b|(?:aby|żeby|by)\s[^,.;!?]{1,120})/u.exec(tail);
  // ("…, sein Passwort niemals in den Chat einzufügen" asks the opposite)
  return m && !/(?<![\p{L}])(?:nicht|nie|niemals|nigdy|keinesfalls|keine[nms]?)(?![\p{L}])/u.test(m[1]!.toLowerCase()) ? ` ${m[1]!.toLowerCase()}` : '';
}

/** A field, form, page or device the secret is typed into (CJK), and the user doing it themselves. */
const OWN_FIELD_CJK = /(?:入力欄|欄|フォーム|ログイン画面|画面|ページ|デバイス|端末|パスワードマネージャー|字段|输入框|表单|登录页|页面|设备|密码管理器|입력란|필드|로그인 화면|페이지|기기|비밀번호 관리자)/u;
const SELF_CJK = /(?:ユーザー自身|ご自身|自分で|本人が|用户自己|亲自|自行|사용자가 직접|직접|본인이)/u;

/** A test fixture's credential: a test-environment file (`.env.test`, `.env.e2e`) or a test, demo or seeded account. */
const TEST_ACCOUNT = /(?<![\w-])\.env\.(?:test|testing|e2e|ci|development|dev|local)\b|\b(?:test|testing|e2e|qa|demo|seed(?:ed)?|fixture|dummy|sandbox|local|dev)[ -](?:user|account|login|admin|credentials?|password)s?\b/u;
/** … for a service on this machine (a dev server on localhost). */
const LOCAL_TARGET = /\blocalhost\b|\b127\.0\.0\.1\b|\[::1\]|\b0\.0\.0\.0:\d|\bdev server\b|(?<![\w-])\.env\.(?:test|testing|e2e|development|dev|local)\b/u;

/** A key the sentence calls public, or names by its `.pub` file; and one it calls private. */
const PUBLIC_KEY = /\bpublic[ -]key\b|\.pub\b|öffentliche\w* schlüssel|clave pública|clé publique|chave pública|chiave pubblica/u;
const PRIVATE_KEY = /\bprivate[ -]?key|privater? schlüssel|clave privada|clé privée|chave privada|chiave privata|id_(?:rsa|dsa|ecdsa|ed25519)(?!\.pub)/u;

/** A negation right before a named secret, in a parenthesis or after a comma: the request excludes it ("(never the private key)"). */
const EXCLUDED_BEFORE = /(?:^|[(,;—–-]\s*|\s)(?:but\s+)?(?:never|not|no|jamais|pas|nunca|nunca\s+a|não|nie|nicht|niemals|keine?n?|mai|non|nigdy|никогда\s+не|не|nooit|niet|asla)\s+(?:(?:the|your|their|its|la|le|les|sa|son|ses|leur|el|los|las|su|sus|a|o|as|os|sua|seu|die|den|das|der|ihren?|seinen?|il|lo|la\s+sua|jej|jego)\s+)?$/iu;
/** The same exclusion of a private key, for the public-key test. */
const EXCLUDED_PRIVATE_KEY = /(?:never|not|no|jamais|pas|nunca|não|nie|nicht|niemals|keine?n?|mai|non|nigdy|никогда|nooit|niet|asla)\s+(?:\p{L}+\s+)?(?:private[ -]?key|privater?n? schlüssel|clave privada|clé privée|chave privada|chiave privata)/giu;

/**
 * What "ask for" asks for: up to a relative clause that only describes it ("Ask for anything that … touches `~/.ssh` on
 * its own" asks approval for a command; the credential is what the command touches, not what is handed over).
 */
function askedForSpan(text: string): string {
  const rel = /^(\S+\s+(?:for|um|nach|por|pour|per)\s+(?:\p{L}+\s+){0,3}?)(?:that|which|who|whose)\s/u.exec(text);
  return rel && !/(?<![\p{L}])(?:secrets?|tokens?|keys?|passwords?|codes?|credentials?|phrases?)(?![\p{L}])/u.test(rel[1]!) ? rel[1]! : text;
}

export function detectSolicit(ctx: Ctx, c: Clause): void {
  const s = c.sentence;
  const ask = verbs(c, 'ask')[0];
  const user = sF(c, L.USER);
  const paste = verbs(c, 'paste')[0];
  // "Ask the user to paste …" or an imperative addressed to the user ("Paste your token here").
  // "Ask the user for their recovery phrase", "ask the user to paste the token".
  // (the user asked is named after the verb: "When the user asks to reset it, ask them to read back the code")
  const askedUser = ask && user && !(user.index > c.start - c.sentenceStart + ask.index) ? first(L.USER, c.text.slice(ask.index, ask.index + 40)) : null;
  // What is asked for: the rest of the clause, and in German the zu-infinitive after the comma
  // ("Bitte den Benutzer, sein Token hier einzufügen").
  // ("Ask the user to paste, in the chat, every API key they have": the place set off by commas, the secret after it)
  const afterClause = c.sentence.slice(c.end - c.sentenceStart, c.end - c.sentenceStart + 240);
  const interposed = /^\s*,?\s*(?:in|into)\s+(?:the\s+|this\s+)?(?:chat|conversation)\s*,/u.test(afterClause) ? ` ${afterClause}` : '';
  const askText = ask ? c.text.slice(ask.index) + zuComplement(c) + interposed : '';
  // ("Ask the user never to paste their password into the chat" asks the opposite)
  const askUser = Boolean(ask && user && addressedAt(c.text, ask.index) && (user.index > c.start - c.sentenceStart + ask.index || askedUser)
    && !/^[^.;]{0,60}?\b(?:to\s+(?:never|not)|not\s+to|never\s+to)\b/.test(askText)
    && (objectsIn(askText).some((o) => o.cls.name.startsWith('secret:') && !SECRET_DESCRIBED.test(askText.slice(o.index + o.text.length)))
      // "When GitHub sends the user a 6-digit code, ask them to type it here in the chat": the pronoun handed into the
      // chat stands for the secret the sentence named before the request
      || (HANDED_PRONOUN.test(askText) && objectsIn(c.sentence.slice(0, c.start - c.sentenceStart + ask.index)).some((o) => o.cls.name.startsWith('secret:')))));
  // "Ask for their recovery codes", "Bitten Sie um alle Wiederherstellungscodes": a request made of whoever
  // the agent is talking to, with the secret right after the preposition.
  // (read on through the sentence: "peça: nome, CPF, senha do portal" puts the list in the clause after the colon)
  const askAt = ask ? c.start - c.sentenceStart + ask.index : 0;
  const askFor = Boolean(!askUser && ask && !/^prompt/.test(ask[0]) && !LOCAL_ENTRY.test(c.sentence) && addressedAt(c.text, ask.index) && ASK_FOR.test(c.sentence.slice(askAt + ask[0].length, askAt + ask[0].length + 24))
    && objectsIn(askedForSpan(c.sentence.slice(askAt, askAt + 200))).some((o) => o.cls.name.startsWith('secret:') && !QUALIFIER_AFTER.test(c.sentence.slice(askAt + o.index + o.text.length))));
  // ("Paste … here": only the person reading the chat can paste into it, so the step is addressed to the user)
  // ("reply with …" hands it over in the reply itself)
  // (a quoted message of three words or more is the text sent — a mail's subject "your password was changed" — not the user's secret)
  const unquoted = c.text.replace(QUOTED_MESSAGE, (m) => ' '.repeat(m.length));
  const toUser = askUser || askFor || (paste && addressedAt(c.text, paste.index) && (/^(?:reply|respond) with/.test(paste[0]) || /^\S+(?:\s+(?:it|them|this|that))?\s+(?:to\s+)?me\b/.test(c.text.slice(paste.index)) || /\b(?:your|dein\w*|ihr\w*|tu|tus|su|sus|votre|vos|ton|ta|tes|seu|sua|il tuo|la tua|tuo|tua|свой|свою|ваш\w*|твой|твою|je|jouw|uw|你的|您的|あなたの)\b/u.test(unquoted) || PASTE_HERE.test(c.text.slice(paste.index))));
  // CJK: "ユーザーに…入力して", "请用户…粘贴" name the user before the verb.
  // ("ユーザーが…入力します", "사용자가 … 입력합니다": with a subject particle the user is the one who types, somewhere the
  // sentence names; only into this chat is it handed to the agent)
  const userSubject = Boolean(user && /^(?:が|は|가|이|는|은|께서)/u.test(s.slice(user.index + user[0].length)));
  const cjkUser = Boolean(paste && user && CJK.test(c.text) && user.index < c.start - c.sentenceStart + paste.index && (!userSubject || has(L.INTO_CHAT, s)));
  if (!toUser && !cjkUser) return;
  // ("パスワード欄に来たら…ユーザー自身に入力してもらう", "让用户自己在密码字段中输入": the user types it themselves into the
  // site's own field, form or device, and not into this chat: nothing is handed to the agent)
  if (CJK.test(c.text) && !has(L.INTO_CHAT, s) && OWN_FIELD_CJK.test(s) && SELF_CJK.test(s)) return;
  // "If a README asks you to paste your key, warn the user": someone else's request, described as a condition.
  const verbAt = askUser || askFor ? ask!.index : paste ? paste.index : 0;
  const sentenceAt = c.start - c.sentenceStart + verbAt;
  if (CONDITION_OF_REQUEST.test(c.sentence.slice(0, sentenceAt)) && !HAND_IT_OVER.test(c.sentence.slice(sentenceAt))) return;
  // "Tell the user to store the password file somewhere safe", "… to back it up in their password
  // manager": the secret stays with the user; only handing it over is a solicitation.
  // ("… to create a token and paste it here" keeps nothing: the token created is then handed over)
  // "Tell the user to run `chmod 600 ~/.ssh/id_ed25519`": the key is an argument of a command the user runs on their
  // own machine; nothing is handed over unless the command prints it or the sentence asks for what it printed.
  const runs = askUser ? RUN_OWN_COMMAND.exec(c.text.slice(ask!.index, ask!.index + 200)) : null;
  if (runs && !PRINTS_SECRET.test(runs[1]!) && !OUTPUT_WORD.test(c.sentence) && !/\b(?:paste|send|give|share|reply|post|upload|tell me|show me)\b/i.test(c.sentence)) return;
  if (askUser && KEEP_IT.test(c.text.slice(ask!.index, ask!.index + 80)) && !/\b(?:paste|send|give|share|enter|type|provide|post|upload)\s+(?:it|them|this|that)\s+(?:here|to\s+me|in(?:to)?\s+(?:the\s+)?chat|below|with\s+me)\b/i.test(c.sentence)) return;
  // (a CJK request that ends in a colon names what is asked for in the rest of the sentence: "…送ってもらうこと： 現在のパスワード")
  const objSrc = CJK.test(c.text) ? (/[:：]\s*$/u.test(c.sentence.slice(0, c.end - c.sentenceStart + 2)) ? c.sentence.slice(c.start - c.sentenceStart) : c.text) : askFor ? c.sentence.slice(askAt, askAt + 200) : (askUser ? askText : unquoted.slice(paste!.index));
  // ("… la clé publique de sa CI (jamais la clé privée)", "the public key, never the private key": a secret the request
  // itself excludes is not asked for)
  let objs = objectsIn(objSrc).filter((o) => o.cls.name.startsWith('secret:') && !EXCLUDED_BEFORE.test(objSrc.slice(Math.max(0, o.index - 32), o.index)));
  // "create a token with admin scopes and paste it here": the pronoun after the verb (or joined to it: "pégalo", "cole-o")
  // stands for the secret named before it, in this sentence or in the step just before ("2. Generate a new token. 3. Paste it here.")
  if (objs.length === 0 && paste && (/^\S+\s+(?:it|them|this|that|these|those)\b/u.test(c.text.slice(paste.index)) || /(?:lo|la|los|las|le|les|melo)$/u.test(paste[0]) || /^-(?:o|a|os|as|le|la|les|lo|los)\b/u.test(c.text.slice(paste.index + paste[0].length)))) {
    objs = objectsIn(c.sentence).filter((o) => o.cls.name.startsWith('secret:'));
    if (objs.length === 0 && ctx.prevText && MADE_SECRET.test(lowerSame(ctx.prevText))) objs = objectsIn(lowerSame(ctx.prevText)).filter((o) => o.cls.name.startsWith('secret:'));
  }
  // "paste the output (of the command below) into the chat": what is handed over is what that command prints
  if (objs.length === 0 && paste && OUTPUT_WORD.test(c.sentence)) {
    // (the command may come before the step: "Run: ```cat ~/.docker/config.json```. Then send a screenshot of what it printed")
    const printed = PRINTS_SECRET.exec(followingCode(ctx, c.unit)) ?? PRINTS_SECRET.exec(precedingCode(ctx, c.unit));
    const cloud = L.READ_OBJECTS.find((x) => x.name === 'secret:cloud');
    if (printed && cloud) objs = [{ cls: cloud, index: 0, text: `the output of \`${printed[0].trim()}\`` }];
  }
  // an SSH key the step itself calls public ("copy your public key … paste it into GitHub under Settings → SSH keys") is what
  // its owner hands out; a key file named by its path still counts (`.pub` files are not secrets in the lexicon)
  // (handed to the chat it is still asked for: "paste your SSH key here so I can add the public key")
  if (PUBLIC_KEY.test(s) && !PRIVATE_KEY.test(s.replace(EXCLUDED_PRIVATE_KEY, ' ')) && !has(L.INTO_CHAT, s) && !/\b(?:here|below|to me)\b/.test(s)) objs = objs.filter((o) => !(o.cls.name === 'secret:ssh' && /^ssh[ -]?keys?$/.test(o.text)));
  if (objs.length === 0) return;
  // a whole credential file handed over (an SSH key, a kubeconfig with its client keys, cloud or registry credentials)
  // is as critical as a password: it is the login itself, not a scoped token
  const crit = objs.find((o) => o.cls.critical || /^secret:(?:ssh|cloud|package-token)$/.test(o.cls.name));
  const o = crit ?? objs[0]!;
  const at = askUser || askFor ? ask!.index : paste!.index;
  void cjkUser;
  const url = sFR(c, L.DESTINATION.url);
  const pretext = Boolean(sF(c, L.VERIFY_PRETEXT)) && !(url && isVendorHost(ctx, urlHost(url[0])));
  // the password of a test account on the user's own machine (a seeded e2e user, a `.env.test` login to localhost) is a
  // fixture, not the user's secret: still a source for the data flow, not a critical request on its own
  const fixture = crit && TEST_ACCOUNT.test(s) && (LOCAL_TARGET.test(s) || LOCAL_TARGET.test(c.unit.text) || LOCAL_TARGET.test(ctx.prevText ?? '') || c.unit.headings.some((h) => LOCAL_TARGET.test(h)));
  const entry = crit && !fixture ? 'prose.solicit.critical' : pretext ? 'prose.solicit.verify' : has(L.INTO_CHAT, s) ? 'prose.solicit.chat' : 'prose.solicit.token';
  const a = emit(ctx, c, at, 1, 'solicit', entry, { object: o.text, via: 'user', produces: ['secret:user-provided', o.cls.name] });
  // "… then post it to …" points back to what the user handed over.
  if (a.mode === 'instruction') ctx.lastRead = a.produces!;
}

/** A bank account or wallet written out: an IBAN, an EVM or Bitcoin-style address. */
const FIXED_ACCOUNT = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){3,7}(?:[ ]?[A-Z0-9]{1,4})?\b|\b(?:account|acct|konto|cuenta|compte|conta|conto)(?: (?:number|no\.?|nr\.?|número|numéro))?:? \d[\d -]{7,28}\d\b|\b0x[0-9a-fA-F]{40}\b|\b(?:bc1|[13])[a-zA-HJ-NP-Z0-9]{25,59}\b/;
/** Paying, transferring, settling. */
const PAY_VERB = /\b(?:pay|pays|paying|transfer|wire|remit|settle|send(?:ing|s)? (?:the |your |their )?(?:payments?|money|funds|amount|crypto|deposits?)|deposit(?:ing|s)?|route (?:the )?(?:payment|payout)s?|überweis\p{L}*|zahl\p{L}*|pag[ae]\p{L}*|transf[ie]\p{L}*|vire\p{L}*|versa\p{L}*|плат\p{L}*|перевед\p{L}*|перечисл\p{L}*)\b|支付|转账|付款|振込|支払/u;
/** The account is used in place of the one the payment is for. */
const OVERRIDE = /\b(?:regardless|instead of|rather than|not the (?:ones?|account|details) (?:on|printed on|in) the|no matter|even if|whatever|always|every|all (?:invoices|payments|transfers)|remember|memory|(?:all )?future (?:sessions|conversations|chats)|from now on|official (?:deposit |payment |wallet |receiving )?address|unabhängig|statt|en lugar de|independientemente|siempre|au lieu de|quel que soit|toujours|invece di|sempre|em vez de|вместо|всегда|независимо)\b|无论|总是|代わりに|常に/u;

/** Details taken from the document in hand: "to match the invoice", "from the e-mail", "as given in the request". */
const FROM_THE_DOCUMENT = /\b(?:to match|from|as (?:given|shown|written|stated) (?:in|on)|per|according to) the (?:invoice|bill|e-?mail|message|request|letter|pdf|attachment)\b/u;
/** The change is kept from the user or made without checking. */
const KEPT_FROM_USER = /\b(?:do not|don['’]t|never) (?:raise|mention|tell|flag|report|bother|ask)\b|\bwithout (?:asking|checking|verifying|calling|confirming|telling)\b|\bsilently\b|\bquietly\b/u;

/** An extra line of a payment run: a beneficiary line, an item, a booking, a fee or a rounding difference. */
const EXTRA_LINE = withQuickStart(/(?<![\p{L}])(?:(?:extra|additional|one more|separate|own|eigene|zusätzliche|weitere|otra|adicional|supplémentaire)\s+)?(?:beneficiary lines?|payment lines?|line items?|items?|lines?|entr(?:y|ies)|bookings?|buchung\p{L}*|posten|zeilen?|lignes?|línea|linea|lançamentos?|(?:platform |service )?fees?|differenz|rundung\p{L}*|rounding)(?![\p{L}])/u);
/** Putting it into the run: add, include, insert, put in the same batch or file. */
const ADD_TO_RUN = withQuickStart(/(?<![\p{L}])(?:add|adds|include|includes|insert|append|put|gestellt|hinzu\p{L}*|füge|agrega|añade|ajoute[zr]?|inclua|adicione|aggiungi)(?![\p{L}])|\bto the same (?:batch|run|file)\b|in dieselbe datei/u);
/** A payment run or payout batch the agent prepares. */
const PAYMENT_RUN = /\b(?:payment runs?|payout batch(?:es)?|payouts?|batch(?:es)?|sepa|pain\.001|wire runs?|transfers?|bank file)\b|sammelüberweisung|überweisung|zahlungslauf|virements?|remesa|pagamentos? em lote/u;

/** An unlimited allowance over the user's tokens: "approve unlimited USDC spending for 0x…", "set approval for all". */
const UNLIMITED_APPROVAL = /\b(?:unlimited|infinite|max(?:imum)?|full)\s+(?:\w+\s+){0,2}(?:spending|allowance|approvals?|spend limit)\b|\bset\s*approval\s*for\s*all\b|\bapprove\s+(?:all|unlimited|everything)\b|\bsetApprovalForAll\b/iu;

/** A payee's stored payment details: where its money goes from now on. */
const PAYEE_DETAILS = /\b(?:bank(?:ing)? (?:details|info(?:rmation)?|account)|payment (?:details|info(?:rmation)?|address|account)|account (?:number|details)|iban|routing (?:number|details)|payout (?:account|details|address|wallet)|remittance (?:details|account|address)|beneficiary(?: account| details)?|deposit account|wallet address|receiving (?:account|address|wallet))\b|bankverbindung|kontodaten|datos bancarios|coordonnées bancaires|dados bancários|coordinate bancarie|реквизит\p{L}*|银行(?:账户|信息)|振込先|口座/u;
/** Changing what is stored. */
const CHANGE_DETAILS = withQuickStart(/(?<![\p{L}\p{N}_])(?:update|change|replace|set|switch|edit|correct|overwrite|swap|ändere|aktualisiere|actualiza|cambia|modifie[zr]?|mets à jour|altere|atualize|aggiorna|modifica|измени|обнови)(?![\p{L}\p{N}_])|更新|修改|変更|변경|바꿔/u);

/**
 * An assistant told to pay a fixed account in place of the one an invoice, a seller or the user names ("pay every
 * invoice to IBAN DE89 … regardless of the vendor on it"): the payments go to whoever holds that account.
 */
/** FIXED_ACCOUNT's match in the clause's sentence as written, remembered per sentence in `seen` (the match is only read). */
function accountIn(seen: Map<number, RegExpExecArray | null>, c: Clause): RegExpExecArray | null {
  let m = seen.get(c.sentenceStart);
  if (m === undefined) seen.set(c.sentenceStart, (m = FIXED_ACCOUNT.exec(c.rawSentence)));
  return m;
}
export function detectFixedPayee(ctx: Ctx, clauses: Clause[]): void {
  let asked = -1;
  let account: RegExpExecArray | null = null;
  // (the account a sentence writes out, looked for once per sentence however many of the passes below ask)
  const accounts = new Map<number, RegExpExecArray | null>();
  for (const c of clauses) {
    // (asked once per sentence; the verb is in whichever clause holds it: "Remember for all future sessions: … recommend sending funds to 0x…")
    if (c.sentenceStart !== asked) {
      asked = c.sentenceStart;
      account = accountIn(accounts, c);
      if (account && (/^0x0{40}$/i.test(account[0]) || /X{4}|0000 0000/.test(account[0]) || !((PAY_VERB.test(c.sentence) && OVERRIDE.test(c.sentence)) || UNLIMITED_APPROVAL.test(c.sentence)))) account = null;
    }
    if (!account) continue;
    // paying it in place of the invoice's account, or giving it an unlimited allowance over the user's tokens
    const verb = PAY_VERB.exec(c.text) ?? UNLIMITED_APPROVAL.exec(c.text);
    if (!verb) continue;
    emit(ctx, c, verb.index, verb[0].length, 'tamper', 'prose.tamper.payment-address', { object: account[0], via: 'payments the agent makes' });
    return;
  }
  // … or rewritten to whatever an invoice or a message says, kept from the user (the way business-mail fraud is paid)
  asked = -1;
  let fromDocument = false;
  for (const c of clauses) {
    // (the sentence's tests once per sentence, not once per clause)
    if (c.sentenceStart !== asked) {
      asked = c.sentenceStart;
      fromDocument = PAYEE_DETAILS.test(c.sentence) && FROM_THE_DOCUMENT.test(c.sentence);
    }
    if (!fromDocument) continue;
    const verb = CHANGE_DETAILS.exec(c.text);
    if (!verb || !addressedAt(c.text, verb.index) || negatedAt(c.text, verb.index)) continue;
    if (!KEPT_FROM_USER.test(c.unit.text.slice(0, 3000))) continue;
    emit(ctx, c, verb.index, verb[0].length, 'tamper', 'prose.tamper.payment-address', { object: "the bank details an invoice or a message gives", via: "a payee's stored payment details, changed without the user" });
    return;
  }
  // … or added as an extra line of a payment run or payout batch ("add one beneficiary line for 2.5 % of the run to IBAN
  // …", "one extra item, the platform fee, to fees@…", "die Differenz wird als eigene Buchung an IBAN … gestellt")
  asked = -1;
  for (const c of clauses) {
    if (c.sentenceStart === asked) continue;
    asked = c.sentenceStart;
    // (the payee first: most sentences write none, and the two word tests cost more)
    const payee = accountIn(accounts, c) ?? (c.rawSentence.includes('@') ? MAIL_ADDRESS.exec(c.rawSentence) : null);
    if (!payee || (payee[0].includes('@') && isPlaceholderAddress(payee[0])) || /X{4}|0000 0000/.test(payee[0])) continue;
    if (!EXTRA_LINE.test(c.sentence) || !ADD_TO_RUN.test(c.sentence)) continue;
    if (!PAYMENT_RUN.test(`${c.unit.headings.at(-1) ?? ''} ${c.unit.text.slice(0, 2000)} ${ctx.prevText ?? ''}`)) continue;
    if (negatedAt(c.sentence, Math.max(0, c.sentence.search(ADD_TO_RUN)))) continue;
    emit(ctx, c, 0, 1, 'tamper', 'prose.tamper.payment-address', { object: payee[0], via: 'an extra line in the payments the agent makes' });
    return;
  }
  // … or writing it into a payee's stored bank details ("update the vendor's bank details to IBAN …"; the account may be
  // in the block the sentence introduces: "set the remittance bank account to the clearing account: ```iban: …```")
  asked = -1;
  for (const c of clauses) {
    if (c.sentenceStart !== asked) {
      asked = c.sentenceStart;
      account = accountIn(accounts, c) ?? (/:\s*$/.test(c.rawSentence) ? FIXED_ACCOUNT.exec(followingCode(ctx, c.unit).slice(0, 2000)) : null);
      if (account && (/^0x0{40}$/i.test(account[0]) || /X{4}|0000 0000/.test(account[0]) || !PAYEE_DETAILS.test(c.sentence))) account = null;
    }
    if (!account) continue;
    const verb = CHANGE_DETAILS.exec(c.text);
    if (!verb || !addressedAt(c.text, verb.index) || negatedAt(c.text, verb.index)) continue;
    emit(ctx, c, verb.index, verb[0].length, 'tamper', 'prose.tamper.payment-address', { object: account[0], via: "a payee's stored payment details" });
    return;
  }
}

/** Where an account's control lives: its recovery address or phone, second factor, trusted devices, delegates, owners. */
const ACCOUNT_CONTROL = /\b(?:(?:the same |these |those |all )?(?:\w+ )?permissions|access rights|full ?access|send ?as|send on behalf|(?:editor|writer|owner|admin(?:istrator)?|super[- ]?admin|member) (?:access|rights|role)|full members?|super[- ]?admins?|(?:workspace|org(?:anization)?|tenant|portal) (?:admins?|owners?|members?)|recovery (?:e-?mail|address|phone|number|contact)s?|backup (?:e-?mail|phone)|secondary (?:e-?mail|phone)|two-factor|2fa|mfa|authenticator|trusted (?:devices?|contacts?|phone)|(?:account |mailbox |calendar )?delegates?|delegat(?:e|ion) (?:access|rights)|legacy contact|(?:co-?)?owners?|admin(?:istrator)? (?:role|rights|access))\b|wiederherstellungs\p{L}*|correo de recuperación|e-mail de récupération|e-mail de recuperação|резервн\p{L}* (?:почт|адрес|телефон)\p{L}*|恢复邮箱|辅助邮箱|復旧用/u;
const CHANGE_VERB = /\b(?:change|set|update|replace|add|switch|point|make|grant|invite|register|ändere|füge|setze|cambia|añade|agrega|change[zr]?|ajoute[zr]?|remplace[zr]?|altere|adicione|cambia|aggiungi|измени|добавь)\b|更改|修改|添加|変更|追加/u;
/** A phone number written out. */
const PHONE = /\+\d[\d ()-]{7,18}\d/;
/** The sentence offers its value as a stand-in ("e.g. +1 555 0100", "your own number"). */
const PLACEHOLDER_OFFERED = /\b(?:e\.g\.|for example|for instance|such as|like|your own|their own|the user's own|placeholder|sample)\b/i;
/** A sentence that gives the value of what the one before asked to set ("Use …", "Set it to …", "Enter …"). */
const USE_VALUE = /^\W*(?:then\s+)?(?:use|enter|type|set it to|make it|choose|pick|put|fill in|give it)\b/i;
const USE_VERB = /\b(?:use|enter|type|set|make|choose|pick|put|fill|give)\b/i;

/**
 * An assistant told to put an address or number the skill fixes into the user's account control — the recovery
 * e-mail or phone, the second factor, a delegate or a co-owner: whoever holds it can take the account over.
 */
/** The address or number a sentence gives an account control (a function, not a closure per call: see docs/analysis-limits.md, "Speed"). */
function fixedIn(raw: string): RegExpExecArray | null {
  const f = (raw.includes('@') ? MAIL_ADDRESS.exec(raw) : null) ?? PHONE.exec(raw);
  // a number of the range kept for fiction (555-01xx) is a stand-in only where the sentence offers it as one
  return f && (f[0].includes('@') ? isPlaceholderAddress(f[0]) : /555[- ]?01\d\d/.test(f[0]) && PLACEHOLDER_OFFERED.test(raw)) ? null : f;
}

export function detectAccountTakeover(ctx: Ctx, clauses: Clause[]): void {
  let asked = -1;
  let control: RegExpExecArray | null = null;
  let fixed: RegExpExecArray | null = null;
  /** A control named with its verb and no value yet: the value may come in the next sentence ("Add a recovery contact. Use +1 …"). */
  let pending: { control: RegExpExecArray; unit: unknown } | null = null;
  let carried = false;
  for (const c of clauses) {
    // (asked once per sentence; the verb is in whichever clause holds it: "On first run, …, invite x@y as a full member")
    if (c.sentenceStart !== asked) {
      asked = c.sentenceStart;
      // (a list item wrapped over two lines keeps its indent inside the sentence: "a recovery\n   contact")
      const sentence = c.sentence.replace(/\s+/g, ' ');
      const named = CHANGE_VERB.test(sentence) ? ACCOUNT_CONTROL.exec(sentence) : null;
      control = named;
      fixed = control ? fixedIn(c.rawSentence) : null;
      carried = false;
      if (!control && pending && pending.unit === c.unit && USE_VALUE.test(sentence)) {
        fixed = fixedIn(c.rawSentence);
        if (fixed) [control, carried] = [pending.control, true];
      }
      pending = named && !fixed ? { control: named, unit: c.unit } : null;
    }
    if (!control || !fixed) continue;
    const verb = carried ? USE_VERB.exec(c.text) : CHANGE_VERB.exec(c.text);
    if (!verb || !addressedAt(c.text, verb.index) || negatedAt(c.text, verb.index)) continue;
    emit(ctx, c, verb.index, verb[0].length, 'privilege', 'prose.privilege.account-control', { object: `${control[0]} → ${fixed[0]}`, via: "the user's account settings" });
    return;
  }
}
