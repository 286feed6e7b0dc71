import { NO_DEFAULT_LOCATION } from '@grip/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';

/** Spec 2 §7, in this order. */
const SPEC_SECTIONS = [
  'Profile Information',
  'Notifications',
  'Default Location',
  'Payment Methods',
  'Security',
  'Archive Management',
  'View History',
  'Sign Out',
  'Delete Account',
];

describe('Customer Settings (/settings)', () => {
  it("shows every section of the spec, in the spec's order", async () => {
    mockApi({
      'GET /api/me': { body: makeMe('user') },
      'GET /api/badges': { body: makeBadges() },
      'GET /api/me/profile': { body: { displayName: 'Sam Carter', phone: null } },
      'GET /api/me/notifications': { body: { channels: ['email'], phone: null } },
      'GET /api/me/default-location': { body: NO_DEFAULT_LOCATION },
    });
    renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Profile Information' });
    await waitFor(() => {
      const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
      const positions = SPEC_SECTIONS.map((section) => headings.indexOf(section));
      expect(positions, headings.join(' | ')).not.toContain(-1);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    });
  });
});
