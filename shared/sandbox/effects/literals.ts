
import { matchAll } from '../match-all.js';/**
 * Commands inside code of languages the effect model has no parser for (Rust, Go, Java, C#, Ruby,
 * PHP, Perl, awk, Lua, Swift, Kotlin …): a faithful tokenizer of string literals and names, not a
 * parser. Programs in these languages run commands by handing a string to a process API
 * (`Command::new("sh").arg("-c").arg("curl … | sh")`, `exec.Command`, `system(…)`, `Runtime.exec`,
 * backticks); whatever string is built from literals (joined by `+`, `.`, `..` or juxtaposition, with
 * names assigned a literal earlier substituted) and reads as a shell command is handed to the shell
 * reader. See docs/skill-effect-model.md.
 */

/** Fence labels of languages read this way. */
export const LITERAL_LANGS: ReadonlySet<string> = new Set([
  'rust', 'rs', 'go', 'golang', 'java', 'kotlin', 'kt', 'csharp', 'cs', 'c#', 'ruby', 'rb', 'php', 'swift', 'c', 'cpp', 'c++',
  'perl', 'pl', 'lua', 'gdscript', 'gd', 'scala', 'dart', 'elixir', 'ex', 'awk', 'groovy', 'gradle', 'r', 'julia', 'zig', 'nim', 'crystal', 'vb', 'fsharp',
  // Terraform/HCL: `local-exec` commands, and `data "http"` requests whose headers or body read files
  'hcl', 'terraform', 'tf',
  // Lisps: `(shell-command …)`, `(start-process-shell-command … (concat "curl …" x " | sh"))`
  'elisp', 'emacs-lisp', 'lisp', 'el', 'scheme', 'clojure', 'clj',
]);

/** A string that reads as a shell command: it starts with a command that fetches, runs or sends, or pipes into a shell. */
const COMMANDISH = /^\s*(?:sudo\s+)?(?:curl|wget|bash|sh|zsh|nc|ncat|socat|python3?|node|perl|ruby|powershell|pwsh|iex|scp|rsync|tar|zip|cat|env|printenv|base64|chmod|crontab|rm|dd|mkfs\S*|git|gh|aws|gsutil|rclone|ssh|tee|echo|printf|eval|source)\s+\S|\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\|\s*python3?\b/;

type Tok = { t: 'str' | 'name' | 'op' | 'other'; v: string; at: number };

const MAX_CODE = 64 * 1024;
const MAX_STRINGS = 200;

