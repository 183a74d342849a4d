/**
 * Webhook event types and payloads (docs/webhooks.md). Pure: the state changes elsewhere call
 * `recordWebhookEvent` (shared/webhooks/outbox.ts) with one of these.
 */

export const WEBHOOK_EVENT_TYPES = ['submission.status_changed', 'certificate.flagged', 'certificate.suspended', 'certificate.reinstated', 'certificate.committed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const isWebhookEventType = (s: string): s is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(s);

/** The body of one delivery: Standard Webhooks' `{type, timestamp, data}`. */
export interface WebhookEvent {
  type: WebhookEventType;
  /** When the change happened (ISO 8601), not when it was delivered. */
  timestamp: string;
  data: Record<string, unknown>;
}

/** Submission states whose reaching is a verdict (the others are progress). */
const VERDICTS = new Set(['SANDBOX_FAILED', 'APPROVED', 'REJECTED', 'ESCALATED']);

/** A submission moved from `from` to `to`. */
export function submissionEvent(sub: { id: string; skillName: string; certificateId?: string | null }, from: string, to: string, at: Date): WebhookEvent {
  return {
    type: 'submission.status_changed',
    timestamp: at.toISOString(),
    data: { submissionId: sub.id, skillName: sub.skillName, previousStatus: from, status: to, verdict: VERDICTS.has(to), certificateId: to === 'APPROVED' ? (sub.certificateId ?? null) : null },
  };
}

/** What happened to a certificate's live state, from an action and the status before and after. */
export type CertificateChange =
  | { kind: 'flagged'; flagId: string; reason: string; system: boolean }
  | { kind: 'status'; from: string; to: string; reason: string }
  | { kind: 'committed'; txHash: string | null; registryAddress: string; committedAt: Date };

/**
 * The event a certificate change raises, or null when it raises none: a status change to SUSPENDED
 * is `certificate.suspended`, from SUSPENDED back to APPROVED is `certificate.reinstated`; a status
 * that did not change (suspending a suspended certificate) and other moves (deprecation) raise nothing.
 */
export function certificateEvent(cert: { id: string; skillName: string }, change: CertificateChange, at: Date): WebhookEvent | null {
  const base = { certificateId: cert.id, skillName: cert.skillName };
  const ts = at.toISOString();
  switch (change.kind) {
    case 'flagged':
      return { type: 'certificate.flagged', timestamp: ts, data: { ...base, flagId: change.flagId, reason: change.reason, source: change.system ? 'monitoring' : 'community' } };
    case 'status':
      if (change.from === change.to) return null;
      if (change.to === 'SUSPENDED') return { type: 'certificate.suspended', timestamp: ts, data: { ...base, previousStatus: change.from, status: change.to, reason: change.reason } };
      if (change.from === 'SUSPENDED' && change.to === 'APPROVED') return { type: 'certificate.reinstated', timestamp: ts, data: { ...base, previousStatus: change.from, status: change.to, reason: change.reason } };
      return null;
    case 'committed':
      return { type: 'certificate.committed', timestamp: ts, data: { ...base, txHash: change.txHash, registryAddress: change.registryAddress, committedAt: change.committedAt.toISOString() } };
  }
}

/** Whether an endpoint subscribed to `events` (empty: every type) wants `type`. */
export const wants = (events: readonly string[], type: WebhookEventType): boolean => events.length === 0 || events.includes(type);
