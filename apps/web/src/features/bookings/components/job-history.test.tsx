import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCEPT_CONSEQUENCES,
  BOOKING_MESSAGES,
  DISPUTE_MESSAGES,
  DISPUTE_STATUS_WORDS,
  REVIEW_MESSAGES,
  type CustomerBooking,
  type DisputeView,
} from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { advance, freezeClock, settleUntil, useFakeClock } from '@/test/clock';
import { mockApi, type ApiCall } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { bookingsApi, HISTORY, makeCompleted, makeSummary, page, SUMMARY } from '../test-fixtures';

const HOUR = 60 * 60_000;

/** The dispute of job h1, opened an hour ago and waiting for the business. */
function makeDispute(overrides: Partial<DisputeView> = {}): DisputeView {
  const openedAt = Date.now() - HOUR;
  return {
    id: 'd1',
    status: 'awaiting_business',
    reason: 'The tap still drips.',
    openedAt: new Date(openedAt).toISOString(),
    answer: null,
    escalatedAt: null,
    resolution: null,
    actions: [],
    escalatableAt: new Date(openedAt + 48 * HOUR).toISOString(),
    ...overrides,
  };
}

/** The business answered: the customer may accept or escalate. */
const answeredDispute = (kind: 'fix_offered' | 'explanation') =>
  makeDispute({
    status: 'awaiting_customer',
    answer: {
      kind,
      text:
        kind === 'fix_offered'
          ? 'I will replace the washer on Monday.'
          : 'The tap is old and needs replacing.',
      answeredAt: new Date(Date.now() - HOUR / 2).toISOString(),
    },
    actions: ['accept', 'escalate'],
    escalatableAt: null,
  });

const inDispute = (dispute: DisputeView): CustomerBooking =>
  makeCompleted({ completionStatus: 'contested', canContest: false, canReview: false, dispute });

const callsTo = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

const recent = makeCompleted();
const older = makeCompleted({
  responseId: 'h2',
  requestId: 'r2',
  request: {
    ...makeCompleted().request,
    title: 'Mow the lawn',
    serviceType: 'Home & Property Services',
    serviceSubtype: 'gardening',
  },
  quotedPrice: '120.00',
  priceType: 'fixed',
  completionDate: '2026-02-10T10:00:00.000Z',
  contestDeadline: '2026-02-11T10:00:00.000Z',
  canContest: false,
  canReview: false,
  myRating: 4,
});

