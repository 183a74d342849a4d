/**
 * Source-to-sink rules read as code, for JavaScript (acorn, flow-js.ts) and Python (statements,
 * flow-py.ts), kept here as data. Each rule is a general statement: data of one kind (a label)
 * reaches a call of one kind (a sink) in the same file, through expressions and variables.
 *
 *   dns_recon              the host name, user name, environment or working directory, joined with a
 *                          domain, is the name of a DNS query (data hidden in the query name)
 *   dns_secret_exfil       a credential store's content, a token or the whole environment in DNS query names
 *   wallet_sign_intercept  a wallet's signing method replaced in a file that sends to a fixed URL
 *   remote_code_eval       data fetched over the network is evaluated as code (eval, Function, vm,
 *                          module._compile, exec)
 *   deserialize_fetched    fetched data goes to a deserialiser that runs code (node-serialize's
 *                          unserialize, pickle / marshal / dill loads, yaml's unsafe load)
 *   discord_client_inject  a file is written into the Discord desktop client (discord_desktop_core,
 *                          core.asar)
 *   decoded_code_eval      base64 / hex text decoded at run time is evaluated
 *   asset_code_eval        bytes of an image / font / media file are evaluated (a payload hidden in an asset)
 *   data_url_code          a module is imported from a base64 data: URL written in the source
 *   wallet_hijack          the page's fetch / XMLHttpRequest / a wallet provider's request is replaced
 *                          next to literal wallet addresses (a clipper)
 *   destructive_wipe       a recursive delete or overwrite of a root, the home directory or the parents
 *   agent_unsafe_background an AI agent started without its permission checks, detached (unattended)
 *   encoded_string_array   base64 string array naming eval and a network module (obfuscated loader)
 *   download_run           downloaded bytes are written to a file that is then started detached or loaded
 *   written_payload_run    a script or program the code writes is started detached
 *   ssh_authorized_key     a hard-coded SSH key is added to ~/.ssh/authorized_keys
 *   cloud_credential_send  cloud metadata credentials are sent to another host
 *   clipboard_rewrite      a timer reads the clipboard and writes another value back
 *   (docs/package-analysis.md, "pkg-analysis-2026.11.11")
 *   fingerprint_send / secret_send / spawn: facts judged with the package's roles and own hosts
 *                          (judge.ts): where the data goes, and whether the file runs at install.
 *
 * Labels are bits. A label sticks to a variable when any expression assigned to it carries it.
 */
import type { FindingSeverity, PackageFindingCategory } from '../types.js';
import type { FlowFacts } from './flow-facts.js';

export const LABEL = {
  /** Host name, user name, network interfaces, home or working directory, machine env vars. */
  FINGERPRINT: 1 << 0,
  /** Bytes that came from the network (a response, its body, a downloader's output). */
  FETCHED: 1 << 1,
  /** A literal that looks like a domain name (`x.example`, `.oob.site`). */
  DOMAIN: 1 << 2,
  /** A credential store's content or a token variable (.npmrc, _authToken, NPM_TOKEN). */
  SECRET: 1 << 3,
  /** A path into the Discord desktop client's code. */
  DISCORD_CLIENT: 1 << 4,
  /** The whole environment (process.env, os.environ). */
  ENV: 1 << 5,
  /** An npm registry token (.npmrc, _authToken, NPM_TOKEN): only the registry may receive it. */
  NPM_TOKEN: 1 << 6,
  /** Bytes decoded at run time (base64, hex, character codes): a destination built this way is hidden on purpose. */
  DECODED: 1 << 7,
  /** A value the code's caller or user chooses at run time: a parameter, an option on `this`, an environment or command-line value. */
  INPUT: 1 << 8,
  /** Text decoded from base64 or hex at run time (what it says is hidden in the source). */
  UNPACKED: 1 << 9,
  /** A literal of an npm / yarn configuration line that names the registry. */
  RC_SETTING: 1 << 10,
  /** A literal of an npm / yarn configuration line that turns TLS checks off, install scripts on, or sets a token. */
  RC_WEAK: 1 << 13,
  /** A literal that preloads a module into later processes (`NODE_OPTIONS=--require x`, `LD_PRELOAD=`). */
  PRELOAD: 1 << 11,
  /** A path into a cryptocurrency wallet's store (keystores, wallet files, wallet extension data). */
  WALLET: 1 << 12,
  /** Bytes of a media file (image, font, audio, video) read from disk: data, never code. */
  ASSET: 1 << 14,
  /** A request's credential header (`headers.Authorization`, `Cookie`, `x-api-key`): a token of whatever service the request goes to. */
  AUTH_HEADER: 1 << 15,
  /** A cloud instance's credentials: the metadata service's credential paths, a Kubernetes service-account token. */
  CLOUD_CRED: 1 << 16,
  /** The path of code that loaded this module: a file of the call stack (`new Error().stack`), the main module's file. */
  CALLER_FILE: 1 << 17,
  /** Paths of credential stores a walk picked by name (`/\.tfstate$/.test(name)`). */
  STORE_PATH: 1 << 18,
  /**
   * What the application's users stored through it (pkgrecall2): the documents, rows and query parameters a
   * data layer hands to a hook the package registers (a Mongoose `post('save')`, a Sequelize `afterCreate`,
   * a Prisma middleware). A plugin reads them to do its job; sent to a fixed host that is not the package's
   * declared service, they are copied out (judge.ts `user_data_send`).
   */
  USER_DATA: 1 << 19,
  /**
   * Carried with FETCHED by data from a source the code fixes or that the reader cannot place (a literal host, a
   * decoded one, a socket, a DNS record, a download command): everything fetched but a request whose URL its caller
   * chooses at run time (a parameter or an option, no literal destination, nothing decoded: flow-js.ts
   * `callerChosenUrl`). Code from such a request is a script loader's service (remote_code_exec_configured).
   */
  FIXED_SRC: 1 << 20,
} as const;

