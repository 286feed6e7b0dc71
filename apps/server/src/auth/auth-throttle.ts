import { isIPv6 } from 'node:net';
import { RateLimiter } from '../lib/rate-limiter';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The limits on the auth endpoints that guess at or write to an account (sign-in, sign-up, reset,
 * confirmation email, two-factor), `limit` tries per `windowMs` on each of two counters:
 *
 * - per address, over all accounts: one machine cannot spray guesses over many accounts;
 * - per account, over all addresses: many machines cannot share out guesses at one account.
 *
 * The per-account counter is what an attacker could use to lock a person out. So an address the
 * account signed in from recently (its "known" addresses, 30 days) is not held back by it: the person
 * keeps signing in from home while someone hammers the account from elsewhere, and only that
 * address's own counter applies to them. From a new address the person waits for the window to end,
 * like the attacker. In process memory, like RateLimiter: with several processes each counts its own.
 */
export class AuthThrottle {
  private readonly limiter: RateLimiter;
  /** `account|address` -> until when it counts as known (ms). Insertion order = oldest first. */
  private readonly known = new Map<string, number>();

  constructor(
    limit: number,
    windowMs = 60_000,
    private readonly knownForMs = 30 * DAY_MS,
    private readonly maxKnown = 100_000,
  ) {
    this.limiter = new RateLimiter(limit, windowMs);
  }

  /** Counts one try at `path`; returns the seconds to wait when over a limit, else 0. */
  hit(path: string, ip: string, email: string | null, now = Date.now()): number {
    const address = addressKey(ip);
    const keys = [`ip|${path}|${address}`];
    if (email !== null) {
      const account = accountKey(email);
      if (!this.isKnown(account, address, now)) keys.push(`email|${path}|${account}`);
    }
    return Math.max(...keys.map((key) => this.limiter.hit(key, now)));
  }

  /** The account signed in from this address: it is known there for the next 30 days. */
  remember(email: string, ip: string, now = Date.now()) {
    const key = `${accountKey(email)}|${addressKey(ip)}`;
    this.known.delete(key);
    if (this.known.size >= this.maxKnown) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.known.set(key, now + this.knownForMs);
  }

  private isKnown(account: string, address: string, now: number) {
    const until = this.known.get(`${account}|${address}`);
    return until !== undefined && until > now;
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * What counts as one address: an IPv4 address, or an IPv6 /64 — one household or server is handed
 * a whole /64, so counting single IPv6 addresses would give an attacker billions of fresh ones.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // A dotted IPv4 tail (::ffff:1.2.3.4 aside) takes two groups; only the first four groups matter.
  const missing = 8 - left.length - right.length - (right.at(-1)?.includes('.') ? 1 : 0);
  const groups = ip.includes('::') ? [...left, ...Array<string>(missing).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g.includes('.') ? g : String(parseInt(g, 16).toString(16))))
    .join(':')}::/64`;
}
