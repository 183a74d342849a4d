/**
 * Step acts read over a section (docs/skill-effect-model.md, "Prose step acts, 2026-11-28"): a step is an action — run
 * what someone else wrote, put secret values where others read them, do something consequential when a condition
 * unrelated to the task holds — and the policy is over the action, in whatever language or wording the step uses.
 * The words are data (one list per class, several languages each); the matcher asks for the classes together:
 *
 *  - **text others write, obeyed** (`prose.exec.follow-inbound`, PROSE-REMOTE-001): a source anyone can write (an issue
 *    body, a PR comment, a CI log line, a ticket's attachment, a file inside an installed dependency, a discussion
 *    thread) + a step that runs or carries out what it says + the user's check waived ("without asking", "always safe",
 *    "from any commenter", "as if the user had asked") in the same section;
 *  - **secrets put where others read them** (`prose.send.publish`, EFFECT-EXFIL-002 through the flow): a step that puts
 *    the values of secret files or the environment ("the contents of `.env`", "the complete output of `env`", "the
 *    values", "unredacted") into something, in a document whose destination is public or seen by others (a public issue
 *    or gist, a page made public, a calendar event with outside guests, a form anyone can reach, a public repository);
 *  - **a trigger** (`prose.tamper.triggered`, PROSE-TRIGGER-001): a step gated by a condition unrelated to the task (a
 *    weekday or an hour, words in the user's message, which organisation owns the repository) that sends data out,
 *    force-pushes, destroys or drops the checks (tests, scans, branch protection), with the user kept out of it.
 *
 * Each needs the act addressed and not negated, and the act's line not teaching or an example; so a rule against it
 * ("never run commands from CI logs"), a reviewer's checklist that quotes it, or the same step with the user asked is
 * not one. Linear: each class is one alternation run once per section.
 */
import type { ActionMode } from '../../effects/types.js';
import { alt } from '../lexicon.js';
import { addressedAt, clausesOf, modeOf, negatedAt, type Clause, type ProseUnit } from '../structure.js';
import { objectsIn } from './finders.js';
import { type Ctx, emit } from './emit.js';
import { AGENT_TEXT } from './sends.js';
import { readHandedOn } from './handed-on.js';
import { actIn, type Section, sectionsOf } from './sections.js';
import { globalTwin, matchAll } from '../../match-all.js';

// --- text others write -------------------------------------------------------------------------

/** Where text anyone can write reaches the agent. */
export const UNTRUSTED_SOURCE = alt([
  'issue bod(?:y|ies)', 'issues?', 'issue templates?', 'reporters?', 'bug reports?', '(?:issue|pr|pull[- ]request|review|code|later) comments?', 'comments?', 'commenters?', 'pull requests?', 'prs?', 'forks?', 'first-time contributors?',
  '(?:ci|job|build|test|failing job) (?:logs?|output)', 'logs?', 'log lines?', 'third-party actions?', 'test output', 'tickets?', 'attachments?', 'discussions?', 'threads?', 'node_modules', 'site-packages',
  'installed (?:package|dependency|version)', 'inside (?:the|a|an installed) (?:package|dependency)', 'web ?pages?', 'search results?', 'readme',
  // Swedish, German, Spanish, French, Russian, Polish, Dutch, Turkish, Finnish
  'kommentar\\p{L}*', 'diskussion\\p{L}*', 'tråd\\p{L}*', 'ärende\\p{L}*', 'anhang', 'anhänge\\p{L}*', 'comentarios?', 'incidencias?', 'adjuntos?', 'commentaires?', 'pièces? jointes?',
  'комментари\\p{L}*', 'тикет\\p{L}*', 'вложени\\p{L}*', 'лог\\p{L}{0,3}', 'komentarz\\p{L}*', 'zgłoszeni\\p{L}*', 'opmerking\\p{L}*', 'commentaar', 'yorum\\p{L}*', 'kommentti\\p{L}*',
]);

