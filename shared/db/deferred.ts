import type { Transaction } from 'sequelize';

/** A statement of a compound one: its text (placeholders `?`) and their values. */
export interface CompoundPart {
  sql: string;
  replacements: unknown[];
}

/**
 * Writes of a transaction held back to go with its next statement (shared/db/connection.ts `deferWrites`):
 * whoever writes a row without needing an answer (an INSERT, an UPDATE that is not a check) queues it here when
 * its transaction defers, instead of sending it alone.
 */
const queues = new WeakMap<Transaction, CompoundPart[]>();

export const deferring = (t: Transaction | null | undefined): boolean => t != null && queues.has(t);

/** Queues `part` when `t` defers its writes; false (the caller sends it now) otherwise. */
export function deferIfDeferring(part: CompoundPart, t: Transaction | null | undefined): boolean {
  const q = t ? queues.get(t) : undefined;
  if (!q) return false;
  q.push(part);
  return true;
}

export function startDeferring(t: Transaction): void {
  if (!queues.has(t)) queues.set(t, []);
}

/** The writes queued so far (the queue is left empty; the transaction still defers). */
export function takeDeferred(t: Transaction | null | undefined): CompoundPart[] {
  const q = t ? queues.get(t) : undefined;
  if (!q || q.length === 0) return [];
  return q.splice(0, q.length);
}

/** The transaction stops deferring; whatever was queued is dropped (its caller failed: it rolls back). */
export function stopDeferring(t: Transaction): void {
  queues.delete(t);
}

/**
 * The text of one statement running `parts` in order: a lone simple statement as it is, else a compound
 * statement (a part's text holds a `;` only between statements of its own: values are placeholders).
 */
export const compoundSql = (parts: CompoundPart[]): string =>
  parts.length === 1 && !parts[0]!.sql.includes(';') ? parts[0]!.sql : `BEGIN NOT ATOMIC ${parts.map((p) => `${p.sql}; `).join('')}END`;

/**
 * A transaction sent lazily (shared/db/connection.ts `lazyTransaction`): its START TRANSACTION goes with its
 * first statement (`started`), and its COMMIT may go at the end of a compound statement that asks for it
 * (`compound`'s `commitIf`; `committed` once the server answered out of the transaction).
 */
export interface LazyState {
  started: boolean;
  committed: boolean;
}
const lazies = new WeakMap<Transaction, LazyState>();

export const lazyOf = (t: Transaction | null | undefined): LazyState | undefined => (t ? lazies.get(t) : undefined);

export function markLazy(t: Transaction): LazyState {
  const state = { started: false, committed: false };
  lazies.set(t, state);
  return state;
}

/** Thrown for a statement of a transaction its own compound statement has already committed (a programming error: nothing may follow that statement). */
export class StatementAfterCommit extends Error {
  constructor() {
    super('cert: a statement was sent in a transaction its compound statement had already committed');
  }
}

/** A guarded row (`guardSave`, or a save that expects values) was no longer as expected when it was saved: its transaction must roll back. */
export class RowMoved extends Error {
  constructor(model: string) {
    super(`${model} row changed since it was read`);
  }
}

const ROW_MOVED = 'cert: row moved: ';

/**
 * A conditional UPDATE held back (`deferIfDeferring`): when it matches no row, the compound statement it is
 * sent in fails with this signal (`rowMovedOf` turns it back into RowMoved), so the transaction rolls back as
 * when the UPDATE's answer was read.
 */
export const guardedUpdate = (sql: string, replacements: unknown[], table: string): CompoundPart => ({
  sql: `${sql}; IF ROW_COUNT() <> 1 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${ROW_MOVED}${table.replace(/[^\w]/g, '')}'; END IF`,
  replacements,
});

/** The RowMoved a held conditional UPDATE's signal stands for, if `err` is that signal. */
export function rowMovedOf(err: unknown): RowMoved | undefined {
  const original = (err as { original?: { sqlState?: string; sqlMessage?: string } } | null)?.original;
  if (original?.sqlState !== '45000' || !original.sqlMessage?.startsWith(ROW_MOVED)) return undefined;
  return new RowMoved(original.sqlMessage.slice(ROW_MOVED.length));
}
