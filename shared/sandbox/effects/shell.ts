/**
 * Shell code → actions. The code is parsed with tree-sitter-bash; every simple command becomes its
 * name and arguments (quotes undone, variables and command substitutions kept as data names), and
 * the catalogue (catalogue/commands.ts, catalogue/locations.ts) says what it does. Pipes, command
 * substitutions, variables, redirections and files are data names, so the flow analysis
 * (flow.ts) follows a secret or a download through them to where it ends up.
 */
import { goReplaceSwap, swapAction } from './dependency-sources.js';
import { withCode, type CodeTreeNode as SyntaxNode } from '../../parsers/tree-sitter.js';
import { hostOf } from '../hosts.js';
import {
  ACCOUNT_GRANTS, CONTENT_COMMANDS, RECOVERY_REMOVERS, COPIERS, DEFENSE_OFF, SECURITY_SERVICE, DECODERS, DNS_TOOLS, HTTP_CLIENTS, INSTALLERS, INTERPRETERS, MAIL_TOOLS, PUBLISHERS, REMOTE_SCHEMES, SECRET_COMMANDS, SOCKET_TOOLS,
  EXEC_SETTING_KEY, TRUST_SETTINGS, WRAPPERS, type HttpClient,
} from './catalogue/commands.js';
import { isDestructiveTarget, isSecretEnv, normalisePath, persistAt, secretAt } from './catalogue/locations.js';
import { PAYMENT_TEST_MODE, payoutBankAccount } from './catalogue/payee.js';
import { SILENCES_API, silencesEverything } from './silence.js';
import { SECRET_VENDORS, vendorLabel } from '../reputation.js';
import { literalCommands } from './literals.js';
import { wellFormedPublicKey } from './config.js';
import { fixedAddressIn, grantActions, grantByRequest } from './mail.js';
import type { ActionList, NewAction } from './sink.js';
import type { ActionMode, ActionOrigin } from './types.js';

/** Administrator roles of identity providers and clouds, as their APIs and command lines name them. */
/**
 * What a bucket policy opens to anyone: `write` (writes, deletes, policy changes or every action), `list` (listing keys),
 * `read` (objects by name), or null. A statement counts when it allows, names every principal and has no condition on who
 * the caller is or where the call comes from.
 */
export function publicBucketStatements(text: string): 'write' | 'list' | 'read' | null {
  let doc: unknown;
  try { doc = JSON.parse(text); } catch { return null; }
  const statements = (doc as { Statement?: unknown })?.Statement;
  let worst: 'write' | 'list' | 'read' | null = null;
  const rank = { read: 1, list: 2, write: 3 } as const;
  for (const st of (Array.isArray(statements) ? statements : statements ? [statements] : []).slice(0, 50)) {
    if (!st || typeof st !== 'object') continue;
    const s = st as Record<string, unknown>;
    if (s.Effect !== 'Allow' || s.NotPrincipal !== undefined) continue;
    const p = s.Principal;
    const everyone = p === '*' || (!!p && typeof p === 'object' && [(p as Record<string, unknown>).AWS].flat().includes('*'));
    if (!everyone) continue;
    if (s.Condition && /aws:(?:SourceVpce?|PrincipalOrgID|PrincipalOrgPaths|PrincipalAccount|PrincipalArn|SourceAccount|SourceArn|SourceIp|userid|username)|aws:Referer/i.test(JSON.stringify(s.Condition))) continue;
    const actions = [s.Action].flat().map(String);
    const kind = actions.some((a) => /^(?:\*|s3:\*|s3:(?:Put|Delete|Restore|Replicate|Abort)\w*|s3:\w*\*)$/i.test(a) && !/^s3:(?:Get|List)\w*\*$/i.test(a)) ? 'write'
      : actions.some((a) => /^s3:List\w*\*?$/i.test(a)) ? 'list' : actions.some((a) => /^s3:Get\w*\*?$/i.test(a)) ? 'read' : null;
    if (kind && (!worst || rank[kind] > rank[worst])) worst = kind;
  }
  return worst;
}

/** (Google Workspace's super administrator is `_SEED_ADMIN_ROLE` to GAM, `admin on` on a user; Entra's Global Administrator has a fixed template id) */
const ADMIN_ROLE = /\b(?:SUPER_ADMIN|ORG_ADMIN|Global Administrator|Company Administrator|Privileged Role Administrator|roles\/owner|AdministratorAccess|_SEED_ADMIN_ROLE|Super Admin|62e90394-69f5-4237-9190-012177145e10)\b|"isAdmin"\s*:\s*true|\blocalgroup administrators\b|\bupdate user \S+ (?:\S+ )*?(?:is)?admin (?:on|true)\b/i;

/** JSON processors whose program can read environment variables. */
const JQ_LIKE = /^(?:jq|gojq|jaq|yq)$/;

/** Database clients that load rows into a server: restore tools and SQL shells fed a file. */
const DB_LOADERS = /^(?:pg_restore|psql|mysql|mariadb|mongorestore|mongoimport|mongosh|clickhouse-client|sqlcmd|cqlsh)$/;

