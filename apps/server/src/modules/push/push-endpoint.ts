import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  firstNonPublic,
  lookupAll,
  NonPublicAddressError,
  nonPublicRange,
  publicOnlyLookup,
} from '../../lib/public-address';

/**
 * Which push endpoints the server will POST to (docs/decisions/021-push-endpoints.md). A push
 * endpoint is a URL a signed-in user hands us, so without limits it would make the server connect
 * wherever the user likes, its own network included. Every endpoint must:
 * - use https (plain http only with PUSH_ALLOW_HTTP, for the tests' local push service);
 * - be on a host of PUSH_ALLOWED_HOSTS (by default the browsers' push services);
 * - name a host, not an address, unless that exact address is listed;
 * - resolve only to public addresses — at subscription, and again at delivery on the socket itself.
 */
export interface PushEndpointPolicy {
  allowHttp: boolean;
  /** Host names, '*.' + a domain for its subdomains, exact addresses, or '*' for any host. */
  allowedHosts: readonly string[];
}

/** An endpoint refused by the policy: `message` is for the user, `detail` for the log and outbox. */
export class PushEndpointRefused extends Error {
  constructor(
    message: string,
    readonly detail: string,
    /** True when the check could not be made (DNS trouble): try again later, it is not the user's fault. */
    readonly temporary = false,
  ) {
    super(message);
    this.name = 'PushEndpointRefused';
  }
}

export const PUSH_ENDPOINT_MESSAGES = {
  notHttps: 'The push endpoint must use https.',
  notAllowed: 'Push notifications are not available through this browser’s push service.',
  notPublic: 'The push endpoint must be a public push service.',
  notFound: 'The push service could not be found.',
  unchecked: 'We could not check the push service just now. Please try again shortly.',
} as const;

/** The host as compared and looked up: lower case, no IPv6 brackets, no trailing dot. */
export function endpointHost(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/** True when `host` is on the allow-list (entries as config.ts normalised them). */
export function hostAllowed(host: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some(
    (entry) =>
      entry === host ||
      (entry === '*' && isIP(host) === 0) ||
      (entry.startsWith('*.') && isIP(host) === 0 && host.endsWith(entry.slice(1))),
  );
}

/** An address literal listed as such: the operator trusts it as named (e.g. the tests' 127.0.0.1). */
const listedAddress = (host: string, allowedHosts: readonly string[]) =>
  isIP(host) !== 0 && allowedHosts.includes(host);

/**
 * What can be said without DNS: scheme, allow-list, and address literals (which no lookup guards).
 * Returns the parsed URL and its host.
 */
export function checkEndpointShape(endpoint: string, policy: PushEndpointPolicy): { url: URL; host: string } {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new PushEndpointRefused('The push endpoint must be a URL.', `not a URL: ${endpoint}`);
  }
  const host = endpointHost(url);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new PushEndpointRefused(PUSH_ENDPOINT_MESSAGES.notHttps, `not https: ${url.protocol}//${host}`);
  }
  if (url.username || url.password) {
    throw new PushEndpointRefused(
      PUSH_ENDPOINT_MESSAGES.notAllowed,
      `credentials in the endpoint of ${host}`,
    );
  }
  if (isIP(host) !== 0 && !listedAddress(host, policy.allowedHosts)) {
    const range = nonPublicRange(host);
    throw new PushEndpointRefused(
      range ? PUSH_ENDPOINT_MESSAGES.notPublic : PUSH_ENDPOINT_MESSAGES.notAllowed,
      range ? new NonPublicAddressError(host, host, range).message : `${host} is an address, not a host name`,
    );
  }
  if (!host || !hostAllowed(host, policy.allowedHosts)) {
    throw new PushEndpointRefused(PUSH_ENDPOINT_MESSAGES.notAllowed, `${host} is not in PUSH_ALLOWED_HOSTS`);
  }
  return { url, host };
}

/** DNS answers meaning the name does not exist (the user's endpoint is wrong), not that DNS failed. */
const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'EAI_NONAME']);
/** getaddrinfo cannot be cancelled; past this the user is answered and the lookup left to finish. */
const LOOKUP_TIMEOUT_MS = 5000;

/** The whole check at subscription: the shape, then every address the host resolves to now. */
export async function checkPushEndpoint(
  endpoint: string,
  policy: PushEndpointPolicy,
  lookup: LookupFunction,
): Promise<void> {
  const { host } = checkEndpointShape(endpoint, policy);
  if (isIP(host) !== 0) return; // a listed address: nothing to resolve
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`looking up ${host} timed out`), { code: 'ETIMEOUT' })),
      LOOKUP_TIMEOUT_MS,
    );
  });
  let addresses;
  try {
    addresses = await Promise.race([lookupAll(lookup, host), timeout]);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (NOT_FOUND.has(code)) {
      throw new PushEndpointRefused(PUSH_ENDPOINT_MESSAGES.notFound, `${host}: ${code}`);
    }
    throw new PushEndpointRefused(PUSH_ENDPOINT_MESSAGES.unchecked, `${host}: ${code || String(err)}`, true);
  } finally {
    clearTimeout(timer);
  }
  const refused = firstNonPublic(host, addresses);
  if (refused) throw new PushEndpointRefused(PUSH_ENDPOINT_MESSAGES.notPublic, refused.message);
}

type ConnectionCallback = (err: Error | null, stream: Duplex) => void;

/**
 * Agents for delivery whose sockets reach public addresses only: names go through publicOnlyLookup
 * (net.connect asks it for the address it then connects to), and since net.connect skips the lookup
 * for an address literal, createConnection refuses unlisted literals itself. Whatever the caller
 * checked before, nothing else can open a connection through these agents.
 */
export function pushAgents(policy: PushEndpointPolicy, lookup: LookupFunction) {
  const guardedLookup = publicOnlyLookup(lookup);
  const refusal = (host: string | null | undefined) => {
    const name = (host ?? '').replace(/^\[(.*)\]$/, '$1');
    if (isIP(name) === 0 || listedAddress(name, policy.allowedHosts)) return null;
    return new NonPublicAddressError(name, name, nonPublicRange(name) ?? 'address literal');
  };
  // One guard for both agents: refuse before a socket exists, or hand over to the agent's own.
  const guard = <T>(
    host: string | null | undefined,
    callback: ConnectionCallback | undefined,
    connect: () => T,
  ) => {
    const refused = refusal(host);
    if (!refused) return connect();
    if (!callback) throw refused;
    process.nextTick(() => callback(refused, undefined as never));
    return undefined;
  };
  class GuardedHttpAgent extends http.Agent {
    override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback) {
      return guard(options.host, callback, () => super.createConnection(options, callback));
    }
  }
  class GuardedHttpsAgent extends https.Agent {
    override createConnection(options: https.RequestOptions, callback?: ConnectionCallback) {
      return guard(options.host, callback, () => super.createConnection(options, callback));
    }
  }
  const common = { keepAlive: true, lookup: guardedLookup };
  return { http: new GuardedHttpAgent(common), https: new GuardedHttpsAgent(common) };
}
