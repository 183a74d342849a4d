import { DatabaseError, Sequelize, Transaction } from 'sequelize';
import { config } from '../config.js';
import { type CompoundPart, StatementAfterCommit, compoundSql, deferIfDeferring, deferring, lazyOf, markLazy, rowMovedOf, startDeferring, stopDeferring, takeDeferred } from './deferred.js';

export type { CompoundPart } from './deferred.js';

let instance: Sequelize | undefined;

export interface DbTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export function parseDatabaseUrl(databaseUrl: string): DbTarget {
  const u = new URL(databaseUrl);
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password || ''),
    database: decodeURIComponent(u.pathname.replace(/^\//, '') || 'cert'),
  };
}

/**
 * Session settings of every pooled connection. A JSON aggregate (a round's votes in the status read) is cut at
 * `group_concat_max_len`, 1 MiB by default, which leaves invalid JSON: four votes with an external validator's
 * largest reasons pass it. 64 MiB is the server's usual packet limit, which bounds any result anyway.
 */
function sessionSettings(connection: PooledConnection): Promise<void> {
  return new Promise((resolve, reject) => {
    connection.query('SET SESSION group_concat_max_len = 67108864', [], (err) => (err ? reject(err) : resolve()));
  });
}

/** One Sequelize per process. Times are stored in UTC; JSON lives in LONGTEXT (see jsonColumn). */
export function db(): Sequelize {
  if (!instance) {
    const t = parseDatabaseUrl(config().DATABASE_URL);
    instance = new Sequelize(t.database, t.user, t.password, {
      host: t.host,
      port: t.port,
      dialect: 'mysql',
      logging: false,
      timezone: '+00:00',
      pool: { max: config().DATABASE_POOL_MAX, min: 0, acquire: 20000, idle: 10000 },
      dialectOptions: { dateStrings: false, supportBigNumbers: true, connectTimeout: config().DATABASE_CONNECT_TIMEOUT_MS },
      define: { underscored: true, freezeTableName: true },
      hooks: { afterConnect: (connection) => sessionSettings(connection as PooledConnection) },
    });
  }
  return instance;
}

/** The mysql2 connection Sequelize's pool lends (callback API). */
interface PooledConnection {
  query(sql: string, values: unknown[], cb: (err: Error | null, rows: unknown) => void): unknown;
}
interface Pool {
  getConnection(options: { type: string }): Promise<PooledConnection>;
  releaseConnection(connection: PooledConnection): Promise<void> | void;
}

/**
 * A SELECT through mysql2 on a connection of Sequelize's own pool, for the hottest list reads
 * (certificate search): Sequelize's query layer (replacement parsing, query objects, result
 * handling) doubled Node's CPU per statement there. Same pool and connection settings (UTC, the same
 * type casts), so rows come back as `db().query(…, { type: SELECT })` gives them; `?` placeholders
 * are filled by mysql2 with the same escaping (arrays become lists). An error is wrapped as Sequelize
 * wraps it (DatabaseError with the driver's error as `parent`), so outages.ts reads it the same way;
 * a connection that broke is released and the pool's validation drops it at its next acquire.
 */
export async function selectRows<T>(sql: string, values: unknown[]): Promise<T[]> {
  return (await onPool(sql, values, (err) => new DatabaseError(err as ConstructorParameters<typeof DatabaseError>[0]))) as T[];
}

/**
 * One autocommitted write (an INSERT) through mysql2 on a connection of Sequelize's pool, as `selectRows` reads:
 * without Sequelize's query layer on the hot path of every submission. Values as `selectRows` fills them (the
 * caller hands dates as `sqlTime` strings and JSON as its text, as a raw `db().query` takes them). An error is
 * the one Sequelize's own query would have thrown (its dialect's formatting: a duplicate key is a
 * UniqueConstraintError with the same `fields`, a foreign key a ForeignKeyConstraintError, else a DatabaseError),
 * so a caller that tells them apart (intake's idempotency) reads it the same way.
 */
export async function writeRow(sql: string, values: unknown[], sequelize: Sequelize = db()): Promise<void> {
  const stack = new Error().stack;
  await onPool(sql, values, (err) => {
    const Query = ((sequelize as unknown as { dialect: unknown }).dialect as { Query: new (c: unknown, s: Sequelize, o: object) => { formatError(e: unknown, stack?: string): Error } }).Query;
    return new Query(null, sequelize, {}).formatError(err, stack);
  }, sequelize);
}

