/**
 * Security controls given up in the code the agent writes, asked for in prose (docs/skill-effect-model.md, "Security
 * controls weakened in prose, 2026-11-28"). A house rule, a CLAUDE.md/AGENTS.md/.cursorrules convention or a skill's
 * step that has the agent write code which turns a control off, makes it optional, lets it fail open or opens it to a
 * class of input is sabotage of the user's project, whatever the language it is written in.
 *
 * Kept as data: a catalogue of CONTROLS (authentication and authorisation checks, signature and MAC verification,
 * CSRF, origin checks, certificate checks, query parameterisation, SSRF guards, redirect validation, mass-assignment
 * guards, client identity for rate limits and allow-lists, secret and token randomness, password storage, safe
 * deserialisation, XML external entities, upload validation, secrets and card data kept out of logs, the tests and
 * scanners that guard them), each with the sentence shapes that weaken it — a weakening verb or condition joined to
 * the control's words or to a code idiom that weakens it (`verify=False`, `csrf_exempt`, `permit!`,
 * `DtdProcessing.Parse`, `pickle.loads` of a cookie, `Access-Control-Allow-Origin` set to the request's Origin).
 *
 * Two polarities: a weakening said positively ("skip verification when the header is absent", "accept any URL") is
 * read with the clause's own mode, so a negation ("never disable verification") makes it a prohibition; a waiver
 * carries its own negation ("do not add an allowlist", "ne pas ajouter de jeton CSRF", "no compruebes el tipo") and is
 * read without it. Security teaching (the unit presents what to detect, or the sentence names the attack it causes),
 * examples and development- or test-only scope are not steps.
 *
 * Worth: a shape marked `default` (the weakening is the rule: "accept any", "for all endpoints", `permit!`) is refused
 * under its control's rule; a conditional one alone goes to a human (SABOTAGE-REVIEW-001); a document that gives up
 * controls in two or more steps is refused (read.ts raises them together, prose/controls.ts `raiseRepeated`).
 */
import type { Action, ActionMode, EffectKind } from '../effects/types.js';
import { conventionScope } from '../effects/produced-code.js';
import { mayMatch, registerFactors } from '../regex-factors.js';
import { lowerSame } from './lexicon.js';
import { modeOf, type Clause } from './structure.js';

export interface ControlHooks {
  emit(c: Clause, at: number, len: number, kind: EffectKind, entry: string, extra: Partial<Action>, mode: ActionMode): Action;
  /** The steps other readers already took from this unit (an escalation here must not stand in for their refusal). */
  taken?(): readonly Action[];
}

export interface ControlShape {
  /** The sentence (lower-cased) weakening the control; the match's index is where the step stands. */
  re: RegExp;
  /** The shape carries its own negation (a waiver: "do not add an allowlist"): read without it. */
  waiver?: boolean;
  /** The weakening is stated as the rule (universal, unconditional): refused alone. */
  default?: boolean;
  /** The sentence must also name this (what fails open must be a check: "the middleware", "verifyAge()"). */
  needs?: RegExp;
}

export interface SecurityControl {
  /** The produced-code family id (effects/policies.ts maps it to its rule). */
  id: string;
  /** What the produced code gives up, for the finding's message. */
  what: string;
  /** A cheap test of the sentence before its shapes. */
  hint: RegExp;
  shapes: readonly ControlShape[];
  /** The unit or its headings must be about this (a fetch of users' URLs, a redirect, SQL): the shape alone is generic. */
  context?: RegExp;
  /** Something in the sentence that keeps the control after all. */
  keeps?: RegExp;
}

// --- shared vocabulary ----------------------------------------------------------------------------------------

