import { Op } from 'sequelize';

/**
 * Flags raised by the service itself (monitoring alerts, docs/monitoring.md) carry a `system:`
 * reporter. They go to operators like any flag (dismiss, or confirm → suspend), but they are not
 * community flags: `activeFlagCount`, and so `valid`, count community flags only (spec 2.1), so an
 * alert waiting for an operator is never an automatic suspension; live-status shows it as monitoring
 * state ALERT. Bounties, flag statistics and the public flag summary are about community flags too.
 */
export const SYSTEM_MONITORING_REPORTER = 'system:monitoring';
export const isSystemFlag = (flag: { reporter: string }): boolean => flag.reporter.startsWith('system:');
/** Where clause: the community flags (those that count in activeFlagCount). */
export const COMMUNITY_FLAGS = { reporter: { [Op.notLike]: 'system:%' } };