async function onPool(sql: string, values: unknown[], wrap: (err: Error) => Error, sequelize: Sequelize = db()): Promise<unknown> {
  const pool = sequelize.connectionManager as unknown as Pool;
  const connection = await pool.getConnection({ type: 'SELECT' });
  try {
    return await new Promise<unknown>((resolve, reject) => {
      connection.query(sql, values, (err, rows) => (err ? reject(wrap(err)) : resolve(rows)));
    });
  } finally {
    await pool.releaseConnection(connection);
  }
}

export async function closeDb(): Promise<void> {
  if (instance) {
    const i = instance;
    instance = undefined;
    await i.close();
  }
}

/**
 * Several statements sent as one MariaDB compound statement (`BEGIN NOT ATOMIC … END`, which needs no
 * multi-statement connection flag): one round trip and one statement for the driver and Sequelize to build
 * and parse instead of one per statement, the server running each in order within the caller's transaction
 * (a failing one fails the whole, and the caller's transaction rolls back). Returns the rows of each SELECT
 * among them, in order. A part may be a compound of its own (`IF … END IF`). Writes `t` deferred
 * (`deferWrites`) go first, in the order they were made.
 *
 * `commitIf`: in a lazy transaction (`lazyTransaction`), the caller's statement is the transaction's last when
 * this SQL condition holds (read inside the statement, after its parts): the compound then ends with
 * `IF <condition> THEN COMMIT; END IF`, and `committedInStatement(t)` tells afterwards whether it committed.
 * Ignored in any other transaction (its COMMIT is sent by Sequelize).
 */
export async function compound(parts: CompoundPart[], t?: Transaction | null, commitIf?: CompoundPart): Promise<Record<string, unknown>[][]> {
  const all = [...takeDeferred(t), ...parts];
  if (all.length === 0) return [];
  const { sql, res, lone } = await send(all, t, commitIf);
  // The driver's answer: a lone statement's rows (a SELECT) or OK packet; a compound's, each SELECT's rows (an
  // array), then the whole's OK packet (an object); without a SELECT, the packet alone.
  if (lone && sql === all[0]!.sql) return Array.isArray(res) ? [res as Record<string, unknown>[]] : [];
  return Array.isArray(res) ? (res.filter(Array.isArray) as Record<string, unknown>[][]) : [];
}

/** A write that needs no answer: queued when `t` defers its writes (`deferWrites`), else sent now. */
export async function write(part: CompoundPart, t: Transaction): Promise<void> {
  if (!deferIfDeferring(part, t)) await db().query(part.sql, { replacements: part.replacements, transaction: t });
}

/**
 * Runs `work` in `t` with its writes deferred: an INSERT or an UPDATE that needs no answer (`write`,
 * `insertBuilt`, an unconditional `saveChanged`) is held back and sent with the transaction's next statement
 * as one compound statement (`compound`; any other statement in `t` first sends what is held, as its own
 * compound: `beforeQuery` below), and what is still held when `work` returns is sent then. The writes run in
 * the order they were made, each before any later statement of `t`, so what `t` reads and commits is what it
 * would have been without deferring; only an error of a held write surfaces later, at the statement that sends
 * it, still inside `t` (which rolls back). For the sandbox job's one transaction per verdict (the step, its
 * round, the votes, the tally and the seal: shared/submissions/sandbox-step.ts), which otherwise sends a
 * statement per write.
 */
export async function deferWrites<T>(t: Transaction, work: () => Promise<T>): Promise<T> {
  installFlush();
  startDeferring(t);
  try {
    const out = await work();
    await compound([], t);
    return out;
  } finally {
    stopDeferring(t);
  }
}

/**
 * A transaction whose START TRANSACTION and COMMIT are not statements of their own (the sandbox job's one
 * transaction per verdict, with `deferWrites`): START goes at the head of the transaction's first statement
 * (a compound statement, or sent just before a plain one), and a compound statement that may be the last
 * (`compound`'s `commitIf`: the seal's) ends with a conditional COMMIT, so an approval is one statement sent
 * instead of three. What commits is what the same statements committed between a START and a COMMIT of their
 * own: a failing statement inside the compound stops it before its COMMIT, the transaction is still open on
 * the connection, and the rollback below sends ROLLBACK (MariaDB runs START TRANSACTION and COMMIT inside
 * `BEGIN NOT ATOMIC … END`, and a statement's error leaves the transaction open, as outside one). A transaction
 * that sent nothing sends nothing at its end. Once the compound has committed, any further statement of `t`
 * throws (StatementAfterCommit) instead of running outside the transaction; an error thrown by `work` after
 * that commit still propagates, but the commit stands, so `t`'s after-commit hooks run (what they announce
 * did happen).
 */