/** An English negation that opens a waiver. */
const NEG = "(?:do\\s+not|don['’]t|never|no\\s+need\\s+to|must\\s+not|mustn['’]t|should\\s+not|shouldn['’]t|need\\s+not|there\\s+is\\s+no\\s+need\\s+to)";
/** Verbs that turn a check off, in several languages. */
const OFF = "(?:skip|skipping|skips|bypass|bypassing|disable|disabling|turn(?:ing)?\\s+off|switch(?:ing)?\\s+off|ignore|ignoring|omit|omitting|drop|remove|relax|pule|omite|omitir|salta|saltar|desactiva\\p{L}*|désactive\\p{L}*|ignore[rz]?|saute[rz]?|überspring\\p{L}*|deaktivier\\p{L}*|ignorier\\p{L}*|пропуска\\p{L}*|пропусти\\p{L}*|пропускай|вимикай|вимкни|отключи\\p{L}*|springes\\s+over|spring\\s+over|spring\\p{L}*\\s+over|kihagy\\p{L}*|跳过|スキップ)";
/** Words of a request value the client writes: a header, cookie, query parameter, host. */
const CLIENT_VALUE = "(?:header|headers|cookie|cookies|query\\s+(?:param\\p{L}*|string)|param(?:eter)?|host|x-[a-z0-9-]{2,40}|заголов\\p{L}*|cookie|куки|en-tête|cabecera|encabezado|kopfzeile|cabeçalho|ヘッダ\\p{L}*|请求头)";
/** Conditions of failure or absence: the moment a fail-open rule lets the request through. */
const FAILS = "(?:missing|empty|unset|absent|not\\s+set|not\\s+configured|unavailable|unreachable|not\\s+reachable|down|times?\\s+out|timeout|timed\\s+out|errors?|fails?|failing|throws?|exception|mangler|fejl|nedetid|timeout|fehlt|fehler|ausfall|falla|error|erreur|manque|відсутн\\p{L}*|помилк\\p{L}*|ошибк\\p{L}*)";
/** What a fail-open rule does then. */
const LETS_THROUGH = "(?:let(?:s|ting)?\\s+(?:the\\s+)?(?:request|requests|it|them|everything|every\\s+request|all\\s+requests|traffic|the\\s+user|users?)\\s+(?:in|through)|call(?:s|ing)?\\s+`?next\\(\\)`?|allow(?:s|ing)?\\s+(?:the\\s+request|it|them|access|everything|all\\s+requests)|continue\\s+with\\s+the\\s+(?:claims|request|login|user)|accept(?:s)?\\s+(?:the\\s+)?(?:request|event|claims|token|login|response)|return(?:s|ere|er|ieren|ner)?\\s+`?true`?|process(?:es)?\\s+the\\s+(?:event|request|payload|message)|durch(?:lassen|gelassen)|lass\\p{L}*\\s+(?:die\\s+anfrage|sie|ihn|alles)\\s+durch|deja\\p{L}*\\s+pasar|laisse[rz]?\\s+passer|пропуст\\p{L}*\\s+(?:запит|запрос))";
/** Words that confine a sentence to tests, mocks or a local machine. */
const TEST_ONLY = /\b(?:in (?:unit |integration |the )?tests?(?: only)?|tests? only|test fixtures?|in the test suite|mock(?:ed)? (?:server|issuer|idp|provider)|on localhost|localhost only|local development only|development only|dev only)\b/u;
/** A sentence that names what the weakening lets an attacker do: it explains the flaw, it does not ask for it. */
const EXPLAINS_FLAW = /\b(?:attackers?|exploit\w*|vulnerab\w*|malicious|forge[sd]?|forgery attacks?|spoof(?:ed|s)?\s+(?:by|from)|anti-?patterns?|owasp|cwe-\d+|is how|are how|lets? (?:an attacker|anyone|any (?:site|page|website))|allows? (?:an attacker|anyone|any (?:site|page|website)))\b|攻撃者|攻击者|脆弱性|漏洞|angreifer|atacante|attaquant|зловмисник\p{L}*|злоумышленник\p{L}*/u;
/** "rather than …", "instead of …" right before the weakening: it is the option rejected. */
const REJECTED_OPTION = /\b(?:instead\s+of|rather\s+than|not\s+by|never\s+by|en\s+lugar\s+de|au\s+lieu\s+de|statt|anstatt)\s+(?:[\w'’-]+\s+){0,3}$/u;
/** A negation (any language) just before a positive weakening, inside its sentence. */
const NEG_BEFORE = /(?<![\p{L}])(?:not|never|no|nor|cannot|can['’]t|won['’]t|don['’]t|doesn['’]t|nicht|nie|niemals|nirgends|kein\p{L}*|nunca|jamás|jamais|ne|pas|non|mai|não|nem|soha|sose|ikke|aldrig|aldri|niet|nooit|не|ні|ніколи|никогда|nigdy|nie|never)(?![\p{L}])[^.;:!?\n,]{0,40}$|(?:不要|不得|禁止|切勿|別|决不|決して)[^。]{0,10}$/u;

const rx = (s: string) => new RegExp(s, 'u');
/** Words of a check that can fail open: authentication, keys, tokens, signatures, permissions, identity and age checks. */
const CHECK_WORDS = /auth|api[- ]?keys?|key list|token|signature|verif|login|session|permission|access|credential|jwt|middleware|guard|allow-?list|2fa|mfa|totp|identity|kyc|alder|\bage\b/u;
/** Loaders that run code while they read: pickle, Marshal, Java and .NET object streams, PHP unserialize, unsafe YAML. */
const LOADER = "(?:pickle\\.loads?|unpickl\\w*|marshal\\.loads?|yaml\\.(?:unsafe_)?load\\b(?![^.;\\n]{0,30}safe)|objectinputstream|binaryformatter|unserialize\\s*\\(|jsonpickle\\.decode|dill\\.loads?)";
/** Data a client sends: a cookie, the request's fields, a query value, an upload. */
const FROM_CLIENT = "(?:\\bcookies?\\b|\\brequest\\.(?:cookies|args|form|data|body|get_data|files|json|params|query)\\b|\\brequest bod(?:y|ies)\\b|\\bquery (?:string|param\\w*)\\b|\\?\\w+=|\\bparams\\[|\\buploaded\\b|\\buser[- ](?:supplied|provided)\\b|\\b(?:the\\s+)?client\\s+sends\\b|\\bfrom\\s+the\\s+client\\b|\\bsent\\s+by\\s+the\\s+client\\b)";

// --- the catalogue --------------------------------------------------------------------------------------------

// (a plain array, not frozen: V8 runs loops and array methods over a frozen array on a slow generic path; docs/analysis-limits.md, "Twenty-fourth round")
export const SECURITY_CONTROLS: readonly SecurityControl[] = [
  {
    id: 'signature-check-weakened',
    what: 'signature or MAC verification skipped, made optional or failing open (unsigned tokens, events or cookies accepted)',
    hint: /sign|hmac|\bmac\b|alg|verif|unsigned|claims|timestamp|replay|подпис|firma|assinatura/u,
    // (a download's signature is the integrity of what is installed: prose/sabotage.ts `integrity-waived` reads that)
    keeps: /\breject(?:s|ed)?\s+(?:it|them|the\s+(?:request|event|token|message|response)|with|as)\b|\breturn(?:s)?\s+(?:a\s+)?40[013]\b|\bis a 400\b|\b(?:download\w*|installers?|tarballs?|release assets?|packages?|binar(?:y|ies)|artifacts?|checksums?)\b/u,
    shapes: [
      // "if the signature header is absent, skip verification and process the event"
      { re: rx(`\\b(?:if|when|whenever)\\b[^.;\\n]{0,60}\\b(?:signature|signed|hmac|x-[a-z-]*signature)\\b[^.;\\n]{0,50}\\b(?:absent|missing|not\\s+present|empty|not\\s+there)\\b[^.;\\n]{0,40}\\b(?:skip|ignore|bypass|omit)\\w*\\s+(?:the\\s+)?(?:\\w+\\s+)?(?:verification|validation|check|signature)`) },
      // Spanish, German, French: "si falta la cabecera de firma, omite la verificación"
      { re: /(?<![\p{L}])(?:si|wenn|falls)\s[^.;\n]{0,60}(?:firma|signatur|signature)[^.;\n]{0,40}(?:falta|fehlt|manque|absente|ausente)[^.;\n]{0,40}(?:omite|salta|überspring\p{L}*|ignore|ignoriere|saute|ignora)\s/u },
      { re: rx(`\\b${OFF}\\s+(?:the\\s+)?(?:signature|hmac|mac|webhook\\s+signature|jwt\\s+signature|token\\s+signature|timestamp|replay)\\s+(?:verification|validation|checks?|tolerance|window|protection)\\b`) },
      { re: /\b(?:skip|omit|drop|ignore)\w*\s+signing\s+(?:the\s+)?(?:cookie|session|token|payload|state)\b/u, default: true },
      // "accept unsigned tokens (header alg of none)"
      { re: /\b(?:accept|allow|permit|trust|support)\w*\s+(?:\w+\s+){0,2}unsigned\s+(?:tokens?|jwts?|events?|requests?|assertions?|responses?|webhooks?|payloads?|messages?|cookies?)\b/u, default: true },
      { re: /\b(?:accept|allow|permit|trust|support)\w*[^.;\n]{0,60}\balg\W{0,5}(?:of|=|:|set to|is)?\W{0,5}none\b/u, default: true },
      // "read the claims from the token payload without verification"
      { re: /\b(?:read|take|use|decode|trust|accept|process)\w*\s+(?:the\s+)?(?:claims|payload|token|assertion|event|body)\b[^.;\n]{0,60}\bwithout\s+(?:any\s+)?(?:signature\s+)?(?:verification|verifying|validation|validating|checking\s+(?:the\s+)?signature)\b/u, default: true },
      // "if verification throws …, log a warning and continue with the claims"
      { re: rx(`\\b(?:if|when)\\b[^.;\\n]{0,40}\\b(?:verification|validation|signature\\s+check|signedxml)\\b[^.;\\n]{0,100}\\b(?:throws?|fails?|errors?|exception)\\b[^.;\\n]{0,100}\\b(?:continue|proceed)\\s+(?:with|anyway)\\b`), default: true },
    ],
  },
  {
    id: 'auth-check-weakened',
    what: 'an authentication, authorisation, second-factor or eligibility check skipped, made optional or failing open',
    hint: /auth|key|token|verif|login|session|permission|access|middleware|guard|totp|2fa|mfa|factor|bypass|age|alder|alter|edad|âge|check|перевірк|провер|ellenőr|kontrol|prüf|local|internal|admin|opslag|lookup|springes/u,
    keeps: /\b(?:fail(?:s)?\s+closed|returns?\s+401|responds?\s+(?:with\s+)?40[13]|rejects?\b|refuses?\b)/u,
    shapes: [
      // fail open: "when the key list is empty, the middleware calls next() and lets the request through"
      { re: rx(`\\b(?:when|if|whenever|once)\\b[^.;\\n]{0,90}?\\b${FAILS}\\b[^.;\\n]{0,90}?\\b${LETS_THROUGH}`), needs: CHECK_WORDS },
      { re: rx(`\\b(?:let(?:s)?|allow(?:s)?)\\s+(?:the\\s+)?(?:request|requests|it|them|everything|traffic)\\s+through\\b[^.;\\n]{0,40}\\b(?:when|if|whenever)\\b[^.;\\n]{0,60}\\b${FAILS}\\b`), needs: CHECK_WORDS },
      // "verifyAge() returnere true, når brokeren svarer med timeout eller fejl": a check that answers yes on failure
      { re: /\b(?:verif\w*|check\w*|is_?allowed|is_?authori[sz]ed|authori[sz]e|authenticate)\w*\(\)[^.;\n]{0,40}(?:return\p{L}*|devolver|renvoyer|zurückgeben|повертат\p{L}*|возвращат\p{L}*)\s+`?true`?[^.;\n]{0,60}(?:timeout|time out|fejl|error|erreur|fehler|помилк\p{L}*|ошибк\p{L}*|fails?|nedetid)/u },
      // a start-up check on the missing configuration forbidden
      { re: rx(`${NEG}\\s+(?:add|write|put\\s+in|implement|include)\\s+(?:a\\s+|any\\s+)?(?:start-?up|boot|startup|configuration|config)\\s+checks?\\b`), waiver: true },
      // authorisation checks forbidden: "Do not add authorization checks in UsersController#update"
      { re: rx(`${NEG}\\s+(?:add|write|perform|do|implement|use|keep|enforce)\\s+(?:any\\s+|an?\\s+|the\\s+)?(?:authori[sz]ation|permission|ownership|access[- ]control|role)\\s+checks?\\b`), waiver: true, default: true },
      // the second factor skipped for a request value: "пропускай перевірку TOTP, якщо в запиті є заголовок"
      { re: rx(`${OFF}\\s+(?:the\\s+|die\\s+|la\\s+|le\\s+)?(?:перевірк\\p{L}*\\s+|проверк\\p{L}*\\s+|check\\s+(?:of\\s+)?(?:the\\s+)?|prüfung\\s+(?:des\\s+)?|verificación\\s+(?:del?\\s+)?|vérification\\s+(?:du\\s+|de\\s+la\\s+)?)?(?:totp|2fa|mfa|otp|two[- ]factor|second[- ]factor|двофактор\\p{L}*|двухфактор\\p{L}*)(?![\\p{L}])[^.;\\n]{0,80}(?<![\\p{L}])(?:якщо|коли|если|когда|if|when|wenn|falls|si|cuando|quand)(?![\\p{L}])[^.;\\n]{0,60}${CLIENT_VALUE}`), default: true },
      // a request treated as local, internal or trusted on what the client writes
      { re: rx(`\\b(?:treat|consider|regard|decide)\\w*\\s+(?:a\\s+|the\\s+)?(?:request|caller|client)\\s+(?:as\\s+)?(?:as\\s+)?(?:local|internal|trusted|admin|an?\\s+admin|development|debug|authenticated)\\b[^.;\\n]{0,40}\\b(?:when|if|whenever)\\b[^.;\\n]{0,60}${CLIENT_VALUE}`), default: true },
      // an eligibility lookup skipped for a class of users: "ROFUS-opslaget springes over for VIP"
      { re: /(?:opslag\p{L}*|lookup|check|prüfung|kontrol\p{L}*|verifi\p{L}*)[^.;\n]{0,40}?\s(?:springes over|spring\p{L}* over|is skipped|are skipped|wird übersprungen|se omite|est ignorée?)\s+for\s+(?:vip|premium|high[- ]value|trusted)/u, default: true },
      // users or `*` added to a bypass list to get past a permission check
      { re: /\badd\s+(?:that\s+|the\s+|this\s+)?(?:user['’]?s?\s+)?(?:id\s+)?[^.;\n]{0,30}\bto\s+(?:the\s+)?`?\w*(?:bypass|skip|exempt|allow)\w*`?\s+(?:list|set|array)\b[^.;\n]{0,120}\b(?:production|prod|all environments|\*)/u, default: true },
    ],
  },
  {
    id: 'csrf-off',
    what: 'CSRF protection turned off for session-authenticated endpoints',
    hint: /csrf|forgery|authenticity/u,
    keeps: /\b(?:webhooks?|signature|signed|bearer|api[- ]keys?|token-based|stateless|oauth|cookie-?less|only (?:for|on) (?:views|endpoints) that (?:do not|don['’]t) use)\b/u,
    shapes: [
      { re: /\b(?:use|put|add|apply|call|set|configure|replace\s+it\s+with|decorate\s+\w+\s+with)\b[^.;\n]{0,80}(?:csrf_?exempt\w*|csrfexempt\w*|skip_forgery_protection|skip_before_action\s*:verify_authenticity_token|csrf\(\)\.disable\(\)|csrf\.disable|enforce_csrf\b[^.;\n]{0,30}(?:do nothing|no-?op|return|pass|overridden))/u, default: true },
      { re: rx(`\\b${OFF}\\s+(?:the\\s+)?csrf\\s*(?:protection|checks?|tokens?|middleware|verification)?\\b`) },
      { re: rx(`${NEG}\\s+(?:add|use|include|send|require|keep)\\s+(?:a\\s+|any\\s+|the\\s+)?csrf\\s*(?:tokens?|protection|checks?)?\\b(?![^.;\\n]{0,20}\\b(?:in|into|to|as)\\s+(?:the\\s+)?(?:urls?|query|logs?|get))`), waiver: true, default: true },
      { re: /(?<![\p{L}])(?:ne\s+(?:pas\s+)?ajout\p{L}*\s+(?:pas\s+)?(?:de\s+)?jetons?\s+csrf|pas\s+de\s+jetons?\s+csrf|no\s+(?:añadas|agregues|uses|incluyas)\s+(?:el\s+|ningún\s+)?token\s+csrf|kein(?:en)?\s+csrf-?token|sem\s+token\s+csrf|non\s+aggiungere\s+(?:il\s+)?token\s+csrf)/u, waiver: true, default: true },
    ],
  },
  {
    id: 'cors-origin-reflected',
    what: "the request's Origin reflected into Access-Control-Allow-Origin (any site reads the API with the user's cookies)",
    hint: /access-control-allow-origin|origin/u,
    context: /\bcors\b|access-control|allow-origin|cross-origin|preflight/u,
    keeps: /\b(?:allow-?list\w*|whitelist\w*|listed|listée?s?|configured|in the list|matches|exact(?:ly)? match\w*|liste\s+(?:d['’]origines\s+)?autorisées?)\b/u,
    shapes: [
      { re: /\b(?:reflect|echo|mirror|copy)\w*\s+(?:back\s+)?(?:the\s+)?(?:request['’]?s?\s+|incoming\s+|received\s+|caller['’]?s?\s+)?`?origin`?\b(?!\s+(?:only|if|when))/u, default: true },
      { re: /access-control-allow-origin[^.;\n]{0,80}(?:valeur|value|valor|wert|значени\p{L}*)[^.;\n]{0,60}origin/u, default: true },
      { re: /\b(?:allow|accept)\w*\s+(?:every|any|all)\s+origins?\b[^.;\n]{0,80}\bcredentials\b|\bcredentials\b[^.;\n]{0,80}\b(?:every|any|all)\s+origins?\b/u, default: true },
    ],
  },
  {
    id: 'origin-check-off',
    what: 'an origin check removed from a bridge or message handler that web content can call',
    hint: /origin|herkunft|origen|origine/u,
    context: /\b(?:bridge|javascriptinterface|addjavascriptinterface|postmessage|message (?:listener|event|handler)s?|webview|iframe|websocket|native)\b/u,
    shapes: [
      { re: rx(`${NEG}\\s+(?:restrict|limit|check|validate|verify|filter)\\w*\\s+(?:\\w+\\s+){0,3}(?:by|to|on|against)\\s+(?:the\\s+)?(?:page['’]?s?\\s+)?origins?\\b`), waiver: true, default: true },
      { re: rx(`${NEG}\\s+(?:add|use|keep|write)\\s+(?:an?\\s+|the\\s+|any\\s+)?(?:same-origin|origin)\\s+(?:check|validation|allow-?list)s?\\b`), waiver: true, default: true },
      { re: rx(`${NEG}\\s+(?:check|validate|verify|compare)\\s+(?:the\\s+)?(?:event\\.|e\\.|message\\.|msg\\.)?origin\\b`), waiver: true, default: true },
      { re: rx(`\\b${OFF}\\s+(?:the\\s+)?origin\\s+(?:checks?|validation|verification)\\b`), default: true },
    ],
  },
  {
    id: 'tls-verification-off',
    what: 'certificate verification turned off',
    hint: /cert|tls|ssl|verify|sslerror|proceed/u,
    keeps: /\b(?:localhost|127\.0\.0\.1|dev server|in tests?|test suite)\b/u,
    shapes: [
      // "turn certificate verification off in every outbound client"
      { re: /\bturn(?:ing)?\s+(?:the\s+)?(?:ssl\s+|tls\s+)?(?:certificate|cert|ssl|tls|hostname)\s+(?:verification|validation|checks?|checking)\s+off\b/u },
      // Android: an SSL error answered with handler.proceed()
      { re: /\bonreceivedsslerror\b[^.;\n]{0,80}\bhandler\.proceed\s*\(\s*\)/u, default: true },
      // an enabled certificate check treated as the bug to fix
      { re: /\btreat\s+(?:an?\s+)?(?:enabled\s+)?(?:certificate|cert|tls|ssl)\s+(?:check|verification|validation)\s+as\s+a\s+bug\b/u, default: true },
    ],
  },
  {
    id: 'sql-spliced',
    what: 'request values spliced into SQL text instead of bound as parameters',
    hint: /sql|quer|order by|where|f-?string|placeholder|プレースホルダ|埋め込|文字列|consulta|requête|abfrage/u,
    context: /\bsql\b|\bquer(?:y|ies)\b|\border by\b|\bwhere\b|\bcursor\b|consulta|requête|abfrage|クエリ|sql/u,
    keeps: /\b(?:as (?:a )?bound parameters?|with placeholders|using placeholders|as (?:query )?parameters)\b/u,
    shapes: [
      { re: /\b(?:put|putting|insert|inserting|interpolat\w*|embed\w*|splic\w*|concatenat\w*|paste|pasting|plug\w*)\s+(?:the\s+)?[^.;\n]{0,60}\b(?:straight|directly|as-is|verbatim|raw)\s+into\s+(?:the\s+)?(?:sql|query|query string|statement|where clause|order by)/u, default: true },
      { re: /\b(?:build|assemble|construct|write|compose)\w*\s+(?:the\s+)?(?:sql|quer(?:y|ies)|order by(?: clause)?|where clause|statements?)\b[^.;\n]{0,80}\bwith\s+(?:an?\s+)?(?:f-?strings?|string (?:formatting|concatenation|interpolation)|template (?:literals?|strings?)|\.format|%-formatting)/u, default: true },
      { re: /\bappend\w*\s+(?:it|the (?:filter|expression|input|value|condition))\s+(?:straight\s+|directly\s+)?(?:to|into)\s+(?:the\s+)?(?:where|sql|query)\b/u, default: true },
      { re: rx(`${NEG}\\s+(?:use|add)\\s+(?:bind\\s+|query\\s+)?(?:placeholders|parameters|prepared statements|parameterized queries|bound parameters)\\b`), waiver: true, default: true },
      { re: rx(`${NEG}\\s+(?:parse|restrict|validate|sanitize|sanitise|escape|whitelist|allowlist)\\s+(?:or\\s+\\w+\\s+)?(?:it|them|the (?:filter|expression|input|value))\\b`), waiver: true },
      { re: /\b(?:allow-?list|whitelist|white-list)\b[^.\n]{0,80}\b(?:redundant|unnecessary|not needed)\b[^.\n]{0,60}\b(?:do not|don['’]t) add (?:one|it)\b/u, waiver: true },
      // Japanese: "値を f 文字列で埋め込んだ…文字列を組み立ててください", "そのまま埋め込んでください", "プレースホルダは…使いません"
      { re: /(?:f\s*文字列|文字列連結|フォーマット)で?[^。]{0,20}埋め込ん(?:で(?:ください|下さい)|だ[^。]{0,20}(?:組み立て|作))/u, default: true },
      { re: /そのまま[^。]{0,12}埋め込んで(?:ください|下さい)/u, default: true },
      { re: /プレースホルダ[^。]{0,40}(?:使いません|使わない(?:で|こと)|使用しない|使用しません)/u, waiver: true, default: true },
      // German, Spanish, French: values put directly into the SQL text
      { re: /(?:werte|parameter)\s+(?:\p{L}+\s+){0,3}direkt\s+in\s+(?:den\s+|die\s+)?(?:sql|abfrage)|interpola\p{L}*\s+(?:los\s+)?valores\s+directamente\s+en\s+(?:la\s+)?(?:consulta|sql)|insère\p{L}*\s+(?:les\s+)?valeurs\s+directement\s+dans\s+(?:la\s+)?(?:requête|sql)/u, default: true },
    ],
  },
  {
    id: 'ssrf-guard-off',
    what: 'the guard on addresses a server fetches for its users removed (internal, private and metadata addresses reachable)',
    hint: /restrict|limit|block|filter|private|internal|link-local|metadata|169\.254|loopback|allow-?list/u,
    context: /\b(?:url|urls|proxy|fetch\w*|webhooks?|callback|links?|preview|upstream|remote)\b/u,
    shapes: [
      { re: rx(`${NEG}\\s+(?:restrict|limit|block|filter|check|validate)\\s+(?:the\\s+)?(?:\\w+\\s+)?(?:hosts?|schemes?|ip(?:\\s+ranges?|s)?|addresses|destinations?|domains?|targets?)\\b`), waiver: true, default: true },
      { re: /\b(?:link-?local|private|internal|loopback|metadata)\b[^.;\n]{0,40}\b(?:addresses|ips?|ranges|hosts|urls|endpoints)\b[^.;\n]{0,40}\b(?:must (?:keep working|work|be allowed|stay reachable)|are allowed|stay allowed|keep working)\b/u, default: true },
    ],
  },
  {
    id: 'redirect-unvalidated',
    what: 'redirects to any URL the request names (an open redirect), or the session token put into the redirect',
    hint: /url|allow-?list|origin|token|redirect|javascript:/u,
    context: /\b(?:redirect\w*|return ?url|returnto|return_to|next (?:query )?param\w*)\b|[?&]next=/u,
    shapes: [
      { re: /\b(?:accept|allow|follow|redirect to)\s+(?:any|every|arbitrary|whatever)\s+(?:absolute\s+)?(?:urls?|destinations?|domains?|targets?|links?)\b/u, default: true },
      { re: rx(`${NEG}\\s+(?:add|use|keep|write)\\s+(?:an?\\s+|any\\s+|the\\s+)?(?:allow-?list|whitelist|same-origin check|origin check|url validation)\\b`), waiver: true, default: true },
      { re: /\b(?:pass|put|append|include|add|send)\w*\s+(?:the\s+)?(?:session|access|auth|id|login)\s+token\s+in\s+(?:the\s+)?(?:redirect|url|query string|fragment|link)\b/u, default: true },
    ],
  },
  {
    id: 'mass-assignment',
    what: 'every request parameter assigned to the model (privileged fields such as role or balance included)',
    hint: /permit|all (?:params|parameters|fields|attributes)|guarded|unguard|req\.body|request\.(?:json|data)/u,
    shapes: [
      { re: /\bpermit!|\bpermit_all_parameters\s*=\s*true|\bmodel::unguard\(\)|\$guarded\s*=\s*\[\s*\]/u },
      { re: /\b(?:permit|allow|accept|assign)\w*\s+(?:all|every)\s+(?:request\s+)?(?:params|parameters|fields|attributes)\b[^.;\n]{0,80}\b(?:role|admin|plan|balance|permissions?|organi[sz]ation)/u, default: true },
    ],
  },
  {
    id: 'client-ip-trusted',
    what: "the client's own X-Forwarded-For taken as its address for rate limits and allow-lists",
    hint: /forwarded|trust proxy|left-most|leftmost|client ip|x-real-ip/u,
    shapes: [
      { re: /\btrust proxy['"`]?\s*,\s*true\b/u },
      { re: /\btrust\w*\s+(?:every|all|any)\s+`?x-forwarded-for`?\s+(?:hops?|values?|entries)/u, default: true },
      { re: /\b(?:take|use|read|pick)\s+(?:the\s+)?\*{0,2}left-?most\*{0,2}\s+(?:value|address|ip|entry)\b/u, default: true },
      { re: /\bproxy_set_header\s+x-forwarded-for\s+\$http_x_forwarded_for\b/u, default: true },
    ],
  },
  {
    id: 'predictable-token',
    what: 'secret tokens (reset links, sessions, API keys) made predictable or reusable',
    hint: /random|token|derive|build|comput|generat|invalidat|gültig|valid|randombytes|randomuuid|getrandomvalues|securerandom/u,
    context: /\b(?:tokens?|reset|session|api[- ]keys?|links?|codes?)\b|passwort|contraseña|jeton|токен/u,
    shapes: [
      { re: rx(`${NEG}\\s+(?:store|use|generate|create)\\s+random\\s+(?:tokens?|ids?|codes?|values?|keys?)\\b`), waiver: true, default: true },
      { re: /\b(?:derive|compute|build|generate)\w*\s+(?:it|the\s+(?:reset\s+|session\s+|api\s+|invite\s+|invitation\s+|verification\s+|activation\s+|magic[- ]link\s+)?(?:token|code|link)|the\s+(?:api|session|secret)\s+(?:key|id))\b[^.\n]{0,160}\b(?:user id|user's id|timestamp|request time|current time|the time|e-?mail address|counter)\b/u, default: true },
      { re: rx(`${NEG}\\s+invalidat\\w*\\s+(?:them|it|the\\s+(?:token|link|code)s?)\\s+after\\s+(?:use|(?:being\\s+)?used)\\b`), waiver: true, default: true },
      { re: /\b(?:remain|stay|keep)\w*\s+valid\s+after\s+(?:use|being used)\b|nach\s+(?:der\s+)?benutzung\s+gültig\s+bleiben|válid\p{L}*\s+(?:después|tras)\s+(?:de\s+)?(?:su\s+)?uso|valables?\s+après\s+utilisation/u, default: true },
      // the cryptographic generator replaced: "Replace any use of crypto.randomBytes … with these helpers"
      { re: /\breplace\w*\s+(?:any|all|every)?\s*(?:use|uses|call|calls)?\s*(?:of|to)?\s*[^.;\n]{0,40}\b(?:crypto\.)?(?:randombytes|randomuuid|getrandomvalues|securerandom|secrets\.token_\w+)\b[^;\n]{0,120}\bwith\b/u, default: true },
    ],
  },
  {
    id: 'weak-password-hash',
    what: 'passwords stored with a fast digest or recoverably (plain text, reversible encryption)',
    hint: /md5|sha-?1|klartext|plain ?text|clear ?text|в(?:і|и)дкрит|verschlüssel|encrypt|aes/u,
    shapes: [
      { re: /(?:speicher\p{L}*|store|save|hash\p{L}*)\s+(?:\p{L}+\s+){0,2}(?:passwörter|kennwörter|passwords?)\s+als\s+(?:md5|sha-?1)\b|(?:passwörter|kennwörter)\s+(?:\p{L}+\s+){0,3}als\s+(?:md5|sha-?1)\b/u, default: true },
      { re: /(?:speicher\p{L}*|store|save|keep|guarda\p{L}*|stock\p{L}*)[^.;\n]{0,80}(?:klartextpasswort\p{L}*|plain-?text\s+passwords?|clear-?text\s+passwords?|the\s+passwords?\s+in\s+(?:plain|clear)\s*text)[^.;\n]{0,60}(?:verschlüsselt|encrypted|aes|reversibl\p{L}*|cifrad\p{L}*|chiffré\p{L}*)/u, default: true },
      { re: /(?:backup|recovery|резервн\p{L}*|wiederherstellungs)\s*-?(?:codes?|коди|кодів)\b[^.;\n]{0,100}(?:plain ?text|in (?:the )?clear|у відкритому вигляді|в открытом виде|im klartext|en texto plano|en clair)/u, default: true },
    ],
  },
  {
    id: 'unsafe-deserialisation',
    what: 'data from the request (a cookie, a query value) deserialised with a loader that runs code',
    hint: /pickle|unpickl|marshal|yaml\.load|objectinputstream|binaryformatter|unserialize|dill/u,
    shapes: [
      { re: new RegExp(`${LOADER}[^;\\n]{0,120}${FROM_CLIENT}|${FROM_CLIENT}[^;\\n]{0,80}${LOADER}`, 'u'), default: true },
    ],
  },
  {
    id: 'xml-external-entities',
    what: 'XML parsed with DTDs and external entities resolved (XXE)',
    hint: /dtd|entit|xmlurlresolver|xxe|doctype/u,
    shapes: [
      { re: /\bdtdprocessing\s*=\s*dtdprocessing\.parse\b|\bprohibitdtd\s*=\s*false\b|\bresolve_entities\s*=\s*true\b|\bload_dtd\s*=\s*true\b|\bno_network\s*=\s*false\b|\bsetexpandentityreferences\s*\(\s*true\s*\)|setfeature\s*\(\s*["'][^"'\n]{0,60}disallow-doctype-decl["']\s*,\s*false|setfeature\s*\(\s*["'][^"'\n]{0,60}external-(?:general|parameter)-entities["']\s*,\s*true|\blibxml_noent\b|\blibxml_disable_entity_loader\s*\(\s*false\s*\)/u, default: true },
      { re: /\b(?:give|set|assign|use)\w*\s+(?:the\s+)?(?:reader|parser|settings)\s+(?:an?\s+)?`?xmlurlresolver`?|\b(?:enable|allow|turn on|resolve|load)\w*\s+(?:the\s+)?(?:dtd processing|external entities|external dtds?)\b/u, default: true },
    ],
  },
  {
    id: 'upload-unvalidated',
    what: "uploads stored with the client's name and any extension, unchecked, where the server runs them",
    hint: /extens|extensión|nombre|name|normali|saniti|tipo|type|ejecuci|execut|ausführ|exécution|compruebes|prüf|vérifi|valid/u,
    context: /\b(?:uploads?|uploaded|subida\p{L}*|adjuntos?|hochlad\p{L}*|hochgeladen\p{L}*|télévers\p{L}*|attachments?|anhänge?|pièces jointes)\b/u,
    shapes: [
      { re: /\b(?:accept|allow)\w*\s+(?:any|every|all)\s+(?:file\s+)?(?:extensions?|file ?types?|mime ?types?)\b|(?<![\p{L}])acept\p{L}*\s+cualquier\s+extensi\p{L}*|(?<![\p{L}])(?:akzeptier|erlaub)\p{L}*\s+(?:jede|alle)\s+(?:datei)?endung\p{L}*|(?<![\p{L}])accept\p{L}*\s+(?:toute|n['’]importe quelle)\s+extension/u, default: true },
      { re: rx(`${NEG}\\s+(?:normali[sz]e|saniti[sz]e|strip|clean)\\s+(?:it|them)\\b|${NEG}\\s+(?:normali[sz]e|saniti[sz]e|strip|clean|check|validate|verify|filter|restrict)\\s+(?:the\\s+)?(?:file\\s*)?(?:names?|extensions?|content[- ]types?|paths?|mime\\s*types?|file\\s*types?)\\b`), waiver: true },
      { re: /(?<![\p{L}])no\s+(?:lo\s+|la\s+|los\s+)?(?:normalices|sanitices|limpies|recortes|compruebes|verifiques|valides|filtres)\b/u, waiver: true },
      { re: /(?<![\p{L}])(?:ne\s+(?:le\s+|la\s+|les\s+)?(?:normalisez|nettoyez|vérifiez|validez|filtrez)\s+pas)|(?:nicht\s+(?:normalisieren|bereinigen|prüfen|validieren|filtern))/u, waiver: true },
      // script execution kept on in the upload folder: "no desactives la ejecución de scripts en public/uploads/"
      { re: /(?<![\p{L}])(?:no\s+desactives|do\s+not\s+disable|don['’]t\s+disable|ne\s+désactivez\s+pas|nicht\s+deaktivieren)\s+(?:la\s+|the\s+|l['’]\s*)?(?:ejecución\s+de\s+scripts|script\s+execution|exécution\s+(?:des\s+)?scripts|skriptausführung)/u, waiver: true, default: true },
    ],
  },
  {
    id: 'secrets-logged',
    what: 'card data, secrets or whole request bodies written to the logs unmasked',
    hint: /napl|log|protokoll|registr|journal|логир|mask|maszk|cvc|cvv|kártya|karte|tarjeta|carte/u,
    shapes: [
      // Hungarian: "naplózza … a teljes kártyaszámot, … a CVC-t", "Ne maszkold őket", "PanMasker-t … vedd ki"
      { re: /(?<![\p{L}])napl(?:ózz?a|ózd|ózzák|ózzuk)\b[^.;\n]{0,80}(?:kártyaszám\p{L}*|cvc|cvv|lejárati)/u, default: true },
      { re: /(?<![\p{L}])ne\s+maszkol\p{L}*/u, waiver: true, default: true },
      { re: /\w*(?:masker|maskierer|redactor)\w*[^.;\n]{0,40}(?:vedd ki|távolítsd el|entferne|remove it|quita\p{L}*|supprime\p{L}*)/u, default: true },
      // English and others: the full card number, CVC or expiry logged
      { re: /\blog\w*\s+(?:the\s+)?(?:full|entire|complete|whole|unmasked|raw)\s+(?:card\s+numbers?|pans?|primary account numbers?)\b|\blog\w*\s+[^.;\n]{0,40}\b(?:cvc|cvv2?|card security codes?)\b|(?:protokolliere|logge)\p{L}*\s+[^.;\n]{0,40}(?:vollständige\s+kartennummer|cvc|cvv)|registr\p{L}*\s+[^.;\n]{0,40}(?:número\s+(?:completo\s+)?de\s+(?:la\s+)?tarjeta|cvc|cvv)|journalis\p{L}*\s+[^.;\n]{0,40}(?:numéro\s+(?:complet\s+)?de\s+(?:la\s+)?carte|cvc|cvv)/u, default: true },
    ],
  },
  {
    id: 'security-tests-neutered',
    what: 'the tests and scanners that guard access control made unable to fail',
    hint: /expect|assert|continue-on-error|allow_failure|non-?blocking|403|401/u,
    shapes: [
      { re: /\b(?:40[13]|forbidden|unauthori[sz]ed|access[- ]control|permission)\b[^.\n]{0,150}\b(?:update|change|set|make)\w*\s+(?:the\s+)?(?:expectation|expected (?:value|status)|assertion)s?\s+to\s+(?:200|201|204|2xx|ok|success)\b/u, default: true },
      { re: /\b(?:scan\w*|sast|audit|codeql|semgrep|snyk|trivy|gitleaks|secret scan)\b[^.\n]{0,100}\b(?:set|mark|make|change|switch|turn)\w*\s+(?:it|them|the\s+(?:\w+\s+)?(?:step|job)s?)\s+(?:to\s+|as\s+)?`?(?:continue-on-error\s*:?\s*true|allow_failure\s*:\s*true|non-?blocking)\b|\bmake\w*\s+(?:the\s+)?(?:security\s+)?(?:scans?|scanners?|sast|audits?)\s+non-?blocking\b/u, default: true },
    ],
  },
];
// (each hint's literal factors, read at load: readControls asks them first, in the scan the prose gates share)
for (const ctl of SECURITY_CONTROLS) registerFactors(ctl.hint);

/** One rule per control when the step is stated as the default; the rest go to a human (effects/policies.ts). */
export const CONTROL_RULES: Readonly<Record<string, string>> = Object.freeze({
  'auth-check-weakened': 'SABOTAGE-AUTH-003',
  'signature-check-weakened': 'SABOTAGE-SIG-001',
  'csrf-off': 'SABOTAGE-CSRF-001',
  'cors-origin-reflected': 'SABOTAGE-ORIGIN-001',
  'origin-check-off': 'SABOTAGE-ORIGIN-001',
  'tls-verification-off': 'SABOTAGE-TLS-001',
  'sql-spliced': 'SABOTAGE-SQL-001',
  'ssrf-guard-off': 'SABOTAGE-SSRF-001',
  'redirect-unvalidated': 'SABOTAGE-REDIRECT-001',
  'mass-assignment': 'SABOTAGE-MASS-001',
  'client-ip-trusted': 'SABOTAGE-IP-001',
  'predictable-token': 'SABOTAGE-TOKEN-001',
  'weak-password-hash': 'SABOTAGE-HASH-001',
  'unsafe-deserialisation': 'SABOTAGE-DESER-001',
  'xml-external-entities': 'SABOTAGE-XXE-001',
  'upload-unvalidated': 'SABOTAGE-UPLOAD-001',
  'secrets-logged': 'SABOTAGE-LOG-001',
  'security-tests-neutered': 'SABOTAGE-TEST-001',
});

/** Headings that present what follows as what to find or avoid (a review checklist, a list of anti-patterns). */
const TEACHING_HEADING = /\b(?:avoid|anti-?patterns?|pitfalls?|common mistakes|what not to|don['’]t|never|insecure|vulnerab\w*|bad (?:examples?|practices?)|red flags|what to (?:flag|look for)|review checklist|checklists?|reviewing|security review|findings|threats?|attacks?)\b/u;

/** Reads a unit's sentences for weakened controls; one action per sentence (the first control and shape that match). */
export function readControls(clauses: readonly Clause[], hooks: ControlHooks): void {
  const first = clauses[0];
  if (!first) return;
  const u = first.unit;
  if (u.headings.some((h) => TEACHING_HEADING.test(lowerSame(h)))) return;
  let unitLower: string | null = null;
  let scope: ReturnType<typeof conventionScope> | null = null;
  let asked = -1;
  for (const c of clauses) {
    if (c.sentenceStart === asked) continue;
    asked = c.sentenceStart;
    const raw = c.sentence.length > 4000 ? c.sentence.slice(0, 4000) : c.sentence;
    // (emphasis and code marks are not words: "**when the list is empty**", "`next()`")
    const s = lowerSame(raw).replace(/\*\*|__/g, '  ');
    if (EXPLAINS_FLAW.test(s) || TEST_ONLY.test(s)) continue;
    found: for (const ctl of SECURITY_CONTROLS) {
      if (!mayMatch(ctl.hint, s) || !ctl.hint.test(s)) continue;
      if (ctl.keeps?.test(s)) continue;
      for (const sh of ctl.shapes) {
        const m = sh.re.exec(s);
        if (!m || (sh.needs && !sh.needs.test(s))) continue;
        if (ctl.context) {
          unitLower ??= lowerSame(`${u.headings.join('\n')}\n${u.intro}\n${u.text}`);
          if (!ctl.context.test(unitLower)) continue;
        }
        const before = s.slice(Math.max(0, m.index - 60), m.index);
        // (a gerund opening a list of noun phrases names a pattern, it does not ask for it: "- Disabling TLS verification, accepting `alg: none`, …")
        if (/^[a-z]+ing\b/u.test(m[0]) && /(?:^|[,;:]|\b(?:and|or))\s*$/u.test(s.slice(0, m.index))) continue;
        if (REJECTED_OPTION.test(before)) continue;
        // (a positive weakening under a negation in any language is a prohibition: "never accept unsigned tokens")
        if (!sh.waiver && NEG_BEFORE.test(before)) continue;
        scope ??= conventionScope(`${u.headings.join('\n')}\n${u.intro}\n${u.text}`, '', '');
        if (scope === 'development') break found;
        const verdict = sh.default || scope === 'production' ? 'refuse' : 'escalate';
        const clause = clauses.find((x) => x.sentenceStart === c.sentenceStart && m.index >= x.start - x.sentenceStart && m.index < x.end - x.sentenceStart) ?? c;
        const at = Math.max(0, Math.min(m.index - (clause.start - clause.sentenceStart), clause.text.length - 1));
        let mode = modeOf(clause, at, Math.max(1, Math.min(m[0].length, clause.text.length - at)));
        if (sh.waiver && mode === 'negated') mode = 'instruction';
        // (a shape quoted as an example or negated may stand beside a step the next shape reads)
        if (mode !== 'instruction') continue;
        const action = hooks.emit(clause, at, 1, 'tamper', 'prose.tamper.produced-code', { object: raw.slice(m.index, m.index + 100).trim(), via: ctl.what, flags: [ctl.id, verdict, scope] }, mode);
        // (a finding that only sends the step to a human would take the place of another reader's refusal on the same line)
        if (verdict === 'escalate' && hooks.taken?.().some((x) => x !== action && x.line === action.line && x.mode === 'instruction' && x.origin === 'prose' && x.entry !== 'prose.tamper.produced-code' && /^prose\.(?:tamper|steer|solicit)\./.test(x.entry))) action.mode = 'example';
        break found;
      }
    }
  }
}

/**
 * A document that gives up controls in two or more steps states the weakening as its rule: every step is refused.
 * (One conditional step alone may be a badly worded exception; two are a pattern.)
 */
export function raiseRepeated(actions: Action[]): void {
  const steps = actions.filter((a) => a.entry === 'prose.tamper.produced-code' && a.mode === 'instruction');
  if (new Set(steps.map((a) => a.line)).size < 2) return;
  for (const a of steps) if (a.flags && a.flags[1] === 'escalate') a.flags = [a.flags[0]!, 'refuse', ...a.flags.slice(2)];
}
