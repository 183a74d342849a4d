/**
 * What one file's code does with labelled data, as the readers (flow-js.ts, flow-py.ts) report it:
 * rule hits, sends with their destinations, spawns with their targets, computed module loads, and
 * the reader's work against its budget. judge.ts weighs sends and spawns with the package's roles
 * and own hosts.
 */
import type { FlowRule } from './flow-rules.js';

export interface SendFact {
  labels: number;
  /** URL, host and path literals that reach the call (first 20). */
  dests: string[];
  /**
   * The credentials sent, by name: environment variables (`GITHUB_TOKEN`), `file` for a credential
   * file's content, `key` for a private key or a wallet's recovery words read from an object. A named
   * token of a well-known vendor sent to that vendor is authentication.
   */
  secrets?: string[];
  /**
   * Where the destination comes from when no literal host reaches the call: `encoded` (decoded at
   * run time: hidden on purpose), `input` (a parameter, an option, the environment: chosen by the
   * caller or user at run time), `unknown`.
   */
  destFrom?: 'encoded' | 'input' | 'unknown';
  index: number;
  length: number;
  line?: number;
  evidence?: string;
}

export interface SpawnFact {
  /** Literals naming what is run (executables, scripts, paths; first 20). */
  targets: string[];
  /** detached / windowsHide / unref / `start` / `nohup` / trailing `&`. */
  detached: boolean;
  /** Node runs a script of the archive (`fork`, `spawn(process.execPath, [...])`). */
  node: boolean;
  index: number;
  length: number;
  line?: number;
  evidence?: string;
}

/**
 * Something a file does that matters only when it runs at install (judge.ts weighs it with the
 * file's role): `dll_loader` (Windows' DLL runners, rundll32 / regsvr32, start a library),
 * `publish` (packages are published: a worm spreading with the installer's token), `agent_unsafe`
 * (an AI coding agent is started with its permission checks off), `rc_tamper` (registry, TLS or token
 * settings written into the user's npm / yarn configuration), `preload_env` (a module preload,
 * NODE_OPTIONS=--require or LD_PRELOAD, written where later processes read it), `git_push` (commits
 * pushed to a git remote), `ci_workflow` (a CI workflow file written), `persistence` (a login / boot /
 * schedule start registered: LaunchAgents, systemd units, autostart, the Startup folder, cron, Run keys,
 * an MCP server entry or an editor extension), `proc_memory` (another process's memory or environment read
 * through /proc).
 */
export interface ActFact {
  kind: 'dll_loader' | 'publish' | 'agent_unsafe' | 'rc_tamper' | 'preload_env' | 'git_push' | 'ci_workflow' | 'persistence' | 'proc_memory' | 'agent_autoapprove' | 'endpoint_redirect' | 'dns_recon';
  /** Written in the module's own code, outside any function: it runs whenever the module is loaded. */
  top?: boolean;
  index: number;
  length: number;
  line?: number;
  evidence?: string;
}

/**
 * A call into another module of the archive with sensitive data (`require('./report')(process.env)`):
 * the module's relative specifier, the export called (none: the module itself or its default), and
 * the labels of each argument. The collector reads that module again with its exported function's
 * parameters carrying those labels, so what it sends is judged as if written in one file.
 */
export interface Handoff {
  /** A relative specifier, or `#event:NAME` for data emitted on an event emitter (any module's listeners of NAME). */
  spec: string;
  fn?: string;
  args: number[];
  /** The credentials' names the arguments carry (SendFact.secrets). */
  secrets?: string[];
  /**
   * Each argument's constant path text, where it has one (`'discord.js/src/client/BaseClient.js'`, the pieces of a
   * `path.join` joined with `/`): the called function's parameter is read as that path (pkg24: a write into another
   * package's code through a helper module).
   */
  strs?: (string | null)[];
  /** The call is in the caller's module-level code (runs whenever the caller is loaded). */
  top?: boolean;
  /** Set by the collector when it reads the module again: the module's folder depth below the package root (`__dirname`). */
  depth?: number;
  /** Set by the collector when it reads the module again: the package's own name (its folder under `node_modules`). */
  self?: string;
}

export interface RuleHit {
  rule: FlowRule;
  index: number;
  length: number;
}

/** What one file's code does with labelled data. */
export interface FlowFacts {
  hits: RuleHit[];
  sends: SendFact[];
  spawns: SpawnFact[];
  /** Relative module specifiers found by the parser that the regular import scan may miss (path.join(__dirname, 'x')). */
  requires: string[];
  /**
   * Archive files the code copies out of the package (`copyFileSync(path.join(__dirname, 'x.js'), …)`,
   * relative like `requires`): planted where something else runs them (a project's build config).
   */
  plants?: string[];
  /** Sensitive data handed to a function of another module of the archive (see Handoff). */
  handoffs?: Handoff[];
  /**
   * Data labels what the module's exported functions return (`exports.probe = async () => out`), by
   * export name ('' for the module itself): a caller in another module receives them (one hop).
   */
  returns?: Record<string, number>;
  /** Install-time acts (see ActFact). */
  acts?: ActFact[];
  /**
   * Data from the network may be saved: a file write whose data carries fetched bytes, a fetched
   * stream piped anywhere (`res.pipe(fs.createWriteStream(f))`, `pipeline(res.body, …)`), written
   * chunk by chunk, or handed to an extractor or saver (`extract`, `unzip`, `save`, `outputFile`…).
   * False: the reader followed the file's fetched data and none of it reaches such a call.
   */
  savesFetched?: boolean;
  /** How much reading the file cost against its budget (Python reader); `complete` false: facts found before the budget ran out. */
  work?: FlowWork;
}

export interface FlowWork {
  /** Characters read by the reader's patterns. */
  used: number;
  budget: number;
  complete: boolean;
}

export function emptyFacts(): FlowFacts {
  return { hits: [], sends: [], spawns: [], requires: [] };
}
