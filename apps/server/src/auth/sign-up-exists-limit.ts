import { RateLimiter } from '../lib/rate-limiter';
import { addressKey } from './auth-throttle';

export const SIGN_UP_EXISTS_WINDOW_MS = 60 * 60 * 1000;

/**
 * Sign-up says when an email already has an account (docs/decisions/020: an accepted risk, as at
 * the large marketplaces, rather than making every new customer confirm their email before posting
 * a request). That answer is rationed: `limit` "already exists" answers an hour per address and per
 * email. Once an address has had its share, every sign-up from it is refused until the hour ends,
 * whatever the email (refusing only the existing ones would answer the question all the same); once
 * an email has had its share, every sign-up naming it is. Counted next to AUTH_RATE_LIMIT's
 * per-minute limit on all sign-ups, which still applies.
 */
export class SignUpExistsLimit {
  private readonly answers: RateLimiter;

  constructor(
    private readonly limit: number,
    windowMs = SIGN_UP_EXISTS_WINDOW_MS,
  ) {
    this.answers = new RateLimiter(limit, windowMs);
  }

  /** Seconds until a sign-up from this address naming this email may be tried; 0 when it may now. */
  wait(ip: string, email: string | null, now = Date.now()): number {
    return Math.max(...this.keys(ip, email).map((key) => this.answers.wait(key, now)));
  }

  /** A sign-up was answered "already exists": counted against the address and the email. */
  record(ip: string, email: string | null, now = Date.now()) {
    for (const key of this.keys(ip, email)) this.answers.hit(key, now);
  }

  private keys(ip: string, email: string | null) {
    const keys = [`ip|${addressKey(ip)}`];
    if (email !== null) keys.push(`email|${email.trim().toLowerCase()}`);
    return keys;
  }
}
