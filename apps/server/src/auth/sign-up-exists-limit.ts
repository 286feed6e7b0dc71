import type { RateLimit, RateLimits } from '../lib/rate-limits';
import { addressKey } from '../lib/client-address';

export const SIGN_UP_EXISTS_WINDOW_SECONDS = 60 * 60;

/**
 * Sign-up says when an email already has an account (docs/decisions/020: an accepted risk, as at
 * the large marketplaces, rather than making every new customer confirm their email before posting
 * a request). That answer is rationed: `limit` "already exists" answers an hour per address and per
 * email. Once an address has had its share, every sign-up from it is refused until the hour ends,
 * whatever the email (refusing only the existing ones would answer the question all the same); once
 * an email has had its share, every sign-up naming it is. Counted next to AUTH_RATE_LIMIT's
 * per-minute limit on all sign-ups, which still applies. Shared by every process like the others
 * (lib/rate-limits.ts, decision 022).
 */
export class SignUpExistsLimit {
  private readonly answers: RateLimit;

  constructor(limits: RateLimits, limit: number, windowSeconds = SIGN_UP_EXISTS_WINDOW_SECONDS) {
    this.answers = limits.limit('sign-up-exists', limit, windowSeconds);
  }

  /** Seconds until a sign-up from this address naming this email may be tried; 0 when it may now. */
  async wait(ip: string, email: string | null): Promise<number> {
    const waits = await Promise.all(this.keys(ip, email).map((key) => this.answers.wait(key)));
    return Math.max(...waits);
  }

  /** A sign-up was answered "already exists": counted against the address and the email. */
  async record(ip: string, email: string | null): Promise<void> {
    await Promise.all(this.keys(ip, email).map((key) => this.answers.hit(key)));
  }

  private keys(ip: string, email: string | null) {
    const keys = [`ip|${addressKey(ip)}`];
    if (email !== null) keys.push(`email|${email.trim().toLowerCase()}`);
    return keys;
  }
}
