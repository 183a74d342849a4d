import { initModels, Actor } from '../../shared/db/models.js';
import { closeDb } from '../../shared/db/connection.js';
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

export { closeDb };
