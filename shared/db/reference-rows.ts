/**
 * Two small tables every verdict reads and that change only by an operator's or a validator's hand: the
 * validators (the sandbox step seats a round from the active ones, sealing names each vote's wallet) and the
 * product categories (every submission's intake). Each is cached whole per process, web and worker, under
 * the read cache's invalidation, as an owner's webhook endpoints are (shared/webhooks/store.ts): on its own
 * channel, so the worker is not woken by the status invalidations every verdict publishes.
 *
 * Every write goes through the models, whose hooks (installed by `watchReferenceRows`) drop the table
 * everywhere once the write commits; a write outside a transaction returns only once the invalidation has
 * reached Redis. READ_CACHE_TTL_MS bounds a lost message; while a process does not listen (the channel down,
 * a one-shot command) every read goes to MySQL as before. A miss inside a transaction is read in it.
 */
import type { Transaction } from 'sequelize';
import { cacheKey, invalidate, invalidationsSent, liveCache, type CacheKind } from '../cache/read-cache.js';
import { Category, Validator } from './models.js';

const ALL = cacheKey.table();

const readValidators = (t?: Transaction) => Validator.findAll({ order: [['key', 'ASC']], transaction: t });
const validatorCache = liveCache<Validator[]>('validators', () => readValidators());

/** Every validator, by key (read-only: shared between readers). */
export function allValidators(t?: Transaction): Promise<readonly Validator[]> {
  return validatorCache.get(ALL, t ? () => readValidators(t) : undefined);
}

const readCategories = async (t?: Transaction) => new Map((await Category.findAll({ transaction: t })).map((c) => [c.key, c] as const));
const categoryCache = liveCache<Map<string, Category>>('categories', () => readCategories());

/** A category by key, or null (read-only: shared between readers). */
export async function categoryByKey(key: string, t?: Transaction): Promise<Category | null> {
  const all = await categoryCache.get(ALL, t ? () => readCategories(t) : undefined);
  return all.get(key) ?? null;
}

type HookOptions = { transaction?: Transaction | null };

/** After a write: the table is dropped everywhere (after its commit when in a transaction). */
function changed(kind: Extract<CacheKind, 'validators' | 'categories'>) {
  return async (...args: unknown[]): Promise<void> => {
    const options = (args.length > 1 ? args[1] : args[0]) as HookOptions | undefined;
    const t = options?.transaction ?? null;
    invalidate[kind](t);
    // Outside a transaction it was published now: answer once every listening process has been told.
    if (!t) await invalidationsSent();
  };
}

/** Installs the invalidating hooks: after every binding of the models (Model.init starts from no hooks). */
export function watchReferenceRows(): void {
  for (const [model, kind] of [
    [Validator, 'validators'],
    [Category, 'categories'],
  ] as const) {
    const hook = changed(kind);
    for (const name of ['afterCreate', 'afterUpdate', 'afterDestroy', 'afterUpsert', 'afterBulkCreate', 'afterBulkUpdate', 'afterBulkDestroy'] as const) {
      (model as unknown as { addHook(n: string, f: (...a: unknown[]) => Promise<void>): void }).addHook(name, hook);
    }
  }
}
