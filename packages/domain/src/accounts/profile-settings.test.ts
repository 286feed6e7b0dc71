import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './auth';
import {
  DEFAULT_LOCATION_MESSAGES,
  DefaultLocationInputSchema,
  PROFILE_SETTINGS_MESSAGES,
  ProfileSettingsInputSchema,
} from './profile-settings';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('ProfileSettingsInputSchema', () => {
  it('trims the name, keeps the phone as typed (trimmed) and turns a blank phone into none', () => {
    expect(
      ProfileSettingsInputSchema.parse({ displayName: '  Sam Carter ', phone: ' +61 (400) 555-111 ' }),
    ).toEqual({ displayName: 'Sam Carter', phone: '+61 (400) 555-111' });
    expect(ProfileSettingsInputSchema.parse({ displayName: 'Sam', phone: '   ' })).toEqual({
      displayName: 'Sam',
      phone: null,
    });
    expect(ProfileSettingsInputSchema.parse({ displayName: 'Sam' })).toEqual({
      displayName: 'Sam',
      phone: null,
    });
  });

  it('needs a name of at most 100 characters', () => {
    expect(messageOf(ProfileSettingsInputSchema.safeParse({ displayName: '   ' }))).toBe(
      AUTH_MESSAGES.displayNameRequired,
    );
    expect(messageOf(ProfileSettingsInputSchema.safeParse({ displayName: 'a'.repeat(101) }))).toBe(
      AUTH_MESSAGES.displayNameTooLong,
    );
    expect(ProfileSettingsInputSchema.safeParse({ displayName: 'a'.repeat(100) }).success).toBe(true);
  });

  it('wants a number a text can reach: with its country code, of sensible length', () => {
    for (const phone of ['0400 555 111', 'call me', '+61', '+0 400 555 111']) {
      expect(messageOf(ProfileSettingsInputSchema.safeParse({ displayName: 'Sam', phone })), phone).toBe(
        PROFILE_SETTINGS_MESSAGES.phoneInvalid,
      );
    }
    expect(
      messageOf(ProfileSettingsInputSchema.safeParse({ displayName: 'Sam', phone: '+6'.padEnd(40, '1') })),
    ).toBe(PROFILE_SETTINGS_MESSAGES.phoneTooLong);
  });
});

describe('DefaultLocationInputSchema', () => {
  it('takes an address alone, or with both coordinates', () => {
    expect(DefaultLocationInputSchema.parse({ address: ' Glebe NSW ' })).toEqual({ address: 'Glebe NSW' });
    expect(
      DefaultLocationInputSchema.parse({ address: 'Glebe NSW', latitude: -33.88, longitude: 151.19 }),
    ).toEqual({ address: 'Glebe NSW', latitude: -33.88, longitude: 151.19 });
  });

  it('refuses a blank or overlong address, one coordinate alone and coordinates off the globe', () => {
    expect(messageOf(DefaultLocationInputSchema.safeParse({ address: '  ' }))).toBe(
      DEFAULT_LOCATION_MESSAGES.addressRequired,
    );
    expect(messageOf(DefaultLocationInputSchema.safeParse({ address: 'x'.repeat(301) }))).toBe(
      DEFAULT_LOCATION_MESSAGES.addressTooLong,
    );
    expect(messageOf(DefaultLocationInputSchema.safeParse({ address: 'Glebe', latitude: -33.88 }))).toBe(
      DEFAULT_LOCATION_MESSAGES.coordinatesPaired,
    );
    expect(
      DefaultLocationInputSchema.safeParse({ address: 'Glebe', latitude: 91, longitude: 151 }).success,
    ).toBe(false);
  });
});
