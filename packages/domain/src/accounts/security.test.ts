import { describe, expect, it } from 'vitest';
import {
  BackupCodeSchema,
  ChangePasswordFormSchema,
  deviceLabel,
  SECURITY_MESSAGES,
  TotpCodeSchema,
  TWO_FACTOR_MESSAGES,
} from './security';

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 'Firefox on Android'],
    ['curl/8.5.0', 'Browser on an unknown system'],
    ['', 'Browser on an unknown system'],
  ])('labels %j as %j', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });
});

describe('ChangePasswordFormSchema', () => {
  const valid = {
    currentPassword: 'old-secret-9',
    newPassword: 'new-tulip-garden-7',
    confirmPassword: 'new-tulip-garden-7',
  };
  it('needs the current password, a matching confirmation and a different new password', () => {
    expect(ChangePasswordFormSchema.safeParse(valid).success).toBe(true);
    const issues = (value: object) =>
      ChangePasswordFormSchema.safeParse({ ...valid, ...value }).error?.issues.map((i) => i.message);
    expect(issues({ currentPassword: '' })).toEqual([SECURITY_MESSAGES.currentPasswordRequired]);
    expect(issues({ confirmPassword: 'nope' })).toEqual([SECURITY_MESSAGES.confirmMismatch]);
    expect(issues({ newPassword: 'old-secret-9', confirmPassword: 'old-secret-9' })).toEqual([
      SECURITY_MESSAGES.samePassword,
    ]);
  });
});

describe('TotpCodeSchema', () => {
  it('takes 6 digits, dropping the spaces people type, and says what is wrong otherwise', () => {
    expect(TotpCodeSchema.parse('123456')).toBe('123456');
    expect(TotpCodeSchema.parse(' 123 456 ')).toBe('123456');
    const message = (value: string) => TotpCodeSchema.safeParse(value).error?.issues[0]?.message;
    expect(message('')).toBe(TWO_FACTOR_MESSAGES.codeRequired);
    expect(message('12345')).toBe(TWO_FACTOR_MESSAGES.codeFormat);
    expect(message('1234567')).toBe(TWO_FACTOR_MESSAGES.codeFormat);
    expect(message('12a456')).toBe(TWO_FACTOR_MESSAGES.codeFormat);
  });
});

describe('BackupCodeSchema', () => {
  it('trims a backup code and needs one', () => {
    expect(BackupCodeSchema.parse(' aB3dE-fG5hJ ')).toBe('aB3dE-fG5hJ');
    expect(BackupCodeSchema.safeParse('  ').error?.issues[0]?.message).toBe(
      TWO_FACTOR_MESSAGES.backupCodeRequired,
    );
  });
});
