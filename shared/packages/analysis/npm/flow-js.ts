/**
 * JavaScript side of the source-to-sink rules (flow-rules.ts), read with acorn: module bindings
 * (`require`, `import`, destructuring), constant strings (`var _0x=['\x68\x74\x74\x70\x73']` →
 * `require(_0x[0])` is `require('https')`), labels carried through expressions, variables and
 * callback parameters (`https.get(u, res => res.on('data', c => body += c))` makes `body` fetched
 * data), then the sinks: DNS queries, eval-like calls, deserialisers, file writes, network sends
 * and process spawns. Flow-insensitive and scope-insensitive by name: a small over-approximation,
 * paid for by requiring a specific sink and a specific label together.
 *
 * Only files the pre-scan marks are parsed (flow-prescan.ts flowWanted).
 */
import { parse } from 'acorn';
import { SECRET_VENDORS } from '../../../sandbox/reputation.js';
import { emptyFacts, type ActFact, type FlowFacts, type Handoff, type SendFact, type SpawnFact } from './flow-facts.js';
import { LABEL, applyRules } from './flow-rules.js';
import {
  EXECUTABLE_LITERAL,
  FINGERPRINT_ENV,
  NPM_TOKEN_ENV,
  SECRET_ENV,
  isDestLiteral,
  isDomainLiteral,
  literalLabels,
  TRACKER_SDK_CALLS,
} from './flow-vocabulary.js';
import { AGENT_INSTRUCTION_ABUSE, AGENT_INSTRUCTIONS, CREDENTIAL_STORE } from '../patterns.js';
import { powershellRemoteRun, UPLOAD_OPERAND } from '../remote-run.js';
import {
  AGENT_APPROVE,
  AGENT_APPROVE_TEXT,
  APP_CODE_PATH,
  GIT_CONFIG_RUNS,
  PATH_PREPEND,
  PERSIST_CMD,
  PERSIST_PATH,
  SSH_CONFIG_PATH,
  SSH_CONFIG_RUNS,
  OTHER_APP_CODE,
  SHELL_RC_PATH,
  SHELL_RC_RUNS,
  HOSTS_FILE_PATH,
  HOSTS_REDIRECT,
} from './persistence.js';
import { EDITOR_TASK_FILE, writesAutorunTask } from './workspace-autorun.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type N = any;

const MAX_PARSE_BYTES = 3 * 1024 * 1024;
const MAX_DESTS = 20;

const DNS_METHODS =
  /^(?:lookup|lookupService|resolve|resolve4|resolve6|resolveAny|resolveCname|resolveMx|resolveNs|resolveTxt|resolveSrv|resolvePtr|resolveSoa|resolveNaptr|reverse)$/;
const SPAWN_FNS = /^(?:spawn|spawnSync|exec|execSync|execFile|execFileSync|fork)$/;
const FS_WRITE_FNS =
  /^(?:writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|copyFile|copyFileSync|rename|renameSync|outputFile|outputFileSync|cp|cpSync)$/;
const FP_OS_FNS = /^(?:hostname|userInfo|networkInterfaces|homedir)$/;
/** Calls that fetch over the network (canonical callee names). */
const NET_FETCH =
  /^(?:(?:globalThis|window|self|global)\.fetch|navigator\.sendBeacon|fetch|(?:node-fetch|cross-fetch|isomorphic-fetch|undici\.fetch|undici\.request)|axios(?:\.(?:get|post|put|patch|request|delete))?|got(?:\.(?:get|post|put|patch|stream))?|needle(?:\.\w+)?|request(?:\.(?:get|post|put|patch))?|superagent(?:\.\w+)?|https?\.(?:get|request)|http2\.connect|phin|bent)$/;
const DESERIALIZERS: readonly [string, RegExp][] = [
  ['node-serialize', /^(?:unserialize)$/],
  ['funcster', /^(?:deepDeserialize|deserialize)$/],
  ['serialize-to-js', /^(?:deserialize)$/],
  ['cryo', /^(?:parse)$/],
];
/** A js-yaml schema that builds JavaScript functions and regular expressions from the document. */
const UNSAFE_YAML_SCHEMA = /\bDEFAULT_FULL_SCHEMA\b|\bFULL_SCHEMA\b|js-yaml-js-types|\bjsTypes\b/;
const SHELL_FETCH =
  /^\s*(?:curl|wget|Invoke-WebRequest|iwr|powershell[^\n]{0,80}(?:DownloadString|iwr|Invoke-WebRequest))\b/i;
const SHELL_FP = /^\s*(?:whoami|hostname|id|uname|ipconfig|ifconfig|systeminfo|net\s+user)\b/i;
const SHELL_DNS = /^\s*(?:nslookup|dig|host|ping)\s/i;
const DETACH_CMD =
  /^\s*(?:start\s|cmd(?:\.exe)?\s+\/c\s+start\s)|\bnohup\s|&\s*$|Start-Process|-WindowStyle\s+Hidden|\bsetsid\s/i;
/** Windows' DLL runners: what they start is a library's code (`rundll32 x.dll,Entry`, `regsvr32 /s x.dll`). */
const DLL_LOADER = /^(?:.*[\\/])?(?:rundll32|regsvr32)(?:\.exe)?$/i;
/** A command that publishes packages (`npm publish`, `yarn npm publish`, `pnpm publish`). */
/** Compilers' module interop helpers (tslib, Babel, esbuild). */
/** The module loader's own methods under other names (`process.getBuiltinModule`, `Module._load`). */
const LOADER_PROPS: ReadonlySet<string> = new Set(['getBuiltinModule', '_load']);
const INTEROP_FNS =
  /^(?:__importDefault|__importStar|_interopRequireDefault|_interopRequireWildcard|__toESM|__toCommonJS)$/;
/** Media files: images, fonts, audio, video (data, never code). */
// A source map (`.map`) is data too: Node never runs its `sourcesContent`.
const ASSET_FILE = /\.(?:png|jpe?g|gif|ico|bmp|webp|tiff?|woff2?|ttf|otf|eot|mp3|wav|ogg|mp4|webm|map)$/i;
/** Request headers that carry a credential. */
const AUTH_HEADER_NAME = /^(?:authorization|proxy-authorization|cookie|x-api-key|x-auth-token|api-key)$/i;
/** A shell's recursive delete before its path (`rm -rf `, `rd /s /q "`). */
const SHELL_RM_HEAD = /^\s*(?:rm\s+-(?:rf|fr|Rf|r\s+-f)\s+|(?:rd|rmdir)\s+\/s\s+\/q\s+)"?$/i;
const PUBLISH_CMD = /^\s*(?:npm|pnpm|yarn(?:\s+npm)?|bun)\s+publish\b/;
/** `npm config set registry …`, `yarn config set strict-ssl false`, `npm config set //host/:_authToken …`, `npm config set node-options …`. */
const RC_SET_CMD =
  /^\s*(?:npm|pnpm|yarn)\s+config\s+set\s+(?:(?:@[\w.-]+:)?registry\s+\S*[a-z]|strict-ssl\s+false|ignore-scripts\s+false|npmRegistryServer|enableStrictSsl\s+false|\S*:_authToken|\S*:_auth\b|node-options\s+\S*--(?:require|import|loader))/i;
const GIT_PUSH_CMD = /^\s*git\s+(?:-C\s+\S+\s+)?push\b/;
/** A git hook file: in `.git/hooks/` or a hook folder git is pointed at (`.husky/`, `.githooks/`). */
const GIT_HOOK_PATH =
  /(?:^|\/)(?:\.git\/hooks|\.husky|\.githooks)\/(?:applypatch-msg|pre-applypatch|post-applypatch|pre-commit|pre-merge-commit|prepare-commit-msg|commit-msg|post-commit|pre-rebase|post-checkout|post-merge|pre-push|pre-receive|update|post-receive|post-update|push-to-checkout|pre-auto-gc|post-rewrite)$/;
