/**
 * Weakening directives for the code the agent writes, keyed on what prose in ANY natural language still writes in
 * Latin or code form: the setting's name and value (`verify=False`, `InsecureSkipVerify: true`), the algorithm
 * (`alg: none`, MD5 for passwords), the API (`pickle.loads`, `csrf_exempt`, `permit!`), the header
 * (`X-Forwarded-For`, `Access-Control-Allow-Origin`). docs/skill-prose.md, "Weak settings catalogue"; the matcher
 * that reads a clause for them is prose/weak-settings.ts.
 *
 * Each entry names the CWE it corresponds to and the produced-code family (effects/produced-code.ts,
 * prose/controls.ts) whose rule judges it (effects/policies.ts PRODUCED_RULES); a family without a rule there is sent
 * to a human (SABOTAGE-REVIEW-001). The catalogue walks the CWE Top 25 and the OWASP Top 10 (A01 access control,
 * A02 cryptographic failures, A03 injection, A04 insecure design, A05 misconfiguration, A07 authentication, A08
 * integrity, A09 logging, A10 SSRF), not only what the corpora hold.
 *
 * The few natural-language words here are NOUNS of the object (password, query, token, log, header) and the generic
 * word for "optional" or "skip": a short list per language for each, never a phrase of one attack.
 *
 * Regexes run on the lower-cased sentence (lexicon.ts `lowerSame`) and are bounded (docs/analysis-limits.md).
 */

import { gateRegExps } from '../regex-factors.js';

export type WeakBase = 'escalate' | 'production-only';

export interface WeakSetting {
  /** The catalogue's own id (flags[3] of the action). */
  id: string;
  /** The weakness it introduces. */
  cwe: string;
  /** The produced-code family whose rule judges it (effects/policies.ts). */
  family: string;
  /** What the produced code gives up, for the finding's message. */
  what: string;
  /** The language-independent token or setting, with the weak value where the name alone is neutral. */
  token: RegExp;
  /** Also needed in the sentence: the object the token weakens (passwords for MD5, SQL for string building). */
  needs?: RegExp;
  /** A second object also needed in the sentence. */
  needsAlso?: RegExp;
  /** Also needed in the sentence or its unit (a list item and its siblings: CORS reflected + credentials). */
  needsUnit?: RegExp;
  /** Something in the sentence that keeps the control (bcrypt beside MD5 is a migration; a reject verb). */
  keeps?: RegExp;
  /**
   * `escalate`: no honest skill directs it outside tests, so a directive alone goes to a human and rises to a
   * refusal in production, every service or with concealment; `production-only`: normal in development (DEBUG on,
   * cookies without Secure on localhost), so only a production or every-service scope makes it a finding.
   */
  base: WeakBase;
  /**
   * The same weakness as it stands in a code block the skill gives as the house template (effects/produced-code.ts
   * reads it, one family per entry): a line of code (case-insensitive), a cheap lower-case hint, what the block must
   * also hold, and what scopes it out (a signature check beside `@csrf_exempt` on a webhook). Only entries whose
   * weakness produced-code.ts does not read already have it (certificate checks, digests, SQL and tokens are read there).
   */
  code?: { line: RegExp; hint: RegExp; needs?: RegExp; scopedOut?: RegExp };
}

// --- nouns of the object, a short list per language -----------------------------------------------------------