export async function lazyTransaction<T>(work: (t: Transaction) => Promise<T>): Promise<T> {
  installFlush();
  const t = new LazyTransaction(db(), {});
  await (t as unknown as { prepareEnvironment(useCls: boolean): Promise<void> }).prepareEnvironment(false);
  let out: T;
  try {
    out = await work(t);
  } catch (err) {
    await t.rollback().catch(() => undefined);
    throw err;
  }
  await t.commit();
  return out;
}

/** Whether `t`'s last compound statement committed it (`compound`'s `commitIf`). */
export const committedInStatement = (t: Transaction | null | undefined): boolean => lazyOf(t)?.committed === true;

/** Sequelize's transaction, with its START and COMMIT sent by `send` inside its statements when they can be. */
class LazyTransaction extends Transaction {
  /** Nothing sent at the start: the first statement carries START TRANSACTION. */
  async begin(): Promise<void> {
    markLazy(this);
  }

  override async commit(): Promise<void> {
    const lazy = lazyOf(this)!;
    if (lazy.started && !lazy.committed) return super.commit();
    await this.finishWithout('commit');
  }

  override async rollback(): Promise<void> {
    const lazy = lazyOf(this)!;
    if (lazy.started && !lazy.committed) return super.rollback();
    // Nothing sent: nothing to undo. Committed in its compound: the commit stands and is announced.
    await this.finishWithout(lazy.committed ? 'commit' : 'rollback');
  }

  /** Ends the transaction without a statement: the connection goes back to the pool; a commit runs the after-commit hooks, as Sequelize's own commit does. */
  private async finishWithout(state: 'commit' | 'rollback'): Promise<void> {
    const self = this as unknown as { finished?: string; cleanup(): void; _afterCommitHooks: ((t: Transaction) => unknown)[] };
    self.finished = state;
    self.cleanup();
    if (state === 'commit') for (const hook of self._afterCommitHooks) await hook.apply(this, [this]);
  }
}

let flushInstalledOn: Sequelize | undefined;
/**
 * Any statement of a deferring transaction sends what the transaction holds first (one compound statement);
 * in a lazy transaction not started yet, START TRANSACTION goes first (with what is held, else alone).
 */
function installFlush(): void {
  if (flushInstalledOn === db()) return;
  flushInstalledOn = db();
  db().addHook('beforeQuery', async (options: { transaction?: Transaction | null }) => {
    const t = options.transaction;
    const lazy = lazyOf(t);
    if (!lazy && !deferring(t)) return;
    if (lazy?.committed && !(t as { finished?: string }).finished) throw new StatementAfterCommit();
    const held = takeDeferred(t);
    if (held.length > 0) await send(held, t);
    else if (lazy && !lazy.started) {
      lazy.started = true;
      await db().query(START, { transaction: t ?? null });
    }
  });
}

const START = 'START TRANSACTION';

/**
 * One statement of `parts` in `t` (a lone simple part as it is, else a compound statement; in a lazy
 * transaction not started yet, START TRANSACTION at its head; `commitIf`, see `compound`); a held conditional
 * UPDATE's signal comes back as RowMoved.
 */
async function send(parts: CompoundPart[], t: Transaction | null | undefined, commitIf?: CompoundPart): Promise<{ sql: string; res: unknown; lone: boolean }> {
  const lazy = lazyOf(t);
  if (lazy?.committed) throw new StatementAfterCommit();
  const head: CompoundPart[] = lazy && !lazy.started ? [{ sql: START, replacements: [] }] : [];
  const tail: CompoundPart[] = lazy && commitIf ? [{ sql: `IF ${commitIf.sql} THEN COMMIT; END IF`, replacements: commitIf.replacements }] : [];
  const all = [...head, ...parts, ...tail];
  const sql = compoundSql(all);
  if (lazy) lazy.started = true;
  const [res] = await db()
    .query(sql, { replacements: all.flatMap((p) => p.replacements), transaction: t ?? null })
    .catch((err: unknown) => {
      throw rowMovedOf(err) ?? err;
    });
  // The server's status flags after the statement (the OK packet, the answer's last element): bit 0 is "in a
  // transaction". Out of it after the conditional COMMIT: the statement committed `t`.
  if (tail.length > 0) {
    const ok = Array.isArray(res) ? res[res.length - 1] : res;
    const status = (ok as { serverStatus?: number } | null)?.serverStatus;
    if (typeof status === 'number' && (status & 1) === 0) lazy!.committed = true;
  }
  return { sql, res, lone: head.length === 0 && tail.length === 0 };
}
