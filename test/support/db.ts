import { Actor, Category } from '../../shared/db/models.js';
import { initModels } from '../../shared/models.js';
import { closeDb as closeConnection } from '../../shared/db/connection.js';
import { closeReadCache } from '../../shared/cache/read-cache.js';
import { createApiKey } from '../../shared/actors/api-keys.js';
import { TERMS_VERSION } from '../../shared/actors/activation.js';
import { randomUUID } from 'node:crypto';

/** Direct database access from the test process (the run's database, migrated by scripts/test.mjs). */
export function useDb(): void {
  initModels();
}

export async function newActorKey(opts: { activate?: boolean } = {}): Promise<string> {
  useDb();
  const k = await createApiKey(`test-${randomUUID().slice(0, 12)}`);
  if (opts.activate !== false) await Actor.update({ activatedAt: new Date(), termsVersion: TERMS_VERSION }, { where: { id: k.actorId } });
  return k.key;
}

/**
 * Closes the test process's connections: a write to the validators or categories (makeFree) publishes its
 * invalidation to the service's processes over a Redis connection of its own (shared/db/reference-rows.ts).
 */
export async function closeDb(): Promise<void> {
  await closeReadCache();
  await closeConnection();
}

/**
 * Makes some product categories free for a suite that does not test payment (the chain is another suite's
 * subject); returns what puts their prices back.
 */
export async function makeFree(keys: string[]): Promise<() => Promise<void>> {
  useDb();
  const prices = new Map((await Category.findAll({ where: { key: keys } })).map((c) => [c.key, c.priceUsd] as const));
  await Category.update({ priceUsd: '0' }, { where: { key: keys } });
  return async () => {
    for (const [key, price] of prices) await Category.update({ priceUsd: price }, { where: { key } });
  };
}
