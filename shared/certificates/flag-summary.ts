import { Flag } from '../db/models.js';
import { withBounties } from '../economy/views.js';
import { COMMUNITY_FLAGS } from '../db/flag-kinds.js';

/** `GET /api/v1/public/certificates/{skillId}/flags` and the certificate page: community flags (monitoring alerts are in live-status) by status, open ones by reason, the 20 newest. */
export async function flagSummary(certificateId: string) {
  const flags = await Flag.findAll({ where: { certificateId, ...COMMUNITY_FLAGS }, order: [['createdAt', 'DESC']] });
  const count = (s: string) => flags.filter((f) => f.status === s).length;
  const byReason: Record<string, number> = {};
  for (const f of flags.filter((f) => f.status === 'OPEN')) byReason[f.reason] = (byReason[f.reason] ?? 0) + 1;
  return {
    skillId: certificateId,
    activeFlagCount: count('OPEN'),
    confirmedFlagCount: count('CONFIRMED'),
    dismissedFlagCount: count('DISMISSED'),
    openByReason: byReason,
    recent: await withBounties(flags.slice(0, 20).map((f) => ({ flagId: f.id, reason: f.reason, status: f.status, createdAt: f.createdAt.toISOString() }))),
  };
}
