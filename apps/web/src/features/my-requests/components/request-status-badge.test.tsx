import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hoursAgo, makeMyRequest } from '@/features/requests/testing/request-fixtures';
import { RequestStatusBadge } from './request-status-badge';

const NOW = new Date('2026-04-10T12:00:00.000Z');
const at = (hours: number) => hoursAgo(hours, NOW.getTime());

const cases = [
  {
    name: 'COMPLETED when the accepted response is completed',
    request: {
      hasAcceptedResponse: true,
      acceptedCompletionStatus: 'completed',
      status: 'assigned',
      latestActivityAt: at(200),
    },
    expected: 'COMPLETED',
    tone: 'bg-blue-100',
  },
  {
    name: 'CONFIRMED when a response is accepted and not completed, even long inactive',
    request: {
      hasAcceptedResponse: true,
      acceptedCompletionStatus: 'in_progress',
      status: 'assigned',
      latestActivityAt: at(200),
    },
    expected: 'CONFIRMED',
    tone: 'bg-green-100',
  },
  {
    name: 'CONFIRMED when the request is assigned',
    request: { status: 'assigned', latestActivityAt: at(1) },
    expected: 'CONFIRMED',
    tone: 'bg-green-100',
  },
  {
    name: 'EXPIRED after more than 48 hours without activity',
    request: { status: 'open', latestActivityAt: at(48.01) },
    expected: 'EXPIRED',
    tone: 'bg-red-100',
  },
  {
    name: 'the status words at exactly 48 hours',
    request: { status: 'open', latestActivityAt: at(48) },
    expected: 'OPEN',
    tone: 'bg-amber-100',
  },
  {
    name: 'the status words with underscores as spaces',
    request: { status: 'in_progress', latestActivityAt: at(3) },
    expected: 'IN PROGRESS',
    tone: 'bg-blue-100',
  },
  {
    name: 'CANCELLED for a recent cancelled request',
    request: { status: 'cancelled', latestActivityAt: at(3) },
    expected: 'CANCELLED',
    tone: 'bg-muted',
  },
] as const;

describe('RequestStatusBadge', () => {
  it.each(cases)('shows $name', ({ request, expected, tone }) => {
    render(<RequestStatusBadge request={makeMyRequest(request)} now={NOW} />);
    const badge = screen.getByTestId('request-status');
    expect(badge.textContent).toBe(expected);
    expect(badge.className).toContain(tone);
  });
});
