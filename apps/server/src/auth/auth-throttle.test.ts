/**
 * The auth throttle's counting (auth-throttle.ts): per address, per account, the addresses an account
 * is known at, and what counts as one address — on each store lib/rate-limits.ts counts in (memory;
 * PostgreSQL under `npm run test:pg`). Driven over HTTP in reliability/auth-hardening.test.ts, and
 * across two server processes in reliability/attacker-limits.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { controlTheDate, rateLimitStores } from '../test/rate-limit-stores';
import { addressKey } from '../lib/client-address';
import { AuthThrottle } from './auth-throttle';

const PATH = '/api/auth/sign-in/email';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(rateLimitStores())('AuthThrottle on $name', (store) => {
  const at = controlTheDate();
  afterAll(() => store.close());

  const throttle = async (limit: number) => new AuthThrottle(await store.open(), limit, 60);

  it('holds an account after the limit from any new address, until the window ends', async () => {
    const t = await throttle(2);
    expect(await t.hit(PATH, '10.0.0.1', 'a@example.com')).toBe(0);
    expect(await t.hit(PATH, '10.0.0.2', 'A@Example.com ')).toBe(0);
    at(15_000);
    expect(await t.hit(PATH, '10.0.0.3', 'a@example.com')).toBe(45);
    at(60_000);
    expect(await t.hit(PATH, '10.0.0.4', 'a@example.com')).toBe(0);
  });

  it('lets an address the account signed in from through the account’s limit, not its own', async () => {
    const t = await throttle(2);
    await t.remember('b@example.com', '10.0.0.9');
    for (let i = 1; i <= 5; i++) await t.hit(PATH, `10.0.1.${i}`, 'b@example.com');
    expect(await t.hit(PATH, '10.0.2.1', 'b@example.com')).toBeGreaterThan(0);
    expect(await t.hit(PATH, '10.0.0.9', 'b@example.com')).toBe(0);
    expect(await t.hit(PATH, '10.0.0.9', 'b@example.com')).toBe(0);
    expect(await t.hit(PATH, '10.0.0.9', 'b@example.com')).toBeGreaterThan(0);
    // Known for 30 days only.
    at(31 * DAY_MS);
    for (let i = 1; i <= 3; i++) await t.hit(PATH, `10.0.3.${i}`, 'b@example.com');
    expect(await t.hit(PATH, '10.0.0.9', 'b@example.com')).toBeGreaterThan(0);
  });

  it('counts an address over all accounts, and each path apart', async () => {
    const t = await throttle(2);
    expect(await t.hit(PATH, '10.0.4.1', 'c1@example.com')).toBe(0);
    expect(await t.hit(PATH, '10.0.4.1', 'c2@example.com')).toBe(0);
    expect(await t.hit(PATH, '10.0.4.1', 'c3@example.com')).toBe(60);
    expect(await t.hit('/api/auth/sign-up/email', '10.0.4.1', 'c4@example.com')).toBe(0);
    // No email in the body: the address alone is counted.
    expect(await t.hit(PATH, '10.0.4.1', null)).toBe(60);
    expect(await t.hit(PATH, '10.0.4.2', null)).toBe(0);
  });

  it('counts an email of any length as one account', async () => {
    const t = await throttle(1);
    const long = `${'x'.repeat(5000)}@example.com`;
    expect(await t.hit(PATH, '10.0.5.1', long)).toBe(0);
    expect(await t.hit(PATH, '10.0.5.2', long)).toBeGreaterThan(0);
    expect(await t.hit(PATH, '10.0.5.3', `y${long}`)).toBe(0);
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
