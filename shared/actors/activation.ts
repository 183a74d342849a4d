import type { ActorRow } from './api-keys.js';
import { config } from '../config.js';

export const TERMS_VERSION = '2026-11';

/** What an actor still lacks before it can submit, said truthfully. */
export function activationView(actor: Pick<ActorRow, 'id' | 'name' | 'activatedAt' | 'termsVersion'>) {
  const requirements = [
    { key: 'api_key', satisfied: true, description: 'A valid API key (you are using one).' },
    {
      key: 'accept_terms',
      satisfied: Boolean(actor.activatedAt),
      description: `Accept the terms of service (version ${TERMS_VERSION}): POST /cert/v1/activate with {"acceptTerms": true}.`,
    },
  ];
  if (config().CERT_V1_REQUIRE_PAYMENT) {
    // Not a standing requirement an actor can meet once: each paid submission brings its own intent.
    requirements.push({
      key: 'payment_per_submission',
      satisfied: true,
      description: 'Submissions in paid categories need a paid payment intent: POST /cert/v1/payments/intents, confirm it with an x402 proof, send paymentIntentId.',
    });
  }
  return {
    actorId: actor.id,
    actorName: actor.name,
    activated: Boolean(actor.activatedAt),
    activatedAt: actor.activatedAt?.toISOString() ?? null,
    termsVersion: actor.termsVersion,
    requirements,
    missing: requirements.filter((r) => !r.satisfied).map((r) => r.key),
    canSubmit: requirements.every((r) => r.satisfied),
  };
}
