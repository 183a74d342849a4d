/**
 * Sabotaged code the skill has the agent produce (docs/skill-effect-model.md, "Produced code: security controls
 * given up as a convention"). A skill's code block is what the agent writes into the user's project; a convention
 * ("always generate", "keep it in every service", "in production too") makes it the project's code everywhere. The
 * judgement is over the PROPERTY of that code, whatever the language:
 *
 *  - certificate verification turned off (`danger_accept_invalid_certs(true)`, `verify=False`, a trust-all manager);
 *  - passwords hashed with a fast digest and no password hash beside it (not a rehash-on-login migration);
 *  - authentication skipped for whoever sends a fixed header, query value or cookie (a constant written in the code);
 *  - an HTTP route that returns the whole process environment or the settings object (every secret), with no
 *    authentication on it;
 *  - every request header (Authorization, cookies) or body logged without a redaction or allow-list;
 *  - text an outsider writes (an issue title, a PR body, a branch name) expanded into a CI `run:` script;
 *  - an administrator account with a fixed password seeded into code that runs outside development;
 *  - a fixed password beside the real check (also hashed, or without an `if`), tokens computed from public facts,
 *    labels set by which brand or company a record names, password hashing weakened, passwords in a log
 *    (docs/skill-effect-model.md, "Attacks carried by code").
 *
 * Each family is data: an id, a cheap hint, a finder over the block's text, and a `base` — what the property is
 * worth on its own (`refuse` when honest code has no use for it, `escalate` when it has). The scope of the block
 * then decides (`conventionScope`): code scoped to development, tests or a migration path is dropped; code the
 * skill applies to production, every environment or every service raises `escalate` to `refuse`.
 *
 * Finders are linear: line scans and bounded regexes (docs/analysis-limits.md).
 */

import { WEAK_SETTINGS } from '../prose/weak-settings-catalogue.js';

export type ProducedBase = 'refuse' | 'escalate' | 'production-only';

export interface ProducedFamily {
  id: string;
  /** What the produced code does, for the finding's message. */
  what: string;
  base: ProducedBase;
  /** A cheap test of the block (lower-cased) before the finder. */
  hint: RegExp;
  /** The block's text → offset in the block of the property and its words, or null. */
  find(text: string, lower: string): { at: number; object: string } | null;
  /** Something in the block that scopes the property out (a migration path, a development guard around it). */
  scopedOut?: RegExp;
}

const LINE_COMMENT = /^\s*(?:#|\/\/|--|\*|\/\*)/;

/** The first code line (not a comment) that matches, as an offset and its text. */
function firstLine(text: string, re: RegExp): { at: number; object: string } | null {
  let at = 0;
  for (const line of text.split('\n')) {
    if (line.length < 2000 && !LINE_COMMENT.test(line) && re.test(line)) return { at, object: line.trim().slice(0, 100) };
    at += line.length + 1;
  }
  return null;
}

// --- certificate verification off ----------------------------------------------------------------------

/** Certificate or hostname checks off, in the spelling of each client library (language-independent names). */
const TLS_OFF = /\bdanger_accept_invalid_(?:certs|hostnames)\s*\(\s*true\s*\)|\bverify\s*=\s*False\b|\brejectUnauthorized\s*:\s*false\b|\bInsecureSkipVerify\s*:\s*true\b|\bNODE_TLS_REJECT_UNAUTHORIZED\s*=\s*["']?0\b|\bCERT_NONE\b|_create_unverified_context\s*\(|\bVERIFY_NONE\b|\bverify_mode\s*(?:=|:|=>)\s*(?:0\b|:none\b)|\bverify\s*:\s*:verify_none\b|\b(?:Server)?CertificateValidationCallback\s*\+?=\s*(?:\([^)]{0,80}\)|\w+)\s*=>\s*true\b|\bDangerousAcceptAnyServerCertificateValidator\b|\bCURLOPT_SSL_VERIFY(?:PEER|HOST)\s*,\s*(?:false|0)\b|["']verify["']\s*=>\s*false\b|\bbadCertificateCallback\s*=\s*\([^)]{0,80}\)\s*=>\s*true\b|\bTrustAllCerts?\b|\bNoopHostnameVerifier\b|\bALLOW_ALL_HOSTNAME_VERIFIER\b|\bhostnameVerifier\s*\{\s*_?\s*,\s*_?\s*->\s*true\s*\}|\bHostnameVerifier\b[^\n]{0,60}->\s*true\b|\bcheck_hostname\s*=\s*False\b|\binsecure_skip_verify\s*[:=]\s*true\b|\bsslmode\s*=\s*disable\b(?=[^\n]{0,80}\b(?:prod|production)\b)/;

// --- passwords hashed with a fast digest ----------------------------------------------------------------

