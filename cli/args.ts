/**
 * The command line of `cert`, parsed without side effects (unit-tested in test/unit/cli-args.test.ts).
 * Options are `--name value` or `--name=value`; `--deps` takes every following dependency file name
 * (`--deps package.json requirements.txt`), so the skill file may come before or after it.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}

type Kind = 'string' | 'boolean' | 'files';
interface CommandSpec {
  /** Positional arguments: their names, for messages; a trailing `?` makes one optional. */
  positionals: string[];
  options: Record<string, Kind>;
  summary: string;
}

const GLOBAL: Record<string, Kind> = { url: 'string', config: 'string', json: 'boolean', quiet: 'boolean', help: 'boolean' };

/** The files a CODE+PACKAGES submission may carry (docs/api.md, the limits table). */
export const DEPENDENCY_FILE_NAMES = ['requirements.txt', 'package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml'];

export const COMMANDS: Record<string, CommandSpec> = {
  login: {
    positionals: [],
    options: { 'api-key': 'string', 'api-key-stdin': 'boolean', 'wallet-key-file': 'string', 'wallet-signer-rpc': 'string', 'wallet-address': 'string', 'max-pay': 'string' },
    summary: 'store the service address and an API key or a wallet session',
  },
  logout: { positionals: [], options: {}, summary: 'forget the stored key and session' },
  submit: {
    positionals: ['SKILL.md?'],
    options: {
      deps: 'files',
      source: 'string',
      ref: 'string',
      category: 'string',
      note: 'string',
      'idempotency-key': 'string',
      wait: 'boolean',
      'through-escalation': 'boolean',
      timeout: 'string',
      'max-pay': 'string',
      channel: 'string',
    },
    summary: 'submit a skill file for review; --wait follows it to its verdict',
  },
  status: { positionals: ['SUBMISSION_ID'], options: { wait: 'boolean', 'through-escalation': 'boolean', timeout: 'string' }, summary: "a submission's status (and --wait for its verdict)" },
  findings: { positionals: ['SUBMISSION_ID|REGISTRY/NAME/VERSION'], options: { sarif: 'boolean', output: 'string' }, summary: "a submission's or a package certificate's findings, or SARIF 2.1.0 with --sarif" },
  badge: { positionals: ['CERTIFICATE_ID'], options: { site: 'string' }, summary: "a certificate's badge: its state, and Markdown and HTML to paste" },
  verify: {
    positionals: ['SKILL.md'],
    options: { certificate: 'string', rpc: 'string', signer: 'string', registry: 'string', record: 'string', attestation: 'string', offline: 'boolean', strict: 'boolean', 'rpc-timeout': 'string' },
    summary: 'check a local file against a certificate: hash, signature, attestation, chain, live status',
  },
  webhooks: {
    positionals: ['add|list|rm|log', 'URL|ENDPOINT_ID?'],
    options: { events: 'string', description: 'string' },
    summary: 'signed webhooks of your submissions and certificates: add URL [--events a,b], list, rm ID, log ID',
  },
  help: { positionals: ['COMMAND?'], options: {}, summary: 'this help, or one command’s' },
  version: { positionals: [], options: {}, summary: 'the version of this tool' },
};

export interface ParsedArgs {
  command: string;
  positionals: string[];
  options: Record<string, string | boolean | string[]>;
}

const isDependencyFile = (arg: string): boolean => DEPENDENCY_FILE_NAMES.includes(arg.split(/[\\/]/).pop() ?? '');

export function parseArgs(argv: string[]): ParsedArgs {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') return { command: 'help', positionals: [], options: {} };
  if (first === '--version' || first === '-v') return { command: 'version', positionals: [], options: {} };
  const spec = COMMANDS[first];
  if (!spec) throw new UsageError(`unknown command "${first}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
  const kinds: Record<string, Kind> = { ...GLOBAL, ...spec.options };
  const options: ParsedArgs['options'] = {};
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--') {
      positionals.push(...rest.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      options.help = true;
      continue;
    }
    if (!arg.startsWith('--') || arg === '-') {
      if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option "${arg}" for "cert ${first}"`);
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const kind = kinds[name];
    if (!kind) throw new UsageError(`unknown option "--${name}" for "cert ${first}"`);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    if (kind === 'boolean') {
      if (inline !== undefined && inline !== 'true' && inline !== 'false') throw new UsageError(`--${name} takes no value`);
      options[name] = inline !== 'false';
      continue;
    }
    if (kind === 'files') {
      const files = (options[name] as string[] | undefined) ?? [];
      if (inline !== undefined) files.push(...inline.split(',').filter(Boolean));
      else while (i + 1 < rest.length && isDependencyFile(rest[i + 1]!)) files.push(rest[++i]!);
      if (files.length === 0) throw new UsageError(`--${name} needs at least one of ${DEPENDENCY_FILE_NAMES.join(', ')}`);
      for (const f of files) if (!isDependencyFile(f)) throw new UsageError(`--${name}: ${f} is not a dependency file (${DEPENDENCY_FILE_NAMES.join(', ')})`);
      options[name] = files;
      continue;
    }
    const value = inline ?? rest[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
    options[name] = value;
  }
  if (options.help) return { command: 'help', positionals: [first], options: {} };
  const required = spec.positionals.filter((p) => !p.endsWith('?')).length;
  if (positionals.length < required) throw new UsageError(`"cert ${first}" needs ${spec.positionals.filter((p) => !p.endsWith('?')).join(' ')}`);
  if (positionals.length > spec.positionals.length) throw new UsageError(`"cert ${first}" takes ${spec.positionals.length ? spec.positionals.map((p) => p.replace('?', '')).join(' ') : 'no arguments'}; unexpected "${positionals[spec.positionals.length]}"`);
  checkCombinations(first, positionals, options);
  return { command: first, positionals, options };
}

