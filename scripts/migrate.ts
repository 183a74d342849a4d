import { databaseHint, loadConfigOrExit } from '../shared/boot.js';
import { migrate } from '../shared/migrations/migrate.js';
import { initModels } from '../shared/models.js';
import { closeDb } from '../shared/db/connection.js';
import { syncBuiltInValidators } from '../shared/council/registry.js';

/** `release`: create the database if missing, apply migrations, register built-in validators. */
loadConfigOrExit();
try {
  const applied = await migrate();
  initModels();
  await syncBuiltInValidators();
  process.stdout.write(`${JSON.stringify({ migrated: applied })}\n`);
  await closeDb();
} catch (err) {
  const code = (err as { code?: string }).code ?? '';
  const unreachable = ['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code);
  process.stderr.write(`migration failed: ${unreachable ? databaseHint(err) : (err as Error).message}\n`);
  process.exit(1);
}
