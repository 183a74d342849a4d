/**
 * What the per-file scan (file-scan.ts) reports of a file: the signals it shows, as bits, and which of
 * them are capabilities (reported as INFO by the archive collector; a finding above LOW needs intent).
 */
import type { PackageFindingCategory } from './types.js';

export type Lang = 'js' | 'py' | 'sh' | 'manifest';

/** Signals a file can show, as bits (`Signal.NETWORK | Signal.ENV`...). */
export const Signal = {
  NETWORK: 1 << 0,
  ENV: 1 << 1,
  SHELL: 1 << 2,
  EVAL: 1 << 3,
  FS_WRITE: 1 << 4,
  MINING: 1 << 5,
  FS_READ: 1 << 6,
  ENV_DUMP: 1 << 7,
  CRED_ENV: 1 << 8,
  SUSPICIOUS_URL: 1 << 9,
  SENSITIVE_PATH: 1 << 10,
  DECODE: 1 << 11,
  REMOTE_PIPE: 1 << 12,
  BLOB: 1 << 13,
  SECRET: 1 << 14,
  DECODE_EXEC: 1 << 15,
  /** Import of a core networking module (http, net, socket...): network only with a client call. */
  NET_IMPORT: 1 << 16,
  /** A client-looking call (`request(`, `connect(`, `createConnection(`, `.sendall(`...). */
  NET_CALL: 1 << 17,
  /** A command line that runs curl or wget on a URL (`"curl -F file=@x https://h/u"`): network only in a file that starts processes. */
  CMD_NET: 1 << 18,
} as const;

/** Capability name of each capability signal, in report order. */
export const CAPABILITY_SIGNALS: ReadonlyArray<readonly [number, string, PackageFindingCategory, string]> = [
  [Signal.NETWORK, 'network', 'network', 'network calls'],
  [Signal.ENV, 'env', 'env_access', 'environment variable access'],
  [Signal.SHELL, 'shell', 'shell', 'child process / shell execution'],
  [Signal.EVAL, 'eval', 'shell', 'dynamic code evaluation (eval / Function / exec)'],
  [Signal.FS_WRITE, 'filesystem:write', 'filesystem', 'filesystem writes'],
  [Signal.MINING, 'crypto-mining', 'network', 'crypto-mining references'],
];
