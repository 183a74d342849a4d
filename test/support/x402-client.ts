/**
 * A hand-built x402 v2 payment with an ethers Wallet (the other journey uses the official client):
 * read PAYMENT-REQUIRED, sign EIP-3009 TransferWithAuthorization, encode PAYMENT-SIGNATURE. The
 * payer's code is the one the `cert` command line pays with (shared/payments/x402/pay.ts).
 */
export { paymentHeaderFor } from '../../shared/payments/x402/pay.js';