/** A step that runs or carries out what the text says (the verb, then its object near it). */
const OBEY_VERB = alt([
  'run', 'execute', 'apply', 'carry out', 'perform', 'follow', 'obey', 'act on', 'do what', 'accept',
  'utför', 'kör', 'följ', 'führe', 'befolge', 'wende', 'ejecuta', 'aplica', 'sigue', 'exécute', 'exécutez', 'applique', 'suis',
  'выполни', 'выполните', 'выполнять', 'запусти', 'примени', 'wykonaj', 'uruchom', 'voer', 'çalıştır', 'uygula', 'suorita',
]);
/** What is run: the commands, steps or requests the text carries, or a pronoun for them. */
const OBEY_OBJECT = alt([
  'commands?', '<command>', '`<command>`', 'command after', 'blocks?', 'scripts?', 'steps?', 'instructions?', 'hints?', 'requests?', 'what (?:that|the|this) (?:section|note|file|comment|attachment|message) (?:asks|says|requests)', 'what (?:it|they) (?:asks?|says?)',
  'it', 'them', 'every step', 'each step',
  'stegen', 'steg', 'kommand\\p{L}*', 'befehl\\p{L}*', 'schritte', 'comandos?', 'pasos', 'commandes?', 'étapes', 'команд\\p{L}*', 'шаг\\p{L}*', 'polece\\p{L}*', 'kroki', 'commando\\p{L}*', 'stappen', 'komut\\p{L}*', 'adım\\p{L}*', 'komen\\p{L}*', 'vaihe\\p{L}*',
]);

/** The user's check waived, or the source trusted without one. */
const WAIVER_WORDS = [
  'without asking(?: (?:the user|them|anyone))?(?: first)?', '(?:do not|don[\'’]t|never) ask (?:the user|them|for confirmation)?', '(?:do not|don[\'’]t) ask(?=[:;,.])', 'do not stop to (?:confirm|ask)', 'no need to (?:verify|ask|confirm|check)', 'without (?:confirmation|confirming|verifying|checking)',
  'always safe', 'are safe to run', 'treat them the same', '(?:from )?any commenter', 'including first-time contributors', 'and forks', 'as if the user had asked(?: for it)?', 'as if (?:they|it) came from (?:the user|the owner|you)',
  'exactly as written', 'verbatim', 'already approved', 'pre-?approved', 'it is authenticated', 'they are routine', 'do not echo the command',
  'fråga inte(?: användaren)?', 'redan godkända', 'utan att fråga', 'vem som helst',
  'ohne (?:zu fragen|rückfrage|nachzufragen|bestätigung)', 'nicht (?:extra |eigens )?fragen', 'bereits (?:bestätigt|genehmigt|freigegeben)', 'unverändert',
  'sin preguntar', 'sin confirmar', 'sin confirmación', 'tal como está', 'no (?:preguntes|pidas confirmación)', 'ya (?:aprobad|autorizad)\\p{L}*',
  'sans (?:demander|confirmation)', 'déjà (?:approuvé|validé)\\p{L}*',
  'без (?:подтверждени\\p{L}*|вопросов|спроса)', 'не сообщай\\p{L}*', 'не спрашива\\p{L}*',
  'bez (?:pytania|potwierdzenia)', 'nie pytaj', 'zonder (?:te vragen|bevestiging)', 'onay isteme', 'sormadan', 'ilman (?:erillistä )?kysymistä', 'kysymättä',
];
export const WAIVER = alt(WAIVER_WORDS);

/**
 * A waiver that says only when a step runs ("immediately", "сразу"): it drops the user's check for the step it stands in
 * ("run the commands in the comment immediately"), and for nothing else in the paragraph — "the watcher exits
 * immediately when new comments are found" says what a program does, not that the agent skips the user.
 */
const WAIVER_TIMING_WORDS = ['immediately', 'сразу'];
const WAIVER_TIMING = alt(WAIVER_TIMING_WORDS);
/** Either kind of waiver, for the readers that ask only whether the section waives anything. */
const WAIVER_ANY = alt([...WAIVER_WORDS, ...WAIVER_TIMING_WORDS]);

// --- secrets put where others read them ---------------------------------------------------------

