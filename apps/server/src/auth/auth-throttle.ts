import { addressKey } from '../lib/client-address';
import type { Marks, RateLimit, RateLimits } from '../lib/rate-limits';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The limits on the auth endpoints that guess at or write to an account (sign-in, sign-up, reset,
 * confirmation email, two-factor), `limit` tries per `windowSeconds` on each of two counters:
 *
 * - per address, over all accounts: one machine cannot spray guesses over many accounts;
 * - per account, over all addresses: many machines cannot share out guesses at one account.
 *
 * The per-account counter is what an attacker could use to lock a person out. So an address the
 * account signed in from recently (its "known" addresses, 30 days) is not held back by it: the person
 * keeps signing in from home while someone hammers the account from elsewhere, and only that
 * address's own counter applies to them. From a new address the person waits for the window to end,
 * like the attacker. Counters and known addresses live in lib/rate-limits.ts: shared by every process
 * on PostgreSQL, in this process's memory on the embedded database.
 */
export class AuthThrottle {
  private readonly tries: RateLimit;
  private readonly known: Marks;

  constructor(limits: RateLimits, limit: number, windowSeconds = 60, knownForSeconds = 30 * DAY_SECONDS) {
    this.tries = limits.limit('auth', limit, windowSeconds);
    this.known = limits.marks('auth-known', knownForSeconds);
  }

  /** Counts one try at `path`; resolves to the seconds to wait when over a limit, else 0. */
  async hit(path: string, ip: string, email: string | null): Promise<number> {
    const address = addressKey(ip);
    const account = email === null ? null : accountKey(email);
    const [byAddress, byAccount] = await Promise.all([
      this.tries.hit(`ip|${path}|${address}`),
      account === null
        ? 0
        : this.known
            .has(`${account}|${address}`)
            .then((isKnown) => (isKnown ? 0 : this.tries.hit(`email|${path}|${account}`))),
    ]);
    return Math.max(byAddress, byAccount);
  }

  /** The account signed in from this address: it is known there for the next 30 days. */
  async remember(email: string, ip: string): Promise<void> {
    await this.known.add(`${accountKey(email)}|${addressKey(ip)}`);
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();
