import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBusinessProfile } from '@/features/business/test-fixtures';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';

/** Decision 029 (issue 33): only channels that do something are choices; In-app is always on. */
describe('Business Settings notification channels', () => {
  it('offers Email, SMS and marketing, shows In-app as always on, and never sends a retired choice', async () => {
    const stored = makeBusinessProfile({
      role: 'business_owner',
      businessName: 'Sam Plumbing',
      address: 'Newtown NSW',
      notificationEmail: 'sam@example.com',
      useAccountEmail: true,
      phone: '0412 345 678',
      serviceCategories: ['Plumbing'],
      // As a profile saved before the retirement could still read (or an older server answer).
      notificationPreferences: ['email', 'phone', 'app'],
    });
    const { calls } = mockApi({
      'GET /api/me': { body: makeMe('business_owner') },
      'GET /api/badges': { body: makeBadges() },
      'GET /api/business-profile': { body: stored },
      'PUT /api/business-profile': ({ body }) => ({ body: { ...stored, ...(body as object) } }),
    });
    const { user } = renderApp('/business-settings');
    await screen.findByRole('button', { name: 'Save Changes' });

    const channels = screen.getByRole('group', { name: 'Notification channels' });
    const boxes = Array.from(channels.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));
    const named = (name: string | RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    expect(boxes).toHaveLength(4);
    expect(named('Email').checked).toBe(true);
    expect(named('SMS').checked).toBe(false);
    expect(named('Marketing and product news').checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: /Phone call/ })).toBeNull();
    const inApp = named(/^In-app/);
    expect(inApp.textContent === '' && inApp.checked && inApp.disabled).toBe(true);
    expect(channels.textContent).toContain('In-app (Always on)');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/business-profile')).toBe(true),
    );
    const sent = calls.find((c) => c.method === 'PUT' && c.path === '/api/business-profile')!;
    expect((sent.body as { notificationPreferences: string[] }).notificationPreferences).toEqual(['email']);
  });
});