function tokens(code: string): Tok[] {
  const out: Tok[] = [];
  const re = /"((?:[^"\\\n]|\\.){0,2000})"|'((?:[^'\\\n]|\\.){0,2000})'|`([^`\n]{0,2000})`|([A-Za-z_$][\w$]*)|(\.\.|\+|\.|<>|~)|(\S)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(code)) && out.length < 20000) {
    if (m[1] !== undefined || m[2] !== undefined || m[3] !== undefined) {
      out.push({ t: 'str', v: (m[1] ?? m[2] ?? m[3] ?? '').replace(/\\(["'\\])/g, '$1').replace(/\\n/g, '\n').replace(/\\t/g, '\t'), at: m.index });
    } else if (m[4] !== undefined) out.push({ t: 'name', v: m[4], at: m.index });
    else if (m[5] !== undefined) out.push({ t: 'op', v: m[5], at: m.index });
    else out.push({ t: 'other', v: m[6]!, at: m.index });
  }
  return out;
}

/**
 * Shell commands built from string literals in `code`, with their offsets in `code`. Adjacent
 * literals and names that hold a literal are joined (awk's juxtaposition, `+`, `.`, `..`, `<>`, `~`).
 */
export function literalCommands(code: string): { text: string; at: number }[] {
  const out = joinedLiterals(code, (t) => COMMANDISH.test(t));
  // Lisp builds strings with `(concat "a" x "b")` across lines: its literals in order, each other argument a word
  for (const m of matchAll(code.slice(0, MAX_CODE), /\(\s*(?:concat|str|string-append|format)\s/g)) {
    let depth = 0;
    let end = m.index!;
    for (let i = m.index!; i < Math.min(code.length, m.index! + 2000); i++) {
      const ch = code[i];
      if (ch === '"') {
        i++;
        while (i < code.length && code[i] !== '"') i += code[i] === '\\' ? 2 : 1;
        continue;
      }
      if (ch === '(') depth++;
      else if (ch === ')' && --depth === 0) {
        end = i;
        break;
      }
    }
    const body = code.slice(m.index! + m[0].length, end);
    const text = body.replace(/"((?:[^"\\]|\\.)*)"|\((?:[^()]|\([^()]*\))*\)|[^\s"()]+/g, (_x, lit?: string) => (lit !== undefined ? lit.replace(/\\(["\\])/g, '$1') : 'X')).replace(/\s*\n\s*/g, '');
    if (COMMANDISH.test(text) && out.length < MAX_STRINGS) out.push({ text, at: m.index! });
  }
  return out;
}

/**
 * Commands handed to a process API as an argument list in braces (Lua/Neovim `vim.fn.jobstart({ "curl", "-F", "f=@" .. path,
 * endpoint })`, `vim.fn.system({…})`, `vim.system({…})`, `uv.spawn("curl", { args = {…} })`): a command line, each element a
 * word — literals joined by `..` kept, a name holding a literal (also one built with `table.concat({ "https://", … })`)
 * replaced by it, any other name written `$name` so the shell reader follows it as data.
 */
export function argvTables(code: string): { text: string; at: number }[] {
  if (code.length > MAX_CODE) code = code.slice(0, MAX_CODE);
  if (!/\b(?:jobstart|system|spawn|termopen|execute|popen|exec)\s*\(/.test(code)) return [];
  const consts = new Map<string, string>();
  const lit = (x: string) => x.replace(/^["']|["']$/g, '').replace(/\\(["'\\])/g, '$1');
  // `local endpoint = table.concat({ "https://", "host", ".example", "/put" })` and `local u = "https://…"`
  for (const m of matchAll(code, /\b(?:local\s+)?([A-Za-z_]\w*)\s*=\s*table\.concat\s*\(\s*\{([^{}]{0,2000})\}\s*\)/g)) {
    const parts = [...matchAll(m[2]!, /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g)].map((p) => lit(p[0]));
    if (parts.length) consts.set(m[1]!, parts.join(''));
  }
  for (const m of matchAll(code, /\b(?:local\s+)?([A-Za-z_]\w*)\s*=\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*(?:$|[\n;])/gm)) if (!consts.has(m[1]!)) consts.set(m[1]!, lit(m[2]!));
  const out: { text: string; at: number }[] = [];
  for (const m of matchAll(code, /\b(?:jobstart|system|spawn|termopen|execute|popen)\s*\(\s*(?:("[\w./-]+"|'[\w./-]+')\s*,\s*\{\s*args\s*=\s*)?\{([^{}]{1,4000})\}/g)) {
    const words: string[] = m[1] ? [lit(m[1])] : [];
    for (const el of splitTopLevel(m[2]!)) {
      const parts = el.split(/\s*\.\.\s*/).map((p) => p.trim()).filter(Boolean);
      const word = parts.map((p) => (/^["']/.test(p) ? lit(p) : consts.get(p) ?? (/^[A-Za-z_][\w.]*$/.test(p) ? `$${p.replace(/\W/g, '_')}` : 'X'))).join('');
      if (word) words.push(word);
    }
    if (words.length && /^[\w.+-]+$/.test(words[0]!) && out.length < MAX_STRINGS) out.push({ text: words.map((w) => (/^[\w@%+=:,./$-]+$/.test(w) ? w : `"${w.replace(/["\\]/g, '\\$&')}"`)).join(' '), at: m.index! });
  }
  // the list form of Perl's and Ruby's `system("curl", "-s", "-T", $bundle, "https://…")`: a program and its arguments,
  // each element a word (a variable is `$name`, followed as data; any other expression an unknown word)
  for (const m of matchAll(code, /(?<![\w.:>-])(?:system|exec|spawn)\s*\(\s*("[\w./+-]+"|'[\w./+-]+')\s*,([^(){};]{1,4000})\)/g)) {
    const words = [lit(m[1]!)];
    for (const el of splitTopLevel(m[2]!)) {
      const e = el.trim();
      words.push(/^["'][^"']*["']$/.test(e) ? lit(e) : /^[$@%]?[A-Za-z_]\w*$/.test(e) ? `$${e.replace(/^[$@%]/, '')}` : consts.get(e) ?? 'X');
    }
    if (words.length > 1 && out.length < MAX_STRINGS) out.push({ text: words.map((w) => (/^[\w@%+=:,./$-]+$/.test(w) ? w : `"${w.replace(/["\\]/g, '\\$&')}"`)).join(' '), at: m.index! });
  }
  return out;
}

/** The elements of a brace list split at its top-level commas (strings kept whole). */
function splitTopLevel(body: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < body.length && body[j] !== ch) j += body[j] === '\\' ? 2 : 1;
      cur += body.slice(i, j + 1);
      i = j;
      continue;
    }
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out.filter(Boolean);
}

/**
 * The file an editor hook runs on when the user saves (Vim/Neovim `BufWritePost`/`BufWritePre`/`FileWritePost`
 * autocommands reading the buffer's name, `nvim_buf_get_name`, `expand("<afile>")`, `expand("%")`): the names that hold it.
 */
export function savedFileNames(code: string): { name: string; at: number }[] {
  if (!/\b(?:BufWritePost|BufWritePre|BufWrite|FileWritePost|FileWritePre)\b/.test(code)) return [];
  const out: { name: string; at: number }[] = [];
  for (const m of matchAll(code, /\b(?:local\s+)?([A-Za-z_]\w*)\s*=\s*(?:vim\.api\.nvim_buf_get_name\s*\(|vim\.fn\.expand\s*\(\s*["'](?:<afile>|%)|expand\s*\(\s*["'](?:<afile>|%))/g)) {
    out.push({ name: m[1]!, at: m.index! });
    if (out.length >= 8) break;
  }
  return out;
}

/** Every string built from literals in `code` that `keep` accepts (default: all), with its offset. */
export function joinedLiterals(code: string, keep: (text: string) => boolean = () => true): { text: string; at: number }[] {
  if (code.length > MAX_CODE) code = code.slice(0, MAX_CODE);
  const toks = tokens(code);
  const consts = new Map<string, string>();
  // name = "literal" (let/var/const/my/$, := and = alike)
  for (let i = 0; i + 2 < toks.length; i++) {
    const a = toks[i]!;
    const eq = toks[i + 1]!;
    const v = toks[i + 2]!;
    if (a.t === 'name' && eq.t === 'other' && (eq.v === '=' || eq.v === ':') && v.t === 'str' && !(toks[i + 3]?.t === 'op')) consts.set(a.v.replace(/^\$/, ''), v.v);
    if (a.t === 'name' && eq.t === 'other' && eq.v === ':' && toks[i + 2]?.v === '=' && toks[i + 3]?.t === 'str') consts.set(a.v, toks[i + 3]!.v);
  }
  const out: { text: string; at: number }[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < toks.length && out.length < MAX_STRINGS; i++) {
    if (toks[i]!.t !== 'str') continue;
    // extend the chain backwards over names holding literals (`u " | sh"` after `system(`)
    let start = i;
    while (start > 0) {
      const p = toks[start - 1]!;
      if (p.t === 'op' && start > 1) {
        const q = toks[start - 2]!;
        if (q.t === 'str' || (q.t === 'name' && consts.has(q.v.replace(/^\$/, '')))) {
          start -= 2;
          continue;
        }
      }
      if (p.t === 'name' && consts.has(p.v.replace(/^\$/, '')) && code.slice(p.at + p.v.length, toks[start]!.at).trim() === '') {
        start -= 1;
        continue;
      }
      break;
    }
    let text = '';
    let j = start;
    let last = start;
    for (; j < toks.length; j++) {
      const k = toks[j]!;
      // a word split across literals ("ba" "sh") stays visibly split (`ba''sh`), so the shell reader sees the disguise
      const piece = k.t === 'str' ? k.v : k.t === 'name' && consts.has(k.v.replace(/^\$/, '')) ? consts.get(k.v.replace(/^\$/, ''))! : null;
      if (piece === null) {
        const n = toks[j + 1];
        // a joining operator between two pieces; anything else ends the string
        if (k.t !== 'op' || j === start || !n || (n.t !== 'str' && !(n.t === 'name' && consts.has(n.v.replace(/^\$/, ''))))) break;
        continue;
      }
      text += (/\w$/.test(text) && /^\w/.test(piece) ? "''" : '') + piece;
      last = j;
      // juxtaposition only across spaces, never across a line or a comma
      const n = toks[j + 1];
      if (n && n.t !== 'op' && /[\n,;]/.test(code.slice(k.at + 1, n.at))) break;
    }
    i = Math.max(i, last);
    for (const cand of new Set([text, toks[i]!.t === 'str' ? toks[i]!.v : ''])) {
      if (!cand || seen.has(cand) || !keep(cand)) continue;
      seen.add(cand);
      out.push({ text: cand, at: toks[start]!.at });
    }
  }
  return out;
}

/** Whole-environment reads in these languages (Go, Java, Ruby, PHP, Rust, C#, Perl, R, Elixir). */
const ENV_ALL = /\bSys\.getenv\(\s*\)|\bSystem\.get_env\(\s*\)|\bos\.Environ\(\)|\bSystem\.getenv\(\s*\)|\bENV\.(?:to_h|to_a|each|map|inspect)\b|\$_ENV\b|\bgetenv\(\s*\)|\bstd::env::vars\(\)|\benv::vars\(\)|\bEnvironment\.GetEnvironmentVariables\(\)|%ENV\b/;
/** Calls that send a request body, by language. */
const POST_CALL = /["']curl["']\s*,[^;{}]{0,300}?["'](?:-d|--data(?:-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file)["']|\b(?:httpMethod|HTTPMethod)\s*=\s*"(?:POST|PUT|PATCH)"|\bhttpMode\s*:\s*['"](?:POST|PUT|PATCH)['"]|\bMETHOD_(?:POST|PUT|PATCH)\b|\brequestMethod\s*=\s*"(?:POST|PUT|PATCH)"|\bdoOutput\s*=\s*true\b|\bsetDoOutput\s*\(\s*true\s*\)|\bsetRequestMethod\s*\(\s*"(?:POST|PUT|PATCH)"|\bhttp\.Post(?:Form)?\s*\(|\bhttp\.NewRequest(?:WithContext)?\s*\([^)]*"(?:POST|PUT|PATCH)"|(?:\.|->|::)(?:post|put|patch)\s*\(|Net::HTTP\.post|\bPostAsync\s*\(|\bUploadString\s*\(|\bcurl_setopt\s*\([^)]*CURLOPT_POSTFIELDS|\bHttpRequest\.newBuilder\b[^;]*\.POST\s*\(|\bmethod\s*=\s*"(?:POST|PUT|PATCH)"|\brequest_(?:body|headers)\s*=|\bcustomrequest\s*=\s*"(?:POST|PUT|PATCH)"|\bpostfields\s*=|\bhttr2?::(?:POST|PUT|PATCH)\s*\(|\breq_body_(?:json|raw|form|multipart|file)\s*\(/;

/** A raw TCP connection a program opens (Rust, Go, Java/Kotlin/Groovy, Ruby, C#, Python-less languages), and a write on it. */
const RAW_SOCKET = /\bTcpStream::connect(?:_timeout)?\s*\(|\bnet\.Dial(?:Timeout)?\s*\(\s*"tcp[46]?"|\bnew\s+Socket\s*\(|\bTCPSocket\.(?:new|open)\s*\(|\bnew\s+TcpClient\s*\(|\bfsockopen\s*\(|\bIO::Socket::INET\b/;
// (Rust's `write!(s, …)`/`writeln!` macros format straight into the stream)
const SOCKET_WRITE = /\.(?:write_all|write|Write|print|puts|send|getOutputStream|GetStream)\s*\(|\bfwrite\s*\(|<<\s*\w|\bwrite(?:ln)?!\s*\(\s*&?(?:mut\s+)?[a-z_]\w*\s*,/;

/** A build scan (Gradle Develocity, Gradle Enterprise) publishes its custom values to the scan server with the build. */
const BUILD_SCAN = /\bbuildScan\b|\bgradleEnterprise\b|\bdevelocity\b/;
const BUILD_SCAN_VALUE = /\b(?:value|tag|link)\s*\(\s*"[^"]{1,80}"\s*,/;

/** Calls that send a mail (SMTP clients, mailer libraries): the recipients are where the message goes. */
const MAIL_SEND = /\bsmtp\.SendMail\s*\(|\bNet::SMTP\b|\.send_message\s*\(|\bsmtp\.(?:send|sendmail)\b|\bSmtpClient\b|\bsend_mail\s*\(|\bMailMessage\b|\bJavaMailSender\b|\bTransport\.send\s*\(|\bsendmail\s+-t\b/;

/**
 * Calls that attach data to an error-reporting, analytics or APM event (Bugsnag metadata, Sentry context
 * and extras, Segment traits, New Relic attributes): the SDK sends it to its service with the event.
 */
const TELEMETRY_ATTACH = /\.(?:extra|contexts|tags)\.insert\s*\(|\.(?:add_metadata|addMetadata|AddMetadata|set_context|setContext|SetContext|set_extras?|setExtras?|SetExtras?|set_tags?|setTags?|set_user|setUser|SetUser|add_breadcrumb|addBreadcrumb|AddBreadcrumb|identify|Identify|capture_message|captureMessage|CaptureMessage|capture_exception|captureException|CaptureException|add_custom_attributes?|addCustomAttributes?|AddCustomAttributes?)\s*[({]/;

/**
 * The clipboard read in these languages (Swift/Objective-C pasteboards, Android's clipboard manager, .NET, Java AWT, Go):
 * whatever the user copied, passwords from their password manager included.
 */
const CLIPBOARD_READ = /\b(?:NSPasteboard|UIPasteboard)\b[^;\n]{0,60}\.(?:string|strings|data|items|pasteboardItems)\b|\.string\s*\(\s*forType\s*:|\bprimaryClip\b|\bgetPrimaryClip\s*\(|\bClipboard\.(?:GetText|GetDataObject|GetData)\s*\(|\bgetSystemClipboard\s*\(|\bclipboard\.ReadAll\s*\(|\bGetClipboardData\s*\(/;

/**
 * Credential stores read through their APIs in these languages, as data: every saved secret of the store in the clear.
 * Jenkins' credentials provider (`lookupCredentials`, a `Secret`'s plain text), Windows' credential manager and password
 * vault, the macOS keychain.
 */
export const CREDENTIAL_STORE_APIS: readonly { re: RegExp; label: string; entry?: string }[] = [
  // a terminal's own scripting API reading what it shows and has scrolled past (WezTerm's Lua `pane:get_lines_as_text`,
  // iTerm2's Python `async_get_screen_contents`, kitty's `get_text`): every command typed and everything printed
  { re: /[:.](?:get_lines_as_text|get_logical_lines_as_text|get_text_from_region|get_text_from_semantic_zone)\s*\(|\basync_get_screen_contents\s*\(|\bboss\.call_remote_control\s*\([^)]*get[-_]text/, label: "the terminal's scrollback", entry: 'read.secret.history' },
  { re: /\bCredentialsProvider\.lookupCredentials\s*\(|\bSystemCredentialsProvider\.getInstance\s*\(|\bhudson\.util\.Secret\.(?:decrypt|toString)\s*\(/, label: "Jenkins' stored credentials" },
  { re: /\bCred(?:Read|Enumerate)[AW]?\s*\(|\bPasswordVault\b[\s\S]{0,300}?\b(?:RetrievePassword|RetrieveAll|FindAllByResource)\s*\(/, label: 'the Windows credential manager' },
  { re: /\bSecItemCopyMatching\s*\(|\bSecKeychainFind(?:Generic|Internet)Password\s*\(/, label: 'the macOS keychain' },
];

export interface ProgramSend {
  reads: { path?: string; env?: true; name?: string; request?: string; clipboard?: true; store?: string; storeEntry?: string; at: number }[];
  /** The address posted to; '' for an SDK event, which goes to the SDK's own service. */
  url: string;
  at: number;
  /** `dns`: the data goes out as the labels of names looked up under `url`'s zone. */
  channel?: 'dns';
}

/** Name lookups whose name the program builds: the labels are read by whoever runs the zone's name server. */
const DNS_LOOKUP = /\bLookup(?:TXT|Host|IP|IPAddr|CNAME|MX|NS|Addr)\s*\(|\bInetAddress\.getByName\s*\(|\bDns\.(?:GetHostEntry|GetHostAddresses|Resolve)\w*\s*\(|\bgethostbyname\s*\(|\bgetaddrinfo\s*\(|\bResolv(?:::DNS)?\.(?:getaddress|getresource)|\bto_socket_addrs\s*\(|\blookup_host\s*\(/;
/** An environment variable read by name: `os.Getenv("X")`, `System.getenv("X")`, `ENV["X"]`, `env::var("X")`, `getenv("X")`. */
const ENV_ONE = /\b(?:Getenv|getenv|get_env|get_environment|GetEnvironmentVariable|env::var|env_var)\s*\(\s*["']([A-Z][A-Z0-9_]{2,60})["']|\bENV\s*\[\s*["']([A-Z][A-Z0-9_]{2,60})["']\s*\]/g;

/**
 * A program in such a language that reads the whole environment or a credential file and posts a
 * body to a URL written in it: the reads and the send, for the flow (no data-flow inside the
 * program: the block is the unit, so a secret read anywhere in it reaches its post).
 */
/**
 * URLs a document configures as the default of a setting (`System.get_env("HOST", "https://…")`,
 * `os.getenv("URL", "https://…")`, `ENV.fetch("URL", "https://…")`): where code that builds its address from
 * that setting sends, unless the user overrides it.
 */
export function configuredDefaultUrl(document: string): string | null {
  const m = /\b(?:get_?env|Getenv|fetch|environ\.get|env)\s*\(\s*["'][A-Z][A-Z0-9_]{1,60}["']\s*,\s*["'](https?:\/\/[^"'\s]{3,300})["']/.exec(document.slice(0, 200_000));
  return m ? m[1]! : null;
}

/** A list of character codes (`[]byte{104, 116, …}`, `&[0x68, 0x74, …]`, `String.fromCharCode(104, …)`): six or more, each printable. */
const CHAR_CODES = /[\[{(]\s*((?:0x[0-9a-fA-F]{2}|\d{2,3})(?:\s*,\s*(?:0x[0-9a-fA-F]{2}|\d{2,3})){5,400})\s*,?\s*[\]})]/g;

/**
 * Character-code lists written as the string they spell, padded to the same length so every offset after
 * them stays where it was: a URL or path hidden as bytes is that URL or path to the readers below.
 */
export function spelledCharCodes(code: string): string {
  if (!/\d\s*,\s*\d/.test(code)) return code;
  return code.replace(CHAR_CODES, (m, list: string) => {
    const chars = list.split(',').map((x) => Number(x.trim()));
    if (!chars.every((c) => c >= 32 && c <= 126)) return m;
    const text = String.fromCharCode(...chars);
    if (!/[A-Za-z]{3}/.test(text) || /["\\]/.test(text) || text.length + 2 > m.length) return m;
    return `"${text}"`.padEnd(m.length, ' ');
  });
}

/** A home folder in a program: `home`, `homeDir`, `os.UserHomeDir()`, `dirs::home_dir()`, `System.getProperty("user.home")`, `Path.home()`. */
const HOME_ARG = /^(?:home(?:_?dir)?|homeDir|userHome|user_home|HOME|\w*UserHomeDir\(\)|(?:dirs::)?home_dir\(\)|System\.getProperty\(["']user\.home["']\)|Path\.home\(\)|os\.homedir\(\)|Environment\.GetFolderPath\([^)]*UserProfile\))$/;

/**
 * Paths a program builds from parts (`filepath.Join(home, ".docker", "config.json")`, `Path.Combine(home, ".aws",
 * "credentials")`, `home.join(".ssh").join("id_rsa")` is not covered): the literal parts of one call joined with `/`,
 * under `~` when the first argument is the home folder.
 */
export function joinedPaths(code: string): { path: string; at: number }[] {
  const out: { path: string; at: number }[] = [];
  // (Groovy and Kotlin scripts quote with ' as often as ")
  for (const m of matchAll(code, /\b(?:Join|join|Combine|combine|Paths\.get|Path\.of|resolve|File)\s*\(\s*([^()\n]{0,80}?(?:\([^()\n]{0,40}\))?)\s*,\s*((?:(?:"[^"\n]{1,60}"|'[^'\n]{1,60}')\s*,\s*){0,5}(?:"[^"\n]{1,60}"|'[^'\n]{1,60}'))\s*\)/g)) {
    const parts = [...matchAll(m[2]!, /"([^"\n]{1,60})"|'([^'\n]{1,60})'/g)].map((x) => (x[1] ?? x[2])!);
    const first = m[1]!.trim();
    const root = HOME_ARG.test(first) ? '~' : /^"[^"]*"$|^'[^']*'$/.test(first) ? first.slice(1, -1) : null;
    if (root === null) continue;
    out.push({ path: [root, ...parts].join('/').replace(/\/+/g, '/'), at: m.index! });
    if (out.length >= 20) break;
  }
  return out;
}

/** A request header read by name in server code (Go, Java, C#, Kotlin, PHP, Ruby, Rust). */
// (also the CGI/Rack/WSGI spelling a request's environment uses: `env["HTTP_AUTHORIZATION"]`, `.slice("HTTP_COOKIE")`)
const REQUEST_HEADER_READ = /\b(?:Header\.Get|getHeader|getFirst|GetValues|headers?\.get|Headers\s*\[|headers\s*\[|header|HTTP_)\s*\(?\s*["'](authorization|proxy-authorization|cookie|x-api-key|x-auth-token|AUTHORIZATION|COOKIE)["']|["']HTTP_(AUTHORIZATION|PROXY_AUTHORIZATION|COOKIE|X_API_KEY|X_AUTH_TOKEN)["']/gi;

/** The home folder inside a string literal: Perl's `$ENV{HOME}`, Ruby's `#{ENV['HOME']}`, Go's `os.Getenv("HOME") + "…"`. */
const HOME_IN_LITERAL = /^(?:\$ENV\{HOME\}|#\{ENV\[['"]HOME['"]\]\}|#\{Dir\.home\}|\$\{?HOME\}?|~)(?=\/)/;
/** A file opened to write or append (Perl's '>>', Python's 'a', Go's O_APPEND, C#'s AppendAllText, Java's APPEND …). */
const WRITE_OPEN = /['"]>>?['"]|\bO_(?:APPEND|WRONLY|RDWR)\b|\bAppend(?:AllText|AllLines|Text)\b|\bappend(?:File|_file)?\b|\bopen\s*\([^)\n]{0,200},\s*['"](?:a|w)\+?b?['"]|\bfopen\s*\([^)\n]{0,200}['"](?:a|w)|\bFileWriter\s*\(|\bStandardOpenOption\.(?:APPEND|WRITE)\b|\.append\s*\(\s*true\s*\)|\bWrite(?:AllText|AllLines)\b|\bFile\.write\b|\bfile_put_contents\b|\bwriteFile(?:Sync)?\b|\bio\.open\s*\([^)\n]{0,200}['"][aw]/;

/**
 * Files a program writes that run later or grant access (`~/.ssh/authorized_keys`, a shell profile, a crontab),
 * named by a string literal (the home folder written as the language writes it) in a program that opens files
 * to write: with the program's other literals as what may be written (the key it appends).
 */
export function programWrites(code: string, isPersistPath: (p: string) => boolean): { path: string; at: number; content: string }[] {
  if (code.length > MAX_CODE) code = code.slice(0, MAX_CODE);
  if (!WRITE_OPEN.test(code)) return [];
  const toks = tokens(code).filter((t) => t.t === 'str');
  const out: { path: string; at: number; content: string }[] = [];
  for (const t of toks) {
    if (t.v.length > 300 || !/\//.test(t.v)) continue;
    const path = t.v.replace(HOME_IN_LITERAL, '~');
    if (!isPersistPath(path)) continue;
    out.push({ path, at: t.at, content: toks.filter((x) => x !== t && x.v.length >= 8).map((x) => x.v).join('\n').slice(0, 4000) });
    if (out.length >= 5) break;
  }
  return out;
}

/** An environment variable read by a name held in a variable (`os.Getenv(k)`, `OS.get_environment(key)`). */
const ENV_BY_VARIABLE = /\b(?:Getenv|getenv|get_env|get_environment|env::var)\s*\(\s*[a-z]\w*\s*\)/;

/** Ruby's word arrays (`%w[~/.netrc .env]`) and Perl's `qw(.ssh/id_rsa .env)` hold strings without quotes. */
function wordListPaths(code: string, isSecretPath: (p: string) => boolean): { path: string; at: number }[] {
  const out: { path: string; at: number }[] = [];
  for (const m of matchAll(code, /(?:%[wW]|\bqw\s*)(?:\[([^\]]{1,600})\]|\(([^)]{1,600})\)|\{([^}]{1,600})\}|<([^>]{1,600})>|\/([^/]{1,600})\/)/g)) {
    for (const w of (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '').split(/\s+/)) if (w && /[/~.]/.test(w) && isSecretPath(w) && out.length <= 10) out.push({ path: w, at: m.index! });
  }
  return out;
}

/**
 * The credential files a program in such a language names (string literals, paths joined from pieces, word lists): with
 * no data flow inside the program, the block is the unit, so what its commands send may carry any of them.
 */
export function namedSecretPaths(code: string, isSecretPath: (p: string) => boolean): { path: string; at: number }[] {
  if (code.length > MAX_CODE) code = code.slice(0, MAX_CODE);
  const out: { path: string; at: number }[] = [];
  for (const t of tokens(code)) {
    if (t.t === 'str' && t.v.length < 300 && /[/~.]/.test(t.v) && isSecretPath(t.v)) out.push({ path: t.v, at: t.at });
    if (out.length > 10) return out;
  }
  for (const j of joinedPaths(code)) if (out.length <= 10 && isSecretPath(j.path)) out.push(j);
  for (const w of wordListPaths(code, isSecretPath)) if (out.length <= 10) out.push(w);
  return out;
}

export function programSend(code: string, isSecretPath: (p: string) => boolean, defaultUrl: string | null = null, isSecretEnvName: (n: string) => boolean = () => false): ProgramSend | null {
  if (code.length > MAX_CODE) code = code.slice(0, MAX_CODE);
  code = spelledCharCodes(code);
  const dns = DNS_LOOKUP.exec(code);
  if (dns) {
    // secrets read by name (or a list of names looked up in a loop) in a program that looks up names it builds
    const named = [...matchAll(code, ENV_ONE)].map((m) => ({ name: (m[1] ?? m[2])!, at: m.index! }));
    const listed = ENV_BY_VARIABLE.test(code) ? tokens(code).filter((t) => t.t === 'str' && /^[A-Z][A-Z0-9_]{2,60}$/.test(t.v)).map((t) => ({ name: t.v, at: t.at })) : [];
    const secretNames = [...named, ...listed].filter((n) => isSecretEnvName(n.name)).slice(0, 8);
    // the whole environment (`os.Environ()`, `System.getenv()`, `ENV.to_h`) is every secret in it
    const whole = ENV_ALL.exec(code);
    const zone = tokens(code).find((t) => t.t === 'str' && /^\.?(?:[a-z0-9-]{1,63}\.)+[a-z]{2,24}\.?$/i.test(t.v) && !/^\.?(?:www\.)?(?:google|cloudflare|example)\.com$/i.test(t.v));
    // the name is built next to the lookup: on its line, or in the lines just before it (`name := fmt.Sprintf(…)`)
    const built = /\+|fmt\.Sprintf|format!|String\.format|\$\{|#\{/.test(code.slice(Math.max(0, dns.index - 300), dns.index + 200));
    if ((secretNames.length || whole) && zone && built) {
      const reads: ProgramSend['reads'] = secretNames.map((n) => ({ name: n.name, at: n.at }));
      if (whole) reads.push({ env: true, at: whole.index });
      return { reads, url: `https://${zone.v.replace(/^\.|\.$/g, '')}`, at: dns.index, channel: 'dns' };
    }
  }
  const socket = RAW_SOCKET.exec(code);
  const post = POST_CALL.exec(code) ?? TELEMETRY_ATTACH.exec(code) ?? MAIL_SEND.exec(code) ?? (BUILD_SCAN.test(code) ? BUILD_SCAN_VALUE.exec(code) : null) ?? (socket && SOCKET_WRITE.test(code) ? socket : null);
  if (!post) return null;
  const reads: ProgramSend['reads'] = [];
  // secrets read by name, or a list of names read in a loop (`for key in ["STEAM_PASSWORD", …]: OS.get_environment(key)`):
  // the policies judge them (one vendor's key to its API is that API in use; several vendors' keys in one request are not)
  {
    const named = [...matchAll(code, ENV_ONE)].map((m) => ({ name: (m[1] ?? m[2])!, at: m.index! }));
    const listed = ENV_BY_VARIABLE.test(code) ? tokens(code).filter((t) => t.t === 'str' && /^[A-Z][A-Z0-9_]{2,60}$/.test(t.v)).map((t) => ({ name: t.v, at: t.at })) : [];
    const seen = new Set<string>();
    for (const n of [...named, ...listed]) {
      if (seen.has(n.name) || !isSecretEnvName(n.name) || reads.length >= 8) continue;
      seen.add(n.name);
      reads.push({ name: n.name, at: n.at });
    }
  }
  const env = ENV_ALL.exec(code);
  if (env) reads.push({ env: true, at: env.index });
  const clip = CLIPBOARD_READ.exec(code);
  if (clip) reads.push({ clipboard: true, at: clip.index });
  for (const s of CREDENTIAL_STORE_APIS) {
    const m = s.re.exec(code);
    if (m) reads.push({ store: s.label, ...(s.entry ? { storeEntry: s.entry } : {}), at: m.index });
  }
  for (const t of tokens(code)) {
    if (t.t === 'str' && t.v.length < 300 && /[/~.]/.test(t.v) && isSecretPath(t.v)) reads.push({ path: t.v, at: t.at });
    if (reads.length > 10) break;
  }
  for (const j of joinedPaths(code)) if (reads.length <= 10 && isSecretPath(j.path)) reads.push({ path: j.path, at: j.at });
  // server code reading the credentials of incoming requests (`r.Header.Get("Authorization")`, `request.getHeader("Cookie")`)
  for (const m of matchAll(code, REQUEST_HEADER_READ)) if (reads.length <= 10) reads.push({ request: (m[1] ?? m[2]!.replace(/_/g, '-')), at: m.index! });
  for (const w of wordListPaths(code, isSecretPath)) if (reads.length <= 10) reads.push(w);
  if (reads.length === 0) return null;
  if (MAIL_SEND.test(post[0])) {
    // a mail goes to its literal addresses (joined from pieces too: `"x" + "@" + "host"`); an address taken
    // from configuration is the user's own
    const addr = joinedLiterals(code).map((j) => /^[\w.+-]+@([\w-]+(?:\.[\w-]+)+)$/.exec(j.text.trim())).find((m) => m);
    return addr ? { reads, url: `mailto:${addr[0]}`, at: post.index } : null;
  }
  // a raw socket's address is its connect call's literal `host:port` (`TcpStream::connect("203.0.113.7:4433")`, `net.Dial("tcp", "h:9")`)
  const address = post === socket ? /["']((?:[\w-]+\.)+[\w-]+|\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})["']/.exec(code.slice(post.index, post.index + 400)) : null;
  if (address) return { reads, url: `tcp://${address[1]}:${address[2]}`, at: post.index };
  const url = /["'`](https?:\/\/[^"'`\s]+)["'`]/.exec(code.slice(post.index)) ?? /["'`](https?:\/\/[^"'`\s]+)["'`]/.exec(code);
  if (!url && defaultUrl) return { reads, url: defaultUrl, at: post.index };
  if (!url) return TELEMETRY_ATTACH.test(post[0]) ? { reads, url: '', at: post.index } : null;
  return { reads, url: url[1]!, at: post.index };
}

/**
 * Gemfile lines that build a gem or a Bundler plugin from a repository or source address
 * (`plugin "x", git: "https://h/x.git"`, `gem "y", source: "https://h"`): its code runs at install
 * (a plugin's hooks on every `bundle install`).
 */
export function gemSources(code: string): { url: string; name: string; plugin: boolean; at: number }[] {
  const out: { url: string; name: string; plugin: boolean; at: number }[] = [];
  for (const m of matchAll(code, /^[ \t]*(gem|plugin)[ \t(]+["']([\w.-]{1,80})["'][^\n#]{0,200}?\b(?:git|source):\s*["'](https?:\/\/[^"'\s]{3,300})["']/gm)) {
    out.push({ url: m[3]!, name: m[2]!, plugin: m[1] === 'plugin', at: m.index! });
    if (out.length >= 50) break;
  }
  return out;
}

/**
 * Device credentials a firmware or client program holds: the Wi-Fi passphrase it joined with (`WiFi.psk()`, ESP-IDF's
 * `wifi_config.sta.password`, MicroPython's `wlan.config('password')`) and constants named as secrets (`OTA_PASSWORD`,
 * `WIFI_PASS`). Kept as data: the accessor and the label the finding gives it.
 */
// (a plain array, not frozen: V8 runs loops and array methods over a frozen array on a slow generic path; docs/analysis-limits.md, "Twenty-fourth round")
export const DEVICE_CREDENTIALS: readonly { re: RegExp; label: string }[] = [
  { re: /\bWiFi\.psk\s*\(\s*\)|\.psk\s*\(\s*\)|\bsta\.password\b|\.config\s*\(\s*["'](?:password|psk|key)["']\s*\)|\bwifi_?(?:pass(?:word)?|psk|key)\b/i, label: 'the Wi-Fi passphrase' },
];

/** A message published or posted by a client whose broker or server the program names (MQTT, an Arduino HTTP client). */
const MESSAGE_SEND = /\b([A-Za-z_]\w*)\s*(?:\.|->)\s*(?:publish|Publish|POST|PUT|sendTXT|send_message)\s*\(/g;
/** Where that client connects: the first literal host of its `setServer`/`connect`/`begin`, or a broker URL literal. */
const CLIENT_HOST = /\b(?:setServer|connect|begin|setHost|Connect)\s*\(\s*"([\w.-]+|\[[\da-f:]+\])"|"(?:mqtts?|tcp|ssl|wss?|https?):\/\/([\w.-]+)(?::\d+)?[^"]*"|\b(?:broker|mqtt_?server|mqtt_?host|server|host)\w*\s*(?:\[\s*\])?\s*=\s*"([\w.-]+)"/i;

/**
 * A device credential put into the message a program publishes or posts: a small data flow inside one block of a language
 * without a parser — the send's payload argument, and the expression a payload variable was assigned (up to its `;`),
 * must hold the credential. Joining the network with the passphrase (`WiFi.begin(SSID, PASS)`) and publishing a reading
 * in the same program send nothing of it.
 */
export function deviceCredentialSend(code: string, isSecretName: (n: string) => boolean): { label: string; url: string; at: number; readAt: number } | null {
  if (code.length > MAX_CODE) code = code.slice(0, MAX_CODE);
  const host = CLIENT_HOST.exec(code);
  const h = host ? (host[1] ?? host[2] ?? host[3])! : '';
  let sends = 0;
  for (const m of matchAll(code, MESSAGE_SEND)) {
    // (bounded: each send looks back over the block for its payload's assignments)
    if (++sends > 20) break;
    // the arguments up to the call's closing parenthesis (nested calls like `.c_str()` kept), bounded
    let depth = 1;
    let end = m.index! + m[0].length;
    for (; end < code.length && end < m.index! + m[0].length + 600 && depth > 0; end++) {
      const ch = code[end];
      if (ch === '"') {
        end++;
        while (end < code.length && code[end] !== '"' && code[end] !== '\n') end += code[end] === '\\' ? 2 : 1;
      } else if (ch === '(') depth++;
      else if (ch === ')') depth--;
    }
    const args = code.slice(m.index! + m[0].length, end - 1);
    // the payload and what each name in it was assigned (`String rec = "{…" + WiFi.psk() + …;`)
    const parts = [args];
    for (const n of new Set([...matchAll(args, /\b([A-Za-z_]\w*)\b(?!\s*\()/g)].map((x) => x[1]!))) {
      // (`x = …;` in C-like languages, across lines; `x := …` to the line's end in Go)
      // (looked for in the 4 000 characters before the send: a payload is built just before it is sent)
      const assign = new RegExp(`\\b${n}\\s*(?:(?:\\+?=)(?!=)([^;]{1,1500});|:=([^\\n]{1,1500}))`).exec(code.slice(Math.max(0, m.index! - 4000), m.index!));
      if (assign) parts.push((assign[1] ?? assign[2])!);
      if (parts.length > 8) break;
    }
    const payload = parts.join('\n').replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
    for (const c of DEVICE_CREDENTIALS) {
      const r = c.re.exec(payload);
      if (r) return { label: c.label, url: h ? `mqtt://${h}` : '', at: m.index!, readAt: m.index! };
    }
    const named = [...matchAll(payload, /\b([A-Z][A-Z0-9_]{2,60})\b/g)].map((x) => x[1]!).find(isSecretName);
    if (named) return { label: named, url: h ? `mqtt://${h}` : '', at: m.index!, readAt: m.index! };
  }
  return null;
}

/**
 * A Homebrew formula's or cask's source download (`url "…"`, `mirror "…"`): every user who installs it builds or runs
 * what that address serves. Returned with the formula's `homepage`, so that a download from the project's own site is
 * told from one re-hosted elsewhere.
 */
export function recipeSources(code: string): { url: string; homepage: string | null; at: number }[] {
  if (!/<\s*Formula\b|^\s*cask\s+["']/m.test(code)) return [];
  const homepage = /^\s*homepage\s+["'](https?:\/\/[^"'\s]+)["']/m.exec(code)?.[1] ?? null;
  const out: { url: string; homepage: string | null; at: number }[] = [];
  for (const m of matchAll(code.slice(0, MAX_CODE), /^[ \t]*(?:url|mirror)\s+["'](https?:\/\/[^"'\s]{3,400})["']/gm)) {
    out.push({ url: m[1]!, homepage, at: m.index! });
    if (out.length >= 8) break;
  }
  return out;
}

/**
 * PHP calls that run a command or code (as data: the function and whether it runs code or a command line) given what
 * an incoming request carries in the same call (`shell_exec($_REQUEST['c'])`, `system("ping " . $_GET['h'])`,
 * `eval($_POST['x'])`, backticks around `$_GET`): a web shell.
 */
const PHP_RUNNERS: Readonly<Record<string, 'command' | 'code'>> = Object.freeze({
  shell_exec: 'command', system: 'command', passthru: 'command', exec: 'command', popen: 'command', proc_open: 'command', pcntl_exec: 'command',
  eval: 'code', assert: 'code', create_function: 'code',
});
const PHP_REQUEST = /\$_(?:GET|POST|REQUEST|COOKIE|FILES)\b|\$_SERVER\s*\[\s*['"]HTTP_\w+['"]\s*\]|php:\/\/input/;

export function phpRequestRuns(code: string): { runner: string; how: 'command' | 'code'; input: string; at: number }[] {
  const out: { runner: string; how: 'command' | 'code'; input: string; at: number }[] = [];
  if (!/\$_|php:\/\//.test(code)) return out;
  for (const m of matchAll(code, /\b([a-z_]+)\s*\(([^;]{0,300})|`([^`\n]{0,200})`/g)) {
    const how = m[1] ? PHP_RUNNERS[m[1].toLowerCase()] : 'command';
    if (!how) continue;
    const input = PHP_REQUEST.exec(m[2] ?? m[3] ?? '');
    if (input) out.push({ runner: m[1] ?? 'backticks', how, input: input[0], at: m.index! });
    if (out.length >= 8) break;
  }
  return out;
}
