/**
 * The service's SSRF guard, shared by every fetch of a URL someone else chose (skill sources,
 * declared API endpoints): resolve the host once, refuse it when any address is not ordinary public
 * unicast (unless the caller allows that host), and connect to exactly the checked address (no DNS
 * rebinding window between the check and the connection).
 */
import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** True when the address is ordinary global unicast (IPv4-mapped IPv6 judged by its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let addr = ipaddr.parse(address);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  // Everything ipaddr.js classes as special (loopback, private, linkLocal, uniqueLocal, multicast,
  // unspecified, carrierGradeNat, broadcast, reserved, 6to4, teredo, NAT64, ...) is refused.
  return addr.range() === 'unicast';
}

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

export type Lookup = (host: string) => Promise<string[]>;

export const defaultLookup: Lookup = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((r) => r.address);

export const stripBrackets = (hostname: string): string => (hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname);

/** Why a host was not connected to. */
export type GuardFailure = 'unresolvable' | 'forbidden_address' | 'timeout';

export class GuardError extends Error {
  override readonly name = 'GuardError';
  constructor(
    readonly kind: GuardFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Resolves `hostname` and returns the address to connect to. Refuses (GuardError) a host that does
 * not resolve, resolves to any non-public address while `allowPrivate` is false, or takes longer
 * than `deadline` (a promise that resolves when time is up).
 */
export async function resolveGuarded(hostname: string, opts: { allowPrivate: boolean; lookup?: Lookup; deadline?: Promise<unknown> }): Promise<PinnedAddress> {
  const host = stripBrackets(hostname);
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    let result: string[] | null;
    try {
      const lookup = (opts.lookup ?? defaultLookup)(host);
      result = await (opts.deadline ? Promise.race([lookup, opts.deadline.then(() => null)]) : lookup);
    } catch {
      throw new GuardError('unresolvable', `${host} does not resolve`);
    }
    if (result === null) throw new GuardError('timeout', `resolving ${host} took too long`);
    addresses = result;
  }
  if (!Array.isArray(addresses) || addresses.length === 0 || addresses.some((a) => typeof a !== 'string' || !ipaddr.isValid(a))) {
    throw new GuardError('unresolvable', `${host} does not resolve`);
  }
  if (!opts.allowPrivate && !addresses.every(isPublicAddress)) {
    throw new GuardError('forbidden_address', `${host} resolves to a private, loopback or otherwise non-public address`);
  }
  const first = addresses[0]!;
  return { address: first, family: ipaddr.parse(first).kind() === 'ipv6' ? 6 : 4 };
}

/** A `lookup` for http(s).request/Agent that answers `pin` whatever the host name resolves to now. */
export function pinnedLookup(pin: PinnedAddress): LookupFunction {
  return ((_hostname: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all === true;
    if (all) cb(null, [{ address: pin.address, family: pin.family }]);
    else cb(null, pin.address, pin.family);
  }) as LookupFunction;
}