describe('Job History', () => {
  it('shows the real summary figures and the completed jobs', async () => {
    mockApi(bookingsApi({ history: page([recent, older]) }));
    renderApp('/history');

    const completed = (await screen.findByText('Completed Jobs')).parentElement!;
    expect(within(completed).getByText('3')).toBeTruthy();
    expect(within(screen.getByText('Total Spent').parentElement!).getByText('$1,234.50')).toBeTruthy();
    const rating = screen.getByText('Avg Rating Given').parentElement!;
    expect(within(rating).getByText('4.5')).toBeTruthy();
    expect(within(rating).getByRole('img', { name: 'Average 4.5 out of 5 stars' })).toBeTruthy();
    expect(within(rating).getByText('2 reviews')).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Completed jobs' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Fix a leaking tap')).toBeTruthy();
    expect(within(first!).getByText('COMPLETED')).toBeTruthy();
    expect(within(first!).getByText('$85/hr')).toBeTruthy();
    expect(within(first!).getByText(/^You can contest until /)).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Write Review for Fix a leaking tap' })).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Contest Fix a leaking tap' })).toBeTruthy();

    expect(within(second!).getByText('Completed Feb 10, 2026')).toBeTruthy();
    expect(within(second!).getByRole('img', { name: 'You rated 4 out of 5 stars' })).toBeTruthy();
    expect(within(second!).queryByText(/You can contest until/)).toBeNull();
    expect(within(second!).queryByRole('button', { name: /Contest/ })).toBeNull();
    expect(within(second!).queryByRole('button', { name: /Write Review/ })).toBeNull();
    expect(within(second!).getByRole('button', { name: 'Hire Again for Mow the lawn' })).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/settings');
  });

  it("shows '—' and 'No reviews yet' before the first review, and the business owner's back button", async () => {
    mockApi(
      bookingsApi(
        {
          history: page([recent]),
          summary: makeSummary({ completedJobs: 1, totalSpent: '85.00', averageRatingGiven: null }),
        },
        {},
        'business_owner',
      ),
    );
    renderApp('/history');
    const rating = (await screen.findByText('Avg Rating Given')).parentElement!;
    expect(within(rating).getByText('—')).toBeTruthy();
    expect(within(rating).getByText(REVIEW_MESSAGES.noReviewsYet)).toBeTruthy();
    expect(within(screen.getByText('Total Spent').parentElement!).getByText('$85')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/business-dashboard');
  });

  it('shows how a settled contest ended', async () => {
    const settled = makeCompleted({ contestReason: 'Edges not done.', canContest: false });
    mockApi(bookingsApi({ history: page([settled]) }));
    renderApp('/history');
    expect(await screen.findByText(BOOKING_MESSAGES.resolvedDone)).toBeTruthy();
  });

  it('validates the contest reason, posts it and confirms; the job stays listed as CONTESTED', async () => {
    let contested = false;
    const contestedJob: CustomerBooking = {
      ...recent,
      completionStatus: 'contested',
      contestReason: 'Bad job: the tap still drips.',
      canContest: false,
      canReview: false,
      // The contest opened its dispute (issue 32): the business is to answer.
      dispute: makeDispute({ reason: 'Bad job: the tap still drips.' }),
    };
    const { calls } = mockApi(
      bookingsApi(
        {},
        {
          [`GET ${HISTORY}`]: () => ({ body: page([contested ? contestedJob : recent]) }),
          'POST /api/bookings/h1/contest': () => {
            contested = true;
            return { body: contestedJob };
          },
        },
      ),
    );
    const { user } = renderApp('/history');

    await user.click(await screen.findByRole('button', { name: 'Contest Fix a leaking tap' }));
    const dialog = await screen.findByRole('dialog', { name: BOOKING_MESSAGES.contestTitle });
    expect(within(dialog).getByText(BOOKING_MESSAGES.contestHint)).toBeTruthy();
    // Not reviewed yet: nothing to withdraw.
    expect(within(dialog).queryByText(BOOKING_MESSAGES.contestWithdrawsReview)).toBeNull();
    const reason = within(dialog).getByLabelText('What is wrong with the work?');
    await user.type(reason, 'Bad job');
    expect(within(dialog).getByText('7/1000')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Contest Completion' }));
    expect(within(dialog).getByText(BOOKING_MESSAGES.contestReasonTooShort)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(calls, 'POST', '/api/bookings/h1/contest')).toHaveLength(0);

    await user.type(reason, ': the tap still drips.');
    await user.click(within(dialog).getByRole('button', { name: 'Contest Completion' }));
    expect(await screen.findByText(BOOKING_MESSAGES.contestSentTitle)).toBeTruthy();
    expect(screen.getByText(BOOKING_MESSAGES.contestSent)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/bookings/h1/contest')[0]!.body).toEqual({
      reason: 'Bad job: the tap still drips.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The job stays in Job History, marked CONTESTED, without Contest or Write Review; the figures reload.
    const list = screen.getByRole('list', { name: 'Completed jobs' });
    expect(await within(list).findByText('CONTESTED')).toBeTruthy();
    expect(within(list).queryByText('COMPLETED')).toBeNull();
    expect(within(list).getByText(DISPUTE_STATUS_WORDS.customer.awaiting_business)).toBeTruthy();
    expect(within(list).getByTestId('dispute-reason').textContent).toContain('Bad job: the tap still drips.');
    // Nothing to accept yet, and a business gets 48 hours to answer before Grip is asked.
    expect(within(list).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(within(list).queryByRole('button', { name: /Escalate to Grip/ })).toBeNull();
    expect(
      within(list).getByText(/If the business has not answered by .*, you can bring this to Grip\./),
    ).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Contest/ })).toBeNull();
    expect(within(list).queryByRole('button', { name: /Write Review/ })).toBeNull();
    // Nor Hire Again while it is in dispute (the server would refuse the job).
    expect(within(list).queryByRole('button', { name: /Hire Again/ })).toBeNull();
    expect(callsTo(calls, 'GET', SUMMARY).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the business’s answer; Accept says what it does first, then names the status it saw', async () => {
    let current = inDispute(answeredDispute('explanation'));
    const { calls } = mockApi(
      bookingsApi(
        {},
        {
          [`GET ${HISTORY}`]: () => ({ body: page([current]) }),
          'POST /api/disputes/d1/accept': () => {
            const resolved = makeDispute({
              ...answeredDispute('explanation'),
              status: 'resolved',
              actions: [],
              resolution: { outcome: 'accepted', note: null, resolvedAt: new Date().toISOString() },
            });
            current = makeCompleted({ canContest: false, canReview: true, dispute: resolved });
            return { body: resolved };
          },
        },
      ),
    );
    const { user } = renderApp('/history');
    const list = await screen.findByRole('list', { name: 'Completed jobs' });
    expect(within(list).getByText(DISPUTE_STATUS_WORDS.customer.awaiting_customer)).toBeTruthy();
    const said = within(list).getByTestId('dispute-answer');
    expect(said.textContent).toContain(DISPUTE_MESSAGES.answerHeading.explanation);
    expect(said.textContent).toContain('The tap is old and needs replacing.');
    expect(within(list).getByRole('button', { name: 'Escalate to Grip for Fix a leaking tap' })).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Accept answer for Fix a leaking tap' }));
    const dialog = await screen.findByRole('dialog', { name: DISPUTE_MESSAGES.acceptTitle });
    expect(within(dialog).getByText(ACCEPT_CONSEQUENCES.explanation)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/disputes/d1/accept')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: DISPUTE_MESSAGES.acceptButton }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'POST', '/api/disputes/d1/accept')[0]!.body).toEqual({
      seenStatus: 'awaiting_customer',
    });
    expect(await screen.findByText(DISPUTE_MESSAGES.acceptedTitle)).toBeTruthy();
    // The job is final now: how it ended, and Write Review.
    expect((await within(list).findByTestId('dispute-outcome')).textContent).toContain(
      'You accepted the business’s explanation: the job is final.',
    );
    expect(within(list).getByRole('button', { name: 'Write Review for Fix a leaking tap' })).toBeTruthy();
  });

  it('escalates to Grip after saying what that means; an accepted offer to fix is said before accepting', async () => {
    let current = inDispute(answeredDispute('fix_offered'));
    const { calls } = mockApi(
      bookingsApi(
        {},
        {
          [`GET ${HISTORY}`]: () => ({ body: page([current]) }),
          'POST /api/disputes/d1/escalate': () => {
            const escalated = {
              ...answeredDispute('fix_offered'),
              status: 'escalated' as const,
              actions: [],
            };
            current = inDispute(escalated);
            return { body: escalated };
          },
        },
      ),
    );
    const { user } = renderApp('/history');
    const list = await screen.findByRole('list', { name: 'Completed jobs' });
    await user.click(within(list).getByRole('button', { name: 'Accept answer for Fix a leaking tap' }));
    const accept = await screen.findByRole('dialog', { name: DISPUTE_MESSAGES.acceptTitle });
    expect(within(accept).getByText(ACCEPT_CONSEQUENCES.fix_offered)).toBeTruthy();
    await user.click(within(accept).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(list).getByRole('button', { name: 'Escalate to Grip for Fix a leaking tap' }));
    const dialog = await screen.findByRole('dialog', { name: DISPUTE_MESSAGES.escalateTitle });
    expect(within(dialog).getByText(DISPUTE_MESSAGES.escalateConsequence)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: DISPUTE_MESSAGES.escalateButton }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'POST', '/api/disputes/d1/accept')).toHaveLength(0);
    expect(callsTo(calls, 'POST', '/api/disputes/d1/escalate')[0]!.body).toEqual({
      seenStatus: 'awaiting_customer',
    });
    expect(await within(list).findByText(DISPUTE_STATUS_WORDS.customer.escalated)).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(within(list).queryByRole('button', { name: /Escalate to Grip/ })).toBeNull();
  });

  it('says so and refreshes when the dispute moved meanwhile', async () => {
    mockApi(
      bookingsApi(
        { history: page([inDispute(answeredDispute('explanation'))]) },
        {
          'POST /api/disputes/d1/escalate': {
            status: 409,
            body: { error: 'conflict', message: DISPUTE_MESSAGES.changedMeanwhile },
          },
        },
      ),
    );
    const { user } = renderApp('/history');
    await user.click(await screen.findByRole('button', { name: 'Escalate to Grip for Fix a leaking tap' }));
    const dialog = await screen.findByRole('dialog', { name: DISPUTE_MESSAGES.escalateTitle });
    await user.click(within(dialog).getByRole('button', { name: DISPUTE_MESSAGES.escalateButton }));
    expect(await screen.findByText(DISPUTE_MESSAGES.changedMeanwhile)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers Escalate to Grip once a silent business has had its 48 hours', async () => {
    const openedAt = Date.now() - 49 * HOUR;
    mockApi(
      bookingsApi({
        history: page([
          inDispute(
            makeDispute({
              openedAt: new Date(openedAt).toISOString(),
              escalatableAt: new Date(openedAt + 48 * HOUR).toISOString(),
              actions: ['escalate'],
            }),
          ),
        ]),
      }),
    );
    renderApp('/history');
    expect(
      await screen.findByRole('button', { name: 'Escalate to Grip for Fix a leaking tap' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
  });

  it('shows Grip’s decision and its note, and the review it opens', async () => {
    const decided = makeCompleted({
      canContest: false,
      canReview: true,
      dispute: makeDispute({
        ...answeredDispute('explanation'),
        status: 'resolved',
        escalatedAt: new Date(Date.now() - HOUR / 4).toISOString(),
        actions: [],
        resolution: {
          outcome: 'for_customer',
          note: 'The photos show the tap still drips.',
          resolvedAt: new Date().toISOString(),
        },
      }),
    });
    mockApi(bookingsApi({ history: page([decided]) }));
    renderApp('/history');
    const outcome = await screen.findByTestId('dispute-outcome');
    expect(outcome.textContent).toContain('Grip decided this dispute for the customer. The job is final.');
    expect(outcome.textContent).toContain('The photos show the tap still drips.');
    expect(screen.getByRole('button', { name: 'Write Review for Fix a leaking tap' })).toBeTruthy();
  });

  it('warns in the Contest dialog that a review already left is withdrawn', async () => {
    const reviewed = makeCompleted({ myRating: 5, canReview: false });
    mockApi(bookingsApi({ history: page([reviewed]) }));
    const { user } = renderApp('/history');
    await user.click(await screen.findByRole('button', { name: 'Contest Fix a leaking tap' }));
    const dialog = await screen.findByRole('dialog', { name: BOOKING_MESSAGES.contestTitle });
    expect(within(dialog).getByText(BOOKING_MESSAGES.contestWithdrawsReview)).toBeTruthy();
  });

  it('takes the Contest button away when the clock reaches the deadline', async () => {
    // Frozen from the start: the page mounts, and starts re-reading the time every 30 s, at a known
    // instant, with the deadline exactly two of those readings later.
    useFakeClock();
    freezeClock();
    const closing = makeCompleted({ contestDeadline: new Date(Date.now() + 60_000).toISOString() });
    mockApi(bookingsApi({ history: page([closing]) }));
    renderApp('/history');
    const contest = () => screen.queryByRole('button', { name: 'Contest Fix a leaking tap' });
    await settleUntil(() => expect(contest()).not.toBeNull());
    expect(screen.getByText(/^You can contest until /)).toBeTruthy();

    // Still open a millisecond before (the page last read the time at 30 s)...
    await advance(59_999);
    expect(contest()).not.toBeNull();
    // ...and gone at the reading that reaches it.
    await advance(1);
    expect(contest()).toBeNull();
    expect(screen.queryByText(/^You can contest until /)).toBeNull();
    expect(screen.getByRole('button', { name: 'Write Review for Fix a leaking tap' })).toBeTruthy();
  });

  it("shows the server's reason when the contest is refused", async () => {
    mockApi(
      bookingsApi(
        { history: page([recent]) },
        {
          'POST /api/bookings/h1/contest': {
            status: 409,
            body: { error: 'conflict', message: BOOKING_MESSAGES.contestClosed },
          },
        },
      ),
    );
    const { user } = renderApp('/history');
    await user.click(await screen.findByRole('button', { name: 'Contest Fix a leaking tap' }));
    const dialog = await screen.findByRole('dialog', { name: BOOKING_MESSAGES.contestTitle });
    await user.type(within(dialog).getByLabelText('What is wrong with the work?'), 'The tap still drips.');
    await user.click(within(dialog).getByRole('button', { name: 'Contest Completion' }));
    expect(await screen.findByText(BOOKING_MESSAGES.contestClosed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the contest failed when the server fails', async () => {
    mockApi(
      bookingsApi(
        { history: page([recent]) },
        { 'POST /api/bookings/h1/contest': { status: 500, body: { error: 'internal', message: 'Boom' } } },
      ),
    );
    const { user } = renderApp('/history');
    await user.click(await screen.findByRole('button', { name: 'Contest Fix a leaking tap' }));
    const dialog = await screen.findByRole('dialog', { name: BOOKING_MESSAGES.contestTitle });
    await user.type(within(dialog).getByLabelText('What is wrong with the work?'), 'The tap still drips.');
    await user.click(within(dialog).getByRole('button', { name: 'Contest Completion' }));
    expect(await screen.findByText(BOOKING_MESSAGES.contestFailed)).toBeTruthy();
    expect(screen.queryByText('Boom')).toBeNull();
    expect(screen.getByRole('dialog', { name: BOOKING_MESSAGES.contestTitle })).toBeTruthy();
  });

  it('Hire Again opens a new request for the same subtype, naming the response to hire again', async () => {
    mockApi(bookingsApi({ history: page([older]) }));
    const { user, location } = renderApp('/history');
    await user.click(await screen.findByRole('button', { name: 'Hire Again for Mow the lawn' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(location().search).toBe('?service=gardening&hireAgain=h2');
    const params = new URLSearchParams(location().search);
    expect(params.get('service')).toBe('gardening');
    expect(params.get('hireAgain')).toBe('h2');
  });

  it('Write Review opens the review dialog and shows the rating once sent', async () => {
    let reviewed = false;
    const { calls } = mockApi(
      bookingsApi(
        {},
        {
          [`GET ${HISTORY}`]: () => ({
            body: page([reviewed ? { ...recent, myRating: 5, canReview: false } : recent]),
          }),
          'POST /api/reviews': () => {
            reviewed = true;
            return { status: 201, body: { id: 'rv1', rating: 5, reviewText: null } };
          },
        },
      ),
    );
    const { user } = renderApp('/history');
    await user.click(await screen.findByRole('button', { name: 'Write Review for Fix a leaking tap' }));
    const dialog = await screen.findByRole('dialog', { name: REVIEW_MESSAGES.dialogTitle });
    expect(within(dialog).getByText('Harbour Plumbing')).toBeTruthy();
    expect(within(dialog).getByText('$85 per hour')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText(REVIEW_MESSAGES.submittedTitle)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/reviews')[0]!.body).toEqual({
      responseId: 'h1',
      rating: 5,
      reviewText: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('img', { name: 'You rated 5 out of 5 stars' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Write Review/ })).toBeNull();
  });

  it('shows the empty state', async () => {
    mockApi(
      bookingsApi({
        summary: makeSummary({ completedJobs: 0, totalSpent: '0.00', averageRatingGiven: null }),
      }),
    );
    renderApp('/history');
    expect(await screen.findByText(BOOKING_MESSAGES.historyEmpty)).toBeTruthy();
  });

  it('shows the load failure with Retry', async () => {
    let fail = true;
    mockApi(
      bookingsApi(
        {},
        {
          [`GET ${HISTORY}`]: () =>
            fail ? { status: 500, body: { error: 'internal', message: 'Boom' } } : { body: page([recent]) },
        },
      ),
    );
    const { user } = renderApp('/history');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(BOOKING_MESSAGES.historyLoadFailed)).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Fix a leaking tap')).toBeTruthy();
  });
});
