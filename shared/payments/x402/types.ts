import { z } from 'zod';

/**
 * x402 version 2 wire types (HTTP transport), `exact` scheme on EVM (EIP-3009).
 *
 *   402 response header  PAYMENT-REQUIRED   base64(JSON PaymentRequired)
 *   client retry header  PAYMENT-SIGNATURE  base64(JSON PaymentPayload)   (developer channel: X-Payment-Receipt)
 *   result header        PAYMENT-RESPONSE   base64(JSON SettlementResponse)
 * Standard base64 (not base64url) of UTF-8 JSON.
 */

/** EIP-3009 TransferWithAuthorization, the typed data an `exact` EVM payment signs (payer and verifier alike). */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
};

export interface PaymentRequirements {
  scheme: 'exact';
  /** CAIP-2, e.g. `eip155:8453`. */
  network: string;
  /** Atomic units of the asset (USDC: 6 decimals), decimal string. */
  amount: string;
  /** Token contract address. */
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  /** EIP-712 domain of the token: the payer signs with exactly these. */
  extra: { name: string; version: string; [k: string]: unknown };
}

export interface ResourceInfo {
  url: string;
  description?: string;
  mimeType?: string;
}

export interface PaymentRequired {
  x402Version: 2;
  error?: string;
  resource: ResourceInfo;
  accepts: PaymentRequirements[];
  extensions?: Record<string, unknown>;
}

export interface ExactEvmAuthorization {
  from: string;
  to: string;
  value: string;
  validAfter: string;
  validBefore: string;
  /** bytes32 hex */
  nonce: string;
}

export interface PaymentPayload {
  x402Version: number;
  resource?: ResourceInfo;
  /** The accepts entry the client chose. */
  accepted: PaymentRequirements;
  payload: { signature: string; authorization: ExactEvmAuthorization };
  extensions?: Record<string, unknown>;
}

export interface SettlementResponse {
  success: boolean;
  transaction: string;
  network: string;
  payer?: string;
  errorReason?: string;
}

/** Stable error codes of the payment flow (the service's `{error: {code, message}}` shape). */
export type PaymentErrorCode =
  | 'payment_required'
  | 'payment_malformed'
  | 'payment_unsupported'
  | 'payment_wrong_network'
  | 'payment_wrong_asset'
  | 'payment_wrong_recipient'
  | 'payment_underpaid'
  | 'payment_amount_mismatch'
  | 'payment_expired'
  | 'payment_not_yet_valid'
  | 'payment_invalid_signature'
  | 'payment_replayed'
  | 'payment_insufficient_funds'
  | 'payment_simulation_failed'
  | 'payment_settlement_failed'
  | 'payment_in_progress'
  | 'payment_unavailable';

const STATUS: Record<PaymentErrorCode, number> = {
  payment_required: 402,
  payment_malformed: 402,
  payment_unsupported: 402,
  payment_wrong_network: 402,
  payment_wrong_asset: 402,
  payment_wrong_recipient: 402,
  payment_underpaid: 402,
  payment_amount_mismatch: 402,
  payment_expired: 402,
  payment_not_yet_valid: 402,
  payment_invalid_signature: 402,
  payment_replayed: 402,
  payment_insufficient_funds: 402,
  payment_simulation_failed: 402,
  payment_settlement_failed: 402,
  payment_in_progress: 409,
  payment_unavailable: 503,
};

/** A payment refused or not (yet) possible. `message` is safe to show: never RPC URLs, keys or provider text. */
export class PaymentError extends Error {
  override name = 'PaymentError';
  readonly status: number;
  constructor(
    readonly code: PaymentErrorCode,
    message: string,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export function paymentErrorStatus(code: PaymentErrorCode): number {
  return STATUS[code];
}

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address');
const uint = z.union([z.string().regex(/^[0-9]{1,78}$/, 'must be a non-negative integer'), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]).transform((v) => String(v));
const bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 32 bytes of hex');

export const paymentRequirementsSchema = z.object({
  scheme: z.string().max(32),
  network: z.string().max(64),
  amount: uint,
  asset: z.string().max(64),
  payTo: z.string().max(64),
  maxTimeoutSeconds: z.number().int().nonnegative(),
  extra: z.record(z.string(), z.unknown()).optional(),
});

export const paymentPayloadSchema = z.object({
  x402Version: z.number().int(),
  resource: z.object({ url: z.string().max(4096), description: z.string().max(4096).optional(), mimeType: z.string().max(256).optional() }).optional(),
  accepted: paymentRequirementsSchema,
  payload: z.object({
    signature: z.string().regex(/^0x([0-9a-fA-F]{2}){1,4096}$/, 'must be hex bytes'),
    authorization: z.object({ from: address, to: address, value: uint, validAfter: uint, validBefore: uint, nonce: bytes32 }),
  }),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

/** Validates a decoded payment header; a bad shape is `payment_malformed` naming the first bad field. */
export function parsePaymentPayload(value: unknown): PaymentPayload {
  const r = paymentPayloadSchema.safeParse(value);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new PaymentError('payment_malformed', `payment payload is malformed at ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  return r.data as unknown as PaymentPayload;
}
