import { ApiError } from './errors.js';
import { config } from './config.js';

/** Sequelize's names for "could not get a connection" (refused, timed out, pool exhausted…). */
const DB_CONNECTION_ERRORS = new Set([
  'SequelizeConnectionError',
  'SequelizeConnectionRefusedError',
  'SequelizeConnectionAcquireTimeoutError',
  'SequelizeConnectionTimedOutError',
  'SequelizeHostNotFoundError',
  'SequelizeHostNotReachableError',
  'SequelizeInvalidConnectionError',
]);
/** MariaDB/MySQL going away or shutting down under a running query. */
const DB_GONE_CODES = new Set(['PROTOCOL_CONNECTION_LOST', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE']);

type Err = { name?: string; message?: string; code?: string; fatal?: boolean; parent?: Err; original?: Err };

/**
 * Which backing service an error says is unreachable: MySQL (no connection, or the connection
 * died under the query) or Redis. null for everything else (a bad query stays a 500).
 */
export function outageOf(err: unknown): 'database' | 'redis' | null {
  const e = err as Err | null;
  if (!e || typeof e !== 'object') return null;
  if (e.name && DB_CONNECTION_ERRORS.has(e.name)) return 'database';
  const cause = e.original ?? e.parent;
  // mysql2 marks errors that broke the connection as fatal (raw, or wrapped by Sequelize).
  if (e.name === 'SequelizeDatabaseError' && cause && (cause.fatal === true || (cause.code !== undefined && DB_GONE_CODES.has(cause.code)))) return 'database';
  if (!cause && e.fatal === true && typeof e.code === 'string') return 'database';
  if (/^Can't add new command when connection is in closed state/.test((cause ?? e).message ?? '')) return 'database';
  if (e.name === 'MaxRetriesPerRequestError' || e.message === 'Connection is closed.' || /^Stream isn't writeable/.test(e.message ?? '')) return 'redis';
  return null;
}

/** The answer while a backing service is down: retryable 503 in the one error shape. */
export function unavailableError(what: 'database' | 'redis'): ApiError {
  return new ApiError(503, 'service_unavailable', `The service is temporarily unavailable (${what === 'database' ? 'database' : 'queue'} unreachable); retry later`, undefined, {
    'Retry-After': String(config().UNAVAILABLE_RETRY_AFTER_SECONDS),
  });
}
