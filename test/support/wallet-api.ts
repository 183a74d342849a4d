/**
 * Calls to the HTTP API as a wallet-signed-in agent or a developer would make them, shared by the
 * suites that sign in with a wallet and pay in test USDC (agent, payment recovery, portal, validators).
 */
import * as assert from 'uvu/assert';
import { Contract, JsonRpcProvider } from 'ethers';

export interface CallOptions {
  /** An agent wallet session (`x-agent-session`). */
  session?: string;
  /** A bearer token (developer token or API key). */
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}
export interface CallResult { status: number; body: any; headers: Headers }

/** One request; a JSON answer is parsed, anything else (markdown, HTML) is kept as text. */
export async function callApi(base: string, method: string, path: string, opts: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.session) headers['x-agent-session'] = opts.session;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${base}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, body, headers: r.headers };
}

/** Challenge, signature, session: the agent sign-in (spec 1.9); the session token. */
export async function walletSignIn(base: string, w: { address: string; signMessage(message: string): Promise<string> }): Promise<string> {
  const ch = await callApi(base, 'GET', `/api/v1/cert/agent/auth/challenge?wallet=${w.address}`);
  assert.is(ch.status, 200, JSON.stringify(ch.body));
  const v = await callApi(base, 'POST', '/api/v1/cert/agent/auth/verify', { body: { wallet: w.address, nonce: ch.body.nonce, signature: await w.signMessage(ch.body.message) } });
  assert.is(v.status, 200, JSON.stringify(v.body));
  return v.body.sessionToken;
}

/** A token balance (base units) read from the chain at `rpcUrl`. */
export async function tokenBalance(rpcUrl: string, token: string, owner: string): Promise<bigint> {
  const p = new JsonRpcProvider(rpcUrl);
  try {
    return (await new Contract(token, ['function balanceOf(address) view returns (uint256)'], p).balanceOf!(owner)) as bigint;
  } finally {
    p.destroy();
  }
}