export type SinkKind = 'sign_intercept' | 'dns_query' | 'code_eval' | 'deserialize' | 'file_write' | 'net_send' | 'spawn' | 'module_load' | 'page_hook' | 'wipe' | 'run_download' | 'agent_spawn' | 'hidden_names' | 'run_written' | 'ssh_key_write' | 'cloud_cred_send' | 'clipboard_rewrite' | 'load_dropped_native' | 'fixed_spender_permit';

export interface FlowRule {
  id: string;
  sink: SinkKind;
  /** Every bit must be carried by the sink's argument(s). */
  needs: number;
  /** No bit of these may be carried (a rule for what the stronger rule beside it does not cover). */
  without?: number;
  severity: FindingSeverity;
  category: PackageFindingCategory;
  message: string;
}

/** Rules that hold whatever the file's role (judge.ts handles the role- and host-dependent ones). */
export const FLOW_RULES: readonly FlowRule[] = [
  {
    id: 'dns_recon',
    sink: 'dns_query',
    needs: LABEL.FINGERPRINT | LABEL.DOMAIN,
    severity: 'HIGH',
    category: 'exfiltration',
    message: 'the host name, user name, environment or working directory is put into the name of a DNS query to a hard-coded domain (DNS exfiltration)',
  },
  // pkg8: what a credential store or the whole environment holds, put into DNS query names under a
  // hard-coded domain: no resolver needs a secret in a name (DNS tunnelling of stolen data).
  {
    id: 'dns_secret_exfil',
    sink: 'dns_query',
    needs: LABEL.SECRET | LABEL.DOMAIN,
    severity: 'CRITICAL',
    category: 'exfiltration',
    message: 'a credential store, a token or the whole environment is put into the names of DNS queries to a hard-coded domain (data exfiltrated through DNS)',
  },
  {
    id: 'dns_secret_exfil',
    sink: 'dns_query',
    needs: LABEL.ENV | LABEL.DOMAIN,
    severity: 'CRITICAL',
    category: 'exfiltration',
    message: 'a credential store, a token or the whole environment is put into the names of DNS queries to a hard-coded domain (data exfiltrated through DNS)',
  },
  {
    id: 'wallet_sign_intercept',
    sink: 'sign_intercept',
    needs: 0,
    severity: 'CRITICAL',
    category: 'exfiltration',
    message: "a wallet's signing method (signTransaction, signAllTransactions, signMessage) is replaced by a function, in code that sends to a fixed URL: what the user signs is copied out (a wallet drainer)",
  },
  {
    id: 'remote_code_eval',
    sink: 'code_eval',
    needs: LABEL.FETCHED | LABEL.FIXED_SRC,
    severity: 'CRITICAL',
    category: 'shell',
    message: 'data fetched over the network is evaluated as code',
  },
  // pkg24: code fetched from a URL only the caller names (a parameter or an option; no fixed server in the file) and
  // evaluated: a script loader (an AMD loader's worker fallback, a plugin loader) serves what the application asks
  // for. Python's reader says the same (python/flow.ts); roles.ts ROLE_BOUND_RULES: LOW in runtime code, HIGH where it
  // runs unasked at install or import.
  {
    id: 'remote_code_exec_configured',
    sink: 'code_eval',
    needs: LABEL.FETCHED,
    without: LABEL.FIXED_SRC,
    severity: 'HIGH',
    category: 'shell',
    message:
      'data fetched from a URL its caller passes at run time (a parameter or an option, no fixed server in the file) is evaluated as code: what a script loader does for the application that calls it',
  },
  {
    id: 'deserialize_fetched',
    sink: 'deserialize',
    needs: LABEL.FETCHED,
    severity: 'CRITICAL',
    category: 'shell',
    message: 'data fetched over the network is deserialised by a deserialiser that runs code',
  },
  {
    id: 'discord_client_inject',
    sink: 'file_write',
    needs: LABEL.DISCORD_CLIENT,
    severity: 'CRITICAL',
    category: 'filesystem',
    message: "a file is written into the Discord desktop client's code (discord_desktop_core / core.asar): client injection",
  },
  {
    id: 'decoded_code_eval',
    sink: 'code_eval',
    needs: LABEL.UNPACKED,
    severity: 'CRITICAL',
    category: 'obfuscation',
    message: 'text decoded at run time (base64 or hex) is evaluated as code (eval, Function, vm)',
  },
  {
    id: 'asset_code_eval',
    sink: 'code_eval',
    needs: LABEL.ASSET,
    severity: 'CRITICAL',
    category: 'obfuscation',
    message: 'bytes read from an image, font or media file are evaluated as code (eval, Function, vm, module._compile): a payload hidden in a non-code file',
  },
  {
    id: 'data_url_code',
    sink: 'module_load',
    needs: LABEL.UNPACKED,
    severity: 'CRITICAL',
    category: 'obfuscation',
    message: 'a module is imported from a base64 data: URL: code hidden in the source is run',
  },
  {
    id: 'wallet_hijack',
    sink: 'page_hook',
    needs: LABEL.WALLET,
    severity: 'CRITICAL',
    category: 'exfiltration',
    message: "the page's network or wallet functions (fetch, XMLHttpRequest, a wallet provider's request) are replaced next to hard-coded wallet addresses: payments and addresses are rewritten (crypto clipper)",
  },
  {
    id: 'permit_fixed_spender',
    sink: 'fixed_spender_permit',
    needs: 0,
    severity: 'HIGH',
    category: 'exfiltration',
    message: "a wallet is asked to sign a token approval (an EIP-2612 / Permit2 typed-data permit) for an unlimited amount to a spender address written in the code, in a function that ignores an argument it is given: whoever holds that address may move the signer's tokens (wallet drainer)",
  },
  {
    id: 'destructive_wipe',
    sink: 'wipe',
    needs: 0,
    severity: 'CRITICAL',
    category: 'filesystem',
    message: "a recursive walk overwrites or deletes every file under the file-system root, the home directory or the directories above the package (destructive payload)",
  },
  {
    id: 'agent_unsafe_background',
    sink: 'agent_spawn',
    needs: 0,
    severity: 'HIGH',
    category: 'shell',
    message: "an AI coding agent is started with its permission checks off (--dangerously-skip-permissions, --yolo, …) and detached from the terminal: it acts unattended, unseen by the user",
  },
  {
    id: 'encoded_string_array',
    sink: 'hidden_names',
    needs: 0,
    severity: 'HIGH',
    category: 'obfuscation',
    message: 'a string array of base64 entries hides the names of code evaluation (eval, Function, exec) and of a network module or URL: an obfuscated loader',
  },
  {
    id: 'download_run',
    sink: 'run_download',
    needs: LABEL.FETCHED,
    severity: 'CRITICAL',
    category: 'shell',
    message: 'bytes downloaded at run time are written to a file that is then started detached or loaded as a module (download and execute)',
  },
  // pkg-analysis-2026.11.27 (docs/package-analysis.md)
  {
    id: 'written_payload_run',
    sink: 'run_written',
    needs: 0,
    severity: 'HIGH',
    category: 'shell',
    message: 'the code writes a script or program (fixed code or downloaded bytes) and then starts it detached from the terminal: a dropped payload',
  },
  {
    id: 'native_payload_load',
    sink: 'load_dropped_native',
    needs: 0,
    severity: 'CRITICAL',
    category: 'shell',
    message: 'the code writes a native library (.node, .so, .dll, .dylib) from bytes it decodes at run time and then loads it into the process (process.dlopen, require): a dropped payload no reader sees',
  },
  {
    id: 'ssh_authorized_key',
    sink: 'ssh_key_write',
    needs: 0,
    severity: 'CRITICAL',
    category: 'filesystem',
    message: "a hard-coded SSH public key is written into the user's ~/.ssh/authorized_keys: a login backdoor for whoever holds the private key",
  },
  {
    id: 'cloud_credential_send',
    sink: 'cloud_cred_send',
    needs: LABEL.CLOUD_CRED,
    severity: 'CRITICAL',
    category: 'exfiltration',
    message: "a cloud instance's credentials (the metadata service's credential paths or a Kubernetes service-account token) are sent to a host that is not the metadata service",
  },
  {
    id: 'clipboard_rewrite',
    sink: 'clipboard_rewrite',
    needs: 0,
    severity: 'HIGH',
    category: 'exfiltration',
    message: 'a repeating timer reads the clipboard and writes another value back to it: what the user copied is replaced (clipboard hijack)',
  },
];

/** The one place a sink with its labels becomes rule hits, for both languages' readers. */
export function applyRules(sink: SinkKind, labels: number, index: number, length: number, facts: FlowFacts): void {
  for (const r of FLOW_RULES) {
    if (r.sink !== sink || (labels & r.needs) !== r.needs || (labels & (r.without ?? 0)) !== 0) continue;
    if (facts.hits.some((h) => h.rule.id === r.id)) continue;
    facts.hits.push({ rule: r, index, length });
  }
}