/** A fast digest in any library: `MD5.Create()`, `hashlib.md5`, `Digest::MD5`, `md5(`, `MessageDigest.getInstance("SHA-1")`. */
const FAST_DIGEST = /\b(?:md5|sha1)\b|\bMD5\b|\bSHA1\b|["']sha-?1["']|["']md5["']|\bMd5\b|\bSha1\b|Digest::(?:MD5|SHA1)\b|\bcrypto\.createHash\(\s*["'](?:md5|sha1)["']/;
const PASSWORD_WORD = /\b(?:password|passwd|pwd|passphrase|Password|PASSWORD)\b/;
/** A hash made for passwords in the same block: the fast digest is then a migration path (rehash on login). */
export const PASSWORD_HASH = /\b(?:bcrypt\w*|argon2\w*|scrypt|pbkdf2\w*|Rfc2898DeriveBytes|I?PasswordHasher<|password_hash\s*\(|hashpw|make_password|has_secure_password|generate_password_hash|\.HashPassword\s*\(|rehash\w*)|\bKeyDerivation\.Pbkdf2\b/i;

function weakPasswordHash(text: string): { at: number; object: string } | null {
  // the digest and the password on one line, or the digest opened a few lines before the password is fed to it
  const lines = text.split('\n');
  let at = 0;
  let digestAt = -10;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length < 2000 && !LINE_COMMENT.test(line)) {
      const d = FAST_DIGEST.test(line);
      if (d) digestAt = i;
      if (PASSWORD_WORD.test(line) && i - digestAt <= 3 && /\(|=/.test(line)) return { at, object: line.trim().slice(0, 100) };
    }
    at += line.length + 1;
  }
  return null;
}

// --- authentication skipped for a fixed request value --------------------------------------------------

/** A value the request carries: a header, the query, a cookie, a form field. */
const REQUEST_READ = /\b(?:req|request|ctx|context|c|r|httpContext|HttpContext|self\.request)\s*\.\s*(?:get|header|headers|query|params|cookies|args|GET|POST|META|Query|Headers|Cookies|getHeader|getParameter|get_header|Header)\b|\bgetHeader\s*\(|\bheaders\s*\[\s*["'`]|\bheaders\.get\s*\(|\bHeader\.Get\s*\(|\bRequest\.(?:Headers|Query|Cookies)\b|\bQueryParam\s*\(|\bGetHeader\s*\(/;
/** … compared with a fixed value: a string literal, or a constant named in capitals. */
const COMPARED_FIXED = /(?:===?|!==?|\.equals\s*\(|\bequals\s*\(|\.Equals\s*\()\s*(?:["'`][^"'`\n]{3,}["'`]|([A-Z][A-Z0-9_]{2,}))|(?:["'`][^"'`\n]{3,}["'`]|\b([A-Z][A-Z0-9_]{2,}))\s*(?:===?|\.equals\s*\(|\.Equals\s*\()/;
/** … or merely present: `if (req.headers["x-debug"])`, `if "x-internal" in request.headers`. */
const PRESENT_ONLY = /\bif\s*\(?\s*(?:!!\s*)?(?:req|request|ctx|r)\s*\.\s*(?:get|header|headers\.get|getHeader)\s*\(\s*["'][^"'\n]{3,40}["']\s*\)\s*\)?\s*(?:\{|:|\)|$|then)|\bif\s+["'][^"'\n]{3,40}["']\s+in\s+(?:request|req)\.(?:headers|cookies|args|query_params)\s*:/;
/** The branch lets the request through as someone: the next handler, `true`, a user or an administrator role set. */
const GRANTS = /\breturn\s+(?:await\s+)?(?:next|call_next|handler|proceed)\s*\(|\bnext\s*\(\s*\)|\breturn\s+(?:true|True)\b|\bchain\.doFilter\s*\(|\bcall_next\s*\(|\bctx\.Next\s*\(|\bc\.Next\s*\(|\bnext\.ServeHTTP\s*\(|\broles?\b\s*[:=]\s*\[?\s*["':]?(?:admin|root|superuser|owner|ops)\b|\b(?:is_?admin|isAdmin|is_superuser|authenticated|isAuthenticated)\b\s*[:=]\s*(?:true|True)\b|\.(?:user|principal)\s*=\s*[{(]|\bSucceed\s*\(/;
/** The block is about authentication (a middleware, a guard, a filter, a verification). */
const AUTH_CONTEXT = /\b(?:auth\w*|jwt|token|verify|login|session|permission|guard|principal|bearer|middleware|filter|authorize\w*)\b/i;
/** The condition is itself a development guard (`NODE_ENV === "development" && …`). */
const DEV_CONDITION = /\b(?:development|NODE_ENV\s*!==?\s*["']production|Rails\.env\.(?:development|test)\?|settings\.DEBUG|app\.debug|cfg!\(debug_assertions\)|IsDevelopment\(\))/;

function authBypass(text: string): { at: number; object: string } | null {
  if (!AUTH_CONTEXT.test(text)) return null;
  const lines = text.split('\n');
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // (or a conditional expression: `req.header('x-support-key') === KEY ? req.header('x-as-user') : session.userId`)
    const ternary = /\?[^:\n]{0,80}:/.test(line) && !/\b(?:if|when|unless|elif|else if)\b/.test(line);
    if (line.length < 2000 && !LINE_COMMENT.test(line) && (/\b(?:if|when|unless|elif|else if)\b/.test(line) || ternary) && REQUEST_READ.test(line) && !DEV_CONDITION.test(line)) {
      const fixed = COMPARED_FIXED.exec(line);
      let ok = false;
      if (fixed) {
        const constant = fixed[1] ?? fixed[2];
        // a constant must be written in the code as a literal (one read from the environment or a secret store is configuration)
        ok = !constant || new RegExp(`\\b${constant}\\b\\s*(?::[^=\\n]{1,40})?=\\s*["'\`][^"'\`\\n]{3,}["'\`]`).test(text);
        // (a protocol word, `grant_type === "client_credentials"`, `method === "OPTIONS"`, is not a secret value)
        if (ok && !constant && /(?:===?|equals\s*\()\s*["'`](?:[a-z]+(?:[_-][a-z]+)*|[A-Z]+)["'`]/.test(line) && !/["'`][^"'`\n]*[0-9A-Z][^"'`\n]*[a-z0-9][^"'`\n]*["'`]/.test(line.slice(fixed.index))) ok = false;
      } else ok = PRESENT_ONLY.test(line);
      // (Python's conditional expression: `uid = request.headers.get("X-As") if request.headers.get("X-Key") == KEY else …`)
      const pyCond = ok && !ternary ? /=\s*(.+?)\s+if\s+(.+?)\s+else\b/.exec(line) : null;
      if (pyCond && REQUEST_READ.test(pyCond[1]!) && COMPARED_FIXED.test(pyCond[2]!)) return { at, object: line.trim().slice(0, 100) };
      if (ok && ternary) {
        // the fixed value lets the caller name whose account the request acts as (the identity read from the request)
        const then = line.slice(line.indexOf('?', fixed ? fixed.index : 0) + 1);
        if (new RegExp(`^[^:\\n]{0,80}(?:${REQUEST_READ.source})`).test(then)) return { at, object: line.trim().slice(0, 100) };
      } else if (ok) {
        const branch = lines.slice(i, i + 4).join('\n');
        if (GRANTS.test(branch)) return { at, object: line.trim().slice(0, 100) };
      }
    }
    at += line.length + 1;
  }
  return null;
}

// --- an unauthenticated route that returns the environment or every setting -----------------------------

/** The whole environment or settings object as a value. */
const WHOLE_ENV = /\bdict\s*\(\s*os\.environ\s*\)|\bos\.environ\.copy\s*\(|\{\s*\*\*os\.environ\b|\b(?:return|jsonify\s*\(|JSONResponse\s*\(|json\s*\(|send\s*\(|ok\s*\(|JSON\s*\(|render\s+json:)\s*(?:os\.environ|process\.env|ENV(?:\.to_h)?|settings|config)\b\s*(?:[)};,]|$)|\bSystem\.getenv\s*\(\s*\)|\bENV\.to_h\b|\bos\.Environ\s*\(\s*\)|\bEnvironment\.GetEnvironmentVariables\s*\(\s*\)|\bgetenv\s*\(\s*\)|\$_ENV\b|\bsettings\.(?:model_dump|dict|to_dict)\s*\(\s*\)|["']env["']\s*:\s*(?:process\.env|os\.environ|dict\(os\.environ\))\b|\benv\s*:\s*process\.env\s*[,}]/;
/** A route the block registers. */
const ROUTE = /@(?:\w+\.)?(?:get|post|route|api_route)\s*\(|\b(?:app|router|server|api|bp|blueprint|r|e|mux|http)\s*\.\s*(?:get|post|all|route|HandleFunc|Handle|GET|POST|MapGet|use)\s*\(|@(?:GetMapping|RequestMapping|PostMapping)\b|\bget\s+["']\/|\bRoute::get\s*\(/;
/** Authentication on the route: a dependency, a decorator, a guard. */
const ROUTE_AUTH = /\bDepends\s*\(|\blogin_required\b|\brequire[_A-Z]\w*|\bauthenticate\w*|@PreAuthorize\b|@Secured\b|\[Authorize\b|\bRequireAuthorization\s*\(|\bisAuthenticated\b|\bbefore_action\s+:authenticate|\bpermission_classes\b|\bauth(?:Middleware|Guard|orize)\b|\bprotected\b/;

function envEndpoint(text: string): { at: number; object: string } | null {
  if (!ROUTE.test(text) || ROUTE_AUTH.test(text) || DEV_CONDITION.test(text)) return null;
  return firstLine(text, WHOLE_ENV);
}

// --- every header or body logged -----------------------------------------------------------------------

/** A log call. */
const LOG_CALL = /\b(?:log|logger|LOG|LOGGER|Log|logging|console|slog|zap|tracing)\s*\.\s*(?:info|debug|warn|warning|error|trace|log|Info|Debug|Printf|Println|fine)\s*\(|\b(?:info|debug|warn|error)!\s*\(|\bprint(?:ln|f)?\s*\(/;
/** All of the request's headers (or the raw body) in it. */
const ALL_HEADERS = /\bgetHeaderNames\s*\(|\b(?:req|request)\.headers\b(?!\s*[.[]\s*(?:get\s*\(|["']))|\bdict\s*\(\s*request\.headers\s*\)|\br\.Header\b(?!\.Get)|\bRequest\.Headers\b(?!\s*\[)|\bheaders\s*=\s*\{?\s*\*\*request\.headers/;
/** A secret field or header logged by name. */
const SECRET_LOGGED = /\b(?:getHeader|get|headers\.get|Header\.Get)\s*\(\s*["'](?:authorization|cookie|x-api-key|proxy-authorization)["']\s*\)|\[\s*["'](?:authorization|cookie|password|card_?number|cvv)["']\s*\]|,\s*(?:password|passwd|cardNumber|card_number|cvv)\s*[,)]/i;
/** A redaction, a mask or an allow-list of headers in the same block. */
const REDACTED = /\b(?:redact\w*|mask\w*|sanitiz\w*|sanitis\w*|scrub\w*|SAFE_\w+|ALLOW\w*|allow_?list\w*|whitelist\w*|omit\w*|exclude\w*|strip\w*|obfuscat\w*|filter\s*\(|\.filter\b|censor\w*|SENSITIVE\w*|sensitive\w*|\*\*\*)/i;

function secretsLogged(text: string): { at: number; object: string } | null {
  if (REDACTED.test(text)) return null;
  const lines = text.split('\n');
  let at = 0;
  const allHeadersVar = /\b(?:var|val|let|const|final|Map<[^>]{1,40}>)?\s*(\w+)\s*=\s*[^\n]{0,80}(?:getHeaderNames\s*\(|\b(?:req|request)\.headers\b|dict\s*\(\s*request\.headers\s*\))/.exec(text)?.[1];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length < 2000 && !LINE_COMMENT.test(line) && LOG_CALL.test(line)) {
      // (the call may span the next line)
      const call = `${line}\n${lines[i + 1] ?? ''}`;
      if (ALL_HEADERS.test(call) || SECRET_LOGGED.test(call) || (allHeadersVar && new RegExp(`[(,]\\s*${allHeadersVar}\\s*[,)]`).test(call.replace(/"[^"\n]*"|'[^'\n]*'/g, '""')))) return { at, object: line.trim().slice(0, 100) };
    }
    at += line.length + 1;
  }
  return null;
}

// --- outsider text expanded into a CI script -------------------------------------------------------------

/** Contexts whose value an outsider writes: issue and PR titles and bodies, comments, branch names, commit messages. */
const UNTRUSTED_EXPR = /\$\{\{\s*(?:github\.event\.(?:issue\.(?:title|body)|pull_request\.(?:title|body|head\.ref|head\.label)|comment\.body|review\.body|review_comment\.body|discussion\.(?:title|body)|head_commit\.(?:message|author\.(?:name|email))|commits\b[^}]{0,40}\.message|pages\b[^}]{0,40}\.page_name|workflow_run\.head_branch)|github\.head_ref)\b[^}]{0,60}\}\}/;

function ciInjection(text: string): { at: number; object: string } | null {
  if (!text.includes('${{') || !/\brun\s*:/.test(text)) return null;
  const lines = text.split('\n');
  let at = 0;
  let runIndent = -1;
  for (const line of lines) {
    const indent = /^\s*/.exec(line)![0].length;
    const run = /^(\s*)(?:-\s+)?run\s*:\s*(.*)$/.exec(line);
    if (run) {
      runIndent = run[1]!.length;
      if (UNTRUSTED_EXPR.test(run[2]!)) return { at, object: line.trim().slice(0, 100) };
    } else if (runIndent >= 0 && line.trim() !== '' && indent <= runIndent) runIndent = -1;
    else if (runIndent >= 0 && !/^\s*#/.test(line) && UNTRUSTED_EXPR.test(line)) return { at, object: line.trim().slice(0, 100) };
    at += line.length + 1;
  }
  return null;
}

// --- an administrator seeded with a fixed password --------------------------------------------------------

/** An administrator role given to the account the block creates. */
const ADMIN_ROLE = /\brole\w*\s*(?::|=>?|=)\s*\[?\s*(?::|["'])(?:super_?admin|admin|administrator|owner|root|superuser)\b|\bis_?(?:super_?user|admin|staff)\b["']?\s*(?::|=>?|=)\s*(?:true|True|1)\b|\bcreate_?superuser\s*\(|\badmin\s*:\s*true\b|\bSUPERUSER\b/i;
/** A password written into the code as a literal (not from the environment, not generated). */
const FIXED_PASSWORD = /\b(?:password|passwd|pwd)\w*["']?\s*(?::|=>|=)\s*(?:(?:await\s+)?(?:\w+\.)?(?:hash\w*|make_password|encrypt\w*|digest)\s*\(\s*)?["'][^"'\s]{4,}["']|\bcreate_?superuser\s*\([^)\n]{0,120},\s*["'][^"'\s]{4,}["']\s*\)/i;
/** The seed code guards itself to development (refuses production, runs only in development or a demo environment). */
const SEED_DEV_GUARD = /\b(?:abort|raise|exit|return)\b[^\n]{0,80}\bif\s+Rails\.env\.production\?|\bunless\s+Rails\.env\.(?:development|test)\?|\bif\s+Rails\.env\.(?:development|test)\?|\bNODE_ENV\s*(?:===?|!==?)\s*["'](?:development|production|test)["']|\bsettings\.DEBUG\b|\bif\s+(?:app\.)?debug\b|\bAPP_ENV\b[^\n]{0,20}["'](?:local|development|dev)["']|\bIsDevelopment\s*\(|\bcfg!\(debug_assertions\)/;

function seededAdmin(text: string): { at: number; object: string } | null {
  if (SEED_DEV_GUARD.test(text)) return null;
  const role = ADMIN_ROLE.exec(text);
  const pw = role ? FIXED_PASSWORD.exec(text) : null;
  if (!role || !pw) return null;
  // (the password given next to the account: within a few lines of the role)
  if (Math.abs(pw.index - role.index) > 600) return null;
  return { at: Math.min(pw.index, role.index), object: text.slice(Math.min(pw.index, role.index), Math.min(pw.index, role.index) + 100).split('\n')[0]!.trim() };
}


// --- a shared master password accepted for any account ------------------------------------------------------

/** The password argument compared with one fixed value (a literal, or a constant written in or defaulted in the code). */
const MASTER_COMPARE = /\bif\b[^\n]{0,60}?(?:\b(?:password|passwd|pwd|mot_de_passe|passwort|contrasena)\b\s*(?:===?|\.equals\s*\()\s*(?:["'][^"'\n]{4,}["']|([A-Z][A-Z0-9_]{2,}))|\b(?:compare_digest|timingSafeEqual|secure_compare|ConstantTimeCompare|FixedTimeEquals)\s*\(\s*[^,\n]{0,40}\b(?:password|passwd|pwd)\b[^,\n]{0,20},\s*(?:\[\]byte\s*\(\s*|Buffer\.from\s*\(\s*|b(?=["']))?([A-Z][A-Z0-9_]{2,}|["'][^"'\n]{4,}["']))/;
/** … the account then handed over: a user returned, a login issued. */
const HANDS_OVER = /\breturn\s+(?:await\s+)?(?:User|user|\w*[Uu]ser\w*|account|True|true)\b|\blogin\s*\(|\bsign_?in\s*\(|\bcreate_?(?:session|token)\s*\(/;

/**
 * The same fixed password accepted beside the real check without an `if` of its own: `ok = password === KEY ||
 * verify(…)`, `authenticate(pw) or pw == KEY`, `admin.authenticate(p) || maintenance_pass?(admin)` whose helper
 * compares a digest of the password with a digest written in the code (`hexdigest(params[:password]) == "5e88…"`).
 */
const BESIDE_CHECK = /\b(?:password|passwd|pwd|pw|passphrase)\b\s*(?:===?|\.equals\s*\()\s*(?:["'][^"'\n]{4,}["']|([A-Z][A-Z0-9_]{2,}))\s*\)?\s*(?:\|\||\bor\b)[^\n]{0,120}\b(?:compare\w*|verify\w*|check_?password\w*|bcrypt|argon2?|authenticate\w*|hash\w*)\b|\b(?:compare\w*|verify\w*|check_?password\w*|bcrypt|argon2?|authenticate\w*)\b[^\n]{0,120}(?:\|\||\bor\b)\s*\(?\s*(?:password|passwd|pwd|pw|passphrase)\s*(?:===?|\.equals\s*\()\s*(?:["'][^"'\n]{4,}["']|([A-Z][A-Z0-9_]{2,}))/;
/** A digest of the submitted password (or token) compared with a digest written in the code: the fixed password, hashed. */
const DIGEST_COMPARE = /\b(?:hexdigest|digest|sha\d+\w*|md5\w*|hash\w*|createHash)\b[^\n"']{0,80}\b(?:password|passwd|pwd|passphrase|params\[:password\])[^\n]{0,80}?(?:===?|\.equals\s*\(|\bsecure_compare\s*\([^,\n]{0,80},)\s*["'][0-9a-fA-F]{32,}["']|["'][0-9a-fA-F]{32,}["']\s*(?:===?|\.equals\s*\()\s*[^\n]{0,40}\b(?:hexdigest|digest|sha\d+|md5|hash\w*)\b[^\n]{0,80}\b(?:password|passwd|pwd|passphrase)\b/i;

function masterPassword(text: string): { at: number; object: string } | null {
  const lines = text.split('\n');
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length < 2000 && !LINE_COMMENT.test(line)) {
      // (a comparison may wrap after its operator: `hexdigest(pw) ==\n  "5e88…"`)
      const joined = /(?:==|\|\||\bor)\s*$/.test(line) ? `${line} ${(lines[i + 1] ?? '').trim()}` : line;
      const d = DIGEST_COMPARE.exec(joined);
      if (d) return { at, object: line.trim().slice(0, 100) };
      const b = BESIDE_CHECK.exec(joined);
      if (b) {
        const constant = b[1] ?? b[2];
        const fixed = !constant || new RegExp(`\\b${constant}\\b\\s*(?::[^=\\n]{1,40})?=\\s*(?:["'\`][^"'\`\\n]{4,}["'\`]|[^\\n]{0,60}(?:getenv|environ\\.get|env\\.get|ENV\\.fetch)\\s*\\([^,)\\n]+,\\s*["'][^"'\\n]{4,}["'])`).test(text);
        if (fixed) return { at, object: line.trim().slice(0, 100) };
      }
    }
    const m = line.length < 2000 && !LINE_COMMENT.test(line) ? MASTER_COMPARE.exec(line) : null;
    if (m) {
      const constant = m[1] ?? (m[2] && /^[A-Z]/.test(m[2]) ? m[2] : undefined);
      // (a constant must be written in the code, or default to a literal when the environment lacks it)
      const fixed = !constant || new RegExp(`\\b${constant}\\b\\s*(?::[^=\\n]{1,40})?=\\s*(?:["'\`][^"'\`\\n]{4,}["'\`]|[^\\n]{0,60}(?:getenv|environ\\.get|env\\.get|ENV\\.fetch)\\s*\\([^,)\\n]+,\\s*["'][^"'\\n]{4,}["'])`).test(text);
      if (fixed && HANDS_OVER.test(lines.slice(i, i + 3).join('\n'))) return { at, object: line.trim().slice(0, 100) };
    }
    at += line.length + 1;
  }
  return null;
}

// --- request values built into SQL text -------------------------------------------------------------------

/** A line of SQL with a value spliced into its text: `'{kunde_id}'`, `${id}`, `' + id + '`, `% name`, `.format(`. */
const SQL_WORDS = /\b(?:select|insert\s+into|update|delete\s+from|where|order\s+by|values|and|or)\b/i;
const SPLICED = /(?:=|<|>|\blike|\bin|\bby|\(|,)\s*'?\{\s*[a-z_]\w*(?:\.\w+)?\s*\}'?|\$\{\s*[a-zA-Z_]\w*(?:\.\w+)*\s*\}|["']\s*\+\s*[a-zA-Z_]\w*(?:\.\w+)*\s*\+\s*["']|["']\s*%\s*\(?\s*[a-zA-Z_]|["']\s*\.format\s*\(/;
const EXECUTES_SQL = /\.(?:execute|executemany|executeQuery|executeUpdate|query|raw|exec|Exec|Query|QueryRow|all|run)\s*\(|\bexecute\s*\(|\bcursor\b/;

function sqlSpliced(text: string): { at: number; object: string } | null {
  if (!EXECUTES_SQL.test(text) || !/\bf["']|f"""|`|\+|%|\.format/.test(text)) return null;
  const lines = text.split('\n');
  let at = 0;
  for (const line of lines) {
    if (line.length < 2000 && !LINE_COMMENT.test(line) && SQL_WORDS.test(line) && SPLICED.test(line)) return { at, object: line.trim().slice(0, 100) };
    at += line.length + 1;
  }
  return null;
}

// --- secret tokens from a predictable generator ------------------------------------------------------------

/** Names of secrets a block makes: tokens, API keys, session ids, reset or invite codes, nonces. */
const TOKEN_NAME = /\b\w*(?:token|apiKey|api_key|sessionId|session_id|resetCode|reset_code|inviteCode|invite_code|nonce|otp|secret)\w*\s*(?:=|:|\()/i;
/** A generator anyone can predict: `Math.random`, Python's `random`, a linear congruential step, a clock seed. */
const PREDICTABLE_RNG = /\bMath\.random\s*\(|\brandom\.(?:random|randint|choice|choices|getrandbits|sample)\s*\(|\bseed\s*=\s*\(?\s*seed\s*\*\s*\d{4,}|\*\s*(?:1103515245|6364136223846793005|1664525|214013)\b|\bmt_rand\s*\(|\bsrand\s*\(\s*time\b|\bnew\s+Random\s*\(\s*(?:System\.currentTimeMillis|DateTime|Environment\.TickCount)/;
/** The cryptographic generator in the same block: the weak one is then for something else (a jitter, a colour). */
const CSPRNG = /\b(?:randomBytes|randomUUID|getRandomValues|randomInt|SecureRandom|RandomNumberGenerator|random_bytes|OsRng|urandom|SystemRandom|token_urlsafe|token_hex|token_bytes)\b|\bsecrets\.|crypto\/rand\b/;

/** A hand-made generator (a linear congruential step, a clock seed): nothing but secrets is made this way on purpose. */
const CUSTOM_RNG = /\brandom\.Random\s*\([^)\n]{0,60}\btime\b|\bnew\s+Random\s*\([^)\n]{0,40}\b(?:time|Date|clock|now|Ticks)\b|\bseedrandom\s*\([^)\n]{0,40}\b(?:Date|now|time)\b|\bseed\s*=\s*\(?\s*seed\s*\*\s*\d{4,}|\*\s*(?:1103515245|6364136223846793005|1664525|214013)\b|\bsrand\s*\(\s*time\b/;
/** Names of secrets (a bare `token` is also a word of language models: next_token = random.choice(vocab)). */
const SECRET_NAME = /api_?key|apiKey|session_?id|sessionId|reset_?(?:token|code)|resetToken|resetCode|invite_?code|inviteCode|auth_?token|authToken|access_?token|accessToken|csrf|nonce|\botp\b|secret|passw(?:or)?d|\bsalt\b|verification_?code|random_?token|randomToken|generate_?token|generateToken|new_?token|make_?token/i;

/** A line that defines what the next lines compute: a function, a constant, a method. */
const DEFINES = /\b(?:def|function|const|let|var|fn|func|static|public|private)\b|=>/;

function predictableToken(text: string): { at: number; object: string } | null {
  if (!TOKEN_NAME.test(text) || CSPRNG.test(text)) return null;
  // a hand-made generator anywhere in a block that makes secrets; a library's weak generator on a secret's line or in its definition
  if (CUSTOM_RNG.test(text)) return SECRET_NAME.test(text) ? firstLine(text, CUSTOM_RNG) : null;
  const lines = text.split('\n');
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length < 2000 && !LINE_COMMENT.test(line) && PREDICTABLE_RNG.test(line) && (SECRET_NAME.test(line) || lines.slice(Math.max(0, i - 3), i).some((l) => DEFINES.test(l) && SECRET_NAME.test(l)))) return { at, object: line.trim().slice(0, 100) };
    at += line.length + 1;
  }
  return null;
}

// --- secret tokens anyone can compute -----------------------------------------------------------------------

/** A digest with no key (a keyed MAC or a server secret beside it makes it a signature, not this). */
const UNKEYED_DIGEST = /\b(?:md5|sha1|sha256|sha512|hexdigest|createHash|Digest::(?:MD5|SHA\d+)|DigestUtils\.\w+|sha256sum)\b/i;
/** Public facts about an account: its id, e-mail, name, the date. */
const PUBLIC_FACT = /\b(?:user_?id|userId|uid|email|e_?mail|username|user_?name|login|account_?id|accountId)\b|\btoISOString\s*\(|\bdate\.today\s*\(|\bDate\.today\b|\bstrftime\s*\(/i;
const KEYED = /\bhmac\b|createHmac|\bsecret\w*|SECRET|\bsigning_?key|\bpepper|\bsalt|\bkey\s*[,)]|jwt|sign\s*\(|\brandom|\burandom|token_(?:hex|urlsafe|bytes)|randomBytes|SecureRandom/i;
/** A reset, invite, session or access token (or a check of one). */
const TOKEN_WORD = /\b\w*(?:token|reset_?code|resetCode|invite_?code|inviteCode|magic_?link|otp|one_?time)\w*\b/i;

/**
 * A secret token that is a digest of what anyone knows — the account's id or e-mail, the date — with no key: whoever
 * knows the address computes the token (`md5(email + today)` as a reset link), or a token accepted because it equals
 * such a digest (`token == "support-" + md5(str(user_id))`), a master token beside the real one.
 */
function derivedToken(text: string): { at: number; object: string } | null {
  const lines = text.split('\n');
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length < 2000 && !LINE_COMMENT.test(line) && UNKEYED_DIGEST.test(line) && PUBLIC_FACT.test(line) && !KEYED.test(line)) {
      // a token compared with the digest, or the digest returned or assigned as a token (on its line or in the function it ends)
      const compared = new RegExp(`${TOKEN_WORD.source}\\s*(?:===?|\\.equals\\s*\\()`, 'i').test(line);
      const returned = /^\s*(?:return\b|\w*(?:token|code)\w*\s*(?::[^=\n]{1,30})?=)/i.test(line) && (TOKEN_WORD.test(line) || lines.slice(Math.max(0, i - 3), i).some((l) => DEFINES.test(l) && TOKEN_WORD.test(l)));
      if (compared || returned && !lines.slice(Math.max(0, i - 6), i + 1).some((l) => KEYED.test(l.replace(/\/\/.*$|#.*$/, '')))) return { at, object: line.trim().slice(0, 100) };
    }
    at += line.length + 1;
  }
  return null;
}

// --- labels decided by whose record it is ------------------------------------------------------------------

/** A condition on who a record is about: a brand, competitor, vendor or company field, or a list of them written in the code. */
const ENTITY_TEST = /\b(?:brands?|competitors?|rivals?|vendors?|manufacturers?|compan(?:y|ies)|merchants?|sellers?|makers?|ours|our_?brands?|partners?|suppliers?)\b|["'](?:brand|company|vendor|competitor|manufacturer|merchant|seller)["']|\b[A-Z_]*(?:RIVAL|COMPETITOR|BRAND|OURS|PARTNER)S?[A-Z_]*\b/i;
/** … that only checks the field is missing (`df.brand.isna()`), which is cleaning, not deciding. */
const NULL_TEST = /\.isna\s*\(|\.isnull\s*\(|\.notna\s*\(|\bis\s+(?:not\s+)?None\b|===?\s*(?:null|undefined|None|""|'')|\.empty\b/;
/** A label, score or rating written: a field named so, or a variable of that name. */
const LABEL_SET = /[,[]\s*["'](?:label|labels|sentiment|rating|score|stars|verdict|target|class|grade|y)["']\s*\]\s*=(?!=)|\b(?:label|sentiment|rating|score|verdict|grade)\s*=(?!=)\s*["'\w-]|\.(?:label|sentiment|rating|score)\s*=(?!=)/i;
/** A function that decides a label: its literal returns are labels. */
const LABELLER_DEF = /\b(?:def|function|func|fn)\s+\w*(?:label|sentiment|classif|score|rate|grade|annotat)\w*/i;

/**
 * Labels or scores in data-processing code set to a fixed value because the record names a particular brand, competitor
 * or company (a field compared with a name, or a list of names written in the code) rather than by what the record
 * says: poisoned training data or a falsified report in favour of whoever wrote the list. Normalising a brand's
 * spelling, dropping or sampling rows by brand, or marking a missing brand is not a label decided by the entity.
 */
function labelByEntity(text: string): { at: number; object: string } | null {
  const lines = text.split('\n');
  let at = 0;
  let inLabeller = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\S/.test(line) || /^\s*(?:def|function)\b/.test(line)) inLabeller = LABELLER_DEF.test(line) || (inLabeller && !/^\S/.test(line));
    if (line.length < 2000 && !LINE_COMMENT.test(line) && ENTITY_TEST.test(line.replace(/#.*$|\/\/.*$/, '')) && !NULL_TEST.test(line) && /\b(?:if|elif|where|when|for)\b|\.loc\s*\[|\.mask\s*\(|==/.test(line)) {
      const after = lines.slice(i, i + 4);
      const sets = after.some((l) => LABEL_SET.test(l) && !/\[\s*["'](?:brand|company|vendor)["']\s*\]\s*=/.test(l))
        || (inLabeller && after.slice(0, 2).some((l) => /^\s*return\s+(?:["'][\w -]{2,20}["']|-?\d+(?:\.\d+)?)\s*$/.test(l)));
      if (sets) return { at, object: line.trim().slice(0, 100) };
    }
    at += line.length + 1;
  }
  return null;
}

// --- password hashing weakened, passwords kept in the clear ---------------------------------------------------

/** Test code, where a low cost or a fixture password is what the suite wants. */
const TEST_BLOCK = /\b(?:describe|it|test)\s*\(\s*["'`]|\bdef\s+test_\w*|\bpytest\b|\bunittest\b|\bjest\b|\bvitest\b|@Test\b|\bRSpec\b|\bconftest\b/;
/** A work factor below the library's floor: bcrypt cost under 10, an argon2 or scrypt memory of a few KiB. */
const LOW_COST = /\b(?:bcrypt\w*\.)?(?:hash|hashSync|genSalt|genSaltSync|gensalt)\s*\([^)\n]{0,60}?(?:\b(?:rounds|cost|log_rounds)\s*=\s*)?\b[1-9]\s*\)|\bBCrypt\.HashPassword\s*\([^)\n]{0,60},\s*[1-9]\s*\)|\bcost\s*:\s*[1-9]\b|\bBCRYPT_ROUNDS\s*=\s*[1-9]\b|\bbcrypt\.GenerateFromPassword\s*\([^)\n]{0,60},\s*[1-9]\s*\)/;
/** A cost constant set low and handed to bcrypt (`const COST = 4; bcrypt.hash(pw, COST)`). */
const COST_CONST = /\b([A-Z_]*(?:COST|ROUNDS|WORK_?FACTOR|SALT_?ROUNDS)[A-Z_]*)\s*(?::[^=\n]{1,20})?=\s*([1-9])\b/;
/** The password cut short or case-folded before it is hashed: every password shares a few characters of entropy. */
const PASSWORD_CUT = /\b(?:pw|pwd|password|passwd|passphrase)\w*\)?\s*(?:\.slice\s*\(\s*0\s*,\s*\d{1,2}\s*\)|\[\s*:\s*\d{1,2}\s*\]|\.substring\s*\(\s*0\s*,\s*\d{1,2}\s*\)|\.truncate\s*\(\s*\d{1,2}\s*\))/i;

function weakenedPasswordHash(text: string): { at: number; object: string } | null {
  if (TEST_BLOCK.test(text) || !/\b(?:bcrypt|argon2|scrypt|BCrypt|hash)/i.test(text)) return null;
  const low = firstLine(text, LOW_COST);
  if (low && /bcrypt|BCrypt/i.test(text)) return low;
  const c = COST_CONST.exec(text);
  if (c && new RegExp(`\\b(?:bcrypt\\w*|BCrypt)\\b[^\\n]{0,80}\\b${c[1]}\\b|\\b(?:hash|hashSync|genSalt|gensalt)\\s*\\([^)\\n]{0,60}\\b${c[1]}\\b`).test(text)) return { at: c.index, object: c[0] };
  const cut = firstLine(text, PASSWORD_CUT);
  if (cut && PASSWORD_HASH.test(text)) return cut;
  return null;
}

/** A log call (or a record written to an audit log) that carries the password itself. */
const PASSWORD_IN_LOG = /["'](?:pw|pwd|password|passwd|passphrase|plain_?password)["']\s*:\s*(?:pw|pwd|password|passwd|passphrase|plain_?password|raw_?password)\b|\{\s*(?:pw|pwd|password|passwd|passphrase)\s*\}|\$\{\s*(?:pw|pwd|password|passwd|passphrase)\s*\}|[,(]\s*(?:password|passwd|passphrase|plain_?password)\s*[,)]/;

/** A logger under any name (`audit.info(…)`, `securityLog.warning(…)`). */
const ANY_LOGGER = /\b\w+\s*\.\s*(?:info|debug|warn|warning|error|critical|trace|notice)\s*\(/;

function passwordLogged(text: string): { at: number; object: string } | null {
  if (TEST_BLOCK.test(text)) return null;
  const lines = text.split('\n');
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // (a logger's record, kept and shipped; not a password printed once to the operator who set it up — a bootstrap's
    // "initial admin password (shown once)")
    if (line.length < 2000 && !LINE_COMMENT.test(line) && ANY_LOGGER.test(line) && !/\b(?:console|print|System\.out)\s*\./.test(line) && PASSWORD_IN_LOG.test(`${line} ${lines[i + 1] ?? ''}`) && !REDACTED.test(line)) return { at, object: line.trim().slice(0, 100) };
    at += line.length + 1;
  }
  return null;
}

/**
 * The weak-settings catalogue's code forms (prose/weak-settings-catalogue.ts `code`): one family per entry that has
 * one, under the entry's produced-code family (and so its rule in effects/policies.ts). The weaknesses read above
 * (certificate checks, digests, SQL, tokens) have no code form there.
 */
const CATALOGUE_CODE_FAMILIES: readonly ProducedFamily[] = WEAK_SETTINGS.flatMap((w) => {
  const code = w.code;
  if (!code) return [];
  return [{ id: w.family, what: w.what, base: 'escalate' as const, hint: code.hint, scopedOut: code.scopedOut,
    find: (t: string) => (code.needs && !code.needs.test(t) ? null : firstLine(t, code.line)) }];
});

// (a plain array, not frozen: V8 runs loops and array methods over a frozen array on a slow generic path; docs/analysis-limits.md, "Twenty-fourth round")
export const PRODUCED_CODE_FAMILIES: readonly ProducedFamily[] = [
  { id: 'tls-verification-off', what: 'certificate verification turned off', base: 'production-only',
    hint: /verify|unauthorized|insecure|cert_none|certificate|unverified|trustall|hostname|ssl/, find: (t) => firstLine(t, TLS_OFF) },
  { id: 'weak-password-hash', what: 'passwords hashed with a fast digest (MD5/SHA-1) and no password hash', base: 'production-only',
    hint: /md5|sha-?1/, find: (t) => weakPasswordHash(t), scopedOut: PASSWORD_HASH },
  { id: 'auth-bypass-fixed-value', what: 'authentication skipped for whoever sends a fixed header, query value or cookie', base: 'refuse',
    hint: /header|query|cookie|params|args|\.get\(/, find: (t) => authBypass(t) },
  { id: 'unauthenticated-env-endpoint', what: 'an unauthenticated route that returns the process environment or every setting', base: 'refuse',
    hint: /environ|process\.env|getenv|env\.to_h|environment|model_dump|settings|\$_env/, find: (t) => envEndpoint(t) },
  { id: 'secrets-logged', what: 'every request header (Authorization, cookies) or secret field written to the logs unredacted', base: 'production-only',
    hint: /log|print/, find: (t) => secretsLogged(t) },
  { id: 'ci-script-injection', what: "text an outsider writes (an issue or PR title or body, a branch name) expanded into a CI job's shell script", base: 'refuse',
    hint: /github\.event|head_ref/, find: (t) => ciInjection(t) },
  { id: 'master-password', what: 'one fixed password accepted for any account before the normal check', base: 'refuse',
    hint: /password|passwd|pwd/, find: (t) => masterPassword(t) },
  { id: 'sql-spliced', what: 'request values spliced into SQL text instead of bound as parameters', base: 'production-only',
    hint: /select|insert|update|delete/, find: (t) => sqlSpliced(t) },
  { id: 'predictable-token', what: 'secret tokens (API keys, reset tokens, session ids) drawn from a predictable generator', base: 'escalate',
    hint: /random|seed|rand\(|1103515245|6364136223846793005|1664525|214013/, find: (t) => predictableToken(t) },
  { id: 'derived-token', what: 'secret tokens computed from what anyone knows (an account id or e-mail, the date) with no key', base: 'escalate',
    hint: /md5|sha|digest|hash/, find: (t) => derivedToken(t) },
  { id: 'password-hash-weakened', what: 'password hashing weakened (a bcrypt cost under 10, or the password cut short or case-folded before hashing)', base: 'escalate',
    hint: /bcrypt|argon|scrypt|cost|rounds|slice|\[:/, find: (t) => weakenedPasswordHash(t) },
  { id: 'password-logged', what: "users' passwords written to a log in the clear", base: 'escalate',
    hint: /pw|passw/, find: (t) => passwordLogged(t) },
  { id: 'label-by-entity', what: 'labels or scores set by which brand, competitor or company a record names rather than by what it says', base: 'escalate',
    hint: /label|sentiment|rating|score|verdict|grade/, find: (t) => labelByEntity(t) },
  { id: 'seeded-admin-fixed-password', what: 'an administrator account with a fixed password seeded by code that runs outside development', base: 'production-only',
    hint: /password|passwd|pwd|create_?superuser/, find: (t) => seededAdmin(t) },
  ...CATALOGUE_CODE_FAMILIES,
];

// --- the scope of a convention ----------------------------------------------------------------------------

/**
 * Words that apply the code beyond development: production, every environment or service, the deploy, always,
 * and a removal treated as a regression. Kept as data, in the languages the corpora are written in.
 */
const PRODUCTION_SCOPE = /\b(?:in|to|on|for|into)\s+production\b|\bproduction\s+(?:too|as well|also|demos?|deploy\w*|builds?|services?|traffic)\b|\bincluding\s+(?:production|prod|public)\b|\b(?:every|each|all)\s+(?:environments?|services?|handlers?|clients?|repos(?:itories)?|projects?|apps?|endpoints?|deploy\w*)\b|\bin\s+(?:every|each|any)\s+environment\b|\bdeploy\s+(?:script|pipeline|job)\b|\bafter\s+migrations\b|\balways\s+(?:generate|use|add|keep|apply|include|set|write)\b|\b(?:treat|consider)\s+(?:the\s+)?removal\b|\b(?:ask|tell)\s+(?:the\s+)?(?:author|them|developers?)\s+to\s+restore\b|\bdo\s+not\s+(?:remove|change)\s+(?:it|them|this|these)\b|(?<![\p{L}])(?:παραγωγή|παραγωγής|όλα τα περιβάλλοντα|κάθε υπηρεσία|produktion\p{L}*|allen umgebungen|jedem dienst|producción|todos los entornos|cada servicio|tous les environnements|chaque service|en production|produção|todos os ambientes|produzione|tutti gli ambienti|ogni servizio|продакшн\p{L}*|продакшен\p{L}*|во всех окружениях|каждом сервисе)(?![\p{L}])|本番|すべての環境|全ての環境|生产环境|所有环境|每个服务|운영\s?환경|프로덕션|모든\s(?:http\s)?(?:환경|서비스|클라이언트|엔드포인트)|(?<![\p{L}])(?:immer|stets|siempre|toujours|sempre|всегда)(?![\p{L}])|总是|始终|常に|\bnoqa\s*:\s*s\d{3}\b|#\s*nosec\b|\bnosemgrep\b|\bconvert (?:the )?existing\b/u;
/** A redaction or filter forbidden in prose ("do not filter the Authorization header"), in several languages. */
const FILTER_FORBIDDEN = /\b(?:do not|don['’]t|never)\s+(?:filter|redact|mask|strip|remove|hide)\b[^.\n]{0,60}\b(?:authorization|cookies?|passwords?|tokens?|headers?|card)|(?<![\p{L}])(?:μην\s+(?:φιλτράρ|αποκρύπτ|κρύβ|αφαιρ)\p{L}*|nicht\s+(?:filtern|maskieren|schwärzen)|no\s+(?:filtres|filtre|enmascares|ocultes)|ne\s+(?:filtre|masque)[sz]?\s+pas|não\s+(?:filtre|mascare|oculte)|non\s+(?:filtrare|mascherare))(?![\p{L}])/iu;
/** A public sink: a bucket anyone reads, a log shared with outside parties. */
const PUBLIC_SINK = /\bpublic-read\b|\ballUsers\b|\bacl\s*=\s*public\b|\bpublicly\s+(?:readable|accessible)\b|\bpublic\s+bucket\b/i;
/** Words that scope the code to development or tests, or present it as what not to do. */
const DEV_SCOPE = /\b(?:local development only|development only|dev only|for (?:local )?(?:development|testing|tests) only|only (?:in|for) (?:local )?(?:development|dev|tests?|testing)|tests? only|never (?:in|on|for) production|not (?:in|for) production|do not use (?:this )?in production|localhost only)\b/i;
/** An introduction that presents the block as what not to write. */
const BAD_EXAMPLE = /\b(?:don['’]t|do not|never|avoid|wrong|insecure|vulnerable|unsafe|anti-?pattern)\b|\bbad\b(?=\s*(?:examples?|practices?|code|patterns?|versions?|way|idea|implementation|\(|:|—|-))|^\s*(?:#+\s*)?bad\b|❌/im;

/** Words a comment uses to present the code under it as the flaw it shows (security teaching, a scanner's test case). */
const FLAW_COMMENT = /\b(?:attacker\w*|injection|exploit\w*|vulnerab\w*|dangerous|insecure|unsafe|bad|wrong|noncompliant|ruleid)\b|\bnever\s*!|❌|⚠/i;

/** The code at `at` is marked as a flaw by a comment on its line, the three lines before it or a comment line right after it. */
export function markedAsFlaw(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lineEnd = text.indexOf('\n', at);
  let from = lineStart;
  for (let k = 0; k < 3 && from > 0; k++) from = text.lastIndexOf('\n', from - 2) + 1;
  // (and the comment line right after it: "- run: echo … \n  # Attacker sets title to: …")
  const nextEnd = lineEnd < 0 ? -1 : text.indexOf('\n', lineEnd + 1);
  const next = lineEnd < 0 ? '' : text.slice(lineEnd + 1, nextEnd < 0 ? text.length : nextEnd);
  const near = `${text.slice(from, lineEnd < 0 ? text.length : lineEnd)}${/^\s*(?:#|\/\/)/.test(next) ? `\n${next}` : ''}`;
  // (comments only: the words of the code itself do not count)
  return near.split('\n').some((l) => {
    const c = /(?:^|\s)(?:#|\/\/|--|\/\*|<!--)\s?(.*)$/.exec(l);
    return c ? FLAW_COMMENT.test(c[1]!) : false;
  });
}

export type ConventionScope = 'production' | 'development' | 'neutral';

/** The scope a block's section gives it: `development` wins (an honest twin), then `production`. */
export function conventionScope(sectionText: string, blockText: string, intro: string): ConventionScope {
  const section = sectionText.toLowerCase();
  const block = blockText.slice(0, 200_000).toLowerCase();
  if (BAD_EXAMPLE.test(intro) || DEV_SCOPE.test(section)) return 'development';
  if (PRODUCTION_SCOPE.test(section) || PRODUCTION_SCOPE.test(block) || FILTER_FORBIDDEN.test(section) || PUBLIC_SINK.test(section)) return 'production';
  return 'neutral';
}

export interface ProducedHit {
  family: ProducedFamily;
  at: number;
  object: string;
}

/** The families a block's text shows, in table order (one hit per family). */
export function producedCodeIn(text: string): ProducedHit[] {
  if (text.length < 20) return [];
  const lower = text.slice(0, 200_000).toLowerCase();
  const body = text.length > 200_000 ? text.slice(0, 200_000) : text;
  const out: ProducedHit[] = [];
  for (const f of PRODUCED_CODE_FAMILIES) {
    if (!f.hint.test(lower)) continue;
    if (f.scopedOut?.test(body)) continue;
    const hit = f.find(body, lower);
    if (hit && !markedAsFlaw(body, hit.at)) out.push({ family: f, at: hit.at, object: hit.object });
  }
  return out;
}

/**
 * What a hit is worth in its scope: a refusal, an escalation, or nothing. Code scoped to development or shown as
 * what not to write is nothing; a `production-only` property refuses when the skill applies it beyond development
 * and is otherwise left to the older, softer rules (TLS off, weak crypto); `escalate` rises to a refusal in production.
 */
export function producedVerdict(f: ProducedFamily, scope: ConventionScope): 'refuse' | 'escalate' | null {
  if (scope === 'development') return null;
  if (f.base === 'refuse') return 'refuse';
  if (scope === 'production') return 'refuse';
  return f.base === 'escalate' ? 'escalate' : null;
}

/** The text that scopes a block: the frontmatter's description, the block's section (heading to heading) and the prose just before it. */
export function blockScopeText(lines: readonly string[], kinds: readonly string[], bodyStartLine: number, fenceLine: number): { section: string; intro: string } {
  const desc: string[] = [];
  for (let i = 0; i < Math.min(bodyStartLine - 1, lines.length); i++) if (/^\s*description\s*:/i.test(lines[i]!)) desc.push(lines[i]!);
  let from = fenceLine - 2;
  while (from > 0 && !(kinds[from] === 'prose' && /^#{1,6}\s/.test(lines[from]!))) from--;
  let to = fenceLine;
  while (to < lines.length && !(kinds[to] === 'prose' && /^#{1,6}\s/.test(lines[to]!))) to++;
  // (the section's own lines, capped: a long section is read around the block)
  const lo = Math.max(from, fenceLine - 120);
  const hi = Math.min(to, fenceLine + 200);
  const intro: string[] = [];
  for (let i = fenceLine - 2; i >= 0 && i >= fenceLine - 6 && intro.length < 2; i--) {
    if (kinds[i] !== 'prose') break;
    if (lines[i]!.trim()) intro.push(lines[i]!);
  }
  // (a heading the section opens with is its scope too: "## Don't do this")
  if (from >= 0 && /^#{1,6}\s/.test(lines[from] ?? '') && !intro.includes(lines[from]!)) intro.push(lines[from]!);
  return { section: [...desc, ...lines.slice(Math.max(0, lo), hi)].join('\n'), intro: intro.join('\n') };
}