/** Hook content that reaches the network: a URL, a download tool, Node's HTTP clients. */
const HOOK_FETCHES =
  /https?:\/\/|\b(?:curl|wget|Invoke-WebRequest|iwr|irm)\b|require\(\s*\\?['"]https?\\?['"]\s*\)|\bfetch\(/;
/** Command-line flags that turn an AI coding agent's permission checks off. */
export const AGENT_UNSAFE_FLAGS =
  /^--(?:dangerously-skip-permissions|dangerously-bypass-approvals-and-sandbox|yolo|trust-all-tools|allow-all-tools|approval-mode=yolo)$/;
/** A download tool as a command (its arguments are what it sends). */
const SHELL_SEND = /^\s*(?:curl|wget)\s/i;
/** A literal wallet address (Ethereum, Bitcoin legacy / SegWit, Tron). */
const WALLET_ADDRESS =
  /^(?:0x[a-fA-F0-9]{40}|[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{25,60}|T[1-9A-HJ-NP-Za-km-z]{33})$/;
/** Typed-data signing methods (ethers' `signTypedData` / `_signTypedData`, viem's `signTypedData`). */
const TYPED_SIGN = /^_?signTypedData(?:_v4)?$/;
/** A wallet's signing methods (Solana's and Ethereum providers' `signTransaction`, `signAllTransactions`, `signMessage`…). */
const SIGN_METHOD =
  /^(?:signTransaction|signAllTransactions|signAndSendTransaction|signMessage|signTypedData(?:_v4)?)$/;
/** The names of the functions a page hook replaces (isPageHook), checked before the dotted name is built. */
const PAGE_HOOK_PROP =
  /^(?:fetch|open|send|setRequestHeader|request|sendAsync|signTransaction|signAllTransactions|signAndSendTransaction)$/;
/** A regular expression that matches wallet addresses (`0x[a-fA-F0-9]{40}`, base58 `[13][a-km-zA-HJ-NP-Z1-9]{25,34}`). */
const WALLET_PATTERN =
  /0x\[(?:a-fA-F0-9|0-9a-fA-F|a-f0-9|0-9a-f|A-Fa-f0-9|0-9A-Fa-f)\]\{40\}|\[13\]\[a-km-zA-HJ-NP-Z1-9\]|\[13\]\[1-9A-HJ-NP-Za-km-z\]|bc1\[/;
/** A file-system root, the home directory's shorthand, or the directories above the working directory. */
const WIPE_ROOT = /^(?:\/|\\|[A-Za-z]:[\\/]?|~[\\/]?|(?:\.\.[\\/]?)+|\.[\\/](?:\.\.[\\/]?)+)$/;
/** Data labels a local function's return value carries to its callers (not destinations: see DEST_ONLY). */
const RETURN_LABELS = LABEL.FETCHED | LABEL.FIXED_SRC | LABEL.UNPACKED | LABEL.ASSET | LABEL.ENV | LABEL.CLOUD_CRED | LABEL.WALLET;
/**
 * Programs whose output is a stored credential: a git credential helper, the GitHub CLI's token, the macOS keychain, a cloud
 * CLI's access token; since pkg-analysis-2026.12.7 password managers' CLIs listing or printing their items (Bitwarden `bw`,
 * 1Password `op`, LastPass `lpass`, `pass`, KeePassXC).
 */
const CRED_HELPER_CMD =
  /(?:^|\s)(?:credential\s+fill|auth\s+token|find-(?:generic|internet)-password|print-access-token|export-credentials)\b|(?:^|[\s/])(?:bw\s+(?:list|get|export)|op\s+(?:item\s+(?:get|list)|items?\s+list|read|document\s+get|vault\s+list)|lpass\s+(?:show|export|ls)|pass\s+show|keepassxc-cli\s+(?:show|export))\b/;
/** A download piped into a shell or PowerShell's Invoke-Expression (`curl … | sh`, `iwr … | iex`). */
const PIPE_TO_SHELL =
  /\b(?:curl|wget)\b[^|;&]*\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^|;&]*\|\s*(?:iex|Invoke-Expression)\b/i;
/** A script or program file (what a dropped payload is written as). */
const RUNNABLE_FILE = /\.(?:[cm]?js|ts|sh|py|ps1|vbs|bat|cmd|exe|bin)$/i;
/** A native library file (what `process.dlopen` and `require` of an addon load). */
const NATIVE_LIB = /\.(?:node|so(?:\.\d+)*|dll|dylib)$/i;
/** Another process's memory or environment under /proc (a computed pid, not the process itself). */
const PROC_MEMORY = /^\/proc\/(?!self\/)[\s\S]*\/(?:mem|environ)$/;
/** The same in the text of a command or an inline program: `/proc/<pid>/mem` with the pid computed or substituted (not `self`). */
const PROC_MEMORY_TEXT =
  /\/proc\/(?:\$\{?\w+\}?|\$\([^)\n]{1,80}\)|\{\w*\}|%[sd]|['"]\s*\+\s*[\w.]+\s*\+\s*['"]|\d+)\/(?:mem|environ)\b/;
/** Properties that hold a private key or a wallet's recovery words (key pairs of tweetnacl, Solana, ethers, bip39 wallets). */
const KEY_MATERIAL_PROP = /^(?:secretKey|privateKey|mnemonic|seedPhrase|mnemonicPhrase)$/;
/** Wallet libraries' methods that are handed a private key, seed or recovery phrase (`Keypair.fromSecretKey(sk)`, `Wallet.fromSeed`). */
const KEY_METHOD = /^(?:fromSecretKey|fromSeed|fromMnemonic|fromPhrase|fromPrivateKey|fromWIF|fromEntropy|mnemonicToSeed(?:Sync)?|fromMasterSeed)$/;
/** Calls that derive a key pair or a seed from a wallet's seed or recovery words (bip39, ripple-keypairs, ethers, solana's web3). */
export const KEY_DERIVE_FN =
  /^(?:deriveKeypair|deriveKeyPair|fromSeed|fromMnemonic|fromPhrase|mnemonicToSeed|mnemonicToSeedSync|mnemonicToEntropy|mnemonicToPrivateKey|fromMasterSeed|fromSecretKey|seedToKeypair|keyPairFromSeed)$/;
/** Methods that register an event listener. */
const LISTEN_METHOD = /^(?:on|once|addListener|prependListener|prependOnceListener)$/;
/** Mongoose's document and query events a plugin's `pre` / `post` hook sees (pkgrecall2). */
const DATA_HOOK_EVENT =
  /^(?:save|validate|remove|deleteOne|deleteMany|updateOne|updateMany|update|findOneAndUpdate|findOneAndDelete|findOneAndRemove|findOneAndReplace|replaceOne|insertMany|init|find|findOne|aggregate|bulkWrite)$/;
/** Sequelize's model hooks, by method or by `addHook` name (pkgrecall2). */
const DATA_HOOK_METHOD = /^(?:before|after)(?:Create|Update|Save|Destroy|Upsert|BulkCreate|BulkUpdate|BulkDestroy|Find|Validate)$/;
/**
 * An entity subscriber's methods (pkg22): TypeORM's `EntitySubscriberInterface` (`afterInsert(event)`, `afterLoad(entity)`)
 * and MikroORM's `EventSubscriber` (`afterCreate(args)`, `onFlush(args)`), in a class that names what it listens to
 * (SUBSCRIBER_MARK). What the ORM hands them is the application's rows.
 */
const SUBSCRIBER_METHOD =
  /^(?:(?:before|after)(?:Insert|Update|Remove|SoftRemove|Recover|Load|Create|Upsert|Delete|Flush|TransactionCommit|Query)|onFlush|onLoad|onInit)$/;
/** A class method that marks an entity subscriber: TypeORM `listenTo()`, MikroORM `getSubscribedEntities()`. */
const SUBSCRIBER_MARK = /^(?:listenTo|getSubscribedEntities)$/;
/** Query events of a query builder's client (Knex `knex.on('query', (data) => …)`: the statement and its bindings). */
const QUERY_EVENT = /^(?:query|query-response)$/;
/** An SSH public key line. */
const SSH_PUBKEY =
  /(?:^|\s)(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com) AAAA[0-9A-Za-z+/]{20}/;
/** Hosts of a cloud metadata service (link-local, its DNS names) and local addresses: where a metadata request goes, not a foreign host. */
const METADATA_OR_LOCAL =
  /^(?:169\.254\.\d+\.\d+|metadata(?:\.google\.internal)?|fd00:ec2::254|\[fd00:ec2::254\]|localhost|127\.\d+\.\d+\.\d+|\d+|0x[0-9a-f]+)$/i;
/** Clipboard read and write programs (macOS, Windows PowerShell, Wayland). */
const CLIP_READ = /^(?:pbpaste|wl-paste|Get-Clipboard)$|\bGet-Clipboard\b/;
const CLIP_WRITE = /^(?:pbcopy|wl-copy|clip(?:\.exe)?|Set-Clipboard)$/;
const FS_DESTROY_FNS =
  /^(?:writeFile|writeFileSync|rm|rmSync|unlink|unlinkSync|rmdir|rmdirSync|truncate|truncateSync|remove|removeSync|outputFile|outputFileSync)$/;

/** What an expression carries: labels, destination literals, the names of the credentials in it. */
interface Acc {
  l: number;
  d: Set<string>;
  t: Set<string>;
}

const acc0 = (l = 0): Acc => ({ l, d: new Set(), t: new Set() });

/** Environment variables that choose where a client sends its requests: an SDK's base URL, the process's proxies (python/flow.ts ENDPOINT_ENV). */
const ENDPOINT_ENV =
  /^(?:[A-Z][A-Z0-9]*_(?:BASE_URL|API_BASE|API_BASE_URL|API_URL|API_ENDPOINT|ENDPOINT_URL)|HTTPS?_PROXY|https?_proxy|ALL_PROXY|all_proxy)$/;
/** A URL of a host that is not this machine's or its network's (a local proxy or development server is the user's). */
const ENDPOINT_URL =
  /^(?:https?|socks5h?):\/\/(?!(?:localhost|127\.|0\.0\.0\.0|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|\[::1\]))[\w-]+(?:\.[\w-]+)+/i;
/** Character codes a text is spelled in before it counts as hidden (a short table is an alphabet or a separator set). */
const CODE_TABLE_MIN = 16;

/** What travels through call-site arguments and `this.x` fields: destination literals and how a destination was made. */
const DEST_ONLY = LABEL.DOMAIN | LABEL.DECODED | LABEL.INPUT;

/** Calls that decode bytes at run time (what they return is hidden in the source). */
const DECODE_CALL =
  /^(?:atob|unescape|Buffer\.from|buffer\.Buffer\.from|String\.fromCharCode|String\.fromCodePoint|TextDecoder\.decode|\?\.decode)$/;

interface VarInfo {
  l: number;
  d: Set<string>;
  /** Credential names it carries (see SendFact.secrets). */
  t?: Set<string>;
  /** Bound to require(mod) / import: the module name (with a property path for destructuring). */
  mod?: string;
  /** Bound to a constant string or an array of constant strings. */
  str?: string;
  arr?: (string | undefined)[];
  /** Expressions assigned to it (what a spawn of it runs). */
  inits?: N[];
  /** Bound to a Module instance (new module.constructor(), new Module()). */
  moduleObj?: boolean;
  /** Bound to a compiler's interop wrapper of a module (`__importDefault(require('fs'))`): its `.default` is the module. */
  interop?: boolean;
  /** Bound to a network request / response object (its write / end send data). */
  req?: boolean;
  /** Bound to a module of the archive (`require('./lib/x')`, `import x from './x.js'`): its relative specifier, and the export taken from it. */
  local?: { spec: string; fn?: string };
  /** Bound to a function constructor (`Object.getPrototypeOf(async function () {}).constructor`): calling it compiles code like `Function`. */
  fnCtor?: boolean;
  /** Bound to a connection to a remote host (a socket, a WebSocket, a socket.io client): what its events deliver came from the network. */
  conn?: boolean;
}

/**
 * Where a child_process call's options begin: `exec(cmd, opts)` at 1; `spawn(cmd, args, opts)`, `execFile`, `fork` at 2, or
 * at 1 when the second argument is written as an object (`spawn(cmd, { env })`). -1: no options argument.
 */
function spawnOptionsAt(fn: string, args: readonly N[]): number {
  if (/^exec(?:Sync)?$/.test(fn)) return args.length > 1 ? 1 : -1;
  if (args[1]?.type === 'ObjectExpression') return 1;
  return args.length > 2 ? 2 : -1;
}

/**
 * The last text parsed and its tree (null: acorn refused it). Several readers of one file parse the same text
 * (the page skimmer, the look-alike host reader, the form reader, the flow reader, the per-function units,
 * collector/finish-file.ts): acorn was about a third of a large package's analysis, and each file was parsed up
 * to four times. The trees are only read, never changed. One entry only, released by `releaseParsedJs` when the
 * file is done, so a large file's tree is not kept alive while the next is parsed.
 */
let lastParsed: { text: string; ast: N | null } | null = null;

/** Forget the remembered tree (the collector calls it after each file and at the end of an archive). */
export function releaseParsedJs(): void {
  lastParsed = null;
}

export function parseJs(text: string): N | null {
  if (lastParsed !== null && lastParsed.text === text) return lastParsed.ast;
  const ast = parseJsOnce(text);
  lastParsed = { text, ast };
  return ast;
}

function parseJsOnce(text: string): N | null {
  const base = {
    ecmaVersion: 'latest' as const,
    allowHashBang: true,
    allowReturnOutsideFunction: true,
    allowAwaitOutsideFunction: true,
    allowImportExportEverywhere: true,
  };
  try {
    return parse(text, { ...base, sourceType: 'module' });
  } catch {
    try {
      return parse(text, { ...base, sourceType: 'script' });
    } catch {
      return null;
    }
  }
}

export function isFn(n: N): boolean {
  return (
    n &&
    (n.type === 'FunctionExpression' ||
      n.type === 'ArrowFunctionExpression' ||
      n.type === 'FunctionDeclaration' ||
      n.type === 'ClassExpression' ||
      n.type === 'ClassDeclaration')
  );
}

export function forEachChild(n: N, fn: (c: N) => void): void {
  for (const k in n) {
    if (k === 'type' || k === 'start' || k === 'end') continue;
    const v = n[k];
    if (Array.isArray(v)) {
      for (const x of v) if (x && typeof x.type === 'string') fn(x);
    } else if (v && typeof v.type === 'string') {
      fn(v);
    }
  }
}

/** Identifier nodes a binding pattern declares or assigns. */
function patternNames(p: N, out: N[]): N[] {
  if (!p) return out;
  switch (p.type) {
    case 'Identifier':
      out.push(p);
      break;
    case 'ObjectPattern':
      for (const prop of p.properties) patternNames(prop.type === 'RestElement' ? prop.argument : prop.value, out);
      break;
    case 'ArrayPattern':
      for (const e of p.elements) patternNames(e, out);
      break;
    case 'AssignmentPattern':
      patternNames(p.left, out);
      break;
    case 'RestElement':
      patternNames(p.argument, out);
      break;
    case 'MemberExpression': {
      // `info.host = …` labels `info`; `process.env.X = …` sets a child process's environment and
      // labels no variable (else every later `process.platform` would carry what was written).
      let root = p;
      while (root.type === 'MemberExpression') root = root.object;
      if (
        root.type === 'Identifier' &&
        root.name === 'process' &&
        p.object.type === 'MemberExpression' &&
        propName(p.object) === 'env'
      )
        break;
      for (let o = p; o; o = o.object) if (o.type === 'Identifier') out.push(o);
      break;
    }
  }
  return out;
}

/**
 * `imported`: what the exported functions of other modules of the archive return, by the specifier
 * this file loads them with (FlowFacts.returns), so `sync.backup(paths.known())` carries what
 * `known()` returns (pkg-analysis-2026.11.27).
 */
export function jsFlow(
  text: string,
  entry?: Handoff,
  imported?: ReadonlyMap<string, Record<string, number>>,
  nested = false,
): FlowFacts | null {
  if (text.length > MAX_PARSE_BYTES) return null;
  const ast = parseJs(text);
  if (!ast) return null;
  const f = new JsFlow(text, entry, imported);
  f.nested = nested;
  return f.run(ast);
}

/**
 * Babel's code templates under the names plugins receive them (`module.exports = ({ template }) => …`,
 * `template.statements.ast(code)`, `template.default.ast`, `babel.template`), whose literal is code inserted into the
 * consumer's program.
 */
const INSERTED_CODE_API = /(?:^|\.)template(?:\.default)?(?:\.(?:statement|statements|expression|smart|program))?(?:\.ast)?$/;

/**
 * A page's session stores taken whole (pkg-analysis-2026.12.8): `document.cookie`, `localStorage`, `sessionStorage` as values
 * (`JSON.stringify({ c: document.cookie, l: { ...localStorage } })`). Sent to a fixed host that is not the package's own, they
 * are the user's sessions (npm/judge.ts). One item read by name (`getItem`) or a cookie parsed out is the application's
 * own state, which analytics and auth clients send to their service every day.
 */
const SESSION_STORES = /^(?:(?:window|self|globalThis)\.)?(?:document\.cookie|localStorage|sessionStorage)$/;

/** What crosses into another module of the archive: the whole environment, credentials, wallet stores, records a data-layer hook received (pkgrecall2; not fingerprints: every bundle passes paths around). */
const HANDOFF = LABEL.ENV | LABEL.SECRET | LABEL.NPM_TOKEN | LABEL.WALLET | LABEL.CLOUD_CRED | LABEL.USER_DATA;
/**
 * Data a call of the file's own function (by its local name) hands its parameters, besides
 * destinations: credentials, the whole environment, wallet stores, cloud credentials, with the
 * credentials' names (`call('PUT', path, token, body)` sends the token where `call` sends). Not fetched
 * data or fingerprints: those, joined through every call of a bundle's helpers, made honest bundles
 * evaluate or send what they never did (docs/package-analysis.md, `.9`).
 */
const CALL_CARRIED = HANDOFF;
/**
 * What a call into another module of the archive carries (the collector reads that module again with it): besides
 * HANDOFF, machine fingerprints (host name, user name, interfaces), so a helper module that posts them to a form or
 * spells them into a DNS name is judged as if the code were one file (pkg-analysis-2026.12.9; judge.ts weighs a
 * fingerprint send by the file's role and destination, as it does in the caller's own file).
 */
const MODULE_HANDOFF = HANDOFF | LABEL.FINGERPRINT;
/** The package's own folder name in a path read through a hand-off (`__dirname`): never another package. */
const SELF_PACKAGE = '<this package>';

class JsFlow {
  readonly vars = new Map<string, VarInfo>();
  readonly facts: FlowFacts = emptyFacts();
  /** `mask`: the labels a binding may carry (default all); see DEST_ONLY. */
  /** `keepSecrets`: the credential names (`t`) travel with the labels the mask keeps. */
  /** `fetchedBy`: a request whose response the names receive (fetched; from a fixed source unless its URL is the caller's, decided as labels settle). */
  private readonly bindings: { names: string[]; from: N[]; extra: number; mask?: number; keepSecrets?: boolean; secrets?: string[]; fetchedBy?: N }[] = [];
  /** Scopes: a function's (or the program's) parameters and declarations, by name. */
  private readonly chain: { id: number; names: Set<string> }[] = [];
  private readonly scopes = new WeakMap<N, { id: number; names: Set<string> }>();
  private scopeIds = 0;
  private readonly calls: N[] = [];
  /** Functions a data layer calls with the application's records found by their place (entity subscribers, Prisma query extensions). */
  private readonly dataHookFns: N[] = [];
  private hiddenNames = false;
  /** Parameters of request interceptors (scope-qualified names): the requests of the whole application. */
  private readonly intercepted = new Set<string>();
  /** The iterated expression of a `for … of` loop's variable (wipes: a list of the user's folders). */
  private readonly loopOf = new Map<string, N[]>();
  private readonly unref = new Set<string>();
  /** Spawn calls assigned to a variable (a later `child.unref()` detaches them). */
  private readonly spawnVar = new Map<N, string>();
  private readonly unrefCalls = new Set<N>();
  private readonly spawnFacts: [SpawnFact, string | undefined][] = [];
  /** Keys of function parameters (a value the caller chooses). */
  private readonly params = new Set<string>();
  /** Functions by the name they are called with (a local name or a property name: field-based, as in reach-js.ts). */
  /** Functions by the variable key of their local name (a declaration or `const f = () => …`). */
  private readonly fnsByName = new Map<string, N[]>();
  /** The functions the walk is inside (innermost last), and the typed-data signature requests it met (permitFixedSpender). */
  private readonly fnStack: N[] = [];
  private readonly typedSigns: [N, N | undefined][] = [];
  /** Reading code a build tool inserts (INSERTED_CODE_API): not read again for code it inserts in turn. */
  nested = false;
  /** While a local function's returns are labelled for one call: its parameters' literal arguments (pieces reads them). */
  private paramSubst: Map<string, string> | null = null;
  /** Read through a hand-off: the entry function's parameters that the caller filled with a path (Handoff.strs). */
  private entrySubst: Map<string, string> | undefined;
  /** Names bound to `require` itself (`var r = require`, `global.r = require`). */
  private readonly requireNames = new Set<string>(['require']);
  /** Dynamic imports (`import(x)`). */
  private readonly imports: N[] = [];
  /** Assignments that replace the page's network or wallet functions (window.fetch, XMLHttpRequest.prototype.open, ethereum.request). */
  private readonly pageHooks: { n: N; target: string }[] = [];
  /** Assignments that replace a wallet's signing method with a function (wallet_sign_intercept). */
  private readonly signHooks: N[] = [];
  private walletAddress = false;
  /** An Ethereum transaction method named (`eth_sendTransaction`): the file handles a wallet provider's requests. */
  private ethTransaction = false;
  /** `x.request = function …` on an object that is not known to be a wallet provider (decided at the end). */
  private readonly providerHooks: { n: N; target: string }[] = [];
  private walletPattern = false;
  /** Literals that are AI agents' permission-bypass flags. */
  private readonly agentFlags: N[] = [];
  /** Variable keys of files written with fetched bytes. */
  private readonly fetchedWrites = new Set<string>();
  /** Variable keys of files written with bytes decoded at run time. */
  private readonly unpackedWrites = new Set<string>();
  /** Write streams by variable key → the variable key of the file they write (`const out = fs.createWriteStream(file)`). */
  private readonly streamFile = new Map<string, string>();
  /** Process spawns whose program is a variable: [call, variable key, detached]. */
  private readonly spawnsOfVar: [N, string, boolean][] = [];
  private startsProcesses = false;
  /** Source text of paths written with a constant or downloaded body (a dropped script, started later). */
  private readonly writtenPaths = new Set<string>();
  private writes = false;
  /** Where the file's functions are (an act outside all of them runs when the module is loaded). */
  private readonly fnRanges: [number, number][] = [];
  /** Object keys that register an MCP server or declare an editor extension (`mcpServers`, `activationEvents`). */
  private editorEntry: N | null = null;
  /** A setting that lets an AI assistant run tools without asking (persistence.ts AGENT_APPROVE_KEY), turned on. */
  private approvalOff: N | null = null;
  private clipRead = false;
  private clipWrite = false;
  /** `require(x)` / `import(x)` of a variable (a file the code may have written). */
  private readonly loadsOfVar: [N, string][] = [];
  /** `module.exports = { probe, send: (d) => … }`: object literals of exported functions (resolved after the walk). */
  private readonly exportObjects: N[] = [];
  /** Functions the module exports, by export name ('' for the module itself / the default export). */
  private readonly exported = new Map<string, N>();
  /** `module.exports = <value>` (not a function or object of functions): the module's value. */
  private exportValue: N | null = null;

  /** Whether a quoted literal names a server (callerChosenUrl): computed on first use. */
  private fixedServer: boolean | undefined;

  constructor(
    readonly text: string,
    /** Labels the caller of an exported function hands its parameters (another file's `require('./x')(process.env)`). */
    private readonly entry?: Handoff,
    private readonly imported?: ReadonlyMap<string, Record<string, number>>,
  ) {}

  private v(name: string): VarInfo {
    let x = this.vars.get(name);
    if (!x) {
      x = { l: 0, d: new Set() };
      this.vars.set(name, x);
    }
    return x;
  }

  /** Declarations of a function (or the program): parameters, var / let / const, functions, classes, catch parameters, imports; nested functions excluded. */
  private scopeFor(fn: N): { id: number; names: Set<string> } {
    let sc = this.scopes.get(fn);
    if (sc) return sc;
    sc = { id: ++this.scopeIds, names: new Set() };
    this.scopes.set(fn, sc);
    const names = sc.names;
    const declare = (p: N) => {
      for (const id of patternNames(p, []))
        if (id.type === 'Identifier' && p.type !== 'MemberExpression') names.add(id.name);
    };
    for (const prm of fn.params ?? []) declare(prm);
    for (const prm of fn.params ?? [])
      for (const id of patternNames(prm, [])) if (id.type === 'Identifier') this.params.add(`${sc.id}:${id.name}`);
    if (fn.type === 'FunctionExpression' && fn.id) names.add(fn.id.name);
    const stack: N[] = fn.type === 'Program' ? [...fn.body] : fn.body ? [fn.body] : [];
    while (stack.length > 0) {
      const n = stack.pop();
      if (isFn(n)) {
        if ((n.type === 'FunctionDeclaration' || n.type === 'ClassDeclaration') && n.id) names.add(n.id.name);
        continue;
      }
      if (n.type === 'VariableDeclarator') declare(n.id);
      else if (n.type === 'CatchClause' && n.param) declare(n.param);
      else if (n.type === 'ImportDeclaration') for (const s of n.specifiers) names.add(s.local.name);
      forEachChild(n, (c) => stack.push(c));
    }
    return sc;
  }

  /** The variable key of a name where it is used: the nearest scope that declares it, else global. */
  private key(name: string): string {
    for (let i = this.chain.length - 1; i >= 0; i--)
      if (this.chain[i]!.names.has(name)) return `${this.chain[i]!.id}:${name}`;
    return `g:${name}`;
  }

  /** Key of an Identifier node (resolved during the walk; `g:` for names seen only after it). */
  private k(n: N): string {
    return (n.k ??= this.key(n.name)) as string;
  }

  run(ast: N): FlowFacts {
    this.walk(ast);
    for (const o of this.exportObjects) {
      for (const p of o.properties) {
        if (p.type !== 'Property' || p.computed) continue;
        const name = String(p.key.name ?? p.key.value);
        const fn = isFn(p.value)
          ? p.value
          : p.value.type === 'Identifier'
            ? this.fnsByName.get(this.k(p.value))?.[0]
            : undefined;
        if (fn && !this.exported.has(name)) this.exported.set(name, fn);
      }
    }
    this.callSiteParams();
    // What a key-derivation call takes (`deriveKeypair(seed)`, `Wallet.fromMnemonic(words)`) is a wallet's seed or
    // recovery words, whatever the variable is called: signing happens on the machine (SendFact.secrets 'key'; pkgnpm11).
    for (const c of this.calls) {
      const a0 = c.arguments?.[0];
      if (a0?.type !== 'Identifier' || !KEY_DERIVE_FN.test(lastName(this.canon(c.callee)))) continue;
      this.bindings.push({ names: [this.k(a0)], from: [], extra: LABEL.SECRET, secrets: ['key'] });
    }
    // Records a data layer hands to a hook the package registers (pkgrecall2): the callback's parameters, here or in
    // the module it comes from (followed by the collector as a hand-off).
    // Prisma `$extends({ query: { … } })`: every function inside the query part is handed a model call's arguments (pkg22).
    for (const c of this.calls) {
      if (c.callee?.type !== 'MemberExpression' || propName(c.callee) !== '$extends' || c.arguments[0]?.type !== 'ObjectExpression') continue;
      const q = c.arguments[0].properties.find((p: N) => p.type === 'Property' && (p.key?.name ?? p.key?.value) === 'query');
      const stack: N[] = q ? [q.value] : [];
      while (stack.length > 0 && this.dataHookFns.length < 40) {
        const x = stack.pop();
        if (isFn(x)) this.dataHookFns.push(x);
        else if (x?.type === 'ObjectExpression') for (const p of x.properties) if (p.type === 'Property') stack.push(p.value);
      }
    }
    for (const fn of this.dataHookFns) this.labelParams(fn, LABEL.USER_DATA);
    for (const c of this.calls) {
      if (!this.dataHook(c)) continue;
      const cb = c.arguments[c.arguments.length - 1];
      const fn = isFn(cb) ? cb : cb?.type === 'Identifier' ? this.fnsByName.get(this.k(cb))?.[0] : undefined;
      if (fn) this.labelParams(fn, LABEL.USER_DATA);
      else if (cb) {
        const target = this.localTarget(cb);
        if (target && (this.facts.handoffs ??= []).length < 20) this.facts.handoffs.push({ ...target, args: [LABEL.USER_DATA, LABEL.USER_DATA] });
      }
    }
    // A copy of a credential store (`copyFileSync(loginData, tmp)`): the copy holds what the store holds (pkgnpm11).
    for (const c of this.calls) {
      const [src, dst] = c.arguments ?? [];
      if (dst?.type !== 'Identifier' || !src || !/^(?:copyFile|copyFileSync|cp|cpSync)$/.test(lastName(this.canon(c.callee)))) continue;
      const inits = src.type === 'Identifier' ? this.vars.get(this.k(src))?.inits : undefined;
      const from = inits?.length === 1 ? inits[0] : src;
      if (this.namesCredentialStore(from)) this.bindings.push({ names: [this.k(dst)], from: [], extra: LABEL.SECRET, secrets: ['file'] });
    }
    const entry = this.entry ? this.exported.get(this.entry.fn ?? '') : undefined;
    if (entry && this.entry) {
      (entry.params ?? []).forEach((p: N, i: number) => {
        // A path the caller names: the parameter reads as it (pieces), with what its literal says (a Discord client path).
        const str = this.entry!.strs?.[i];
        if (typeof str === 'string' && p.type === 'Identifier') {
          const key = this.paramKeys(entry, p)[0];
          if (key) {
            (this.entrySubst ??= new Map()).set(key, str);
            const lit = literalLabels(str);
            if (lit !== 0) this.bindings.push({ names: [key], from: [], extra: lit });
          }
        }
        const l = this.entry!.args[i] ?? 0;
        if (l === 0) return;
        const names = this.paramKeys(entry, p);
        this.bindings.push({ names, from: [], extra: l, ...(this.entry!.secrets?.some((k) => k === 'key' || k === 'file') ? { secrets: this.entry!.secrets.filter((k) => k === 'key' || k === 'file') } : {}) });
      });
    }
    // Data emitted on an event emitter in another module: the parameters of this file's listeners of that event.
    const event = this.entry?.spec.startsWith('#event:') ? this.entry.spec.slice('#event:'.length) : null;
    if (event !== null && this.entry) {
      for (const c of this.calls) {
        const fn = c.arguments?.[1];
        if (
          c.callee?.type !== 'MemberExpression' ||
          !LISTEN_METHOD.test(propName(c.callee) ?? '') ||
          !c.arguments[0] ||
          this.constString(c.arguments[0]) !== event ||
          !isFn(fn)
        )
          continue;
        (fn.params ?? []).forEach((p: N, i: number) => {
          const l = this.entry!.args[i] ?? 0;
          if (l === 0) return;
          const names = this.paramKeys(fn, p);
          this.bindings.push({ names, from: [], extra: l, ...(this.entry!.secrets ? { secrets: this.entry!.secrets } : {}) });
        });
      }
    }
    // Labels settle in a few rounds (chains of assignments).
    for (let round = 0; round < 4; round++) {
      let changed = false;
      for (const b of this.bindings) {
        const acc = acc0(b.extra);
        if (b.fetchedBy) acc.l |= LABEL.FETCHED | (this.callerChosenUrl(b.fetchedBy) ? 0 : LABEL.FIXED_SRC);
        for (const t of b.secrets ?? []) if (acc.t.size < MAX_DESTS) acc.t.add(t);
        for (const f of b.from) this.label(f, acc);
        if (b.mask !== undefined) {
          acc.l &= b.mask;
          if (!b.keepSecrets || !(acc.l & CALL_CARRIED)) acc.t.clear();
        }
        for (const name of b.names) {
          const x = this.v(name);
          const before = x.l;
          const size = x.d.size + (x.t?.size ?? 0);
          x.l |= acc.l;
          for (const d of acc.d) if (x.d.size < MAX_DESTS) x.d.add(d);
          if (acc.t.size > 0) for (const t of acc.t) if ((x.t ??= new Set()).size < MAX_DESTS) x.t.add(t);
          if (x.l !== before || x.d.size + (x.t?.size ?? 0) !== size) changed = true;
        }
      }
      if (!changed) break;
    }
    for (const c of this.calls) this.sink(c);
    this.facts.savesFetched ??= false;
    for (const [s, name] of this.spawnFacts) if (name !== undefined && this.unref.has(name)) s.detached = true;
    // A file written with downloaded bytes, then started detached: download and execute.
    for (const [call, key, detached] of this.spawnsOfVar) {
      if (
        this.fetchedWrites.has(key) &&
        (detached || this.unrefCalls.has(call) || this.unref.has(this.spawnVar.get(call) ?? ''))
      )
        applyRules('run_download', LABEL.FETCHED, call.start, Math.min(120, call.end - call.start), this.facts);
    }
    // `import('data:text/javascript;base64,…')`: a module hidden in the source as base64.
    for (const n of this.imports) {
      const s = this.constString(n.source);
      const m = s === null ? null : /^data:[^,]*;base64,(.*)$/is.exec(s);
      if (m && Buffer.from(m[1]!, 'base64').toString('latin1').trim().length >= 40)
        applyRules('module_load', LABEL.UNPACKED, n.start, Math.min(120, n.end - n.start), this.facts);
    }
    // `import(url)` of text fetched at run time (`'data:text/javascript;base64,' + list.schema`): code from the network.
    for (const n of this.imports)
      if (this.argLabels([n.source]).l & LABEL.FETCHED)
        applyRules('code_eval', LABEL.FETCHED | LABEL.FIXED_SRC, n.start, Math.min(120, n.end - n.start), this.facts);
    // A file written with downloaded bytes, then loaded as a module (`require(file)`): download and execute, at the next load.
    // `process.dlopen(module, file)` names the file second.
    const loaded = (call: N): N =>
      call.type === 'ImportExpression'
        ? call.source
        : call.arguments[call.callee?.type === 'MemberExpression' && propName(call.callee) === 'dlopen' ? 1 : 0];
    for (const [call, key] of this.loadsOfVar)
      if (this.fetchedWrites.has(key) && !/\.json$/i.test(this.pieces(loaded(call)).join('')))
        applyRules('run_download', LABEL.FETCHED, call.start, Math.min(120, call.end - call.start), this.facts);
    // A native library written from decoded bytes, then loaded (`process.dlopen`, `require` of a `.node`).
    for (const [call, key] of this.loadsOfVar) {
      if (!this.unpackedWrites.has(key)) continue;
      const dl = call.callee?.type === 'MemberExpression' && propName(call.callee) === 'dlopen';
      if (dl || NATIVE_LIB.test(this.pieces(loaded(call)).join('')))
        applyRules('load_dropped_native', 0, call.start, Math.min(120, call.end - call.start), this.facts);
    }
    // An MCP server registered in an assistant's configuration, or an editor extension's manifest, written by the file:
    // a program the assistant or editor starts by itself later (judged as persistence at install, judge.ts).
    if (this.editorEntry && this.writes) this.act('persistence', this.editorEntry);
    // An AI assistant's approval prompts turned off in a settings file the code writes (judged at install and import, judge.ts).
    if (this.approvalOff && this.writes) this.act('agent_autoapprove', this.approvalOff);
    this.clipboardTimers();
    // A wallet's signing method replaced in a file that sends to a fixed URL: what the user signs is copied out.
    if (this.signHooks.length > 0 && this.calls.some((c) => this.sendsToFixedUrl(c))) {
      const h = this.signHooks[0]!;
      applyRules('sign_intercept', 0, h.start, Math.min(120, h.end - h.start), this.facts);
    }
    if (this.ethTransaction)
      for (const h of this.providerHooks)
        this.pageHooks.push({ n: h.n, target: `window.ethereum.${lastName(h.target)}` });
    // The page's fetch / XMLHttpRequest / wallet provider replaced, with wallet addresses written in: a clipper.
    if (
      this.pageHooks.length > 0 &&
      this.walletAddress &&
      (this.walletPattern ||
        this.pageHooks.some((h) => /\.(?:ethereum|solana|tronWeb)\b|currentProvider/.test(h.target)))
    ) {
      const h = this.pageHooks[0]!.n;
      applyRules('page_hook', LABEL.WALLET, h.start, Math.min(120, h.end - h.start), this.facts);
    }
    this.wipes();
    if (this.agentFlags.length > 0 && this.startsProcesses) this.act('agent_unsafe', this.agentFlags[0]);
    // What the exported functions return, for callers in other modules.
    for (const [name, fn] of this.exported) {
      const r = acc0();
      for (const e of this.returns(fn)) this.label(e, r, 10);
      if (r.l & RETURN_LABELS) (this.facts.returns ??= {})[name] = r.l & RETURN_LABELS;
    }
    this.permitFixedSpender();
    if (this.exportValue) {
      const r = acc0();
      this.label(this.exportValue, r, 10);
      if (r.l & RETURN_LABELS) (this.facts.returns ??= {})['='] = r.l & RETURN_LABELS;
    }
    return this.facts;
  }

  // ---- pass 1: bindings, constants, module names, calls -----------------------------------------

  private walk(n: N, depth = 0): void {
    if (depth > 2000) return;
    const fn = n.type === 'Program' || isFn(n);
    if (fn) this.chain.push(this.scopeFor(n));
    if (fn && n.type !== 'Program') this.fnRanges.push([n.start, n.end]);
    if (fn && n.type !== 'Program') this.fnStack.push(n);
    // A typed-data signature request, with the function it is made in (permitFixedSpender).
    if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && TYPED_SIGN.test(propName(n.callee) ?? '') && this.typedSigns.length < 20)
      this.typedSigns.push([n, this.fnStack[this.fnStack.length - 1]]);
    {
      switch (n.type) {
        case 'Identifier':
          this.k(n);
          break;
        case 'Literal':
          if (typeof n.value === 'string') {
            if (n.value.length <= 64 && WALLET_ADDRESS.test(n.value)) this.walletAddress = true;
            if (n.value.length <= 24 && /^eth_(?:send|sign)Transaction$/.test(n.value)) this.ethTransaction = true;
            if (n.value.length <= 80 && AGENT_UNSAFE_FLAGS.test(n.value) && this.agentFlags.length < 4)
              this.agentFlags.push(n);
            if (n.value.length <= 80 && CLIP_READ.test(n.value)) this.clipRead = true;
            if (n.value.length <= 20 && CLIP_WRITE.test(n.value)) this.clipWrite = true;
            // A settings text written whole (`approval_policy = "never"` in a TOML, a JSON with the key set true).
            if (!this.approvalOff && n.value.length < 20_000 && AGENT_APPROVE_TEXT.test(n.value)) this.approvalOff = n;
          } else if (n.regex && WALLET_PATTERN.test(n.regex.pattern)) this.walletPattern = true;
          break;
        case 'ClassBody': {
          // An entity subscriber's methods (SUBSCRIBER_METHOD) in a class that says what it listens to (pkg22).
          const methods = n.body.filter((m: N) => m.type === 'MethodDefinition' && isFn(m.value));
          if (methods.some((m: N) => SUBSCRIBER_MARK.test(m.key?.name ?? '')))
            for (const m of methods) if (SUBSCRIBER_METHOD.test(m.key?.name ?? '') && this.dataHookFns.length < 40) this.dataHookFns.push(m.value);
          break;
        }
        case 'TemplateLiteral':
          if (!this.approvalOff && n.quasis.some((q: N) => AGENT_APPROVE_TEXT.test(q.value.cooked ?? ''))) this.approvalOff = n;
          break;
        case 'ArrayExpression':
          // An obfuscator's base64 string array naming eval and a network module (reported once a file).
          if (!this.hiddenNames && n.elements.length >= 4 && n.elements.length <= 2000 && hiddenNameArray(n)) {
            this.hiddenNames = true;
            applyRules('hidden_names', 0, n.start, Math.min(120, n.end - n.start), this.facts);
          }
          break;
        case 'IfStatement':
        case 'ConditionalExpression':
          this.picksStores(n);
          break;
        case 'ImportExpression':
          this.imports.push(n);
          if (n.source?.type === 'Identifier') this.loadsOfVar.push([n, this.k(n.source)]);
          break;
        case 'Property':
          if (!this.editorEntry && /^(?:mcpServers|activationEvents)$/.test(n.key?.name ?? n.key?.value ?? ''))
            this.editorEntry = n;
          if (!this.approvalOff && this.turnsOff(n.key?.name ?? n.key?.value, n.value)) this.approvalOff = n;
          break;
        case 'MemberExpression':
          if (!this.editorEntry && !n.computed && /^(?:mcpServers)$/.test(n.property?.name ?? '')) this.editorEntry = n;
          break;
        case 'ExportDefaultDeclaration':
          if (isFn(n.declaration)) this.exported.set('', n.declaration);
          break;
        case 'ExportNamedDeclaration':
          if (n.declaration?.type === 'FunctionDeclaration' && n.declaration.id)
            this.exported.set(n.declaration.id.name, n.declaration);
          break;
        case 'VariableDeclarator':
          if (n.init) this.bind(n.id, n.init);
          if (n.id.type === 'Identifier' && isFn(n.init)) this.nameFn(this.k(n.id), n.init);
          break;
        case 'FunctionDeclaration':
          // Its name belongs to the enclosing scope (the function's own scope does not declare it).
          if (n.id) this.nameFn(this.k(n.id), n);
          break;
        case 'AssignmentExpression':
          this.bind(n.left, n.right);
          // `Keypair.fromSecretKey = function (sk) { … }`: a replacement for a wallet library's key-taking method receives
          // the key (KEY_METHOD): its first parameter is key material, as `kp.secretKey` is (pkg-analysis-2026.12.7).
          if (
            n.left.type === 'MemberExpression' &&
            KEY_METHOD.test(propName(n.left, (x) => this.constString(x)) ?? '') &&
            isFn(n.right) &&
            n.right.params?.[0]?.type === 'Identifier'
          )
            this.bindings.push({ names: this.paramKeys(n.right, n.right.params[0]), from: [], extra: LABEL.SECRET, secrets: ['key'] });
          // `process.env.OPENAI_BASE_URL = 'https://…'`: another client's endpoint pointed at a fixed host.
          if (n.left.type === 'MemberExpression' && /^process\.env\./.test(this.canon(n.left))) {
            const k = this.canon(n.left).slice('process.env.'.length);
            const v = this.constString(n.right);
            if (ENDPOINT_ENV.test(k) && v !== null && ENDPOINT_URL.test(v)) this.act('endpoint_redirect', n);
          }
          // `settings['chat.tools.autoApprove'] = true`.
          if (
            !this.approvalOff &&
            n.left.type === 'MemberExpression' &&
            this.turnsOff(propName(n.left, (x) => this.constString(x)), n.right)
          )
            this.approvalOff = n;
          if (n.left.type === 'MemberExpression' && isFn(n.right)) {
            const c = this.canon(n.left);
            const name = c === 'module.exports' ? '' : /^(?:module\.)?exports\.([\w$]+)$/.exec(c)?.[1];
            if (name !== undefined && !this.exported.has(name)) this.exported.set(name, n.right);
          }
          if (
            n.left.type === 'MemberExpression' &&
            n.right.type === 'ObjectExpression' &&
            this.exportObjects.length < 4 &&
            this.canon(n.left) === 'module.exports'
          )
            this.exportObjects.push(n.right);
          // `module.exports = <value>`: what `require('./x')` gives a caller (its labels under the key '=').
          else if (n.left.type === 'MemberExpression' && !isFn(n.right) && this.canon(n.left) === 'module.exports')
            this.exportValue = n.right;
          if (n.left.type === 'MemberExpression') {
            if (PAGE_HOOK_PROP.test(propName(n.left, (x) => this.constString(x)) ?? '')) {
              const target = this.aliasCanon(n.left);
              if (this.isPageHook(target)) this.pageHooks.push({ n, target });
              // Any object's `request` / `send` replaced by a function: a wallet provider's, when the file handles
              // Ethereum transaction methods (the provider is handed over as a parameter: `wrap(window.ethereum)`).
              else if (
                isFn(n.right) &&
                /(?:^|\.)(?:request|send|sendAsync)$/.test(target) &&
                // An object in hand (`p.request = …` on a parameter or variable), not a class defining its own method (`X.prototype.send`).
                n.left.object.type === 'Identifier' &&
                this.providerHooks.length < 4
              )
                this.providerHooks.push({ n, target });
            }
            // A wallet's signing method replaced by a function, on whatever object holds the wallet (`w.signTransaction = async (tx) => …`).
            if (this.signHooks.length < 4 && isFn(n.right) && SIGN_METHOD.test(propName(n.left) ?? ''))
              this.signHooks.push(n);
            // `ws.onmessage = (e) => …` on a connection: what the handler gets came from the network.
            if (
              isFn(n.right) &&
              /^on(?:message|data)$/.test(propName(n.left) ?? '') &&
              n.left.object.type === 'Identifier' &&
              this.vars.get(this.k(n.left.object))?.conn
            ) {
              const sc = this.scopeFor(n.right);
              const names = (n.right.params ?? []).flatMap((p: N) =>
                patternNames(p, []).map((x) => `${sc.id}:${x.name}`),
              );
              if (names.length > 0) this.bindings.push({ names, from: [], extra: LABEL.FETCHED | LABEL.FIXED_SRC });
            }
          }
          break;
        case 'ImportDeclaration': {
          const mod = String(n.source.value);
          for (const s of n.specifiers) {
            const x = this.v(this.k(s.local));
            x.mod =
              s.type === 'ImportSpecifier' ? `${canonMod(mod)}.${s.imported.name ?? s.imported.value}` : canonMod(mod);
            if (mod.startsWith('.') && s.type !== 'ImportNamespaceSpecifier')
              x.local = {
                spec: mod,
                ...(s.type === 'ImportSpecifier' ? { fn: String(s.imported.name ?? s.imported.value) } : {}),
              };
          }
          break;
        }
        case 'ClassDeclaration':
        case 'ClassExpression':
          // An undici dispatcher subclass (`class T extends Agent { dispatch(opts, handler) … }` installed with
          // setGlobalDispatcher) sees every request the process makes, as an axios request interceptor does: its
          // `opts.headers` carry other services' credentials (pkg-analysis-2026.12.7).
          if (n.superClass && /^undici(?:\.default)?\.(?:Agent|Dispatcher|Pool|Client|ProxyAgent|EnvHttpProxyAgent|RetryAgent)$/.test(this.canon(n.superClass)))
            for (const m of n.body?.body ?? [])
              if (m.type === 'MethodDefinition' && (m.key?.name ?? m.key?.value) === 'dispatch' && m.value?.params?.[0]?.type === 'Identifier')
                this.intercepted.add(`${this.scopeFor(m.value).id}:${m.value.params[0].name}`);
          break;
        case 'ForOfStatement':
        case 'ForInStatement':
          if (n.type === 'ForOfStatement') {
            for (const x of patternNames(
              n.left.type === 'VariableDeclaration' ? n.left.declarations[0]?.id : n.left,
              [],
            )) {
              const list = this.loopOf.get(this.k(x)) ?? [];
              if (list.length < 20) list.push(n);
              this.loopOf.set(this.k(x), list);
            }
          }
          this.bindings.push({
            names: patternNames(n.left.type === 'VariableDeclaration' ? n.left.declarations[0]?.id : n.left, []).map(
              (x) => this.k(x),
            ),
            from: [n.right],
            extra: 0,
          });
          break;
        case 'CallExpression':
        case 'NewExpression':
          this.calls.push(n);
          this.callbackParams(n);
          this.iifeParams(n);
          this.collects(n);
          // `Object.defineProperty(window, 'fetch', { value: … })` replaces the function like an assignment.
          if (
            n.arguments.length >= 3 &&
            n.callee.type === 'MemberExpression' &&
            propName(n.callee) === 'defineProperty' &&
            /^(?:Object|Reflect)\.defineProperty$/.test(this.canon(n.callee))
          ) {
            const prop = this.constString(n.arguments[1]);
            const target = prop === null ? '' : `${this.aliasCanon(n.arguments[0])}.${prop}`;
            if (target && this.isPageHook(target)) this.pageHooks.push({ n, target });
          }
          if (n.callee.type === 'MemberExpression' && propName(n.callee) === 'unref') {
            if (n.callee.object.type === 'Identifier') this.unref.add(this.k(n.callee.object));
            else this.unrefCalls.add(n.callee.object);
          }
          break;
      }
      forEachChild(n, (c) => this.walk(c, depth + 1));
    }
    if (fn) this.chain.pop();
    if (fn && n.type !== 'Program') this.fnStack.pop();
  }

  /**
   * A typed-data permit signed for an unlimited amount to a spender address written in the code, by a function that
   * ignores one of its parameters (the spender or amount its caller gives): `permit_fixed_spender`. A dApp's own router
   * given as the spender of the caller's choice, or a helper that passes its `spender` argument on, is not it.
   */
  private permitFixedSpender(): void {
    for (const [call, fn] of this.typedSigns) {
      if (!fn) continue;
      const message = this.objectOf(call.arguments[2]) ?? this.objectOf(call.arguments[0]?.type === 'ObjectExpression' ? this.propOf(call.arguments[0], 'message') : undefined);
      if (!message) continue;
      const spender = this.propOf(message, 'spender');
      const value = this.propOf(message, 'value') ?? this.propOf(message, 'amount');
      const addr = spender ? this.constString(spender) : null;
      if (addr === null || !/^0x[0-9a-fA-F]{40}$/.test(addr) || !value || !this.isMaxUint(value)) continue;
      const used = new Set<string>();
      const stack: N[] = [fn.body];
      let steps = 0;
      while (stack.length > 0 && steps++ < 20_000) {
        const x = stack.pop();
        if (!x) continue;
        if (x.type === 'Identifier') used.add(x.name);
        // (A property's name is no use of a variable: `{ spender: FIXED }`, `o.value`.)
        else if (x.type === 'Property' && !x.computed && !x.shorthand) stack.push(x.value);
        else if (x.type === 'MemberExpression' && !x.computed) stack.push(x.object);
        else forEachChild(x, (c) => stack.push(c));
      }
      const ignored = (fn.params ?? []).some((p: N) => p.type === 'Identifier' && !used.has(p.name));
      if (ignored) applyRules('fixed_spender_permit', 0, call.start, Math.min(120, call.end - call.start), this.facts);
    }
  }

  private objectOf(n: N | undefined): N | null {
    if (n?.type === 'ObjectExpression') return n;
    if (n?.type === 'Identifier') {
      const x = this.vars.get(this.k(n));
      if (x?.inits?.length === 1 && x.inits[0].type === 'ObjectExpression') return x.inits[0];
    }
    return null;
  }

  private propOf(o: N, name: string): N | undefined {
    return o.properties.find((p: N) => p.type === 'Property' && !p.computed && (p.key.name ?? p.key.value) === name)?.value;
  }

  /** 2^256 − 1 as ethers / viem / web3 spell it: `MaxUint256`, `constants.MaxUint256`, `maxUint256`, `2n ** 256n - 1n`, `0xff…ff`. */
  private isMaxUint(n: N): boolean {
    if (n.type === 'Identifier' || n.type === 'MemberExpression') {
      if (/(?:^|\.)(?:MaxUint256|maxUint256|MAX_UINT256|MAX_UINT)$/.test(this.canon(n))) return true;
      if (n.type === 'Identifier') {
        const x = this.vars.get(this.k(n));
        return x?.inits?.length === 1 && x.inits[0] !== n && this.isMaxUint(x.inits[0]);
      }
      return false;
    }
    const t = this.text.slice(n.start, n.end).replace(/\s+/g, '');
    return /^(?:2n\*\*256n-1n|0x[fF]{64}n?|['"]0x[fF]{64}['"]|BigInt\(['"]?0x[fF]{64}['"]?\)|ethers\.constants\.MaxUint256|(?:BigInt\(2\)\*\*BigInt\(256\)|2n\*\*256n)-(?:BigInt\(1\)|1n))$/.test(t);
  }

  private bind(id: N, init: N): void {
    // `const L = module.constructor._load` (or require('module')._load): the module loader under a local name.
    if (
      id.type === 'Identifier' &&
      init.type === 'MemberExpression' &&
      propName(init, (x) => this.constString(x)) === '_load' &&
      /^(?:module\.constructor|module|Module)\._load$/.test(this.canon(init))
    )
      this.requireNames.add(id.name);
    // `var r = require`, `global['r'] = require`: later `r('x')` loads module x.
    if (init.type === 'Identifier' && this.requireNames.has(init.name)) {
      const name =
        id.type === 'Identifier'
          ? id.name
          : id.type === 'MemberExpression' &&
              /^(?:global|globalThis|window|self)$/.test(id.object.type === 'Identifier' ? id.object.name : '')
            ? propName(id, (x) => this.constString(x))
            : null;
      if (name) this.requireNames.add(name);
    }
    // `this.base = opts.url`: a field of the file's objects, by name (read back as `this.base`).
    if (id.type === 'MemberExpression' && id.object.type === 'ThisExpression' && !id.computed) {
      this.bindings.push({ names: [`this:${id.property.name}`], from: [init], extra: 0, mask: DEST_ONLY });
      return;
    }
    const names = patternNames(id, []).map((x) => this.k(x));
    if (names.length === 0) return;
    this.bindings.push({ names, from: [init], extra: 0 });
    if (id.type === 'Identifier') {
      const x = this.v(this.k(id));
      if ((x.inits ??= []).length < 4) x.inits.push(init);
    }
    if (id.type !== 'Identifier' && id.type !== 'ObjectPattern') return;
    // require / import bindings, constants, Module instances.
    const mod = this.requireOf(init);
    // A module of the archive loaded by a path built beside this file (`require(path.join(__dirname, …))`, dirnameSpec).
    if (mod === null && id.type === 'Identifier') {
      const spec = this.localSpec(init);
      if (spec !== null) this.v(this.k(id)).local = { spec };
    }
    if (mod !== null) {
      const spec = this.localSpec(init);
      if (spec !== null && id.type === 'Identifier') this.v(this.k(id)).local = { spec };
      if (spec !== null && id.type === 'ObjectPattern')
        for (const p of id.properties)
          if (p.type === 'Property' && p.value.type === 'Identifier')
            this.v(this.k(p.value)).local = { spec, fn: String(p.key.name ?? p.key.value) };
      if (id.type === 'Identifier') {
        this.v(this.k(id)).mod = mod;
        if (init.type === 'CallExpression' && init.callee.type === 'Identifier' && INTEROP_FNS.test(init.callee.name))
          this.v(this.k(id)).interop = true;
      } else this.modPattern(id, mod);
      return;
    }
    if (id.type !== 'Identifier') return;
    const x = this.v(this.k(id));
    // `var r = globalThis`: the global object under a local name (`r.fetch`, `r.Function`).
    if (
      init.type === 'Identifier' &&
      /^(?:globalThis|window|self|global)$/.test(init.name) &&
      !this.vars.get(this.k(init))
    )
      x.mod = 'globalThis';
    // `const run = eval`, `const F = Function`: the evaluator under a local name (when the file does not declare its own).
    if (init.type === 'Identifier' && /^(?:eval|Function)$/.test(init.name) && !this.vars.get(this.k(init))) x.mod = init.name;
    // `const M = module.constructor`: the Module class under a local name (`new M(…)._compile(…)`); so is
    // `process.mainModule.constructor`, also as the first branch of a test (`p.mainModule ? p.mainModule.constructor : …`).
    const ctor = init.type === 'ConditionalExpression' ? init.consequent : init;
    if (ctor.type === 'MemberExpression' && /^(?:process\.mainModule|module)\.constructor$/.test(this.canon(ctor))) x.mod = 'Module';
    // `var e = w[k]` with `w` the global object and `k` 'eval': eval under a local name.
    if (
      init.type === 'MemberExpression' &&
      /^(?:globalThis|window|self|global)\.(?:eval|Function)$/.test(this.canon(init))
    )
      x.mod = this.canon(init);
    // `const p = globalThis.process`, `g[String.fromCharCode(112, …)]` with `g` the global object: `process` under a local
    // name (`p.env` is the environment; pkg-analysis-2026.12.7).
    if (init.type === 'MemberExpression' && /^(?:globalThis|window|self|global)\.process$/.test(this.canon(init)))
      x.mod = 'process';
    const s = this.constString(init);
    // A variable assigned again (`let d = ''; try { d = read(…) } …`) is no constant: its labels are those of every value.
    if ((x.inits?.length ?? 0) > 1) delete x.str;
    else if (s !== null) x.str = s;
    else if (init.type === 'ArrayExpression' && init.elements.length <= 5000)
      x.arr = init.elements.map((e: N) => (e ? (this.constString(e) ?? undefined) : undefined));
    if (
      init.type === 'NewExpression' &&
      /(?:^module\.constructor$|^module$|(?:^|\.)Module$)/.test(this.canon(init.callee))
    )
      x.moduleObj = true;
    if (this.isFnCtor(init)) x.fnCtor = true;
    // `promisify(dns.lookup)`, `dns.lookup.bind(dns)`: the module's function under a local name.
    const wrapped =
      init.type === 'CallExpression' && /^(?:util\.)?promisify$/.test(this.canon(init.callee))
        ? init.arguments[0]
        : init.type === 'CallExpression' && init.callee.type === 'MemberExpression' && propName(init.callee) === 'bind'
          ? init.callee.object
          : null;
    if (wrapped?.type === 'MemberExpression') {
      const root = wrapped.object.type === 'Identifier' ? this.vars.get(this.k(wrapped.object))?.mod : this.requireOf(wrapped.object);
      if (root) x.mod = this.canon(wrapped);
    }
    // `new dns.Resolver()` (or dns/promises'): its resolve* methods are DNS queries like dns.resolve*.
    if (init.type === 'NewExpression' && /^dns(?:\/promises|\.promises)?\.Resolver$/.test(this.canon(init.callee)))
      x.mod = 'dns.Resolver()';
    // `sock = sock || new WebSocket(url)`: a connection opened once, kept in the variable.
    const call0 = init.type === 'AwaitExpression' ? init.argument : init;
    const call = call0.type === 'LogicalExpression' && (call0.operator === '||' || call0.operator === '??') ? call0.right : call0;
    if (call.type === 'CallExpression' || call.type === 'NewExpression') {
      const c = this.canon(call.callee);
      if (NET_FETCH.test(c) || /(?:^|\.)(?:request|get|connect|createConnection)$/.test(c)) x.req = true;
      if (this.connects(call, c)) x.conn = true;
      if (SPAWN_FNS.test(lastName(c)) && this.isChildProcess(c)) this.spawnVar.set(call, this.k(id));
      // `const out = fs.createWriteStream(file)`: a stream that writes to `file` (a pipe into it writes the file).
      if (lastName(c) === 'createWriteStream' && call.arguments[0]?.type === 'Identifier')
        this.streamFile.set(this.k(id), this.k(call.arguments[0]));
    }
  }

  /**
   * Names a destructuring of a module binds (`{ lookup }`, `{ promises: { resolve4 } }`, `{ exec: run = x }`):
   * each is that member of the module, however deep the pattern goes.
   */
  private modPattern(id: N, mod: string, depth = 0): void {
    if (depth > 4) return;
    for (const p of id.properties) {
      if (p.type !== 'Property') continue;
      const key = p.computed ? this.constString(p.key) : String(p.key.name ?? p.key.value);
      if (key === null) continue;
      const v = p.value.type === 'AssignmentPattern' ? p.value.left : p.value;
      if (v.type === 'Identifier') this.v(this.k(v)).mod = `${mod}.${key}`;
      else if (v.type === 'ObjectPattern') this.modPattern(v, `${mod}.${key}`, depth + 1);
    }
  }

  /** A callback's parameters carry the labels of what it is called on (and fetched data for network calls). */
  private callbackParams(n: N): void {
    const fns = n.arguments.filter(isFn);
    if (fns.length === 0) return;
    const c = this.canon(n.callee);
    // Events of a connection to a remote host (`socket.on('command', m => …)`) deliver network data.
    const onConn =
      n.callee.type === 'MemberExpression' &&
      /^(?:on|once|addListener|addEventListener|prependListener)$/.test(propName(n.callee) ?? '') &&
      n.callee.object.type === 'Identifier' &&
      this.vars.get(this.k(n.callee.object))?.conn === true;
    // A DNS query's text records (`dns.resolveTxt(name, (err, records) => …)`) came from the network too.
    const request = this.isNetCall(n, c);
    const net = request || onConn || (/(?:^|\.)resolve(?:Txt|Any)$/.test(c) && /(?:^|\.)dns\b/i.test(c));
    // (A request's URL may be a parameter its callers fill in: whether the caller chooses it is decided as labels settle.)
    const fetchedBy = request && !onConn ? n : undefined;
    const from: N[] = [];
    if (n.callee.type === 'MemberExpression') from.push(n.callee.object);
    for (const f of fns) {
      const sc = this.scopeFor(f);
      const names: string[] = [];
      for (const p of f.params ?? []) for (const x of patternNames(p, [])) names.push(`${sc.id}:${x.name}`);
      if (names.length > 0) this.bindings.push({ names, from, extra: net && !fetchedBy ? LABEL.FETCHED | LABEL.FIXED_SRC : 0, ...(fetchedBy ? { fetchedBy } : {}) });
      // A request interceptor of an HTTP client (`axios.interceptors.request.use(cfg => …)`) sees every
      // request the application makes: its parameter's credential headers are other services' tokens.
      if (/(?:^|\.)interceptors\.request\.use$/.test(c) && f === fns[0] && f.params?.[0]?.type === 'Identifier')
        this.intercepted.add(`${sc.id}:${f.params[0].name}`);
    }
  }

  /**
   * `(function (g, s) { … })(globalThis, '…')`: an immediately called function's parameters are its
   * arguments (the global object under a local name, a constant string), as if declared with them.
   */
  private iifeParams(n: N): void {
    let f = n.callee;
    if (f.type === 'MemberExpression' && /^(?:call|apply)$/.test(propName(f) ?? '') && isFn(f.object)) return;
    while (f?.type === 'ParenthesizedExpression') f = f.expression;
    if (!isFn(f) || f.type === 'ClassExpression') return;
    const sc = this.scopeFor(f);
    (f.params ?? []).forEach((p: N, i: number) => {
      const arg = n.arguments[i];
      if (p.type !== 'Identifier' || !arg || arg.type === 'SpreadElement') return;
      const key = `${sc.id}:${p.name}`;
      const x = this.v(key);
      if (
        arg.type === 'Identifier' &&
        /^(?:globalThis|window|self|global)$/.test(arg.name) &&
        !this.vars.get(this.k(arg))
      )
        x.mod = 'globalThis';
      const str = this.constString(arg);
      if (str !== null) x.str = str;
      this.bindings.push({ names: [key], from: [arg], extra: 0 });
    });
  }

  private loaded?: string[];
  /** The package names the file loads by a literal (`require('x')`, `import … from 'x'`, `import('x')`), first 200. */
  private loadedModules(): string[] {
    if (this.loaded) return this.loaded;
    const out = new Set<string>();
    for (const m of this.text.matchAll(/(?:\brequire\s*\(|\bfrom\s*|\bimport\s*\(?)\s*['"]([^'"./][^'"]{0,100})['"]/g)) {
      if (out.size >= 200) break;
      out.add(m[1]!.replace(/^node:/, ''));
    }
    return (this.loaded = [...out]);
  }

  /** What a local function returns (`return …` outside nested functions, or an arrow's expression body), cached. */
  private readonly returnsOf = new WeakMap<N, N[]>();
  private returns(fn: N): N[] {
    let out = this.returnsOf.get(fn);
    if (out) return out;
    out = [];
    this.returnsOf.set(fn, out);
    if (fn.body && fn.body.type !== 'BlockStatement') out.push(fn.body);
    else if (fn.body) {
      const stack: N[] = [fn.body];
      let steps = 0;
      while (stack.length > 0 && steps++ < 5000 && out.length < 16) {
        const x = stack.pop();
        if (isFn(x)) continue;
        if (x.type === 'ReturnStatement' && x.argument) out.push(x.argument);
        forEachChild(x, (c) => stack.push(c));
      }
    }
    // `return new Promise((resolve) => … resolve(body))`: what the promise resolves with is what an `await` of it gets (pkgnpm11).
    for (const r of [...out]) {
      const ex = r.type === 'NewExpression' && r.callee.type === 'Identifier' && r.callee.name === 'Promise' ? r.arguments[0] : undefined;
      const res = ex && isFn(ex) && ex.params?.[0]?.type === 'Identifier' ? ex.params[0].name : undefined;
      if (!res) continue;
      const stack: N[] = [ex.body];
      let steps = 0;
      while (stack.length > 0 && steps++ < 5000 && out.length < 16) {
        const x = stack.pop();
        if (x?.type === 'CallExpression' && x.callee.type === 'Identifier' && x.callee.name === res && x.arguments[0]) out.push(x.arguments[0]);
        forEachChild(x, (c) => stack.push(c));
      }
    }
    return out;
  }

  private nameFn(name: string | undefined, fn: N): void {
    if (!name) return;
    const list = this.fnsByName.get(name) ?? [];
    if (list.length < 8) list.push(fn);
    this.fnsByName.set(name, list);
  }

  /** The variable keys one parameter of `fn` declares (`a`, `{ a, b }`, `[a] = []`), in fn's scope. */
  private paramKeys(fn: N, p: N): string[] {
    const sc = this.scopeFor(fn);
    return patternNames(p.type === 'AssignmentPattern' ? p.left : p, [])
      .filter((x) => x.type === 'Identifier')
      .map((x) => `${sc.id}:${x.name}`);
  }

  /** Every parameter of `fn` carries `extra` (what a caller outside this file hands it). */
  private labelParams(fn: N, extra: number): void {
    for (const p of fn.params ?? []) {
      const names = this.paramKeys(fn, p);
      if (names.length > 0) this.bindings.push({ names, from: [], extra });
    }
  }

  /**
   * The data labels the callers in this file pass to the parameters `e` reads, of the named local functions that
   * hold `at` (`send(os.hostname())` for `function send(n) { dns.lookup(n + …) }`). Host identity, the environment and
   * credentials only: what a sink's name is built from, not where it goes.
   */
  private callersPass(at: N, e: N): number {
    const used = new Set<string>();
    const stack: N[] = [e];
    while (stack.length > 0 && used.size < 40) {
      const x = stack.pop();
      if (!x || typeof x.type !== 'string' || isFn(x)) continue;
      if (x.type === 'Identifier') used.add(this.k(x));
      else forEachChild(x, (c) => stack.push(c));
    }
    let l = 0;
    for (const c of this.calls) {
      if (c.callee.type !== 'Identifier' || c.arguments.length === 0) continue;
      for (const fn of this.fnsByName.get(this.k(c.callee)) ?? []) {
        if (fn.start > at.start || at.end > fn.end) continue;
        (fn.params ?? []).forEach((p: N, i: number) => {
          const a = c.arguments[i];
          if (a && !isFn(a) && this.paramKeys(fn, p).some((k) => used.has(k)))
            l |= this.argLabels([a]).l & (LABEL.FINGERPRINT | LABEL.SECRET | LABEL.ENV | LABEL.NPM_TOKEN);
        });
      }
    }
    return l;
  }

  /**
   * A function's parameters carry the destinations its calls in the file pass (`post('https://x')`
   * gives `post(url)`'s `url` that host), matched by the local name it is called with. So a
   * destination handed to a helper is still a literal destination. Only destinations and how they
   * were made travel this way (DEST_ONLY): data labels through call sites would join unrelated
   * calls of a bundle.
   */
  private callSiteParams(): void {
    for (const c of this.calls) {
      if (c.arguments.length === 0 || c.callee.type !== 'Identifier') continue;
      const fns = this.fnsByName.get(`${this.k(c.callee)}`);
      if (!fns) continue;
      for (const fn of fns) {
        const sc = this.scopeFor(fn);
        (fn.params ?? []).forEach((p: N, i: number) => {
          const arg = c.arguments[i];
          if (arg && isFn(arg) && p.type === 'Identifier') this.calledBack(fn, `${sc.id}:${p.name}`, arg);
          if (!arg || arg.type === 'SpreadElement' || isFn(arg)) return;
          const names = this.paramKeys(fn, p);
          if (names.length > 0)
            this.bindings.push({ names, from: [arg], extra: 0, mask: DEST_ONLY | CALL_CARRIED, keepSecrets: true });
        });
      }
    }
  }

  /**
   * A function handed to a local helper that calls it back (`get(url, (code) => …)` where `get` ends in
   * `cb(body)`): its parameters carry what the helper passes it, as a library's callback parameters do
   * (callbackParams). Data labels travel here: the callback is that one call's continuation, not another call's.
   */
  private calledBack(helper: N, param: string, cb: N): void {
    const stack: N[] = [helper.body];
    let steps = 0;
    while (stack.length > 0 && steps++ < 5000) {
      const x = stack.pop();
      if (!x || typeof x.type !== 'string') continue;
      if (x.type === 'CallExpression' && x.callee.type === 'Identifier' && this.k(x.callee) === param)
        (cb.params ?? []).forEach((q: N, j: number) => {
          const a = x.arguments[j];
          if (!a || a.type === 'SpreadElement' || isFn(a)) return;
          const names = this.paramKeys(cb, q);
          if (names.length > 0) this.bindings.push({ names, from: [a], extra: 0 });
        });
      forEachChild(x, (c) => stack.push(c));
    }
  }

  // ---- helpers ------------------------------------------------------------------------------------

  /**
   * The module a node loads, with the properties read from it (`require('fs').promises` is `fs.promises`). `depth` is
   * canon's: the two ask each other of the same chain (a loader call's callee is canonicalised, and canon of a member
   * asks requireOf of its object), so the depth is carried both ways; a guard reset at each hop let a chain of loader
   * calls through each other grow twice per link (pm2's CLI file hung for over twenty minutes).
   */
  private requireOf(n: N, depth = 0): string | null {
    if (!n || depth > 12) return null;
    let e = n;
    if (e.type === 'AwaitExpression') e = e.argument;
    const props: string[] = [];
    while (e.type === 'MemberExpression') {
      const p = propName(e, (x) => this.constString(x));
      if (p === null) return null;
      props.unshift(p);
      e = e.object;
    }
    // TypeScript / Babel / esbuild interop: `__importDefault(require('fs')).default` is `fs`.
    if (
      e.type === 'CallExpression' &&
      e.callee.type === 'Identifier' &&
      INTEROP_FNS.test(e.callee.name) &&
      e.arguments[0]?.type === 'CallExpression'
    ) {
      e = e.arguments[0];
      if (props[0] === 'default') props.shift();
    }
    if (
      (e.type === 'CallExpression' && e.callee.type === 'Identifier' && this.requireNames.has(e.callee.name)) ||
      e.type === 'ImportExpression' ||
      // The module loader under other names: `process.getBuiltinModule(x)`, `Module._load(x)`,
      // `process.mainModule.constructor._load(x)` (pkg-analysis-2026.12.7).
      // (the property is asked first: canon of a callee asks requireOf of its object again, so asking it of every call in a
      // long method chain — a CLI's `.option().option()…` — doubles the work at each link)
      (e.type === 'CallExpression' &&
        e.callee.type === 'MemberExpression' &&
        LOADER_PROPS.has(propName(e.callee, (x) => this.constString(x)) ?? '') &&
        /(?:^|\.)(?:process\.getBuiltinModule|(?:module|mainModule)\.constructor\._load|Module\._load)$/.test(this.canon(e.callee, depth + 1)))
    ) {
      const arg = e.type === 'ImportExpression' ? e.source : e.arguments[0];
      const s = arg ? this.constString(arg) : null;
      if (s === null) return null;
      return [canonMod(s), ...props].join('.');
    }
    return null;
  }

  constString(n: N, depth = 0): string | null {
    if (!n || depth > 8) return null;
    switch (n.type) {
      case 'Literal':
        return typeof n.value === 'string' ? n.value : null;
      case 'TemplateLiteral':
        if (n.expressions.length === 0) return n.quasis.map((q: N) => q.value.cooked ?? '').join('');
        return null;
      case 'Identifier': {
        const x = this.vars.get(this.k(n));
        return x?.str ?? null;
      }
      case 'MemberExpression': {
        if (
          n.object.type === 'Identifier' &&
          n.computed &&
          n.property.type === 'Literal' &&
          typeof n.property.value === 'number'
        ) {
          const arr = this.vars.get(this.k(n.object))?.arr;
          return arr?.[n.property.value] ?? null;
        }
        return null;
      }
      case 'BinaryExpression': {
        if (n.operator !== '+') return null;
        const a = this.constString(n.left, depth + 1);
        const b = a === null ? null : this.constString(n.right, depth + 1);
        return a !== null && b !== null ? a + b : null;
      }
      case 'CallExpression':
        return this.constCall(n, depth);
      default:
        return null;
    }
  }

  /** Constant pieces of a string put together at run time: `[…].join('')`, character codes, base64 / hex literals, `.reverse()`. */
  private constCall(n: N, depth: number): string | null {
    const callee = n.callee;
    const args: N[] = n.arguments;
    if (callee.type !== 'MemberExpression' && callee.type !== 'Identifier') return null;
    const prop = callee.type === 'MemberExpression' ? propName(callee) : null;
    if (prop === 'join') {
      const parts = this.constArray(callee.object, depth + 1);
      const sep = args[0] ? this.constString(args[0], depth + 1) : ',';
      return parts && sep !== null ? parts.join(sep) : null;
    }
    if (prop === 'toString' && callee.object.type === 'CallExpression') {
      const enc = args[0] ? this.constString(args[0], depth + 1) : 'utf8';
      return enc === null || !/^(?:utf-?8|latin1|binary|ascii)$/i.test(enc)
        ? null
        : this.constCall(callee.object, depth + 1);
    }
    const c = this.canon(callee);
    if (/^String\.fromCharCode$/.test(c) && args.length > 0 && args.length <= 2000) {
      const codes = args.map((a) => (a.type === 'Literal' && typeof a.value === 'number' ? a.value : null));
      return codes.every((x) => x !== null) ? String.fromCharCode(...(codes as number[])) : null;
    }
    if ((c === 'Buffer.from' || c === 'atob') && args[0]) {
      const text = this.constString(args[0], depth + 1);
      const enc = c === 'atob' ? 'base64' : args[1] ? this.constString(args[1], depth + 1) : 'utf8';
      if (text === null || enc === null || !/^(?:base64|base64url|hex|utf-?8)$/i.test(enc) || text.length > 4096)
        return null;
      return Buffer.from(text, enc as BufferEncoding).toString('latin1');
    }
    return null;
  }

  /** The constant strings of an array (a literal, a constant array variable, or a `.reverse()` / `.split('')` of one). */
  private constArray(n: N, depth: number): string[] | null {
    if (!n || depth > 8) return null;
    if (n.type === 'ArrayExpression' && n.elements.length <= 2000) {
      const out = n.elements.map((e: N) => (e ? this.constString(e, depth + 1) : null));
      return out.every((x: string | null) => x !== null) ? out : null;
    }
    if (n.type === 'Identifier') {
      const arr = this.vars.get(this.k(n))?.arr;
      return arr && arr.every((x) => x !== undefined) ? (arr as string[]) : null;
    }
    if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression') {
      const p = propName(n.callee);
      if (p === 'reverse')
        return (
          this.constArray(n.callee.object, depth + 1)
            ?.slice()
            .reverse() ?? null
        );
      if (p === 'split' && n.arguments[0]) {
        const s = this.constString(n.callee.object, depth + 1);
        const sep = this.constString(n.arguments[0], depth + 1);
        return s !== null && sep !== null ? s.split(sep) : null;
      }
    }
    return null;
  }

  /** Dotted name of a callee with its root replaced by the module it is bound to: `dns.lookup`, `child_process.spawn`. */
  canon(n: N, depth = 0): string {
    if (!n || depth > 12) return '?';
    switch (n.type) {
      case 'Identifier': {
        const x = this.vars.get(this.k(n));
        return x?.mod ?? n.name;
      }
      case 'MemberExpression': {
        const p = propName(n, (x) => this.constString(x));
        const o = this.requireOf(n.object, depth + 1) ?? this.canon(n.object, depth + 1);
        if (p === 'default' && n.object.type === 'Identifier' && this.vars.get(this.k(n.object))?.interop) return o;
        return `${o}.${p ?? '[]'}`;
      }
      case 'CallExpression': {
        const m = this.requireOf(n, depth + 1);
        return m ?? `${this.canon(n.callee, depth + 1)}()`;
      }
      case 'SequenceExpression':
        return this.canon(n.expressions[n.expressions.length - 1], depth + 1);
      case 'ChainExpression':
      case 'ParenthesizedExpression':
        return this.canon(n.expression, depth + 1);
      default:
        return '?';
    }
  }

  private isChildProcess(c: string): boolean {
    const root = c.split('.')[0]!;
    return (
      root === 'child_process' ||
      root === 'cp' ||
      root === 'childProcess' ||
      root === 'execa' ||
      !c.includes('.') ||
      root === 'shelljs'
    );
  }

  /**
   * A request whose destination its caller chooses at run time: its URL (first argument) is a parameter, an option on
   * `this` or a setting, with no literal destination, nothing decoded or fetched in it, in a file that names no fixed
   * server (no URL literal: as python/flow.ts `namesFixedServer`). A literal handed to the function by a call in this
   * file is a destination of the parameter (callSiteParams), so it is not chosen.
   */
  private callerChosenUrl(n: N): boolean {
    // (a scheme and a host written in a quoted literal; a host filled at run time, `${…}`, is not fixed)
    this.fixedServer ??= /['"`](?:https?|ftp|wss?):\/\/(?!\$\{)[\w[]/i.test(this.text);
    if (this.fixedServer) return false;
    const a0 = n.arguments?.[0];
    if (!a0 || isFn(a0) || a0.type === 'SpreadElement') return false;
    const acc = this.argLabels([a0]);
    if ((acc.l & LABEL.INPUT) === 0 || (acc.l & (LABEL.DECODED | LABEL.UNPACKED | LABEL.FETCHED)) !== 0) return false;
    // (A path piece joined to the chosen base, `base + '/' + name + '.js'`, names no server; a host or a dotted name does.)
    if ([...acc.d].some((d) => !/^\/[\w/.-]*$/.test(d))) return false;
    return !this.pieces(a0).some((p) => !p.startsWith('/') && /[a-z0-9-]\.[a-z][a-z0-9-]*/i.test(p.replace(/^\./, '')));
  }

  private isNetCall(n: N, c: string): boolean {
    if (NET_FETCH.test(c)) return true;
    // (Not the members that open nothing: an agent holds connection settings — TLS keys, keep-alive — for later requests,
    // `isIP` and friends test text; a kubectl-style client builds its agent from a kubeconfig's base64 certificates.)
    if (/^(?:https?|http2|net|tls)\.\w+$/.test(c) && !/\.(?:Agent|globalAgent|isIP|isIPv4|isIPv6|createSecureContext|checkServerIdentity|getCiphers|validateHeaderName|validateHeaderValue|BlockList|SocketAddress)$/.test(c)) return true;
    // A call handed a URL literal directly (an obfuscated client: `m[_0x[1]]('https://…', cb)`).
    return n.arguments.some((a: N) => {
      const s = a.type === 'Literal' || a.type === 'TemplateLiteral' ? this.constString(a) : null;
      return s !== null && /^https?:\/\//i.test(s) && c.includes('[]');
    });
  }

  /** Labels and destination literals an expression carries (function bodies are not entered). */
  label(n: N, acc: Acc, depth = 0): void {
    if (!n || depth > 40) return;
    switch (n.type) {
      case 'Literal':
        if (typeof n.value === 'string') this.lit(n.value, acc);
        return;
      case 'ThisExpression':
        acc.l |= LABEL.INPUT;
        return;
      case 'TemplateLiteral':
        for (const q of n.quasis) this.lit(q.value.cooked ?? '', acc);
        for (const e of n.expressions) this.label(e, acc, depth + 1);
        return;
      case 'BinaryExpression': {
        // `'discord_desktop_' + 'core'`: a literal split in the source says what the joined text says.
        const whole = n.operator === '+' ? this.constString(n) : null;
        if (whole !== null) this.lit(whole, acc);
        this.label(n.left, acc, depth + 1);
        this.label(n.right, acc, depth + 1);
        return;
      }
      case 'Identifier': {
        const key = this.k(n);
        const x = this.vars.get(key);
        if (x) this.take(x, acc);
        if (this.params.has(key)) acc.l |= LABEL.INPUT;
        if (!x && SESSION_STORES.test(n.name)) this.session(acc);
        return;
      }
      case 'MemberExpression': {
        const c = this.canon(n);
        if (SESSION_STORES.test(c)) this.session(acc);
        // `process.env[k]` with a computed name, in a file that lists secret variables' names (`['GITHUB_TOKEN',
        // 'NPM_TOKEN', …].map((k) => process.env[k])`): those tokens are what it reads (pkgnpm11).
        if (n.computed && this.canon(n.object) === 'process.env' && this.constString(n.property) === null) {
          const names = this.listedSecretEnv();
          if (names.length > 0) {
            acc.l |= LABEL.SECRET;
            for (const v of names) {
              if (acc.t.size < MAX_DESTS) acc.t.add(v);
              if (NPM_TOKEN_ENV.test(v)) acc.l |= LABEL.NPM_TOKEN;
            }
          }
        }
        if (c === 'process.env') {
          acc.l |= LABEL.ENV;
          return;
        }
        if (c.startsWith('process.env.')) {
          const v = c.slice('process.env.'.length);
          if (FINGERPRINT_ENV.test(v)) acc.l |= LABEL.FINGERPRINT;
          if (SECRET_ENV.test(v)) {
            acc.l |= LABEL.SECRET;
            if (acc.t.size < MAX_DESTS) acc.t.add(v);
          }
          if (NPM_TOKEN_ENV.test(v)) acc.l |= LABEL.NPM_TOKEN;
          // Any other environment value is the user's configuration.
          if (!FINGERPRINT_ENV.test(v) && !SECRET_ENV.test(v)) acc.l |= LABEL.INPUT;
          return;
        }
        if (c === 'process.argv' || c.startsWith('process.argv.')) {
          acc.l |= LABEL.INPUT;
          return;
        }
        // `cfg.headers.Authorization` of an intercepted request: another service's credential.
        if (
          n.object.type === 'MemberExpression' &&
          propName(n.object) === 'headers' &&
          n.object.object.type === 'Identifier' &&
          this.intercepted.has(this.k(n.object.object)) &&
          AUTH_HEADER_NAME.test(propName(n, (x) => this.constString(x)) ?? '')
        )
          acc.l |= LABEL.AUTH_HEADER;
        // A key pair's secret half or a wallet's recovery words (`kp.secretKey`, `signer.privateKey`, `wallet.mnemonic`):
        // signing happens on the machine, so no request needs them (SendFact.secrets 'key').
        if (!n.computed && KEY_MATERIAL_PROP.test(n.property?.name ?? '')) {
          acc.l |= LABEL.SECRET;
          if (acc.t.size < MAX_DESTS) acc.t.add('key');
        }
        // The files of the code that loaded this module: the call stack's frames, the main module's file.
        if (
          (!n.computed &&
            n.property?.name === 'stack' &&
            n.object.type === 'NewExpression' &&
            n.object.callee.type === 'Identifier' &&
            /Error$/.test(n.object.callee.name)) ||
          /^(?:require\.main|module\.parent|process\.mainModule)\.filename$/.test(c)
        )
          acc.l |= LABEL.CALLER_FILE;
        if (n.object.type === 'ThisExpression' && !n.computed) {
          // A field of the file's objects: what the file assigns to it, else the caller's choice.
          const x = this.vars.get(`this:${n.property.name}`);
          if (x) this.take(x, acc);
          else acc.l |= LABEL.INPUT;
          return;
        }
        this.label(n.object, acc, depth + 1);
        if (n.computed) this.label(n.property, acc, depth + 1);
        return;
      }
      case 'CallExpression':
      case 'NewExpression': {
        const c = this.canon(n.callee);
        const last = lastName(c);
        const k = this.constString(n);
        if (k !== null) {
          this.lit(k, acc);
          // Base64 / hex text decoded at run time, even when the reader can decode it too: hidden in the source.
          if (
            this.unpacks(n) ||
            (n.callee.type === 'MemberExpression' &&
              propName(n.callee) === 'toString' &&
              n.callee.object.type === 'CallExpression' &&
              this.unpacks(n.callee.object))
          )
            acc.l |= LABEL.UNPACKED | LABEL.DECODED;
          return;
        }
        // A local function's return value: the data labels of what it returns (`const list = await pull()`).
        if (n.callee.type === 'Identifier' && depth < 20) {
          const fns = this.fnsByName.get(this.k(n.callee));
          if (fns) {
            const r = acc0();
            // Literal arguments stand for the parameters they fill while the returns are read, so a helper that reads
            // a file under the home directory (`read = (p) => fs.readFileSync(path.join(os.homedir(), p))`) called
            // with a credential store's name (`read('.ssh/config')`) returns that store's content (namesCredentialStore).
            const subst = new Map<string, string>();
            for (const f of fns)
              for (const [i, prm] of (f.params ?? []).slice(0, 8).entries()) {
                const v = prm?.type === 'Identifier' && n.arguments[i] ? this.constString(n.arguments[i]) : null;
                if (v !== null && v.length < 300) subst.set(this.k(prm), v);
              }
            const saved = this.paramSubst;
            if (subst.size > 0) this.paramSubst = subst;
            try {
              for (const f of fns) for (const e of this.returns(f)) this.label(e, r, depth + 10);
            } finally {
              this.paramSubst = saved;
            }
            acc.l |= r.l & (RETURN_LABELS | CALL_CARRIED);
            // A credential a local function returns keeps its name (`const token = ghToken()`).
            if (r.l & CALL_CARRIED) for (const t of r.t) if (acc.t.size < MAX_DESTS) acc.t.add(t);
          }
        }
        // What another module's exported function returns (one hop, FlowFacts.returns).
        if (this.imported && depth < 20) {
          const t = this.localTarget(n.callee);
          const r = t ? this.imported.get(t.spec)?.[t.fn ?? ''] : undefined;
          if (r) acc.l |= r & RETURN_LABELS;
          // `require('./x')` itself: the value that module exports.
          const spec = this.localSpec(n);
          const v = spec !== null ? this.imported.get(spec)?.['='] : undefined;
          if (v) acc.l |= v & RETURN_LABELS;
        }
        // Text records of a DNS query are data from the network (a dead drop in TXT records).
        if (/^(?:resolveTxt|resolveAny)$/.test(last) && /(?:^|\.)dns\b/i.test(c)) acc.l |= LABEL.FETCHED | LABEL.FIXED_SRC;
        // A WebAssembly module's custom sections are bytes of a binary file, never JavaScript.
        if (/(?:^|\.)WebAssembly\.Module\.customSections$/.test(c)) acc.l |= LABEL.ASSET;
        if (this.orItsText(n, (x) => this.decodes(x))) acc.l |= LABEL.DECODED;
        if (this.orItsText(n, (x) => this.unpacks(x))) acc.l |= LABEL.UNPACKED;
        if ((FP_OS_FNS.test(last) && /^(?:os|node:os)\b/.test(c)) || c === 'process.cwd' || c === 'os.hostname')
          acc.l |= LABEL.FINGERPRINT;
        if (
          /^(?:readFileSync|readFile)$/.test(last) &&
          /^(?:fs|node:fs|fs-extra|graceful-fs|fs\/promises|fs\.promises)\b/.test(c) &&
          n.arguments[0] &&
          this.namesAsset(n.arguments[0])
        )
          acc.l |= LABEL.ASSET;
        // A credential store's content (`fs.readFileSync(path.join(home, '.ssh', 'id_rsa'))`, patterns.ts
        // CREDENTIAL_STORE, the list python/flow.ts follows): a secret that has no vendor (SendFact.secrets).
        // So is the source of the code that loaded this module (its keys are written in it): a code frame
        // printed on the terminal reads it too, but only a thief sends it away.
        if (
          /^(?:readFileSync|readFile|createReadStream)$/.test(last) &&
          /^(?:fs|node:fs|fs-extra|graceful-fs|fs\/promises|fs\.promises)\b/.test(c) &&
          n.arguments[0] &&
          (this.namesCredentialStore(n.arguments[0]) ||
            (this.argLabels([n.arguments[0]]).l & (LABEL.CALLER_FILE | LABEL.STORE_PATH) && !this.joinedPath(n.arguments[0])))
        ) {
          acc.l |= LABEL.SECRET;
          if (acc.t.size < MAX_DESTS) acc.t.add('file');
        }
        // (A server a module creates is not data from the network: what its connections deliver reaches callbacks.)
        if (this.isNetCall(n, c) && !/(?:^|\.)(?:createServer|createSecureServer|Server|listen)$/.test(c))
          acc.l |= LABEL.FETCHED | (this.callerChosenUrl(n) ? 0 : LABEL.FIXED_SRC);
        if (SPAWN_FNS.test(last) && this.isChildProcess(c)) {
          const cmd = n.arguments[0] ? this.constString(n.arguments[0]) : null;
          if (cmd !== null && SHELL_FETCH.test(cmd)) acc.l |= LABEL.FETCHED | LABEL.FIXED_SRC;
          if (cmd !== null && SHELL_FP.test(cmd)) acc.l |= LABEL.FINGERPRINT;
          // A credential helper's output (`git credential fill`, `gh auth token`, the keychain): a stored credential.
          const argv =
            n.arguments[1]?.type === 'ArrayExpression'
              ? n.arguments[1].elements.slice(0, 6).map((e: N) => (e ? (this.constString(e) ?? '?') : '?'))
              : [];
          // (A command with computed parts is read by its fixed text: `'bw list items --session ' + key`.)
          const fixed = cmd ?? (n.arguments[0] ? this.fixedPrefix(n.arguments[0]) : '');
          if (CRED_HELPER_CMD.test([fixed, ...argv].join(' '))) {
            acc.l |= LABEL.SECRET;
            if (acc.t.size < MAX_DESTS) acc.t.add('helper');
          }
        }
        // (A single item or a part of the page's session stores — `localStorage.getItem('theme')`, `document.cookie.split(';')`
        // — is the application's own value, not the whole store: SESSION_STORES.)
        if (n.callee.type === 'MemberExpression' && !SESSION_STORES.test(this.canon(n.callee.object))) this.label(n.callee.object, acc, depth + 1);
        // A child process's output carries its command and arguments, not its options: the environment or working
        // folder handed to the child (`{ env: { ...process.env } }`) is its setting, not what it prints (bun's
        // installer runs `sysctl` through the same helper that gives npm the environment: pkg-analysis-2026.12.7).
        const opts = SPAWN_FNS.test(last) && this.isChildProcess(c) ? spawnOptionsAt(last, n.arguments) : -1;
        for (const [i, a] of n.arguments.entries()) if (!isFn(a) && (opts < 0 || i < opts)) this.label(a, acc, depth + 1);
        // `[os.hostname(), 'q', 'oast', 'example'].join('.')`: literal labels next to each other, joined with dots, spell a
        // domain as much as one literal does (a DNS query name built from pieces; pkg-analysis-2026.12.7).
        if (last === 'join' && n.callee.type === 'MemberExpression' && n.callee.object.type === 'ArrayExpression' && n.arguments[0] && this.constString(n.arguments[0]) === '.') {
          let run: string[] = [];
          for (const e of [...n.callee.object.elements.slice(0, 32), null]) {
            const t = e ? this.constString(e) : null;
            if (t !== null) run.push(t);
            else {
              if (run.length > 1) this.lit(run.join('.'), acc);
              run = [];
            }
          }
        }
        // `names.map((k) => [k, process.env[k]])`: what an arrow that maps each item returns is the new array's items.
        const f0 = n.arguments[0];
        if (/^(?:map|flatMap)$/.test(last) && f0?.type === 'ArrowFunctionExpression' && f0.expression && f0.body.type !== 'Identifier')
          this.label(f0.body, acc, depth + 1);
        return;
      }
      case 'Property':
        // `{ headers: {...} }`: the key names a field, it is not a use of a variable of that name.
        if (n.computed) this.label(n.key, acc, depth + 1);
        if (!isFn(n.value)) this.label(n.value, acc, depth + 1);
        return;
      default:
        if (isFn(n)) return;
        forEachChild(n, (c) => this.label(c, acc, depth + 1));
    }
  }

  private secretEnvList?: string[];
  /** Secret environment variables' names the file lists in an array of variable names (at most 5; SECRET_ENV). */
  private listedSecretEnv(): string[] {
    if (this.secretEnvList) return this.secretEnvList;
    const out = new Set<string>();
    for (const m of this.text.matchAll(/\[\s*(?:(['"])[A-Z][A-Z0-9_]{1,60}\1\s*,\s*){1,40}(['"])[A-Z][A-Z0-9_]{1,60}\2\s*,?\s*\]/g)) {
      for (const q of m[0].matchAll(/['"]([A-Z][A-Z0-9_]+)['"]/g)) if (SECRET_ENV.test(q[1]!) && out.size < 5) out.add(q[1]!);
    }
    return (this.secretEnvList = [...out]);
  }

  private take(x: VarInfo, acc: Acc): void {
    acc.l |= x.l;
    for (const d of x.d) if (acc.d.size < MAX_DESTS) acc.d.add(d);
    if (x.t) for (const t of x.t) if (acc.t.size < MAX_DESTS) acc.t.add(t);
  }

  private lit(s: string, acc: Acc): void {
    const l = literalLabels(s);
    acc.l |= l;
    // A credential file's content has no vendor (see SendFact.secrets).
    if (l & LABEL.SECRET && acc.t.size < MAX_DESTS) acc.t.add('file');
    if (acc.d.size < MAX_DESTS && isDestLiteral(s)) acc.d.add(s);
  }

  /**
   * Whether a curl / wget process start uploads a credential store (remote-run.ts `UPLOAD_OPERAND`,
   * patterns.ts `CREDENTIAL_STORE`): the command read with its computed parts as paths (a template's
   * expressions, `+` operands, `path.join` pieces, the home directory as `~`). A public key is no secret.
   */
  private uploadsCredential(args: N[]): boolean {
    const text = (n: N, depth = 0): string => {
      if (!n || depth > 8) return '{}';
      const s = this.constString(n);
      if (s !== null) return s;
      switch (n.type) {
        case 'TemplateLiteral':
          return n.quasis
            .map(
              (q: N, i: number) => (q.value.cooked ?? '') + (n.expressions[i] ? text(n.expressions[i], depth + 1) : ''),
            )
            .join('');
        case 'BinaryExpression':
          return n.operator === '+' ? text(n.left, depth + 1) + text(n.right, depth + 1) : '{}';
        case 'ArrayExpression':
          return n.elements
            .slice(0, 16)
            .map((e: N) => text(e, depth + 1))
            .join(' ');
        case 'Identifier': {
          const x = this.vars.get(this.k(n));
          return x?.inits?.length === 1 ? text(x.inits[0], depth + 2) : '{}';
        }
        case 'CallExpression': {
          const c = this.canon(n.callee);
          if (/(?:^|\.)homedir$/.test(c)) return '~';
          if (/(?:^|\.)(?:join|resolve)$/.test(c))
            return n.arguments
              .slice(0, 8)
              .map((a: N) => text(a, depth + 1))
              .join('/');
          return '{}';
        }
        default:
          return '{}';
      }
    };
    const cmd = args
      .slice(0, 2)
      .map((a) => text(a))
      .join(' ');
    if (!/\b(?:curl|wget)\b/i.test(cmd)) return false;
    for (const m of cmd.matchAll(UPLOAD_OPERAND)) {
      const operand = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '')
        .replace(/^["']|["']$/g, '')
        .replace(/\\+/g, '/')
        .replace(/\/{2,}/g, '/');
      if (CREDENTIAL_STORE.test(operand) && !/\.pub$/i.test(operand)) return true;
    }
    return false;
  }

  /**
   * The script of a PowerShell -EncodedCommand built in place: `Buffer.from(script, 'utf16le').toString('base64')`
   * gives `script` (its pieces are what PowerShell runs); null for anything else.
   */
  private encodedScript(e: N): N | null {
    if (
      e.type !== 'CallExpression' ||
      e.callee.type !== 'MemberExpression' ||
      propName(e.callee) !== 'toString' ||
      !e.arguments[0] ||
      this.constString(e.arguments[0]) !== 'base64'
    )
      return null;
    const from = e.callee.object;
    if (from?.type !== 'CallExpression' || this.canon(from.callee) !== 'Buffer.from' || !from.arguments[0]) return null;
    const enc = from.arguments[1] ? this.constString(from.arguments[1]) : null;
    return enc !== null && /^(?:utf-?16le|ucs-?2)$/i.test(enc) ? from.arguments[0] : null;
  }

  private argLabels(args: N[]): Acc {
    const acc = acc0();
    for (const a of args) if (!isFn(a)) this.label(a, acc);
    return acc;
  }

  /** A template literal with its constant expressions filled in and the others as a space; null for anything else. */
  private filledTemplate(n: N | undefined): string | null {
    if (n?.type !== 'TemplateLiteral' || n.expressions.length === 0) return null;
    let out = '';
    n.quasis.forEach((q: N, i: number) => {
      out += q.value.cooked ?? '';
      const e = n.expressions[i];
      if (e) {
        const said: string[] = [];
        this.strings(e, said);
        out += said.length === 1 ? said[0] : ' ';
      }
    });
    return out.length < 20_000 ? out : null;
  }

  /** Does `test` hold for the call, or for the call whose result it turns into text (`Buffer.from(x, 'base64').toString()`)? */
  private orItsText(n: N, test: (call: N) => boolean): boolean {
    return (
      test(n) ||
      (n.callee.type === 'MemberExpression' &&
        propName(n.callee) === 'toString' &&
        n.callee.object.type === 'CallExpression' &&
        test(n.callee.object))
    );
  }

  /** A call that decodes bytes at run time: `atob`, character codes, `Buffer.from(x, 'base64' | 'hex')` or of a byte array, a TextDecoder. */
  private decodes(n: N): boolean {
    const c = this.canon(n.callee);
    if (!DECODE_CALL.test(c)) return false;
    if (!/Buffer\.from$/.test(c)) return true;
    const enc = n.arguments[1] ? this.constString(n.arguments[1]) : null;
    return (enc !== null && /^(?:base64|base64url|hex)$/i.test(enc)) || n.arguments[0]?.type === 'ArrayExpression';
  }

  /** A call that decodes base64 or hex text at run time: `atob(x)`, `Buffer.from(x, 'base64' | 'hex')`. */
  private unpacks(n: N): boolean {
    const c = this.canon(n.callee);
    if (c === 'atob') return true;
    // Text spelled as a table of character codes in the source (`String.fromCharCode(...codes)`,
    // `.apply(null, codes.map((x) => x - 3))`): what it says is hidden as much as base64 hides it.
    if (/^String\.from(?:CharCode|CodePoint)(?:\.apply|\.call)?$/.test(c))
      return n.arguments.some((a: N) => this.codeTable(a.type === 'SpreadElement' ? a.argument : a, 0) || this.codesOfLiteral(a));
    if (!/^(?:buffer\.)?Buffer\.from$/.test(c)) return false;
    const enc = n.arguments[1] ? this.constString(n.arguments[1]) : null;
    return enc !== null && /^(?:base64|base64url|hex)$/i.test(enc);
  }

  /** A written path's pieces name a JavaScript file inside another package's folder under node_modules. */
  /** An argument's constant path text (its pieces joined with `/`), when it reads as a path; else null. */
  private pathText(a: N): string | null {
    const s = this.pieces(a).join('/');
    return s.length > 0 && s.length <= 300 && /[\\/]|\.[cm]?js$/.test(s) ? s : null;
  }

  private otherPackageCode(dest: readonly string[]): boolean {
    // (`..` climbs: a helper's `path.resolve(__dirname, '..', '..', rel)` leaves its own package.)
    const parts: string[] = [];
    for (const x of dest.join('/').split(/[\\/]+/)) {
      if (x === '' || x === '.') continue;
      if (x === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
      else parts.push(x);
    }
    const i = parts.lastIndexOf('node_modules');
    if (i === -1 || i + 2 >= parts.length) return false;
    const name = parts[i + 1]!;
    // (The package's own folder, by its marker or its name, is no other package: read through a hand-off, Handoff.self.)
    const own = name === SELF_PACKAGE || (this.entry?.self !== undefined && [name, `${name}/${parts[i + 2]}`].includes(this.entry.self));
    return !name.startsWith('.') && !own && /\.[cm]?js$/.test(parts[parts.length - 1]!);
  }

  /** The first item of the literal list a for-of loop variable walks (a destructured item's element at the name's place). */
  private loopItem(id: N): string | null {
    const loop = this.loopOf.get(this.k(id))?.[0];
    if (!loop || loop.right?.type !== 'ArrayExpression') return null;
    const first = loop.right.elements[0];
    const left = loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0]?.id : loop.left;
    if (left?.type === 'Identifier') return first ? this.constString(first) : null;
    if (left?.type === 'ArrayPattern' && first?.type === 'ArrayExpression') {
      const i = left.elements.findIndex((e: N) => e?.type === 'Identifier' && e.name === id.name);
      return i >= 0 && first.elements[i] ? this.constString(first.elements[i]) : null;
    }
    return null;
  }

  /** The values an expression may take when it is a test's two branches (directly or through a constant): each branch. */
  private branches(n: N): N[] {
    let e = n;
    if (e?.type === 'Identifier') {
      const x = this.vars.get(this.k(e));
      if (x?.inits?.length === 1) e = x.inits[0];
    }
    return e?.type === 'ConditionalExpression' ? [e.consequent, e.alternate] : [n];
  }

  /** The fixed text a string expression starts with: the left literal of a `+` chain, a template's first piece. */
  private fixedPrefix(n: N, depth = 0): string {
    if (!n || depth > 8) return '';
    const s = this.constString(n);
    if (s !== null) return s;
    if (n.type === 'BinaryExpression' && n.operator === '+') return this.fixedPrefix(n.left, depth + 1);
    if (n.type === 'TemplateLiteral') return n.quasis[0]?.value.cooked ?? '';
    return '';
  }

  /**
   * Character codes computed from a long literal string (pkg-analysis-2026.12.7): `parseInt(h.substr(i, 2), 16) ^ 23`,
   * `k.charCodeAt(i) ^ key` with `h` / `k` a constant of at least 32 characters. A decoder loop spells text no reader
   * sees, as base64 does; honest code computes codes from input it is given, not from a blob it ships.
   */
  private codesOfLiteral(a: N): boolean {
    let decodes = false;
    let literal = false;
    const stack: N[] = [a];
    for (let i = 0; stack.length > 0 && i < 200; i++) {
      const x = stack.pop();
      if (!x || typeof x.type !== 'string') continue;
      if (x.type === 'BinaryExpression' && x.operator === '^') decodes = true;
      if (x.type === 'CallExpression') {
        const c = this.canon(x.callee);
        if (/(?:^|\.)parseInt$/.test(c) && x.arguments[1]?.type === 'Literal' && x.arguments[1].value === 16) decodes = true;
        if (/\.charCodeAt$/.test(c) && x.callee.type === 'MemberExpression') {
          const o = x.callee.object;
          const str = o.type === 'Identifier' ? this.vars.get(this.k(o))?.str : null;
          if (typeof str === 'string' && str.length >= 32) literal = true;
        }
      }
      if (x.type === 'MemberExpression' && x.object.type === 'Identifier') {
        const str = this.vars.get(this.k(x.object))?.str;
        if (typeof str === 'string' && str.length >= 32) literal = true;
      }
      if (x.type === 'Identifier') {
        const str = this.vars.get(this.k(x))?.str;
        if (typeof str === 'string' && str.length >= 32) literal = true;
      }
      forEachChild(x, (ch) => stack.push(ch));
    }
    return decodes && literal;
  }

  /**
   * A path built next to another (`path.join(path.dirname(require.main.filename), 'package.json')`), directly or
   * through the one expression a name is bound to: a file beside the labelled one, not that file.
   */
  private joinedPath(n: N): boolean {
    let e = n;
    if (e?.type === 'Identifier') {
      const x = this.vars.get(this.k(e));
      if (x?.inits?.length !== 1) return false;
      e = x.inits[0];
    }
    return e?.type === 'CallExpression' && /^(?:join|resolve|dirname|relative)$/.test(lastName(this.canon(e.callee)));
  }

  /** An array literal of at least CODE_TABLE_MIN numbers, directly, through a variable, or mapped / sliced / reversed. */
  private codeTable(n: N, depth: number): boolean {
    if (!n || depth > 6) return false;
    if (n.type === 'ArrayExpression')
      return (
        n.elements.length >= CODE_TABLE_MIN &&
        n.elements.every((e: N) => e?.type === 'Literal' && typeof e.value === 'number')
      );
    if (n.type === 'Identifier') {
      const x = this.vars.get(this.k(n));
      return x?.inits?.length === 1 && this.codeTable(x.inits[0], depth + 1);
    }
    if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression')
      return /^(?:map|slice|reverse|concat|filter)$/.test(propName(n.callee) ?? '') && this.codeTable(n.callee.object, depth + 1);
    return false;
  }

  /**
   * Files picked by name on a walk (`if (/\.tfstate$/.test(e.name)) found.push(p)`): when the name test is
   * a credential store's name (patterns.ts CREDENTIAL_STORE), what is collected are that store's paths.
   */
  private picksStores(n: N): void {
    const t = n.test;
    if (t?.type !== 'CallExpression' || t.callee.type !== 'MemberExpression') return;
    const m = propName(t.callee) ?? '';
    let name: string | null = null;
    if (m === 'test' && t.callee.object.type === 'Literal' && t.callee.object.regex)
      name = t.callee.object.regex.pattern
        .replace(/\((?:[^()]*)\)\?/g, '')
        .replace(/\\(.)/g, '$1')
        .replace(/[$^]/g, '');
    else if (m === 'endsWith' && t.arguments[0]) name = this.constString(t.arguments[0]);
    if (!name || name.length > 80 || !CREDENTIAL_STORE.test(`x${name}`)) return;
    const stack: N[] = [n.consequent];
    let steps = 0;
    while (stack.length > 0 && steps++ < 500) {
      const x = stack.pop();
      if (!x || typeof x.type !== 'string' || isFn(x)) continue;
      if (x.type === 'CallExpression' && x.callee.type === 'MemberExpression' && /^(?:push|unshift|add)$/.test(propName(x.callee) ?? '')) {
        const root = x.callee.object;
        if (root.type === 'Identifier') this.bindings.push({ names: [this.k(root)], from: [], extra: LABEL.STORE_PATH });
      }
      forEachChild(x, (c) => stack.push(c));
    }
  }

  /** `x.push(v)`, `x.unshift(v)`, `x.append(k, v)` (arrays, form data): the collection carries what is put in it. */
  private collects(n: N): void {
    if (n.type !== 'CallExpression' || n.callee.type !== 'MemberExpression' || n.arguments.length === 0) return;
    if (!/^(?:push|unshift|append)$/.test(propName(n.callee) ?? '')) return;
    let root = n.callee.object;
    while (root.type === 'MemberExpression') root = root.object;
    if (root.type !== 'Identifier') return;
    const from = n.arguments
      .filter((a: N) => !isFn(a) && a.type !== 'SpreadElement')
      .concat(n.arguments.filter((a: N) => a.type === 'SpreadElement').map((a: N) => a.argument));
    if (from.length > 0) this.bindings.push({ names: [this.k(root)], from, extra: 0 });
  }

  /** A call that opens a connection to a remote host: a socket / WebSocket / socket.io client, or any call handed a URL literal with a scheme. */
  private connects(call: N, c: string): boolean {
    if (
      /(?:^|\.)(?:WebSocket|EventSource|io|connect|createConnection|Socket)$/.test(c) &&
      !/^(?:child_process|cp)\./.test(c)
    )
      return true;
    // A mail transport to an SMTP server (`nodemailer.createTransport({ host })`): its `sendMail` sends (pkg-analysis-2026.12.7).
    if (/^nodemailer\.createTransport$/.test(c)) return true;
    // A WebSocket / socket.io client module called or constructed by whatever local name it was imported as.
    if (
      /^(?:ws|isomorphic-ws|reconnecting-websocket|socket\.io-client|engine\.io-client|sockjs-client)(?:\.(?:default|WebSocket|io|connect))?$/.test(
        c,
      )
    )
      return true;
    const first = call.arguments[0];
    if (!first || isFn(first) || !/(?:^|\.)(?:io|connect|client|Client|createClient)$/.test(c)) return false;
    const a = acc0();
    this.label(first, a);
    return [...a.d].some((d) => /^(?:wss?|https?):\/\/[^/]*[a-z0-9]/i.test(d)) && (a.l & LABEL.DOMAIN) !== 0;
  }

  /** The dotted name of an expression with variables bound to other names followed (`const w = g[k]; w.request` → `globalThis.ethereum.request`). */
  private aliasCanon(n: N, depth = 0): string {
    if (!n || depth > 6) return '?';
    if (n.type === 'Identifier') {
      const x = this.vars.get(this.k(n));
      const init = x?.inits?.length === 1 ? x.inits[0] : null;
      // `const eth = typeof window !== 'undefined' && window.ethereum`: the value is the last operand of `&&`, the first of `||` / `??`.
      const value = init?.type === 'LogicalExpression' ? (init.operator === '&&' ? init.right : init.left) : init;
      if (
        value &&
        (value.type === 'Identifier' || value.type === 'MemberExpression' || value.type === 'ChainExpression') &&
        !x?.mod
      )
        return this.aliasCanon(value.type === 'ChainExpression' ? value.expression : value, depth + 1);
      return x?.mod ?? n.name;
    }
    if (n.type === 'MemberExpression')
      return `${this.aliasCanon(n.object, depth + 1)}.${propName(n, (x) => this.constString(x)) ?? '[]'}`;
    return this.canon(n);
  }

  /** An assignment target (a dotted name) that replaces a page's network or wallet function. */
  /** A network call (fetch, sendBeacon, an HTTP client) whose first argument is a literal http(s) URL of a host that is not local. */
  private sendsToFixedUrl(n: N): boolean {
    if (n.type !== 'CallExpression' || !n.arguments[0]) return false;
    const c = this.canon(n.callee);
    if (!NET_FETCH.test(c)) return false;
    const u = this.constString(n.arguments[0]);
    return u !== null && /^https?:\/\/(?!(?:localhost|127\.|\[::1\]))[\w.-]+/i.test(u);
  }

  private isPageHook(c: string): boolean {
    return (
      /^(?:window|globalThis|self|global)\.fetch$/.test(c) ||
      /(?:^|\.)XMLHttpRequest\.prototype\.(?:open|send|setRequestHeader)$/.test(c) ||
      /(?:^|\.)(?:ethereum|solana|phantom\.solana|tronWeb|web3\.currentProvider)\.(?:request|send|sendAsync|signTransaction|signAllTransactions|signAndSendTransaction)$/.test(
        c,
      )
    );
  }

  /** The constant string pieces of an expression, in order (`'npm publish ' + dir` → ['npm publish ']). */
  private pieces(n: N, out: string[] = [], depth = 0, roots = false): string[] {
    if (!n || depth > 12 || out.length >= 20) return out;
    const s = this.constString(n);
    if (s !== null) {
      out.push(s);
      return out;
    }
    if (n.type === 'BinaryExpression' && n.operator === '+') {
      this.pieces(n.left, out, depth + 1, roots);
      this.pieces(n.right, out, depth + 1, roots);
    } else if (n.type === 'TemplateLiteral') {
      for (let i = 0; i < n.quasis.length; i++) {
        out.push(n.quasis[i].value.cooked ?? '');
        if (i < n.expressions.length) {
          const e = n.expressions[i];
          const sub = e.type === 'Identifier' ? (this.paramSubst?.get(this.k(e)) ?? this.entrySubst?.get(this.k(e))) : undefined;
          if (sub !== undefined) out.push(sub);
          else if (roots) this.pieces(e, out, depth + 1, roots);
        }
      }
    } else if (n.type === 'Identifier') {
      const x = this.vars.get(this.k(n));
      const sub = this.paramSubst?.get(this.k(n)) ?? this.entrySubst?.get(this.k(n));
      if (sub !== undefined) out.push(sub);
      // Read through a hand-off, the module's own folder where it is installed (`node_modules/<this package>/lib`).
      else if (n.name === '__dirname' && this.entry?.depth !== undefined && !this.vars.get(this.k(n))?.inits?.length)
        out.push(['node_modules', SELF_PACKAGE, ...Array(this.entry.depth).fill('d')].join('/'));
      else if (x?.inits?.length === 1) this.pieces(x.inits[0], out, depth + 3, roots);
      else if (x?.inits && x.inits.filter((i: N) => !isNullish(i)).length === 1 && x.inits.some((i: N) => isNullish(i)))
        // `let f = null; try { f = require.resolve('x') } catch {}`: the one value that is a path.
        this.pieces(x.inits.find((i: N) => !isNullish(i)), out, depth + 3, roots);
      else {
        // A loop variable over a literal list (`for (const [dir, key] of [['.cursor', 'mcpServers'], …])`): the first
        // item's value stands for the path's shape (pkg-analysis-2026.12.7).
        const v = this.loopItem(n);
        if (v !== null) out.push(v);
      }
    } else if (n.type === 'CallExpression' && this.canon(n.callee) === 'require.resolve' && n.arguments[0]) {
      // `require.resolve('discord.js')`: a file of another installed package, where Node finds it (pkg-analysis-2026.12.9).
      const spec = this.constString(n.arguments[0]);
      const m = spec !== null ? /^((?:@[\w.-]+\/)?[\w.-]+)(\/.*)?$/.exec(spec) : null;
      if (m && !spec!.startsWith('.')) out.push(`node_modules/${m[1]}${m[2] && /\.[cm]?js$/.test(m[2]) ? m[2] : `${m[2] ?? ''}/index.js`}`);
    } else if (n.type === 'CallExpression' && /^(?:path\.)?dirname$/.test(this.canon(n.callee)) && n.arguments[0]) {
      // `path.dirname(p)`: p's folder.
      const sub = this.pieces(n.arguments[0], [], depth + 1, roots).join('/');
      if (sub.includes('/')) out.push(sub.slice(0, sub.lastIndexOf('/')));
    } else if (
      n.type === 'CallExpression' &&
      /^(?:join|resolve)$/.test(n.callee?.property?.name ?? n.callee?.name ?? '')
    ) {
      // `path.join(home, 'Library', 'LaunchAgents', f)`: the path's pieces.
      for (const a of n.arguments.slice(0, 8)) this.pieces(a, out, depth + 1, roots);
    } else if (roots) {
      // Where a path starts, for destinations (writtenTo): `%LOCALAPPDATA%`, `~` (the home directory).
      const c = n.type === 'MemberExpression' || n.type === 'CallExpression' ? this.canon(n.type === 'CallExpression' ? n.callee : n) : '';
      if (/^process\.env\.\w+$/.test(c)) out.push(`%${c.slice('process.env.'.length)}%`);
      else if (n.type === 'CallExpression' && /^(?:os\.homedir|os\.userInfo\.homedir)$/.test(c)) out.push('~');
    }
    return out;
  }

  /** Does a path expression name a credential store (its literal pieces joined with `/`), or a loop variable over a list naming one? */
  private namesCredentialStore(n: N, depth = 0): boolean {
    // Either branch of a default or a choice (`(opts && opts.path) || path.resolve(cwd, '.env')`), directly or through a constant.
    let alt = n;
    if (alt?.type === 'Identifier' && depth < 2) {
      const x = this.vars.get(this.k(alt));
      if (x?.inits?.length === 1) alt = x.inits[0];
    }
    if (depth < 3 && alt?.type === 'LogicalExpression') return this.namesCredentialStore(alt.left, depth + 1) || this.namesCredentialStore(alt.right, depth + 1);
    if (depth < 3 && alt?.type === 'ConditionalExpression') return this.namesCredentialStore(alt.consequent, depth + 1) || this.namesCredentialStore(alt.alternate, depth + 1);
    if (depth === 0) {
      // `for (const f of ['.env', path.join(home, '.aws', 'credentials')]) readFileSync(path.resolve(f))`.
      let id = n;
      while (
        id?.type === 'CallExpression' &&
        /^(?:join|resolve|normalize)$/.test(lastName(this.canon(id.callee))) &&
        id.arguments.length > 0
      )
        id = id.arguments[id.arguments.length - 1];
      if (id?.type === 'Identifier')
        for (const loop of this.loopOf.get(this.k(id)) ?? []) {
          const arr = this.arrayOf(loop.right);
          if (arr?.elements.slice(0, 32).some((e: N) => e && this.namesCredentialStore(e, 1))) return true;
          // A list mapped to paths: `['Code', 'Cursor'].map((e) => path.join(base, e, 'User', 'globalStorage', 'state.vscdb'))`.
          const made = this.mappedPath(loop.right);
          if (made && this.namesCredentialStore(made, 1)) return true;
        }
    }
    const p = this.pieces(n)
      .join('/')
      .replace(/\\/g, '/')
      .replace(/\/{2,}/g, '/');
    // (Not a CLI keypair such as Solana's id.json: honest CLIs read it to sign what they send to an RPC host, see WALLET_STORE_LITERAL.)
    return p.length > 0 && p.length < 500 && CREDENTIAL_STORE.test(p) && !/(?:^|\/)solana\/id\.json$/.test(p);
  }

  /** A relative `require('./x')` call's specifier. */
  private localSpec(n: N): string | null {
    const e = n.type === 'AwaitExpression' ? n.argument : n;
    if (
      e.type !== 'CallExpression' ||
      e.callee.type !== 'Identifier' ||
      !this.requireNames.has(e.callee.name) ||
      !e.arguments[0]
    )
      return null;
    const s = this.constString(e.arguments[0]) ?? this.dirnameSpec(e.arguments[0]);
    return s !== null && s.startsWith('.') ? s : null;
  }

  /**
   * A module path built beside this file: `path.join(__dirname, 'lib', 'x')`, `path.resolve(__dirname, ['lib', 'x'].join(path.sep))`,
   * `__dirname + '/lib/x'`, as the relative specifier `./lib/x` (the module is loaded like `require('./lib/x')`). The parts
   * may be joined lists of literals and literals split with `+`; any other part leaves the specifier unknown.
   */
  private dirnameSpec(n: N): string | null {
    const part = (a: N): string | null => {
      const c = this.constString(a);
      if (c !== null) return c;
      if (a?.type === 'CallExpression' && a.callee.type === 'MemberExpression' && propName(a.callee) === 'join' && a.callee.object.type === 'ArrayExpression') {
        const sep = a.arguments[0] ? (this.constString(a.arguments[0]) ?? (/^path\.(?:sep|posix\.sep)$/.test(this.canon(a.arguments[0])) ? '/' : null)) : ',';
        if (sep !== '/' && sep !== '\\') return null;
        const items = a.callee.object.elements.slice(0, 16).map((x: N) => (x ? this.constString(x) : null));
        return items.every((x: string | null) => x !== null) ? items.join('/') : null;
      }
      if (a?.type === 'BinaryExpression' && a.operator === '+') {
        const l = part(a.left);
        const r = part(a.right);
        return l !== null && r !== null ? l + r : null;
      }
      return null;
    };
    let e = n;
    if (e?.type === 'Identifier') {
      const x = this.vars.get(this.k(e));
      e = x?.inits?.length === 1 ? x.inits[0] : null;
    }
    if (e?.type === 'BinaryExpression' && e.operator === '+') {
      // `__dirname + '/lib/' + 'x'`: the leftmost operand of the chain is the folder.
      const ops: N[] = [];
      let b = e;
      while (b.type === 'BinaryExpression' && b.operator === '+' && ops.length < 16) {
        ops.unshift(b.right);
        b = b.left;
      }
      if (b.type !== 'Identifier' || b.name !== '__dirname') return null;
      const rest = ops.map(part);
      if (rest.some((x) => x === null)) return null;
      const r = rest.join('');
      return r.startsWith('/') ? `.${r}` : null;
    }
    if (e?.type !== 'CallExpression' || !/^path\.(?:join|resolve)$/.test(this.canon(e.callee))) return null;
    const [first, ...rest] = e.arguments;
    if (first?.type !== 'Identifier' || first.name !== '__dirname' || rest.length === 0 || rest.length > 8) return null;
    const parts = rest.map(part);
    if (parts.some((x: string | null) => x === null)) return null;
    return `./${(parts as string[]).join('/').replace(/\\/g, '/').replace(/^\.?\/+/, '')}`;
  }

  /** The archive module and export a callee names: `require('./x')`, `x` bound to it, `x.fn`, `require('./x').fn`. */
  /**
   * A data layer's hook registered with a callback (pkgrecall2, DATA_HOOK): Mongoose `schema.pre|post(event, fn)`
   * with a document or query event, Sequelize `addHook('afterCreate', fn)` / `Model.afterCreate(fn)`, Prisma `$use(fn)`.
   */
  private dataHook(c: N): boolean {
    if (c.callee?.type !== 'MemberExpression' || c.arguments.length === 0) return false;
    const m = propName(c.callee) ?? '';
    const last = c.arguments[c.arguments.length - 1];
    if (!(isFn(last) || last.type === 'Identifier')) return false;
    if (m === '$use') return c.arguments.length === 1;
    if (DATA_HOOK_METHOD.test(m)) return c.arguments.length <= 2;
    const event = c.arguments.length >= 2 ? this.constString(c.arguments[0]) : null;
    if (m === 'pre' || m === 'post') return event !== null && DATA_HOOK_EVENT.test(event);
    if (m === 'addHook') return event !== null && DATA_HOOK_METHOD.test(event);
    if (LISTEN_METHOD.test(m)) return event !== null && QUERY_EVENT.test(event);
    return false;
  }

  private localTarget(callee: N): { spec: string; fn?: string } | null {
    const direct = this.localSpec(callee);
    if (direct !== null) return { spec: direct };
    if (callee.type === 'Identifier') return this.vars.get(this.k(callee))?.local ?? null;
    if (callee.type === 'MemberExpression' && !callee.computed) {
      const o = callee.object;
      const base =
        o.type === 'Identifier'
          ? this.vars.get(this.k(o))?.local
          : this.localSpec(o) !== null
            ? { spec: this.localSpec(o)! }
            : null;
      if (base && base.fn === undefined) return { spec: base.spec, fn: callee.property.name };
    }
    return null;
  }

  /** Does setting `key` to `v` turn an AI assistant's approval prompts off (persistence.ts AGENT_APPROVE)? */
  private turnsOff(key: unknown, v: N | undefined): boolean {
    return typeof key === 'string' && Object.hasOwn(AGENT_APPROVE, key) && v?.type === 'Literal' && v.value === AGENT_APPROVE[key];
  }

  private act(kind: ActFact['kind'], n: N): void {
    const acts = (this.facts.acts ??= []);
    // One of each kind, and one more in the module's own code (outside functions: run on every load).
    const top = !this.fnRanges.some(([s, e]) => s <= n.start && n.end <= e);
    if (acts.length < 20 && !acts.some((a) => a.kind === kind && (a.top === true || !top)))
      acts.push({ kind, index: n.start, length: Math.min(120, n.end - n.start), ...(top ? { top } : {}) });
  }

  /**
   * Functions that walk directories and destroy what they find: each lists a directory, calls itself,
   * and overwrites or deletes; and the calls of one on a file-system root, the home directory or the
   * directories above (`walk('/')`, `walk(os.homedir())`, `walk('../')`).
   */
  private wipes(): void {
    if (!this.text.includes('readdir')) return;
    // The calls on a root first (few), then the bodies of the functions they call.
    for (const call of this.calls) {
      if (call.type !== 'CallExpression' || !call.arguments[0]) continue;
      // `walk('/')`, or `['./', '../', '/'].forEach(walk)`: the function called on each root of a list.
      let callee: N = call.callee;
      if (
        callee.type === 'MemberExpression' &&
        /^(?:forEach|map)$/.test(propName(callee) ?? '') &&
        call.arguments[0].type === 'Identifier'
      ) {
        const list = this.arrayOf(callee.object);
        if (!list || !list.elements.some((e: N) => e && this.isWipeRoot(e))) continue;
        callee = call.arguments[0];
      } else if (callee.type !== 'Identifier' || !(this.isWipeRoot(call.arguments[0]) || this.isCwd(call.arguments[0])))
        continue;
      if (callee.type !== 'Identifier') continue;
      const key = this.k(callee);
      const fn = this.fnsByName.get(key)?.[0];
      // The working directory (the user's project) counts when every file is deleted or overwritten with fixed
      // bytes: a formatter or codemod walks it too, but writes what it read, transformed.
      const cwd = call.callee.type === 'Identifier' && !this.isWipeRoot(call.arguments[0]);
      if (
        !fn?.body ||
        (call.start >= fn.start && call.end <= fn.end) ||
        !this.destroysRecursively(fn, callee.name, cwd)
      )
        continue;
      applyRules('wipe', 0, call.start, Math.min(120, call.end - call.start), this.facts);
      return;
    }
  }

  /**
   * A repeating timer whose callback starts programs twice or more (directly or through the file's
   * functions) in a file that names both a clipboard reader and a clipboard writer: the clipboard is
   * watched and written back (a clipper), whatever it puts there.
   */
  private clipboardTimers(): void {
    if (!this.clipRead || !this.clipWrite) return;
    for (const call of this.calls) {
      if (
        call.type !== 'CallExpression' ||
        !/^(?:(?:global|globalThis|window)\.)?setInterval$/.test(this.canon(call.callee)) ||
        !isFn(call.arguments[0])
      )
        continue;
      const starts = new Set<string>();
      const seen = new Set<N>();
      const visit = (body: N, depth: number): void => {
        if (!body || seen.has(body) || depth > 2) return;
        seen.add(body);
        const stack: N[] = [body];
        let steps = 0;
        while (stack.length > 0 && steps++ < 3000) {
          const x = stack.pop();
          if (x.type === 'CallExpression') {
            const c = this.canon(x.callee);
            if (SPAWN_FNS.test(lastName(c)) && this.isChildProcess(c) && c.includes('.')) starts.add(`${x.start}`);
            else if (SPAWN_FNS.test(c) && !this.fnsByName.has(this.k(x.callee))) starts.add(`${x.start}`);
            else if (x.callee.type === 'Identifier')
              for (const f of this.fnsByName.get(this.k(x.callee)) ?? []) visit(f.body, depth + 1);
          }
          forEachChild(x, (ch) => stack.push(ch));
        }
      };
      visit(call.arguments[0].body, 0);
      if (starts.size >= 2) {
        applyRules('clipboard_rewrite', 0, call.start, Math.min(120, call.end - call.start), this.facts);
        return;
      }
    }
  }

  /** `(async () => {}).constructor`, `Object.getPrototypeOf(function* () {}).constructor`: a function constructor. */
  private isFnCtor(n: N): boolean {
    if (n?.type !== 'MemberExpression' || propName(n) !== 'constructor') return false;
    const o = n.object;
    if (isFn(o)) return true;
    return (
      o.type === 'CallExpression' &&
      /^(?:Object|Reflect)\.getPrototypeOf$/.test(this.canon(o.callee)) &&
      isFn(o.arguments[0])
    );
  }

  /** A file-system root, the home directory or the directories above, as a literal or `os.homedir()` / `process.env.HOME`. */
  private isWipeRoot(a: N): boolean {
    const s =
      a.type === 'Literal' || a.type === 'TemplateLiteral' || a.type === 'BinaryExpression'
        ? this.constString(a)
        : null;
    if (s !== null) return WIPE_ROOT.test(s);
    if (a.type === 'CallExpression') return /^os\.homedir$/.test(this.canon(a.callee));
    return a.type === 'MemberExpression' && /^process\.env\.(?:HOME|USERPROFILE)$/.test(this.canon(a));
  }

  /** A path expression naming a media file (`path.join(__dirname, 'a.png')`, `new URL('./f.woff2', import.meta.url).pathname`). */
  private namesAsset(a: N): boolean {
    if (ASSET_FILE.test(this.pieces(a).join('/'))) return true;
    const found: string[] = [];
    this.strings(a, found);
    return found.some((x) => ASSET_FILE.test(x));
  }

  /** An array literal, directly or through a constant. */
  /** The path expression a `.map(cb)` of a list returns for each item (the callback's returned expression), through one constant. */
  private mappedPath(n: N): N | null {
    let e = n;
    if (e?.type === 'Identifier') {
      const x = this.vars.get(this.k(e));
      e = x?.inits?.length === 1 ? x.inits[0] : null;
    }
    if (e?.type !== 'CallExpression' || e.callee.type !== 'MemberExpression' || propName(e.callee) !== 'map') return null;
    const cb = e.arguments[0];
    if (!cb || !isFn(cb)) return null;
    if (cb.body.type !== 'BlockStatement') return cb.body;
    const ret = cb.body.body.find((st: N) => st.type === 'ReturnStatement');
    return ret?.argument ?? null;
  }

  private arrayOf(n: N): N | null {
    if (n?.type === 'ArrayExpression') return n;
    if (n?.type === 'Identifier') {
      const x = this.vars.get(this.k(n));
      if (x?.inits?.length === 1 && x.inits[0].type === 'ArrayExpression') return x.inits[0];
    }
    return null;
  }

  /**
   * The working directory itself (`process.cwd()`, `$INIT_CWD`), directly or through a constant: a
   * whole delete of it (`rm -rf ` + cwd) removes the user's project.
   */
  private isCwd(a: N, depth = 0): boolean {
    if (a?.type === 'CallExpression') return /^process\.cwd$/.test(this.canon(a.callee));
    if (a?.type === 'LogicalExpression' && depth < 2)
      return this.isCwd(a.left, depth + 1) && this.isCwd(a.right, depth + 1);
    if (a?.type === 'MemberExpression') return /^process\.env\.INIT_CWD$/.test(this.canon(a));
    if (a?.type === 'Identifier' && depth < 2) {
      const x = this.vars.get(this.k(a));
      return x?.inits?.length === 1 && this.isCwd(x.inits[0], depth + 1);
    }
    return false;
  }

  /**
   * `path.join(os.homedir(), d)` where `d` runs over a written list of two or more folder names that
   * are not dot-folders (`Documents`, `Desktop`, `projects`): the user's own folders, not a tool's cache.
   */
  private homeFolders(a: N): boolean {
    if (
      a?.type !== 'CallExpression' ||
      !/^path\.(?:join|resolve)$/.test(this.canon(a.callee)) ||
      a.arguments.length !== 2
    )
      return false;
    const [h, d] = a.arguments;
    if (!this.isWipeRoot(h) || d?.type !== 'Identifier') return false;
    // The innermost `for … of` over this name that holds the call (block-scoped loops share a name).
    const loop = (this.loopOf.get(this.k(d)) ?? [])
      .filter((l) => l.start <= a.start && a.end <= l.end)
      .sort((x, y) => y.start - x.start)[0];
    const list = this.arrayOf(loop?.right);
    const names = (list?.elements ?? []).map((e: N) => (e ? this.constString(e) : null));
    return names.length >= 2 && names.every((x: string | null) => x !== null && /^[A-Za-z0-9][\w -]*$/.test(x));
  }

  /** A constant string, or a variable bound once to one or to `Buffer.from(constant)`: bytes that do not depend on the file. */
  private fixedBytes(a: N, depth = 0): boolean {
    if (!a || depth > 2) return false;
    if (this.constString(a) !== null) return true;
    if (a.type === 'CallExpression' && /^(?:buffer\.)?Buffer\.(?:from|alloc)$/.test(this.canon(a.callee)))
      return a.arguments.length > 0 && (a.arguments[0].type === 'Literal' || this.constString(a.arguments[0]) !== null);
    if (a.type === 'Identifier') {
      const x = this.vars.get(this.k(a));
      return x?.inits?.length === 1 && this.fixedBytes(x.inits[0], depth + 1);
    }
    return false;
  }

  /** `{ recursive: true }`. */
  private recursiveOpt(o: N): boolean {
    return (
      o?.type === 'ObjectExpression' &&
      o.properties.some(
        (p: N) =>
          p.type === 'Property' &&
          (p.key?.name ?? p.key?.value) === 'recursive' &&
          p.value.type === 'Literal' &&
          p.value.value === true,
      )
    );
  }

  /** Does the function list a directory, call itself, and overwrite or delete files? */
  private destroysRecursively(fn: N, name: string, fixedBytes = false): boolean {
    let lists = false;
    let recurses = false;
    let destroys = false;
    const stack: N[] = [fn.body];
    let steps = 0;
    while (stack.length > 0 && steps++ < 5000) {
      const x = stack.pop();
      if (x.type === 'CallExpression') {
        const c = this.canon(x.callee);
        const last = lastName(c);
        if (/^(?:readdir|readdirSync)$/.test(last)) lists = true;
        if (x.callee.type === 'Identifier' && x.callee.name === name) recurses = true;
        if (
          FS_DESTROY_FNS.test(last) &&
          /^(?:fs|node:fs|fs-extra|graceful-fs|fs\/promises|fs\.promises)\b/.test(c) &&
          (!fixedBytes ||
            !/^(?:writeFile|writeFileSync|outputFile|outputFileSync)$/.test(last) ||
            this.fixedBytes(x.arguments[1]))
        )
          destroys = true;
      }
      forEachChild(x, (c) => stack.push(c));
    }
    return lists && recurses && destroys;
  }

  /** Where a destination with no literal host comes from (SendFact.destFrom). */
  private destFrom(l: number): SendFact['destFrom'] {
    return l & LABEL.DECODED ? 'encoded' : l & LABEL.INPUT ? 'input' : 'unknown';
  }

  /** Constant strings inside the arguments (what a spawn runs, what a require loads). */
  private strings(n: N, out: string[], depth = 0): void {
    if (!n || depth > 12 || out.length >= MAX_DESTS || isFn(n)) return;
    const s = this.constString(n);
    if (s !== null) {
      out.push(s);
      return;
    }
    if (n.type === 'Identifier') {
      const x = this.vars.get(this.k(n));
      if (x?.str) out.push(x.str);
      else for (const i of x?.inits ?? []) this.strings(i, out, depth + 3);
      return;
    }
    // The fixed text of a template with computed parts (`\`nslookup ${name}\``): the command word is in it.
    if (n.type === 'TemplateElement') {
      if (n.value?.cooked) out.push(n.value.cooked);
      return;
    }
    forEachChild(n, (c) => this.strings(c, out, depth + 1));
  }

  // ---- pass 2: sinks -----------------------------------------------------------------------------

  private sink(n: N): void {
    const c = this.canon(n.callee);
    const last = lastName(c);
    const args: N[] = n.arguments;
    const at = (kind: Parameters<typeof applyRules>[0], l: number) =>
      applyRules(kind, l, n.start, Math.min(120, n.end - n.start), this.facts);

    // A native addon loaded (`process.dlopen(module, file)`): code loaded from the file, like `require(file)`
    // (a file written with fetched bytes, then loaded, is download-and-execute: run_download below).
    if (/^process\.dlopen$/.test(c) && args[1]?.type === 'Identifier') this.loadsOfVar.push([n, this.k(args[1])]);
    // A fetched stream piped into a file's write stream writes the file with fetched bytes
    // (`res.pipe(fs.createWriteStream(file))`, `pipeline(res.body, out)` with `out = createWriteStream(file)`).
    if (/^(?:pipe|pipeline)$/.test(last)) {
      const src = last === 'pipe' && n.callee.type === 'MemberExpression' ? [n.callee.object] : args.slice(0, 1);
      if (this.argLabels(src).l & LABEL.FETCHED) {
        for (const d of last === 'pipe' ? args.slice(0, 1) : args.slice(1)) {
          if (
            d?.type === 'CallExpression' &&
            lastName(this.canon(d.callee)) === 'createWriteStream' &&
            d.arguments[0]?.type === 'Identifier'
          )
            this.fetchedWrites.add(this.k(d.arguments[0]));
          else if (d?.type === 'Identifier' && this.streamFile.has(this.k(d)))
            this.fetchedWrites.add(this.streamFile.get(this.k(d))!);
        }
      }
    }

    // require(path.join(__dirname, 'x')) / require(__dirname + '/x'): a relative load the regular scan misses.
    if (c === 'require' && args[0] && this.constString(args[0]) === null) {
      const rel = this.dirnameJoin(args[0]);
      if (rel) this.facts.requires.push(rel);
      if (args[0].type === 'Identifier') this.loadsOfVar.push([n, this.k(args[0])]);
    }

    // `probe().then(report.send)`: what the promise resolves to is handed to another module's function.
    if (
      n.type === 'CallExpression' &&
      n.callee.type === 'MemberExpression' &&
      propName(n.callee) === 'then' &&
      args[0] &&
      !isFn(args[0])
    ) {
      const target = this.localTarget(args[0]);
      const l = this.argLabels([n.callee.object]).l & MODULE_HANDOFF;
      if (target && l !== 0 && (this.facts.handoffs ??= []).length < 20)
        this.facts.handoffs.push({ ...target, args: [l] });
    }
    // Credentials or the environment emitted on an event emitter (`bus.emit('init', { key })`): handed to whatever
    // module listens for that event (followed there by the collector). A connection's emit is a send (above).
    if (
      n.type === 'CallExpression' &&
      last === 'emit' &&
      args.length > 1 &&
      n.callee.type === 'MemberExpression' &&
      !(n.callee.object.type === 'Identifier' && this.vars.get(this.k(n.callee.object))?.conn)
    ) {
      const event = this.constString(args[0]);
      const carried = args.slice(1).map((a) => (isFn(a) ? acc0() : this.argLabels([a])));
      const labels = carried.map((a) => a.l & HANDOFF);
      if (event !== null && event.length <= 80 && labels.some((l) => l !== 0) && (this.facts.handoffs ??= []).length < 20) {
        const secrets = [...new Set(carried.flatMap((a) => [...a.t]))].slice(0, MAX_DESTS);
        this.facts.handoffs.push({ spec: `#event:${event}`, args: labels, ...(secrets.length > 0 ? { secrets } : {}) });
      }
    }
    // Data handed to a function of another module of the archive (followed there by the collector).
    if (n.type === 'CallExpression' && args.length > 0) {
      const target = this.localTarget(n.callee);
      if (target) {
        const carried = args.map((a: N) => (isFn(a) ? acc0() : this.argLabels([a])));
        const labels = carried.map((a: Acc) => a.l & MODULE_HANDOFF);
        // A wallet's seed or a private key keeps its kind across the call (pkgnpm11); token names stay behind, as before.
        const kinds = ['key', 'file'].filter((k) => carried.some((a: Acc) => a.t.has(k)));
        const keys = kinds.length > 0 ? { secrets: kinds } : {};
        // A path the call names (pkg24): the helper's write is read with it, as if written here. (Path-only hand-offs
        // leave room for the ones that carry data.)
        const strs = args.slice(0, 6).map((a: N) => (isFn(a) || a.type === 'SpreadElement' ? null : this.pathText(a)));
        const paths = strs.some((x) => x !== null) ? { strs, ...(this.fnRanges.some(([b, e]) => b <= n.start && n.end <= e) ? {} : { top: true }) } : {};
        const list = (this.facts.handoffs ??= []);
        if (labels.some((l) => l !== 0) ? list.length < 20 : strs.some((x) => x !== null) && list.length < 10)
          list.push({ ...target, args: labels, ...keys, ...paths });
      }
    }

    // An Electron application's packed code unpacked and packed back in place (`asar.extractAll(archive, tmp)` …
    // `asar.createPackage(tmp, archive)`): that application runs what was added at its next start. (Packing one's
    // own folder into a new archive is a build step.)
    if (
      /^createPackage(?:WithOptions|FromFiles)?$/.test(last) &&
      /(?:^|[./])asar\b/.test(c) &&
      args[1]?.type === 'Identifier' &&
      this.calls.some(
        (x) =>
          x !== n &&
          lastName(this.canon(x.callee)) === 'extractAll' &&
          x.arguments[0]?.type === 'Identifier' &&
          this.k(x.arguments[0]) === this.k(args[1]),
      )
    )
      this.act('persistence', n);

    // DNS queries.
    if (DNS_METHODS.test(last) && (/^dns\b/.test(c) || /(?:^|\.)(?:dns|dnsPromises|resolver|Resolver)\./i.test(c))) {
      const q = this.argLabels(args.slice(0, 1));
      at('dns_query', q.l);
      // A query name built in a helper from its parameter (`const send = (n) => dns.lookup(n + '.x.example')`): what
      // the helper's callers in the file hand it is what the name carries (data labels, for this sink only).
      if (q.l & LABEL.DOMAIN && q.l & LABEL.INPUT && args[0]) at('dns_query', LABEL.DOMAIN | this.callersPass(n, args[0]));
    }

    // Code a build tool inserts into the consumer's program (Babel's `template` / `template.statements.ast`, the Babel
    // parser over a literal): the literal runs in the consumer's app, so it is read as code where it is written, and
    // what it sends counts here (a plugin that prepends a cookie beacon to the entry files; pkg-analysis-2026.12.8).
    if (!this.nested && args[0] && (INSERTED_CODE_API.test(c) || /^@babel\/(?:parser|core|template)\.(?:parse|parseExpression|parseSync|template|statement|statements|expression|smart|program|ast|default)\b/.test(c))) {
      const code = this.constString(args[0]);
      if (code !== null && code.length >= 20 && code.length < 64 * 1024) {
        const inner = jsFlow(code, undefined, undefined, true);
        const at0 = { index: n.start, length: Math.min(120, n.end - n.start) };
        for (const x of inner?.sends ?? []) if (this.facts.sends.length < 200) this.facts.sends.push({ ...x, ...at0 });
        for (const h of inner?.hits ?? []) if (this.facts.hits.length < 200) this.facts.hits.push({ ...h, ...at0 });
      }
    }

    // eval-like sinks.
    const isEval =
      (n.type === 'CallExpression' && (c === 'eval' || /^(?:global|globalThis|window|self)\.eval$/.test(c))) ||
      c === 'Function' ||
      /^(?:(?:global|globalThis|window)\.)?Function(?:\.prototype)?\.constructor$/.test(c) ||
      this.isFnCtor(n.callee) ||
      (n.callee.type === 'Identifier' && this.vars.get(this.k(n.callee))?.fnCtor === true) ||
      /^(?:global|globalThis|window|self)\.Function$/.test(c) ||
      /^vm\.(?:runInThisContext|runInNewContext|runInContext|compileFunction|Script)$/.test(c) ||
      (last === '_compile' && n.callee.type === 'MemberExpression' && this.isModuleObject(n.callee.object));
    if (isEval) at('code_eval', this.argLabels(args).l);
    // `globalThis[name]('require', src)(require)`: a global looked up by a name the file computes at run time (from other
    // modules' fragments, a decoded table), whose result is called at once — the Function constructor under a name the
    // reader cannot spell. Its arguments are the function's source. (Not `new self[type](buffer)`: typed arrays and
    // other constructors are picked by name over fetched bytes in honest loaders.)
    else if (n.type === 'CallExpression' && n.callee.type === 'CallExpression' && this.hiddenGlobal(n.callee.callee))
      at('code_eval', this.argLabels(n.callee.arguments).l);
    // `new Worker(code, { eval: true })` runs its first argument as a script (worker_threads).
    else if (
      n.type === 'NewExpression' &&
      last === 'Worker' &&
      args[1]?.type === 'ObjectExpression' &&
      args[1].properties.some(
        (p: N) =>
          p.type === 'Property' &&
          propName({ property: p.key, computed: p.computed } as N) === 'eval' &&
          p.value?.type === 'Literal' &&
          p.value.value === true,
      )
    )
      at('code_eval', this.argLabels(args.slice(0, 1)).l);
    // `Reflect.apply(Function, null, [code])`, `eval.call(null, code)`, `Function.apply(null, [code])`: the same evaluation.
    else if (
      args.length > 0 &&
      ((c === 'Reflect.apply' && args[0] && this.evalTarget(args[0])) ||
        (n.callee.type === 'MemberExpression' &&
          /^(?:call|apply)$/.test(propName(n.callee) ?? '') &&
          this.evalTarget(n.callee.object)))
    ) {
      at('code_eval', this.argLabels(c === 'Reflect.apply' ? args.slice(2) : args.slice(1)).l);
    }

    // `fetch(u).then((r) => r.text()).then(eval)`: the evaluator handed over as the promise's continuation runs
    // what the promise settles with (also `.then(Function)`, `.then(vm.runInThisContext)`).
    if (
      last === 'then' &&
      n.callee.type === 'MemberExpression' &&
      args[0] &&
      (this.evalTarget(args[0]) || /^vm\.(?:runInThisContext|runInNewContext|compileFunction)$/.test(this.canon(args[0])))
    )
      at('code_eval', this.argLabels([n.callee.object]).l);
    for (const [mod, fn] of DESERIALIZERS)
      if (c.startsWith(`${mod}.`) && fn.test(last)) at('deserialize', this.argLabels(args.slice(0, 1)).l);
    // js-yaml's `load` with its full schema (`!!js/function` values are built as functions; js-yaml 3's
    // DEFAULT_FULL_SCHEMA, the js-yaml-js-types schema): an unsafe deserialiser (pkgnpm11).
    if (/^(?:load|loadAll)$/.test(last) && /^(?:js-yaml|yaml)\./.test(c) && args.slice(1, 3).some((a: N) => a && UNSAFE_YAML_SCHEMA.test(this.text.slice(a.start, a.end))))
      at('deserialize', this.argLabels(args.slice(0, 1)).l);

    // A recursive delete of a file-system root, the home directory or the directories above, in one call
    // (`fs.rmSync(os.homedir(), { recursive: true })`, fs-extra's remove, rimraf).
    if (
      args[0] &&
      ((/^(?:rm|rmSync|rmdir|rmdirSync)$/.test(last) &&
        /^(?:fs|fs-extra|graceful-fs|fs\.promises)\b/.test(c) &&
        this.recursiveOpt(args[1])) ||
        /^(?:fs-extra\.(?:remove|removeSync|emptyDir|emptyDirSync)|rimraf(?:\.(?:sync|rimraf|rimrafSync))?|del(?:\.sync)?|del\.deleteAsync|del\.deleteSync)$/.test(
          c,
        )) &&
      (this.isWipeRoot(args[0]) || this.isCwd(args[0]) || this.homeFolders(args[0]))
    ) {
      applyRules('wipe', 0, n.start, Math.min(120, n.end - n.start), this.facts);
    }
    if (FS_WRITE_FNS.test(last) && /^(?:fs|node:fs|fs-extra|graceful-fs|fs\/promises|fs\.promises)\b/.test(c)) {
      const target = this.argLabels(args.slice(0, 1)).l;
      at('file_write', target);
      this.writes = true;
      // A script written with fixed code or downloaded bytes (remembered by its path's source text).
      if (
        args[0] &&
        args[1] &&
        !/^(?:copyFile|copyFileSync|rename|renameSync|cp|cpSync)$/.test(last) &&
        RUNNABLE_FILE.test(this.pieces(args[0]).join('')) &&
        (this.constString(args[1]) !== null || (this.argLabels([args[1]]).l & LABEL.FETCHED) !== 0)
      ) {
        this.writtenPaths.add(this.text.slice(args[0].start, args[0].end));
      }
      // A hard-coded SSH public key added to authorized_keys: a login for whoever holds its private key.
      if (args[1] && /authorized_keys2?$/.test(this.pieces(args[0]).join('/'))) {
        const data: string[] = [];
        this.strings(args[1], data);
        if (data.some((d) => SSH_PUBKEY.test(d)))
          applyRules('ssh_key_write', 0, n.start, Math.min(120, n.end - n.start), this.facts);
      }
      const data = /^(?:copyFile|copyFileSync|rename|renameSync|cp|cpSync)$/.test(last)
        ? 0
        : this.argLabels(args.slice(1, 2)).l;
      if (data & LABEL.FETCHED && args[0]?.type === 'Identifier') this.fetchedWrites.add(this.k(args[0]));
      // A native library written from bytes decoded at run time (base64 / hex in the source).
      if (data & LABEL.UNPACKED && args[0]?.type === 'Identifier') this.unpackedWrites.add(this.k(args[0]));
      // Registry, TLS or token settings written into the user's npm / yarn configuration.
      // (a registry with a host written in, or TLS off / scripts on / a token).
      if (target & LABEL.NPM_TOKEN && ((data & LABEL.RC_SETTING && data & LABEL.DOMAIN) || data & LABEL.RC_WEAK))
        this.act('rc_tamper', n);
      if (data & LABEL.PRELOAD) this.act('preload_env', n);
      if (/^(?:copyFile|copyFileSync|cp|cpSync)$/.test(last) && args[0] && args[1]) {
        const rel = this.dirnameJoin(args[0]);
        if (rel && (this.facts.plants ??= []).length < 20) this.facts.plants.push(rel);
      }
      const written = /^(?:copyFile|copyFileSync|rename|renameSync|cp|cpSync)$/.test(last) ? args[1] : args[0];
      const dest = written ? this.pieces(written) : [];
      // Another desktop application's code replaced or edited where it is installed for the user (an Electron app's
      // `resources/app.asar` under %LOCALAPPDATA%, ~/Library/Application Support, Programs): it runs what was written
      // at its next start (persistence.ts OTHER_APP_CODE). A build writing its own output's app.asar names no such root.
      if (written && OTHER_APP_CODE.test(this.pieces(written, [], 0, true).join('/').replace(/\\/g, '/'))) this.act('persistence', n);
      if (
        dest.some((p) => /(?:^|[\\/])\.github[\\/]workflows\b/.test(p)) ||
        /(?:^|[\\/])\.github[\\/]+workflows(?:[\\/]|$)/.test(dest.join('/'))
      )
        this.act('ci_workflow', n);
      if (PERSIST_PATH.test(dest.join('/'))) this.act('persistence', n);
      // ssh's configuration written with a directive that runs a command on every connection; an installed
      // application's own code (an editor's `Resources/app/out/main.js`) rewritten: both run what was written, later.
      if (SSH_CONFIG_PATH.test(dest.join('/')) && args[1]) {
        const body: string[] = [];
        this.strings(args[1], body);
        if (body.some((b) => SSH_CONFIG_RUNS.test(b))) this.act('persistence', n);
      }
      if (APP_CODE_PATH.test(dest.join('/'))) this.act('persistence', n);
      // Another installed package's code rewritten (`node_modules/ethers/lib/wallet.js`): every program of the project that
      // loads that package runs what was written (pkg-analysis-2026.12.7). Caches and `.bin` links are not code of a package.
      if (/^(?:writeFile|writeFileSync|appendFile|appendFileSync|outputFile|outputFileSync|copyFile|copyFileSync|cp|cpSync)$/.test(last) && this.otherPackageCode(dest)) this.act('persistence', n);
      // A project's lockfile rewritten (its `resolved` URLs or integrity): the next `npm ci` fetches what the writer chose.
      // npm writes lockfiles itself; no package's code needs to (pkg-analysis-2026.12.7).
      if (/(?:^|[\\/])(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?)$/.test(dest.join('/')) && !/^(?:rename|renameSync)$/.test(last))
        this.act('rc_tamper', n);
      // The hosts file given a name mapped to a routable address: every program's connections to it redirected (persistence.ts).
      // (Either branch of a platform test: `win32 ? 'C:\\…\\etc\\hosts' : '/etc/hosts'`.)
      if (written && args[1] && this.branches(written).some((b) => HOSTS_FILE_PATH.test(this.pieces(b).join('/').replace(/\\+/g, '/')))) {
        const body: string[] = [];
        this.strings(args[1], body);
        if (body.some((b) => b.length < 100_000 && HOSTS_REDIRECT.test(b))) this.act('endpoint_redirect', n);
      }
      // A shell start-up file given a line that fetches code and runs it, or a hidden background download (persistence.ts).
      if (SHELL_RC_PATH.test(dest.join('/')) && args[1]) {
        const body: string[] = [];
        this.strings(args[1], body);
        if (body.some((b) => b.length < 100_000 && SHELL_RC_RUNS.test(b))) this.act('persistence', n);
      }
      // An AI assistant's instruction file (AGENTS.md, Cursor rules) written with orders to send data or hide it.
      if (AGENT_INSTRUCTIONS.test(dest.join('/')) && args[1]) {
        const body: string[] = [];
        this.strings(args[1], body);
        if (body.some((b) => b.length < 100_000 && AGENT_INSTRUCTION_ABUSE.test(b))) this.act('persistence', n);
      }
      // An editor task that runs when the project is opened and fetches something (workspace-autorun.ts).
      if (args[1] && EDITOR_TASK_FILE.test(dest.join('/'))) {
        const body: string[] = [];
        // (A task list nests deeper than the other written bodies: `{ tasks: { tasks: [{ runOptions: { runOn } }] } }`.)
        this.strings(args[1], body, -12);
        if (writesAutorunTask(dest.join('/'), body)) this.act('persistence', n);
      }
      // A git hook (`.git/hooks/pre-push`, a `.husky/` hook) written with content that reaches the network: git runs
      // it at every push or commit of the project it lands in. (A hook that runs the project's own tools is what hook managers write.)
      if (GIT_HOOK_PATH.test(dest.join('/').replace(/\\/g, '/')) && args[1]) {
        const body: string[] = [];
        this.strings(args[1], body);
        if (body.some((b) => HOOK_FETCHES.test(b))) this.act('persistence', n);
      }
    }

    // Fetched data saved (a download kept on disk, not only looked at): written, piped, written chunk by
    // chunk or handed to an extractor or saver. Erring towards saving: any pipe of fetched data counts.
    if (!this.facts.savesFetched && n.type === 'CallExpression') {
      const recv = n.callee.type === 'MemberExpression' ? this.argLabels([n.callee.object]).l : 0;
      const argl = args.length > 0 ? this.argLabels(args.filter((a: N) => !isFn(a))).l : 0;
      if (
        (FS_WRITE_FNS.test(last) && argl & LABEL.FETCHED) ||
        (/^(?:pipe|pipeTo|pipeThrough)$/.test(last) && recv & LABEL.FETCHED) ||
        (/^(?:pipeline|write|end|extract\w*|unzip\w*|untar\w*|decompress\w*|save\w*|outputFile\w*|extractAllTo\w*|extractEntryTo)$/i.test(
          last,
        ) &&
          (argl | recv) & LABEL.FETCHED)
      ) {
        this.facts.savesFetched = true;
      }
    }

    // Another process's memory or environment read through /proc (`/proc/` + pid + `/mem`): secrets scraped from a running program.
    if (
      args[0] &&
      /^(?:open|openSync|readFile|readFileSync|createReadStream)$/.test(last) &&
      /^(?:fs|node:fs|fs-extra|graceful-fs|fs\/promises|fs\.promises)\b/.test(c) &&
      args[0].type !== 'Literal' &&
      PROC_MEMORY.test(this.pieces(args[0]).join(''))
    )
      this.act('proc_memory', n);

    // Process spawns: payloads run, shell commands fed with fetched data, DNS tools.
    if (SPAWN_FNS.test(last) && this.isChildProcess(c) && args.length > 0) {
      this.startsProcesses = true;
      // A command or inline program that reads another process's memory or environment through /proc
      // (`cat /proc/$(pgrep X)/environ`, `python3 -c "…open('/proc/'+pid+'/mem')…"`): the same act as a read from here.
      const said: string[] = [];
      for (const a of args.slice(0, 3)) this.strings(a, said);
      if (said.some((t) => t.length < 20_000 && PROC_MEMORY_TEXT.test(t))) this.act('proc_memory', n);
      const all = this.argLabels(args);
      at('code_eval', all.l & (LABEL.FETCHED | LABEL.FIXED_SRC));
      at('code_eval', all.l & LABEL.UNPACKED);
      const head = this.pieces(args[0]);
      // The command line: the program's first piece, with the constant arguments of an argument array (`execFile('npm', ['publish'])`).
      // Pieces of a built string are joined with a space where a computed part was (`'cd ' + dir + ' && npm publish'`).
      const argv =
        args[1]?.type === 'ArrayExpression'
          ? args[1].elements
              .slice(0, 8)
              .map((e: N) => (e ? this.pieces(this.encodedScript(e) ?? e).join(' ') || '?' : '?'))
          : [];
      // A shell or cmd wrapper (`sh -c "npm publish"`, `cmd /c rundll32 …`) runs its command.
      const program = [head.join(' '), ...argv]
        .join(' ')
        .replace(
          /^\s*(?:(?:\/bin\/)?(?:ba|z|da)?sh\s+-\w*c|cmd(?:\.exe)?\s+\/[ck]|(?:powershell|pwsh)(?:\.exe)?(?:\s+-\w+)*\s+-(?:c|Command))\s+["']?/i,
          '',
        );
      // A download piped into a shell (`curl … | sh`, `iwr … | iex`): the shell runs what the network sends.
      if (PIPE_TO_SHELL.test(program)) at('code_eval', LABEL.FETCHED | LABEL.FIXED_SRC);
      // PowerShell evaluating a download (`iex`, `[scriptblock]::Create(…)`, also inside an -EncodedCommand built
      // from a literal script) or hidden / encoded (remote-run.ts).
      else if (powershellRemoteRun([head.join(' '), ...argv].join(' '))) at('code_eval', LABEL.FETCHED | LABEL.FIXED_SRC);
      // A folder put first on the user's PATH (`setx PATH "dir;%PATH%"`): checked before the split on `;`. A command
      // built in a template literal is read with its constant parts filled in (`git config … '${helper}'`).
      const filled = this.filledTemplate(args[0]);
      if (PATH_PREPEND.test(program) || (filled !== null && PATH_PREPEND.test(filled))) this.act('persistence', n);
      if (filled !== null && GIT_CONFIG_RUNS.test(filled)) this.act('persistence', n);
      for (const step of program.split(/\s*(?:&&|\|\||;|\|)\s*/).slice(0, 20)) {
        if (GIT_CONFIG_RUNS.test(step)) this.act('persistence', n);
        if (DLL_LOADER.test(step.trim().split(/\s+/)[0] ?? '')) this.act('dll_loader', n);
        if (PUBLISH_CMD.test(step)) this.act('publish', n);
        if (GIT_PUSH_CMD.test(step)) this.act('git_push', n);
        if (PERSIST_CMD.test(step)) this.act('persistence', n);
        if (RC_SET_CMD.test(step)) this.act(/node-options/i.test(step) ? 'preload_env' : 'rc_tamper', n);
      }
      // `exec('rm -rf ' + root)`, `exec('rd /s /q "' + root + '"')`: a shell's recursive delete of a root, the home directory or the working directory.
      if (args[0].type === 'BinaryExpression' && args[0].operator === '+') {
        let l: N = args[0];
        while (l.type === 'BinaryExpression' && l.operator === '+' && l.left.type === 'BinaryExpression') l = l.left;
        const cmdHead = l.type === 'BinaryExpression' ? this.constString(l.left) : null;
        const target = l.type === 'BinaryExpression' ? l.right : null;
        if (
          cmdHead !== null &&
          SHELL_RM_HEAD.test(cmdHead) &&
          target &&
          (this.isWipeRoot(target) || this.isCwd(target))
        )
          applyRules('wipe', 0, n.start, Math.min(120, n.end - n.start), this.facts);
      } else if (args[0].type === 'TemplateLiteral' && args[0].expressions.length > 0) {
        const e = args[0].expressions[0];
        if (SHELL_RM_HEAD.test(args[0].quasis[0].value.cooked ?? '') && (this.isWipeRoot(e) || this.isCwd(e)))
          applyRules('wipe', 0, n.start, Math.min(120, n.end - n.start), this.facts);
      }
      if (args[0].type === 'Identifier') {
        const o = args.find((a) => a.type === 'ObjectExpression');
        const det = (o?.properties ?? []).some(
          (p: N) =>
            p.type === 'Property' &&
            (p.key?.name ?? p.key?.value) === 'detached' &&
            p.value.type === 'Literal' &&
            p.value.value === true,
        );
        this.spawnsOfVar.push([n, this.k(args[0]), det]);
      }
      // A download tool handed data (`curl -d …`): a network send like a request from the code.
      // `node -e "fetch(process.argv[1])" url`: a child Node process that makes the request.
      const nodeSend =
        /^\s*(?:node|\S*[\\/]node(?:\.exe)?)?\s*$/.test(head.join(' ')) &&
        (head.join(' ').trim() !== '' ||
          (args[0].type === 'MemberExpression' && this.canon(args[0]) === 'process.execPath')) &&
        argv.some(
          (a: string, i: number) =>
            i > 0 &&
            /^(?:-e|--eval|-p|--print)$/.test(argv[i - 1] ?? '') &&
            /\bfetch\s*\(|\bhttps?\.(?:get|request)\s*\(/.test(a),
        );
      // A credential store a curl / wget upload option names (`-F f=@~/.ssh/id_rsa`, `-T …/.aws/credentials`): its content is sent.
      if (SHELL_SEND.test(program) && this.uploadsCredential(args)) {
        const dests: string[] = [];
        for (const p of [...head, ...argv])
          for (const m of p.matchAll(/\bhttps?:\/\/[^\s'"`<>|]+/gi)) if (dests.length < MAX_DESTS) dests.push(m[0]);
        this.facts.sends.push({
          labels: LABEL.SECRET,
          dests,
          secrets: ['file'],
          destFrom: 'unknown',
          index: n.start,
          length: Math.min(120, n.end - n.start),
        });
      }
      if (
        (SHELL_SEND.test(program) || nodeSend) &&
        (all.l & (LABEL.FINGERPRINT | LABEL.SECRET | LABEL.ENV | LABEL.WALLET)) !== 0
      ) {
        const dests = [...all.d];
        for (const p of head)
          for (const m of p.matchAll(/\bhttps?:\/\/[^\s'"`<>|]+/gi)) if (dests.length < MAX_DESTS) dests.push(m[0]);
        this.facts.sends.push({
          labels: all.l & ~(LABEL.FETCHED | LABEL.FIXED_SRC),
          dests,
          secrets: [...all.t],
          destFrom: 'unknown',
          index: n.start,
          length: Math.min(120, n.end - n.start),
        });
      }
      const cmd = this.constString(args[0]);
      const first = this.argLabels(args.slice(0, 2)).l;
      const targets: string[] = [];
      for (const a of args) this.strings(a, targets);
      // `nslookup` / `dig` / `host` as the command, the name among the arguments, counts like the shell form.
      if (
        cmd !== null
          ? SHELL_DNS.test(cmd) || /^(?:nslookup|dig|host)$/i.test(cmd.trim())
          : targets.some((t) => SHELL_DNS.test(t) || /^(?:nslookup|dig)$/.test(t))
      )
        at('dns_query', first | all.l);
      const opts = args.find((a) => a.type === 'ObjectExpression');
      const detached =
        (opts?.properties ?? []).some(
          (p: N) =>
            p.type === 'Property' &&
            /^(?:detached|windowsHide)$/.test(p.key?.name ?? p.key?.value ?? '') &&
            p.value.type === 'Literal' &&
            p.value.value === true,
        ) || targets.some((t) => DETACH_CMD.test(t));
      const node =
        last === 'fork' ||
        (args[0].type === 'MemberExpression' && this.canon(args[0]) === 'process.execPath') ||
        cmd === 'node' ||
        /^node\s/.test(cmd ?? '');
      // An AI coding agent started with its permission checks off and detached from the terminal: it runs
      // unattended and unseen, whatever the file's role (a user-facing wrapper runs it in the foreground).
      // (Detached: `detached: true`, an unref'd child or a backgrounding command; a hidden window alone is not.)
      const background =
        this.unrefCalls.has(n) ||
        targets.some((t) => DETACH_CMD.test(t)) ||
        (opts?.properties ?? []).some(
          (p: N) =>
            p.type === 'Property' &&
            (p.key?.name ?? p.key?.value) === 'detached' &&
            p.value.type === 'Literal' &&
            p.value.value === true,
        );
      if (background && targets.some((t) => t.split(/\s+/).some((w) => AGENT_UNSAFE_FLAGS.test(w))))
        at('agent_spawn', 0);
      // A script this file wrote (same path expression), started detached: a dropped payload.
      if ((background || detached) && this.writtenPaths.size > 0) {
        const parts: N[] = [args[0], ...(args[1]?.type === 'ArrayExpression' ? args[1].elements : [])];
        if (parts.some((e: N) => e && this.writtenPaths.has(this.text.slice(e.start, e.end)))) at('run_written', 0);
      }
      const relevant = targets.filter(
        (t) =>
          EXECUTABLE_LITERAL.test(t.trim().split(/\s+/)[0] ?? '') ||
          /[\\/]/.test(t) ||
          /\.(?:exe|js|cjs|mjs|sh|bat|cmd|ps1|vbs|dll|py|pyw|rb|pl)\b/i.test(t),
      );
      if (relevant.length > 0 || detached) {
        const fact: SpawnFact = {
          targets: relevant.slice(0, MAX_DESTS),
          detached: detached || this.unrefCalls.has(n),
          node,
          index: n.start,
          length: Math.min(120, n.end - n.start),
        };
        this.facts.spawns.push(fact);
        this.spawnFacts.push([fact, this.spawnVar.get(n)]);
      }
    }

    // Network sends: the data and destinations that reach the call (request objects: write / end).
    let send: SendFact | null = null;
    if (this.isNetCall(n, c)) {
      const a = this.argLabels(args);
      const dest = args[0] && !isFn(args[0]) ? this.argLabels(args.slice(0, 1)).l : 0;
      send = {
        labels: a.l & ~(LABEL.FETCHED | LABEL.FIXED_SRC),
        dests: [...a.d],
        secrets: [...a.t],
        destFrom: this.destFrom(dest),
        index: n.start,
        length: Math.min(120, n.end - n.start),
      };
    } else if (
      (last === 'write' || last === 'end' || last === 'send' || last === 'emit' || last === 'sendMail') &&
      n.callee.type === 'MemberExpression' &&
      n.callee.object.type === 'Identifier'
    ) {
      const x = this.vars.get(this.k(n.callee.object));
      // A request being written, or a connection to a remote host (a WebSocket's send, a socket.io emit).
      if ((x?.req && last !== 'emit') || (x?.conn && last !== 'end')) {
        const a = this.argLabels(args);
        const t = new Set([...(x.t ?? []), ...a.t]);
        send = {
          labels: (a.l | x.l) & ~(LABEL.FETCHED | LABEL.FIXED_SRC),
          dests: [...new Set([...x.d, ...a.d])].slice(0, MAX_DESTS),
          secrets: [...t],
          destFrom: this.destFrom(x.l),
          index: n.start,
          length: Math.min(120, n.end - n.start),
        };
      }
    } else if (
      (last === 'write' || last === 'end') &&
      n.callee.type === 'MemberExpression' &&
      n.callee.object.type === 'CallExpression'
    ) {
      // A request written to in one chain: `https.request({ host }).on('error', f).end(data)`.
      let o = n.callee.object;
      for (
        let i = 0;
        i < 6 &&
        o.type === 'CallExpression' &&
        o.callee.type === 'MemberExpression' &&
        /^(?:on|once|setTimeout|setHeader|setNoDelay)$/.test(o.callee.property?.name ?? '');
        i++
      )
        o = o.callee.object;
      if (o.type === 'CallExpression' && this.isNetCall(o, this.canon(o.callee))) {
        const a = this.argLabels(args);
        const x = this.argLabels(o.arguments.filter((e: N) => !isFn(e)));
        send = {
          labels: (a.l | x.l) & ~(LABEL.FETCHED | LABEL.FIXED_SRC),
          dests: [...new Set([...x.d, ...a.d])].slice(0, MAX_DESTS),
          secrets: [...new Set([...x.t, ...a.t])],
          destFrom: this.destFrom(x.l),
          index: n.start,
          length: Math.min(120, n.end - n.start),
        };
      }
    }
    // An issue tracker's client library filing an issue, a comment, a gist or a file (TRACKER_SDK_CALLS): a send to that
    // tracker's API, whose URL is the library's own.
    if (!send && n.callee.type === 'MemberExpression') {
      const sdk = TRACKER_SDK_CALLS.find((t) => t.call.test(c) && this.loadedModules().some((m) => t.module.test(m)));
      if (sdk) {
        const a = this.argLabels(args);
        send = {
          labels: a.l & ~(LABEL.FETCHED | LABEL.FIXED_SRC),
          dests: [sdk.dest],
          secrets: [...a.t],
          index: n.start,
          length: Math.min(120, n.end - n.start),
        };
      }
    }
    if (send && (send.labels & (LABEL.FINGERPRINT | LABEL.SECRET | LABEL.ENV | LABEL.WALLET | LABEL.AUTH_HEADER | LABEL.USER_DATA)) !== 0)
      this.facts.sends.push(send);
    // Cloud instance credentials sent to a fixed host that is not the metadata service (URL, host or IP written in).
    if (send && send.labels & LABEL.CLOUD_CRED) {
      const where: N[] = [...args.filter((a) => !isFn(a))];
      if (n.callee.type === 'MemberExpression' && n.callee.object.type === 'Identifier')
        where.push(...(this.vars.get(this.k(n.callee.object))?.inits ?? []));
      else if (n.callee.type === 'MemberExpression' && n.callee.object.type === 'CallExpression')
        where.push(...n.callee.object.arguments);
      if (this.foreignHost(where)) at('cloud_cred_send', LABEL.CLOUD_CRED);
    }
  }

  /** Does a fixed URL, host name or IP address that is not a metadata service or local address appear among these expressions? */
  private foreignHost(nodes: N[]): boolean {
    const found: string[] = [];
    for (const e of nodes) this.strings(e, found);
    return found.some((x) => {
      const m = /^(?:https?|wss?):\/\/([^/:?#]+)/i.exec(x);
      const host = m
        ? m[1]!
        : /^\d{1,3}(?:\.\d{1,3}){3}$/.test(x) || (isDomainLiteral(x) && !x.startsWith('.'))
          ? x
          : null;
      // A cloud vendor's own API (the token's use: `Authorization: Bearer` to googleapis.com) is not a foreign host.
      return (
        host !== null &&
        !METADATA_OR_LOCAL.test(host) &&
        !SECRET_VENDORS.some((v) => v.hosts.some((h) => host === h || host.endsWith(`.${h}`)))
      );
    });
  }

  /** The whole of a page's session stores: every cookie, every stored item (a secret whose kind is `session`). */
  private session(acc: Acc): void {
    acc.l |= LABEL.SECRET;
    if (acc.t.size < MAX_DESTS) acc.t.add('session');
  }

  /** A member of the global object whose name is computed and not a constant the reader can spell (`globalThis[a.b.join('')]`). */
  private hiddenGlobal(e: N): boolean {
    return (
      e?.type === 'MemberExpression' &&
      e.computed === true &&
      /^(?:global|globalThis|window|self)$/.test(this.canon(e.object)) &&
      this.constString(e.property) === null
    );
  }

  /** `eval`, `Function` or a function constructor, as an expression (the target of `Reflect.apply`, `.call`, `.apply`). */
  private evalTarget(e: N): boolean {
    if (!e) return false;
    const c = this.canon(e);
    return (
      c === 'eval' ||
      c === 'Function' ||
      /^(?:global|globalThis|window|self)\.(?:eval|Function)$/.test(c) ||
      this.isFnCtor(e) ||
      (e.type === 'Identifier' && this.vars.get(this.k(e))?.fnCtor === true)
    );
  }

  private isModuleObject(o: N): boolean {
    if (o.type === 'Identifier') return o.name === 'module' || this.vars.get(this.k(o))?.moduleObj === true;
    if (o.type === 'NewExpression')
      return /(?:^module\.constructor$|^module$|(?:^|\.)Module$)/.test(this.canon(o.callee));
    return false;
  }

  /** `path.join(__dirname, 'lib', 'x')` / `__dirname + '/x'` → `./lib/x`. */
  private dirnameJoin(n: N): string | null {
    if (
      n.type === 'CallExpression' &&
      /^path\.(?:join|resolve)$/.test(this.canon(n.callee)) &&
      n.arguments[0]?.type === 'Identifier' &&
      n.arguments[0].name === '__dirname'
    ) {
      const parts = n.arguments.slice(1).map((a: N) => this.constString(a));
      if (parts.some((p: string | null) => p === null)) return null;
      return `./${parts.join('/')}`.replace(/\/+/g, '/');
    }
    if (
      n.type === 'BinaryExpression' &&
      n.operator === '+' &&
      n.left.type === 'Identifier' &&
      n.left.name === '__dirname'
    ) {
      const s = this.constString(n.right);
      return s === null ? null : `.${s.startsWith('/') ? '' : '/'}${s}`;
    }
    return null;
  }
}

function propName(n: N, constString?: (x: N) => string | null): string | null {
  if (!n.computed) return n.property.name ?? null;
  if (n.property.type === 'Literal') return String(n.property.value);
  return constString ? constString(n.property) : null;
}

function lastName(c: string): string {
  const i = c.lastIndexOf('.');
  return i === -1 ? c : c.slice(i + 1);
}

function canonMod(m: string): string {
  return m.replace(/^node:/, '').replace(/\//g, '.');
}

/** Names of code evaluation, process start and network modules, as an obfuscator's string array hides them. */
const HIDDEN_EVAL =
  /^(?:eval|Function|constructor|runInThisContext|runInNewContext|compileFunction|_compile|exec|execSync|spawn)$/;
const HIDDEN_NET = /^(?:https?|net|tls|child_process|fetch)$|(?:https?|wss?):\/\/\S+/;
const B64_ENTRY = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A string array (javascript-obfuscator's `stringArrayEncoding: base64`) whose entries are base64 and
 * decode to printable text naming code evaluation and a network module or URL: what the file runs and
 * where it connects are hidden from the reader (pkg-analysis-2026.11.12).
 */
function hiddenNameArray(n: N): boolean {
  let b64 = 0;
  let ev = false;
  let net = false;
  for (const e of n.elements) {
    if (e?.type !== 'Literal' || typeof e.value !== 'string') return false;
    if (!B64_ENTRY.test(e.value)) continue;
    const d = Buffer.from(e.value, 'base64').toString('latin1');
    if (!/^[\x20-\x7e]+$/.test(d)) continue;
    b64++;
    if (HIDDEN_EVAL.test(d)) ev = true;
    if (HIDDEN_NET.test(d)) net = true;
  }
  return ev && net && b64 >= 4 && b64 * 2 >= n.elements.length;
}

/** `null`, `undefined`, `void 0`: no value. */
function isNullish(n: N): boolean {
  return (n?.type === 'Literal' && n.value === null && !n.regex) || (n?.type === 'Identifier' && n.name === 'undefined') || (n?.type === 'UnaryExpression' && n.operator === 'void');
}
