import type { QueryInterface } from 'sequelize';

/** Categories are data: the default keys are the product type names. */
export const DEFAULT_CATEGORIES = [
  {
    key: 'SKILL',
    product_type: 'SKILL',
    name: 'Skill',
    description: 'An agent skill (SKILL.md): instructions and code an AI agent follows.',
    price_usd: '25.00',
    version_update_multiplier: '0.400',
    free_resubmissions: 2,
  },
  {
    key: 'AUDIT_SKILL',
    product_type: 'AUDIT_SKILL',
    name: 'Audit skill',
    description:
      'A skill whose job is to inspect code, skills or packages and report findings. Held to a read-only standard: it may not declare or show shell, filesystem:write or env capabilities.',
    price_usd: '40.00',
    version_update_multiplier: '0.400',
    free_resubmissions: 2,
  },
];

export const PRODUCT_VERSIONS = [
  { component: 'platform', version: '0.1.0', description: 'The cert service' },
  { component: 'api', version: '4.4.1', description: 'OpenAPI description of the authenticated and public API' },
  { component: 'certification-protocol', version: '1.0.0', description: 'Certificate canonical form and signing rules' },
  { component: 'agent-skill-file', version: '1.2.1', description: 'The agent skill file served by the site' },
];

export async function up(q: QueryInterface): Promise<void> {
  const now = new Date();
  await q.bulkInsert('categories', DEFAULT_CATEGORIES.map((c) => ({ ...c, active: true, created_at: now, updated_at: now })));
  await q.bulkInsert('product_versions', PRODUCT_VERSIONS.map((p) => ({ ...p, created_at: now, updated_at: now })));
}

export async function down(q: QueryInterface): Promise<void> {
  await q.bulkDelete('categories', { key: DEFAULT_CATEGORIES.map((c) => c.key) });
  await q.bulkDelete('product_versions', {});
}
