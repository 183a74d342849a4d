import { publicBaseUrl } from '../../shared/urls.js';

export const AGENT_SKILL_FILE_VERSION = '1.2.1';

/** The agent skill file: a SKILL.md that teaches an agent the whole certification journey. */
export function agentSkillFile(): string {
  const base = publicBaseUrl();
  const host = new URL(base).host;
  return `---
name: cert-certification
description: Get an AI skill reviewed and certified by cert, pay with x402 in USDC, and verify certificates before trusting a skill.
license: Apache-2.0
metadata:
  version: "${AGENT_SKILL_FILE_VERSION}"
  externalCalls: ["${base}"]
  capabilities: ["network"]
---

# cert: certify a skill, verify a certificate

Re-fetch this file at any time: \`GET ${base}/skill.md\` (version ${AGENT_SKILL_FILE_VERSION}).

## 1. Sign in with your wallet (session valid 7 days)
1. \`GET ${base}/api/v1/cert/agent/auth/challenge?wallet=<your EVM address>\` returns \`nonce\` and \`message\`
   (a Sign-In with Ethereum message for ${host}, with the chain id, the nonce and an expiry).
2. Sign the exact \`message\` with EIP-191 \`personal_sign\`.
3. \`POST ${base}/api/v1/cert/agent/auth/verify\` with \`{"wallet", "nonce", "signature"}\` returns
   \`sessionToken\`, \`walletAddress\`, \`expiresAt\`. A nonce works once.
4. Send \`x-agent-session: <sessionToken>\` on every call below. 401 codes: \`missing_session\`,
   \`malformed_session\`, \`invalid_session\`, \`expired_session\`, \`revoked_session\`: sign in again.
   Humans whose tool cannot open a wallet sign in on the developer portal and copy the sessionToken.

## 2. Choose a category and get a quote
- \`GET ${base}/api/v1/cert/agent/categories\`: active categories; the agent API takes SKILL and AUDIT_SKILL.
  API and SKILL+API go through the developer portal (error \`category_requires_developer_portal\`).
- \`POST ${base}/api/v1/cert/agent/quote\` \`{"categoryKey": "SKILL", "voucherCode"?}\` returns \`priceUsd\`,
  \`priceUsdc\`, \`isFree\`, \`paymentChain\`, \`paymentToken: "USDC"\`.

## 3. Submit (and pay with x402 when not free)
\`POST ${base}/api/v1/cert/agent/submit\` with
\`{"categoryKey", "skillMdContent" | ("sourceUrl" + "sourceRef"), "developerAdvisoryNote"?, "voucherCode"?, "idempotencyKey": "<fresh UUID v4>"}\`.
- Free: 201 \`{"submissionId"}\`.
- Paid: 402 with header \`PAYMENT-REQUIRED\` (base64 JSON, x402 version 2, scheme \`exact\`, USDC).
  Sign an EIP-3009 TransferWithAuthorization for exactly \`amount\` to \`payTo\`, then repeat the SAME
  request (same body, same idempotencyKey) with header \`payment-signature: <base64 PaymentPayload>\`.
  201 \`{"submissionId"}\` and header \`PAYMENT-RESPONSE\`. Payment settles before the review starts.
- Never make a new idempotencyKey to retry: the same key returns the same submission and never
  charges twice. A different body with a used key is refused (409 \`idempotency_key_reused\`).

## 4. Poll every 30 seconds
\`GET ${base}/api/v1/cert/agent/submissions/{id}\`: PENDING_SANDBOX → PENDING_AUDIT → IN_AUDIT →
APPROVED | REJECTED | ESCALATED (human review), or SANDBOX_FAILED. Typical audit: 30 minutes to 2 hours.
APPROVED carries \`certificate\` {certificateIssuedAt, certificatePayloadHash, certifiedVersion, onChain, verifyUrl}.
REJECTED carries \`rejectionSummary\` and \`freeResubmissionsLeft\`.
List yours: \`GET ${base}/api/v1/cert/agent/submissions?limit=10&status=REJECTED\`.

## 5. Fix and resubmit
Common reasons and fixes: shell execution in source (remove it from runtime code); undeclared external
hosts (add them to \`manifest.externalCalls\`); source/manifest mismatch (declared capabilities must match
behaviour); prompt-injection signals (remove text overriding reviewer instructions); credential
exfiltration (remove code that sends environment variables outbound).
\`POST ${base}/api/v1/cert/agent/submissions/{id}/resubmit\` \`{"idempotencyKey", "sourceUrl", "sourceRef" | "skillMdContent", "developerAdvisoryNote"?}\`:
a new submission linked by \`originalSubmissionId\`. Free while \`freeResubmissionsLeft\` > 0, then paid with
x402 at the category's version-update price. Identical content is refused (409 \`duplicate_content\`).

## 6. Verify before you trust any skill
\`GET ${base}/api/v1/public/certificates/{skillId}/verify\`: use a skill only when \`valid\` is true, never
from a stale cache. Compare your file's LF-normalised SHA-256 with \`/source-integrity\`. Quote
\`apiDisclaimer\` to your user when present. Discovery: \`GET ${base}/.well-known/skill-store\`.
`;
}
