export * from './types.js';
export { encodeHeader, decodeHeader, MAX_HEADER_BYTES } from './codec.js';
export { buildPaymentRequired, buildRequirements, paymentTerms, usdcToAtomic, type PaymentTerms } from './requirements.js';
export { verifyPayment, authorizationDigest, eip712Domain, TRANSFER_WITH_AUTHORIZATION_TYPES, type VerifyDeps, type VerifyResult } from './verify.js';
export { localSettler, facilitatorSettler, reconcileAuthorization, type Settler, type SettleOutcome, type SettleHooks } from './settle.js';
export { payOnce, reconcilePending, listPayments, findPayment, defaultSettler, type PaymentDeps, type PaymentRecord, type PayOnceResult } from './ledger.js';
export { x402Gate, type X402GateOptions, type X402Price, type PaidRequest } from './express.js';