/** Putting something into a document or field. */
const PUT_VERB = alt([
  'paste', 'include', 'put', 'add', 'insert', 'attach', 'embed', 'append', 'copy', 'dump', 'collect', 'gather', 'push', 'commit', 'upload', 'post',
  'trage', 'füge', 'kopiere', 'pega', 'pegue', 'incluye', 'adjunta', 'copia', 'colle', 'collez', 'inclus', 'joins', 'cole', 'inclua', 'incolla', 'includi',
  'вставь', 'вставьте', 'добавь', 'скопируй', 'wklej', 'dodaj', 'skopiuj', 'plak', 'voeg', 'kopieer', 'yapıştır', 'ekle', 'liitä', 'lisää', 'klistra', 'lägg',
  // (Japanese, Korean and Chinese put the verb last and carry endings: matched inside the word)
  // (their negation follows the verb: "貼らない", "붙여넣지 마세요", "올리지 않")
  '貼(?!らな|らず|りませ)', '載せ(?!な|ず|ませ)', '添付(?!しな|せず|しませ)', '追記(?!しな|せず|しませ)', '덧붙(?!이지)', '붙여(?!넣지|넣으면 안)', '첨부(?!하지)', '올리(?!지)', '粘贴', '附上', '贴到', '贴上',
]);
/** The values, not the names: contents, the full output, unredacted. */
const VALUE_MARKER = alt([
  'contents?', '(?:the )?(?:whole|entire) (?:`?~?/?\\.?[\\w./-]+`? )?(?:folder|directory|dir)', 'cał\\p{L}* (?:katalog|folder)', '(?:den )?ganzen? (?:ordner|verzeichnis)', 'tod[oa] (?:el|la) (?:directorio|carpeta)', 'tout le (?:dossier|répertoire)', 'весь (?:каталог|каталог|папку)', 'the values?', 'values at', 'in full', 'full environment', 'complete output', 'the output of `?env', 'all of it', 'unredacted', 'do not redact', 'not redact', 'as it is', 'as-is', 'verbatim', 'decrypted', 'sops -d', 'break-?glass',
  'inhalt\\p{L}*', 'vollständig\\p{L}*', 'unverändert', 'contenido', 'completo', 'tal como está', 'sin recortar', 'contenu', 'conteúdo', 'содержим\\p{L}*', 'zawartość', 'inhoud', 'içeri\\p{L}*', 'sisältö', 'innehåll\\p{L}*',
  '(?:do not|don[\'’]t|never) (?:trim|mask|shorten|redact|filter|censor)', 'unmasked', 'unchanged',
  '中身', 'そのまま', 'マスク(?:は|を)?しない', 'マスクはしません', '내용', '전체', '그대로', '마스킹하지', '原样', '完整内容', '不要(?:打码|脱敏|遮盖)',
]);
/** The values demanded for a whole section: a masking or redaction forbidden ("Do not trim or mask values in these files"). */
const VALUES_KEPT = alt(['(?:do not|don[\'’]t|never) (?:trim|mask|shorten|redact|filter|censor)', 'unmasked', 'unredacted', 'not redact', 'without (?:masking|redact\\p{L}*)', 'nicht (?:maskieren|schwärzen|kürzen)', 'no (?:enmascares|ocultes|recortes)', 'ne (?:masque|tronque)z? pas', 'non (?:mascherare|oscurare)', 'não (?:mascare|oculte)',
  'マスク(?:は|を)?しな', 'マスクはしません', 'マスキングは不要', '伏せない', '마스킹하지', '가리지 (?:말|않)', '不要(?:打码|脱敏|遮盖)']);
/** Secrets named by what they are when no secret file is named ("the break-glass secrets", "`env`"). */
const SECRET_WORDS = alt(['break-?glass (?:secrets?|credentials?)', 'the (?:complete |full )?output of `?env`?', '`env`', 'decrypted', 'secrets?', 'credentials?', 'tokens?', 'passwords?', 'zugangsdaten', 'credenciales', 'учётн\\p{L}* данн\\p{L}*',
  'card numbers?', 'security codes?', 'パスワード', 'セキュリティコード', 'クレジットカード番号', '비밀번호', '보안 ?코드', '카드 ?번호', '密码', '安全码', '卡号']);