/** Positive whole seconds (`--timeout`, `--rpc-timeout`). */
export function secondsOption(value: string | boolean | string[] | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`--${name} must be a whole number of seconds above 0`);
  return Number(value);
}

function checkCombinations(command: string, positionals: string[], o: ParsedArgs['options']): void {
  if (command === 'submit') {
    if (!positionals[0] && !o.source) throw new UsageError('"cert submit" needs a skill file, or --source URL --ref SHA');
    if (Boolean(o.source) !== Boolean(o.ref)) throw new UsageError('--source and --ref go together: the file at URL, read at commit SHA');
    if (o.channel !== undefined && o.channel !== 'api' && o.channel !== 'agent') throw new UsageError('--channel is api (an API key) or agent (a wallet session)');
    if (o.timeout !== undefined) secondsOption(o.timeout, 'timeout', 0);
    if (o.timeout !== undefined && !o.wait) throw new UsageError('--timeout goes with --wait');
    if (o['through-escalation'] && !o.wait) throw new UsageError('--through-escalation goes with --wait');
  }
  if (command === 'status') {
    if (o.timeout !== undefined) secondsOption(o.timeout, 'timeout', 0);
    if (o.timeout !== undefined && !o.wait) throw new UsageError('--timeout goes with --wait');
    if (o['through-escalation'] && !o.wait) throw new UsageError('--through-escalation goes with --wait');
  }
  if (command === 'verify') {
    if (!o.certificate) throw new UsageError('"cert verify" needs --certificate ID');
    if (o.offline && !o.record) throw new UsageError('--offline needs --record FILE (the certificate record saved from GET /api/v1/public/certificates/ID)');
    if (o['rpc-timeout'] !== undefined) secondsOption(o['rpc-timeout'], 'rpc-timeout', 0);
  }
  if (command === 'webhooks') {
    const [verb, arg] = positionals;
    if (!['add', 'list', 'rm', 'log'].includes(verb ?? '')) throw new UsageError('"cert webhooks" takes add URL, list, rm ENDPOINT_ID or log ENDPOINT_ID');
    if (verb !== 'list' && !arg) throw new UsageError(`"cert webhooks ${verb}" needs ${verb === 'add' ? 'URL' : 'ENDPOINT_ID'}`);
    if (verb === 'list' && arg) throw new UsageError('"cert webhooks list" takes no argument');
    if ((o.events !== undefined || o.description !== undefined) && verb !== 'add') throw new UsageError('--events and --description go with "cert webhooks add"');
  }
  if (command === 'login') {
    if (o['api-key'] !== undefined && o['api-key-stdin']) throw new UsageError('give the API key once: --api-key KEY or --api-key-stdin');
  }
  for (const n of ['max-pay']) {
    const v = o[n];
    if (v !== undefined && (typeof v !== 'string' || !/^\d+(\.\d{1,6})?$/.test(v))) throw new UsageError(`--${n} is an amount of USDC, e.g. 5 or 0.25`);
  }
}

export function usage(command?: string): string {
  if (command && COMMANDS[command]) {
    const s = COMMANDS[command]!;
    const opts = Object.entries(s.options).map(([n, k]) => `--${n}${k === 'string' ? ' VALUE' : k === 'files' ? ' FILE…' : ''}`);
    return `cert ${command} ${s.positionals.map((p) => (p.endsWith('?') ? `[${p.slice(0, -1)}]` : p)).join(' ')}\n  ${s.summary}\n  options: ${[...opts, '--url URL', '--config FILE', '--json', '--quiet'].join(' ')}\n  (docs/cli.md)\n`;
  }
  const lines = Object.entries(COMMANDS).map(([n, s]) => `  ${n.padEnd(9)} ${s.summary}`);
  return `cert: the command line of the cert certification service (docs/cli.md)\n\nusage: cert COMMAND [options]\n\n${lines.join('\n')}\n\nExit codes: 0 approved/ok, 1 error, 2 usage, 3 rejected, 4 escalated, 5 pending, 6 payment required, 7 verification failed, 8 not signed in or refused, 9 not found.\n`;
}
