import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may connect to on a user's say-so (a push endpoint): public unicast
 * ones only. The special ranges come from ipaddr.js (maintained, and the list Fastify's proxy-addr
 * already trusts): loopback, RFC 1918, link-local, CGNAT 100.64/10, 0.0.0.0/8, multicast, broadcast,
 * documentation and benchmarking ranges, 240/4; on IPv6 unique-local, link-local, IPv4-mapped and
 * the IPv4-embedding prefixes (NAT64, 6to4, Teredo), ORCHID, documentation. On top of that an IPv6
 * address must be in 2000::/3, the only block handed out as global unicast, so the deprecated
 * IPv4-compatible form (::127.0.0.1) and whatever IANA has not allocated are refused as well.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** The range that makes `address` non-public (ipaddr.js's name for it), or null when it is public. */
export function nonPublicRange(address: string): string | null {
  // Only canonical literals: ipaddr.js would also read '0x7f.1' or '2130706433', which no resolver
  // answers and URL parsing has already turned into dotted form.
  const family = isIP(address);
  if (family === 0) return 'invalid';
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6)) return 'reserved';
  return null;
}

export const isPublicAddress = (address: string) => nonPublicRange(address) === null;

/** A host name resolved (or named) to an address the server must not connect to. */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(
      host === address
        ? `${address} is not a public address (${range})`
        : `${host} resolves to ${address}, not a public address (${range})`,
    );
    this.name = 'NonPublicAddressError';
  }
}

/** Every address `hostname` resolves to, through `lookup` (dns.lookup or a stand-in). */
export function lookupAll(lookup: LookupFunction, hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (err, addresses) => {
      if (err) reject(err);
      else resolve(Array.isArray(addresses) ? addresses : [{ address: addresses, family: isIP(addresses) }]);
    });
  });
}

/** The first non-public address among `addresses`, as the error to refuse the host with. */
export function firstNonPublic(hostname: string, addresses: readonly LookupAddress[]) {
  for (const { address } of addresses) {
    const range = nonPublicRange(address);
    if (range) return new NonPublicAddressError(hostname, address, range);
  }
  return addresses.length === 0 ? new NonPublicAddressError(hostname, '(no address)', 'invalid') : null;
}

/**
 * A lookup for sockets (net.connect's `lookup`, so an http(s).Agent's too) that answers only when
 * every address of the name is public: the check applies to the address actually connected to, at
 * connection time, so a name that pointed elsewhere when it was checked earlier cannot lead inside.
 * One non-public answer refuses the whole name (a name mixing both is not a push service's).
 */
export function publicOnlyLookup(lookup: LookupFunction): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    lookup(hostname, { ...options, all: true }, (err, answer, family) => {
      if (err) return callback(err, '', undefined);
      const addresses: LookupAddress[] = Array.isArray(answer)
        ? answer
        : [{ address: answer, family: family ?? isIP(answer) }];
      const refused = firstNonPublic(hostname, addresses);
      if (refused) return callback(refused as NodeJS.ErrnoException, '', undefined);
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
