import { ADMIN_OVERVIEW_MESSAGES, type AdminStats } from '@grip/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { StatCards } from './stat-cards';

const STATS: AdminStats = {
  totalUsers: 1234,
  registeredBusinesses: 4,
  activeRequests: 3,
  activeResponses: 6,
  activeOffersPerBusiness: 1.5,
};

function renderCards() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <StatCards />
    </Providers>,
  );
  return { user };
}

describe('StatCards', () => {
  it('shows a skeleton, then the four cards with honest labels and one decimal', async () => {
    mockApi({ 'GET /api/admin/stats': { body: STATS } });
    renderCards();
    expect(screen.getByRole('status').textContent).toContain('Loading platform statistics');
    const list = await screen.findByRole('list', { name: 'Platform statistics' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    const text = cards.map((c) => c.textContent);
    expect(text[0]).toContain('Total Users');
    expect(text[0]).toContain('1,234');
    expect(text[1]).toContain('Registered Businesses');
    expect(text[1]).toContain('4');
    expect(text[2]).toContain('Active Requests');
    expect(text[2]).toContain('3');
    expect(text[3]).toContain('Active offers per business');
    expect(text[3]).toContain('1.5');
    expect(text[3]).toContain('Pending and accepted offers on unarchived requests, divided by businesses.');
  });

  it('always shows the average with one decimal, 0.0 with no businesses', async () => {
    mockApi({
      'GET /api/admin/stats': {
        body: { ...STATS, registeredBusinesses: 0, activeResponses: 0, activeOffersPerBusiness: 0 },
      },
    });
    renderCards();
    expect(await screen.findByText('0.0')).toBeTruthy();
  });

  it('says when the numbers cannot be loaded and tries again', async () => {
    let reply: Reply = { status: 500, body: { error: 'internal', message: 'boom' } };
    mockApi({ 'GET /api/admin/stats': () => reply });
    const { user } = renderCards();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ADMIN_OVERVIEW_MESSAGES.statsLoadFailed);
    expect(alert.textContent).not.toContain('boom');
    reply = { body: STATS };
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,234')).toBeTruthy();
  });
});
