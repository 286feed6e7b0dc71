import { act, screen, within } from '@testing-library/react';
import type { BusinessJob } from '@grip/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationApi } from '@/features/messages/testing/conversation-fixtures';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';

/**
 * Print (spec 3 §2, issue 33 item 12): the page prints itself, without a pop-up, as the job sheet
 * app/print.css lays out on A4. The sheet exists only while printing, so the screen keeps one copy
 * of every text. (The paper layout itself is checked in a browser: e2e/polish-maps-offline-print.)
 */

function makeJob(overrides: Partial<BusinessJob> = {}): BusinessJob {
  return {
    id: 'j1',
    requestId: 'r1',
    status: 'accepted',
    completionStatus: 'pending',
    quotedPrice: '180.00',
    priceType: 'fixed',
    message: 'I can fix it on Thursday.',
    availabilityDate: null,
    availabilityTime: null,
    engagementNotes: null,
    proofImages: [],
    completionDate: null,
    contestDeadline: null,
    contestReason: null,
    acceptedAt: '2026-03-03T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-03T10:00:00.000Z',
    businessUserId: 'biz-u1',
    customerName: 'Dana',
    request: {
      id: 'r1',
      title: 'Fix a leaking tap',
      serviceType: 'Plumbing',
      serviceSubtype: null,
      description: 'The kitchen tap drips all night.',
      areaLabel: 'Surry Hills NSW',
      distanceKm: null,
      locationAddress: '12 Crown St, Surry Hills NSW',
      preferredDate: '2026-04-02',
      preferredTime: null,
      timeFlexibility: null,
      flexibleDates: false,
      budgetMin: '150',
      budgetMax: '150',
      budgetType: 'fixed',
      urgency: 'normal',
      isUrgent: false,
      images: [],
      status: 'assigned',
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T09:00:00.000Z',
      myResponseId: 'j1',
      myResponseStatus: 'accepted',
    },
    changes: {
      agreedTime: { date: '2026-04-02', time: null },
      cancellation: null,
      openProposal: null,
      canCancel: true,
      canReschedule: true,
      canReopen: false,
    },
    dispute: null,
    ...overrides,
  };
}

function renderJob(job: BusinessJob) {
  mockApi({
    'GET /api/me': { body: makeMe('business_owner') },
    'GET /api/badges': { body: makeBadges() },
    ...conversationApi({ responseId: job.id, conversation: { role: 'business', otherPartyName: 'Dana' } }),
    [`GET /api/business/jobs/${job.id}`]: { body: job },
  });
  return renderApp(`/business-confirmed?job=${job.id}`);
}

const sheet = () => screen.queryByRole('article', { name: 'Job sheet' });

afterEach(() => vi.restoreAllMocks());

describe('Print on the job detail view', () => {
  it("prints the page itself as the spec's job sheet, then puts the screen back", async () => {
    const open = vi.spyOn(window, 'open');
    let atPrint: { lines: string[][]; title: string } | null = null;
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      // What the browser does: beforeprint, lay the page out for paper, afterprint.
      window.dispatchEvent(new Event('beforeprint'));
      const drawn = sheet();
      atPrint = {
        title: document.title,
        lines: drawn
          ? [...drawn.querySelectorAll('dl > div')].map((row) => [
              row.querySelector('dt')!.textContent!,
              row.querySelector('dd')!.textContent!,
            ])
          : [],
      };
      window.dispatchEvent(new Event('afterprint'));
    });
    const job = makeJob({
      engagementNotes: 'Washer ordered.\nBack on Thursday.',
      request: {
        ...makeJob().request,
        // Typed by the customer: shown as text, never parsed as HTML.
        description: 'Drips <img src=x onerror=alert(1)> all night.',
      },
    });
    const { user } = renderJob(job);
    expect(await screen.findByRole('heading', { name: 'Fix a leaking tap' })).toBeTruthy();
    expect(sheet()).toBeNull();
    const titleBefore = document.title;

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
    expect(atPrint).toEqual({
      title: 'Fix a leaking tap — Job j1',
      lines: [
        ['Job ID', 'j1'],
        ['Service Type', 'Plumbing'],
        ['Location', '12 Crown St, Surry Hills NSW'],
        ['Quoted Price', '$180'],
        ['Status', 'ACCEPTED'],
        ['Created', 'Mar 1, 2026'],
        ['Description', 'Drips <img src=x onerror=alert(1)> all night.'],
        ['Engagement Notes', 'Washer ordered.\nBack on Thursday.'],
      ],
    });
    expect(document.querySelector('img[src="x"]')).toBeNull();
    // Back on screen: no sheet, the page's own title.
    expect(sheet()).toBeNull();
    expect(document.title).toBe(titleBefore);
  });

  it('draws the sheet when the browser prints by itself (Ctrl+P), with its heading', async () => {
    renderJob(makeJob({ priceType: 'hourly', quotedPrice: '95.00' }));
    expect(await screen.findByRole('heading', { name: 'Fix a leaking tap' })).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    const drawn = sheet()!;
    expect(within(drawn).getByRole('heading', { level: 1, name: 'Fix a leaking tap' })).toBeTruthy();
    expect(within(drawn).getByText('$95 per hour')).toBeTruthy();
    expect(within(drawn).getByText('None')).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(sheet()).toBeNull();
  });
});
