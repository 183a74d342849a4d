import { pino, type Logger } from 'pino';
import { config } from './config.js';

let root: Logger | undefined;

/** JSON logs on stdout, one line per event; `component` names the process part. */
export function logger(component?: string): Logger {
  root ??= pino({ level: config().LOG_LEVEL, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
  return component ? root.child({ component }) : root;
}
