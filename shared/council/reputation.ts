/**
 * Validator accuracy and reputation, from the votes and the final outcome of each submission.
 *
 * - A vote is *decided* once its round is closed and its submission is final: APPROVED or REJECTED,
 *   whoever decided it (the council's tally, or an operator resolving an escalation). A submission
 *   still ESCALATED is not decided yet.
 * - A vote *agrees* when APPROVE meets APPROVED, or REJECT or ESCALATE meets REJECTED (holding a
 *   skill back for a human was right when the human rejected it; escalating a skill a human then
 *   approved cost a review for nothing).
 * - accuracy = agreed / decided (null before the first decided vote).
 * - reputation (0–1000) = 1000 × the lower bound of the 95 % Wilson interval of accuracy: accuracy
 *   weighed by volume, so 3 of 3 (438) ranks below 95 of 100 (≈ 888).
 */
import { QueryTypes } from 'sequelize';
import { db } from '../db/connection.js';
import { Validator } from '../db/models.js';

export interface Standing {
  validatorKey: string;
  walletAddress: string;
  kind: string;
  status: string;
  displayName: string;
  votesCast: number;
  decidedVotes: number;
  agreedVotes: number;
  accuracy: number | null;
  reputation: number;
}

const Z = 1.96;

export function reputationOf(agreed: number, decided: number): number {
  if (decided <= 0) return 0;
  const p = agreed / decided;
  const z2 = Z * Z;
  const lower = (p + z2 / (2 * decided) - Z * Math.sqrt((p * (1 - p)) / decided + z2 / (4 * decided * decided))) / (1 + z2 / decided);
  return Math.max(0, Math.round(1000 * lower));
}

export const accuracyOf = (agreed: number, decided: number): number | null => (decided > 0 ? Math.round((1000 * agreed) / decided) / 1000 : null);

/** One aggregate over votes, rounds and submissions; every validator, also those without votes. */
export async function validatorStandings(where: { walletAddress?: string } = {}): Promise<Standing[]> {
  const validators = await Validator.findAll({ where, order: [['key', 'ASC']] });
  if (validators.length === 0) return [];
  const rows = await db().query<{ k: string; votes: number; decided: number; agreed: number }>(
    `SELECT v.validator_key AS k, COUNT(*) AS votes,
       SUM(CASE WHEN r.closed_at IS NOT NULL AND s.status IN ('APPROVED', 'REJECTED') THEN 1 ELSE 0 END) AS decided,
       SUM(CASE WHEN r.closed_at IS NOT NULL AND ((s.status = 'APPROVED' AND v.verdict = 'APPROVE') OR (s.status = 'REJECTED' AND v.verdict IN ('REJECT', 'ESCALATE'))) THEN 1 ELSE 0 END) AS agreed
     FROM votes v JOIN council_rounds r ON r.id = v.round_id JOIN submissions s ON s.id = r.submission_id
     WHERE v.validator_key IN (:keys)
     GROUP BY v.validator_key`,
    { type: QueryTypes.SELECT, replacements: { keys: validators.map((v) => v.key) } },
  );
  const by = new Map(rows.map((r) => [r.k, r]));
  return validators.map((v) => {
    const r = by.get(v.key);
    const votes = Number(r?.votes ?? 0);
    const decided = Number(r?.decided ?? 0);
    const agreed = Number(r?.agreed ?? 0);
    return {
      validatorKey: v.key,
      walletAddress: v.walletAddress,
      kind: v.kind,
      status: v.status,
      displayName: v.displayName,
      votesCast: votes,
      decidedVotes: decided,
      agreedVotes: agreed,
      accuracy: accuracyOf(agreed, decided),
      reputation: reputationOf(agreed, decided),
    };
  });
}
