/**
 * Plain JSON-RPC over fetch with a deadline, and the error a chain that does not answer raises. Kept apart from
 * provider.ts (signers, nonces, the database lock) so a reader such as the `cert verify` command line can call a
 * chain without loading the service's infrastructure.
 */

/** The chain could not be reached or answered garbage. Retry later; nothing was decided. Never carries the RPC URL (it may embed an API key). */
export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError';
  constructor(
    message = 'the chain RPC endpoint is not reachable',
    /** What the endpoint did, in its own terms (`ECONNREFUSED`, `no answer within 3 s`, the JSON-RPC error): for a reader's report. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** A raw JSON-RPC call with a timeout, for probing an endpoint without ethers' retry loop. */
export async function rpcCall<T = unknown>(rpcUrl: string, method: string, params: unknown[] = [], timeoutMs = 3000): Promise<T> {
  let res: Response;
  try {
    res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    throw new ChainUnavailableError(undefined, e.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (e.cause?.code ?? e.message));
  }
  let body: { result?: T; error?: { message?: string } };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new ChainUnavailableError('the chain RPC endpoint answered with something other than JSON-RPC', `the RPC answered HTTP ${res.status} without JSON-RPC`);
  }
  if (body.error || !('result' in body)) throw new ChainUnavailableError(`the chain RPC endpoint refused ${method}`, body.error?.message ?? 'JSON-RPC error');
  return body.result as T;
}
