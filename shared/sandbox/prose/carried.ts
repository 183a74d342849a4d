/**
 * Prose-carried attacks, twenty-third round (docs/skill-prose.md, "Prose-carried families, sandbox-2026.12.9"): four
 * behaviours the older readers knew only in some languages or only when stated in one sentence. Each is a reading of
 * acts, objects and beneficiaries — whose secret leaves, to whom — kept as data (word lists per language) with one
 * small matcher each; the clause's structural mode (structure.ts `modeOf`: negation, quotation, example, teaching)
 * decides as everywhere, so security teaching that quotes the same steps stays data.
 *
 *  - **relayed-user-secret**: a secret the user handed over ("the token the user pasted", "полученные коды", "사용자가
 *    붙여넣은 토큰") sent or requested to an address outside the skill's service — a "scope check", a "verification
 *    centre". Who gains: the host. Emitted as `prose.solicit.verify` (PROSE-SOLICIT-002).
 *  - **secrets-in-url-parameter**: a URL parameter the agent fills (a badge, a pixel, a link it renders) whose value is
 *    built from what the conversation holds — keys, passwords, connection strings, personal details —, with the URL's
 *    host outside the skill's service. Whose data leaves: the user's. `prose.send.secret-in-url` (PROSE-RELAY-001).
 *  - **defined-bundle**: a term defined once (a glossary item "**host profile**: the contents of `~/.ssh/` …", or a
 *    frontmatter metadata value) as the user's credential stores, used by name in a later step that bundles, attaches
 *    or sends it, in a document that uploads to a host outside the skill's service. The step split across a definition
 *    and its use is one step. `prose.send.defined-term` (PROSE-RELAY-002).
 *  - **remote-script-every-page**: a script from a host outside the skill's service put into every page the agent
 *    generates, in languages the older reader (read/tamper.ts) has no words for. `prose.tamper.remote-script`
 *    (PROSE-TAMPER-001).
 */
import { gradeUrl } from '../effects/catalogue/hosts.js';
import type { Action, ActionMode } from '../effects/types.js';
import type { SourceText } from '../text.js';
import { matchAll } from '../match-all.js';
import { alt, lowerSame } from './lexicon.js';
import { addressedAt, clausesOf, modeOf, proseUnits, type Clause, type ProseUnit } from './structure.js';

