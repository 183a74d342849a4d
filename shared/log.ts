import { pino, type Logger, type LoggerOptions } from 'pino';
import { config } from './config.js';
import { isoNow } from './clock.js';

let root: Logger | undefined;
let requests: Logger | undefined;

/** Request lines reach stdout within this long (they are written in batches, see requestLogger). */
export const REQUEST_LOG_FLUSH_MS = 100;

const options = (): LoggerOptions => ({
  level: config().LOG_LEVEL,
  base: { pid: process.pid },
  // The same text as pino.stdTimeFunctions.isoTime, formatted once per millisecond.
  timestamp: () => `,"time":"${isoNow()}"`,
});

/** At most PIPE_BUF (Linux) per write: on a pipe, the two log streams' writes never interleave within a line. */
const MAX_WRITE = 4096;

/** JSON logs on stdout, one line per event; `component` names the process part. */
export function logger(component?: string): Logger {
  // pino's default stdout destination (asynchronous, each line written as soon as the last write is done).
  root ??= pino(options(), pino.destination({ dest: 1, sync: false, maxWrite: MAX_WRITE }));
  return component ? root.child({ component }) : root;
}

/**
 * The one-line-per-request log (component `http`): the same lines as `logger('http')`, but written in
 * batches of 3–4 KiB and at least every REQUEST_LOG_FLUSH_MS rather than as soon as the previous write
 * is done (fewer writes on the libuv pool at thousands of reads a second). Pino flushes what is left
 * when the process exits; a SIGKILL loses at most the last REQUEST_LOG_FLUSH_MS of request lines.
 * Every other line (errors, faults, readiness) goes through `logger()` unbatched.
 */
export function requestLogger(): Logger {
  requests ??= requestLoggerTo((requestStream = pino.destination({ dest: 1, sync: false, minLength: 3072, maxWrite: MAX_WRITE, periodicFlush: REQUEST_LOG_FLUSH_MS })));
  return requests;
}

/** The request logger's pino settings on any stream (exported for the test that holds `requestLine` to them). */
export const requestLoggerTo = (stream: { write(line: string): unknown }): Logger => pino(options(), stream).child({ component: 'http' });
let requestStream: { write(line: string): unknown } | undefined;

/** One request's log fields, in the order of the line. */
export interface RequestFields {
  reqId: string;
  method: string;
  path: string;
  ip: string | undefined;
  status: number;
  ms: number;
}

/**
 * Strings that JSON must escape: quote, backslash, control characters. (Node decodes the request line and
 * headers as latin1, so these fields never hold a surrogate.)
 */
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;
const str = (s: string): string => (NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`);

/**
 * The request line exactly as `requestLogger().info(fields, 'request')` writes it, built without pino's
 * generic serialiser (it walks the object's keys on every read; this runs on every hot read). A unit
 * test holds the two equal.
 */
export function requestLine(f: RequestFields): string {
  const ip = f.ip === undefined ? '' : `,"ip":${str(f.ip)}`;
  return `{"level":30,"time":"${isoNow()}","pid":${process.pid},"component":"http","reqId":${str(f.reqId)},"method":${str(f.method)},"path":${str(f.path)}${ip},"status":${f.status},"ms":${f.ms},"msg":"request"}\n`;
}

let requestLinesOn: boolean | undefined;

/** Writes one request line to the request log (batched like every line of `requestLogger()`). */
export function logRequestLine(f: RequestFields): void {
  requestLinesOn ??= requestLogger().isLevelEnabled('info');
  if (requestLinesOn) requestStream!.write(requestLine(f));
}
