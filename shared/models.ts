/**
 * Every table's model bound to this process's connection: the core models (shared/db/models.ts) and the
 * ones each domain keeps beside it. A composition root, so db/ never imports the domains above it
 * (docs/architecture.md).
 */
import type { Sequelize } from 'sequelize';
import { db } from './db/connection.js';
import { initCoreModels } from './db/models.js';
import { watchReferenceRows } from './db/reference-rows.js';
import { initEconomyModels } from './economy/models.js';
import { initMonitoringModels } from './monitoring/models.js';
import { initPackageAdvisoryModels, initPackageReanalysisModels } from './packages/recheck-models.js';
import { initOperatorModels } from './operators/models.js';
import { initPaymentModels } from './payments/models.js';

let boundTo: Sequelize | undefined;

/** Binds the models to this process's Sequelize (again after closeDb, as in a multi-suite test run). */
export function initModels(): void {
  const sequelize = db();
  if (boundTo === sequelize) return;
  boundTo = sequelize;
  initCoreModels(sequelize);
  watchReferenceRows();
  initPaymentModels(sequelize);
  initEconomyModels(sequelize);
  initOperatorModels(sequelize);
  initMonitoringModels(sequelize);
  initPackageAdvisoryModels(sequelize);
  initPackageReanalysisModels(sequelize);
}
