import { weekBuckets, weekKey, type PlatformTrends, type PlatformTrendWeek } from '@grip/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { PlatformTrends as PlatformTrendsSection } from './platform-trends';

// jsdom has no canvas: the chart library's module is a stand-in (components/charts/testing); the
// tables are what these tests read.
vi.mock('@/components/charts/draw-chart', () => import('@/components/charts/testing/fake-draw-chart'));

const WEEKS = weekBuckets(new Date('2026-11-25T12:00:00.000Z')).map(weekKey);
const quiet = (weekStart: string): PlatformTrendWeek => ({
  weekStart,
  signups: 0,
  requests: 0,
  quotes: 0,
  bookings: 0,
  completed: 0,
  cancelled: 0,
  contested: 0,
  completionRate: null,
  contestRate: null,
});

const TRENDS: PlatformTrends = {
  weeks: WEEKS.map((weekStart, i) =>
    i === 11
      ? {
          ...quiet(weekStart),
          signups: 1234,
          requests: 3,
          quotes: 5,
          bookings: 2,
          completed: 2,
          cancelled: 1,
          contested: 1,
          completionRate: 66.7,
          contestRate: 50,
        }
      : i === 10
        ? { ...quiet(weekStart), requests: 2, quotes: 2, bookings: 2 }
        : quiet(weekStart),
  ),
};

function renderSection() {
  render(
    <Providers queryClient={createTestQueryClient()}>
      <PlatformTrendsSection />
    </Providers>,
  );
}

const cells = (table: HTMLElement, row: number) =>
  [...within(table).getAllByRole('row')[row]!.querySelectorAll('th, td')].map((c) => c.textContent);

describe('PlatformTrends', () => {
  it('shows sign-ups, requests, quotes, bookings and the two rates week by week', async () => {
    mockApi({ 'GET /api/admin/trends': { body: TRENDS } });
    renderSection();
    expect(screen.getByRole('status').textContent).toContain('Loading platform trends');

    const people = await screen.findByRole('table', { name: 'Sign-ups and requests, week by week' });
    expect(cells(people, 0)).toEqual(['Week', 'Sign-ups', 'Requests']);
    expect(cells(people, 12)).toEqual(['Week of Nov 23, 2026', '1,234', '3']);

    const work = screen.getByRole('table', { name: 'Quotes and bookings, week by week' });
    expect(cells(work, 11)).toEqual(['Week of Nov 16, 2026', '2', '2']);
    expect(cells(work, 12)).toEqual(['Week of Nov 23, 2026', '5', '2']);

    const rates = screen.getByRole('table', { name: 'Completion and contest rates, week by week' });
    expect(cells(rates, 0)).toEqual(['Week', 'Completion rate', 'Contest rate']);
    expect(cells(rates, 12)).toEqual(['Week of Nov 23, 2026', '66.7%', '50%']);
    // No job ended that week: a dash, never 0 %.
    expect(cells(rates, 11)).toEqual(['Week of Nov 16, 2026', '–', '–']);
    expect(screen.getByText(/sign-ups,/).textContent).toBe('1,234 sign-ups, 5 requests in 12 weeks');
    expect(screen.getByText(/This week: completion/).textContent).toBe(
      'This week: completion 66.7%, contests 50%',
    );
  });

  it('counts in words, and says when no job has ended rather than showing empty rates', async () => {
    const oneEach = { ...quiet(WEEKS[11]!), signups: 1, requests: 1, quotes: 1, bookings: 1 };
    mockApi({ 'GET /api/admin/trends': { body: { weeks: [...WEEKS.slice(0, 11).map(quiet), oneEach] } } });
    renderSection();
    expect((await screen.findByText(/sign-up,/)).textContent).toBe('1 sign-up, 1 request in 12 weeks');
    expect(screen.getByText(/quote,/).textContent).toBe('1 quote, 1 booking in 12 weeks');
    expect(screen.getByText('No job has ended in these 12 weeks yet.')).toBeTruthy();
  });

  it('says so when the platform has been quiet', async () => {
    mockApi({ 'GET /api/admin/trends': { body: { weeks: WEEKS.map(quiet) } } });
    renderSection();
    expect(await screen.findByText(/No sign-ups, requests or jobs in the last 12 weeks yet/)).toBeTruthy();
  });

  it('says when the trends cannot be loaded, and tries again', async () => {
    let reply: Reply = { status: 500, body: { error: 'internal', message: 'boom' } };
    mockApi({ 'GET /api/admin/trends': () => reply });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('Platform trends could not be loaded.')).toBeTruthy();
    reply = { body: TRENDS };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Quotes and bookings, week by week' })).toBeTruthy();
  });
});