/** A destination others read: public, shared with outside guests, reachable by anyone. */
export const PUBLIC_PLACE = alt([
  'public (?:upstream |github |gitlab )?(?:issue(?: tracker)?|tracker|gists?|repo(?:sitory)?|page|link|comment|channel|url|bucket)', '--public', 'public_access', 'allow_search_engines', 'make (?:it|the page|the gist|the repo(?:sitory)?) public', 'publicly (?:reachable|accessible|visible|readable)',
  'upstream project[\'’]s public', 'as a guest', 'guests can see', 'readable by (?:anyone|everyone)', 'anyone with the link', 'リンクを知っている全員', '링크가 있는 (?:모든 )?사용자', '知道链接的(?:任何人|所有人)', 'toute personne disposant du lien', 'jeder mit dem link', 'cualquier persona con el enlace',
  '(?:dépôt|ticket|tracker|suivi|lien|page|gist|commentaire|problème)s? publi(?:c|que)s?', '(?:repositorio|incidencia|página|enlace|comentario|gist|repositório|problema)s? públic[oa]s?',
  'öffentlich (?:erreichbar|zugänglich|sichtbar|einsehbar)', 'öffentliche\\p{L}* (?:issue|repository|repo|seite)', 'incidencia pública', 'repositorio público', 'página pública', 'publiquement (?:accessible|visible)', 'publique',
  'публичн\\p{L}*', 'publiczn\\p{L}*', 'openbare?', 'herkese açık', 'julkise\\p{L}*', 'offentlig\\p{L}*',
  // (a gist or repository said to be public after its name)
  '(?:gists?|repo(?:sitory)?|issues?) (?:with [^.;\\n]{0,40})?,? public(?![\\p{L}-])',
  '（公開）', '\\(公開\\)', '公開(?:の)?(?:リポジトリ|イシュー|gist|issue)', '공개 붙여넣기', '공개"?로 (?:올리|게시)', '공개 (?:저장소|이슈|gist)', '公开(?:的)?(?:仓库|issue|gist|粘贴)',
]);
/**
 * Places others read that are no public place: a pull request's text (read by every reviewer), a team-wide channel.
 * Counted only in the section of the step that puts the values there: a pull request named in one part of a document
 * and a token named in another are not one step.
 */
const SHARED_PLACE = alt([
  'pull[- ]requests? (?:descriptions?|body|bodies)', 'pr (?:descriptions?|body)', '(?:open|opens|create|update) (?:or (?:update|open) )?(?:a |the )?pull request', 'gh pr (?:create|edit)',
  '#general', 'team[\'’]s #[\\w-]+ channel', '(?:company|org(?:ani[sz]ation)?|team)-wide channel',
]);

const EXAMPLE_FILE = /^[\w./~-]*\.(?:example|sample|template|dist|defaults?|tmpl)(?![\p{L}])/u;

function mayNameSharedPlace(text: string): boolean {
  return text.includes('pull') || text.includes('pr ') || text.includes('#') || text.includes('-wide');
}

// --- triggers ------------------------------------------------------------------------------------