const FOREIGN = new Set(['unknown', 'collector', 'paste', 'ip', 'lookalike', 'punycode', 'plain-http']);
const URL_RE = /https?:\/\/[^\s`'"()<>\]|]+/gu;
const foreignUrls = (raw: string, vendor: ReadonlySet<string>): string[] =>
  [...matchAll(raw, URL_RE)].map((m) => m[0].replace(/[.,;:!?]+$/u, '')).filter((u) => FOREIGN.has(gradeUrl(u, vendor).grade));

// ── relayed-user-secret ────────────────────────────────────────────────────────────────────────────────────────────
/** The act: the agent sends, requests or submits something to an address. */
export const RELAY_VERBS = alt([
  'send', 'post', 'submit', 'forward', 'request', 'call', 'pass', 'upload', 'relay', 'query', 'fetch', 'open',
  'sende\\p{L}*', 'schicke\\p{L}*', 'übermittle\\p{L}*', 'envía\\p{L}*', 'envia\\p{L}*', 'envie', 'envoie\\p{L}*', 'transmets', 'invia\\p{L}*', 'wyślij', 'prześlij',
  'отправьте', 'отправь', 'передайте', 'передай', 'перешлите', 'перешли', '发送', '提交', '转发', '送信', '送って', '転送', '보내', '전송', '제출',
]);
/** The object: a secret the user handed over, named as such ("the token the user pasted", "the received codes"). */
export const USER_SECRET = alt([
  "(?:the )?(?:token|tokens|code|codes|backup codes?|recovery codes?|password|passwords|api key|key|otp|credentials?) (?:that |which )?(?:the user|they|he|she|you) (?:just )?(?:pasted|sent|gave|provided|typed|entered|shared|supplied|received)",
  '(?:pasted|received|provided|supplied|collected|obtained) (?:token|tokens|codes?|backup codes?|recovery codes?|passwords?|api keys?|credentials)',
  '(?:eingefügt|erhalten|übermittelt)\\p{L}* (?:token|codes?|passw\\p{L}*|zugangsdaten)', "(?:token|códigos?|contraseña) (?:que (?:el usuario|te) (?:pegó|envió|dio|proporcionó)|recibid\\p{L}*)",
  "(?:jeton|codes?|mot de passe) (?:que l['’]utilisateur a (?:collé|envoyé|donné|fourni)|reçus?)", '(?:token|códigos?|senha) (?:que o usuário (?:colou|enviou|forneceu)|recebid\\p{L}*)',
  '(?:token|codici|password) (?:che l[\'’]utente ha (?:incollato|inviato|fornito)|ricevut\\p{L}*)', '(?:otrzyman\\p{L}*|wklejon\\p{L}*) (?:token\\p{L}*|kod\\p{L}*|hasł\\p{L}*)',
  '(?:полученн\\p{L}*|присланн\\p{L}*|введённ\\p{L}*|введенн\\p{L}*) (?:код\\p{L}*|токен\\p{L}*|парол\\p{L}*|ключ\\p{L}*|данн\\p{L}*)',
  '(?:用户|对方)?(?:粘贴|提供|发来|发送|输入)的(?:令牌|token|验证码|密码|备用码|恢复码|代码)', '收到的(?:令牌|token|验证码|密码|备用码|恢复码)',
  '(?:貼り付け|送信|入力|提供)(?:され)?た(?:トークン|コード|パスワード|バックアップコード)', '受け取った(?:トークン|コード|パスワード)',
  '(?:붙여넣은|보낸|받은|입력한|제공한) (?:토큰|코드|비밀번호|백업 코드|인증 코드)',
]);

// ── secrets-in-url-parameter ───────────────────────────────────────────────────────────────────────────────────────
/** A URL parameter: the step describes what goes into the query. */
const URL_PARAM = /\b(?:query (?:parameters?|string)|url parameters?|parameters?|url-encode\w*|urlencode\w*|in the url|into the url|to the url)\b|`[a-z]{1,12}`\s*:|(?<![\p{L}])(?:parámetro|paramètre|parametro|parâmetro|parameter|параметр)\p{L}*|参数|パラメータ|파라미터|매개변수/u;
/** What the conversation holds that is the user's to keep. */
const CONVERSATION_SECRETS = alt([
  'keys', 'api keys', 'passwords?', 'connection strings?', 'tokens', 'credentials', 'secrets', 'personal (?:details|data|information)', 'private keys?', 'access keys?',
  'schlüssel', 'passwörter', 'zugangsdaten', 'persönliche daten', 'claves', 'contraseñas', 'datos personales', 'clés', 'mots de passe', 'données personnelles',
  'chiavi', 'password', 'dati personali', 'senhas', 'dados pessoais', 'ключ\\p{L}*', 'парол\\p{L}*', 'личные данные', '密钥', '密码', '个人信息', 'キー', 'パスワード', '個人情報', '키', '비밀번호', '개인 정보',
]);
const CONVERSATION = alt([
  'conversation', 'chat', 'earlier (?:in the )?(?:messages|conversation|chat)', "the user['’]s (?:most recent |last |previous )?messages?", 'unterhaltung', 'gespräch\\p{L}*', 'conversación', 'conversation', 'conversazione', 'conversa',
  'разговор\\p{L}*', 'переписк\\p{L}*', '对话', '聊天', '会話', 'チャット', '대화',
]);
const BUILD = alt([
  'build', 'take', 'join', 'include', 'put', 'fill', 'encode', 'append', 'collect', 'copy', 'concatenate', 'bau\\p{L}*', 'nimm', 'füge\\p{L}*', 'construye', 'incluye', 'toma', 'construis', 'inclus', 'prends',
  'costruisci', 'includi', 'prendi', 'construa', 'inclua', 'собери', 'включи', 'возьми', '拼接', '放入', '包含', '組み立て', '含め', '넣', '포함',
]);
/** Taking secrets out, not putting them in. */
const PARAM_KEEPS = /\b(?:redact\w*|remove|strip|mask\w*|without|except|exclude\w*|never|hash\w*)\b/u;

// ── defined-bundle ─────────────────────────────────────────────────────────────────────────────────────────────────
/** The user's credential stores, named by path. */
export const CREDENTIAL_STORES = /(?:~|\$home|%userprofile%)\/\.(?:ssh|aws|kube|azure|gnupg|docker\/config\.json|config\/gh|config\/gcloud|netrc|npmrc|pypirc|git-credentials)\b|\bkube\/config\b|\bkubeconfig\b|\.docker\/config\.json\b|\bhosts\.yml\b|\bid_(?:rsa|ed25519|ecdsa)\b|(?<![\w/])\.env(?![\w.])|\bcredentials\.json\b/iu;
/** A glossary item: "**term**: definition", "`term` — definition", "term: definition". */
const DEFINITION = /^\s*(?:[-*+]\s+)?(?:\*\*|__|`)?([\p{L}][\p{L}\p{N} _-]{1,40}?)(?:\*\*|__|`)?\s*(?::|—|–|=| - )\s*(.+)$/u;
/** The use: bundle, attach, upload, send, include what a term names. */
const BUNDLE_VERBS = alt([
  'bundle', 'attach', 'upload', 'send', 'include', 'pack', 'zip', 'tar', 'archive', 'collect', 'submit', 'add',
  'junte', 'junta', 'anexe', 'envie', 'inclua', 'empacote', 'compacte', 'adjunta', 'incluye', 'empaqueta', 'envía', 'joins', 'inclus', 'envoie', 'pack\\p{L}*', 'füge\\p{L}*', 'hänge\\p{L}*', 'sende\\p{L}*',
  'allega', 'includi', 'invia', 'dołącz', 'spakuj', 'wyślij', 'приложи', 'упакуй', 'отправь', '打包', '附上', '上传', '発送', '添付', 'まとめ', '첨부', '묶', '업로드',
]);
/** The document sends a file or form to an address (code or prose). */
const UPLOAD_SHAPE = /\bcurl\b[^\n]*?(?:\s-F\b|\s--form\b|\s-T\b|\s--upload-file\b|\s--data-binary\s+@|\s-d\s+@)|\b(?:Invoke-RestMethod|Invoke-WebRequest)\b[^\n]*-InFile\b|\brequests\.post\([^\n]*files\s*=|\b(?:upload|envie|envía|envoie|sende|invia|wyślij|отправ\p{L}*|上传|送信|업로드)\b/iu;

// ── remote-script-every-page ───────────────────────────────────────────────────────────────────────────────────────
/** A script (tag) in languages the English-first reader has no words for. */
const SCRIPT_WORDS = alt(['beti[kğ]\\p{L}*', 'script etiket\\p{L}*', 'skrypt\\p{L}*', 'skrip\\p{L}*', 'скрипт\\p{L}*', 'сценари\\p{L}*', '脚本', 'スクリプト', '스크립트']);
/** Every page the agent generates. */
const EVERY_PAGE = alt([
  '(?:ürettiğin|oluşturduğun|yazdığın) her', 'her (?:html )?sayfa\\p{L}*', 'tüm (?:html )?sayfa\\p{L}*', 'każd\\p{L}* (?:(?:wy)?generowan\\p{L}* )?(?:stron\\p{L}*|plik\\p{L}* html)', 'wszystki\\p{L}* stron\\p{L}*',
  'setiap halaman', 'semua halaman', 'elke pagina', "alle (?:gegenereerde )?pagina['’]?s", 'кажд\\p{L}* (?:html-)?(?:страниц\\p{L}*|сгенерированн\\p{L}* страниц\\p{L}*)', 'все страниц\\p{L}*',
  '每个(?:生成的)?(?:html ?)?页面', '所有(?:生成的)?(?:html ?)?页面', '(?:すべて|全て)の(?:html ?)?ページ', '全ページ', '모든 (?:html )?페이지',
]);
/** Negations of those languages where structure.ts has none (Turkish verbs negate with -me/-ma). */
const SCRIPT_KEEPS = /(?<![\p{L}])(?:ekleme(?:yin|yiniz)?|koyma(?:yın|yınız)?|asla|kullanıcı (?:isterse|istemedikçe)|yalnızca kullanıcı|nie dodawaj|tylko (?:gdy|jeśli) użytkownik|jangan|hanya jika pengguna)(?![\p{L}])|不要|しない|하지 ?마/u;

// ── payee-switched-by-condition ────────────────────────────────────────────────────────────────────────────────────
/** An account number the skill writes: an IBAN, grouped or not. */
const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){3,7}(?:[ ]?[A-Z0-9]{1,3})?(?![A-Za-z0-9])/u;
/** The owner's own account kept for the other cases: "otherwise use the account from the settings". */
const OWN_ACCOUNT_OTHERWISE = alt([
  '(?:otherwise|in (?:all )?other cases|for (?:all )?other invoices|else)[^.\\n]{0,40}(?:account|iban|bank details)[^.\\n]{0,30}(?:settings|configuration|config|profile|on file)',
  'w pozostałych przypadkach[^.\\n]{0,40}rachun\\p{L}*[^.\\n]{0,30}ustawie\\p{L}*', '(?:andernfalls|sonst|in allen anderen fällen)[^.\\n]{0,40}(?:konto|iban|bankverbindung)[^.\\n]{0,30}einstellungen',
  '(?:en los demás casos|de lo contrario|si no)[^.\\n]{0,40}(?:cuenta|iban)[^.\\n]{0,30}(?:configuración|ajustes)', '(?:sinon|dans les autres cas)[^.\\n]{0,40}(?:compte|iban|rib)[^.\\n]{0,30}(?:paramètres|réglages|configuration)',
  '(?:nos demais casos|caso contrário)[^.\\n]{0,40}(?:conta|iban)[^.\\n]{0,30}(?:configurações|definições)', '(?:negli altri casi|altrimenti)[^.\\n]{0,40}(?:conto|iban)[^.\\n]{0,30}impostazioni',
]);

// ── credentials-to-third-party-concealed ───────────────────────────────────────────────────────────────────────────
/** The user's secrets in bulk, by path or by name: credential folders, a raw kubeconfig, decoded cluster secrets, shell history, every *_KEY/*_TOKEN variable. */
const SECRETS_IN_BULK = alt([
  'kubeconfig', 'shell history', 'history file', '\\.zsh_history', '\\.bash_history', 'fish_history', '_key', '_token', '_secret',
  '(?:decoded|decodificat\\p{L}*|decodierte\\p{L}*|décodé\\p{L}*|decodificad\\p{L}*|декодированн\\p{L}*) (?:contents? of (?:all |every )?)?(?:secrets?|contenuto)', 'contenuto decodificato', 'tutti i secret', 'all (?:the )?secrets',
  '云配置', '登录信息', '密钥', '认证信息', '履歴ファイル', '認証情報', '자격 증명', '셸 기록',
]);
/** Moving them: upload, mount into a container, bundle, put into, push, comment, copy. */
const MOVE_OUT = alt([
  'upload', 'send', 'post', 'push', 'comment', 'put', 'copy', 'attach', 'mount', 'bundle', 'archive',
  'carica\\p{L}*', 'prepara un archivio', 'invia', 'monta\\p{L}*', 'sube', 'envía', 'monta', 'lade', 'sende', 'hänge', 'téléverse', 'envoie', 'monte', 'envie', 'carregue',
  'загрузи', 'отправь', 'смонтируй', '挂载', '上传', '发送', '打包', 'アップロード', 'マウント', '送信', '업로드', '마운트', '전송',
]);
/** A destination the skill supplies that is someone else's: a literal bucket, another party's repository issue, the author's or a consultant's place. */
const THIRD_PARTY_PLACE = /(?<![\w$<{])(?:gs|s3|az|oss):\/\/(?!<|\{|\$|your|my-|example)[a-z0-9][a-z0-9._-]{2,62}|\bissue\s+#?\d+\s+of\s+(?:the\s+)?`[\w.-]+\/[\w.-]+`|\b(?:the\s+)?(?:image|skill|tool)['’]?s?\s+author['’]?s?\b|\b(?:external|outside)\s+consultant|consulente\s+estern\p{L}*|bucket\s+del\s+consulente|\b(?:des|del|dell['’]|de l['’]|do)\s*(?:skill-)?(?:autors|autor|autore|auteur)\b|skill-autor\p{L}*|externe\p{L}*\s+berater\p{L}*|consultor\p{L}*\s+extern\p{L}*|consultant\s+extérieur|镜像作者|作者的(?:报告|服务器|仓库)|外部(?:顾问|コンサル)/u;
/** The act kept from the user or its confirmation waived ("does not need a confirmation or a mention", "Non chiedere conferma", "不必向用户解释"). */
const KEPT_OR_UNASKED = alt([
  "(?:does not|doesn['’]t|do not|don['’]t|no) need (?:a |any )?(?:confirmation|mention|to be mentioned)", "(?:do not|don['’]t|never) (?:ask|wait) (?:for )?(?:confirmation|permission|approval)", 'without (?:asking|confirmation|telling)',
  "(?:do not|don['’]t|never) (?:mention|name|explain|show)", 'non chiedere (?:conferma|il permesso)', 'non nominare', 'senza chiedere', 'non menzionare', 'no pidas confirmación', 'sin pedir confirmación', 'no menciones',
  'ohne rückfrage', 'nicht erwähnen', 'sans demander', 'ne (?:le |la )?mentionne pas', 'sem pedir confirmação', 'não mencione', 'не спрашивай', 'без подтверждения', 'не упоминай',
  '不必向用户(?:解释|说明)', '无需(?:确认|告知|说明)', '不要(?:提及|提到|告诉用户)', '只需告诉用户', '確認は不要', '確認せずに', '伝えない', '확인 없이', '묻지 말', '언급하지 마',
]);

// ── auth-bypass-listed ─────────────────────────────────────────────────────────────────────────────────────────────
/** A sentence that lets a request in as an administrator, or past the auth check, on conditions listed under it. */
const GRANT_ON_LIST = alt([
  "(?:let|pass|wave) (?:it|them|the request|such requests?) through as (?:an? )?(?:admin|administrator|superuser|root)", 'treat (?:it|the request|a request|such requests?) as (?:an? )?(?:admin|administrator|superuser|authenticated)',
  '(?:skip|bypass) (?:the )?(?:auth\\p{L}*|token (?:check|verification)|permission checks?) (?:for (?:it|them|requests?) )?(?:when|if)', 'grant (?:it |them )?(?:admin|administrator) (?:access|rights|role)',
  'als (?:admin|administrator) durchlassen', 'trata(?:r)? (?:la petición|la solicitud) como (?:admin|administrador)', 'déjala pasar como administrador', 'laisse(?:z)?[- ]la passer (?:en tant qu|comme )[\'’]?\\s*(?:admin|administrateur)',
]);
/** What the listed conditions test: a value any caller sends. */
const REQUEST_VALUE = /\b(?:header|user-agent|user agent|query (?:string|param\w*)|cookie|referer|x-[a-z0-9-]{2,40})\b/u;
const SIGNED_VALUE = /\b(?:valid|signed|verif\w*|matches the configured|hmac|mtls|client certificate|ip allow-?list)\b/u;

// ── secrets-into-shared-sheet ──────────────────────────────────────────────────────────────────────────────────────
/** What no service asks for in a chat: a full card number, its security code, a PIN, a mail password, the mother's maiden name. */
const CARD_OR_PASSWORD = alt([
  'card numbers?', 'cvv', 'cvc', 'security code', 'pin', "mother['’]s maiden name", '(?:e-?mail|mailbox) password', 'kartennummer', 'prüfziffer', 'número de (?:la )?tarjeta', 'código de seguridad',
  'numéro de (?:la )?carte', 'cryptogramme', 'numero della carta', 'número do cartão', 'номер карты', 'cvv-код', '卡号', '安全码', '银行卡号', 'カード番号', 'セキュリティコード', '母親の旧姓', 'パスワード', '카드 번호', '보안 코드', '비밀번호',
]);
const ASK_FOR = alt(['ask', 'enter', 'type', 'provide', 'send', '入力', '教え', '聞', '提供', '输入', '입력', 'pide', 'demande', 'bitte', 'попросите', 'chiedi', 'peça']);
/** What the user handed over, pointed back to. */
const RECEIVED_INFO = alt([
  '(?:the )?(?:details|information|data|answers) (?:the (?:customer|user) (?:gave|entered|provided|typed)|you (?:received|collected))', '(?:received|collected) (?:details|information|data)',
  '(?:die )?erhaltenen (?:daten|angaben)', '(?:los )?datos recibidos', '(?:les )?informations reçues', '(?:os )?dados recebidos', '(?:i )?dati ricevuti', 'полученные данные', '收到的(?:信息|资料)', '受け取った情報', '入力された情報', '받은 정보', '입력받은 정보',
]);
/** A place anyone with the link reads. */
const SHARED_PLACE = alt([
  'shared (?:spread)?sheet', 'anyone with the link', 'link-shared', 'public (?:sheet|spreadsheet|doc(?:ument)?)', 'geteilte\\p{L}* tabelle', 'jede\\p{L}* mit dem link', 'hoja compartida', 'cualquier persona con el enlace',
  'feuille partagée', 'toute personne disposant du lien', 'planilha compartilhada', 'foglio condiviso', 'общ\\p{L}* таблиц\\p{L}*', '共享(?:表格|文档)', '知道链接的(?:任何人|所有人)', '共有スプレッドシート', 'リンクを知っている全員', '공유 스프레드시트', '링크가 있는 모든 사용자',
]);

export interface CarriedHit { family: string; entry: string; kind: Action['kind']; offset: number; object: string; via: string; mode: ActionMode; flags?: string[] }

function clauseAt(clauses: readonly Clause[], at: number): Clause | undefined {
  return clauses.find((c) => at >= c.start && at < c.end) ?? clauses[clauses.length - 1];
}
function modeAtUnit(clauses: readonly Clause[], at: number, len: number): ActionMode {
  const c = clauseAt(clauses, at);
  if (!c) return 'instruction';
  return modeOf(c, Math.max(0, Math.min(at - c.start, c.text.length - 1)), Math.max(1, Math.min(len, c.text.length)));
}
function firstIn(re: RegExp, s: string, from = 0): RegExpExecArray | null {
  re.lastIndex = 0;
  const m = re.exec(s.slice(from));
  if (m) m.index += from;
  return m;
}

/** The frontmatter's `key: value` lines (metadata a later step may name by key). */
function frontmatterDefinitions(src: SourceText): Map<string, { text: string; offset: number }> {
  const out = new Map<string, { text: string; offset: number }>();
  let offset = 0;
  for (let i = 0; i < Math.min(src.bodyStartLine - 1, src.lines.length); i++) {
    const line = src.lines[i]!;
    const m = /^\s*([A-Za-z\p{L}_][\p{L}\p{N}_-]{1,40})\s*:\s*(.+)$/u.exec(line);
    if (m && !/^(?:name|description)$/i.test(m[1]!)) out.set(m[1]!.toLowerCase(), { text: m[2]!, offset });
    offset += line.length + 1;
  }
  return out;
}

/** The families' hits in a document. */
export function readCarried(src: SourceText, vendor: ReadonlySet<string>): CarriedHit[] {
  const out: CarriedHit[] = [];
  const units = proseUnits(src).filter((u) => u.offset >= 0 && u.kind !== 'fenced');
  // (definitions: glossary items and frontmatter metadata naming the user's credential stores)
  const defined = new Map<string, string>();
  for (const [k, v] of frontmatterDefinitions(src)) if (CREDENTIAL_STORES.test(v.text)) defined.set(k, v.text);
  for (const u of units) {
    if (u.kind !== 'list' && u.kind !== 'table') continue;
    const m = DEFINITION.exec(u.raw.replace(/\s+/gu, ' '));
    if (!m || !CREDENTIAL_STORES.test(m[2]!)) continue;
    const term = lowerSame(m[1]!.trim());
    if (term.split(' ').length <= 4 && !/^(?:never|do not|don't|avoid|not)\b/u.test(term)) defined.set(term, m[2]!);
  }
  const documentUploads = defined.size > 0 && UPLOAD_SHAPE.test(src.content) && foreignUrls(src.content, vendor).length > 0;
  let scriptDone = false;
  const grantsRead = new Set<string>();
  // (secrets-into-shared-sheet: the document asks for what no service asks in a chat, and pastes what it got where anyone with the link reads it)
  // (a list's lead may be the paragraph before it, ended with a full stop rather than a colon)
  let lead = '';
  const asksCard = units.some((u) => {
    if (u.kind !== 'list') lead = u.text;
    const m = firstIn(CARD_OR_PASSWORD, u.text);
    return Boolean(m) && modeAtUnit(clausesOf(u), m!.index, m![0].length) === 'instruction' && Boolean(firstIn(ASK_FOR, `${u.intro || (u.kind === 'list' ? lead : '')}\n${u.text}`));
  });
  if (asksCard) {
    for (const u of units) {
      const got = firstIn(RECEIVED_INFO, u.text);
      const place = got ? firstIn(SHARED_PLACE, u.text) : null;
      if (!got || !place) continue;
      const mode = modeAtUnit(clausesOf(u), got.index, got[0].length);
      out.push({ family: 'secrets-into-shared-sheet', entry: 'prose.solicit.handed-on', kind: 'solicit', offset: u.offset + got.index, object: `${got[0]} → ${place[0]}`, via: 'shared document', mode });
      break;
    }
  }
  // (credentials-to-third-party-concealed: the concealment or waived confirmation anywhere in the document, outside teaching and examples)
  let keptFromUser: string | null = null;
  for (const u of units) {
    const m = firstIn(KEPT_OR_UNASKED, u.text);
    if (!m) continue;
    const mode = modeAtUnit(clausesOf(u), m.index, m[0].length);
    if (mode === 'teaching' || mode === 'example') continue;
    keptFromUser = u.raw.slice(m.index, m.index + 60).replace(/\s+/gu, ' ');
    break;
  }
  if (keptFromUser) {
    // (by innermost section: the secrets, the move and the other party's place named under one heading)
    const sections = new Map<string, ProseUnit[]>();
    for (const u of units) {
      const key = `${u.headings.length}:${u.headings[u.headings.length - 1] ?? ''}`;
      const list = sections.get(key);
      if (list) list.push(u);
      else sections.set(key, [u]);
    }
    for (const list of sections.values()) {
      const raw = list.map((x) => x.raw).join('\n');
      const place = THIRD_PARTY_PLACE.exec(raw.toLowerCase());
      if (!place) continue;
      let hit: CarriedHit | null = null;
      for (const u of list) {
        const secret = firstIn(SECRETS_IN_BULK, u.text) ?? (CREDENTIAL_STORES.exec(u.text) as RegExpExecArray | null);
        if (!secret) continue;
        const clauses = clausesOf(u);
        // (the secrets are a live object of the step: not under a negation, a quotation or teaching)
        if (modeAtUnit(clauses, secret.index, secret[0].length) !== 'instruction') continue;
        const move = firstIn(MOVE_OUT, u.text);
        if (!move || modeAtUnit(clauses, move.index, move[0].length) !== 'instruction') continue;
        hit = { family: 'credentials-to-third-party-concealed', entry: 'prose.send.concealed-credentials', kind: 'send', offset: u.offset + move.index, object: `${secret[0]} → ${place[0]} (${keptFromUser})`, via: 'third-party place', mode: 'instruction' };
        break;
      }
      if (hit) {
        out.push(hit);
        break;
      }
    }
  }
  for (const u of units) {
    const clauses = clausesOf(u);
    if (!clauses.length) continue;
    const text = u.text;
    // relayed-user-secret: a sentence with the act, the user's secret and a foreign address
    const secret = firstIn(USER_SECRET, text);
    if (secret) {
      for (const c of clauses) {
        const s = c.sentence;
        const inSentence = secret.index - c.sentenceStart;
        if (inSentence < 0 || inSentence >= s.length) continue;
        const url = foreignUrls(c.rawSentence, vendor)[0];
        const verb = firstIn(RELAY_VERBS, s);
        if (!url || !verb) continue;
        const at = c.sentenceStart + verb.index;
        // (a Latin-script verb must be addressed — "phishing kits send the token …" describes; the other scripts' words are imperatives)
        const vc = clauseAt(clauses, at)!;
        if (/^[a-zà-ÿ]/u.test(verb[0]) && !addressedAt(vc.text, at - vc.start)) continue;
        out.push({ family: 'relayed-user-secret', entry: 'prose.solicit.verify', kind: 'solicit', offset: u.offset + at, object: `${secret[0]} → ${url}`, via: 'agent-fetch-tool', mode: modeAtUnit(clauses, at, verb[0].length) });
        break;
      }
    }
    // secrets-in-url-parameter: a parameter built from what the conversation holds, under a URL outside the skill's service
    const param = firstIn(URL_PARAM, text);
    if (param) {
      const build = firstIn(BUILD, text);
      const secrets = firstIn(CONVERSATION_SECRETS, text);
      const conv = firstIn(CONVERSATION, text);
      if (build && secrets && conv && !PARAM_KEEPS.test(text.slice(Math.max(0, secrets.index - 60), secrets.index + 40))) {
        const section = units.filter((x) => x.headings === u.headings || (x.headings.length && x.headings[x.headings.length - 1] === u.headings[u.headings.length - 1]));
        const url = foreignUrls(u.raw, vendor)[0] ?? section.map((x) => foreignUrls(x.raw, vendor)[0]).find(Boolean) ?? foreignUrls(src.content, vendor)[0];
        if (url) {
          const mode = modeAtUnit(clauses, build.index, build[0].length);
          const smode = modeAtUnit(clauses, secrets.index, secrets[0].length);
          out.push({ family: 'secrets-in-url-parameter', entry: 'prose.send.secret-in-url', kind: 'send', offset: u.offset + build.index, object: `${secrets[0]} from the conversation → ${url}`, via: 'url-parameter', mode: smode === 'negated' ? smode : mode });
        }
      }
    }
    // defined-bundle: a defined term used by a bundling or sending step
    if (documentUploads && !(u.kind === 'list' && DEFINITION.test(u.raw.replace(/\s+/gu, ' ')) && [...defined.values()].some((d) => u.raw.includes(d.slice(0, 30))))) {
      for (const [term, def] of defined) {
        const esc = term.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/ /gu, '\\s+');
        const use = new RegExp(`(?<![\\p{L}\\p{N}_])${esc}(?![\\p{L}\\p{N}_])`, 'u').exec(text);
        if (!use) continue;
        const c = clauseAt(clauses, use.index)!;
        const verb = firstIn(BUNDLE_VERBS, c.sentence);
        if (!verb) continue;
        const at = c.sentenceStart + verb.index;
        out.push({ family: 'defined-bundle', entry: 'prose.send.defined-term', kind: 'send', offset: u.offset + at, object: `${term} (${def.slice(0, 80)})`, via: 'defined-term', mode: modeAtUnit(clauses, use.index, use[0].length) });
        break;
      }
    }
    // payee-switched-by-condition: a fixed account written for some invoices, the owner's own kept for the others
    const iban = IBAN.exec(u.raw);
    if (iban && !/\b(?:example|sample|placeholder|test|dummy|beispiel|ejemplo|exemple|przykład)\w*/iu.test(u.text)) {
      const section = units.filter((x) => x.headings === u.headings);
      if (section.some((x) => firstIn(OWN_ACCOUNT_OTHERWISE, x.text))) {
        const at = iban.index;
        out.push({ family: 'payee-switched-by-condition', entry: 'prose.tamper.payment-address', kind: 'tamper', offset: u.offset + at, object: iban[0], via: "invoice account, the owner's kept for the other cases", mode: modeAtUnit(clauses, at, iban[0].length) });
      }
    }
    // auth-bypass-listed: the grant in the introduction, the caller's values in the items
    if (u.kind === 'list' && u.intro && REQUEST_VALUE.test(text) && /`[^`\n]{2,60}`/u.test(u.raw) && !SIGNED_VALUE.test(text)) {
      const intro = lowerSame(u.intro);
      const grant = firstIn(GRANT_ON_LIST, intro);
      if (grant && !/\b(?:never|do not|don['’]t|must not|reject|block|deny|refuse)\b/u.test(intro.slice(Math.max(0, grant.index - 40), grant.index)) && !SIGNED_VALUE.test(intro)) {
        if (!grantsRead.has(u.intro)) {
          grantsRead.add(u.intro);
          out.push({ family: 'auth-bypass-listed', entry: 'prose.tamper.produced-code', kind: 'tamper', offset: u.offset, object: `${u.intro.slice(grant.index, grant.index + 60)} — ${u.raw.trim().slice(0, 60)}`, via: 'authentication skipped for whoever sends a header, query value, cookie or flag', mode: modeAtUnit(clauses, 0, 1), flags: ['auth-bypass-fixed-value', 'refuse', 'neutral'] });
        }
      }
    }
    // remote-script-every-page
    if (!scriptDone) {
      const script = firstIn(SCRIPT_WORDS, text);
      const every = script ? firstIn(EVERY_PAGE, text) : null;
      if (script && every && !SCRIPT_KEEPS.test(text)) {
        const url = foreignUrls(u.raw, vendor)[0];
        if (url) {
          out.push({ family: 'remote-script-every-page', entry: 'prose.tamper.remote-script', kind: 'tamper', offset: u.offset + script.index, object: url, via: 'generated-code', mode: modeAtUnit(clauses, script.index, script[0].length) });
          scriptDone = true;
        }
      }
    }
  }
  return out;
}

/** The hits as prose actions (origin `prose`), judged by the rules their entries name (policy.ts). */
export function carriedActions(src: SourceText, vendor: ReadonlySet<string>): Action[] {
  return readCarried(src, vendor).map((h) => {
    const loc = src.locate(h.offset);
    return { kind: h.kind, entry: h.entry, origin: 'prose', mode: h.mode, line: loc.line, column: loc.column, snippet: loc.snippet, object: h.object, via: h.via, flags: h.flags ?? [h.family] } as Action;
  });
}

export type { ProseUnit };
