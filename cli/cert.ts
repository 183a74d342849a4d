/**
 * `cert`: the command line of the certification service for submitters and verifiers (docs/cli.md),
 * a thin layer over the typed SDK (sdk/) and the domain's own functions (the file hash, the record
 * check, the chain check). The package's `bin` (bin/cert.mjs) runs this file; not to be confused with
 * `npm run cert`, the operator command line (scripts/cli.ts).
 */
import { readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CertApiError } from '../sdk/client.js';
import { COMMANDS, UsageError, parseArgs, usage, type ParsedArgs } from './args.js';
import { configPath, effectiveConfig, readConfig } from './config.js';
import { EXIT, exitCodeOfApiError, type ExitCode } from './exit-codes.js';
import { output } from './output.js';
import { CliFailure, badge, findings, login, logout, status, submit, webhooks, type Context } from './commands.js';
import { verify } from './verify.js';

function version(): string {
  try {
    return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version as string;
  } catch {
    return 'unknown';
  }
}

const RUN: Record<string, (ctx: Context) => Promise<ExitCode>> = { login, logout, submit, status, findings, badge, verify, webhooks };

export async function main(argv: string[]): Promise<ExitCode> {
  let args: ParsedArgs;
  const out0 = output({ json: argv.includes('--json'), quiet: argv.includes('--quiet') });
  try {
    args = parseArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      out0.error(`${err.message}\n${usage(COMMANDS[argv[0] ?? ''] ? argv[0] : undefined)}`);
      return EXIT.USAGE;
    }
    throw err;
  }
  if (args.command === 'help') {
    process.stdout.write(usage(args.positionals[0]));
    return EXIT.OK;
  }
  if (args.command === 'version') {
    process.stdout.write(`${version()}\n`);
    return EXIT.OK;
  }
  const out = output({ json: Boolean(args.options.json), quiet: Boolean(args.options.quiet) });
  try {
    const configFile = configPath(args.options.config as string | undefined);
    const cfg = effectiveConfig(readConfig(configFile), { url: args.options.url as string | undefined, maxPay: args.options['max-pay'] as string | undefined });
    return await RUN[args.command]!({ cfg, configFile, out, args, userAgent: `cert-cli/${version()}` });
  } catch (err) {
    return fail(out, err);
  }
}

/** Every failure ends with one plain message and its exit code, never a stack trace. */
function fail(out: ReturnType<typeof output>, err: unknown): ExitCode {
  if (err instanceof CliFailure) {
    out.error(err.message);
    return err.exitCode;
  }
  if (err instanceof UsageError) {
    out.error(err.message);
    return EXIT.USAGE;
  }
  if (err instanceof CertApiError) {
    out.error(`the service refused: ${err.code}${err.field ? ` (${err.field})` : ''}: ${err.message}${err.retryAfter !== undefined ? ` (retry after ${err.retryAfter} s)` : ''}`);
    return exitCodeOfApiError(err.status, err.code);
  }
  const e = err as Error & { cause?: { code?: string; message?: string } };
  if (e?.name === 'TypeError' && e.message === 'fetch failed') {
    out.error(`cannot reach the service: ${e.cause?.code ?? e.cause?.message ?? 'connection failed'} (is the address right? --url, CERT_URL or cert login)`);
    return EXIT.ERROR;
  }
  out.error(e?.message ?? String(err));
  if (process.env.CERT_DEBUG) process.stderr.write(`${e?.stack ?? ''}\n`);
  return EXIT.ERROR;
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`cert: ${(err as Error)?.message ?? err}\n`);
      process.exit(EXIT.ERROR);
    },
  );
}