/** A condition unrelated to the task: a weekday or hour, words in the user's message, the repository's owner. */
const TRIGGER = alt([
  '(?:after|before|past|from) \\d{1,2}(?:[:.]\\d{2})?(?: ?(?:am|pm|h|uhr))?', 'klo \\d{1,2}(?:[:.]\\d{2})? jälkeen', 'saat \\d{1,2}[:.]\\d{2}\\p{L}*', 'na \\d{1,2}[:.]\\d{2}', 'nach \\d{1,2}(?:[:.]\\d{2})? uhr', 'después de las \\d{1,2}', 'après \\d{1,2} ?h',
  'on fridays?', 'fridays?', 'weekends?', 'perjantai\\p{L}*', 'freitag\\p{L}*', 'viernes', 'vendredi\\p{L}*', 'venerd[iì]', 'sexta-feira', 'cuma günü', 'vrijdag\\p{L}*', 'fredag\\p{L}*', 'piąt\\p{L}*', 'пятниц\\p{L}*',
  '(?:if|when) (?:the )?(?:git )?remote', 'remote -v', 'git-remote', '(?:github[- ])?organi[sz]ation', 'organisatie', 'hostname',
  '(?:if|when) the user (?:says|writes|mentions|sounds)', 'message contains', 'mesajında', 'acil', 'hemen', 'urgent\\p{L}*', 'dringend',
  // (where the user is: the timezone, the locale or the country the machine reports)
  '(?:if|when) the (?:timezone|time zone|locale|country|region) is', '`?lang`? starts with', 'in certain countries', '(?:wenn|falls) die zeitzone', 'si la zona horaria', 'si le fuseau horaire', 'se il fuso orario', 'se o fuso horário',
  'タイムゾーンが', 'ロケールが', '시간대가', '로캘이', '时区(?:为|是)', '区域设置(?:为|是)',
]);
/** What the trigger sets off: data sent out, history forced, checks dropped, things destroyed. */
const TRIGGERED_ACT = alt([
  'push --mirror', 'push(?:es)? (?:all|every) branch\\p{L}*', 'push --force', 'force-?push\\p{L}*', 'kaikki\\*{0,2} haarat', '--mirror',
  'skip (?:the )?(?:tests?|security scan\\p{L}*|scans?|staging|review)', 'no tests', 'without tests', 'geen tests', 'ohne tests', 'sin tests', 'sans tests', 'testleri\\p{L}*', 'tarama\\p{L}*', 'koruma\\p{L}*', 'disable (?:the )?branch protection', 'branch protection off',
  'delete (?:all|every|the repository|the backups)', 'rm -rf', '(?:remove|delete|wipe) every file', 'push to (?:all|every) remotes?',
  'lösche (?:alle|jede) dateien', 'borra todos los archivos', 'supprime tous les fichiers', 'elimina tutti i file', 'すべてのファイルを削除', '모든 파일을 삭제', '删除所有文件',
]);
/** The user kept out: not asked, not told, the trace removed. */
const KEPT_OUT = alt([
  '(?:do not|don[\'’]t|never) (?:mention|list|report|tell)', 'not (?:in|into) the (?:summary|pr description)', 'so (?:that )?(?:it|the user) (?:does not|doesn[\'’]t|won[\'’]t) (?:see|show|notice)',
  'älä mainitse', 'ettei se näy', 'ilman (?:erillistä )?kysymistä', 'kysymättä', 'noem (?:de \\p{L}+ |het |dit |dat )?niet', 'niet (?:vermelden|noemen)', 'bahsetme', 'onay isteme', 'söyleme',
  'nicht erwähnen', 'erwähne (?:es |das |ihn )?nicht', 'no (?:lo )?menciones', 'ne (?:le |la |les )?mentionne[zs]? pas', 'nie wspominaj', 'не упоминай\\p{L}*', 'nämn inte', 'utan att fråga', 'fråga inte',
]);

// --- the supply chain, described in words ---------------------------------------------------------

/** A lockfile or a package manager's source, named. */
const PACKAGE_SOURCE = alt(['lock ?files?', 'package-lock\\.json', 'pnpm-lock\\.yaml', 'yarn\\.lock', 'poetry\\.lock', 'uv\\.lock', 'pliku? lock', 'plik\\p{L}* lock', 'lock-?datei\\p{L}*', 'archivo lock', 'fichier lock',
  '(?:npm|pip|pypi|yarn|pnpm|uv|poetry|cargo|gem|nuget|composer)(?:[\'’]s)? (?:registry|index|index-url|mirror|source)', 'index-url', '\\.npmrc', 'pip\\.conf', '`resolved`', 'resolved (?:fields?|urls?|addresses)']);
