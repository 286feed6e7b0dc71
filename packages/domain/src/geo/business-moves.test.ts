import { describe, expect, it } from 'vitest';
import { addressChangeLimitMessage, ADDRESS_CHANGES_PER_WINDOW, nextAddressChangeAt } from './business-moves';

describe('business address changes', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 60 * 60 * 1000);

  it(`allows ${ADDRESS_CHANGES_PER_WINDOW} moves in a day, then says when the next one is allowed`, () => {
    expect(nextAddressChangeAt([], now)).toBeNull();
    expect(nextAddressChangeAt([hoursAgo(1), hoursAgo(2)], now)).toBeNull();
    expect(nextAddressChangeAt([hoursAgo(1), hoursAgo(20), hoursAgo(3)], now)).toEqual(hoursAgo(20 - 24));
    // Moves older than the window do not count.
    expect(nextAddressChangeAt([hoursAgo(1), hoursAgo(2), hoursAgo(24)], now)).toBeNull();
  });

  it('says the wait in plain words', () => {
    expect(addressChangeLimitMessage(new Date(now.getTime() + 30_000), now)).toBe(
      'Your business address can change 3 times in 24 hours. You can change it again in 1 minute.',
    );
    expect(addressChangeLimitMessage(new Date(now.getTime() + 45 * 60_000), now)).toMatch(/in 45 minutes\.$/);
    expect(addressChangeLimitMessage(hoursAgo(-4.5), now)).toMatch(/in 5 hours\.$/);
    expect(addressChangeLimitMessage(hoursAgo(-0.99), now)).toMatch(/in 1 hour\.$/);
  });
});
