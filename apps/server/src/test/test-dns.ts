import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/**
 * A resolver for tests, in place of dns.lookup: the test machine has no DNS worth asking, and a test
 * must decide what a name resolves to — and change it between two steps, as a rebinding attacker
 * does. Names not set answer ENOTFOUND; `localhost` answers loopback, as /etc/hosts does.
 *
 * A name answered with a public address must never be delivered to: stop the outbox after the app
 * is ready (ready and listen start it), or forget the name before anything is pushed. Tests send
 * traffic to this machine only.
 */
export class TestDns {
  private readonly table = new Map<string, string[]>([['localhost', ['127.0.0.1', '::1']]]);
  /** Every name asked, in order (to show a check really resolved, or never got that far). */
  readonly asked: string[] = [];

  /** From now on `name` resolves to `addresses` (none: ENOTFOUND). */
  set(name: string, ...addresses: string[]) {
    if (addresses.length === 0) this.table.delete(name.toLowerCase());
    else this.table.set(name.toLowerCase(), addresses);
    return this;
  }

  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.asked.push(hostname);
    const found = this.table.get(hostname.toLowerCase());
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    const addresses: LookupAddress[] = (found ?? [])
      .map((address) => ({ address, family: isIP(address) }))
      .filter((a) => family === 0 || a.family === family);
    setImmediate(() => {
      if (addresses.length === 0) {
        const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
        err.code = 'ENOTFOUND';
        err.syscall = 'getaddrinfo';
        callback(err, '', undefined);
      } else if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** A public address to answer with where nothing will connect (a check only reads it). */
export const PUBLIC_TEST_ADDRESS = '142.250.70.170';
