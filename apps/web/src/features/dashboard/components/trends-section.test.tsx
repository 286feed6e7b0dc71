import { weekBuckets, weekKey, type BusinessTrends } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { TrendsSection } from './trends-section';

// jsdom has no canvas: the chart library's module is a stand-in (components/charts/testing); the
// tables are what these tests read.
vi.mock('@/components/charts/draw-chart', () => import('@/components/charts/testing/fake-draw-chart'));

const WEEKS = weekBuckets(new Date('2026-11-25T12:00:00.000Z')).map(weekKey);
const quiet = (weekStart: string) => ({ weekStart, received: 0, responded: 0, won: 0, earned: '0.00' });

const TRENDS: BusinessTrends = {
  weeks: WEEKS.map((weekStart, i) =>
    i === 10
      ? { weekStart, received: 2, responded: 1, won: 1, earned: '150.50' }
      : i === 11
        ? { weekStart, received: 1, responded: 1, won: 1, earned: '99.50' }
        : quiet(weekStart),
  ),
};

function renderSection() {
  render(
    <Providers queryClient={createTestQueryClient()}>
      <TrendsSection />
    </Providers>,
  );
}

const cells = (table: HTMLElement, row: number) =>
  [...within(table).getAllByRole('row')[row]!.querySelectorAll('th, td')].map((c) => c.textContent);

describe('TrendsSection', () => {
  it('loads, then shows the twelve weeks in two charts with their tables and the figure that matters', async () => {
    mockApi({ 'GET /api/business/dashboard/trends': { body: TRENDS } });
    renderSection();
    expect(screen.getByRole('status').textContent).toContain('Loading your trends');

    const activity = await screen.findByRole('table', {
      name: 'Requests, quotes and bookings, week by week',
    });
    expect(within(activity).getAllByRole('row')).toHaveLength(13);
    expect(cells(activity, 0)).toEqual([
      'Week',
      'Requests Received',
      'Jobs Responded To',
      'Accepted/Scheduled',
    ]);
    expect(cells(activity, 11)).toEqual(['Week of Nov 16, 2026', '2', '1', '1']);
    expect(cells(activity, 12)).toEqual(['Week of Nov 23, 2026', '1', '1', '1']);
    expect(cells(activity, 1)).toEqual(['Week of Sep 7, 2026', '0', '0', '0']);

    const earned = screen.getByRole('table', { name: 'Money Earned, week by week' });
    expect(cells(earned, 11)).toEqual(['Week of Nov 16, 2026', '$150.50']);
    expect(cells(earned, 12)).toEqual(['Week of Nov 23, 2026', '$99.50']);
    expect(screen.getByText(/in the last 12 weeks/).textContent).toBe('$250 in the last 12 weeks');
    expect(screen.getByText(/This week:/).textContent).toBe(
      'This week: 1 received, 1 responded, 1 scheduled',
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('trend-chart').map((c) => c.dataset.state)).toEqual(['drawn', 'drawn']),
    );
  });

  it('says so when there is nothing yet, instead of drawing flat lines', async () => {
    mockApi({ 'GET /api/business/dashboard/trends': { body: { weeks: WEEKS.map(quiet) } } });
    renderSection();
    expect(await screen.findByText(/Nothing yet in the last 12 weeks/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the trends cannot be loaded, and tries again', async () => {
    let reply: Reply = { status: 500, body: { error: 'internal', message: 'boom' } };
    mockApi({ 'GET /api/business/dashboard/trends': () => reply });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('Your trends could not be loaded.')).toBeTruthy();
    reply = { body: TRENDS };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Money Earned, week by week' })).toBeTruthy();
  });
});
