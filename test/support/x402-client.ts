import { randomBytes } from 'node:crypto';
import { hexlify, type Wallet } from 'ethers';
import { decodeHeader, encodeHeader } from '../../shared/payments/x402/codec.js';
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from '../../shared/payments/x402/verify.js';
import type { PaymentRequired } from '../../shared/payments/x402/types.js';

/**
 * A hand-built x402 v2 payment with an ethers Wallet (the other journey uses the official client):
 * read PAYMENT-REQUIRED, sign EIP-3009 TransferWithAuthorization, encode PAYMENT-SIGNATURE.
 */
export async function paymentHeaderFor(paymentRequiredHeader: string, wallet: Pick<Wallet, 'address' | 'signTypedData'>): Promise<string> {
  const required = decodeHeader<PaymentRequired>(paymentRequiredHeader);
  const req = required.accepts[0]!;
  const chainId = Number(req.network.split(':')[1]);
  const now = Math.floor(Date.now() / 1000);
  const authorization = {
    from: wallet.address,
    to: req.payTo,
    value: req.amount,
    validAfter: String(now - 60),
    validBefore: String(now + 300),
    nonce: hexlify(randomBytes(32)),
  };
  const domain = { name: req.extra!.name, version: req.extra!.version, chainId, verifyingContract: req.asset };
  const signature = await wallet.signTypedData(domain, TRANSFER_WITH_AUTHORIZATION_TYPES, authorization);
  return encodeHeader({ x402Version: 2, resource: required.resource, accepted: req, payload: { signature, authorization } });
}