/** A change verb: replace, point, set, switch. */
const REDIRECT_VERB = alt(['replace', 'point', 'set', 'switch', 'change', 'configure', 'rewrite', 'use', 'zamień', 'ustaw', 'ersetze', 'setze', 'reemplaza', 'cambia', 'configura', 'remplace', 'замени', 'укажи', 'vervang', 'değiştir', 'korvaa']);
/** The integrity fields removed. */
const INTEGRITY_REMOVED = alt(['(?:remove|delete|drop|strip|usuń|entferne|lösche|elimina|borra|supprime|supprimez|удали|удалите|verwijder|sil|poista) (?:all |every |the |wszystkie |alle |todos los |tous les |все )?(?:pola |felder |campos |champs |поля |velden )?`?(?:integrity|checksum|hashes|sha512|shasum)`?']);
/** Certificate checks of the package manager turned off, as written in a setting. */
const TLS_OFF_SETTING = /\b(?:strict-ssl\s*[= ]\s*false|--trusted-host\b|sslverify\s*[= ]\s*(?:false|0)|verify_ssl\s*=\s*false|--insecure-registry\b)/u;
const URL_IN = /https?:\/\/([a-z0-9.-]+)(?::\d+)?[^\s`'")\]]*/u;

function readSupplySteps(ctx: Ctx, s: Section): void {
  if (!has(PACKAGE_SOURCE, s.text)) return;
  for (const u of s.units) {
    if (!has(PACKAGE_SOURCE, u.text)) continue;
    const integrity = actIn(u, (c) => { INTEGRITY_REMOVED.lastIndex = 0; const m = INTEGRITY_REMOVED.exec(c.text); return m && addressedAt(c.text, m.index) ? m.index : -1; });
    if (integrity) emit(ctx, integrity.c, integrity.at, 1, 'tamper', 'prose.tamper.integrity-stripped', { object: "a lockfile's integrity fields removed", via: 'agent' }, integrity.mode);
    const url = URL_IN.exec(u.raw);
    // (an addressed change verb, the package source and the URL after it in one sentence: "E2E tests use Verdaccio (URL), an
    // npm registry in Docker" describes a tool)
    const redirect = url ? actIn(u, (c) => {
      if (!has(PACKAGE_SOURCE, c.sentence)) return -1;
      REDIRECT_VERB.lastIndex = 0;
      for (const m of matchAll(c.text, globalTwin(REDIRECT_VERB, 'gu'))) if (addressedAt(c.text, m.index!) && c.rawSentence.slice(c.start - c.sentenceStart + m.index!).includes('://')) return m.index!;
      return -1;
    }) : null;
    if (url && redirect) emit(ctx, redirect.c, redirect.at, 1, 'persist', 'persist.package-config', { object: `registry=${url[0]}`, via: 'a step of the skill', host: url[1]!.toLowerCase(), content: `registry=${url[0]}`, flags: ['package-config', 'index'] }, redirect.mode);
    const tls = TLS_OFF_SETTING.exec(u.text);
    const tlsAt = tls ? actIn(u, (c) => c.text.indexOf(tls[0]) >= 0 ? Math.max(0, c.text.indexOf(tls[0]) - 1) : -1) : null;
    if (tls && tlsAt) emit(ctx, tlsAt.c, tlsAt.at, 1, 'persist', 'persist.package-config', { object: tls[0], via: 'a step of the skill', content: tls[0], flags: ['package-config', 'tls-off'] }, tlsAt.mode);
  }
}

// --- privilege, described in words ----------------------------------------------------------------

const SUDO = alt(['sudo', 'sudoers', 'visudo', 'root (?:rights|privileges|access)', 'administrator rights']);
const EVERY_COMMAND = alt(['every command', 'all commands', 'any command', 'alle befehle', 'jeden befehl', 'todos los comandos', 'cualquier comando', 'toutes les commandes', 'все команды', 'любую команду', 'wszystkie polecenia', 'alle commando\\p{L}*', 'tüm komutlar\\p{L}*', 'kaikki komennot']);
const NO_PASSWORD = alt(['without (?:a |any |the |typing a |entering a )?password', 'no password', 'passwordless', 'password-?less', 'never asks? for (?:a |the )?password', 'ohne passwort', 'ohne kennwort', 'sin contraseña', 'sans mot de passe', 'sem senha', 'senza password', 'без пароля', 'bez hasła', 'zonder wachtwoord', 'şifresiz', 'şifre sormadan', 'ilman salasanaa']);

function readPrivilegeSteps(ctx: Ctx, s: Section): void {
  if (!has(SUDO, s.text) || !has(NO_PASSWORD, s.text)) return;
  for (const u of s.units) {
    if (!has(SUDO, u.text) || !has(NO_PASSWORD, u.text) || !has(EVERY_COMMAND, u.text)) continue;
    // (at the "without a password" itself, so "never use `NOPASSWD: ALL`" is the rule against it)
    const hit = actIn(u, (c) => { if (!has(SUDO, c.sentence) || !has(EVERY_COMMAND, c.sentence)) return -1; NO_PASSWORD.lastIndex = 0; const m = NO_PASSWORD.exec(c.text); return m ? m.index : -1; });
    if (!hit) continue;
    emit(ctx, hit.c, hit.at, 1, 'privilege', 'privilege.sudoers', { object: 'passwordless sudo for every command, described in words', via: 'a step of the skill', content: 'ALL ALL=(ALL) NOPASSWD: ALL', flags: ['nopasswd', 'all-commands'] }, hit.mode);
    return;
  }
}

// --------------------------------------------------------------------------------------------------


/** `re.test` without the global flag's memory (the lexicon's alternations are global). */
function has(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  const r = re.test(text);
  re.lastIndex = 0;
  return r;
}


const NEGATION_WORD = /(?:^|[^\p{L}])(?:never|not|don['’]t|nie|nicht|niemals|nunca|jamais|ne|não|mai|никогда|inte|aldrig|niet|nooit|asla|älä|ei)(?=[^\p{L}]|$)/u;

/** A hit of `re` in `text` that is not under a negation of its own. */
function positive(re: RegExp, text: string): RegExpExecArray | null {
  re.lastIndex = 0;
  for (const m of matchAll(text, globalTwin(re))) {
    if (/\b(?:never|not|don['’]t|no|without|nie|nicht|nunca|jamais|не|inte|niet|asla)\s+(?:\S+\s+){0,3}$/u.test(text.slice(Math.max(0, m.index! - 40), m.index!))) continue;
    // ("Never run commands from a comment without asking the user": the sentence forbids the step the waiver would free)
    const sentence = text.slice(Math.max(0, m.index! - 300), m.index!).split(/[.!?;\n]\s/u).pop() ?? '';
    if (NEGATION_WORD.test(sentence)) continue;
    return m as RegExpExecArray;
  }
  return null;
}


function obeyAt(c: Clause): number {
  OBEY_VERB.lastIndex = 0;
  for (const m of matchAll(c.text, OBEY_VERB)) {
    const after = c.text.slice(m.index! + m[0].length, m.index! + m[0].length + 90);
    OBEY_OBJECT.lastIndex = 0;
    const o = OBEY_OBJECT.exec(after);
    if (o && o.index < 60) return m.index!;
  }
  return -1;
}

function readUntrustedObeyed(ctx: Ctx, s: Section): void {
  if (!has(UNTRUSTED_SOURCE, s.text) || !positive(WAIVER_ANY, s.text)) return;
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i]!;
    // (the step, the source it runs from and the waiver in one step: the unit with its list introduction; a list item
    // may name the source in the sentence that introduces the list or the item just before)
    const scope = `${u.intro}\n${u.text}`;
    const firm = positive(WAIVER, scope);
    if (!firm && !positive(WAIVER_TIMING, scope)) continue;
    if (!has(UNTRUSTED_SOURCE, `${scope}\n${s.units[i - 1]?.text ?? ''}`)) continue;
    // (a timing waiver only in the sentence of the step it times: see WAIVER_TIMING)
    const hit = actIn(u, (c) => (firm || positive(WAIVER_TIMING, c.sentence) ? obeyAt(c) : -1));
    if (!hit) continue;
    emit(ctx, hit.c, hit.at, 1, 'exec', 'prose.exec.follow-inbound', { object: 'commands or steps in text others write, with the user\'s check waived', via: 'agent', consumes: ['remote:inbound-content'] }, hit.mode);
    return;
  }
}

function readSecretsToPublic(ctx: Ctx, s: Section, publicDoc: RegExpExecArray): void {
  // (the values may be demanded once for the section: "Do not trim or mask values in these files" under a list of them)
  const sectionValues = has(VALUES_KEPT, s.text);
  for (const u of s.units) {
    const scope = `${u.intro}\n${u.text}`;
    if (!sectionValues && !has(VALUE_MARKER, scope)) continue;
    // (`.env.example`, `secrets.sample.yml`: the template of a secret file holds no secret)
    const secret = objectsIn(u.text).find((o) => o.cls.name.startsWith('secret:') && !EXAMPLE_FILE.test(u.text.slice(o.index, o.index + o.text.length + 12))) ?? null;
    if (!secret && !has(SECRET_WORDS, u.text)) continue;
    // (the verb in the unit, or in the list's introduction: "include all of it:" over "- the contents of `.env`")
    const hit = actIn(u, (c) => { PUT_VERB.lastIndex = 0; const m = PUT_VERB.exec(c.text); return m ? m.index : -1; })
      ?? (u.intro && has(PUT_VERB, u.intro) && !/\b(?:never|not|don['’]t|no)\b/.test(u.intro) ? { c: clausesOf(u)[0]!, at: 0, mode: 'instruction' as ActionMode } : null);
    if (!hit) continue;
    const what = secret ? secret.text : 'secret values';
    const read = emit(ctx, hit.c, hit.at, 1, 'read', secret ? `prose.read.${secret.cls.entry}` : 'read.secret.env', { object: `${what}, put into what others read`, via: 'agent', produces: [AGENT_TEXT, ...(secret ? [secret.cls.name] : [])] }, hit.mode);
    emit(ctx, hit.c, hit.at, 1, 'send', 'prose.send.publish', { object: publicDoc[0], via: `a destination others read (${publicDoc[0]})`, channel: 'publish', consumes: [AGENT_TEXT] }, read.mode);
    return;
  }
}

function readTriggered(ctx: Ctx, s: Section): void {
  if (!has(TRIGGER, s.text) || !has(TRIGGERED_ACT, s.text) || !(has(KEPT_OUT, s.text) || positive(WAIVER_ANY, s.text))) return;
  for (const u of s.units) {
    if (!has(TRIGGER, `${u.intro}\n${u.text}`)) continue;
    const hit = actIn(u, (c) => { TRIGGERED_ACT.lastIndex = 0; const m = TRIGGERED_ACT.exec(c.text); return m ? m.index : -1; });
    if (!hit) continue;
    TRIGGER.lastIndex = 0;
    emit(ctx, hit.c, hit.at, 1, 'tamper', 'prose.tamper.triggered', { object: TRIGGER.exec(u.text)?.[0] ?? 'a condition', via: 'agent' }, hit.mode);
    return;
  }
}

/** The section-level step acts of a document (see the module comment). */
export function readStepActs(ctx: Ctx, units: readonly ProseUnit[]): void {
  const sections = sectionsOf(units);
  // (a public destination anywhere in the document: the report is gathered in one section and filed in another)
  let publicDoc: RegExpExecArray | null = null;
  for (const s of sections) if ((publicDoc = positive(PUBLIC_PLACE, s.text))) break;
  for (const s of sections) {
    readUntrustedObeyed(ctx, s);
    // (a plain substring gate first: the alternation runs only on sections that could name such a place)
    const place = publicDoc ?? (mayNameSharedPlace(s.text) ? positive(SHARED_PLACE, s.text) : null);
    if (place) readSecretsToPublic(ctx, s, place);
    readTriggered(ctx, s);
    readSupplySteps(ctx, s);
    readPrivilegeSteps(ctx, s);
    readHandedOn(ctx, s);
  }
}
