/**
 * The auth throttle's counting (auth-throttle.ts): per address, per account, the addresses an account
 * is known at, and what counts as one address. Driven over HTTP in reliability/auth-hardening.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { addressKey, AuthThrottle } from './auth-throttle';

const PATH = '/api/auth/sign-in/email';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('AuthThrottle', () => {
  it('holds an account after the limit from any new address, until the window ends', () => {
    const throttle = new AuthThrottle(2, 60_000);
    const t0 = 1_000_000;
    expect(throttle.hit(PATH, '10.0.0.1', 'a@example.com', t0)).toBe(0);
    expect(throttle.hit(PATH, '10.0.0.2', 'A@Example.com ', t0)).toBe(0);
    expect(throttle.hit(PATH, '10.0.0.3', 'a@example.com', t0 + 15_000)).toBe(45);
    expect(throttle.hit(PATH, '10.0.0.4', 'a@example.com', t0 + 60_000)).toBe(0);
  });

  it('lets an address the account signed in from through the account’s limit, not its own', () => {
    const throttle = new AuthThrottle(2, 60_000);
    const t0 = 1_000_000;
    throttle.remember('a@example.com', '10.0.0.9', t0);
    for (let i = 1; i <= 5; i++) throttle.hit(PATH, `10.0.1.${i}`, 'a@example.com', t0);
    expect(throttle.hit(PATH, '10.0.2.1', 'a@example.com', t0)).toBeGreaterThan(0);
    expect(throttle.hit(PATH, '10.0.0.9', 'a@example.com', t0)).toBe(0);
    expect(throttle.hit(PATH, '10.0.0.9', 'a@example.com', t0)).toBe(0);
    expect(throttle.hit(PATH, '10.0.0.9', 'a@example.com', t0)).toBeGreaterThan(0);
    // Known for 30 days only.
    const later = t0 + 31 * DAY_MS;
    for (let i = 1; i <= 3; i++) throttle.hit(PATH, `10.0.3.${i}`, 'a@example.com', later);
    expect(throttle.hit(PATH, '10.0.0.9', 'a@example.com', later)).toBeGreaterThan(0);
  });

  it('keeps at most its limit of known addresses, forgetting the oldest', () => {
    const throttle = new AuthThrottle(1, 60_000, 30 * DAY_MS, 2);
    throttle.remember('a@example.com', '10.0.0.1', 0);
    throttle.remember('b@example.com', '10.0.0.2', 0);
    throttle.remember('c@example.com', '10.0.0.3', 0);
    throttle.hit(PATH, '10.9.0.1', 'a@example.com', 0);
    throttle.hit(PATH, '10.9.0.1', 'b@example.com', 0);
    // a was forgotten, so its account counter applies; b is still known.
    expect(throttle.hit(PATH, '10.0.0.1', 'a@example.com', 0)).toBeGreaterThan(0);
    expect(throttle.hit(PATH, '10.0.0.2', 'b@example.com', 0)).toBe(0);
  });
});

describe('addressKey', () => {
  it('takes IPv4 as it is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:0:7::1')).toBe('2001:db8:0:7::/64');
    expect(addressKey('2001:0db8:0000:0007:ffff:1:2:3')).toBe('2001:db8:0:7::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:1:2:3:4:5::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:0:7::ABCD')).toBe('2001:db8:0:7::/64');
  });
});
