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
   * file's content. A named token of a well-known vendor sent to that vendor is authentication.
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
