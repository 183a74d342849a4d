import { QueryTypes } from 'sequelize';
import { db } from '../db/connection.js';

/**
 * Seconds since the oldest certificate still waiting for its on-chain commitment was sealed; 0 when
 * none waits. Read through the index on certificate_states.onchain_committed (migration 0006).
 */
export async function oldestUncommittedAge(): Promise<number> {
  const [row] = await db().query<{ at: Date | null }>(
    'SELECT MIN(c.issued_at) AS at FROM certificate_states s JOIN certificates c ON c.id = s.certificate_id WHERE s.onchain_committed = 0',
    { type: QueryTypes.SELECT },
  );
  return row?.at ? Math.max(0, (Date.now() - new Date(row.at).getTime()) / 1000) : 0;
}