/** The server a database client connects to, from a connection URL or a host flag; null when none is named. */
function dbClientHost(argTexts: readonly string[]): string | null {
  for (let k = 0; k < argTexts.length; k++) {
    const a = argTexts[k]!;
    const url = /^(?:-d|--dbname=|--uri=|--host=)?["']?(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|clickhouse):\/\/(?:[^@/\s]*@)?([^/:?\s]+)/i.exec(a) ?? /(?:^|=)(?:postgres(?:ql)?|mysql|mongodb(?:\+srv)?):\/\/(?:[^@/\s]*@)?([^/:?\s]+)/i.exec(a);
    if (url) return url[1]!;
    if ((a === '-h' || a === '--host' || a === '-S') && argTexts[k + 1] && !argTexts[k + 1]!.startsWith('-')) return argTexts[k + 1]!;
    const inline = /^--host=(.+)$/.exec(a);
    if (inline) return inline[1]!;
  }
  return null;
}

export interface Word {
  /** The argument with quotes undone; variables as `$NAME`, substitutions as `$(…)`. */
  text: string;
  /** Data names it reads: `$NAME` for variables, `sub#k` for command substitutions. */
  names: string[];
  offset: number;
  /** The folder a `$(dirname "$V")` word names: V's parent (so `tar -C "$(dirname "$V")" x` archives `$V`). */
  parentOf?: string;
  /** The name a `$(basename "$V")` word gives: a tar member written so, next to `-C` of V's folder, is `$V`. */
  baseOf?: string;
}

export interface ReadContext {
  list: ActionList;
  origin: ActionOrigin;
  mode: ActionMode;
  /** Readers for code handed to another language (python -c, node -e); set by effects/index.ts. */
  nested?: (lang: 'python' | 'javascript' | 'shell', code: string, offset: number, depth: number) => void;
  /** Config text written to a path (heredoc into settings.json): handed to the config reader. */
  config?: (path: string | null, text: string, offset: number) => void;
  depth: number;
}

interface Redirect {
  op: string;
  target?: Word;
  heredoc?: string;
  heredocOffset?: number;
}

/** Installers of a package file on disk, by command: the file argument they install (its code then runs), or undefined. */
const after = (flag: RegExp) => (a: string[]): string | undefined => {
  const k = a.findIndex((x) => flag.test(x));
  return k >= 0 && a[k + 1] && !a[k + 1]!.startsWith('-') ? a[k + 1] : undefined;
};
const EDITOR_EXTENSION = after(/^--install-extension$/);
const LOCAL_PACKAGE_INSTALL: Record<string, (args: string[]) => string | undefined> = {
  code: EDITOR_EXTENSION, 'code-insiders': EDITOR_EXTENSION, codium: EDITOR_EXTENSION, cursor: EDITOR_EXTENSION, windsurf: EDITOR_EXTENSION,
  dpkg: after(/^-(?:i|-install)$/), rpm: after(/^-[iU]\w*$/), installer: after(/^-pkg$/), msiexec: after(/^\/[iI]$/),
  // (a Java archive run from disk, `java -jar x.jar`: its code runs like the file itself)
  java: after(/^-jar$/), javaw: after(/^-jar$/),
};

/** Text remembered for data names made from literal text (echo, printf, heredocs), so a write can be judged by what it writes. */
const MAX_TEXT = 4000;

/** What a printf may print, at most (a format repeated over many arguments must not grow without bound). */
const PRINTF_MAX = 64_000;

/** What `printf FORMAT ARGS…` prints: `%s`/`%b`/`%d` filled in order, the format reused for extra arguments, escapes undone. */
function printfText(words: string[]): string {
  const [format = '', ...args] = words;
  const slots = (format.match(/%[-+ #0-9.]*[sbdiqc]/g) ?? []).length;
  let out = '';
  let k = 0;
  // printf undoes escapes in its format and in `%b` arguments (`printf '%b' '\x63\x75\x72\x6c'` prints `curl`)
  const fmt = decodeAnsiC(format.replace(/%%/g, '\u0000'));
  do {
    out += fmt.replace(/%[-+ #0-9.]*([sbdiqc])/g, (_m, c: string) => (c === 'b' ? decodeAnsiC(args[k++] ?? '') : (args[k++] ?? ''))).replace(/\u0000/g, '%');
  } while (slots > 0 && k < args.length && out.length < PRINTF_MAX);
  if (out.length > PRINTF_MAX) out = out.slice(0, PRINTF_MAX);
  return out;
}

/** The registry host of an image reference (`registry.example/x/y:tag`), or undefined for a Docker Hub name. */
function registryOf(image: string): string | undefined {
  const first = image.split('/')[0] ?? '';
  return image.includes('/') && /[.:]/.test(first) ? first.split(':')[0] : undefined;
}

/** A value that starts at the user's home, config or temporary folder (or the current one), however it is spelled. */
const HOME_LIKE = /^(?:~|\$\{?(?:HOME|XDG_CONFIG_HOME|XDG_DATA_HOME|XDG_CACHE_HOME|ZDOTDIR|USERPROFILE|APPDATA|LOCALAPPDATA|TEMP|TMP|TMPDIR|PWD)\}?)(?:\/|$)/;
const URLISH = /^(?:https?|ftp):\/\//i;
/** Programs that search for secrets: what they print and the reports they write are the secrets found. */
const SECRET_SCANNERS = /^(?:gitleaks|trufflehog|detect-secrets|ggshield|noseyparker|git-secrets|secretlint|kingfisher|whispers|shhgit)$/;
/** A configuration field holding the path of a private key or credential file (`ascApiKeyPath`, `serviceAccountKeyPath`, `keystore_file`). */
const KEY_FILE_FIELD = /(?:key|credentials?|secret|keystore|service_?account\w*)_?(?:path|file)\b/i;

/** A configuration key that names a secret (`rcon.password`, `db_passwd`, `api_key`, `secret_token`, `wpa_psk`). */
const CONFIG_SECRET_KEY = /(?:^|[^a-z])(?:password|passwd|pass|secret|token|api[_-]?key|psk|passphrase)(?:[^a-z]|$)/i;

/** An scp/rsync remote side: `[user@]host.domain:path` (not a URL, not a drive letter). */
const REMOTE_SPEC = /^(?:[\w.-]+@)?[\w-]+(?:\.[\w-]+)+:(?!\/\/)/;
/** A host name with a path and no scheme, as HTTP clients accept it. */
const BARE_URL = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d+)?\/\S*$/i;
/** Flags that switch off checking who served the content (certificates, signatures, checksums). */
const INSECURE_FLAG = /^(?:-k|--insecure|--no-check-certificate|--no-verify(?:-ssl)?|--disable-ssl|--skip-verify|--trust-all|--no-gpg-check|--allow-unauthenticated|-SkipCertificateCheck)$/i;
/** Agent command lines with an `mcp add` subcommand. */
const AGENT_CLIS = /^(?:claude|codex|gemini|cursor-agent|amp|goose|qwen|opencode|copilot)$/;

/** SDK settings that move a vendor's API to another URL (`OPENAI_BASE_URL`, `ANTHROPIC_API_URL`). */
const BASE_URL_VAR = /^([A-Z]+)_(?:BASE_URL|API_BASE|API_BASE_URL|API_URL|API_HOST|ENDPOINT)$/;

/** `repo/name:tag` → `repo/name` (a digest or tag names the same image for the flow). */
function imageName(ref: string): string {
  return ref.replace(/@sha256:.*$/, '').replace(/:[^/:]*$/, '');
}

/** git settings whose value git runs as a command. */
const GIT_EXEC_KEY = /^(?:credential(?:\..+)?\.helper|core\.(?:sshcommand|fsmonitor|pager|editor|askpass)|sequence\.editor|alias\..+|diff\..+\.textconv|filter\..+\.(?:clean|smudge|process)|gpg\.program)$/i;
/** Commands that print the Python site folder. */
const SITE_DIR_QUERY = /\bsite\s+--user-site\b|getusersitepackages|getsitepackages|get_paths\(\)\[["']purelib/;
/** Hosts of cloud instance metadata services: what they return under these paths is the machine's credentials. */
const METADATA_HOST = /^(?:169\.254\.169\.254|169\.254\.170\.2|metadata\.google\.internal|metadata|100\.100\.100\.200|\[fd00:ec2::254\])$/i;
const METADATA_SECRET_PATH = /security-credentials|\/token\b|service-accounts\/[^/]+\/token|identity|\/credentials|msi\/token|oauth2/i;
const TIME_CONDITION = /\bdate\b|EPOCHSECONDS|\bSECONDS\b|Get-Date|\bdays?\b|\bexpir/i;

/**
 * What a folder copy's include filters take from each source folder (`aws s3 sync "$HOME" s3://b --exclude '*'
 * --include '.aws/*'`, `rclone copy ~ r: --include '.ssh/**'`, `rsync --include='.kube/***'`): `$HOME/.aws`, so a
 * secret folder named only as a filter is read like one named as the source.
 */
function includedPaths(sources: readonly string[], args: readonly string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < args.length && out.length < 32; k++) {
    const m = /^--include(?:=(.+))?$/.exec(args[k]!);
    if (!m) continue;
    const pattern = (m[1] ?? args[k + 1] ?? '').replace(/^['"]|['"]$/g, '').replace(/(?:\/\*+)+$|\*+$/, '').replace(/^\/+/, '');
    if (!pattern || pattern.includes('*') || /^[\w.-]*:/.test(pattern)) continue;
    for (const src of sources.slice(0, 4)) if (!/:\/\//.test(src)) out.push(`${src.replace(/\/+$/, '')}/${pattern}`);
  }
  return out;
}

/** `$'\x73h'` → `sh`: the escapes bash undoes in ANSI-C quoted strings. */
function decodeAnsiC(s: string): string {
  return s.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{4}|[0-7]{1,3}|.)/g, (_m, e: string) => {
    if (e[0] === 'x' || e[0] === 'u') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: '\n', t: '\t', r: '\r', a: '\x07', e: '\x1b' } as Record<string, string>)[e] ?? e;
  });
}

/** A command name written so a reader does not recognise it: quotes or escapes inside it, `$IFS` for spaces, ANSI-C escapes. */
const DISGUISED = /\w["'\\]+\w|\$IFS|\$\{IFS\}|\$'|^\\\w/;

function basename(cmd: string): string {
  // remembered per word (bounded): the same string object comes back for a name, so the catalogue look-ups keyed by
  // it (WRAPPERS[name], HTTP_CLIENTS[name] …) do not turn a new string into a property key every time
  let r = basenames.get(cmd);
  if (r === undefined) {
    // what follows the last / or \ (as `cmd.split(/[\\/]/).pop()`, without the array)
    r = cmd.slice(Math.max(cmd.lastIndexOf('/'), cmd.lastIndexOf('\\')) + 1).toLowerCase();
    if (cmd.length > 256) return r; // (a long word is not kept: the memo outlives the analysis)
    if (basenames.size >= 4096) basenames.clear();
    basenames.set(cmd, r);
  }
  return r;
}
const basenames = new Map<string, string>();

/** A path argument normalised and the secret it names, remembered per argument (a command repeated thousands of times names the same files). */
const pathMemo = new Map<string, { path: string; secret: ReturnType<typeof secretAt> }>();
function pathAndSecret(arg: string): { path: string; secret: ReturnType<typeof secretAt> } {
  let r = pathMemo.get(arg);
  if (!r) {
    const path = normalisePath(arg);
    r = { path, secret: path ? secretAt(path) : null };
    if (pathMemo.size >= 5000) pathMemo.clear();
    pathMemo.set(arg, r);
  }
  return r;
}

type FlagKind = 'data' | 'upload' | 'header' | 'output' | 'remoteName' | 'method' | 'url' | 'valued';
const flagKindsOf = new WeakMap<HttpClient, Map<string, FlagKind>>();
/**
 * What each flag of an HTTP client is, in the order `httpClient` asks (a flag in two lists is what the first says),
 * found once per client: a command line can carry tens of thousands of flags.
 */
function flagKinds(http: HttpClient): Map<string, FlagKind> {
  let kinds = flagKindsOf.get(http);
  if (kinds) return kinds;
  kinds = new Map();
  const lists: [FlagKind, readonly string[]][] = [
    ['data', http.data], ['upload', http.upload], ['header', http.header], ['output', http.output], ['remoteName', http.remoteName],
    ['method', ['-X', '--request', '-method', '--method']], ['url', ['-uri', '--url']], ['valued', http.valued],
  ];
  for (const [kind, flags] of lists) for (const f of flags) if (!kinds.has(f)) kinds.set(f, kind);
  flagKindsOf.set(http, kinds);
  return kinds;
}

/** A tunnel that puts a local port on the internet. */
/** A port that is a remote login: SSH, RDP, VNC. */
const LOGIN_PORT = /(?:^|[:\s/])(?:22|3389|5900)(?:\b|$)/;
const PUBLIC_TUNNEL = /\b(?:ngrok\s+(?:http|tcp|tls)|cloudflared\s+tunnel|lt\s+--port|localtunnel|tailscale\s+funnel|ssh\s+[^\n]*-R\s*[^\n]*(?:serveo\.net|localhost\.run|pinggy))\b/;

/** A program file in a directory on the usual PATH: its name is how it is run afterwards. */
const PATH_DIR_PROGRAM = /^(?:\/usr\/local\/s?bin|\/usr\/s?bin|\/s?bin|\/opt\/homebrew\/bin|~\/\.local\/bin|~\/bin|~\/\.cargo\/bin|~\/go\/bin)\/([\w.+-]+)$/;

/** The same directories, for a program run by its name. */
const PATH_DIRS = ['/usr/local/bin', '/usr/local/sbin', '/usr/bin', '/opt/homebrew/bin', '~/.local/bin', '~/bin', '~/.cargo/bin', '~/go/bin'];

export class ShellReader {
  private readonly texts = new Map<string, string>();
  private readonly remotes = new Map<string, string>();
  /** Programs a download saved into a directory on the PATH (`curl -o /usr/local/bin/x`), by name: `x` later runs that download. */
  private readonly downloadedPrograms = new Map<string, string>();
  /** Whether the document opens a public tunnel (asked once, by the first served folder). */
  private publicTunnel: boolean | undefined;
  /** rclone remotes this document creates, by name: the server each points at. */
  private readonly rcloneRemotes = new Map<string, string>();
  private get builtImages(): Set<string> {
    return this.ctx.list.builtImages;
  }
  private readonly seenEnv = new Set<string>();
  private readonly varPaths = new Map<string, string>();
  /** Loop variables over plain words (`for h in pre-commit post-merge`): a path built with one names each file in turn. */
  private readonly loopWords = new Map<string, string[]>();
  private readonly assigned = new Set<string>();
  private readonly builtVars = new Set<string>();
  /** Outputs of a find over the user's folders, and the folder glob they stand for. */
  private readonly findRoots = new Map<string, string>();

  constructor(private readonly ctx: ReadContext) {}

  /** Parses `code` (at `base` in the document) and adds its actions. Returns false when the parse budget ran out. */
  read(code: string, base: number, budgetMs?: number): boolean {
    const done = withCode('bash', code, (root) => {
      this.statements(root, base, null, false);
      return true;
    }, budgetMs);
    // commands the grammar swallowed into a redirect's destination (see `spill`), read after the tree is released
    const spilled = this.spilled.splice(0);
    for (const [text, at] of spilled) this.read(text, at, budgetMs);
    return done === true;
  }

  /** Code to read again: text after a newline that tree-sitter-bash parsed as more redirect destinations. */
  private readonly spilled: [string, number][] = [];

  private add(a: NewAction, offset: number): void {
    if (this.cwd) a = { ...a, consumes: a.consumes?.map((n) => this.inCwd(n)), produces: a.produces?.map((n) => this.inCwd(n)) };
    this.ctx.list.add(a, offset, this.ctx.origin, this.ctx.mode);
  }

  /** Scripts being read at the place they run (a script that runs itself is read once). */
  private readonly running = new Set<string>();
  /** After `stty -echo`, what is typed is not shown: a password prompt. */
  private echoOff = false;
  /** Outputs of commands that print nothing (`:`, `true`, `cat /dev/null`): redirected onto a file, they empty it. */
  private readonly emptyOutput = new Set<string>();
  /** Scripts already read where they run (path and content). */
  private readonly scriptsRead = new Set<string>();

  /** The folder `cd` moved to (a path this document names), or null while it is the starting folder. */
  private cwd: string | null = null;

  /** A relative path name read against the folder `cd` moved to: after `cd /opt/x`, `path:bin` is `path:/opt/x/bin`. */
  private inCwd(name: string): string {
    if (!this.cwd || !name.startsWith('path:')) return name;
    const p = name.slice(5);
    if (/^[~/$%]|^[A-Za-z]:/.test(p)) return name;
    return `path:${p === '.' ? this.cwd : normalisePath(`${this.cwd}/${p}`)}`;
  }

  // -- words ---------------------------------------------------------------------------------

  private word(node: SyntaxNode, base: number, tt: boolean): Word {
    const names: string[] = [];
    const text = this.wordText(node, base, names, tt);
    const sub = text.startsWith('$(') ? /^["']?\$\(\s*(dirname|basename)\s+["']?\$\{?(\w+)\}?["']?\s*\)["']?$/.exec(node.text) : null;
    if (sub?.[1] === 'dirname') return { text, names, offset: base + node.startIndex, parentOf: sub[2] };
    if (sub?.[1] === 'basename') return { text, names, offset: base + node.startIndex, baseOf: sub[2] };
    return { text, names, offset: base + node.startIndex };
  }

  private wordText(node: SyntaxNode, base: number, names: string[], tt: boolean): string {
    switch (node.type) {
      case 'raw_string':
        return node.text.slice(1, -1);
      case 'ansi_c_string':
        return decodeAnsiC(node.text.slice(2, -1));
      case 'simple_expansion':
      case 'expansion': {
        // `${ROOT:-$HOME}` with ROOT never set in this document: the value is the default
        const dflt = /^\$\{(\w+):?[-=]([^{}]+)\}$/.exec(node.text);
        // (a URL or `user@host:` default keeps its host even when a part of its path is computed: `${SINK:-https://h/u/$(whoami)}`)
        if (dflt && !this.assigned.has(dflt[1]!) && (!/\$\(|`/.test(dflt[2]!) || /^["']?https?:\/\/[\w.-]+(?:[/:]|$)|^["']?(?:[\w.-]+@)?[\w-]+(?:\.[\w-]+)+:(?!\/\/)/.test(dflt[2]!))) {
          // the default's own variables still flow (`${OUT:-$HOME/x}` reads HOME); the unset name does not
          const inner = dflt[2]!.replace(/^["']|["']$/g, '').replace(/\$\([^()]*\)|`[^`]*`/g, 'X');
          for (const v of inner.matchAll(/\$\{?(\w+)\}?/g)) names.push(`$${v[1]}`);
          return inner;
        }
        const v = node.descendantsOfType('variable_name')[0]?.text ?? node.text.replace(/^\$\{?|\}$/g, '');
        this.envRead(v, base + node.startIndex);
        names.push(`$${v}`);
        return `$${v}`;
      }
      case 'command_substitution':
      case 'process_substitution': {
        const out = this.statements(node, base, null, tt);
        if (out) names.push(out);
        return node.type === 'process_substitution' ? '/dev/fd/63' : '$(…)';
      }
      case 'string':
      case 'concatenation':
      case 'translated_string': {
        let s = '';
        let last = node.type === 'string' ? node.startIndex + 1 : node.startIndex;
        for (let i = 0; i < node.namedChildCount; i++) {
          const c = node.namedChild(i)!;
          // literal text between named children (a string's raw characters)
          if (c.startIndex > last) s += node.text.slice(last - node.startIndex, c.startIndex - node.startIndex).replace(/^"|"$/g, '');
          s += this.wordText(c, base, names, tt);
          last = c.endIndex;
        }
        const end = node.type === 'string' ? node.endIndex - 1 : node.endIndex;
        if (end > last) s += node.text.slice(last - node.startIndex, end - node.startIndex).replace(/"$/, '');
        return s;
      }
      case 'string_content':
        return node.text;
      default: {
        if (node.namedChildCount > 0 && node.type !== 'word') {
          let s = '';
          for (let i = 0; i < node.namedChildCount; i++) s += this.wordText(node.namedChild(i)!, base, names, tt);
          return s;
        }
        const text = node.text;
        return text.includes('\\') ? text.replace(/\\(.)/g, '$1') : text;
      }
    }
  }

  /** A secret-named environment variable read for the first time is a source. */
  private envRead(name: string, offset: number): void {
    if (this.seenEnv.has(name) || !isSecretEnv(name)) return;
    this.seenEnv.add(name);
    this.add({ kind: 'read', entry: 'read.secret.env-var', object: name, via: 'environment', produces: [`$${name}`] }, offset);
  }

  // -- statements ----------------------------------------------------------------------------

  /** Reads a statement list; returns the data name of the last statement's output. */
  private statements(node: SyntaxNode, base: number, stdin: string | null, tt: boolean): string | null {
    // `$(curl … -o f; echo f)`: the substitution's output is every statement's output
    const outs: string[] = [];
    for (let i = 0; i < node.namedChildCount; i++) {
      const c = node.namedChild(i)!;
      if (c.type === 'comment') continue;
      const o = this.statement(c, base, stdin, tt);
      if (o) outs.push(o);
    }
    if (outs.length <= 1) return outs[0] ?? null;
    const out = this.ctx.list.fresh('group');
    this.flow(outs, [out], base + node.startIndex);
    this.remember(out, this.textOf(outs.slice(-1)));
    return out;
  }

  private statement(node: SyntaxNode, base: number, stdin: string | null, tt: boolean, redirects: Redirect[] = []): string | null {
    switch (node.type) {
      case 'command':
        return this.command(node, base, stdin, tt, redirects);
      case 'pipeline': {
        let prev = stdin;
        const n = node.namedChildCount;
        for (let i = 0; i < n; i++) {
          const c = node.namedChild(i)!;
          prev = this.statement(c, base, prev, tt, i === n - 1 ? redirects : []);
        }
        return prev;
      }
      case 'redirected_statement': {
        const body = node.childForFieldName('body') ?? node.namedChild(0);
        const reds: Redirect[] = [];
        for (let i = 0; i < node.namedChildCount; i++) {
          const c = node.namedChild(i)!;
          if (c === body || (body && c.startIndex === body.startIndex && c.type === body.type)) continue;
          if (c.type === 'file_redirect') {
            const op = /^\s*(\d?[<>&|]+)/.exec(c.text)?.[1] ?? '>';
            const dest = c.childForFieldName('destination') ?? c.namedChild(c.namedChildCount - 1);
            reds.push({ op, target: dest ? this.word(dest, base, tt) : undefined });
            // `cmd > f⏎ next line …` inside a pipeline can come back as one redirect with the next line's
            // words as further destinations; those words are the next command
            if (dest && c.namedChildCount > 1 && this.spilled.length < 50) {
              const rest = c.text.slice(dest.endIndex - c.startIndex);
              const nl = rest.indexOf('\n');
              if (nl >= 0 && rest.slice(nl).trim()) this.spilled.push([rest.slice(nl + 1), base + dest.endIndex + nl + 1]);
            }
          } else if (c.type === 'heredoc_redirect') {
            const bodyNode = c.descendantsOfType('heredoc_body')[0];
            const names: string[] = [];
            if (bodyNode) for (const e of bodyNode.descendantsOfType(['simple_expansion', 'expansion', 'command_substitution'])) if (e) this.wordText(e, base, names, tt);
            reds.push({ op: '<<', heredoc: bodyNode?.text ?? '', heredocOffset: base + (bodyNode?.startIndex ?? c.startIndex) });
            // a heredoc followed by `| cmd` or `> file` on the same line is parsed inside the redirect
            for (let j = 0; j < c.namedChildCount; j++) {
              const k = c.namedChild(j)!;
              if (k.type === 'file_redirect') {
                const dest = k.childForFieldName('destination') ?? k.namedChild(k.namedChildCount - 1);
                reds.push({ op: /^\s*(\d?[<>&|]+)/.exec(k.text)?.[1] ?? '>', target: dest ? this.word(dest, base, tt) : undefined });
              }
            }
            if (names.length) reds[reds.length - 1]!.target = { text: '', names, offset: base + c.startIndex };
          } else if (c.type === 'herestring_redirect') {
            const w = c.namedChild(0);
            if (w) reds.push({ op: '<<<', target: this.word(w, base, tt) });
          }
        }
        if (!body) return null;
        return this.statement(body, base, stdin, tt, reds);
      }
      case 'variable_assignment': {
        const name = node.childForFieldName('name')?.text ?? node.namedChild(0)?.text ?? '';
        const value = node.childForFieldName('value') ?? node.namedChild(1);
        if (!name || !value) return null;
        // a name assembled from fragments (`c=${b}$a`), not a path built from a directory
        if ((value.type === 'concatenation' || value.type === 'command_substitution' || (value.type === 'string' && value.namedChildCount > 1)) && !value.text.includes('/') && value.text.length < 60) this.builtVars.add(name);
        const w = this.word(value, base, tt);
        this.assigned.add(name); // after the value: `X="${X:-$HOME}"` reads the X from outside
        // a path in a variable is a name for the file, not its content: `$VAR` resolves to it where a file is read
        if (w.names.length === 0 && /^[~/.$]|^[A-Za-z]:[\\/]/.test(w.text)) this.varPaths.set(`$${name}`, w.text);
        // `OUT=/tmp/support-$ID`: an absolute path with a variable part is still that folder's name
        else if (/^(?:~|\/)[\w.~/${}-]*$/.test(w.text) && w.names.every((x) => x.startsWith('$'))) this.varPaths.set(`$${name}`, w.text);
        // `$HOME/.$(basename "$SHELL")rc`, `${XDG_CONFIG_HOME}/x`: a path under a home-like variable with computed parts
        // (a computed part `$(…)` may be any value: persistAt tries the likely ones) still names that place
        else if (HOME_LIKE.test(w.text) && /^[^\s'"]*$/.test(w.text)) this.varPaths.set(`$${name}`, w.text);
        // the interpreter's own site folder (`python3 -m site --user-site`): .pth files there run on every start
        if (SITE_DIR_QUERY.test(value.text)) this.varPaths.set(`$${name}`, '~/.local/lib/python3/site-packages');
        this.flow(w.names, [`$${name}`], base + node.startIndex);
        if (w.text && w.names.length === 0) this.remember(`$${name}`, w.text);
        if (URLISH.test(w.text) || REMOTE_SPEC.test(w.text) || REMOTE_SCHEMES.test(w.text)) this.remotes.set(`$${name}`, w.text);
        this.baseUrl(name, w.text, base + node.startIndex);
        this.indexAuth(name, w.names, base + node.startIndex);
        if (/^(?:https?_proxy|all_proxy)$/i.test(name) && URLISH.test(w.text)) this.proxy(w.text, name, base + node.startIndex);
        return null;
      }
      case 'declaration_command':
      case 'variable_assignments':
        for (let i = 0; i < node.namedChildCount; i++) this.statement(node.namedChild(i)!, base, null, tt);
        return null;
      case 'if_statement':
      case 'while_statement': {
        const cond = node.childForFieldName('condition');
        const timed = tt || (cond ? TIME_CONDITION.test(cond.text) : false);
        const readVar = node.type === 'while_statement' && stdin && cond ? /\bread\b[^;\n]*?\s(\w+)\s*;?\s*$/.exec(cond.text)?.[1] : undefined;
        if (readVar && this.findRoots.has(stdin!)) this.varPaths.set(`$${readVar}`, this.findRoots.get(stdin!)!);
        // `while read -r line; do … done < file` (or fed by a pipe): each line of the input is in the loop variable
        const readVars = node.type === 'while_statement' && cond ? /\bread\b((?:\s+-[a-zA-Z]+(?:\s+['"]?[^\s'"]*['"]?)?)*)((?:\s+[A-Za-z_]\w*)+)\s*;?\s*$/.exec(cond.text)?.[2]?.trim().split(/\s+/) : undefined;
        if (readVars) {
          const fed = [...(stdin ? [stdin] : [])];
          for (const r of redirects) if (r.op === '<' && r.target) fed.push(...this.pathNames([r.target.text], r.target.offset), ...r.target.names, ...this.listedPaths(r.target.text, r.target.offset));
          this.flow(fed, readVars.map((v) => `$${v}`), base + node.startIndex);
        }
        let out: string | null = null;
        for (let i = 0; i < node.namedChildCount; i++) out = this.statement(node.namedChild(i)!, base, null, timed) ?? out;
        return out;
      }
      case 'for_statement': {
        // `for k in ~/.ssh/id_*`: the loop variable names each value in turn
        const v = node.childForFieldName('variable');
        const values: Word[] = [];
        for (let i = 0; i < node.namedChildCount; i++) {
          const c = node.namedChild(i)!;
          if (c === v || c.type === 'do_group' || c.type === 'comment' || (v && c.startIndex === v.startIndex)) continue;
          values.push(this.word(c, base, tt));
        }
        if (v) {
          const texts = values.map((w) => w.text);
          this.flow([...values.flatMap((w) => w.names), ...this.pathNames(texts, base + node.startIndex)], [`$${v.text}`], base + node.startIndex);
          if (texts.length === 1 && /^[~/.$]/.test(texts[0]!)) this.varPaths.set(`$${v.text}`, texts[0]!);
          // `for rc in ~/.bashrc ~/.zshrc`: a write through the loop variable reaches each; the run-later one stands for them
          else if (texts.length > 1 && texts.every((t) => /^[~/.$]/.test(t))) this.varPaths.set(`$${v.text}`, texts.find((t) => persistAt(t)) ?? texts[0]!);
          else if (texts.length > 0 && texts.length <= 32 && texts.every((t) => /^[\w.-]+$/.test(t))) this.loopWords.set(v.text, texts);
        }
        const body = node.childForFieldName('body');
        return body ? this.statement(body, base, null, tt) : null;
      }
      case 'list':
      case 'subshell':
      case 'compound_statement':
      case 'do_group':
      case 'else_clause':
      case 'elif_clause':
      case 'c_style_for_statement':
      case 'case_statement':
      case 'case_item':
      case 'function_definition':
      case 'negated_command':
      case 'program': {
        // a group's output is every statement's output: `(cat a; cat b) | nc host` sends both
        const outs: string[] = [];
        // tree-sitter-bash hangs a heredoc of `a && cat > f <<EOF` on the whole list: it is the last command's input
        const inputs = node.type === 'list' ? redirects.filter((r) => r.op.startsWith('<')) : [];
        if (inputs.length) redirects = redirects.filter((r) => !r.op.startsWith('<'));
        for (let i = 0; i < node.namedChildCount; i++) {
          const c = node.namedChild(i)!;
          if (c.type === 'comment' || c.type === 'word' || c.type === 'variable_name') continue;
          // tree-sitter-bash reads `a | b | c || d` as `a | (b | c || d)`: the pipe feeds the list's first statement
          const feed = node.type === 'subshell' || node.type === 'compound_statement' || (node.type === 'list' && outs.length === 0 && i === 0);
          const o = this.statement(c, base, feed ? stdin : null, tt, inputs.length && i === node.namedChildCount - 1 ? inputs : []);
          if (o) outs.push(o);
        }
        let out: string | null = outs.length ? outs[outs.length - 1]! : null;
        if (outs.length > 1) {
          out = this.ctx.list.fresh('group');
          this.flow(outs, [out], base + node.startIndex);
          this.remember(out, this.textOf(outs));
        }
        if (redirects.length && out) this.redirectOutput(out, redirects, base + node.startIndex);
        return out;
      }
      case 'test_command':
      case 'unset_command':
        for (const e of node.descendantsOfType(['command_substitution'])) if (e) this.wordText(e, base, [], tt);
        return null;
      default:
        return null;
    }
  }

  // -- flow helpers --------------------------------------------------------------------------

  /** A pure data edge: `from` flows into `to` (no effect of its own). */
  private flow(from: string[], to: string[], offset: number): void {
    if (from.length === 0 || to.length === 0) return;
    if (this.cwd) {
      from = from.map((n) => this.inCwd(n));
      to = to.map((n) => this.inCwd(n));
    }
    this.ctx.list.edge(from, to, offset);
  }

  private remember(name: string, text: string): void {
    if (text) this.texts.set(name, text.slice(0, MAX_TEXT));
  }

  textOf(names: readonly string[]): string {
    return [...new Set(names.map((n) => this.texts.get(n) ?? '').filter(Boolean))].join('\n');
  }

  /**
   * The paths listed, one per line, in a file this document wrote (`cat > list <<EOF` then `while read p … < list`
   * or `--files-from list`): each is read in turn, so each secret among them is a read.
   */
  private listedPaths(file: string, offset: number): string[] {
    const listed = this.ctx.list.files.get(this.resolve(this.textOrName(file)));
    if (!listed) return [];
    return this.pathNames(listed.split('\n').map((l) => l.trim()).filter((l) => /^(?:~|\$HOME|\$\{HOME\}|\/)/.test(l)).slice(0, 64), offset);
  }

  /** Secret paths among arguments become read actions; returns the data names they produce (plus the paths). */
  private pathNames(args: readonly string[], offset: number): string[] {
    const out: string[] = [];
    for (const raw0 of args) {
      // after `cd ~/.aws`, `.` and `credentials` are inside ~/.aws
      let raw = this.cwd && raw0 && !/^[~/$%@-]|^[A-Za-z]:|:\/\//.test(raw0) ? (raw0 === '.' || raw0 === './' ? this.cwd : `${this.cwd}/${raw0.replace(/^\.\//, '')}`) : raw0;
      const v = /\$\{?(\w+)\}?/.exec(raw);
      if (v && this.varPaths.has(`$${v[1]}`)) raw = raw.replace(v[0], this.varPaths.get(`$${v[1]}`)!);
      let a = raw;
      if (a.startsWith('@')) a = a.slice(1);
      if (!a || URLISH.test(a) || a.length > 400) continue;
      const eq = a.indexOf('=');
      if (a.startsWith('-') && eq > 0) a = a.slice(eq + 1);
      else if (a.startsWith('-')) continue;
      // `-v ~/.aws:/root/.aws` and `key=@file` forms
      const { path, secret: s } = pathAndSecret(a.replace(/^[\w.-]+=@?/, '').split(':')[0] ?? a);
      if (!path || (!/[/~.]/.test(path) && !/^\$\{?\w+\}?$/.test(path))) continue;
      if (s) {
        const name = this.ctx.list.fresh('read');
        this.add({ kind: 'read', entry: s.entry, object: path, via: 'file', produces: [name] }, offset);
        out.push(name);
      }
      out.push(`path:${path}`);
    }
    return out;
  }

  /**
   * `OPENAI_BASE_URL=https://h/v1`: the vendor's SDK sends every request, with its API key in a
   * header, to that URL. Modelled as that key sent to that host, so the secret policy judges the host.
   */
  private baseUrl(name: string, value: string, offset: number): void {
    const m = BASE_URL_VAR.exec(name);
    if (!m || !URLISH.test(value)) return;
    const key = `${m[1]}_API_KEY`;
    if (!SECRET_VENDORS.some((v) => v.prefix.test(key))) return;
    this.add({ kind: 'read', entry: 'read.secret.env-var', object: key, via: `${name} (the SDK's key)`, produces: [`$${key}`] }, offset);
    this.add({ kind: 'send', entry: 'send.sdk-base-url', via: `${name}=`, host: hostOf(value) ?? undefined, object: value, channel: 'header', consumes: [`$${key}`] }, offset);
  }

  /** `UV_INDEX_ACME_PASSWORD=$(gh auth token)`: the package manager sends the value to that named index's host on every install. */
  private indexAuth(name: string, names: string[], offset: number): void {
    const m = /^(?:UV_INDEX|POETRY_HTTP_BASIC|PDM_SOURCE)_(\w+?)_(?:PASSWORD|USERNAME|TOKEN)$/.exec(name);
    const url = m ? this.ctx.list.indexes?.get(m[1]!) : undefined;
    if (!url || names.length === 0) return;
    this.add({ kind: 'send', entry: 'send.index-auth', via: `${name} (the credential of index ${m![1]!.toLowerCase()})`, host: hostOf(url) ?? undefined, object: url, channel: 'header', consumes: names }, offset);
  }

  /** A push URL added to a remote: every later push of that remote also sends the repository to `url`. */
  private pushCopy(remote: string, url: string, via: string, offset: number): void {
    const resolved = url.replace(/\$\{?(\w+)\}?/g, (m, v: string) => this.remotes.get(`$${v}`) ?? this.texts.get(`$${v}`) ?? m);
    const host = hostOf(resolved.replace(/^(?:ssh:\/\/)?[\w.-]+@([^:/]+)[:/]/, 'https://$1/')) ?? undefined;
    if (!host || host.includes('$')) return;
    this.add({ kind: 'persist', entry: 'persist.git-push-copy', object: `${remote} → ${resolved}`, via, host, content: '', flags: ['exec-config', 'push-copy'] }, offset);
  }

  /** A proxy every request goes through (with its credentials and, with TLS checks off, its content). */
  proxy(url: string, via: string, offset: number): void {
    this.add({ kind: 'tamper', entry: 'tamper.proxy', object: url, via, host: hostOf(url) ?? undefined }, offset);
  }

  /** A word's literal value when it is a variable this document set to text (`"$TAG"` → `registry/x:1`), else the word. */
  private textOrName(word: string): string {
    const v = /^\$\{?(\w+)\}?$/.exec(word);
    return v ? (this.texts.get(`$${v[1]}`) ?? word) : word;
  }

  /** `$VAR/x` with `$VAR` holding a path this document assigned → that path. */
  private resolve(raw: string): string {
    // a loop variable inside the path: the word that makes it a file that runs later stands for them all
    if (this.loopWords.size && raw.includes('$')) {
      const m = /\$\{?(\w+)\}?/.exec(raw);
      const words = m ? this.loopWords.get(m[1]!) : undefined;
      if (m && words) {
        const paths = words.map((w) => raw.replace(m[0], w));
        return this.resolve(paths.find((p) => persistAt(normalisePath(p))) ?? paths[0]!);
      }
    }
    const v = /^\$\{?(\w+)\}?/.exec(raw);
    if (v && this.varPaths.has(`$${v[1]}`)) return normalisePath(raw.replace(v[0], this.varPaths.get(`$${v[1]}`)!));
    // the working directory by name (`$PWD/x`, `$(pwd)/x`, or `$OLDPWD/x` after `cd ~`): the project's own file `x`
    const here = /^(?:\$\{?(?:PWD|OLDPWD)\}?|\$\(pwd\)|`pwd`)\/(?=.)/.exec(raw);
    if (here) return normalisePath(raw.slice(here[0].length));
    return normalisePath(raw);
  }

  private redirectOutput(out: string, redirects: Redirect[], offset: number): void {
    for (const r of redirects) {
      if (!r.target || !/>/.test(r.op) || /&$/.test(r.op)) continue;
      const path = this.resolve(r.target.text);
      if (!path || path.startsWith('/dev/')) continue;
      if (!r.op.includes('>>') && !this.textOf([out]) && this.emptyOutput.has(out) && this.eraseTraces([path], 'truncation', offset)) continue;
      this.write(path, [out], r.op.includes('>>') ? 'append' : 'write', 'redirect', r.target.offset);
    }
  }

  /** A write of `names` to `path`: a data edge, plus a persist action when the path runs later or changes trust. */
  private write(path: string, names: string[], how: string, via: string, offset: number): void {
    this.flow(names, [`path:${path}`], offset);
    // what a file holds, for commands that later read it as a script (`sftp -b FILE`)
    if (!this.texts.has(`path:${path}`)) this.remember(`path:${path}`, this.textOf(names));
    const written = this.textOf(names);
    if (written) {
      const before = how === 'append' ? this.ctx.list.files.get(path) : undefined;
      this.ctx.list.files.set(path, (before ? `${before}\n${written}` : written).slice(0, 8000));
      // `VERCEL_TOKEN=…` lines make the file a store of secrets: whoever reads it later reads them
      const keys = [...written.matchAll(/^(?:export\s+)?([A-Z][A-Z0-9_]{2,60})=/gm)].map((m) => m[1]!).filter(isSecretEnv);
      if (keys.length && !secretAt(path)) this.add({ kind: 'read', entry: 'read.secret.env-file', object: `${keys.slice(0, 3).join(', ')} (written to ${path})`, via: how, produces: [`path:${path}`] }, offset);
    }
    const p = persistAt(path);
    if (!p) return;
    const content = this.textOf(names);
    // files the written entry names (`credential_process = ~/.local/bin/x`, a preload library): what they hold runs too
    const named = [...content.matchAll(/(?:^|[\s='"])((?:~|\$HOME|\/)[\w.~/-]*[\w-])/g)].map((m) => `path:${normalisePath(m[1]!)}`).filter((n) => n !== `path:${path}`).slice(0, 8);
    this.add({ kind: p.kind === 'privilege' ? 'privilege' : 'persist', entry: p.entry, object: path, via, consumes: [...names, ...named], content, flags: [p.kind, how] }, offset);
    if (content && this.ctx.config) this.ctx.config(path, content, offset);
  }

  // -- commands ------------------------------------------------------------------------------

  private command(node: SyntaxNode, base: number, stdin: string | null, tt: boolean, redirects: Redirect[]): string | null {
    const offsetOfNode = base + node.startIndex;
    const words: Word[] = [];
    const envNames: string[] = [];
    let prevEnd = -1;
    for (let i = 0; i < node.namedChildCount; i++) {
      const c = node.namedChild(i)!;
      if (c.type === 'variable_assignment') {
        const v = c.childForFieldName('value');
        if (v) envNames.push(...this.word(v, base, tt).names);
        continue;
      }
      if (c.type === 'file_redirect' || c.type === 'heredoc_redirect' || c.type === 'herestring_redirect' || c.type === 'comment') continue;
      const w = this.word(c.type === 'command_name' ? (c.namedChild(0) ?? c) : c, base, tt);
      // the grammar sometimes splits one shell word in two (`document=@<(…)`): no space between them means one word
      if (words.length && c.startIndex === prevEnd && c.type !== 'command_name') {
        const last = words[words.length - 1]!;
        words[words.length - 1] = { text: last.text + w.text, names: [...last.names, ...w.names], offset: last.offset };
      } else words.push(w);
      prevEnd = c.endIndex;
    }
    if (words.length === 0) return null;
    // `$IFS` expands to a space: `cu''rl${IFS}-s${IFS}URL` is three words
    for (let w = 0; w < words.length; w++) {
      const t = words[w]!.text;
      if (!t.includes('IFS') || !/\$\{?IFS\}?/.test(t)) continue;
      const parts = t.split(/\$\{?IFS\}?/).filter(Boolean).map((p) => ({ ...words[w]!, text: p, names: words[w]!.names.filter((n) => n !== '$IFS') }));
      words.splice(w, 1, ...parts);
      w += parts.length - 1;
    }
    if (words.length === 0) return null;
    const offset = base + node.startIndex;
    const nameNode = node.childForFieldName('name') ?? node.namedChild(0);
    const disguised = !!nameNode && (DISGUISED.test(nameNode.text) || /[A-Za-z]\$\{?\w+\}?[A-Za-z]/.test(nameNode.text)) && (words[0]!.text.length > 1);
    const before = this.ctx.list.actions.length;
    let i = 0;
    let sudo = false;
    // wrappers: sudo, env, nohup … run the command after their own options
    for (let guard = 0; guard < 4 && i < words.length; guard++) {
      const wname = basename(words[i]!.text);
      const w = WRAPPERS[wname];
      if (!w) break;
      if (/^(?:sudo|doas)$/.test(wname)) sudo = true;
      i++;
      while (i < words.length && (words[i]!.text.startsWith('-') || /^\w+=/.test(words[i]!.text))) {
        if (w.valued.includes(words[i]!.text)) i++;
        i++;
      }
    }
    // `env` alone (or with only its own options) prints the whole environment
    if (i >= words.length && /^env$/.test(basename(words[0]!.text)) && words.length <= 2) i = 0;
    const argv = words.slice(i);
    if (argv.length === 0) return null;
    // a variable nobody set expands to nothing: `cu${x}rl` runs curl
    const rawName = argv[0]!.text;
    if (/[A-Za-z]\$\{?\w+\}?|\$\{?\w+\}?[A-Za-z]/.test(rawName)) {
      const resolved = rawName.replace(/\$\{?(\w+)\}?/g, (m, v: string) => (this.assigned.has(v) ? m : ''));
      if (resolved !== rawName && /^[\w.-]+$/.test(resolved)) argv[0] = { ...argv[0]!, text: resolved };
    }
    // `python3 -m pip install x`: the module runs as the command of that name
    if (/^(?:python[\d.]*|py)$/.test(basename(argv[0]!.text))) {
      const m = argv.findIndex((w, k) => k > 0 && w.text === '-m');
      if (m > 0 && argv[m + 1] && argv.slice(1, m).every((w) => w.text.startsWith('-')) && /^[\w.]+$/.test(argv[m + 1]!.text)) argv.splice(0, m + 1);
    }
    // the command's name (argv[0] does not change below)
    const cmd = basename(argv[0]!.text);
    // a script this document wrote, then ran (`~/.local/bin/sync-rules`, `bash ./setup.sh`): what runs is its content
    const interpArg = /^(?:(?:ba|z|da|k)?sh|source|\.|python[\d.]*|node|ruby|perl)$/.test(cmd) ? argv.slice(1).find((w) => !w.text.startsWith('-'))?.text ?? '' : '';
    const scriptPath = argv[0]!.text.includes('/') ? argv[0]!.text : interpArg;
    const scriptFile = scriptPath ? this.inCwd(`path:${this.resolve(scriptPath)}`).slice(5) : '';
    const script = scriptFile ? this.ctx.list.files.get(scriptFile) : undefined;
    const scriptLang = /\.py$|^python/.test(scriptFile) || /^python/.test(cmd) ? 'python' : /\.(?:m?js|cjs)$/.test(scriptFile) || cmd === 'node' ? 'javascript' : 'shell';
    // (each script once: a script run a thousand times is read once, not a thousand times against the budget)
    if (script && this.ctx.nested && this.ctx.depth < 2 && !this.running.has(scriptPath) && !this.scriptsRead.has(`${scriptPath}\u0000${script}`)) {
      this.scriptsRead.add(`${scriptPath}\u0000${script}`);
      const from = this.ctx.list.actions.length;
      const at = this.ctx.list.src.locate(offsetOfNode);
      this.running.add(scriptPath);
      this.ctx.nested(scriptLang, script.replace(/^#![^\n]*/, ''), offsetOfNode, this.ctx.depth + 1);
      this.running.delete(scriptPath);
      // what the script does happens where it is run
      for (const a of this.ctx.list.actions.slice(from)) Object.assign(a, { line: at.line, column: at.column, snippet: at.snippet });
    }
    const out = this.ctx.list.fresh('out');
    const args = argv.slice(1);
    if (/^(?::|true)$/.test(cmd) || (cmd === 'cat' && args.length === 1 && args[0]!.text === '/dev/null') || ((cmd === 'echo' || cmd === 'printf') && args.every((a) => a.text === '' || a.text === '-n'))) this.emptyOutput.add(out);
    // `truncate -s 0 ~/.zsh_history`, `ln -sf /dev/null ~/.bash_history`: history emptied or sent nowhere
    if ((cmd === 'truncate' && args.some((a) => /^(?:-s\s*0|--size=0|0)$/.test(a.text))) || (cmd === 'ln' && args.some((a) => a.text === '/dev/null'))) this.eraseTraces(args.map((a) => a.text).filter((t) => !t.startsWith('-') && t !== '/dev/null' && t !== '0'), cmd, offsetOfNode);
    const argTexts = args.map((a) => a.text);
    const names = envNames.slice();
    for (const a of args) for (const n of a.names) names.push(n);
    // a jq program reads the environment itself (`env.TOKEN`, `$ENV.TOKEN`): those values are in its output
    if (JQ_LIKE.test(cmd)) {
      for (const a of argTexts) for (const m of a.matchAll(/(?:\$ENV|\benv)\.([A-Za-z_]\w*)/g)) {
        this.envRead(m[1]!, offset);
        if (isSecretEnv(m[1]!)) names.push(`$${m[1]!}`);
      }
    }
    // `rsync --files-from LIST`, `tar -T LIST`: the paths of a list this document wrote are arguments too
    for (let i = 0; i < argTexts.length; i++) {
      // (each form starts with a dash: the other words of a long command line need no regex)
      if (!argTexts[i]!.startsWith('-')) continue;
      const inline = /^--(?:files-from|include-from)=(.+)$/.exec(argTexts[i]!);
      const list = inline ? inline[1]! : /^(?:--files-from|--include-from|-T)$/.test(argTexts[i]!) ? argTexts[i + 1] : undefined;
      if (list) names.push(...this.listedPaths(list, offset));
    }

    // input: stdin from a pipe, `< file`, a heredoc or a here-string
    let input: string[] = stdin ? [stdin] : [];
    for (const r of redirects) {
      if (r.op === '<' && r.target) input = input.concat(this.pathNames([r.target.text], r.target.offset), r.target.names);
      if (r.op === '<<' || r.op === '<<<') {
        const hname = this.ctx.list.fresh('text');
        const text = r.heredoc ?? r.target?.text ?? '';
        this.remember(hname, text);
        input.push(hname, ...(r.target?.names ?? []));
        if (r.heredoc !== undefined && INTERPRETERS[cmd] && r.heredocOffset !== undefined) this.interpretInline(cmd, text, r.heredocOffset);
      }
    }

    // a computed command name (`$(echo $c | rev)`, `$cmd`) fed with data runs it without showing what runs
    const computed = rawName.startsWith('$') || (argv[0]!.names.length > 0 && !/^[\w./-]+$/.test(argv[0]!.text));
    const handled = computed
      ? (this.add({ kind: 'exec', entry: 'exec.computed', via: rawName.slice(0, 40), consumes: [...input, ...names, ...argv[0]!.names, ...(/^\$\{?\w+\}?\/[\w./-]+$/.test(argv[0]!.text) ? [`path:${normalisePath(argv[0]!.text)}`] : [])], produces: [out], flags: this.hiddenName(rawName) ? ['disguised'] : [] }, offset), true)
      : this.dispatch(cmd, argv, args, argTexts, names, input, out, offset, tt, sudo);
    if (!handled) {
      // Any other command: its variable arguments and input flow into its output; file contents only
      // for commands that print them (cat, jq, base64 …).
      const paths = CONTENT_COMMANDS.has(cmd) ? this.pathNames(argTexts, offset) : [];
      this.flow([...input, ...names, ...paths], [out], offset);
      if (cmd === 'echo' || cmd === 'printf' || cmd === 'write-output' || cmd === 'cat' || cmd === 'tee') {
        // a variable holding text this document assigned prints that text (`LINE='…'; printf '%s' "$LINE" >> ~/.bashrc`)
        const words = argTexts.filter((a) => !/^-[neE]$/.test(a)).map((a) => a.replace(/\$\{?(\w+)\}?/g, (m, v: string) => (this.texts.has(`$${v}`) ? this.texts.get(`$${v}`)! : m)));
        const text = cmd === 'cat' || cmd === 'tee' ? this.textOf(input) : cmd === 'printf' ? printfText(words) : words.join(' ');
        this.remember(out, text);
        // printf spelling text as byte escapes (`printf '%b' '\x63\x75…'`) decodes it: what it prints is not what the reader sees
        if (cmd === 'printf' && (words.join(' ').match(/\\(?:x[0-9a-fA-F]{2}|[0-7]{3})/g)?.length ?? 0) >= 4) {
          this.add({ kind: 'exec', entry: 'decode', via: 'printf escapes', consumes: [...input, ...names], produces: [out], flags: ['decoder'] }, offset);
        }
      }
      if (cmd === 'tee') {
        for (const a of argTexts) if (!a.startsWith('-')) this.write(this.resolve(a), [...input, out], argTexts.includes('-a') ? 'append' : 'write', 'tee', offset);
      }
    }
    if (redirects.length) this.redirectOutput(out, redirects, offset);
    if (disguised || argv.some((a, k) => k === 0 && DISGUISED.test(a.text))) {
      for (let k = before; k < this.ctx.list.actions.length; k++) {
        const a = this.ctx.list.actions[k]!;
        a.flags = [...(a.flags ?? []), 'disguised'];
      }
    }
    return out;
  }

  /**
   * A bucket object read whose key is a secret location (catalogue/locations.ts): `cat` verbs print it, a copy from the
   * bucket to `-` prints it and to a local path writes it there. A copy from one bucket to another is not read here.
   */
  private remoteSecretRead(cmd: string, argTexts: string[], out: string, offset: number): boolean {
    const remote = (a: string) => REMOTE_SCHEMES.test(a) || (cmd === 'rclone' && /^[\w-]+:[^/\\]/.test(a) && !/^[A-Za-z]:[\\/]/.test(a));
    const operands = argTexts.filter((a, k) => !a.startsWith('-') || (a === '-' && k > 0));
    let src: string | undefined;
    let dest: string | undefined;
    const verb = operands.findIndex((a) => /^(?:cat|cp|mv|copy|copyto|download)$/.test(a));
    if (cmd === 'az' && argTexts[0] === 'storage' && argTexts[1] === 'blob' && argTexts[2] === 'download') {
      const val = (flag: RegExp) => { const k = argTexts.findIndex((a) => flag.test(a)); return k >= 0 ? argTexts[k + 1] : undefined; };
      src = val(/^(?:-n|--name)$/);
      dest = val(/^(?:-f|--file)$/) ?? '-';
    } else if (verb >= 0 && remote(operands[verb + 1] ?? '')) {
      src = operands[verb + 1];
      dest = operands[verb] === 'cat' ? '-' : operands[verb + 2];
    }
    if (!src || !dest || remote(dest)) return false;
    const key = src.replace(/^[a-z0-9]+:\/\/[^/]+/i, '').replace(/^[\w-]+:/, '');
    const secret = secretAt(normalisePath(key.replace(/^\/+/, '')));
    if (!secret) return false;
    const r = this.ctx.list.fresh('read');
    this.add({ kind: 'read', entry: secret.entry, object: `${secret.label} (${src})`, via: `${cmd} ${operands[verb] ?? 'download'}`, produces: [r], flags: secret.vendors ? secret.vendors.map((v) => `vendor:${v}`) : undefined }, offset);
    this.flow([r], [out], offset);
    if (dest !== '-' && !/^\/dev\/std(?:out|err)$/.test(dest)) this.write(this.resolve(dest), [r], 'write', cmd, offset);
    return true;
  }

  /** What a known command does. Returns false for commands the catalogue does not know. */
  private dispatch(cmd: string, argv: Word[], args: Word[], argTexts: string[], names: string[], input: string[], out: string, offset: number, tt: boolean, sudo: boolean): boolean {
    // a password, token or key picked out of a configuration file by its key (`grep rcon.password server.properties`,
    // `awk -F= '/^api_key/{print $2}' app.ini`): the output is that secret (what becomes of it is judged where it goes)
    // GitHub's API: a fixed outside account made maintainer or administrator of the repository (`gh api -X PUT
    // repos/o/r/collaborators/LOGIN -f permission=admin`), or a self-hosted runner group opened to public repositories
    // (`allows_public_repositories=true`: anyone's pull request then runs its code on the runner's machine)
    if (cmd === 'gh' && argTexts[0] === 'api') {
      const path = argTexts.find((a) => /^\/?(?:repos|orgs)\//.test(a)) ?? '';
      const login = /^\/?repos\/[^/\s]+\/[^/\s]+\/collaborators\/([\w-]+)$/.exec(path)?.[1];
      const perm = argTexts.map((a) => /^permission=(admin|maintain)$/i.exec(a)?.[1]).find(Boolean);
      if (login && perm) this.add({ kind: 'privilege', entry: 'privilege.repo-grant', object: `${perm} on the repository for the fixed account ${login}`, via: 'gh api …/collaborators', flags: ['repo-grant'] }, offset);
      if (/\/actions\/runner-groups\b/.test(path) && argTexts.some((a) => /^allows_public_repositories=true$/i.test(a))) {
        this.add({ kind: 'privilege', entry: 'privilege.public-runner', object: 'a self-hosted runner group open to public repositories', via: 'gh api …/runner-groups', flags: ['public-runner'] }, offset);
      }
    }
    // the path of a key file taken from a configuration field named for it (`jq -r '.submit.ios.ascApiKeyPath' eas.json`,
    // `yq '.credentials.serviceAccountKeyFile'`): what is read or uploaded from that path is the key
    if (/^(?:jq|yq|gojq)$/.test(cmd)) {
      const field = argTexts.find((a) => !a.startsWith('-') && KEY_FILE_FIELD.test(a));
      if (field) {
        const r = this.ctx.list.fresh('read');
        this.add({ kind: 'read', entry: 'read.secret.key-file', object: `the key file ${field.slice(0, 60)} names`, via: cmd, produces: [r] }, offset);
        this.flow([r], [out], offset);
      }
    }
    // (not the lines without it, a count or file names — `grep -v/-c/-l/-q` — nor a sed edit that rewrites it, only `sed -n …p`)
    if ((/^(?:grep|egrep|rg)$/.test(cmd) && !argTexts.some((a) => /^-[a-zA-Z]*[vclLq]/.test(a) || /^--(?:invert-match|count|files-with(?:out)?-match(?:es)?|quiet)$/.test(a))) || cmd === 'awk' || (cmd === 'sed' && argTexts.includes('-n'))) {
      const operands = argTexts.filter((a) => !a.startsWith('-'));
      const pattern = operands[0] ?? '';
      if (operands.length >= 2 && CONFIG_SECRET_KEY.test(pattern) && !operands.slice(1).some((f) => /\.(?:md|txt|log|rst|html?)$/i.test(f))) {
        const r = this.ctx.list.fresh('read');
        this.add({ kind: 'read', entry: 'read.secret.config-value', object: `${pattern.slice(0, 60)} in ${operands.slice(1).join(' ').slice(0, 80)}`, via: cmd, produces: [r] }, offset);
        this.flow([r], [out], offset);
      }
    }
    // an account created with a password written into the skill (an identity provider's API, `net user … /add`, `chpasswd`),
    // and administrator roles handed out: judged together by the policy (a known password on an administrator is a way in)
    {
      const joined = `${argTexts.join(' ')} ${cmd === 'chpasswd' ? this.textOf(input) : ''}`;
      const pw = /"password"\s*:\s*(?:\{\s*"value"\s*:\s*)?"([^"$<{}\s]{8,64})"|--password[= ]["']?([^"'$<{}\s]{8,64})|\bPassword\s*=\s*['"]([^'"$<{}\s]{8,64})['"]/i.exec(joined)
        ?? (cmd === 'net' && argTexts[0]?.toLowerCase() === 'user' && argTexts.some((a) => /^\/add$/i.test(a)) && argTexts[2] && !argTexts[2].startsWith('/') && argTexts[2] !== '*' ? [argTexts[2], argTexts[2]] : null)
        ?? (cmd === 'chpasswd' ? /^[\w.-]+:([^\s$]{8,64})$/m.exec(this.textOf(input)) : null)
        // (GAM: `gam create user x password 'P'`; `random` asks GAM for one)
        ?? (cmd === 'gam' && /^(?:create|add|update)$/i.test(argTexts[0] ?? '') ? /\bpassword ([^\s$]{8,64})(?:\s|$)/i.exec(argTexts.join(' ')) : null);
      if (pw && !/^(?:changeme|password|placeholder|\*+|x+|random|uniquerandom|blankrandom)$/i.test(pw[1] ?? pw[2] ?? pw[3] ?? '')) {
        const login = /"(?:login|email|userPrincipalName|userName)"\s*:\s*"([^"]{3,80})"/.exec(joined)?.[1] ?? (cmd === 'net' || cmd === 'gam' ? argTexts[cmd === 'gam' ? 2 : 1] : undefined);
        this.add({ kind: 'privilege', entry: 'privilege.known-password', object: login ?? 'an account', via: cmd, flags: ['known-password'] }, offset);
      }
      // a first sign-in that must change the password (`chage -d 0`, `passwd -e`, a reset required): the password is temporary
      if ((cmd === 'chage' && argTexts.some((a, k) => /^(?:-d|--lastday)$/.test(a) && argTexts[k + 1] === '0')) || (cmd === 'passwd' && argTexts.some((a) => /^(?:-e|--expire)$/.test(a))) || argTexts.some((a) => /^--password-reset-required$|ForceChangePassword\w*\s*=\s*\$?true/i.test(a)) || (cmd === 'gam' && /\bchangepassword (?:on|true)\b/i.test(argTexts.join(' ')))) {
        this.add({ kind: 'privilege', entry: 'privilege.password-expired', object: 'the first sign-in changes the password', via: cmd, flags: ['password-expired'] }, offset);
      }
      // a guest invited into the directory (`New-MgInvitation -InvitedUserEmailAddress x@other.example`): an identity from outside it
      const guest = /^(?:new-mginvitation|new-azureadmsinvitation)$/.test(cmd) ? argTexts[argTexts.findIndex((a) => /^-InvitedUserEmailAddress$/i.test(a)) + 1] : undefined;
      if (guest && /@/.test(guest)) this.add({ kind: 'privilege', entry: 'privilege.guest', object: guest, via: cmd }, offset);
      const admin = ADMIN_ROLE.exec(joined);
      if (admin) this.add({ kind: 'privilege', entry: 'privilege.admin-role', object: admin[0], via: cmd, flags: ['admin-role'] }, offset);
    }
    // an SSH key put in a cloud's instance or project metadata (`gcloud compute project-info add-metadata --metadata
    // ssh-keys="root:ssh-ed25519 AAAA…"`): every instance of the project accepts it
    if (cmd === 'gcloud' && argTexts.some((a) => /^(?:add-metadata|create)$/.test(a))) {
      const meta = argTexts.join(' ').match(/\b(?:ssh-keys|sshKeys)=["']?(?:[\w.-]+:)?((?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+) AAAA[A-Za-z0-9+/=]{20,})/);
      if (meta && wellFormedPublicKey(meta[1]!)) this.add({ kind: 'persist', entry: 'persist.access', object: `the authorized keys of every instance (${argTexts.includes('project-info') ? 'project' : 'instance'} metadata)`, via: 'gcloud compute … ssh-keys', content: meta[1]!.slice(0, 200), flags: ['access', 'write'] }, offset);
    }
    // a bank account written into the skill made the default payout destination (`external_account[account_number]=…` with
    // `default_for_currency=true`): every payout of the business goes to whoever holds that account
    {
      const joined = argTexts.join(' ');
      const acct = payoutBankAccount(joined);
      // (in a payment provider's test mode no money moves: its test keys or the section saying so)
      // (read only for a command that sets a payout account: the document is scanned once there, not on every command)
      if (acct && !PAYMENT_TEST_MODE.test(`${joined} ${this.ctx.list.src.content.slice(0, 200_000)}`)) {
        this.add({ kind: 'tamper', entry: 'tamper.payee', object: `bank account ${acct}`, via: `${cmd} (payout destination)` }, offset);
      }
    }
    const http = HTTP_CLIENTS[cmd];
    // a silence created through Alertmanager's API that matches every alert for a month or more (effects/silence.ts)
    if (http && argTexts.some((a) => SILENCES_API.test(a))) {
      // (read from the command as written too: a computed `endsAt` (`$(date -d '+90 days' …)`) is only there)
      const raw = this.ctx.list.src.content.slice(offset, offset + 6000).split(/(?<!\\)\n/)[0]!.replace(/\\"/g, '"');
      const hours = silencesEverything(`${argTexts.join(' ')} ${this.textOf(input)}`.replace(/\\"/g, '"')) ?? silencesEverything(raw);
      if (hours !== null) this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: `every alert (silenced for ${hours} h)`, via: `${cmd} POST /api/v2/silences`, flags: ['defense-off'] }, offset);
    }
    if (http) {
      this.httpClient(http, cmd, args, input, out, offset);
      return true;
    }
    const interp = INTERPRETERS[cmd];
    if (interp) {
      this.interpreter(cmd, interp, args, names, input, out, offset);
      return true;
    }
    if ((cmd === 'ssh' || cmd === 'autossh') && args.some((a) => /^-[a-zA-Z]*R$/.test(a.text))) {
      // `ssh -R port:localhost:22 host`: the remote host reaches into this machine for as long as it runs
      // (autossh's -M takes its monitoring port)
      const target = args.filter((a, k) => !a.text.startsWith('-') && !(k > 0 && /^-[a-zA-Z]*[RLDoiJFpWlbceEmMOQSw]$/.test(args[k - 1]!.text))).shift();
      const hostText = target ? (target.text.split('@').pop() ?? '') : '';
      this.add({ kind: 'send', entry: 'send.tunnel.reverse', via: `${cmd} -R`, channel: 'stdin', host: hostText || undefined, object: hostText }, offset);
      // (the forwarded port is this machine's remote login — SSH, RDP, VNC — on a host outside the user's network)
      const r = args.findIndex((a) => /^-[a-zA-Z]*R$/.test(a.text));
      const spec = args[r + 1]?.text ?? '';
      if (/:(?:22|3389|5900)$/.test(spec) && /\./.test(hostText) && !/\.(?:internal|local|lan|home\.arpa|localdomain)$/i.test(hostText)) {
        this.add({ kind: 'privilege', entry: 'privilege.remote-access', object: "this machine's remote login", via: `${cmd} -R ${spec}`, host: hostText, flags: ['remote-access'] }, offset);
      }
      return true;
    }
    // `pg_dump … | ssh user@host 'cat > x'` (or `< file`): what reaches ssh's stdin goes to that host, as `scp` would copy it
    if ((cmd === 'ssh' || cmd === 'autossh') && input.length > 0) {
      const target = args.filter((a, k) => !a.text.startsWith('-') && !(k > 0 && /^-[a-zA-Z]*[LDoiJFpWlbceEmOQSw]$/.test(args[k - 1]!.text))).shift();
      // (the destination may be a variable this document set: `SYNC=user@host` … `ssh "$SYNC" 'cat > x'`)
      const targetText = target ? this.textOrName(target.text) : '';
      const hostText = targetText.split('@').pop() ?? '';
      // (a single-label name, `backup-box`, or a network-local one is a host of the user's own network or ssh config)
      if (hostText && /\./.test(hostText) && !/\.(?:internal|local|lan|home\.arpa|localdomain)$/i.test(hostText)) {
        this.add({ kind: 'send', entry: 'send.copy.ssh', via: 'ssh (stdin)', channel: 'upload', host: hostText, object: targetText, consumes: [...input] }, offset);
        this.flow([...input, ...names], [out], offset);
        return true;
      }
    }
    // a package file installed from disk (an editor extension, a .deb/.rpm/.pkg/.msi): its code runs like the file itself
    const installed = LOCAL_PACKAGE_INSTALL[cmd]?.(argTexts);
    if (installed) {
      const path = this.resolve(installed);
      this.add({ kind: 'exec', entry: 'exec.file', object: path, via: `${cmd} ${argTexts[argTexts.indexOf(installed) - 1] ?? ''}`.trim(), consumes: [`path:${path}`, ...input] }, offset);
      this.flow([...input, ...names], [out], offset);
      return true;
    }
    // a program the document downloaded onto the PATH, run by its name (`helper --daemon` after `curl -o /usr/local/bin/helper`)
    // (or saved there by another block's code: Python's `urlretrieve(url, "/usr/local/bin/x")`, then `x`)
    const downloaded = this.downloadedPrograms.get(argv[0]!.text) ?? (/^[\w.+-]+$/.test(argv[0]!.text) ? PATH_DIRS.map((d) => `${d}/${argv[0]!.text}`).find((p) => this.ctx.list.writtenPaths.has(`path:${p}`)) : undefined);
    if (downloaded) {
      this.add({ kind: 'exec', entry: 'exec.file', object: downloaded, via: argv[0]!.text, consumes: [`path:${downloaded}`, ...input] }, offset);
      this.flow([...input, ...names], [out], offset);
      return true;
    }
    if (argv[0]!.text.startsWith('./') || argv[0]!.text.startsWith('/') || argv[0]!.text.startsWith('~/')) {
      const path = normalisePath(argv[0]!.text);
      // (the system's own programs are not a file the document made, unless a download saved it there, in this shell or in
      // another block's code: Python's `urlretrieve(url, "/usr/local/bin/x")` run by `subprocess.run(["/usr/local/bin/x"])`)
      if (!/^\/(?:usr|bin|sbin|opt|etc)\//.test(path) || [...this.downloadedPrograms.values()].includes(path) || this.ctx.list.writtenPaths.has(`path:${path}`)) {
        this.add({ kind: 'exec', entry: 'exec.file', object: path, via: path, consumes: [`path:${path}`, ...input] }, offset);
      }
      this.flow([...input, ...names], [out], offset);
      return true;
    }
    // a process's memory written to a file, whatever the file is called (`jcmd PID GC.heap_dump x.bin`,
    // `jmap -dump:format=b,file=x`, `gcore -o x PID`, `procdump -ma PID x`): it holds that process's secrets
    const dumpFile = cmd === 'jcmd' && argTexts.includes('GC.heap_dump') ? argTexts.slice(argTexts.indexOf('GC.heap_dump') + 1).find((a) => !a.startsWith('-'))
      : cmd === 'jmap' ? /(?:^|,)file=([^,\s]+)/.exec(argTexts.find((a) => a.startsWith('-dump:')) ?? '')?.[1]
        : cmd === 'gcore' && argTexts.includes('-o') ? argTexts[argTexts.indexOf('-o') + 1]
          : /^procdump(?:64)?(?:\.exe)?$/i.test(cmd) ? argTexts.filter((a) => !a.startsWith('-')).slice(-1)[0] : undefined;
    if (dumpFile && !dumpFile.startsWith('-')) {
      const r = this.ctx.list.fresh('read');
      this.add({ kind: 'read', entry: 'read.secret.memory-image', object: `${dumpFile} (a memory image written by ${cmd})`, via: cmd, produces: [r] }, offset);
      this.flow([r], [`path:${this.resolve(dumpFile)}`], offset);
      return true;
    }
    if (cmd === 'go' && argTexts[0] === 'mod' && argTexts[1] === 'edit') {
      // `go mod edit -replace old=new@version`: the module is built from there from now on
      for (let i = 2; i < argTexts.length; i++) {
        const spec = argTexts[i]!.startsWith('-replace=') ? argTexts[i]!.slice(9) : argTexts[i] === '-replace' ? argTexts[i + 1] ?? '' : '';
        const m = /^([^=@\s]+)(?:@[^=\s]+)?=([^@\s]+)(?:@(\S+))?$/.exec(spec);
        const swap = m ? goReplaceSwap(m[1]!, m[2]!, m[3] ?? '', 0) : null;
        if (swap) this.add(swapAction(swap, hostOf), offset);
      }
      this.flow([...input, ...names], [out], offset);
      return true;
    }
    if (SECRET_SCANNERS.test(cmd) && !argTexts.some((a) => /^--redact(?:=(?:100|true))?$/.test(a))) {
      // a secret scanner's findings are the secrets it found: its output and the report it writes hold them
      const r = this.ctx.list.fresh('read');
      this.add({ kind: 'read', entry: 'read.secret.pattern-match', object: `the secrets ${cmd} finds`, via: cmd, produces: [r] }, offset);
      this.flow([r, ...input, ...names], [out], offset);
      for (let i = 0; i < argTexts.length; i++) {
        const inline = /^--(?:report-path|report|output|output-file|json-file|baseline)=(.+)$/.exec(argTexts[i]!);
        const report = inline ? inline[1]! : /^(?:--report-path|-r|--report|--output|-o|--output-file|--json-file)$/.test(argTexts[i]!) ? argTexts[i + 1] : undefined;
        if (report && !report.startsWith('-')) this.flow([r], [`path:${this.resolve(report)}`], offset);
      }
      return true;
    }
    const decoder = DECODERS[cmd];
    if (decoder && (!decoder.needs || argTexts.some((a) => decoder.needs!.test(a)))) {
      const src = [...input, ...names, ...this.pathNames(argTexts, offset)];
      this.add({ kind: 'exec', entry: 'decode', via: cmd, consumes: src, produces: [out], flags: ['decoder'] }, offset);
      return true;
    }
    // an object read out of a bucket whose key names a secret file (`gsutil cat gs://b/prod/default.tfstate`, `aws s3 cp
    // s3://b/x.tfstate -`, `rclone cat r:b/.env`): the same secret as that file on disk, printed or written where the copy says
    if (/^(?:aws|gsutil|gcloud|az|rclone)$/.test(cmd) && this.remoteSecretRead(cmd, argTexts, out, offset)) return true;
    for (const s of SECRET_COMMANDS) {
      if (s.name !== cmd) continue;
      if (s.sub && !argTexts.some((a) => s.sub!.test(a))) continue;
      if (s.also && !argTexts.some((a) => s.also!.test(a))) continue;
      if (cmd === 'env' && args.some((a) => !a.text.startsWith('-'))) continue;
      if (cmd === 'set' && args.length > 0) continue;
      // (a dump names the server it reads: a restore into the same site is a copy within the user's own estate)
      const server = s.entry === 'read.personal.records' ? dbClientHost(argTexts) ?? undefined : undefined;
      this.add({ kind: 'read', entry: s.entry, object: s.label, via: [cmd, ...argTexts.slice(0, 2)].join(' '), produces: [out], host: server, flags: s.vendors ? [...s.vendors.map((v) => `vendor:${v}`)] : undefined }, offset);
      // (written to a file the command is told to write: `bw export --output /tmp/v.json`)
      const o = argTexts.findIndex((a) => /^(?:--output|-o|--out|--out-file|--output-file)$/.test(a) || (s.outFlag?.test(a) ?? false));
      if (o >= 0 && argTexts[o + 1] && !argTexts[o + 1]!.startsWith('-')) this.write(this.resolve(argTexts[o + 1]!), [out], 'write', cmd, offset);
      // (… also in the joined form: `--out=/tmp/c.json`, `--file=backup.dump`)
      const joinedOut = argTexts.map((a) => /^(--?[\w-]+)=(.+)$/.exec(a)).find((m) => m && (/^(?:--output|--out|--out-file|--output-file)$/.test(m[1]!) || (s.outFlag?.test(m[1]!) ?? false)));
      if (joinedOut && !joinedOut[2]!.startsWith('-')) this.write(this.resolve(joinedOut[2]!), [out], 'write', cmd, offset);
      // (or to the file an export or create verb names: `airflow connections export /tmp/c.json`, `gcloud iam service-accounts keys create k.json`)
      const verb = argTexts.findIndex((a) => /^(?:export|download|pull|dump|backup|create)$/.test(a));
      const file = verb >= 0 ? argTexts.slice(verb + 1).find((a) => !a.startsWith('-') && /[/.]/.test(a) && !/^\w+:\/\//.test(a)) : undefined;
      if (o < 0 && file && (verb === 0 || argTexts[verb - 1] !== 'state')) this.write(this.resolve(file), [out], 'write', cmd, offset);
      return true;
    }
    if (/^ping6?$/.test(cmd)) {
      // `ping -p HEX host`: the pattern fills every echo request, so computed data leaves in the packets
      const p = args.findIndex((a) => a.text === '-p');
      const pattern = p >= 0 ? args[p + 1] : undefined;
      if (!pattern || pattern.names.length === 0) return false;
      const target = args.filter((a, k) => !a.text.startsWith('-') && !(k > 0 && /^-[pcWwsitIQ]$/.test(args[k - 1]!.text))).pop();
      const hostText = target ? (target.names.length === 1 && target.text === target.names[0] ? this.texts.get(target.names[0]!) ?? target.text : target.text) : '';
      this.add({ kind: 'send', entry: 'send.icmp', via: cmd, channel: 'body', host: hostText || undefined, object: hostText, consumes: pattern.names }, offset);
      return true;
    }
    if (DNS_TOOLS.has(cmd) && !(cmd === 'getent' && !/^a?hosts$/.test(argTexts[0] ?? ''))) {
      const computed = args.filter((a) => a.names.length > 0);
      if (computed.length) this.add({ kind: 'send', entry: 'send.dns', via: cmd, channel: 'dns', object: computed[0]!.text, consumes: computed.flatMap((a) => a.names) }, offset);
      // a TXT record's text is whatever the zone's owner published: content fetched from that zone (`dig +short TXT x.example.net`)
      const txt = argTexts.some((a) => /^(?:TXT|-t(?:ype)?=?txt|-q(?:uerytype)?=?txt|-type=txt)$/i.test(a)) || (argTexts.some((a) => /^-t(?:ype)?$/i.test(a)) && argTexts.some((a) => /^txt$/i.test(a)));
      const name = argTexts.find((a) => !a.startsWith('-') && !a.startsWith('@') && !a.startsWith('+') && /^[\w-]+(?:\.[\w-]+)+\.?$/.test(a));
      if (txt && name) this.add({ kind: 'fetch', entry: 'fetch.dns-txt', via: `${cmd} TXT`, host: name.replace(/\.$/, ''), object: `https://${name.replace(/\.$/, '')}`, produces: [out] }, offset);
      return true;
    }
    if (SOCKET_TOOLS.has(cmd)) {
      const hostArg = argTexts.find((a) => !a.startsWith('-') && /[a-z]/i.test(a) && !/^(?:s_client|exec:|tcp|udp)/i.test(a)) ?? argTexts.find((a) => /\d+\.\d+\.\d+\.\d+/.test(a));
      const host = hostArg ? (hostOf(hostArg.replace(/^(?:tcp|udp|openssl|ssl)[:-]/i, '')) ?? hostArg) : undefined;
      if (cmd === 'openssl' && !argTexts.includes('s_client')) return false;
      if (input.length || argTexts.some((a) => /exec:|system:/i.test(a)) || argTexts.some((a) => /^-[ec]$/.test(a))) {
        this.add({ kind: 'send', entry: 'send.socket', via: cmd, channel: 'stdin', host, consumes: [...input, ...names] }, offset);
        if (argTexts.some((a) => /^-[ec]$/.test(a) || /exec:|system:/i.test(a))) {
          this.add({ kind: 'exec', entry: 'exec.remote-shell', via: cmd, host, flags: ['remote-shell'] }, offset);
        }
      } else {
        this.add({ kind: 'fetch', entry: 'fetch.socket', via: cmd, host, produces: [out] }, offset);
      }
      return true;
    }
    const grant = ACCOUNT_GRANTS.find((g) => g.name === cmd && (!g.args || argTexts.some((a) => g.args!.test(a))));
    if (grant) {
      const given = grant.grantee ? argTexts.filter((_, k) => k > 0 && grant.grantee!.test(argTexts[k - 1]!)) : argTexts.slice(argTexts.findIndex((a) => !grant.args || grant.args.test(a)));
      const addr = fixedAddressIn(given.join(' '));
      if (addr) this.grant(addr, `${cmd} ${argTexts.join(' ')}`, `${cmd} (${grant.label})`, offset);
      return true;
    }
    // backups, snapshots, audit trails or a cluster's namespaces taken away (the command may be read again below for what else it does)
    if (cmd === 'aws' || cmd === 'gcloud' || cmd === 'gsutil' || cmd === 'az' || cmd === 'kubectl' || cmd === 'velero') {
      const line = argTexts.join(' ');
      // (options of a resource being created take nothing away; a delete scoped to one namespace is not the cluster's)
      const creating = argTexts.some((a) => /^create(?:-\S+)?$/.test(a));
      const oneNamespace = argTexts.some((a) => /^(?:-n|--namespace)(?:=|$)/.test(a)) && !argTexts.some((a) => a === '-A' || a === '--all-namespaces');
      const hit = RECOVERY_REMOVERS.find((r) => r.name === cmd && r.match.test(line) && !(creating && r.onExisting) && !(oneNamespace && r.kind === 'cluster'));
      if (hit) this.add({ kind: 'destroy', entry: `destroy.recovery.${hit.kind}`, object: hit.label, via: `${cmd} ${argTexts.filter((a) => !a.startsWith('-')).slice(0, 2).join(' ')}`, flags: tt ? ['time-triggered'] : [] }, offset);
    }
    // data or control shared with anyone who has an account (`allAuthenticatedUsers`), or control with anyone at all
    {
      // (only a command that adds access grants: a search, a removal, `iam ch -d` or a grep pattern naming the member does not)
      const adds = /^(?:jq|gojq|yq)$/.test(cmd) ? argTexts.some((a) => /\+=|\|=\s*\.\s*\+/.test(a)) : !/^(?:grep|egrep|rg|ag|awk|sed|echo|printf|cat)$/.test(cmd) && !argTexts.some((a) => /^(?:remove-\S+|search-all-\S+|get-iam-policy|-d|--delete|describe|list|show)$/.test(a));
      const grant = !adds ? undefined : argTexts.find((a) => /\ballAuthenticatedUsers\b/.test(a) || (/\ballUsers\b/.test(a) && /roles\/(?:owner|editor|[\w.]*admin\w*)|\b(?:WRITER|OWNER)\b/.test(argTexts.join(' '))));
      if (grant) this.add({ kind: 'privilege', entry: 'privilege.public-grant', object: /allAuthenticatedUsers/.test(grant) ? 'anyone with a Google account (allAuthenticatedUsers)' : 'anyone on the internet (allUsers) with write or owner rights', via: `${cmd} ${argTexts.filter((a) => !a.startsWith('-')).slice(0, 2).map((a) => a.replace(/\s+/g, ' ').slice(0, 40)).join(' ')}`, content: grant.replace(/\s+/g, ' ').slice(0, 120) }, offset);
    }
    // an S3 bucket policy that lets anyone (`"Principal": "*"`, `{"AWS": "*"}`) act on the bucket, with no condition that narrows
    // who (`aws:SourceVpce`, `aws:PrincipalOrgID` …): the AWS form of `allUsers` (docs/skill-effect-model.md, public grants)
    if ((cmd === 'aws' && argTexts.includes('put-bucket-policy')) || cmd === 'write-s3bucketpolicy') {
      const k = argTexts.findIndex((a) => /^--policy(?:=|$)|^-policy$/i.test(a));
      const raw = k < 0 ? '' : argTexts[k]!.includes('=') ? argTexts[k]!.slice(argTexts[k]!.indexOf('=') + 1) : argTexts[k + 1] ?? '';
      const text = raw.startsWith('file://') ? this.ctx.list.files.get(this.resolve(raw.slice(7))) ?? '' : raw;
      const open = publicBucketStatements(text);
      if (open) {
        // (a bucket the document makes a static website is meant to be read by everyone: reading its objects is the site)
        const website = /\bs3 website\b|\bput-bucket-website\b/.test(this.ctx.list.src.content.slice(0, 200_000));
        const bucket = argTexts[argTexts.findIndex((a) => /^(?:--bucket|-bucketname)$/i.test(a)) + 1] ?? 'a bucket';
        if (open === 'write') this.add({ kind: 'privilege', entry: 'privilege.public-grant', object: 'anyone on the internet (Principal "*") with write or full rights', via: `aws s3api put-bucket-policy ${bucket}`, content: text.replace(/\s+/g, ' ').slice(0, 120) }, offset);
        else if (open === 'list' || !website) this.add({ kind: 'privilege', entry: 'privilege.public-read', object: `bucket ${bucket}`, via: 'aws s3api put-bucket-policy', content: text.replace(/\s+/g, ' ').slice(0, 120) }, offset);
      }
    }
    // a bucket ACL for everyone (`--acl public-read-write`, `--grant-write uri=…/global/AllUsers`) or for every AWS account
    // (`authenticated-read`, the AuthenticatedUsers group: AWS's `allAuthenticatedUsers`); public listing alone is a question
    if (cmd === 'aws' && argTexts.includes('put-bucket-acl')) {
      const line = argTexts.join(' ');
      const everyone = /\bacs\.amazonaws\.com\/groups\/global\/AllUsers\b/;
      const write = /--acl[= ]public-read-write\b|--acl[= ]authenticated-read\b|\/groups\/global\/AuthenticatedUsers\b/.test(line) || argTexts.some((a, i) => /^--grant-(?:write|write-acp|full-control)$/.test(argTexts[i - 1] ?? '') && everyone.test(a));
      const read = /--acl[= ]public-read\b/.test(line) || argTexts.some((a, i) => /^--grant-(?:read|read-acp)$/.test(argTexts[i - 1] ?? '') && everyone.test(a));
      const bucket = argTexts[argTexts.indexOf('--bucket') + 1] ?? 'a bucket';
      if (write) this.add({ kind: 'privilege', entry: 'privilege.public-grant', object: 'anyone on the internet or every AWS account (a bucket ACL) with write or read rights', via: `aws s3api put-bucket-acl ${bucket}`, content: line.slice(0, 120) }, offset);
      else if (read) this.add({ kind: 'privilege', entry: 'privilege.public-read', object: `bucket ${bucket} (its list of objects, a bucket ACL)`, via: 'aws s3api put-bucket-acl', content: line.slice(0, 120) }, offset);
    }
    // a bucket replicated, whole and with its objects handed over, into another account: every object written from now on
    // is copied there (a human checks whose account it is: an organisation's own backup account does the same)
    if (cmd === 'aws' && argTexts.includes('put-bucket-replication')) {
      const conf = argTexts.join(' ') + this.textOf(input);
      const account = /"Account"\s*:\s*"(\d{12})"/.exec(conf);
      if (account && /"AccessControlTranslation"\s*:\s*\{\s*"Owner"\s*:\s*"Destination"/.test(conf)) {
        this.add({ kind: 'privilege', entry: 'privilege.cloud-replication', object: `account ${account[1]}`, via: 'aws s3api put-bucket-replication', content: 'objects replicated with ownership handed to the destination account' }, offset);
      }
    }
    // a scheduled job or push endpoint given a service account's OAuth access token (`--oauth-service-account-email`): the
    // token rides on every request to the URI, and outside Google's own APIs whoever runs that host holds the account
    if (cmd === 'gcloud' && argTexts.some((a) => /^--oauth-service-account-email(?:=|$)/.test(a))) {
      const i = argTexts.findIndex((a) => /^--(?:uri|push-endpoint|url)(?:=|$)/.test(a));
      const uri = i < 0 ? '' : argTexts[i]!.includes('=') ? argTexts[i]!.split('=').slice(1).join('=') : argTexts[i + 1] ?? '';
      const host = hostOf(uri);
      if (host) {
        const r = this.ctx.list.fresh('read');
        this.add({ kind: 'read', entry: 'read.secret.gcloud', object: "a service account's OAuth access token", via: 'gcloud --oauth-service-account-email', produces: [r], flags: ['vendor:google', 'vendor:googleapis'] }, offset);
        this.add({ kind: 'send', entry: 'send.scheduled', via: `gcloud ${argTexts.filter((a) => !a.startsWith('-')).slice(0, 3).join(' ')}`, host, object: uri, channel: 'header', consumes: [r] }, offset);
      }
    }
    // manifests given to the cluster on stdin (`kubectl apply -f - <<EOF`): read as the configuration they are
    if ((cmd === 'kubectl' || cmd === 'oc') && /^(?:apply|create|replace)$/.test(argTexts[0] ?? '') && input.length > 0 && this.ctx.config) {
      const manifest = this.textOf(input);
      if (manifest && /^\s*(?:apiVersion|kind):/m.test(manifest)) this.ctx.config(null, manifest, offset);
    }
    // a database client loading a dump or a file into a server named by a connection URL or `-h`: the rows go to that host
    if (DB_LOADERS.test(cmd)) {
      const host = dbClientHost(argTexts);
      const files = args.filter((a, k) => !a.text.startsWith('-') && !(k > 0 && /^-[dhUpPfcn]$|^--(?:dbname|host|username|port|command|file|db|uri)$/.test(args[k - 1]!.text)) && !/^\w+:\/\//.test(a.text) && /[/.]/.test(a.text)).map((a) => a.text);
      const fFlag = argTexts.findIndex((a) => a === '-f' || a === '--file');
      if (fFlag >= 0 && argTexts[fFlag + 1]) files.push(argTexts[fFlag + 1]!);
      const consumes = [...input, ...this.pathNames(files, offset)];
      // (a single-label name, `db` or `staging-db`, or a cluster- or network-local one is a host of the user's own network)
      if (host && /\./.test(host) && !/\.(?:svc|cluster\.local|internal|local|lan|home\.arpa|localdomain)$/i.test(host) && consumes.length) {
        this.add({ kind: 'send', entry: 'send.db-load', via: cmd, host, object: host, channel: 'upload', consumes }, offset);
        return true;
      }
    }
    if (MAIL_TOOLS.has(cmd)) {
      const to = argTexts.find((a) => a.includes('@'));
      this.add({ kind: 'send', entry: 'send.mail', via: cmd, channel: 'body', host: to ? to.split('@').pop() : undefined, consumes: [...input, ...names, ...this.pathNames(argTexts, offset)] }, offset);
      return true;
    }
    // after `cd DIR` the current folder is DIR: relative paths that follow are inside it
    if ((cmd === 'cd' || cmd === 'pushd') && argTexts[0] && argTexts[0] !== '-' && !argTexts[0].startsWith('-')) {
      const dir = this.resolve(argTexts[0]);
      if (/^[~/]/.test(dir)) this.cwd = dir;
      else if (dir && dir !== '.' && !dir.startsWith('$')) this.cwd = this.cwd ? normalisePath(`${this.cwd}/${dir}`) : null;
      return true;
    }
    // a miner started by name with a pool (`xmrig -o pool:443 -u WALLET`)
    if (/^(?:xmrig|xmr-stak|cpuminer|minerd|t-rex|nbminer|lolminer|ethminer|phoenixminer|gminer|srbminer\S*)$/i.test(cmd) && argTexts.some((a) => /^(?:-o|--url)$/.test(a) || a.startsWith('--url='))) {
      const pool = argTexts[argTexts.findIndex((a) => a === '-o' || a === '--url') + 1] ?? argTexts.find((a) => a.startsWith('--url='))?.slice(6) ?? '';
      this.add({ kind: 'send', entry: 'send.mining-pool', via: cmd, host: pool.replace(/^[\w+]+:\/\//, '').split(/[:/]/)[0], object: pool, channel: 'body', flags: ['miner'] }, offset);
      return true;
    }
    if (cmd === 'stty' && argTexts.includes('-echo')) this.echoOff = true;
    if (cmd === 'stty' && argTexts.includes('echo')) this.echoOff = false;
    // `read -s VAR` (or `read VAR` after `stty -echo`) is a hidden prompt: what the user types there is a password or a key
    if (cmd === 'read' && (this.echoOff || argTexts.some((a) => /^-[a-zA-Z]*s/.test(a)))) {
      const vars = argTexts.filter((a, k) => /^[A-Za-z_]\w*$/.test(a) && !/^-[a-zA-Z]*[pdtnu]$/.test(argTexts[k - 1] ?? ''));
      if (vars.length) this.add({ kind: 'read', entry: 'read.secret.typed', object: 'what the user types at a hidden prompt', via: 'read -s', produces: vars.map((v) => `$${v}`) }, offset);
      return true;
    }
    if (cmd === 'history' && argTexts.some((a) => /^-[a-z]*c/.test(a))) {
      this.add({ kind: 'destroy', entry: 'destroy.traces', object: 'shell history', via: 'history -c' }, offset);
      return true;
    }
    const copier = COPIERS[cmd];
    // an rclone remote this document creates points where its url/endpoint says: a copy to it goes to that server, not to a
    // storage account of the user's (`rclone config create yedek webdav url=https://dav.example …`)
    if (cmd === 'rclone' && argTexts[0] === 'config' && argTexts[1] === 'create' && argTexts[2]) {
      const at = argTexts.map((a) => /^(?:url|endpoint|host|server)=(.+)$/i.exec(a)?.[1]).find(Boolean);
      const server = at ? (hostOf(/^[a-z]+:\/\//i.test(at) ? at : `https://${at}`) ?? undefined) : undefined;
      if (server) this.rcloneRemotes.set(argTexts[2]!, server);
      return true;
    }
    // a folder served over HTTP where others reach it (`python3 -m http.server --directory ~ --bind 0.0.0.0`, or any address
    // with a tunnel to the internet in the same document: ngrok, cloudflared, localtunnel, tailscale funnel): everything in
    // it is published
    // the machine's remote-login port (SSH, RDP, VNC) put on the internet by a public tunnel (`ngrok tcp 22`,
    // `tailscale funnel 22`, `cloudflared tunnel --url ssh://localhost:22`); `ssh -R` to an outside host is read above
    if (cmd === 'ngrok' || cmd === 'tailscale' || cmd === 'cloudflared') {
      const joined = argTexts.join(' ');
      const rest = argTexts.slice(1).join(' ');
      const relay = cmd === 'ngrok' && argTexts[0] === 'tcp' && LOGIN_PORT.test(rest) ? 'the internet (an ngrok tunnel)'
        : cmd === 'tailscale' && argTexts[0] === 'funnel' && LOGIN_PORT.test(rest) ? 'the internet (Tailscale Funnel)'
          : cmd === 'cloudflared' && /ssh:\/\/|rdp:\/\//.test(joined) ? 'the internet (a Cloudflare tunnel)' : null;
      if (relay) {
        this.add({ kind: 'privilege', entry: 'privilege.remote-access', object: `this machine's remote login`, via: `${cmd} ${joined}`.slice(0, 120), host: relay, flags: ['remote-access'] }, offset);
        return true;
      }
    }
    // (`python3 -m http.server …` reaches here as the module's own command: `http.server …`)
    if (cmd === 'http.server') {
      const d = argTexts.findIndex((a) => a === '--directory' || a === '-d');
      const dir = d >= 0 && argTexts[d + 1] ? argTexts[d + 1]! : (this.cwd ?? '.');
      const b = argTexts.findIndex((a) => a === '--bind' || a === '-b');
      const bind = b >= 0 ? argTexts[b + 1] ?? '' : '0.0.0.0';
      // (the document is scanned for a tunnel once, not once per server command)
      const tunnel = (this.publicTunnel ??= PUBLIC_TUNNEL.test(this.ctx.list.src.content));
      if (tunnel || bind === '0.0.0.0' || bind === '::') {
        this.add({ kind: 'send', entry: 'send.publish.http-server', via: `python -m http.server${tunnel ? ' behind a public tunnel' : ' on every interface'}`, channel: 'publish', object: dir, consumes: [...this.pathNames([dir], offset), `path:${normalisePath(dir)}`], flags: ['public'] }, offset);
        return true;
      }
    }
    if (copier) return this.copy(cmd, copier, args, argTexts, names, input, out, offset);
    if (cmd === 'git') return this.git(args, argTexts, out, offset, input);
    if (cmd === 'gh') return this.gh(args, argTexts, names, input, out, offset);
    // GitLab's CLI: a merge request or issue note, description or comment is a posting other people read
    if (cmd === 'glab' && /^(?:mr|issue)$/.test(argTexts[0] ?? '') && /^(?:note|create|update|comment)$/.test(argTexts[1] ?? '')) {
      if (names.length || input.length) this.add({ kind: 'send', entry: 'send.publish.glab-post', via: `glab ${argTexts[0]} ${argTexts[1]}`, host: 'gitlab', channel: 'publish', consumes: [...names, ...input] }, offset);
      return true;
    }
    for (const p of PUBLISHERS) {
      if (p.name !== cmd || !p.sub.test(argTexts[0] ?? '')) continue;
      // the folder argument: not a flag, not a flag's value (`--access public`, `--tag next`)
      const dir = argTexts.slice(1).find((a, k, arr) => !a.startsWith('-') && !(k > 0 && /^--?[\w-]+$/.test(arr[k - 1]!) && !/^--(?:dry-run|provenance|force|yes|quiet)$/.test(arr[k - 1]!))) ?? '.';
      const object = cmd === 'docker' || cmd === 'podman' ? `image:${imageName(this.textOrName(dir))}` : `path:${normalisePath(dir)}`;
      // built artefacts (`twine upload dist/*`) carry what the project's build includes
      const built = p.entry === 'send.publish.pypi' || p.entry === 'send.publish.npm' || p.entry === 'send.publish.cargo' || p.entry === 'send.publish.gem' ? ['path:.'] : [];
      this.add({ kind: 'send', entry: p.entry, via: p.label, channel: 'publish', object: dir, consumes: [object, ...built], flags: ['public'] }, offset);
      return true;
    }
    if (cmd === 'docker' || cmd === 'podman' || cmd === 'nerdctl') return this.docker(args, argTexts, names, out, offset);
    // `aws configure set credential_process CMD`: the CLI runs CMD on every call
    if (cmd === 'aws' && argTexts[0] === 'configure' && argTexts[1] === 'set' && /^(?:[\w.-]+\.)?credential_process$/.test(argTexts[2] ?? '') && argTexts[3]) {
      const content = this.resolve(argTexts[3]) + argTexts.slice(4).filter((a, k, arr) => !a.startsWith('--') && !/^--/.test(arr[k - 1] ?? '')).map((a) => ` ${a}`).join('');
      this.add({ kind: 'persist', entry: 'persist.exec-config', object: 'credential_process', via: 'aws configure set', content, flags: ['exec-config', 'write'], consumes: [`path:${this.resolve(argTexts[3])}`] }, offset);
      return true;
    }
    // `az storage blob|file upload[-batch] --account-name A --file F` (or --source for a folder): F goes to A's storage
    if (cmd === 'az' && argTexts[0] === 'storage' && /^(?:blob|file|fs)$/.test(argTexts[1] ?? '') && /^upload(?:-batch)?$|^(?:file\s+)?upload$/.test(argTexts[2] ?? '')) {
      const val = (flag: RegExp) => { const k = argTexts.findIndex((a) => flag.test(a)); return k >= 0 ? argTexts[k + 1] : undefined; };
      const account = val(/^--account-name$/) ?? hostOf(val(/^--(?:blob-)?url$/) ?? '')?.split('.')[0];
      const file = val(/^(?:-f|--file|-s|--source)$/);
      if (file) this.add({ kind: 'send', entry: 'send.cloud-storage', via: 'az storage upload', channel: 'upload', host: account ? `${account}.blob.core.windows.net` : undefined, object: account ?? 'a storage account', consumes: [...this.pathNames([file], offset), ...input] }, offset);
      return true;
    }
    if (cmd === 'aws' || cmd === 'gsutil' || cmd === 'gcloud' || cmd === 'azcopy' || cmd === 'rclone') {
      // a bucket URL kept in a variable (`BUCKET=s3://b` … `"$BUCKET/key"`) is that bucket
      argTexts = argTexts.map((a) => {
        const v = /^\$\{?(\w+)\}?/.exec(a);
        const t = v ? (this.texts.get(`$${v[1]}`) ?? this.remotes.get(`$${v[1]}`)) : undefined;
        return t && REMOTE_SCHEMES.test(t) ? t + a.slice(v![0].length) : a;
      });
      const dest = argTexts.findIndex((a) => REMOTE_SCHEMES.test(a) || (cmd === 'rclone' && /^[\w-]+:/.test(a) && !/^[A-Za-z]:[\\/]/.test(a)));
      const configured = cmd === 'rclone' && dest > 0 ? this.rcloneRemotes.get(argTexts[dest]!.split(':')[0]!) : undefined;
      if (configured) {
        const sources = argTexts.slice(1, dest).filter((a) => !a.startsWith('-'));
        sources.push(...includedPaths(sources, argTexts));
        this.add({ kind: 'send', entry: 'send.copy.rclone', via: `rclone ${argTexts[0] ?? ''} (a remote this document points at ${configured})`.trim(), channel: 'upload', host: configured, object: argTexts[dest], consumes: [...this.pathNames(sources, offset), ...names, ...input] }, offset);
        return true;
      }
      if (dest > 0 && /^(?:cp|sync|mv|copy|move|rsync|upload)$/.test(argTexts[dest - 1] ?? '') === false) {
        const sources = argTexts.slice(0, dest).filter((a) => !a.startsWith('-') && !/^(?:s3|storage|cp|sync|mv|copy|move|rsync|upload)$/.test(a));
        sources.push(...includedPaths(sources, argTexts));
        const host = /^[a-z0-9]+:\/\/([^/]+)/i.exec(argTexts[dest]!)?.[1] ?? argTexts[dest]!.split(':')[0];
        this.add({ kind: 'send', entry: 'send.cloud-storage', via: `${cmd} ${argTexts[0] ?? ''}`.trim(), channel: 'upload', host, object: argTexts[dest], consumes: [...this.pathNames(sources, offset), ...names, ...input] }, offset);
        return true;
      }
      if (dest > 0) {
        const sources = argTexts.slice(0, dest).filter((a) => !a.startsWith('-'));
        const host = /^[a-z0-9]+:\/\/([^/]+)/i.exec(argTexts[dest]!)?.[1] ?? argTexts[dest]!.split(':')[0];
        this.add({ kind: 'send', entry: 'send.cloud-storage', via: `${cmd} ${argTexts[0] ?? ''}`.trim(), channel: 'upload', host, object: argTexts[dest], consumes: [...this.pathNames(sources, offset), ...names, ...input] }, offset);
        return true;
      }
      return false;
    }
    // `jq '.credsStore = "x"'`, `yq -i '.users[0].user.exec.command = "…"'`: a setting whose value the tool runs
    if ((cmd === 'jq' || cmd === 'yq') && argTexts.some((a) => /\.(?:credsStore|credHelpers\b[^=]*|exec\.command)\s*\|?=\s*/.test(a))) {
      for (const a0 of argTexts) {
        const a = a0.replace(/\\(["$`\\])/g, '$1');
        for (const m of a.matchAll(/\.(credsStore|credHelpers\b[^=]*|exec\.command)\s*\|?=\s*"([^"]{1,300})"/g)) {
          const content = m[1] === 'exec.command' ? this.resolve(m[2]!) : `docker-credential-${m[2]}`;
          this.add({ kind: 'persist', entry: 'persist.exec-config', object: m[1] === 'exec.command' ? 'kubeconfig exec plugin' : `docker credential helper "${m[2]}"`, via: `${cmd} edit`, content, flags: ['exec-config', 'write'] }, offset);
        }
      }
    }
    if ((cmd === 'kubectl' || cmd === 'oc') && argTexts[0] === 'config' && /^set(?:-cluster)?$/.test(argTexts[1] ?? '')) return this.kubeConfig(cmd, argTexts, offset);
    if (cmd === 'kubectl' || cmd === 'oc') return this.kubectl(argTexts, offset, out);
    if (/^[gm]?awk$/.test(cmd)) {
      const prog = args.find((a, k) => !a.text.startsWith('-') && !/^-[Fvf]$/.test(argTexts[k - 1] ?? ''));
      if (prog) this.interpretInline(cmd, prog.text, prog.offset + 1);
      return false;
    }
    if (AGENT_CLIS.test(cmd) && argTexts[0] !== 'mcp') {
      // `claude -p "$PROMPT"`, `codex exec "…"`: the agent carries out the prompt, so the prompt is code it runs
      const pIdx = args.findIndex((a, k) => /^(?:-p|--print|--prompt)$/.test(a.text) || (k === 0 && /^(?:exec|run)$/.test(a.text)));
      const prompt = pIdx >= 0 ? args.slice(pIdx + 1).find((a) => !a.text.startsWith('-')) : undefined;
      if (prompt && (prompt.names.length || input.length)) {
        const skip = argTexts.some((a) => /^--(?:dangerously-skip-permissions|yolo|dangerously-bypass-approvals-and-sandbox|full-auto|allow-all-tools|trust-all-tools)$|^--permission-mode=bypassPermissions$/.test(a));
        this.add({ kind: 'exec', entry: 'exec.agent-prompt', via: `${cmd} ${args[pIdx]!.text}`, consumes: [...prompt.names, ...input], produces: [out], flags: skip ? ['skip-permissions'] : [] }, offset);
        return true;
      }
    }
    if (AGENT_CLIS.test(cmd) && argTexts[0] === 'mcp' && /^(?:add|add-json|install)$/.test(argTexts[1] ?? '')) return this.mcpAdd(cmd, args, offset);
    if (cmd === 'crontab') {
      if (argTexts.includes('-l') && !input.length) return false;
      const content = this.textOf(input) || argTexts.filter((a) => !a.startsWith('-')).join(' ');
      this.add({ kind: 'persist', entry: 'persist.scheduler.cron', object: 'crontab', via: 'crontab', consumes: input, content, flags: ['scheduler', 'write'] }, offset);
      return true;
    }
    // Windows downloaders: `certutil -urlcache -split -f URL FILE`, `bitsadmin /transfer NAME URL FILE` save URL as FILE
    if ((cmd === 'certutil' || cmd === 'certutil.exe') && argTexts.some((a) => /^[-/]urlcache$/i.test(a)) || (cmd === 'bitsadmin' && argTexts.some((a) => /^\/transfer$/i.test(a)))) {
      const k = argTexts.findIndex((a) => URLISH.test(a));
      if (k >= 0) {
        const file = argTexts[k + 1];
        const produced = file && !file.startsWith('-') && !file.startsWith('/') ? [`path:${normalisePath(file)}`, out] : [out];
        this.add({ kind: 'fetch', entry: `fetch.http.${cmd.replace(/\.exe$/, '')}`, via: cmd, host: hostOf(argTexts[k]!) ?? undefined, object: argTexts[k], produces: produced }, offset);
        return true;
      }
    }
    if (cmd === 'schtasks' && argTexts.some((a) => /^\/create$/i.test(a))) {
      const tr = argTexts[argTexts.findIndex((a) => /^\/tr$/i.test(a)) + 1] ?? '';
      // the task's command with this document's variables filled in (`/tr "cmd /c certutil … %u1%%u2% …"`), read as the command it is
      const run = tr.replace(/\$\{?(\w+)\}?/g, (m, v: string) => this.texts.get(`$${v}`) ?? m).replace(/^(?:cmd(?:\.exe)?\s+\/[ck]\s+)/i, '');
      this.add({ kind: 'persist', entry: 'persist.scheduler.schtasks', object: 'scheduled task', via: 'schtasks', content: run, flags: ['scheduler', 'write'] }, offset);
      if (run && this.ctx.nested && this.ctx.depth < 3) this.ctx.nested('shell', run, offset, this.ctx.depth + 1);
      return true;
    }
    if ((cmd === 'reg' && /^add$/i.test(argTexts[0] ?? '') && argTexts.some((a) => /\\Run(?:Once)?\b/i.test(a))) || (cmd === 'new-itemproperty' && argTexts.some((a) => /\\Run(?:Once)?\b/i.test(a)))) {
      const d = argTexts[argTexts.findIndex((a) => /^(?:\/d|-value)$/i.test(a)) + 1] ?? '';
      this.add({ kind: 'persist', entry: 'persist.startup.windows', object: 'Run key', via: cmd, content: d, flags: ['startup', 'write'] }, offset);
      return true;
    }
    if (cmd === 'chmod') {
      const mode = argTexts.find((a) => !a.startsWith('-') || /^-[rwxst]+$/.test(a)) ?? '';
      if (/^(?:[ugoa]*\+[rwxX]*s|[2467][0-7]{3})$/.test(mode)) {
        this.add({ kind: 'privilege', entry: 'privilege.setuid', object: argTexts[argTexts.length - 1], via: `chmod ${mode}`, flags: ['setuid'] }, offset);
      }
      return true;
    }
    if (cmd === 'setcap') {
      this.add({ kind: 'privilege', entry: 'privilege.setcap', object: argTexts[argTexts.length - 1], via: 'setcap', flags: ['setcap'] }, offset);
      return true;
    }
    // (`useradd -G wheel,dev`, `usermod -aG sudo u`: a group list names each group)
    const groupWords = (cmd === 'useradd' || cmd === 'usermod') ? argTexts.flatMap((a, k) => (k > 0 && /^-(?:a?G|-groups)$/.test(argTexts[k - 1]!) ? a.split(',') : [a])) : argTexts;
    if ((cmd === 'usermod' || cmd === 'useradd' || cmd === 'gpasswd' || cmd === 'adduser' || cmd === 'add-localgroupmember') && groupWords.some((a) => /^(?:sudo|wheel|admin|root|docker|administrators)$/i.test(a))) {
      this.add({ kind: 'privilege', entry: 'privilege.group', object: groupWords.find((a) => /^(?:sudo|wheel|admin|root|docker|administrators)$/i.test(a)), via: cmd, flags: ['admin-group'] }, offset);
      return true;
    }
    if (cmd === 'visudo') return true;
    // switching off a security control (antivirus, EDR sensor, SELinux, firewall, Gatekeeper)
    // a silence that matches every alert (`alertname=~".+"`) for a month or more: monitoring stops paging anyone
    if (cmd === 'amtool' && argTexts[0] === 'silence' && argTexts[1] === 'add') {
      // (every matcher must match everything: `cluster="staging-eu1" alertname=~".+"` silences one cluster)
      const matchers = argTexts.slice(2).filter((a) => !a.startsWith('-') && /[=~!]/.test(a));
      const everything = matchers.length > 0 && matchers.every((a) => /=~\s*["']?\.[*+]["']?$/.test(a));
      const di = argTexts.findIndex((a) => /^(?:--duration|-d)(?:=|$)/.test(a));
      const dText = di < 0 ? '' : argTexts[di]!.includes('=') ? argTexts[di]!.split('=')[1]! : argTexts[di + 1] ?? '';
      const d = Math.round([...dText.matchAll(/(\d+)([dhm])/g)].reduce((n, m) => n + Number(m[1]) * (m[2] === 'd' ? 24 : m[2] === 'h' ? 1 : 1 / 60), 0));
      if (everything && d >= 720) {
        this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: `every alert (silenced for ${d} h)`, via: 'amtool silence add', flags: ['defense-off'] }, offset);
        return true;
      }
    }
    for (const d of DEFENSE_OFF) {
      if (!d.name.test(cmd)) continue;
      if (d.on && argTexts.some((a) => d.on!.test(a))) {
        this.add({ kind: 'privilege', entry: 'privilege.defense-on', object: d.label, via: [cmd, ...argTexts.slice(0, 3)].join(' '), flags: ['defense-on'] }, offset);
        return true;
      }
      if (!argTexts.some((a) => d.args.test(a))) continue;
      this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: d.label, via: [cmd, ...argTexts.slice(0, 3)].join(' '), flags: ['defense-off', ...(d.note ? ['note'] : [])] }, offset);
      return true;
    }
    if ((cmd === 'systemctl' || cmd === 'service' || cmd === 'launchctl' || cmd === 'stop-service' || cmd === 'set-service' || cmd === 'sc' || cmd === 'sc.exe') && argTexts.some((a) => /^(?:stop|disable|mask|bootout|unload|remove|delete|config)$|^-startuptype$/i.test(a)) && argTexts.some((a) => SECURITY_SERVICE.test(a))) {
      this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: argTexts.find((a) => SECURITY_SERVICE.test(a)), via: [cmd, ...argTexts.slice(0, 3)].join(' '), flags: ['defense-off'] }, offset);
      return true;
    }
    if (cmd === 'add-mppreference' && argTexts.some((a) => /^-exclusion(?:path|process|extension)$/i.test(a))) {
      // a whole drive, the home folder or the temp folder excluded from scanning: anything dropped there runs unscanned
      const wide = argTexts.find((a) => /^[A-Za-z]:[\\/]?$|^\$(?:TEMP|TMP|USERPROFILE|HOME)[\\/]?$|^%(?:TEMP|USERPROFILE)%$/i.test(a.replace(/[,"']/g, '')) || isDestructiveTarget(a.replace(/[,"']/g, '')));
      if (wide) this.add({ kind: 'privilege', entry: 'privilege.defense-off', object: `scanning of ${wide}`, via: 'Add-MpPreference -ExclusionPath', flags: ['defense-off'] }, offset);
      return true;
    }
    if ((cmd === 'set-content' || cmd === 'add-content' || cmd === 'out-file') && argTexts.length) {
      const pi = argTexts.findIndex((a) => /^-(?:path|filepath|literalpath)$/i.test(a));
      const path = pi >= 0 ? argTexts[pi + 1] : argTexts.find((a) => !a.startsWith('-'));
      const vi = argTexts.findIndex((a) => /^-value$/i.test(a));
      const valueNames = vi >= 0 ? (args[vi + 1]?.names ?? []) : names;
      if (vi >= 0 && args[vi + 1]) this.remember(out, args[vi + 1]!.text);
      if (path) this.write(this.resolve(path), [...input, ...valueNames, out], cmd === 'add-content' || argTexts.some((a) => /^-append$/i.test(a)) ? 'append' : 'write', cmd, offset);
      return true;
    }
    if (cmd === 'rm' || cmd === 'remove-item' || cmd === 'rmdir' || cmd === 'del' || cmd === 'rd' || cmd === 'shred' || cmd === 'srm') {
      this.remove(cmd, argTexts, offset, tt);
      return true;
    }
    if (cmd === 'find') {
      // the files a find over the user's folders yields: a loop reading them deletes or rewrites those folders
      const roots = argTexts.filter((a, k) => !a.startsWith('-') && (k === 0 || !argTexts[k - 1]!.startsWith('-')) && /^[~/$.]/.test(a)).map((a) => this.resolve(a));
      const wide = roots.find((r) => isDestructiveTarget(r));
      if (wide) this.findRoots.set(out, `${wide}/*`);
    }
    const deletes = argTexts.some((a, k) => a === '-delete' || (/^-exec(?:dir)?$/.test(a) && /^(?:rm|shred|srm|unlink)$/.test((argTexts[k + 1] ?? '').split('/').pop()!)));
    // a positive name test (`-name node_modules`, `-path "*/dist"`) scopes what is deleted; `! -name .cache` keeps one name and deletes the rest
    const scoped = argTexts.some((a, k) => /^-(?:i?name|i?path|i?regex|i?wholename)$/.test(a) && !/^(?:!|-not)$/.test(argTexts[k - 1] ?? ''));
    if (cmd === 'find' && deletes && !scoped && isDestructiveTarget(this.resolve(argTexts[0] ?? '.'))) {
      this.add({ kind: 'destroy', entry: 'destroy.find-delete', object: this.resolve(argTexts[0]!), via: 'find -delete', flags: tt ? ['time-triggered'] : [] }, offset);
      return true;
    }
    // a database client told to drop a schema or database, or anything once a date has passed (a time bomb)
    if (/^(?:psql|mysql|mariadb|sqlite3|mongo|mongosh|cockroach|clickhouse-client)$/.test(cmd) || cmd === 'dropdb') {
      const sql = cmd === 'dropdb' ? 'DROP DATABASE' : argTexts.join(' ');
      const wholeDb = /\bdrop\s+(?:schema|database)\b|\bdropDatabase\s*\(/i.test(sql);
      if ((tt && /\b(?:drop\s+(?:table|schema|database)|truncate|delete\s+from|dropDatabase)\b/i.test(sql)) || (tt && cmd === 'dropdb')) {
        this.add({ kind: 'destroy', entry: 'destroy.database', object: sql.slice(0, 80), via: cmd, flags: ['time-triggered'] }, offset);
      } else if (wholeDb && cmd !== 'dropdb' && /\bpublic\b|\bcascade\b/i.test(sql)) {
        this.add({ kind: 'destroy', entry: 'destroy.database', object: sql.slice(0, 80), via: cmd, flags: [] }, offset);
      }
    }
    if (cmd === 'dd' && argTexts.some((a) => /^of=\/dev\/(?:sd|hd|nvme|disk|vd|xvd|mmcblk)/.test(a))) {
      this.add({ kind: 'destroy', entry: 'destroy.disk', object: argTexts.find((a) => a.startsWith('of='))!.slice(3), via: 'dd', flags: tt ? ['time-triggered'] : [] }, offset);
      return true;
    }
    if ((/^mkfs(?:\.|$)|^wipefs$/.test(cmd) && argTexts.some((a) => /^\/dev\//.test(a))) || (cmd === 'format' && argTexts.some((a) => /^[A-Za-z]:$/.test(a)))) {
      this.add({ kind: 'destroy', entry: 'destroy.disk', object: argTexts[argTexts.length - 1], via: cmd, flags: tt ? ['time-triggered'] : [] }, offset);
      return true;
    }
    const inst = INSTALLERS[cmd];
    if (inst && this.install(cmd, inst, args, argTexts, offset)) return true;
    if ((cmd === 'npm' || cmd === 'pnpm' || cmd === 'yarn' || cmd === 'pip' || cmd === 'pip3' || cmd === 'git' || cmd === 'conda') && argTexts[0] === 'config') {
      return this.configSet(cmd, argTexts, offset);
    }
    return false;
  }

  /** A standing copy of, or access to, the user's mail, files or calendar given to `addr`: that data sent there. */
  private grant(addr: string, what: string, via: string, offset: number): void {
    for (const a of grantActions(this.ctx.list.fresh('read'), addr, what, via)) this.add(a, offset);
  }

  private httpClient(http: HttpClient, cmd: string, args: Word[], input: string[], out: string, offset: number): void {
    const body: string[] = [];
    const header: string[] = [];
    const uploads: string[] = [];
    const urls: Word[] = [];
    let output: string | null = null;
    let remoteName = false;
    let method = '';
    let dataText = '';
    // (no closures in this loop: a command line can carry tens of thousands of words)
    const lowerCase = http.entry === 'invoke-webrequest';
    for (let k = 0; k < args.length; k++) {
      const a = args[k]!;
      let flag = lowerCase ? a.text.toLowerCase() : a.text;
      let value: Word | undefined;
      if (flag.startsWith('--') && flag.includes('=')) {
        value = { ...a, text: a.text.slice(a.text.indexOf('=') + 1) };
        flag = flag.slice(0, flag.indexOf('='));
      }
      const bundle = /^-([a-zA-Z]{2,})$/.exec(flag);
      if (bundle && http.shortValued && http.entry !== 'invoke-webrequest') {
        const letters = bundle[1]!;
        const lastValued = [...letters].findIndex((ch) => http.shortValued.includes(ch));
        if (lastValued === -1) {
          if (letters.includes('O')) remoteName = true;
          continue;
        }
        if (letters.slice(0, lastValued).includes('O')) remoteName = true;
        flag = `-${letters[lastValued]}`;
        const rest = letters.slice(lastValued + 1);
        value = rest ? { ...a, text: rest } : undefined;
      }
      // a flag's value: its own `=value` or bundled letters, else the next word
      const kind = flagKinds(http).get(flag);
      if (kind === 'data') {
        const v = value ?? args[++k];
        if (v) {
          body.push(...v.names);
          if (dataText.length < 4096) dataText += ` ${v.text}`;
          // a field for a wallet's recovery phrase or a private key, left for the agent to fill (`"phrase":"<…>"`):
          // what the user hands over goes in it; no honest API takes these
          const held = HANDED_SECRET_FIELD.exec(v.text);
          if (held) {
            const r = this.ctx.list.fresh('read');
            this.add({ kind: 'read', entry: 'read.secret.wallet', object: `the ${held[1]} the user gives`, via: 'a request field filled from the conversation', produces: [r] }, offset);
            body.push(r);
          }
          if (/^@-$|=@-$/.test(v.text)) body.push(...(input.length ? input : ['stdin']));
          else if (v.text.includes('@')) {
            // (`@name` is a file whatever its name: `-F f=@credentials` uploads the file `credentials` of the working folder)
            const file = v.text.slice(v.text.indexOf('@') + 1);
            const named = this.pathNames([`@${file}`], v.offset);
            uploads.push(...(named.length || !/^[\w.-]+$/.test(file) ? named : [`path:${file}`]));
          }
          else body.push(...this.pathNames([v.text], v.offset).filter((n) => !n.startsWith('path:')));
        }
      } else if (kind === 'upload') {
        const v = value ?? args[++k];
        if (v) {
          if (v.text === '-') uploads.push(...(input.length ? input : ['stdin']));
          uploads.push(...v.names, ...this.pathNames([v.text], v.offset));
        }
      } else if (kind === 'header') {
        const v = value ?? args[++k];
        if (v) header.push(...v.names);
      } else if (kind === 'output') {
        const v = value ?? args[++k];
        if (v) output = v.text;
      } else if (kind === 'remoteName') {
        remoteName = true;
      } else if (kind === 'method') {
        method = ((value ?? args[++k])?.text ?? '').toUpperCase();
      } else if (kind === 'url') {
        const v = value ?? args[++k];
        if (v) urls.push(v);
      } else if (kind === 'valued') {
        k++;
      } else if (flag.startsWith('-')) {
        continue;
      } else if (http.itemSyntax && /^[A-Za-z][\w-]*:(?!\/\/|=)/.test(a.text)) {
        header.push(...a.names);
      } else if (http.itemSyntax && /^[\w.[\]-]+(?::=|==|=|@)/.test(a.text)) {
        // `field@file` uploads the file; `field=@file` and `field:=@file` embed its content in the body
        const at = /^[\w.[\]-]+(?::=|=)?@(.+)$/.exec(a.text);
        if (at) uploads.push(...this.pathNames([at[1]!], a.offset));
        body.push(...a.names);
      } else if (http.itemSyntax && /^(?:GET|POST|PUT|PATCH|DELETE)$/.test(a.text)) {
        method = a.text;
      } else {
        urls.push(a);
      }
    }
    const urlWord = urls.find((u) => URLISH.test(u.text) || /^[\w-]+(?:\.[\w-]+)+(?:[:/]|$)/.test(u.text) || u.text.startsWith('$')) ?? urls[0];
    let url = urlWord?.text ?? '';
    for (const n of urlWord?.names ?? []) if (this.remotes.has(n) && url.startsWith(n)) url = url.replace(n, this.remotes.get(n)!);
    // a bare host/path (`irm bun.sh/install.ps1`, `curl example.org/x`): the client adds the scheme; the host is what it names
    const host = hostOf(url) ?? (BARE_URL.test(url) ? hostOf(`https://${url}`) : null) ?? undefined;
    // a variable the URL starts with is where the request goes (a webhook URL kept as a secret), not data in it
    const lead = urlWord && /^\$\{?(\w+)\}?/.exec(urlWord.text)?.[1];
    const query = urlWord ? urlWord.names.filter((n) => (!this.remotes.has(n) || !url.startsWith(this.remotes.get(n)!)) && n !== `$${lead}`) : [];
    const via = cmd;
    // a request that sets up forwarding, a delegate or a share for a written-out address (Gmail, Graph, Drive APIs)
    const grantee = dataText ? grantByRequest(url, dataText) : null;
    if (grantee) this.grant(grantee, `${url} ${dataText}`, `${cmd} ${url.split('?')[0]}`, offset);
    if (body.length || uploads.length || (method && /^(?:POST|PUT|PATCH)$/.test(method) && input.length)) {
      this.add({ kind: 'send', entry: `send.http.${http.entry}`, via, host, object: url, channel: uploads.length ? 'upload' : 'body', consumes: [...body, ...uploads, ...(body.length || uploads.length ? [] : input)] }, offset);
    }
    if (query.length) this.add({ kind: 'send', entry: `send.http.${http.entry}`, via, host, object: url, channel: 'query', consumes: query }, offset);
    if (header.length) this.add({ kind: 'send', entry: `send.http.${http.entry}`, via, host, object: url, channel: 'header', consumes: header }, offset);
    if (host && METADATA_HOST.test(host) && METADATA_SECRET_PATH.test(url)) {
      this.add({ kind: 'read', entry: 'read.secret.cloud-metadata', object: url, via: `${cmd} (instance metadata)`, produces: [out, ...(output && output !== '-' ? [`path:${normalisePath(output)}`] : [])] }, offset);
      return;
    }
    const insecure = args.some((a) => INSECURE_FLAG.test(a.text));
    const produced = output && output !== '-' ? `path:${normalisePath(output)}` : remoteName ? `path:${normalisePath(url.split(/[?#]/)[0]!.split('/').pop() ?? '')}` : out;
    // an OAuth token endpoint answers with access and refresh tokens: what it returns is a credential of its issuer
    if (host && (TOKEN_ENDPOINT.test(url.split(/[?#]/)[0]!) || args.some((a) => /^grant_type=/.test(a.text)))) {
      const issuer = vendorLabel(host);
      this.add({ kind: 'read', entry: 'read.secret.oauth-token', object: `the tokens ${host} issues`, via: `${cmd} (OAuth token endpoint)`, produces: produced === out ? [out] : [produced, out], flags: [`vendor:${issuer}`, `vendor:${issuer.replace(/(?:online|login|auth|accounts?|identity|sso|oauth2?)$/, '')}`] }, offset);
    }
    // (the variable the address comes from: an address decoded at run time is judged as hidden)
    this.add({ kind: 'fetch', entry: `fetch.http.${http.entry}`, via, host, object: url, consumes: lead ? [`$${lead}`] : undefined, produces: produced === out ? [out] : [produced, out], flags: insecure ? ['insecure'] : undefined }, offset);
    if (output && output !== '-' && persistAt(this.resolve(output))) this.write(this.resolve(output), [out], 'write', cmd, offset);
    if (output && output !== '-') {
      const saved = normalisePath(output);
      const bin = PATH_DIR_PROGRAM.exec(saved);
      if (bin) this.downloadedPrograms.set(bin[1]!, saved);
    }
  }

  /** A command name that is a substitution, or a variable this document built from other pieces (`c=${b}$a`). */
  private hiddenName(raw: string): boolean {
    // a substitution that names a folder (`$(brew --prefix)/bin/tool`) is an ordinary path to a program
    if (/^(?:\$\([^()]*\)|`[^`]*`)\/[\w./-]+$/.test(raw)) return false;
    if (raw.startsWith('$(') || raw.startsWith('`')) return true;
    const v = /^\$\{?(\w+)\}?$/.exec(raw);
    return !!v && this.builtVars.has(v[1]!);
  }

  private interpretInline(cmd: string, code: string, offset: number): void {
    // `eval "$(tool init)"`: the substitution was read already; its placeholder is not code
    if (!this.ctx.nested || this.ctx.depth >= 3 || code.includes('$(…)')) return;
    const lang = /^(?:python\d?|py)$/.test(cmd) ? 'python' : /^(?:node|deno|bun)$/.test(cmd) ? 'javascript' : /^(?:sh|bash|zsh|dash|ksh|eval|fish)$/.test(cmd) ? 'shell' : null;
    if (lang) this.ctx.nested(lang, code, offset, this.ctx.depth + 1);
    // perl -e, ruby -e, php -r, awk programs: the commands their strings run (effects/literals.ts)
    else for (const c of literalCommands(code)) this.ctx.nested('shell', c.text, offset + c.at, this.ctx.depth + 1);
  }

  private interpreter(cmd: string, interp: { inline: readonly string[]; stdinDash: boolean }, args: Word[], names: string[], input: string[], out: string, offset: number): void {
    const consumes: string[] = [];
    let code: Word | undefined;
    let file: Word | undefined;
    // `sh -s -- -y --profile minimal`: with -s a shell reads its script from stdin; what follows are its arguments
    const shell = /^(?:ba|z|da|k|a)?sh$/.test(cmd);
    let stdinScript = false;
    for (let k = 0; k < args.length; k++) {
      const t = args[k]!.text;
      const lt = t.toLowerCase();
      if (interp.inline.includes(lt) || interp.inline.includes(t)) {
        code = args[k + 1];
        break;
      }
      if (shell && /^-[a-zA-Z]*s[a-zA-Z]*$/.test(t)) stdinScript = true;
      if (stdinScript && (t === '--' || !t.startsWith('-'))) break;
      if (t === '-' || t.startsWith('-')) {
        if (/^-(?:m)$/.test(t)) break; // python -m module: runs an installed module
        continue;
      }
      // `deno run FILE`, `bun run FILE`: the subcommand, then the program
      if ((cmd === 'deno' || cmd === 'bun') && !file && (t === 'run' || t === 'x')) continue;
      file = args[k];
      break;
    }
    if ((cmd === 'eval' || cmd === 'iex' || cmd === 'invoke-expression') && args.length) code = args[0];
    if (code) {
      consumes.push(...code.names);
      // code that is only a substitution whose printed text this document knows (`sh -c "$(printf '%b' '\x63…')"`) is that text
      const known = /^(?:\$\(…\)|`…`)$/.test(code.text.trim()) ? this.textOf(code.names) : '';
      const before = this.ctx.list.actions.length;
      this.interpretInline(cmd, known || code.text, code.offset + 1);
      // what the inline program prints is the interpreter's output (`sh -c "curl -fsSL URL" | sh` runs the download)
      const printed = this.ctx.list.actions.slice(before).filter((a) => a.kind === 'fetch' || a.kind === 'read').flatMap((a) => a.produces ?? []);
      if (printed.length && /^(?:sh|bash|zsh|dash|ksh|fish)$/.test(cmd)) this.flow(printed, [out], offset);
    } else if (file && URLISH.test(file.text) && (cmd === 'deno' || cmd === 'bun')) {
      // `deno run -A https://…/mod.ts`: the runtime downloads the module and runs it (a moving address, each time with --reload)
      const got = this.ctx.list.fresh('out');
      this.add({ kind: 'fetch', entry: `fetch.module.${cmd}`, via: `${cmd} run`, host: hostOf(file.text) ?? undefined, object: file.text, produces: [got] }, offset);
      consumes.push(got, ...file.names);
    } else if (file) {
      const path = normalisePath(file.text);
      consumes.push(`path:${path}`, ...file.names);
      if (file.text === '/dev/fd/63') consumes.push(...file.names);
    }
    if ((!code && !file) || args.some((a) => a.text === '-')) consumes.push(...input);
    if (cmd === 'source' || cmd === '.') consumes.push(...names);
    const flags = args.some((a) => INSECURE_FLAG.test(a.text)) ? ['insecure'] : [];
    if (args.some((a) => /^(?:-q|--quiet|--silent|-s)$/.test(a.text)) && args.some((a) => a.text === '--')) flags.push('quiet');
    this.add({ kind: 'exec', entry: `exec.interpreter.${cmd}`, via: cmd, object: file?.text, consumes, produces: [out], flags }, offset);
  }

  private copy(cmd: string, how: 'cp' | 'archive' | 'sync', args: Word[], argTexts: string[], names: string[], input: string[], out: string, offset: number): boolean {
    // a flag's value is not an operand: `rsync -e "ssh -p 22"`, `sftp -b batch -P 2222`
    const valued = cmd === 'rsync' ? /^-e$|^--(?:rsh|exclude|exclude-from|include|include-from|link-dest|compare-dest|copy-dest|filter|files-from|port|password-file|rsync-path|log-file|chmod|chown)$/
      : cmd === 'scp' || cmd === 'sftp' ? /^-[bPiFoBJSclDR]$/
        : cmd === 'rclone' ? /^--(?:include|exclude|filter|include-from|exclude-from|filter-from|files-from|config|transfers|checkers|bwlimit|max-age|min-age|max-size|min-size|log-file|log-level)$/
      // tar's and zip's exclusion patterns name what is left out, not what is packed (`--exclude .env`, `zip -x .env`)
      : how === 'archive' ? /^(?:--exclude|--exclude-from|-X|-x|--exclude-vcs-ignores)$/ : null;
    const plain = args.filter((a, k) => !a.text.startsWith('-') && !(valued && k > 0 && valued.test(args[k - 1]!.text)));
    if (how === 'sync') {
      // scp/rsync/sftp: an argument `[user@]host:path` (not a Windows drive) is the remote side; user and host may be variables
      const isRemote = (t: string) => /^(?:[\w.${}-]+@)?[\w.${}-]+:(?!\/\/)/.test(t) && !/^[A-Za-z]:[\\/]/.test(t) && !/^\w+=/.test(t);
      if (cmd === 'sftp' || cmd === 'lftp') {
        // sftp's commands come from `-b FILE` or stdin: each `put` names a local file sent to the host
        const bIdx = argTexts.indexOf('-b');
        const batch = bIdx >= 0 ? this.resolve(argTexts[bIdx + 1] ?? '') : '';
        const script = (batch ? this.textOf([`path:${batch}`]) : '') + '\n' + this.textOf(input);
        const puts = [...script.matchAll(/^\s*-?(?:m?put|reput)\b((?:\s+-\w+)*)\s+(\S+)/gm)].map((m) => m[2]!);
        const target = plain[plain.length - 1]?.text ?? '';
        if (puts.length && target && !isRemote(target)) {
          const host = (target.split(':')[0] ?? '').split('@').pop();
          this.add({ kind: 'send', entry: `send.copy.${cmd}`, via: cmd, host, object: target, channel: 'upload', consumes: [...this.pathNames(puts, offset), ...(batch ? [`path:${batch}`] : []), ...input] }, offset);
          return true;
        }
      }
      const lastIdx = plain.length - 1;
      // a destination held in a variable this document set (`ZIEL="user@host:/srv"; rsync … "$ZIEL/"`) is that destination
      const dest = lastIdx >= 1 ? plain[lastIdx]!.text.replace(/^\$\{?(\w+)\}?/, (m, v: string) => this.texts.get(`$${v}`) ?? this.remotes.get(`$${v}`) ?? m) : '';
      if (lastIdx >= 1 && (isRemote(dest) || (cmd === 'rclone' && /^[\w-]+:/.test(dest)))) {
        // (an rclone remote the document created goes to the server it points at)
        const host = (cmd === 'rclone' ? this.rcloneRemotes.get(dest.split(':')[0] ?? '') : undefined) ?? (dest.split(':')[0] ?? '').split('@').pop();
        const sources = plain.slice(cmd === 'rclone' ? 1 : 0, lastIdx).map((a) => a.text);
        sources.push(...includedPaths(sources, argTexts));
        // (a source named bare, `scp id_ed25519 host:`, is a file of the working folder: its name is all the command has)
        const bare = sources.filter((t) => /^[\w][\w.-]*$/.test(t)).map((t) => `path:${t}`);
        this.add({ kind: 'send', entry: `send.copy.${cmd}`, via: cmd, host, object: dest, channel: 'upload', consumes: [...this.pathNames(sources, offset), ...bare, ...names, ...input] }, offset);
        return true;
      }
      if (plain.some((a) => isRemote(a.text))) {
        const dest = plain[plain.length - 1]!.text;
        const host = (plain.find((a) => isRemote(a.text))!.text.split(':')[0] ?? '').split('@').pop();
        this.add({ kind: 'fetch', entry: `fetch.copy.${cmd}`, via: cmd, host, produces: [`path:${normalisePath(dest)}`] }, offset);
        return true;
      }
      if (cmd === 'sftp' || cmd === 'rclone') return false;
    }
    let dest: string | undefined;
    let sources: string[];
    // extraction runs the other way: the archive's content lands in the folder (`tar xzf a.tgz -C dir`, `unzip a.zip -d dir`)
    const extracts = (cmd === 'tar' && (/^[a-wyz]*x/i.test(argTexts[0] ?? '') || argTexts.some((a) => /^-[a-zA-Z]*x|^--extract$|^--get$/.test(a)))) || cmd === 'unzip' || cmd === 'expand-archive';
    if (extracts) {
      const fIdx = args.findIndex((a) => /^-[a-zA-Z]*f$/.test(a.text) || a.text === '--file' || (/^[a-zA-Z]*f[a-zA-Z]*$/.test(a.text) && args.indexOf(a) === 0));
      const archive = cmd === 'tar' ? args[fIdx + 1]?.text : plain[0]?.text;
      const dIdx = args.findIndex((a) => /^(?:-C|--directory|-d|-destinationpath)$/i.test(a.text));
      const into = dIdx >= 0 ? args[dIdx + 1]?.text : '.';
      if (archive && into) this.flow([...this.pathNames([archive], offset), ...input], [`path:${this.resolve(into)}`], offset);
      return true;
    }
    if (how === 'archive') {
      const fIdx = args.findIndex((a) => /^-[a-zA-Z]*f$/.test(a.text) || a.text === '--file' || (/^[a-zA-Z]*f[a-zA-Z]*$/.test(a.text) && cmd === 'tar' && args.indexOf(a) === 0));
      if (cmd === 'tar' && fIdx >= 0) {
        dest = args[fIdx + 1]?.text;
        // `-C dir` changes folder first: members are read from inside it
        const cIdx = args.findIndex((a) => a.text === '-C' || a.text === '--directory');
        const cdir = cIdx >= 0 ? args[cIdx + 1]?.text : undefined;
        // (the old-style flag bundle `czf` is the first word only: a member named `handoff` is a file)
        const cWord = cIdx >= 0 ? args[cIdx + 1] : undefined;
        // (a member written `$(basename "$B")` is the folder $B names, whatever -C says)
        sources = plain.filter((a, k) => !(k === 0 && args.indexOf(a) === 0 && /^[a-zA-Z]*f[a-zA-Z]*$/.test(a.text)) && a !== cWord).map((a) => (a.baseOf ? `$${a.baseOf}` : a.text)).filter((t) => t !== dest);
        // `-C "$(dirname "$B")" bundle`, `-C "$(dirname "$B")" "$(basename "$B")"`: the member is the folder $B names
        const parent = cIdx >= 0 ? args[cIdx + 1]?.parentOf : undefined;
        if (parent) sources = sources.map((t) => (/^[~/]/.test(t) || (t.startsWith('$') && !t.startsWith('$(')) ? t : `$${parent}`));
        else if (cdir) sources = sources.map((t) => (/^[~/$]/.test(t) ? t : t === '.' || t === './' ? cdir : `${cdir.replace(/\/$/, '')}/${t.replace(/^\.\//, '')}`));
      } else if (cmd === 'compress-archive') {
        dest = argTexts[argTexts.findIndex((t) => /^-destinationpath$/i.test(t)) + 1];
        sources = [argTexts[argTexts.findIndex((t) => /^-path$/i.test(t)) + 1] ?? ''];
      } else if (cmd === 'gzip' || cmd === 'bzip2' || cmd === 'xz') {
        sources = plain.map((a) => a.text);
        dest = sources[0] ? `${sources[0]}.gz` : undefined;
      } else {
        const p = plain.map((a) => a.text).filter((t) => !/^a$/.test(t));
        dest = p[0];
        sources = p.slice(1);
      }
    } else if (/^(?:copy-item|move-item|copy|cpi|mi)$/i.test(cmd) && argTexts.some((a) => /^-[A-Za-z]/.test(a))) {
      // PowerShell's named parameters: -Path/-LiteralPath are the sources, -Destination the target, other -Name value pairs skipped
      const d = argTexts.findIndex((a) => /^-destination$/i.test(a));
      dest = d >= 0 ? argTexts[d + 1] : undefined;
      sources = [];
      const positional: string[] = [];
      for (let k = 0; k < argTexts.length; k++) {
        const a = argTexts[k]!;
        if (/^-(?:path|literalpath)$/i.test(a)) { if (argTexts[k + 1]) sources.push(argTexts[++k]!); continue; }
        if (/^-destination$/i.test(a)) { k++; continue; }
        if (a.startsWith('-')) { if (!/^-(?:recurse|force|container|passthru|whatif|confirm)$/i.test(a)) k++; continue; }
        positional.push(a);
      }
      // `Copy-Item SRC DEST -ErrorAction SilentlyContinue`: positional source then destination
      if (dest === undefined && positional.length >= 2) dest = positional.pop();
      sources.push(...positional);
    } else {
      const p = plain.map((a) => a.text);
      dest = p[p.length - 1];
      sources = p.slice(0, -1);
      if (cmd === 'copy-item') {
        const d = argTexts.findIndex((t) => /^-destination$/i.test(t));
        if (d >= 0) dest = argTexts[d + 1];
      }
    }
    const from = [...this.pathNames(sources, offset), ...names, ...input];
    if (dest && dest !== '-') {
      const d = this.resolve(dest);
      this.write(d, from, 'write', cmd, offset);
      this.flow(from, [out], offset);
    } else {
      this.flow(from, [out], offset);
    }
    return true;
  }

  private git(args: Word[], argTexts: string[], out: string, offset: number, input: string[] = []): boolean {
    // global options before the subcommand: `git -C dir push`, `git -c k=v commit` (-C: the repository is dir)
    let cwd = '.';
    while (argTexts.length && /^(?:-C|-c|--git-dir|--work-tree|--no-pager|--bare|--git-dir=.*|--work-tree=.*)$/.test(argTexts[0]!)) {
      const flag = argTexts[0]!;
      const takes = flag === '-C' || flag === '-c' || flag === '--git-dir' || flag === '--work-tree';
      if ((flag === '-C' || flag === '--work-tree') && argTexts[1]) cwd = this.resolve(argTexts[1]);
      else if (flag.startsWith('--work-tree=')) cwd = this.resolve(flag.slice(12));
      args = args.slice(takes ? 2 : 1);
      argTexts = argTexts.slice(takes ? 2 : 1);
    }
    const repo = `path:${cwd}`;
    const sub = argTexts[0];
    // `git credential fill` prints the stored username and password the helper holds for a host
    if (sub === 'credential' && /^(?:fill|get)$/.test(argTexts[1] ?? '')) {
      this.add({ kind: 'read', entry: 'read.secret.netrc', object: 'stored git credentials', via: 'git credential fill', produces: [out] }, offset);
      return true;
    }
    // `git remote set-url --add --push origin URL`: every later push of origin also goes to URL
    if (sub === 'remote' && argTexts[1] === 'set-url' && argTexts.includes('--add') && argTexts.includes('--push')) {
      const rest = argTexts.slice(2).filter((a) => !a.startsWith('-'));
      if (rest[1]) this.pushCopy(rest[0]!, rest[1], 'git remote set-url --add --push', offset);
      return true;
    }
    if (sub === 'remote' && argTexts[1] === 'add' && argTexts[3]) {
      // (a URL held in a variable the document assigned: `git remote add a "$ARCHIVE_URL"`)
      this.remotes.set(`remote:${argTexts[2]}`, argTexts[3].replace(/\$\{?(\w+)\}?/g, (m, v: string) => this.remotes.get(`$${v}`) ?? this.texts.get(`$${v}`) ?? m));
      return true;
    }
    if (sub === 'push') {
      const target = argTexts.slice(1).find((a) => !a.startsWith('-'));
      const url = target ? (this.remotes.get(`remote:${target}`) ?? (/[:/]/.test(target) ? target : undefined)) : undefined;
      const host = url ? (hostOf(url.replace(/^git@([^:]+):/, 'https://$1/')) ?? undefined) : undefined;
      const mirror = argTexts.some((a) => /^--(?:mirror|all)$/.test(a) || /^\+?refs\/\*(?::refs\/\*)?$/.test(a) || /^refs\/stash/.test(a));
      this.add({ kind: 'send', entry: 'send.git.push', via: mirror ? 'git push --mirror' : 'git push', host, object: url ?? target ?? 'origin', channel: 'publish', consumes: [repo], flags: [...(url ? ['named-remote'] : []), ...(mirror ? ['mirror'] : [])] }, offset);
      return true;
    }
    if (sub === 'config') return this.configSet('git', argTexts, offset);
    if (sub === 'clone') {
      // (a flag's value is not the repository: `--depth 1`, `-b main`, `--filter blob:none`)
      const operands = argTexts.slice(1).filter((a, k, arr) => !a.startsWith('-') && !(k > 0 && /^(?:--depth|-b|--branch|--filter|-o|--origin|-c|--config|--reference|--separate-git-dir|-j|--jobs|--shallow-since|--shallow-exclude|-u|--upload-pack|--template)$/.test(arr[k - 1]!)));
      // a repository address held in a variable this document set (a default behind a setting: `$(git config … || echo URL)`)
      const url = operands[0]?.replace(/^\$\{?(\w+)\}?$/, (m, v: string) => this.remotes.get(`$${v}`) ?? this.texts.get(`$${v}`) ?? m);
      const dir = operands[1] ?? (url?.split('/').pop()?.replace(/\.git$/, '') ?? '');
      this.add({ kind: 'fetch', entry: 'fetch.git.clone', via: 'git clone', host: url ? (hostOf(url.replace(/^git@([^:]+):/, 'https://$1/')) ?? undefined) : undefined, object: url, produces: [`path:${normalisePath(dir)}`, out] }, offset);
      return true;
    }
    if (sub === 'add') {
      // staged files are what a later push publishes (`git add -f .env` puts an ignored secret into it)
      const files = argTexts.slice(1).filter((a) => !a.startsWith('-')).map((f) => (cwd === '.' || /^[~/$]/.test(f) ? f : f === '.' ? cwd : `${cwd}/${f}`));
      const from = this.pathNames(files, offset);
      // forcing the whole tree in stages what .gitignore keeps out: .env files, keys, local credentials
      if (argTexts.some((a) => a === '-f' || a === '--force' || /^-[A-Za-z]*f/.test(a)) && (files.length === 0 || files.some((f) => f === '.' || f === '*' || f === ':/')) ) {
        const r = this.ctx.list.fresh('read');
        this.add({ kind: 'read', entry: 'read.secret.dotenv', object: 'ignored files (.env, keys, local credentials)', via: 'git add --force', produces: [r] }, offset);
        from.push(r);
      }
      this.flow(from, [repo], offset);
      return true;
    }
    // A note, an annotated tag's message and a commit's message are git objects that a push publishes (`git notes add
    // -F file`, `git tag -a v1 -F file`, `git commit -m "$(env)"`, `-F -` from stdin); review tools rarely show notes or
    // tag messages, so what is written there travels unseen.
    if (sub === 'notes' || sub === 'tag' || sub === 'commit') {
      const verb = argTexts.slice(1).find((a) => !a.startsWith('-') && !/^--ref=/.test(a) && a !== argTexts[argTexts.indexOf('--ref') + 1]);
      if (sub === 'notes' && (!verb || !/^(?:add|append|edit)$/.test(verb))) return true;
      const from: string[] = [];
      for (let i = 1; i < argTexts.length; i++) {
        const a = argTexts[i]!;
        const file = a === '-F' || a === '--file' ? argTexts[i + 1] : /^--file=/.test(a) ? a.slice(7) : /^-F./.test(a) ? a.slice(2) : undefined;
        if (file === '-') from.push(...input);
        else if (file !== undefined) from.push(...this.pathNames([file], offset), ...(args[i + 1]?.names ?? []));
        if (a === '-m' || a === '--message') from.push(...(args[i + 1]?.names ?? []));
        else if (/^(?:-m.|--message=)/.test(a)) from.push(...(args[i]?.names ?? []));
      }
      if (from.length) this.flow(from, [repo], offset);
      return true;
    }
    void args;
    return false;
  }

  private gh(args: Word[], argTexts: string[], names: string[], input: string[], out: string, offset: number): boolean {
    const [a0, a1] = argTexts;
    const flagVal = (f: string) => {
      const i = argTexts.findIndex((t) => t === f || t.startsWith(`${f}=`));
      if (i < 0) return undefined;
      return argTexts[i]!.includes('=') ? argTexts[i]!.slice(argTexts[i]!.indexOf('=') + 1) : argTexts[i + 1];
    };
    if (a0 === 'repo' && a1 === 'create') {
      const isPublic = argTexts.includes('--public');
      const source = flagVal('--source') ?? '.';
      this.add({ kind: 'send', entry: 'send.publish.gh-repo', via: 'gh repo create', host: 'github.com', object: source, channel: 'publish', consumes: [`path:${normalisePath(source)}`], flags: isPublic ? ['public'] : ['private'] }, offset);
      return true;
    }
    if (a0 === 'gist' && a1 === 'create') {
      const files = argTexts.slice(2).filter((t) => !t.startsWith('-') && t !== flagVal('--desc') && t !== flagVal('-d') && t !== flagVal('--filename'));
      const consumes = [...this.pathNames(files, offset), ...names, ...(files.includes('-') || files.length === 0 ? input : [])];
      this.add({ kind: 'send', entry: 'send.publish.gh-gist', via: 'gh gist create', host: 'gist.github.com', object: files.join(' '), channel: 'publish', consumes, flags: argTexts.includes('--public') || argTexts.includes('-p') ? ['public'] : ['secret-gist'] }, offset);
      return true;
    }
    if (a0 === 'release' && (a1 === 'upload' || a1 === 'create')) {
      const files = argTexts.slice(3).filter((t) => !t.startsWith('-'));
      this.add({ kind: 'send', entry: 'send.publish.gh-release', via: `gh release ${a1}`, host: 'github.com', object: files.join(' '), channel: 'publish', consumes: this.pathNames(files, offset), flags: ['public'] }, offset);
      return true;
    }
    if (a0 === 'auth' && a1 === 'token') {
      this.add({ kind: 'read', entry: 'read.secret.gh', object: 'the GitHub CLI token', via: 'gh auth token', produces: [out], flags: ['vendor:github'] }, offset);
      return true;
    }
    // an issue, pull request or comment is a posting other people read: what its body carries is published there
    if ((a0 === 'issue' || a0 === 'pr') && /^(?:create|comment|edit|review)$/.test(a1 ?? '')) {
      const bodyFile = flagVal('--body-file') ?? flagVal('-F');
      const consumes = [...names, ...input, ...(bodyFile && bodyFile !== '-' ? this.pathNames([bodyFile], offset) : [])];
      if (consumes.length) this.add({ kind: 'send', entry: 'send.publish.gh-post', via: `gh ${a0} ${a1}${flagVal('--repo') || flagVal('-R') ? ` on ${flagVal('--repo') ?? flagVal('-R')}` : ''}`, host: 'github.com', object: bodyFile ?? '', channel: 'publish', consumes }, offset);
      return true;
    }
    // `gh api …/issues/N/comments -f body=…` posts a comment (fields make it a POST)
    if (a0 === 'api' && /\/(?:comments|issues|pulls|discussions|releases)(?:$|[/?])/.test(a1 ?? '') && (names.length || input.length) && (argTexts.some((t) => /^-[fF]$|^--(?:raw-)?field$|^--input$/.test(t)) || /POST|PATCH/i.test(flagVal('-X') ?? flagVal('--method') ?? ''))) {
      this.add({ kind: 'send', entry: 'send.publish.gh-post', via: `gh api ${a1}`, host: 'github.com', object: a1 ?? '', channel: 'publish', consumes: [...names, ...input] }, offset);
      return true;
    }
    if (a0 === 'api' || a0 === 'issue' || a0 === 'pr') {
      if (names.length || input.length) this.add({ kind: 'send', entry: 'send.gh.api', via: `gh ${a0}`, host: 'github.com', channel: 'body', consumes: [...names, ...input] }, offset);
      // what an issue, a pull request or their comments say is text other people write (anyone, on a public
      // repository): read at run time, it is remote content like a downloaded page
      const reads = ((a0 === 'issue' || a0 === 'pr') && a1 === 'view') || (a0 === 'api' && /\/(?:issues|pulls|comments|discussions)(?:$|[/?])/.test(a1 ?? '') && !argTexts.some((t) => /^-[fF]$|^--(?:raw-)?field$|^--input$/.test(t)));
      if (reads) this.add({ kind: 'fetch', entry: 'fetch.gh.content', via: `gh ${a0} ${a1 ?? ''}`.trim(), host: 'github.com', object: `https://github.com/${flagVal('--repo') ?? flagVal('-R') ?? ''}`, produces: [out], flags: ['public-content'] }, offset);
      return true;
    }
    void args;
    return false;
  }

  /**
   * The files a build's Dockerfile (one this document shows, named by `-f` or `Dockerfile`) copies into the image:
   * `COPY`/`ADD` sources under the build context, and `COPY --from=NAME src` under the folder `--build-context NAME=DIR` names.
   */
  private dockerfileCopies(argTexts: string[], ctxDir: string, offset: number): string[] {
    const fIdx = argTexts.findIndex((a) => a === '-f' || a === '--file');
    const file = fIdx >= 0 ? (argTexts[fIdx + 1] ?? '') : 'Dockerfile';
    const text = this.ctx.list.files.get(normalisePath(file)) ?? this.ctx.list.files.get(normalisePath(file.split('/').pop() ?? file)) ?? this.ctx.list.files.get('Dockerfile');
    if (!text) return [];
    const contexts = new Map<string, string>();
    for (let k = 0; k < argTexts.length; k++) {
      const m = /^--build-context(?:=(.+))?$/.exec(argTexts[k]!);
      const spec = m ? (m[1] ?? argTexts[k + 1] ?? '') : '';
      const eq = spec.indexOf('=');
      if (eq > 0 && !/^(?:docker-image|https?|oci-layout|target):/.test(spec.slice(eq + 1))) contexts.set(spec.slice(0, eq), spec.slice(eq + 1));
    }
    const sources: string[] = [];
    for (const line of text.split('\n').slice(0, 400)) {
      const m = /^\s*(?:COPY|ADD)\s+(.+)$/i.exec(line);
      if (!m) continue;
      const words = m[1]!.trim().split(/\s+/);
      const from = words.find((w) => w.startsWith('--from='))?.slice(7);
      const parts = words.filter((w) => !w.startsWith('--'));
      if (parts.length < 2) continue;
      const base = from === undefined ? ctxDir : contexts.get(from);
      if (base === undefined) continue;
      for (const p of parts.slice(0, -1).slice(0, 8)) sources.push(`${base.replace(/\/+$/, '')}/${p.replace(/^\.\//, '')}`);
    }
    return sources.length ? this.pathNames(sources.slice(0, 32), offset) : [];
  }

  private docker(args: Word[], argTexts: string[], names: string[], out: string, offset: number): boolean {
    const sub = argTexts[0];
    // `docker tag SRC DST` (and `docker image tag`): DST is the same image under another name
    const tagArgs = sub === 'tag' ? argTexts.slice(1) : sub === 'image' && argTexts[1] === 'tag' ? argTexts.slice(2) : null;
    if (tagArgs && tagArgs.length >= 2) {
      const [src, dst] = tagArgs.filter((a) => !a.startsWith('-'));
      if (src && dst) {
        this.flow([`image:${imageName(src)}`], [`image:${imageName(this.textOrName(dst))}`], offset);
        if (this.builtImages.has(imageName(src))) this.builtImages.add(imageName(this.textOrName(dst)));
      }
      return true;
    }
    if (sub === 'build' || (sub === 'buildx' && argTexts[1] === 'build')) {
      const t = argTexts.findIndex((a) => a === '-t' || a === '--tag');
      const tags = argTexts.filter((_, i) => i > 0 && (argTexts[i - 1] === '-t' || argTexts[i - 1] === '--tag')).map(imageName);
      for (const tag of tags) this.builtImages.add(tag);
      const ctxDir = argTexts.slice(1).filter((a, i, arr) => !a.startsWith('-') && !['-t', '--tag', '-f', '--file'].includes(arr[i - 1] ?? '')).pop() ?? '.';
      // what the Dockerfile copies in from the build contexts (`--build-context home="$HOME"` with `COPY --from=home .ssh …`)
      const copied = this.dockerfileCopies(argTexts, ctxDir, offset);
      if (tags.length) this.flow([`path:${normalisePath(ctxDir)}`, ...copied], tags.map((x) => `image:${x}`), offset);
      // `buildx build --push` (or an output of type registry) publishes the built image in the same step
      if (argTexts.includes('--push') || argTexts.some((a, i) => /type=registry|push=true/.test(a) && (/^(?:-o|--output)$/.test(argTexts[i - 1] ?? '') || a.startsWith('--output=')))) {
        const object = tags[0] ?? ctxDir;
        this.add({ kind: 'send', entry: 'send.publish.docker', via: 'docker buildx build --push', channel: 'publish', object, host: registryOf(object), consumes: [...tags.map((x) => `image:${x}`), `path:${normalisePath(ctxDir)}`, ...copied], flags: ['public'] }, offset);
      }
      return true;
    }
    if (sub !== 'run' && sub !== 'create' && !(sub === 'container' && argTexts[1] === 'run')) return false;
    const mounts: string[] = [];
    let image: string | undefined;
    const valued = new Set(['-e', '--env', '--name', '-p', '--publish', '-w', '--workdir', '--network', '--net', '-u', '--user', '--entrypoint', '--env-file', '-h', '--hostname', '--platform', '--restart', '-l', '--label', '--gpus', '--memory', '-m', '--cpus', '--add-host', '--device', '--shm-size', '--ulimit', '--pid', '--ipc', '--cap-add', '--security-opt']);
    const envFiles: string[] = [];
    const envs: string[] = [];
    const start = sub === 'container' ? 2 : 1;
    let privileged = false;
    for (let k = start; k < args.length; k++) {
      const t = argTexts[k]!;
      if (t === '-v' || t === '--volume' || t === '--mount') {
        const v = argTexts[++k] ?? '';
        const src = t === '--mount' ? (/(?:source|src)=([^,]+)/.exec(v)?.[1] ?? '') : v.split(':')[0]!;
        if (src) mounts.push(src);
        continue;
      }
      if (t.startsWith('--volume=') || t.startsWith('-v=')) {
        mounts.push(t.slice(t.indexOf('=') + 1).split(':')[0]!);
        continue;
      }
      if (t === '--privileged') privileged = true;
      if (t === '--env-file') envFiles.push(argTexts[k + 1] ?? '');
      if (t === '-e' || t === '--env') envs.push(...(args[k + 1]?.names ?? []), ...(isSecretEnv(argTexts[k + 1]?.split('=')[0] ?? '') && !argTexts[k + 1]?.includes('=') ? [`$${argTexts[k + 1]}`] : []));
      if (valued.has(t)) {
        k++;
        continue;
      }
      if (t.startsWith('-')) continue;
      image = t;
      break;
    }
    if (!image) return true;
    const local = this.builtImages.has(image.split(':')[0]!);
    const consumes = [...this.pathNames(mounts, offset), ...this.pathNames(envFiles, offset)];
    for (const e of envs) {
      this.envRead(e.slice(1), offset);
      consumes.push(e);
    }
    if (!local && consumes.length) {
      this.add({ kind: 'send', entry: 'send.container.mount', via: `${'docker'} run`, host: image, object: image, channel: 'mount', consumes, flags: privileged ? ['privileged'] : [] }, offset);
    }
    if (privileged && mounts.some((m) => m === '/' || m === '/var/run/docker.sock')) {
      this.add({ kind: 'privilege', entry: 'privilege.container-host', via: 'docker run --privileged', object: image, flags: ['host-takeover'] }, offset);
    }
    void names;
    void out;
    return true;
  }

  /**
   * `claude mcp add [-e K=V] [-H 'K: V'] name -- cmd args` / `… name https://url`: an MCP server the agent
   * starts with every session. The command is read as shell; secrets put in headers go to the URL's host.
   */
  private mcpAdd(cmd: string, args: Word[], offset: number): boolean {
    const valued = new Set(['-e', '--env', '-H', '--header', '-s', '--scope', '-t', '--transport']);
    const headerNames: string[] = [];
    const envNames: string[] = [];
    const positional: Word[] = [];
    let command: Word[] = [];
    for (let k = 2; k < args.length; k++) {
      const t = args[k]!.text;
      if (t === '--') {
        command = args.slice(k + 1);
        break;
      }
      if (valued.has(t)) {
        const v = args[++k];
        if (v && (t === '-H' || t === '--header')) headerNames.push(...v.names);
        if (v && (t === '-e' || t === '--env')) envNames.push(...v.names);
        continue;
      }
      if (t.startsWith('-')) continue;
      positional.push(args[k]!);
    }
    const name = positional[0]?.text ?? 'server';
    if (!command.length) command = positional.slice(1);
    const line = command.map((w) => (/[\s|;&]/.test(w.text) ? `'${w.text.replace(/'/g, "'\\''")}'` : w.text)).join(' ');
    const url = URLISH.test(line) && command.length === 1 ? line : '';
    const host = url ? (hostOf(url) ?? undefined) : undefined;
    this.add({ kind: 'persist', entry: 'persist.mcp-config', object: `MCP server "${name}"`, via: `${cmd} mcp add`, host, content: line, flags: ['mcp-config', ...(envNames.length ? ['env'] : [])] }, offset);
    if (url && headerNames.length) this.add({ kind: 'send', entry: 'send.mcp.header', via: `${cmd} mcp add --header`, host, object: url, channel: 'header', consumes: headerNames }, offset);
    if (line && !url) this.interpretInline('sh', line, command[0]!.offset);
    return true;
  }

  private kubectl(argTexts: string[], offset: number, out?: string): boolean {
    // `kubectl get secrets -A -o json`: the values of the cluster's secrets (base64 is not encryption)
    const verbAt = argTexts.findIndex((a) => a === 'get' || a === 'describe');
    const what = verbAt >= 0 ? (argTexts.slice(verbAt + 1).find((a) => !a.startsWith('-')) ?? '') : '';
    if (verbAt >= 0 && /(?:^|,)secrets?(?:$|[,/])/.test(what) && (argTexts.some((a) => /^-o(?:json|yaml|=?(?:json|yaml|jsonpath|go-template))|^--output/.test(a)) || argTexts.includes('-o'))) {
      this.add({ kind: 'read', entry: 'read.secret.kube-secrets', object: argTexts.some((a) => a === '-A' || a === '--all-namespaces') ? 'every secret in the cluster' : 'Kubernetes secrets', via: `kubectl ${argTexts[verbAt]} ${what}`, produces: out ? [out] : [] }, offset);
    }
    // global flags before the verb: `kubectl -n ns create …`, `--context c`, `--kubeconfig f`
    while (argTexts.length > 1 && /^(?:-n|--namespace|--context|--kubeconfig|--cluster|--user)$/.test(argTexts[0]!)) argTexts = argTexts.slice(2);
    while (argTexts.length && /^(?:--namespace|--context|--kubeconfig)=|^-n\S+$/.test(argTexts[0]!)) argTexts = argTexts.slice(1);
    // `kubectl run NAME --overrides='{"spec": …}' [-- CMD]`: the overrides are the pod's spec, read like a manifest (a
    // privileged container with the host's / or PID namespace, docs/skill-effect-model.md "keys and pods")
    if (argTexts[0] === 'run' && this.ctx.config) {
      const k = argTexts.findIndex((a) => /^--overrides(?:=|$)/.test(a));
      const raw = k < 0 ? '' : argTexts[k]!.includes('=') ? argTexts[k]!.slice(argTexts[k]!.indexOf('=') + 1) : argTexts[k + 1] ?? '';
      let pod: Record<string, unknown> | null = null;
      try { const v: unknown = JSON.parse(raw); pod = v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : null; } catch { pod = null; }
      const spec = pod && pod.spec && typeof pod.spec === 'object' ? pod.spec as Record<string, unknown> : null;
      if (pod && spec) {
        // (the command after `--` is what the first container runs, when the overrides do not say)
        const dash = argTexts.indexOf('--');
        const first = Array.isArray(spec.containers) && spec.containers[0] && typeof spec.containers[0] === 'object' ? spec.containers[0] as Record<string, unknown> : null;
        if (first && dash > 0 && first.command === undefined) first.command = argTexts.slice(dash + 1);
        this.ctx.config(null, `apiVersion: v1\nkind: Pod\nspec: ${JSON.stringify(spec)}\n`, offset);
      }
    }
    if (argTexts[0] === 'create' && /^(?:clusterrolebinding|rolebinding)$/.test(argTexts[1] ?? '')) {
      const role = argTexts.find((a) => a.startsWith('--clusterrole='))?.split('=')[1] ?? argTexts[argTexts.indexOf('--clusterrole') + 1];
      const subjects = argTexts.filter((a) => /^--(?:user|group|serviceaccount)(?:=|$)/.test(a)).map((a) => a.replace(/^--/, '').split('=')[0]!);
      // the service accounts named (`--serviceaccount=ns:name`), to match a token minted for one of them
      const accounts = argTexts.map((a, k) => (a.startsWith('--serviceaccount=') ? a.slice(17) : a === '--serviceaccount' ? argTexts[k + 1] ?? '' : '')).filter(Boolean).map((x) => `sa:${x.split(':').pop()}`);
      this.add({ kind: 'privilege', entry: 'privilege.rbac', object: role, via: 'kubectl create ' + argTexts[1], flags: [role === 'cluster-admin' || role === 'admin' ? 'cluster-admin' : 'role', ...subjects, ...accounts] }, offset);
      return true;
    }
    if (argTexts[0] === 'create' && argTexts[1] === 'token' && argTexts[2]) {
      // a token for a service account that outlives a debugging session (30 days or more) is a standing credential
      const d = (argTexts.find((a) => a.startsWith('--duration='))?.slice(11) ?? argTexts[argTexts.indexOf('--duration') + 1] ?? '').trim();
      const m = /^(\d+)(h|m|s|d)?$/.exec(d);
      const hours = m ? Number(m[1]) / (m[2] === 'm' ? 60 : m[2] === 's' ? 3600 : m[2] === 'd' ? 1 / 24 : 1) : 0;
      if (hours >= 720) this.add({ kind: 'read', entry: 'read.secret.sa-token', object: `sa:${argTexts[2]}`, via: 'kubectl create token', flags: ['long-lived'] }, offset);
      return false;
    }
    if (argTexts.includes('--raw') && argTexts[0] === 'config') {
      this.add({ kind: 'read', entry: 'read.secret.kube', object: 'Kubernetes credentials', via: 'kubectl config view --raw' }, offset);
      return true;
    }
    return false;
  }

  /** Shell history or the agent's transcripts deleted or emptied: the record of what ran is erased. */
  private eraseTraces(paths: string[], via: string, offset: number): boolean {
    const hit = paths.map((p) => this.resolve(p)).find((p) => /^(?:read\.secret\.history|read\.secret\.conversation)$/.test(secretAt(p)?.entry ?? ''));
    if (hit) this.add({ kind: 'destroy', entry: 'destroy.traces', object: hit, via }, offset);
    return !!hit;
  }

  private remove(cmd: string, argTexts: string[], offset: number, tt: boolean): void {
    this.eraseTraces(argTexts.filter((a) => !a.startsWith('-')), cmd, offset);
    const recursive = argTexts.some((a) => /^-[a-zA-Z]*[rR]/.test(a) || a === '--recursive' || /^-recurse$/i.test(a) || /^\/s$/i.test(a)) || cmd === 'shred' || cmd === 'srm';
    if (!recursive) return;
    const targets = argTexts.filter((a) => !a.startsWith('-') && !/^\/[sqf]$/i.test(a)).map((a) => (a.startsWith('$') ? this.resolve(a) : a));
    const bad = targets.find((t) => isDestructiveTarget(t)) ?? (argTexts.includes('--no-preserve-root') ? '/' : undefined);
    if (bad !== undefined) {
      this.add({ kind: 'destroy', entry: 'destroy.recursive-delete', object: normalisePath(bad), via: `${cmd} ${argTexts.filter((a) => a.startsWith('-')).join(' ')}`.trim(), flags: tt ? ['time-triggered'] : [] }, offset);
    } else if (tt && targets.length) {
      this.add({ kind: 'destroy', entry: 'destroy.time-triggered', object: targets.join(' '), via: cmd, flags: ['time-triggered'] }, offset);
    }
  }

  private install(cmd: string, inst: { ecosystem: 'pypi' | 'npm'; subs: RegExp | null; runs: boolean }, args: Word[], argTexts: string[], offset: number): boolean {
    let rest = argTexts;
    if (inst.subs) {
      if (!inst.subs.test(rest[0] ?? '')) return false;
      rest = rest.slice(1);
      if ((cmd === 'uv' && rest[0] === 'install') || (cmd === 'uv' && rest[0] === 'run')) rest = rest.slice(1);
      if (cmd === 'yarn' && rest[0] === 'add') rest = rest.slice(1);
      if (cmd === 'pipx' && argTexts[0] === 'run') rest = rest;
    }
    const runs = inst.runs || /^(?:dlx|exec|x|run)$/.test(argTexts[0] ?? '');
    const indexFlags = new Set(['-i', '--index-url', '--extra-index-url', '--registry', '-f', '--find-links', '--index']);
    const valued = new Set(['-r', '--requirement', '-c', '--constraint', '--trusted-host', '-t', '--target', '--prefix', '--root', '--python', '--tag', '--cache', '-w', '--workspace', '-p', '--package', '--from', '--with']);
    let first = true;
    for (let k = 0; k < rest.length; k++) {
      let t = rest[k]!;
      let v: string | undefined;
      if (t.startsWith('--') && t.includes('=')) {
        v = t.slice(t.indexOf('=') + 1);
        t = t.slice(0, t.indexOf('='));
      }
      if (indexFlags.has(t)) {
        const url = v ?? rest[++k] ?? '';
        this.add({ kind: 'fetch', entry: 'fetch.package-index', via: `${cmd} ${t}`, host: hostOf(url) ?? undefined, object: url, flags: [t === '--extra-index-url' ? 'extra-index' : 'index'] }, offset);
        continue;
      }
      if (t === '--trusted-host') {
        this.add({ kind: 'fetch', entry: 'fetch.package-index', via: `${cmd} --trusted-host`, host: v ?? rest[++k], object: v ?? rest[k], flags: ['tls-off'] }, offset);
        continue;
      }
      if (t === '--package' || t === '-p' || t === '--from' || t === '--with') {
        const pkg = v ?? rest[++k];
        if (pkg) this.add({ kind: 'exec', entry: 'exec.install.package', via: cmd, object: pkg, flags: [inst.ecosystem, 'runs'] }, offset);
        continue;
      }
      if (valued.has(t)) {
        if (v === undefined) k++;
        continue;
      }
      if (t.startsWith('-')) continue;
      const spec = t.replace(/^["']|["']$/g, '');
      // a URL, a PEP 508 direct reference (`name @ git+https://…`), or npm's repository shorthands (`github:o/r`, `o/r`)
      const shorthand = inst.ecosystem === 'npm' ? /^(github|gitlab|bitbucket):([\w.-]+\/[\w.-]+)|^([\w-]+\/[\w.-]+)(?:#.*)?$/.exec(spec) : null;
      const urlSpec = shorthand ? `https://${shorthand[1] === 'gitlab' ? 'gitlab.com' : shorthand[1] === 'bitbucket' ? 'bitbucket.org' : 'github.com'}/${(shorthand[2] ?? shorthand[3])!.replace(/#.*$/, '')}`
        : /^(?:git\+)?(?:https?|ssh|git):\/\/|^git@|^[\w.-]+(?:\[[^\]]*\])?\s*@\s*(?:git\+)?(?:https?|ssh|git):\/\//.exec(spec) ? spec.replace(/^[\w.-]+(?:\[[^\]]*\])?\s*@\s*/, '') : null;
      if (urlSpec) {
        const u = urlSpec.replace(/^git\+/, '').replace(/^git@([^:]+):/, 'https://$1/');
        this.add({ kind: 'exec', entry: 'exec.install.url', via: cmd, host: hostOf(u) ?? undefined, object: u, flags: [inst.ecosystem] }, offset);
      } else if ((!/[/\\$<>{}]/.test(spec) || /^@[\w.-]+\/[\w.-]+(?:@[\w.^~<>=-]*)?$/.test(spec)) && !spec.startsWith('.')) {
        this.add({ kind: 'exec', entry: 'exec.install.package', via: cmd, object: spec, flags: [inst.ecosystem, ...(runs && first ? ['runs'] : [])] }, offset);
      }
      // after the package an npx/uvx run takes the package's own arguments
      if (runs) break;
      first = false;
    }
    void args;
    return true;
  }

  /**
   * `kubectl config set-cluster X --insecure-skip-tls-verify=true`, `kubectl config set clusters.X.proxy-url URL`:
   * saved in the kubeconfig, so every later command to that cluster skips the certificate check or goes through the proxy.
   */
  private kubeConfig(cmd: string, argTexts: string[], offset: number): boolean {
    const sub = argTexts[1] ?? '';
    const tlsOff = argTexts.some((a, i) => /^--insecure-skip-tls-verify(?:=(?:true|1))?$/.test(a) && (a.includes('=') || !/^(?:false|0)$/.test(argTexts[i + 1] ?? '')))
      || (sub === 'set' && /insecure-skip-tls-verify$/.test(argTexts[2] ?? '') && /^(?:true|1)$/.test(argTexts[3] ?? ''));
    // a cluster on this machine or its network (kind, minikube, a lab) has no one in between to intercept
    const server = argTexts.find((a) => a.startsWith('--server='))?.slice(9) ?? argTexts[argTexts.indexOf('--server') + 1] ?? '';
    const localServer = /^https?:\/\/(?:127\.|localhost|\[::1\]|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)/.test(server);
    if ((sub === 'set-cluster' || sub === 'set') && tlsOff && !localServer) {
      this.add({ kind: 'tamper', entry: 'tamper.tls-off', object: argTexts.slice(1, 4).join(' '), via: `${cmd} config (saved in the kubeconfig)`, flags: ['persistent'] }, offset);
    }
    const proxyAt = argTexts.findIndex((a) => /^--proxy-url(?:=|$)/.test(a));
    const proxy = sub === 'set' && /(?:^|\.)proxy-url$/.test(argTexts[2] ?? '') ? argTexts[3] : proxyAt > 0 ? (argTexts[proxyAt]!.includes('=') ? argTexts[proxyAt]!.split('=')[1] : argTexts[proxyAt + 1]) : undefined;
    if (proxy && URLISH.test(proxy)) this.proxy(proxy, `${cmd} config proxy-url`, offset);
    return true;
  }

  private configSet(cmd: string, argTexts: string[], offset: number): boolean {
    const i = argTexts.findIndex((a) => a === 'set' || a === 'add' || (cmd === 'git' && !a.startsWith('-') && a !== 'config'));
    if (i < 0) return false;
    let key = argTexts[cmd === 'git' ? i : i + 1] ?? '';
    let value = argTexts[cmd === 'git' ? i + 1 : i + 2] ?? '';
    if (key.includes('=') && !value) [key, value] = [key.slice(0, key.indexOf('=')), key.slice(key.indexOf('=') + 1)];
    if (cmd === 'git' && /^core\.hookspath$/i.test(key)) {
      this.add({ kind: 'persist', entry: 'persist.git-hook', object: value, via: 'git config core.hooksPath', content: value, flags: ['git-hook', 'write'] }, offset);
      return true;
    }
    if (cmd === 'git' && GIT_EXEC_KEY.test(key) && (!/^alias\./i.test(key) || value.startsWith('!'))) {
      // git runs these values as commands on every credential lookup, ssh connection or alias use
      const run = value.replace(/^!/, '');
      this.add({ kind: 'persist', entry: 'persist.git-command', object: key, via: `git config ${key}`, content: run, flags: ['exec-config', 'write'] }, offset);
      // `credential.helper 'store --file X'`: X holds every git password in the clear from now on
      const store = /^store\s+(?:--file[=\s]\s*)["']?([^\s"']+)/.exec(run);
      if (/credential/i.test(key) && store) {
        this.add({ kind: 'read', entry: 'read.secret.git-credentials', object: `${store[1]} (git's credential store)`, via: `git config ${key}`, produces: [`path:${this.resolve(store[1]!)}`] }, offset);
      }
      return true;
    }
    if (cmd !== 'git' && EXEC_SETTING_KEY.test(key) && value) {
      // `npm config set script-shell ~/bin/x`: the package manager starts that program for every script
      const run = /^node-options$/i.test(key) ? `node ${/(?:--require|-r)[=\s]\s*(\S+)/.exec(value)?.[1] ?? value}` : value;
      this.add({ kind: 'persist', entry: 'persist.exec-config', object: key, via: `${cmd} config ${key}`, content: run, flags: ['exec-config', 'write'] }, offset);
      return true;
    }
    if (cmd === 'git' && /^(?:lfs(?:\..+)?\.(?:url|pushurl)|remote\..+\.lfs(?:push)?url)$/i.test(key) && /^https?:\/\//.test(value)) {
      this.add({ kind: 'persist', entry: 'persist.exec-config', object: value, via: `git config ${key}`, host: hostOf(value) ?? undefined, content: '', flags: ['exec-config', 'lfs'] }, offset);
      return true;
    }
    const pushUrl = /^remote\.([^.]+)\.pushurl$/i.exec(key);
    if (cmd === 'git' && pushUrl && value && !argTexts.includes('--unset') && !argTexts.includes('--unset-all')) {
      this.pushCopy(pushUrl[1]!, value, `git config ${key}`, offset);
      return true;
    }
    const redirect = /^url\.(.+)\.(?:insteadof|pushinsteadof)$/i.exec(key);
    if (cmd === 'git' && redirect && value && !argTexts.includes('--unset') && !argTexts.includes('--unset-all')) {
      // every fetch and push of `value` goes to the URL in the key instead
      const to = redirect[1]!.replace(/^git@([^:]+):/, 'https://$1/');
      this.add({ kind: 'persist', entry: 'persist.git-redirect', object: `${value} → ${redirect[1]}`, via: 'git config url.insteadOf', host: hostOf(to) ?? undefined, content: '', flags: ['exec-config', 'redirect', `from:${hostOf(value.replace(/^git@([^:]+):/, 'https://$1/')) ?? value}`] }, offset);
      return true;
    }
    if (/(?:^|\.|-)proxy(?:-url)?$/i.test(key) && URLISH.test(value)) {
      this.proxy(value, `${cmd} config ${key}`, offset);
      return true;
    }
    for (const s of TRUST_SETTINGS) {
      if (!s.key.test(key) && !s.key.test(key.split('.').pop() ?? '')) continue;
      if (s.falseOnly && !/^(?:false|0|no|off)$/i.test(value)) continue;
      // a CA file carries the marks of whoever wrote it (a download is a certificate the skill supplies)
      const consumes = s.kind === 'ca' && /^[~$./\w]/.test(value) ? [`path:${normalisePath(value)}`] : undefined;
      this.add({ kind: 'persist', entry: 'persist.package-config', object: `${key}=${value}`, via: `${cmd} config`, host: s.kind === 'index' ? (hostOf(value) ?? undefined) : undefined, content: `${key}=${value}`, flags: ['package-config', s.kind === 'index' ? 'index' : s.kind === 'ca' ? 'ca-file' : 'tls-off'], consumes }, offset);
      return true;
    }
    return true;
  }
}

/** OAuth token endpoints (RFC 6749 3.2): `/token`, `/oauth2/v2.0/token`, `/login/oauth/access_token`. */
const TOKEN_ENDPOINT = /\/(?:oauth2?\/(?:v\d+(?:\.\d+)?\/)?token|login\/oauth\/access_token|oauth\/token|token)\/?$/i;

/** A request field named for a recovery phrase or private key whose value is a placeholder the agent fills in. */
const HANDED_SECRET_FIELD = /\\?["']?((?:seed|recovery|secret|mnemonic)?_?(?:phrase|mnemonic|seed)|private_?key|secret_?key|recovery_?codes?|backup_?codes?)\\?["']?\s*[:=]\s*\\?["']?(?:<[^>\n]{1,80}>|\{\{[^}\n]{1,80}\}\}|\[[A-Z_ ]{3,80}\])/i;
