import { describe, expect, it } from 'vitest';
import {
  INSTALL_BANNER,
  INSTALL_BANNER_SNOOZE_DAYS,
  isInstallBannerVisible,
  isTemporarySendFailure,
} from './installable-app';

const now = new Date('2026-11-24T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

describe('install banner', () => {
  it('has the spec texts', () => {
    expect(INSTALL_BANNER).toEqual({
      title: 'Install Grip',
      text: 'Add to your home screen for quick access and offline use',
      install: 'Install',
      dismiss: 'Not now',
    });
  });

  it('shows only while the browser offers to install', () => {
    expect(isInstallBannerVisible({ installable: true, installed: false, dismissedAt: null, now })).toBe(
      true,
    );
    expect(isInstallBannerVisible({ installable: false, installed: false, dismissedAt: null, now })).toBe(
      false,
    );
  });

  it('hides when already installed', () => {
    expect(isInstallBannerVisible({ installable: true, installed: true, dismissedAt: null, now })).toBe(
      false,
    );
  });

  it('hides after Not now until the snooze is over', () => {
    const state = { installable: true, installed: false, now };
    expect(isInstallBannerVisible({ ...state, dismissedAt: daysAgo(1) })).toBe(false);
    expect(
      isInstallBannerVisible({ ...state, dismissedAt: daysAgo(INSTALL_BANNER_SNOOZE_DAYS - 0.01) }),
    ).toBe(false);
    expect(isInstallBannerVisible({ ...state, dismissedAt: daysAgo(INSTALL_BANNER_SNOOZE_DAYS) })).toBe(true);
  });
});

describe('isTemporarySendFailure', () => {
  it.each([0, 408, 429, 500, 502, 503])('%i is worth trying again later', (status) => {
    expect(isTemporarySendFailure(status)).toBe(true);
  });
  it.each([400, 401, 403, 404, 409, 413])('%i is a refusal', (status) => {
    expect(isTemporarySendFailure(status)).toBe(false);
  });
});
