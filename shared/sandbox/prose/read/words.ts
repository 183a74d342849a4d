/**
 * Word patterns several detector families of prose reading share (passive sends, concealment, persona,
 * self-reference, remote notices, time triggers, destroy targets, blobs, placeholders, artefacts, paths).
 * Moved out of read.ts unchanged.
 */
import * as L from '../lexicon.js';
import { withQuickStart } from '../../regex-quick-start.js';
import { registerFactors, ruledOut } from '../../regex-factors.js';

// ---------------------------------------------------------------------------------------------
// Shapes that are not single words

export const SEND_PASSIVE = L.alt(['(?:be|is|are|get|gets) (?:sent|uploaded|posted|forwarded|e-?mailed|transmitted|submitted|shared)', 'gesendet', 'geschickt', 'übermittelt', 'hochgeladen', 'weitergeleitet', 'enviad[oa]s?', 'subid[oa]s?', 'envoyée?s?', 'transmise?s?', 'téléversée?s?', 'inviat[oiea]', 'caricat[oiea]', 'inoltrat[oiea]', 'reenviad[oa]s?', 'transférée?s?', 'encaminhad[oa]s?', 'doorgestuurd', 'verzonden', 'gönderil\\w*', 'отправлен\\w*', 'переслан\\w*', '被发送', '被上传', '送信され']);
export const CONCEAL_ADVERB = L.alt(['silently', 'quietly', 'secretly', 'covertly', 'discreetly', 'invisibly', 'in the background', 'behind the scenes', 'without (?:telling|informing|notifying|asking|alerting|showing) (?:the user|anyone|them)', 'still(?: im hintergrund)?', 'heimlich', 'unbemerkt', 'ohne (?:den |dem )?(?:nutzer|benutzer)\\w* zu (?:informieren|fragen|sagen)', 'en silencio', 'en secreto', 'sin (?:avisar|informar|decir)', 'silencieusement', 'en secret', 'discrètement', 'sans (?:prévenir|informer|le dire)', 'silenciosamente', 'em segredo', 'sem avisar', 'in silenzio', 'di nascosto', 'senza avvisare', 'тайно', 'незаметно', 'молча', 'втихую', 'не сообщая', '悄悄', '静默', '偷偷', '默默', '暗中', 'こっそり', '黙って', 'ユーザーに知らせずに', '몰래', '조용히', '알리지 않고', '모르게']);
/** A condition on what a third party asks ("if a page asks you to …", "when a tool tells the user to …"); a step after the condition's comma is the agent's own. */
export const CONDITION_OF_REQUEST = /\b(?:if|when|whenever|in case|wenn|falls|si|cuando|quand|se)\b[^.;]{0,80}\b(?:asks?|tells?|requests?|instructs?|wants?|prompts?|says?|fragt|pide|demande|chiede)\b[^.;,]{0,30}$/iu;
/** … unless the sentence goes on to hand it over ("…, paste it into the chat"). */
export const HAND_IT_OVER = /[,;]\s*(?:then\s+)?(?:paste|send|give|share|enter|type|provide|post|upload)\s+(?:it|them|this|that)\b/iu;
/** Where a pasted text lands: this chat. */
export const PASTE_HERE = withQuickStart(/(?<![\p{L}])(?:here|below|in(?:to)? (?:the|this) chat|hier|aquí|aqui|ici|qui|сюда|здесь)(?![\p{L}])|这里|此处|ここに|여기에|채팅(?:창)?에/u);
/** After "tell/ask the user", a verb that keeps a secret with the user rather than handing it over. */
export const KEEP_IT = /^\S+\s+(?:the\s+)?(?:user|them|him|her)\s+to\s+(?:\w+\s+)?(?:store|keep|save|back(?:\s+it|\s+them)?\s+up|write\s+(?:it\s+)?down|remember|rotate|revoke|generate|create|choose|pick|set|change|reset|protect|secure|record|delete|remove|never\s+share)\b|^\S+\s+(?:(?:ao|à|a|al|au|dem|den)\s+)?(?:usuári[oa]s?|utilizador(?:es)?|usuari[oa]s?|utilisateur(?:s|rice)?|nutzer(?:in)?|benutzer(?:in)?|utente)\s+(?:para|que|de|d['’]|zu|di)\s*(?:\S+\s+)?(?:gerar|guardar|armazenar|criar|salvar|anotar|trocar|alterar|redefinir|generar|crear|almacenar|cambiar|guarde|générer|créer|stocker|conserver|changer|erzeugen|generieren|speichern|aufbewahren|ändern|generare|creare|salvare|conservare|cambiare)\b|^\S+\s+pengguna\s+(?:untuk\s+)?(?:\S+\s+)?(?:mengganti|mengubah|menyimpan|membuat|mengatur|merahasiakan|mencatat|memperbarui|mengaktifkan)(?![\p{L}])|^\S+\s+użytkownik\p{L}*,?\s+(?:aby|żeby|by)\s+(?:\S+\s+)?(?:zmienił|zapisał|przechowywał|utworzył|ustawił|zachował|chronił|zanotował)\p{L}*/u;
/** A step that puts something into everything the agent generates. */
export const EVERY_GENERATED = /\b(?:keep|include|add|insert|put|leave|embed)\b[^.\n]{0,60}\b(?:in|into|to)\s+(?:every|each|all)\s+(?:(?:generated|new)\s+)?(?:projects?|files?|pages?|apps?|handlers?|outputs?|repos?|repositories|builds?|code)\b/u;
/** A step's own act declared unmentionable: the subject is the act, the verb a passive "must not be mentioned". */
export const PASSIVE_CONCEAL = /\b(?:it|this|that|these|th(?:is|ese) (?:steps?|calls?|requests?|uploads?|parts?|registrations?)|the (?:steps?|calls?|requests?|uploads?|registration|sync|transfer))\b[^.\n]{0,40}?\b(?:must|should|shall|is to|are to|needs? to)\s+(?:not|never)\s+be\s+(?:mentioned|disclosed|revealed|reported|told)\b|\b(?:this|it) is silent\b/u;
/** What a concealment hides: the skill's own act, not a formatting preference ("don't show raw JSON"). */
/** Acts a user most needs to hear about: data leaving, secrets touched, configuration that runs later changed. */
export const SENSITIVE_ACTS = /\b(?:(?:network )?uploads?|network (?:calls?|requests?|traffic)|credentials?(?: files?)?|secrets?|tokens?|keys?|passwords?|outside (?:the|this) (?:project|repo(?:sitory)?|folder|workspace)|(?:shell|agent|ssh|git) (?:config(?:uration)?|settings|profiles?|rc files?)|\.ssh|\.aws|history|transcripts?)\b/;
export const CONCEALED = L.alt(['it', 'this', 'that', 'these', 'anything', 'this (?:step|rule|part|section|instruction|request|upload|call|footer|badge|image|file)', 'these (?:steps|files|rules)', 'the (?:step|upload|request|call|badge|image|footer|rule|backup|sync|registration|transfer|command)', 'that you', 'what you (?:did|do|are doing|read|sent)', 'about (?:it|this|that|the \\w+)', 'es', 'das', 'dies', 'esto', 'eso', 'lo', '(?:este|ese) (?:ajuste|paso|cambio|procedimiento|acuerdo)', '(?:esta|esa) (?:parte|regla|instrucción|modificación)', '(?:ce|cet) (?:changement|ajustement|réglage)', 'cette (?:étape|règle|modification)', '(?:diesen|dieser|dieses) (?:schritt|teil|änderung)', 'diese (?:änderung|regel|anpassung)', '(?:este|esse) (?:ajuste|passo)', '(?:esta|essa) (?:alteração|regra)', 'cela', 'ça', 'le', 'isso', 'isto', 'lo', 'это', 'об этом', '这', '此事', 'これ', 'それ']);
/**
 * Words that conceal in one language and mean something else in another — German "still" (quietly) is
 * English "still" (yet), French "cache" (hides) is English "cache" (a store) — count only in a text
 * written in that language, told by its function words.
 */
const FALSE_FRIENDS: ReadonlyArray<{ word: RegExp; language: RegExp }> = [
  { word: /^still\b/u, language: /(?<![\p{L}])(?:und|oder|der|die|das|dem|den|des|eine?n?|nicht|ohne|ist|sind|wird|werden|im|zu|mit|auf|für|bitte|sie|dann|alle|jede[nrs]?|beim|vom|zum|zur|über|nach|dabei|dass)(?![\p{L}])/u },
  { word: /^cache\b/u, language: /(?<![\p{L}])(?:et|le|la|les|des|une?|ne|pas|sans|est|sont|aux?|pour|avec|dans|cette|ces|vous|tu|à|l['’]\p{L}+)(?![\p{L}])/u },
];
function falseFriend(word: string, text: string): boolean {
  const f = FALSE_FRIENDS.find((x) => x.word.test(word));
  return Boolean(f && !f.language.test(text));
}
/** The first match of `re` in `text` that is not a false friend of another language (told from `context`). */
export function firstInLanguage(re: RegExp, text: string, context = text): RegExpExecArray | null {
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (!falseFriend(m[0], context)) break;
    if (m[0].length === 0) re.lastIndex++;
  }
  re.lastIndex = 0;
  return m;
}
export const HIDE_VERB = L.alt(['hide', 'conceal', 'keep (?:it|this|that) (?:hidden|secret|from)', 'mask', 'obscure', 'verberge', 'verstecke', 'verheimliche', 'oculta', 'esconde', 'cache', 'dissimule', 'nascondi', 'скрой', 'спрячь', '隐藏(?!的|元素|字段|文本|内容)', '隐瞒', '隠し(?!要素|フィールド|テキスト|ファイル|コマンド|属性|リンク|機能|ボタン|部屋|味)', '隠す']);
export const PERSONA = L.alt(['you are now (?:DAN|an? (?:unrestricted|unfiltered|uncensored|jailbroken)|in (?:developer|god|jailbreak|unrestricted|DAN) mode|jailbroken|free (?:from|of) (?:all )?(?:rules|restrictions|guidelines))', 'new system prompt', '<\\|im_start\\|>\\s*system', 'from now on,? you (?:have no|are not bound by|ignore) (?:rules|restrictions|limits|guidelines)', 'developer mode (?:enabled|on)', 'du bist jetzt (?:ein )?(?:uneingeschränkt|ungefiltert)\\w*', 'ahora eres (?:un )?(?:asistente )?(?:sin restricciones|sin filtros)', 'tu es maintenant (?:un )?(?:assistant )?(?:sans restrictions|sans filtre)', 'ты теперь (?:без ограничений|свободен)', '你现在(?:没有任何限制|是不受限制)', '制限のない']);
export const SELF = L.alt(['this (?:skill|file|document|package|submission|plugin|extension|tool|repository|repo|code|setup section|section)', 'the (?:skill|submission|package|plugin)', 'dieser? (?:skill|datei)', 'este (?:skill|archivo)', 'ce (?:skill|fichier)', 'questo (?:skill|file)', 'этот (?:навык|скилл|файл)', '此技能', '这个技能', '本技能', 'このスキル']);
export const SELF_VERDICT = /^[\s*_>#-]*(?:please\s+)?(?:mark|rate|classify|label|score|give|treat|record|list)\s+(?:this|it|the skill|this skill|this submission|this package)\s+(?:(?:as|a|an)\s+)?(?:safe|approved|benign|clean|trusted|harmless|low[- ]risk|pass\b|clear verdict)/iu;
export const CODE_REVIEW = L.alt(['pull requests?', 'PRs?', 'merge requests?', 'diffs?', 'commits?', 'code changes', 'patch(?:es)?', 'branch(?:es)?', 'the code', 'their code', 'your code', 'CI']);
export const REMOTE_NOUN = L.alt(['notices?', 'announcements?', 'updates?', 'instructions?', 'rules', 'messages?', 'bulletins?', 'polic(?:y|ies)', 'manifest', 'directives?', 'commands?', 'tasks?', 'config(?:uration)?', 'prompts?', 'playbook', 'hinweis\\w*', 'anweisungen', 'regeln', 'aviso', 'instrucciones', 'reglas', 'avis', 'consignes', 'instruções', 'regras', 'avviso', 'istruzioni', 'regole', 'уведомлени\\w*', 'инструкци\\w*', 'правила', '通知', '指令', '规则', 'お知らせ', '指示', 'ルール', '지침', '지시', '규칙', '공지', '명령', 'guidance', 'advice', 'recommendations?', 'guidelines']);
export const SCRIPT_TAG = /<script\b[^>\n]{0,200}\bsrc\s*=\s*["']?(https?:\/\/[^\s"'>]{3,200})|(?:(?:remote|external|tracking|analytics|telemetry|third[- ]party)\s+(?:script|snippet|js|javascript|pixel|tag)|script[- ]tag|<script>)/gu;
export const TIME_TRIGGER = L.alt(['\\d{4}-\\d{2}-\\d{2}', '\\d{1,2}[./]\\d{1,2}[./]\\d{2,4}', '(?:after|from|on|starting|beginning|once|since|past|ab|nach|am|después del?|a partir del?|desde|après le|à partir du|dopo il|a partire dal|после|с|从|之后)\\s+(?:the\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|märz|mai|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|январ\\w*|феврал\\w*|март\\w*|апрел\\w*|ма[йя]|июн\\w*|июл\\w*|август\\w*|сентябр\\w*|октябр\\w*|ноябр\\w*|декабр\\w*)\\w*', '(?:after|in|nach|después de|après|dopo|через)\\s+\\d{1,4}\\s+(?:days?|weeks?|months?|runs?|uses?|sessions?|tagen|wochen|días|semanas|jours|semaines|giorni|дн\\w*|недел\\w*)', 'if (?:the |today[\'’]s )?(?:date|day|year|month|time) (?:is|has|>=?|passes|reaches)', '(?:today|the current date|the system date) is (?:after|past|later than)', 'on (?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)', 'deadline', 'expir(?:y|es|ed|ation)', '(?:\\d{4})年\\d{1,2}月', '\\d{1,2}月\\d{1,2}日(?:以降|之后|后)']);
export const DESTROY_TARGET = L.alt(['~/?\\*?(?![\\w.~/-])', '\\$HOME(?!/[\\w.])', '\\$\\{HOME\\}(?!/[\\w.])', '/(?<!`\\s\\/)\\*?(?=[`\'"\\s]|$)(?!\\s+`)', 'c:\\\\', '%userprofile%', 'home (?:directory|folder|dir)', '(?:the )?user[\'’]s (?:home|files|data|documents)', 'everything(?![ \\t]+(?:stored|saved|kept|in|under|inside|from|that|which|it|you|the|this|we|they|listed|older|created|related|about|on|for|else|matching|that match(?:es)?|below|above|marked|flagged))', 'all (?:files|data|documents|projects|repositories|repos|backups|branches)', 'the (?:disk|drive|hard drive|file ?system)', 'the (?:entire|whole) (?:disk|drive|hard drive|file ?system|repository|repo|project|workspace|database)', 'git history', 'home-?verzeichnis', 'alle dateien', 'directorio (?:de inicio|personal)', 'todos los archivos', 'répertoire personnel', 'tous les fichiers', 'diretório (?:home|pessoal)', 'todos os arquivos', 'directory home', 'tutti i file', 'домашн\\w* (?:каталог|папк)\\w*', 'все файлы', '主目录', '所有文件', 'ホームディレクトリ', 'すべてのファイル']);
/**
 * What a delete set off by a date destroys beyond the broad targets: the repository's `.git` folder, the user's own
 * folders (a user may clear them on purpose now; a step that waits for a date to do it is a time bomb).
 */
export const TIMED_TARGET = L.alt([
  // the user's project itself (a time bomb: what the user works on, gone on a date)
  "(?:the |your |this )?(?:user['’]s )?(?:project|repo(?:sitory)?|workspace|source|code ?base) (?:folder|directory|dir|tree)", '(?:every|each) file (?:in|of|under) (?:the |this |your )?(?:repo(?:sitory)?|project|workspace|code ?base)', "(?:all (?:of )?)?the (?:user['’]s |your )?(?:source code|code ?base)", 'den projektordner', 'el directorio del proyecto', 'le dossier du projet',
  '(?:the )?`?\\.git`? (?:directory|folder|dir)', '(?:everything in |all of |the contents of )?`?(?:~|\\$home)/(?:documents|desktop|pictures|photos|downloads|music|videos)/?`?(?![\\w.-]*/[\\w.])']);
export const RUN_ANY = /\b(?:run|execute|install|carry out|perform|do|complete|follow|obey|apply|act on)\b[^.\n]{0,40}\b(?:any|all|every|each|whatever)\b|\bcommands?\b|\bshell steps?\b/;
export const BLOB = withQuickStart(/(?<![A-Za-z0-9+/=])(?:[A-Za-z0-9+/]{24,}={0,2}|(?:[0-9a-fA-F]{2}){16,})(?![A-Za-z0-9+/=])/g);
export const PLACEHOLDER_URL = /(!?)\[[^\]\n]{0,200}\]\(\s*(https?:\/\/[^)\s]{1,600})\s*\)|`(https?:\/\/[^`\n]{1,600})`|(https?:\/\/[^\s<>"'`)\]|{]{1,600}(?:(?:<[^>\n]{1,200}>|\{[^}\n]{1,200}\})[^\s<>"'`)\]|{]{0,200}){0,8})/gi;
export const PLACEHOLDER = /[?&#][\w.-]{1,40}=(?:<[^>\n]{1,200}>|\{[^}\n]{1,200}\}|\$\{?[A-Za-z_][\w]{0,60}\}?|\[[^\]\n]{1,200}\]|%s|[A-Z][A-Z0-9_-]{3,80}(?![a-z]))/gu;
const ARTEFACT_HEAD = '(?:file|note|bundle|report|archive|summary|block|snapshot|dump|log|backup|payload|footer|section|cache|variable|message|notice|attachment|appendix|record|string|blob|output|digest|profile|checksum|fingerprint|manifest|zip|tarball)';
export const ARTEFACT = new RegExp(String.raw`\b(?:a|an|the|that|this|your|our)\s+(?:[\w-]+\s+){0,2}?([\w-]+\s+)?(${ARTEFACT_HEAD})s?\b`, 'giu');
export const PATH = /(?:~|\$HOME|\.{1,2})?\/[\w.@-]+(?:\/[\w.@*-]+)+|(?<![\w/.-])\.?[\w-]+\.(?:txt|json|log|zip|tar\.gz|tgz|md|csv|b64|dat|out)\b/gu;

/** A secret made in the user's account by the step itself. */
export const MADE_SECRET = /\b(?:create|generate|mint|issue|make|add)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+|fresh\s+)?|\b(?:crea|genera|erstelle|generiere|crée|génère|gere|crie|generate)\b/u;

/** German imperatives of telling, whose negation follows the verb and its object ("sag es ihm nicht"). */
export const GERMAN_CONCEAL_VERB = /^(?:erwähne|sage|sag|zeige|informiere|melde|erkläre|verrate)$/iu;
// (the clause ends at the negation, or at the person it is kept from: "… nicht gegenüber dem Benutzer."; not
// "Zeige dem Benutzer nicht das Passwort" — what is not shown is a secret — nor "Sag ihm nicht, dass er …")
export const GERMAN_NEGATION_AFTER = /^\s*(?:[\p{L}’']+\s+){0,4}(?:nicht|nichts|niemals|nie)(?:\s+(?:davon|darüber))?(?:\s+(?:gegenüber\s+)?(?:dem|den|der|die)\s+(?:nutzer|benutzer|anwender|kunden?)\p{L}*)?\s*(?:[.;!]|$)/iu;
export const QUALIFIER_AFTER = /^[\s*]*(?:reset|change|policy|policies|manager|strength|rules?|field|hint|link|expiry|expiration|requirements?|prompt|dialog|form|page|rotation|length|update|providers?|integrations?|management|stores?|engines?|docs|documentation|guides?|syntax|types?)\b/;

/** An HTTP method or an "Endpoint:" label right before a URL: an API endpoint documented, not a link to follow. */
export const DOCUMENTED_ENDPOINT = /(?:\b(?:GET|POST|PUT|PATCH|DELETE)\s+`?|\b[Ee]ndpoint\s*:\s*`?(?:(?:GET|POST|PUT|PATCH|DELETE)\s+)?)$/u;
/** A query hole named only as the token or key (`access_token=ACCESS_TOKEN`, `key=<API_KEY>`), no vendor in its name. */
export const GENERIC_TOKEN_HOLE = /^[?&#](?:access_?token|token|api_?key|apikey|key|auth|sig)=[<{$[]?\{?(?:YOUR_?)?(?:ACCESS_?TOKEN|TOKEN|API_?KEY|APIKEY|KEY|AUTH_?TOKEN)\}?[>}\]]?$/iu;

/**
 * Concealment from the people a step concerns, in the word orders the verb reader above does not follow: a tell-verb under
 * a "no need to" or a negation that stands apart from it (Portuguese "não é preciso avisar o usuário", Spanish "no hace
 * falta decírselo al cliente"), a negation suffix (Turkish "kullanıcıya bildirmeyin"), a verb-final negation (Hindi
 * "उपयोगकर्ता को … बताने की ज़रूरत नहीं"), a negated imperative with a pronoun object (Polish "nie informuj ich o tym",
 * Russian "не раскрывать факт", Indonesian "jangan tampilkan … ke pengguna"), and a cover story for when someone asks
 * ("si alguien pregunta, responde que es una copia de seguridad"). Data, one entry a language; each needs the person or
 * the fact as its object, so a rule about output format ("não mostre o JSON") is not one.
 */
export const CONCEAL_ANY_LANGUAGE: readonly RegExp[] = [
  // Portuguese
  /\b(?:não (?:é (?:preciso|necessário)|precisa(?:s)?(?: de)?|há (?:necessidade|porque)(?: de)?|deve(?:s)?|vamos)|sem)\s+(?:\S+\s+)?(?:avisar|informar|contar|dizer|mencionar|comunicar|notificar)(?:-lhe|-lhes)?\b[^.;\n]{0,30}?(?:\b(?:[oa]s?|aos?|às?) (?:usuári[oa]s?|utilizador(?:es|a)?|client[ea]s?|motoristas?|funcionári[oa]s?|candidat[oa]s?|pacientes?)\b|\bninguém\b|\bnada\b)/iu,
  // Spanish
  /\b(?:no (?:es (?:necesario|preciso)|hace falta|hay que|debes|deben)|sin)\s+(?:\S+\s+)?(?:avisar|informar|decir|contar|mencionar|comunicar|notificar)(?:le|les|selo|selos)?\b[^.;\n]{0,30}?(?:\b(?:al?|a los|a las|el|los|las) (?:usuari[oa]s?|client[ea]s?|conductor(?:es)?|emplead[oa]s?|candidat[oa]s?|pacientes?)\b|\bnadie\b|\bnada\b)/iu,
  // a cover story for when the user or anyone asks (English, Spanish, Portuguese, French, German, Italian)
  /\b(?:if|when|should) (?:anyone|someone|the user|the customer|they|he|she) (?:asks?|questions?)\b[^.\n]{0,80}?\b(?:say|tell (?:them|him|her)|answer|reply|respond|claim)\s+(?:that\s+)?(?:it|this)\s*(?:is|was|'s)\b/iu,
  /\bsi (?:alguien|el usuario|el cliente|te) pregunta\w*\b[^.\n]{0,80}?\b(?:responde|contesta|di|dile|dígale|explica)(?:le|les)?\s+que\b/iu,
  /\bse (?:alguém|o usuário|o utilizador|o cliente|te) perguntar\w*\b[^.\n]{0,80}?\b(?:responda|responde|diga|diz|explique)(?:-lhe)?\s+que\b/iu,
  /\bsi (?:quelqu['’]un|l['’]utilisateur|le client|on te|on vous) (?:demande|pose)\w*\b[^.\n]{0,80}?\b(?:réponds|répondez|dis|dites|explique[sz]?)(?:-lui|-leur)?\s+qu/iu,
  /\bwenn (?:jemand|der (?:nutzer|benutzer|kunde)|man) (?:fragt|nachfragt)\b[^.\n]{0,80}?\b(?:antworte|sag|sage|erkläre)\b[^.\n]{0,20}\b(?:es sei|dass es)\b/iu,
  /\bse (?:qualcuno|l['’]utente|il cliente) (?:chiede|domanda)\b[^.\n]{0,80}?\b(?:rispondi|di|dì|dire)\s+che\b/iu,
  // Turkish: a tell-verb with the negative imperative suffix, its addressee in the dative
  /(?:kullanıcı(?:ya|lara)|müşteri(?:ye|lere)|kimseye|sürücü(?:ye|lere)|çalışan(?:a|lara)|adaya)\s+(?:\S+\s+){0,3}?(?:bildir|söyle|göster|bahset|haber ver|açıkla)(?:me(?:yin(?:iz)?|sin)?|mayın|meye gerek yok)(?=[\s.,;:!]|$)/iu,
  // Hindi: the person "को", a tell-verb, and "no need" or a negated imperative
  /(?:उपयोगकर्ता|ग्राहक|यूज़र|किसी)\s*को[^।.\n]{0,40}?(?:बताने|बताना|दिखाने|सूचित करने|जानकारी देने)\s*की\s*(?:ज़रूरत|जरूरत|आवश्यकता)\s*नहीं|(?:उपयोगकर्ता|ग्राहक|किसी)\s*को[^।.\n]{0,40}?(?:न|मत)\s+(?:बताएं|बताएँ|बताना|बताओ|दिखाएं|दिखाएँ)/u,
  // Polish: a negated tell-verb with a person or "o tym" (about it)
  /\bnie (?:informuj(?:cie)?|mów(?:cie)?|wspominaj(?:cie)?|powiadamiaj(?:cie)?|zdradzaj(?:cie)?)\s+(?:o tym|ich|go|jej|nikogo|użytkownik\p{L}*|kierowc\p{L}*|klient\p{L}*|pracownik\p{L}*)/iu,
  // Russian: a negated tell- or disclose-verb with the fact or the person
  /(?:^|[\s,;(])не\s+(?:раскрыва\p{L}*|сообща\p{L}*|говори\p{L}*|рассказыва\p{L}*|упомина\p{L}*|уведомля\p{L}*|ставя в копию)\s+(?:\S+\s+)?(?:факт\p{L}*|об? этом|ему|ей|им|пользовател\p{L}*|кандидат\p{L}*|клиент\p{L}*|сотрудник\p{L}*|руководител\p{L}*)/iu,
  // Indonesian: "jangan" before a tell- or show-verb with the person
  /\bjangan (?:tampilkan|beri ?tahu(?:kan)?|kasih tahu|sebutkan|informasikan|laporkan)\b[^.;\n]{0,40}?\b(?:ke |kepada )?(?:pengguna|pelanggan|pemilik|user)\b/iu,
];

for (const re of CONCEAL_ANY_LANGUAGE) registerFactors(re);

/** A word one of CONCEAL_ANY_LANGUAGE's entries needs (its negation, its addressee or its "if asked"): most sentences have none. */
const CONCEAL_ANY_LANGUAGE_WORD = /\b(?:não|sem|no|sin|if|when|should|si|se|wenn|nie|jangan)\b|kullanıcı|müşteri|kimse|sürücü|çalışan|adaya|को|(?:^|[\s,;(])не\s/iu;

/** Whether a sentence conceals a step from the user in one of CONCEAL_ANY_LANGUAGE's word orders. */
export function concealsInAnyLanguage(sentence: string): boolean {
  // (each entry asks its literal factors first: the case-insensitive Unicode entries are slow in the engine, some
  // 300 ns a character, and nearly every English sentence passes the word test above with "if", "when" or "no")
  return CONCEAL_ANY_LANGUAGE_WORD.test(sentence) && CONCEAL_ANY_LANGUAGE.some((re) => !ruledOut(re, sentence) && re.test(sentence));
}