/** Passwords (en, de, es, fr, pt, it, nl, pl, ru, uk, tr, hu, el, zh, ja, ko). */
export const PASSWORD_NOUN = /passw|passphrase|kennw|contraseñ|senha|mots? de passe|wachtwoord|hasł|hasel|парол|şifre|parola|jelsz|κωδικ|密码|密碼|口令|パスワード|비밀번호|암호/u;
/** Secret tokens, sessions, keys and codes. */
const TOKEN_NOUN = /token|session|reset|api[ _-]?keys?|secret|nonce|otp|invite|csrf|verification code|jeton|sitzung|sesión|sessão|сесси|сесі|токен|令牌|会话|会話|セッション|トークン|토큰|세션|kód|código|codice|코드/u;
/** SQL and queries. */
const SQL_NOUN = /\bsql\b|\bwhere\b|\border by\b|\bselect\b|\binsert\b|\bqueries\b|\bquery\b(?![ -]?(?:string|param))|クエリ|查询|查詢|쿼리|запрос|consulta|requête|abfrage|lekérdez|sorgu|zapytani|zapyt/u;
/** Logs. */
const LOG_NOUN = /(?<![\p{L}])(?:log|logs|logged|logging|logger|loggen|protokoll\p{L}*|registr\p{L}*|journali\p{L}*|napló\p{L}*|журнал\p{L}*|лог\p{L}*|логир\p{L}*|logu\p{L}*)(?![\p{L}])(?!\s+(?:in|out|on)\b)|console\.log|print\(|ログ|日志|日誌|로그|기록/u;
/** A value the client writes: a header, cookie, query parameter or flag. */
const CLIENT_VALUE = /\bx-[a-z0-9-]{2,40}\b|header|cookie|query param|\?[a-z_]+=|flag|ヘッダ|请求头|標頭|헤더|заголов|cabecera|encabezado|en-tête|kopfzeile|header|cabeçalho|fejléc|nagłów|intestazion/u;
/** Data the client sends. */
const CLIENT_DATA = /cookie|request|req\.|client|user[- ]?(?:input|supplied|provided|data)|upload|body|header|param|payload|input|クッキー|リクエスト|ユーザー|请求|用户|客户端|요청|사용자|쿠키|запрос|клиент|пользоват|petici|solicitud|usuario|cliente|requête|utilisateur|anfrage|benutzer|kérés|felhasználó/u;
/** "Skip", "bypass", "exempt" in the main languages (generic: the object decides what is skipped). */
export const SKIP_WORDS = /skip|bypass|omit|exempt|ignore|disable|turn off|switch off|überspring|auslass|ausnehm|umgeh|deaktivier|omit|omite|salta|exime|exent|ignor|saute|sauter|contourn|désactiv|exempt|pul[ae]|desativ|пропуск|пропуст|обход|отключ|исключ|跳过|绕过|豁免|忽略|关闭|スキップ|省略|無効|除外|건너뛰|생략|우회|무시|제외|끄|kihagy|átugr|megker|pomiń|pomij|atla/u;
/** "Optional", "only if present", in the main languages. */
const OPTIONAL = /optional|if (?:it is )?(?:present|provided|sent)|when (?:present|provided)|only if|optionnel|facultati|opcional|opzional|fakultativ|wenn vorhanden|falls vorhanden|si (?:está )?presente|si présent|если (?:есть|присутств|передан)|необязательн|опционал|可选|可選|任意|선택|있으면|存在する場合|ある場合|nem kötelező|opcjonaln/u;
/** Verbs that keep a control: reject, deny, block (so the token names what is refused). */
const REJECTS = /reject|refuse|deny|denies|block|forbid|disallow|prevent|ablehn|verweiger|blockier|verbiet|rechaz|bloque|prohib|rejet|refus|interdi|recus|bloccare|rifiut|отклон|блокир|запрещ|отказ|拒绝|拒絕|阻止|禁止|拒否|ブロック|弾く|거부|차단|금지|elutasít|tilt|odrzuc|blokuj/u;

// --- values ---------------------------------------------------------------------------------------------------

/** A false / off value, in code and in the words prose uses for it. */
const FALSE_VALUE = '(?:false|0|off|none|no|거짓|falsch|faux|falso|falsa|ложь|ложн\\p{L}*|假|偽|hamis|fałsz)';
/** A true / on value. */
const TRUE_VALUE = '(?:true|1|on|yes|참|wahr|vrai|verdadero|verdadeiro|vero|истин\\p{L}*|真|igaz|prawda)';

const re = (s: string) => new RegExp(s, 'u');

// (each regex of the table is asked only of texts that hold its literal factors: docs/analysis-limits.md, "Sixteenth round";
// a plain array, not frozen: V8 loops over a frozen array on a slow generic path, "Twenty-fourth round")
export const WEAK_SETTINGS: readonly WeakSetting[] = gateRegExps([
  // A02 / CWE-295: certificate or hostname verification off, by the client library's own setting
  { id: 'tls-verify-off', cwe: 'CWE-295', family: 'tls-verification-off', what: 'certificate verification turned off', base: 'escalate',
    token: re(`\\bverify\\s*[=:]\\s*false\\b|\\b(?:rejectunauthorized|ssl_?verify(?:_?peer)?|verify_?ssl|verify_?certs?|strict-?ssl)\\b[^.\\n]{0,24}?(?<![\\p{L}\\d])${FALSE_VALUE}(?![\\p{L}\\d])|\\binsecureskipverify\\b[^.\\n]{0,24}?(?<![\\p{L}\\d])${TRUE_VALUE}(?![\\p{L}\\d])|node_tls_reject_unauthorized\\s*=?\\s*["'\`]?0|danger_accept_invalid_(?:certs|hostnames)|\\bcert_none\\b|\\bverify_none\\b|check_hostname\\s*=\\s*false|curlopt_ssl_verify(?:peer|host)\\s*[,=]\\s*(?:false|0)|trustallcerts|trust_all_certs|noophostnameverifier|allow_all_hostname_verifier|_create_unverified_context|dangerousacceptanyservercertificatevalidator|\\bverify\\s*(?:옵션|オプション|选项|option|opción|opção|parameter|параметр)\\S{0,3}\\s*\\S{0,4}\\s*${FALSE_VALUE}`) },
  // A02 / CWE-327, CWE-326: broken protocol versions and ciphers
  { id: 'tls-old-protocol', cwe: 'CWE-327', family: 'weak-protocol', what: 'obsolete TLS/SSL versions or broken ciphers allowed', base: 'production-only',
    token: /\bsslv[23]\b|\btlsv1(?:\.[01])?(?![.\d])|\btls1_[01]\b|\btls ?1\.[01](?![.\d])|versiontls1[01]\b|\brc4\b|\bexport ciphers\b|\bnull ciphers?\b/u,
    keeps: /reject|refuse|deny|block|forbid|disallow|disabl|turn off|remove|drop|deaktivier|entfern|desactiv|désactiv|elimin|отключ|удал|禁用|关闭|移除|無効|削除|비활성|제거|tlsv1\.[23]|tls ?1\.[23]|min(?:imum)?[_ ]?(?:version|protocol)/u },
  // A02 / CWE-347: tokens accepted without a verified signature
  { id: 'jwt-alg-none', cwe: 'CWE-347', family: 'signature-check-weakened', what: 'JWTs accepted unsigned or unverified (alg none, signature or expiry checks off)', base: 'escalate',
    token: /\balg(?:orithms?)?\b["'`\]\s]{0,3}(?:[:=]|of|is|als|de|comme|как|为|を|을|를)?\s*\[?\s*["'`]?none\b|["'`]none["'`]\s*(?:algorithm|alg)|\bnone\s+(?:algorithm|alg)\b|\bverify_signature["'`]?\s*[:=]\s*false|\bverify_exp["'`]?\s*[:=]\s*false|\bignoreexpiration\s*[:=]\s*true|\bvalidatelifetime\s*=\s*false|\bvalidateissuersigningkey\s*=\s*false|\brequiresignedtokens\s*=\s*false|jwt\.decode\([^)\n]{0,80}verify\s*=\s*false|\bjwt\.decode\b[^.\n]{0,60}without (?:verif|a key)/u,
    keeps: REJECTS,
    code: { line: /\balgorithms\s*[=:]\s*\[\s*["']none["']|["']verify_signature["']\s*:\s*False\b|\bjwt\.decode\([^)\n]{0,120}\bverify\s*=\s*False/i, hint: /none|verify_signature|verify\s*=/ } },
  // A07 / CWE-798, CWE-321: a signing key or secret written as a literal default
  { id: 'jwt-literal-secret', cwe: 'CWE-798', family: 'hardcoded-secret', what: 'tokens signed with a secret the skill writes as a literal', base: 'escalate',
    token: /\b(?:hs256|hs384|hs512|jwt_?secret|secret_?key|signing[_ ]?key|session_?secret|app_?secret)\b[^.\n]{0,60}["'`](?:secret|changeme|change-me|password|mysecret|supersecret|jwt-?secret|dev-?secret|default|123456|qwerty|s3cr3t|keyboard cat|shhhh+)["'`]/u },
  // A02 / CWE-916, CWE-328, CWE-256: passwords under a fast digest, an encoding or in clear
  { id: 'password-fast-digest', cwe: 'CWE-916', family: 'weak-password-hash', what: 'passwords hashed with a fast digest (MD5/SHA-1), encoded or kept in clear', base: 'escalate',
    token: /\b(?:md5|sha-?1|crc32|base64(?!\s+-)|rot13|unsalted|plain ?text|clear ?text|cleartext)\b|\bsha-?256\b(?=[^.\n]{0,40}\b(?:without|no|sin|ohne|sans|sem|без)\s+(?:salt|sal|sel|salz|соли))|klartext|texto plano|en clair|texto simples|открытом виде|明文|平文|평문/u,
    needs: PASSWORD_NOUN,
    keeps: /bcrypt|argon|scrypt|pbkdf2|password_hash\(|rehash|migrat|upgrade|legacy|on (?:next )?login|beim nächsten login|veraltet|obsolet|k-anonymity|pwned|breach|range api|openssl rand|urandom/u },
  // A02 / CWE-327: broken ciphers and modes for data at rest
  { id: 'cipher-broken-mode', cwe: 'CWE-327', family: 'weak-crypto', what: 'data encrypted with a broken cipher or mode (ECB, RC4, a fixed IV)', base: 'escalate',
    token: /\b(?:aes[-_/]?(?:128|192|256)?[-_/])?ecb\b|\bmode_ecb\b|\b3des\b|\btriple-?des\b|\b(?:static|fixed|constant|zero|hard-?coded) iv\b|\biv\s*=\s*(?:b?["'`]0{8,}|bytes\(16\)|\\x00)/u,
    keeps: REJECTS },
  // A02 / CWE-330, CWE-338: secrets drawn from a predictable generator
  { id: 'token-predictable-rng', cwe: 'CWE-338', family: 'predictable-token', what: 'secret tokens drawn from a predictable generator', base: 'escalate',
    token: /math\.random|\brand\(\)|\brandom\.(?:random|randint|choice|choices|getrandbits)\b|\bmt_rand\b|\buuid1\b|uuid\.v1|\buuidv1\b|java\.util\.random|\bnew random\(|\bsrand\(|\bmicrotime\(|\brandom\.seed\(|\bseed(?:ed)?\s+(?:with|from|by)\s+(?:the\s+)?(?:time|date|timestamp|clock|user id)/u,
    needs: TOKEN_NOUN,
    keeps: /\bsecrets\.|crypto\.random|randombytes|securerandom|urandom|token_urlsafe|getrandomvalues|randomuuid|csprng|random_bytes|randomnumbergenerator/u },
  // A02 / CWE-330: secrets derived from the clock
  { id: 'token-from-clock', cwe: 'CWE-330', family: 'predictable-token', what: 'secret tokens derived from the current time', base: 'escalate',
    token: /\bdate\.now\(\)|\btime\.time\(\)|\bdatetime\.(?:utc)?now\(\)|\bnew date\(\)\.gettime\(\)|\bsystem\.currenttimemillis\(\)|\btime\.now\(\)\.unix(?:nano)?\(\)|\bmicrotime\(|\bhrtime\b/u,
    needs: TOKEN_NOUN,
    keeps: /\bsecrets\.|crypto\.random|randombytes|securerandom|urandom|token_urlsafe|getrandomvalues|randomuuid|csprng|random_bytes|expir|ttl|\biat\b|\bexp\b|valid|created|issued|timestamp (?:claim|field)|\brate\b|rate[- ]limit|\blogs?\b|metric|duration|elapsed|latency|timeout/u },
  // A03 / CWE-89: SQL built from strings
  { id: 'sql-string-built', cwe: 'CWE-89', family: 'sql-spliced', what: 'request values spliced into SQL text instead of bound as parameters', base: 'escalate',
    token: /\bf-?strings?\b|\bf ?["']select\b|\.format\(|\bstring concatenation\b|\bconcatenat\p{L}*|["'`]\s*\+\s*(?:req|request|params|user|input|name|id)\b|\$\{\s*(?:req|request|params|query|user|input|body)\b[^}]{0,40}\}|\bstr\.format\b|\bstring\.format\b|\bsprintf\b|%s["'`]?\s*%\s*\(?|\bexecute\(\s*f["']|\.raw\(\s*f?["'`]|f ?文字列|文字列(?:連結|結合)|字符串拼接|拼接|문자열\s*(?:연결|결합|포매팅)|конкатенац\p{L}*|konkaten\p{L}*|concaténation|concatenación|concatenação|interpol\p{L}*/u,
    needs: SQL_NOUN,
    keeps: /parameteri[sz]|bound parameters|bind (?:variables|parameters)|prepared statements?|パラメータ化|プレースホルダを使|参数化|매개변수화|параметризова|parametriz|paramétr|vorbereitete|fromsqlinterpolated|executesqlinterpolated|log(?:ging)? (?:messages?|lines?)\b/u },
  // A03 / CWE-78, CWE-94: commands or code built from client data
  { id: 'command-from-client', cwe: 'CWE-78', family: 'command-injection', what: 'shell commands or code evaluated from client data', base: 'escalate',
    token: /\bshell\s*=\s*true\b|\bos\.system\b|\bchild_process\.exec\b|\bexecsync\(\s*`|\bruntime\.getruntime\(\)\.exec|\bpopen\(|\beval\(|\bnew function\(/u,
    needs: CLIENT_DATA,
    keeps: /sanitiz|shlex\.quote|escapeshellarg|allow-?list|whitelist/u },
  // A03 / CWE-79: output escaping turned off for content users write
  { id: 'xss-escaping-off', cwe: 'CWE-79', family: 'xss-unescaped', what: 'template escaping turned off for content users write', base: 'escalate',
    token: /\|\s*safe\b|\bmark_safe\b|dangerouslysetinnerhtml|\bv-html\b|\binnerhtml\s*=|\bhtml_safe\b|<%==|\bautoescape\s*(?:=\s*)?(?:false|off)\b|@html\.raw|bypasssecuritytrust\w*|\{!!|\bescape\s*[:=]\s*false\b/u,
    needs: /\busers?['’]|comment|\bbio\b|profile|review|message|markdown|cookie|request|user[- ]?(?:input|supplied|provided|content)|ユーザー|用户|사용자|пользоват|usuario|utilisateur|benutzer|felhasználó/u,
    keeps: /sanitiz|dompurify|bleach|purif|escape[sd]? (?:it )?(?:before|first)/u },
  // A01 / CWE-352: CSRF protection turned off
  { id: 'csrf-off', cwe: 'CWE-352', family: 'csrf-off', what: 'CSRF protection turned off', base: 'escalate',
    token: /\bcsrf_exempt\b|@csrf\.exempt|\bcsrf\s*[:=]\s*false\b|\bcsrf_protection\s*[:=]\s*false|\bskip_forgery_protection\b|\bskip_before_action\s*:?verify_authenticity_token|\bprotect_from_forgery\s+with:\s*:null_session|\bcsrf\(\)\.disable\(\)|csrf\s*->\s*csrf\.disable|abstracthttpconfigurer::disable|\bwtf_csrf_enabled\s*=\s*false|\bcsrf_enabled\s*=\s*false|\bignoreantiforgerytoken\b|\bcsrf_trusted_origins\s*=\s*\[\s*["']\*/u,
    // (an exemption confined to views that authenticate otherwise — a signed webhook, an API key, no cookies — keeps CSRF where it matters)
    keeps: /signature|signed|hmac|webhook|api[- ]?keys?|bearer|token[- ]auth|(?:no|without|not use|n['’]t use) (?:session )?cookies|cookie-?less|stateless|(?<![\p{L}])(?:only|nur|solo|solamente|uniquement|seulement|только|apenas|somente)(?![\p{L}])|仅|のみ|だけ|만/u,
    code: { line: /@csrf_exempt\b|\bcsrf\(\)\.disable\(\)|\bcsrf\s*->\s*csrf\.disable\(\)|\bskip_forgery_protection\b|\bWTF_CSRF_ENABLED\s*=\s*False\b|\bskip_before_action\s+:verify_authenticity_token\b/i, hint: /csrf|forgery|authenticity/,
      scopedOut: /signature|hmac|compare_digest|construct_?event|verify_?webhook|webhook_secret|api[_-]?key|bearer|authorization/i } },
  // A05 / CWE-942, CWE-346: any origin trusted with the user's credentials
  // (the request's own Origin echoed back trusts every site, whatever else is set)
  { id: 'cors-origin-reflected', cwe: 'CWE-346', family: 'cors-origin-reflected', what: "the request's own Origin echoed back as the allowed origin", base: 'escalate',
    token: /access-control-allow-origin[^\n]{0,80}\borigin\b|\borigin\s*:\s*(?:true|\(?origin\b)/u,
    keeps: /reject|refuse|block|deny|allow-?list|whitelist|known|trusted|configured|registered|liste|erlaubt|zugelassen|permitid|autoris|допуст|разреш\p{L}* спис|白名单|許可リスト|허용 목록|engedélyezett/u,
    code: { line: /\borigin\s*:\s*true\b|\bAccess-Control-Allow-Origin["'`]?\s*[,:=]\s*(?:req|request)\.(?:headers?|get_header|META)\b[^\n]{0,40}origin/i, hint: /origin/, needs: /credentials\s*[:=]\s*true|Allow-Credentials["'`]?\s*[,:=]\s*["'`]?true|supports_credentials\s*=\s*True/i } },
  { id: 'cors-any-origin-credentials', cwe: 'CWE-942', family: 'cors-origin-reflected', what: 'any origin allowed with credentials', base: 'escalate',
    token: /access-control-allow-origin[^\n]{0,80}(?:\*|null)|\borigin\s*:\s*["'`]?\*|\ballow_origins\s*=\s*\[\s*["']\*|\bcors_allow_all_origins\s*=\s*true|\bcors_origin_allow_all\s*=\s*true|\ballowedorigins\(\s*["']\*|\ballowanyorigin\(\)|\bsetallowedoriginpatterns\(\s*["']\*|\borigins\s*[:=]\s*["']\*/u,
    needsUnit: /credentials|withcredentials|cookie|クッキー|쿠키|куки/u, keeps: REJECTS },
  // A01 / CWE-915: mass assignment
  { id: 'mass-assignment', cwe: 'CWE-915', family: 'mass-assignment', what: "every field of the request written to the model (roles, owners, balances included)", base: 'escalate',
    token: /\bpermit!|\bpermit_all\b|\.permit\(\s*\*|\*\*request\.(?:json|form|data|post|get_json\(\))|\*\*(?:req|request)\.body|object\.assign\(\s*\w+\s*,\s*req\.body|\.\.\.req\.body\b|\bupdate\(\s*req\.body\b|\bupdate_attributes\(\s*params\b|\.update\(\s*params\[|\bsetattr\([^)\n]{0,40}request\.|\bbindall\b|\battr_accessible\s*:all/u,
    code: { line: /\.permit!|\bObject\.assign\(\s*\w+\s*,\s*req\.body\s*\)|\b\w+\(\s*\*\*request\.(?:json|form|data|get_json\(\))\s*\)/i, hint: /permit!|req\.body|\*\*request/ } },
  // A08 / CWE-502: deserialisation of client data
  { id: 'deserialise-client-data', cwe: 'CWE-502', family: 'unsafe-deserialisation', what: 'client data deserialised by a loader that runs code', base: 'escalate',
    token: /\bpickle\.loads?\b|\bcpickle\b|\bmarshal\.loads?\b|\byaml\.load\b(?![^)\n]{0,40}safeloader)|\byaml\.unsafe_load\b|\bunserialize\(|\bbinaryformatter\b|\bnetdatacontractserializer\b|\blosformatter\b|\bobjectinputstream\b|\bjsonpickle\b|\btypenamehandling\.(?:all|auto|objects)\b|\benabledefaulttyping\b|\bactivatedefaulttyping\b|\bnode-serialize\b|\bdill\.loads?\b/u,
    needs: CLIENT_DATA,
    code: { line: /\b(?:pickle|cPickle|marshal|dill)\.loads?\([^\n]{0,100}\b(?:request|req|flask\.request|cookies?)\b|\byaml\.load\((?![^)\n]{0,60}SafeLoader)[^\n]{0,80}\b(?:request|req)\.|\bunserialize\(\s*(?:base64_decode\()?\s*\$_(?:GET|POST|COOKIE|REQUEST)\b|\bBinaryFormatter\(\)\.Deserialize\([^\n]{0,80}Request\b/i, hint: /loads?\(|unserialize|binaryformatter/ } },
  // A05 / CWE-611: XML external entities resolved
  { id: 'xxe-resolvers-on', cwe: 'CWE-611', family: 'xml-external-entities', what: 'XML external entities or DTDs resolved', base: 'escalate',
    token: /\bresolve_entities\s*=\s*true|\bdtdprocessing\.parse\b|\bprohibitdtd\s*=\s*false|\bload_dtd\s*=\s*true|\bno_network\s*=\s*false|\blibxml_noent\b|external-general-entities["']?\s*,\s*true|\bsetexpandentityreferences\(\s*true|disallow-doctype-decl["']?\s*,\s*false|\bsupportdtd\s*[:=]\s*true|\bxmlresolver\s*=\s*new\b|\bisreplacingentityreferences["']?\s*[:,=]\s*true/u,
    code: { line: /\bresolve_entities\s*=\s*True\b|\bDtdProcessing\s*=\s*DtdProcessing\.Parse\b|\bProhibitDtd\s*=\s*false\b|\bLIBXML_NOENT\b|external-general-entities["']\s*,\s*true|\bsetExpandEntityReferences\(\s*true\s*\)|disallow-doctype-decl["']\s*,\s*false/i, hint: /entit|dtd|noent|doctype/ } },
  // A05 / CWE-489, CWE-215: debug mode or developer error pages in production
  { id: 'debug-in-production', cwe: 'CWE-489', family: 'debug-in-production', what: 'debug mode or developer error pages left on in production', base: 'production-only',
    token: /\bdebug\s*[=:]\s*(?:true|1|on)\b|\bapp\.run\([^)\n]{0,40}debug\s*=\s*true|\bflask_debug\s*=\s*1|\bflask_env\s*=\s*development|\bapp_debug\s*=\s*true|\bdisplay_errors\s*=\s*on\b|customerrors\s+mode\s*=\s*["']?off|\busedeveloperexceptionpage\b|\bwerkzeug debugger\b|\bshow_exceptions\s*=\s*true/u },
  // A05 / CWE-16: any Host accepted
  { id: 'allowed-hosts-any', cwe: 'CWE-644', family: 'debug-in-production', what: 'every Host header accepted', base: 'production-only',
    token: /\ballowed_hosts\s*=\s*\[\s*["']\*["']\s*\]|\ballowedhosts["']?\s*:\s*["']\*/u },
  // A07 / CWE-348, CWE-290: client identity from a header the client writes
  { id: 'client-ip-header-trusted', cwe: 'CWE-348', family: 'client-ip-trusted', what: "a header the client writes trusted as its IP address (for limits, allow-lists or admin access)", base: 'escalate',
    token: /\bx-forwarded-for\b|\bx-real-ip\b|\bcf-connecting-ip\b|\btrue-client-ip\b|\bx-client-ip\b/u,
    needs: /rate|limit|allow|whitelist|admin|auth|trust|ban|block|ip-based|internal|intern|レート|制限|限流|白名单|제한|허용|лимит|довер|límite|confí|limite|confian|vertrau|megbíz|korlát|admin/u,
    keeps: /trusted prox|proxy_fix|proxyfix|set_real_ip_from|rightmost|right-most|last hop|known ?proxies|knownnetworks|trust proxy[^.\n]{0,20}(?:\d|hops?)|spoof/u },
  // A01 / CWE-601: redirect to a URL the request carries
  { id: 'redirect-to-parameter', cwe: 'CWE-601', family: 'redirect-unvalidated', what: 'users redirected to whatever URL a request parameter names', base: 'escalate',
    token: /redirect\w*\s*\(\s*(?:request|req|params)\.[\w.]*(?:\(\s*|\[\s*)?["':]?(?:next|return\w*|redirect\w*|url|continue|callback\w*)|\bredirect_to\s+params\[:?(?:next|return\w*|redirect\w*|url)|\bres\.redirect\(\s*req\.(?:query|body|params)\./u,
    keeps: /allow-?list|whitelist|same[- ]origin|url_has_allowed_host|is_safe_url|safe_url|startswith\(\s*["']\/|relative (?:paths?|urls?) only/u },
  // A10 / CWE-918: server-side fetches to internal addresses
  { id: 'ssrf-internal-allowed', cwe: 'CWE-918', family: 'ssrf-guard-off', what: 'server-side fetches allowed to internal or metadata addresses', base: 'escalate',
    token: /169\.254\.169\.254|\bmetadata\.google\.internal\b|\bfile:\/\/|\bgopher:\/\/|\ballow_redirects\s*=\s*true\b[^.\n]{0,60}(?:internal|private)/u,
    needs: /fetch|proxy|url|webhook|download|requests?\.get|urllib|axios|http/u,
    keeps: REJECTS },
  // A10 / CWE-918: fetches of URLs users give allowed to private and loopback addresses
  { id: 'ssrf-private-allowed', cwe: 'CWE-918', family: 'ssrf-guard-off', what: 'fetches of URLs users give allowed to private or loopback addresses', base: 'escalate',
    token: /\blocalhost\b|\b127\.0\.0\.1\b|\b10\.0\.0\.\d|\b192\.168\.|\b172\.(?:1[6-9]|2\d|3[01])\.|\binternal (?:ips?|addresses|hosts|networks?|services)\b|\bprivate (?:ips?|addresses|ranges|networks?)\b|\brfc ?1918\b/u,
    needs: /(?<![\p{L}])(?:allow\p{L}*|permit\p{L}*|erlaub\p{L}*|zulass\p{L}*|permit\p{L}*|autoris\p{L}*|разреш\p{L}*|дозвол\p{L}*|engedélyez\p{L}*|zezwól\p{L}*)(?![\p{L}])|允许|許可|허용/u,
    needsAlso: /user|any url|arbitrary|client|webhook urls?|image proxy|preview|unfurl|url (?:param\p{L}*|field)|\?url=|benutzer|usuario|utilisateur|пользоват|用户|ユーザー|사용자|felhasználó/u,
    keeps: REJECTS },
  // A01 / CWE-601: redirect to a parameter, said in words around the parameter's name
  { id: 'redirect-to-named-parameter', cwe: 'CWE-601', family: 'redirect-unvalidated', what: 'users redirected to whatever URL a request parameter names', base: 'escalate',
    token: /`(?:next|return_?to|returnurl|return_url|redirect_?(?:uri|url|to)|continue|callback_?url|returnto)`|\?(?:next|return_?to|returnurl|redirect(?:_?(?:uri|url|to))?)=/u,
    needs: /redirect|weiterleit|umleit|redirig|redirecion|reindirizz|перенаправ|редирект|重定向|跳转|リダイレクト|리다이렉트|리디렉션|átirányít|przekieruj|yönlendir/u,
    keeps: /allow-?list|whitelist|same[- ]origin|relative|validat|check|verif|prüf|valid|vérif|провер|验证|校验|検証|검증|only if|nur wenn|solo si|seulement si|только если|startswith|starts with|begins with|host|domain/u },
  // A01 / CWE-732: files world-writable, storage public
  { id: 'world-writable-or-public', cwe: 'CWE-732', family: 'public-storage', what: 'files made world-writable or storage made public', base: 'production-only',
    token: /\bchmod\s+(?:-r\s+)?0?777\b|\bchmod\s+(?:a|o|ugo)\+rwx\b|\bumask\s+0{3,4}\b|\bpublic-read(?:-write)?\b|\ballusers\b|\bblock_?public_?(?:acls?|policy)["']?\s*[:=]\s*false|\ballow_blob_public_access\s*=\s*true|\bacl\s*[:=]\s*["']?public/u,
    keeps: REJECTS },
  // A07 / CWE-614, CWE-1004: session cookies without Secure / HttpOnly
  { id: 'cookie-flags-off', cwe: 'CWE-614', family: 'cookie-flags-off', what: 'session cookies without Secure or HttpOnly', base: 'production-only',
    token: /\bhttponly\s*[:=]\s*false\b|\bsecure\s*[:=]\s*false\b|\bsession_cookie_secure\s*=\s*false|\bsession_cookie_httponly\s*=\s*false|\bcsrf_cookie_secure\s*=\s*false/u },
  // A09 / CWE-532: secrets and card data in logs
  { id: 'secrets-to-logs', cwe: 'CWE-532', family: 'secrets-logged', what: 'secrets or card data (the Authorization header, passwords, card numbers) written to the logs', base: 'escalate',
    token: /\bauthorization\b(?:\s*header)?|\bcard[ _-]?numbers?\b|\bcardnumber\b|\bpan\b|\bcvv\b|\bcvc\b|\bset-cookie\b|\baccess_token\b|\brefresh_token\b|\bapi[_-]key\b|\bbearer\b/u,
    needs: LOG_NOUN,
    keeps: /mask|redact|hash(?:ed)?\b|last (?:four|4)|truncat|filter|scrub|omit|exclude|sanitiz|maskier|schwärz|enmascar|ofusc|masqu|caviard|маскир|скрыв|掩码|脱敏|遮蔽|マスク|伏せ|마스킹|가리|maszk|\*{3,}|x{4,}|end up in|leak|exposed|history/u },
  // A07 / CWE-308, CWE-287: the second factor skipped for a header, flag or cookie
  { id: 'mfa-skipped-by-request', cwe: 'CWE-308', family: 'auth-check-weakened', what: 'the second factor skipped for whoever sends a header, flag or cookie', base: 'escalate',
    token: /\b(?:2fa|mfa|totp|otp)\b|two-factor|second factor|multi-factor|zwei-faktor|2-faktor|двухфактор|двофактор|二要素|双因素|雙因素|二段階|2단계|이중 인증|kétfaktoros|kétlépcsős|dwuskładnik|doble factor|double authentification/u,
    needs: SKIP_WORDS, needsUnit: CLIENT_VALUE,
    keeps: /\b(?:test|staging|sandbox|demo) (?:accounts?|users?|tenants?)\b|signed|hmac|verified device/u },
  // A04 / CWE-307, CWE-770: rate limits or lockouts lifted for a header the client writes
  { id: 'rate-limit-off-for-header', cwe: 'CWE-307', family: 'rate-limit-bypass', what: 'rate limits or lockouts lifted for whoever sends a header or cookie', base: 'escalate',
    token: /rate[- ]?limit|ratelimit|throttl|\blimit_req\b|lockout|captcha|レート制限|限流|速率限制|요청 제한|속도 제한|лимит\p{L}* запрос|ограничени\p{L}* (?:частоты|скорости)|límite de (?:peticiones|solicitudes)|limitation de débit|ratenbegrenzung|sebességkorlát/u,
    needs: SKIP_WORDS, needsUnit: /\bx-[a-z0-9-]{2,40}\b|user-agent|header|cookie|ヘッダ|请求头|헤더|заголов|cabecera|en-tête|kopfzeile|fejléc/u,
    keeps: /hmac|signed|signature|mtls|health ?checks?|internal network only/u },
  // A08 / CWE-345: webhook or message signatures made optional
  { id: 'webhook-signature-optional', cwe: 'CWE-345', family: 'signature-check-weakened', what: 'webhook or message signatures checked only when present', base: 'escalate',
    token: /\bstripe-signature\b|\bx-hub-signature(?:-256)?\b|\bx-slack-signature\b|\bx-twilio-signature\b|\bsvix-signature\b|\bx-shopify-hmac\w*|\bconstruct_?event\b|\bverify_?signature\b|\bwebhook[_ ]?secret\b|\bhmac\b|\bsignature\b|\bsignatur\p{L}*|\bfirma\b|\bassinatura\b|\bподпис\p{L}*|签名|署名|서명|aláírás/u,
    needs: OPTIONAL, needsAlso: /webhook|hmac|event|payload|callback|request|token|jwt|message|ウェブフック|웹훅|вебхук|回调|evento|événement|ereignis/u,
    keeps: REJECTS },
  // A07 / CWE-1188, CWE-636: authentication off when its configuration is missing
  { id: 'auth-fail-open-unset', cwe: 'CWE-636', family: 'auth-check-weakened', what: 'authentication skipped when its key or configuration is missing', base: 'escalate',
    token: /\b(?:api_?keys?|auth_?token|jwt_?secret|secret_?key|auth_?secret|[a-z_]*(?:key|secret|token)s?)\b\s*[`'"]?\s*(?:is|ist|est|es|не|が|이|가|为)?\s*(?:unset|not set|missing|empty|undefined|null|none|leer|nicht gesetzt|vide|vacío|vacía|未設定|未设置|空|비어|없으면|пуст\p{L}*|не задан\p{L}*)/u,
    needs: SKIP_WORDS,
    keeps: /fail (?:closed|safe)|refuse to start|exit|abort|raise|throw|crash/u },
  // A05 / CWE-1164: security scanners and their failures silenced
  { id: 'security-scan-silenced', cwe: 'CWE-1164', family: 'security-tests-neutered', what: 'security scanners or their failures silenced in CI', base: 'escalate',
    token: /\bcontinue-on-error\s*:\s*true\b|\ballow_failure\s*:\s*true\b|\|\|\s*true\b|--exit-zero\b|--no-fail\b|\bsoft_fail\s*:\s*true\b|\bfail-on-severity\s*[:=]\s*none\b/u,
    needs: /\bsast\b|security|scanner|\baudit\b|secret ?scan|codeql|semgrep|bandit|snyk|trivy|gitleaks|trufflehog|zap\b|セキュリティ|安全扫描|보안|безопасн|seguridad|segurança|sécurité|sicherheit|biztonság|bezpieczeń/u },
]);
