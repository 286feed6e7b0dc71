import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DISPUTE_MESSAGES,
  type BusinessJob,
  type BusinessJobDetail,
  type BusinessJobPage,
  type DisputeView,
} from '@grip/domain';
import { describe, expect, it, vi } from 'vitest';
import { conversationApi, makeMessage } from '@/features/messages/testing/conversation-fixtures';
import { installFakeUploads, makeFile, uploadedImage } from '@/features/uploads/testing/fake-upload-server';
import { makeBadges, makeMe } from '@/test/fixtures';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { renderApp } from '@/test/render';

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

const page = (items: BusinessJob[]): BusinessJobPage => ({ items, nextCursor: null });
const detail = (job: BusinessJob = makeJob()): BusinessJobDetail => job;

const ACTIVE = '/api/business/jobs?section=active&limit=20';
const COMPLETED = '/api/business/jobs?section=completed&limit=20';

function jobsApi(extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return {
    'GET /api/me': { body: makeMe('business_owner') },
    'GET /api/badges': { body: makeBadges() },
    // The job detail's conversation panel (the job id is the response id).
    ...conversationApi({ responseId: 'j1', conversation: { role: 'business', otherPartyName: 'Dana' } }),
    [`GET ${ACTIVE}`]: { body: page([makeJob()]) },
    [`GET ${COMPLETED}`]: {
      body: page([
        makeJob({
          id: 'j2',
          completionStatus: 'completed',
          completionDate: '2026-03-05T10:00:00.000Z',
          request: { ...makeJob().request, title: 'Paint the fence' },
        }),
      ]),
    },
    ...extra,
  };
}

const callsTo = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

describe('Confirmed Bookings', () => {
  it('shows Active bookings with Message and Show Details, and Completed on demand', async () => {
    const { calls } = mockApi(jobsApi());
    const { user } = renderApp('/business-confirmed');

    const list = await screen.findByRole('list', { name: 'Active Bookings' });
    expect(within(list).getByText('Fix a leaking tap')).toBeTruthy();
    expect(within(list).getByText('ACCEPTED')).toBeTruthy();
    expect(
      within(list).getByRole('link', { name: 'Message about Fix a leaking tap' }).getAttribute('href'),
    ).toBe('/conversation/j1');
    expect(
      within(list).getByRole('link', { name: 'Show details of Fix a leaking tap' }).getAttribute('href'),
    ).toBe('/business-confirmed?job=j1');
    expect(callsTo(calls, 'GET', COMPLETED)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Completed Bookings' }));
    const done = await screen.findByRole('list', { name: 'Completed Bookings' });
    expect(within(done).getByText('COMPLETED')).toBeTruthy();
    expect(within(done).queryByRole('button', { name: /Quick Complete/ })).toBeNull();
  });

  it('shows the empty text when there are no active jobs', async () => {
    mockApi(jobsApi({ [`GET ${ACTIVE}`]: { body: page([]) } }));
    renderApp('/business-confirmed');
    expect(
      await screen.findByText("No active jobs yet. Once users select your responses, they'll appear here."),
    ).toBeTruthy();
  });

  it('Quick Complete opens the Complete Request dialog with a counter and review request ticked', async () => {
    const { calls } = mockApi(
      jobsApi({
        'POST /api/business/jobs/j1/complete': { body: makeJob({ completionStatus: 'completed' }) },
      }),
    );
    const { user } = renderApp('/business-confirmed');
    await user.click(await screen.findByRole('button', { name: /Quick Complete/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Complete Request' });
    // Spec 3 §2: job id, request id, service type and business user id.
    const ids = within(dialog)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(ids).toEqual(['j1', 'r1', 'Plumbing', 'biz-u1']);
    expect(within(dialog).getByText('Business user ID')).toBeTruthy();
    expect(within(dialog).getByText('0/1000')).toBeTruthy();
    const review = within(dialog).getByRole('checkbox', { name: 'Ask the customer for a review' });
    expect((review as HTMLInputElement).checked).toBe(true);
    await user.type(within(dialog).getByLabelText('Completion notes'), 'Washer replaced');
    expect(within(dialog).getByText('15/1000')).toBeTruthy();
    await user.click(review);
    await user.click(within(dialog).getByRole('button', { name: 'Complete Request' }));

    await waitFor(() => expect(callsTo(calls, 'POST', '/api/business/jobs/j1/complete')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/business/jobs/j1/complete')[0]?.body).toEqual({
      notes: 'Washer replaced',
      proofImages: [],
      requestReview: false,
    });
    expect(await screen.findByText('Request Completed Successfully')).toBeTruthy();
    expect(screen.queryByText('Job marked as completed')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the spec's failure text when completing fails on the server", async () => {
    mockApi(jobsApi({ 'POST /api/business/jobs/j1/complete': { status: 500, body: null } }));
    const { user } = renderApp('/business-confirmed');
    await user.click(await screen.findByRole('button', { name: /Quick Complete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Request' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete Request' }));
    expect(await screen.findByText('Completion Failed')).toBeTruthy();
    expect(screen.getByText('Failed to mark job as complete. Please try again.')).toBeTruthy();
    // The dialog stays open to try again.
    expect(screen.getByRole('dialog', { name: 'Complete Request' })).toBeTruthy();
  });

  it('dates an active card by when the quote was accepted, else by its last change', async () => {
    mockApi(
      jobsApi({
        [`GET ${ACTIVE}`]: {
          body: page([
            makeJob(),
            makeJob({
              id: 'j3',
              acceptedAt: null,
              updatedAt: '2026-02-20T10:00:00.000Z',
              request: { ...makeJob().request, title: 'Old booking' },
            }),
          ]),
        },
      }),
    );
    renderApp('/business-confirmed');
    const list = await screen.findByRole('list', { name: 'Active Bookings' });
    const cards = within(list).getAllByRole('listitem');
    // Created Mar 1, accepted Mar 3.
    expect(within(cards[0]!).getByText('Accepted quote from Mar 3, 2026')).toBeTruthy();
    expect(within(cards[1]!).getByText('Accepted quote from Feb 20, 2026')).toBeTruthy();
  });

  it('?section=completed opens Completed Bookings expanded and scrolls to it', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { calls } = mockApi(jobsApi());
    renderApp('/business-confirmed?section=completed');
    const done = await screen.findByRole('list', { name: 'Completed Bookings' });
    expect(within(done).getByText('Paint the fence')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Completed Bookings' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    // Active starts collapsed, so nothing loading above moves Completed after the scroll.
    expect(screen.getByRole('button', { name: 'Active Bookings' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(callsTo(calls, 'GET', ACTIVE)).toHaveLength(0);
    const target = scrolled.mock.contexts[0] as Element | undefined;
    expect(target?.contains(screen.getByRole('button', { name: 'Completed Bookings' }))).toBe(true);
  });

  it("shows the server's reason when completion is refused", async () => {
    mockApi(
      jobsApi({
        'POST /api/business/jobs/j1/complete': {
          status: 409,
          body: { error: 'conflict', message: 'This job has already been marked complete.' },
        },
      }),
    );
    const { user } = renderApp('/business-confirmed');
    await user.click(await screen.findByRole('button', { name: /Quick Complete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Request' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete Request' }));
    expect(await screen.findByText('Completion Failed')).toBeTruthy();
    expect(screen.getByText('This job has already been marked complete.')).toBeTruthy();
  });
});

describe('Job detail', () => {
  it('shows the job, saves notes and marks the job complete', async () => {
    let saved: string | null = null;
    const { calls } = mockApi(
      jobsApi({
        'GET /api/business/jobs/j1': () => ({ body: detail(makeJob({ engagementNotes: saved })) }),
        'PUT /api/business/jobs/j1/notes': () => {
          saved = 'Parts ordered';
          return { body: { engagementNotes: saved } };
        },
        'POST /api/business/jobs/j1/complete': { body: makeJob({ completionStatus: 'completed' }) },
      }),
    );
    const { user } = renderApp('/business-confirmed?job=j1');

    expect(await screen.findByRole('heading', { name: 'Fix a leaking tap' })).toBeTruthy();
    expect(screen.getByText('Job ID: j1')).toBeTruthy();
    expect(screen.getByText('ACCEPTED')).toBeTruthy();
    expect(screen.getByText('12 Crown St, Surry Hills NSW')).toBeTruthy();
    expect(
      screen.getByText('Customer will have 24 hours to review and contest the completion.'),
    ).toBeTruthy();
    expect(await screen.findByText('No Messages Yet')).toBeTruthy();

    await user.type(screen.getByLabelText('Work Notes & Progress'), 'Parts ordered');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText('Notes Updated')).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/api/business/jobs/j1/notes')[0]?.body).toEqual({ notes: 'Parts ordered' });

    await user.click(screen.getByRole('button', { name: 'Mark Job Complete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Mark this job complete?' });
    expect(callsTo(calls, 'POST', '/api/business/jobs/j1/complete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Mark Job Complete' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/business/jobs/j1/complete')).toHaveLength(1));
    // The work notes are kept with the completion; no completion notes, so none reach the customer.
    expect(callsTo(calls, 'POST', '/api/business/jobs/j1/complete')[0]?.body).toEqual({
      workNotes: 'Parts ordered',
      proofImages: [],
      requestReview: true,
    });
    expect(await screen.findByText('Job marked as completed')).toBeTruthy();
    expect(screen.queryByText('Request Completed Successfully')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('confirms Mark Job Complete, saying what the customer receives, and Cancel sends nothing', async () => {
    const uploads = installFakeUploads();
    const { calls } = mockApi(
      jobsApi({
        'GET /api/business/jobs/j1': { body: detail(makeJob({ engagementNotes: 'Gate code 4411' })) },
        'POST /api/business/jobs/j1/complete': { body: makeJob({ completionStatus: 'completed' }) },
      }),
    );
    const { user } = renderApp('/business-confirmed?job=j1');
    await user.upload(await screen.findByLabelText('Proof photos'), makeFile('done.jpg', 'image/jpeg'));
    const photo = uploadedImage();
    act(() => uploads.last().respond(201, photo));
    await screen.findByRole('button', { name: 'Remove image 1' });

    await user.click(screen.getByRole('button', { name: 'Mark Job Complete' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Mark this job complete?' });
    expect(
      within(confirm).getByText(
        "Dana will get a message in your conversation saying the job is complete, with your 1 proof photo, and will have 24 hours to review and contest the completion. This can't be undone.",
      ),
    ).toBeTruthy();
    expect(
      within(confirm).getByText(
        'Sent to the customer with the completion message. Your Work Notes & Progress stay private.',
      ),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(calls, 'POST', '/api/business/jobs/j1/complete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mark Job Complete' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Mark this job complete?' });
    await user.type(within(confirm).getByLabelText('Completion notes (optional)'), 'New washer fitted.');
    expect(
      within(confirm).getByText(/with your 1 proof photo and your completion notes, and will have 24 hours/),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Mark Job Complete' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/business/jobs/j1/complete')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/business/jobs/j1/complete')[0]?.body).toEqual({
      workNotes: 'Gate code 4411',
      notes: 'New washer fitted.',
      proofImages: [photo.url],
      requestReview: true,
    });
    expect(await screen.findByText('Job marked as completed')).toBeTruthy();
  });

  it('keeps chosen proof photos and notes typed after Save Notes through the refetch', async () => {
    const uploads = installFakeUploads();
    let saved: string | null = null;
    let version = 0;
    const put = deferred<Reply>();
    const { calls } = mockApi(
      jobsApi({
        // Every read is a new version of the job, as after a save or a live update.
        'GET /api/business/jobs/j1': () => {
          version += 1;
          return {
            body: detail(
              makeJob({
                engagementNotes: saved,
                updatedAt: `2026-03-0${Math.min(version, 9)}T12:00:00.000Z`,
              }),
            ),
          };
        },
        'PUT /api/business/jobs/j1/notes': async (call) => {
          const reply = await put.promise;
          saved = (call.body as { notes: string }).notes;
          return reply;
        },
        'POST /api/business/jobs/j1/complete': { body: makeJob({ completionStatus: 'completed' }) },
      }),
    );
    const { user } = renderApp('/business-confirmed?job=j1');
    await user.upload(await screen.findByLabelText('Proof photos'), makeFile('pipe.jpg', 'image/jpeg'));
    const photo = uploadedImage();
    act(() => uploads.last().respond(201, photo));
    await screen.findByRole('button', { name: 'Remove image 1' });

    const notes = screen.getByLabelText('Work Notes & Progress') as HTMLTextAreaElement;
    await user.type(notes, 'Parts ordered');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    await user.type(notes, ', fitting Tuesday');
    put.resolve({ body: { engagementNotes: 'Parts ordered' } });
    expect(await screen.findByText('Notes Updated')).toBeTruthy();
    const reads = () => callsTo(calls, 'GET', '/api/business/jobs/j1').length;
    await waitFor(() => expect(reads()).toBe(2));

    expect(screen.getByRole('button', { name: 'Remove image 1' })).toBeTruthy();
    expect((screen.getByLabelText('Work Notes & Progress') as HTMLTextAreaElement).value).toBe(
      'Parts ordered, fitting Tuesday',
    );

    await user.click(screen.getByRole('button', { name: 'Mark Job Complete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Mark this job complete?' });
    await user.click(within(confirm).getByRole('button', { name: 'Mark Job Complete' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/business/jobs/j1/complete')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/business/jobs/j1/complete')[0]?.body).toEqual({
      workNotes: 'Parts ordered, fitting Tuesday',
      proofImages: [photo.url],
      requestReview: true,
    });
  });

  it('keeps unsaved work through a live refresh, and shows saved notes when nothing was typed', async () => {
    const uploads = installFakeUploads();
    let notes: string | null = 'First visit done';
    let failReads = false;
    let version = 0;
    mockApi(
      jobsApi({
        'GET /api/business/jobs/j1': () => {
          version += 1;
          if (failReads) return { status: 503, body: null };
          return {
            body: detail(makeJob({ engagementNotes: notes, updatedAt: `2026-03-0${version}T12:00:00.000Z` })),
          };
        },
      }),
    );
    const { user, queryClient } = renderApp('/business-confirmed?job=j1');
    const field = (await screen.findByLabelText('Work Notes & Progress')) as HTMLTextAreaElement;
    expect(field.value).toBe('First visit done');

    // Someone else saved notes (another tab): nothing typed here, so the new text shows.
    notes = 'Second visit booked';
    await act(() => queryClient.invalidateQueries({ queryKey: ['business'] }));
    await waitFor(() => expect(field.value).toBe('Second visit booked'));

    await user.upload(screen.getByLabelText('Proof photos'), makeFile('a.jpg', 'image/jpeg'));
    act(() => uploads.last().respond(201, uploadedImage()));
    await screen.findByRole('button', { name: 'Remove image 1' });
    await user.type(field, ' - bring ladder');
    notes = 'Changed elsewhere';
    await act(() => queryClient.invalidateQueries({ queryKey: ['business'] }));
    await waitFor(() => expect(version).toBe(3));
    expect(field.value).toBe('Second visit booked - bring ladder');
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toBeTruthy();

    // A failed refresh keeps the job and the work on screen.
    failReads = true;
    await act(() => queryClient.invalidateQueries({ queryKey: ['business'] }));
    await waitFor(() => expect(version).toBe(4));
    expect((screen.getByLabelText('Work Notes & Progress') as HTMLTextAreaElement).value).toBe(
      'Second visit booked - bring ladder',
    );
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toBeTruthy();
  });

  it("says 'Update Failed' when the notes cannot be saved", async () => {
    mockApi(
      jobsApi({
        'GET /api/business/jobs/j1': { body: detail() },
        'PUT /api/business/jobs/j1/notes': { status: 500, body: null },
      }),
    );
    const { user } = renderApp('/business-confirmed?job=j1');
    await user.type(await screen.findByLabelText('Work Notes & Progress'), 'Parts ordered');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('Failed to save engagement notes.')).toBeTruthy();
    expect((screen.getByLabelText('Work Notes & Progress') as HTMLTextAreaElement).value).toBe(
      'Parts ordered',
    );
  });

  it('names a proof file that is not an image in the spec words', async () => {
    const uploads = installFakeUploads();
    mockApi(jobsApi({ 'GET /api/business/jobs/j1': { body: detail() } }));
    renderApp('/business-confirmed?job=j1');
    // The picker's accept="image/*" would filter the file out before the app saw it.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Proof photos'), makeFile('notes.txt', 'text/plain'));
    expect(
      await screen.findByText('File notes.txt is not an image. Please upload only image files.'),
    ).toBeTruthy();
    expect(uploads.requests).toHaveLength(0);
  });

  it('names a proof photo that is too large in the spec words', async () => {
    mockApi(jobsApi({ 'GET /api/business/jobs/j1': { body: detail() } }));
    const { user } = renderApp('/business-confirmed?job=j1');
    const input = await screen.findByLabelText('Proof photos');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText('File big.png is too large. Maximum size is 10MB.')).toBeTruthy();
  });

  it('shows completion dates and no completion controls for a completed job', async () => {
    const completed = makeJob({
      completionStatus: 'completed',
      completionDate: '2026-03-05T10:00:00.000Z',
      contestDeadline: '2026-03-06T10:00:00.000Z',
    });
    mockApi(jobsApi({ 'GET /api/business/jobs/j1': { body: detail(completed) } }));
    renderApp('/business-confirmed?job=j1');
    expect(await screen.findByText('COMPLETED')).toBeTruthy();
    expect(screen.getByText('Contest deadline')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark Job Complete' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to bookings' }).getAttribute('href')).toBe(
      '/business-confirmed?section=completed',
    );
  });

  it('emails the job details, requiring an address first', async () => {
    const { calls } = mockApi(
      jobsApi({
        'GET /api/business/jobs/j1': { body: detail() },
        'POST /api/business/jobs/j1/email': { status: 202, body: { queued: true } },
      }),
    );
    const { user } = renderApp('/business-confirmed?job=j1');
    await user.click(await screen.findByRole('button', { name: 'Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email Job Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Email Required')).toBeTruthy();
    expect(within(dialog).getByText('Please enter an email address.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/business/jobs/j1/email')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Email address'), 'crew@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Email Sent')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/business/jobs/j1/email')[0]?.body).toEqual({
      email: 'crew@example.com',
    });
  });

  it("says 'Email Failed' when the job details cannot be sent", async () => {
    mockApi(
      jobsApi({
        'GET /api/business/jobs/j1': { body: detail() },
        'POST /api/business/jobs/j1/email': { status: 500, body: null },
      }),
    );
    const { user } = renderApp('/business-confirmed?job=j1');
    await user.click(await screen.findByRole('button', { name: 'Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email Job Details' });
    await user.type(within(dialog).getByLabelText('Email address'), 'crew@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Email Failed')).toBeTruthy();
    expect(screen.getByText('Failed to send job details email.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Email Job Details' })).toBeTruthy();
  });

  it('shows the conversation panel with its message count and a send box (no Refresh: it is live)', async () => {
    const { calls } = mockApi(
      jobsApi({
        'GET /api/business/jobs/j1': { body: detail() },
        ...conversationApi({
          responseId: 'j1',
          conversation: { role: 'business', otherPartyName: 'Dana' },
          page: {
            items: [
              makeMessage({ senderName: 'Dana', message: 'Is Thursday still ok?' }),
              makeMessage({ fromMe: true, senderName: 'Sam Plumbing', message: 'Yes, 9am.' }),
            ],
            olderCursor: null,
          },
        }),
      }),
    );
    renderApp('/business-confirmed?job=j1');
    const thread = await screen.findByRole('list', { name: 'Messages' });
    expect(within(thread).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Conversation 2 messages' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.getByLabelText('Message')).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/conversations/j1/read')).toHaveLength(1));
  });

  it('says the job was not found for an unknown id', async () => {
    mockApi(
      jobsApi({
        'GET /api/business/jobs/nope': {
          status: 404,
          body: { error: 'not_found', message: 'Job not found.' },
        },
      }),
    );
    renderApp('/business-confirmed?job=nope');
    expect(await screen.findByText('Job not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to bookings' }).getAttribute('href')).toBe(
      '/business-confirmed',
    );
  });

  it('shows a contested job’s dispute; the business answers it and then waits for the customer', async () => {
    const dispute: DisputeView = {
      id: 'd1',
      status: 'awaiting_business',
      reason: 'The tap still drips.',
      openedAt: '2026-03-05T12:00:00.000Z',
      answer: null,
      escalatedAt: null,
      resolution: null,
      actions: ['answer'],
      escalatableAt: null,
    };
    const contested = makeJob({
      completionStatus: 'contested',
      completionDate: '2026-03-05T10:00:00.000Z',
      contestReason: 'The tap still drips.',
      dispute,
    });
    // Answered an hour ago: the business waits 48 hours for the customer before it may escalate.
    const answeredAt = Date.now() - 60 * 60_000;
    const answered: DisputeView = {
      ...dispute,
      status: 'awaiting_customer',
      answer: {
        kind: 'fix_offered',
        text: 'I will replace the washer on Monday.',
        answeredAt: new Date(answeredAt).toISOString(),
      },
      actions: [],
      escalatableAt: new Date(answeredAt + 48 * 60 * 60_000).toISOString(),
    };
    let current = contested;
    const { calls } = mockApi(
      jobsApi({
        'GET /api/business/jobs/j1': () => ({ body: detail(current) }),
        'POST /api/disputes/d1/answer': () => {
          current = { ...contested, dispute: answered };
          return { body: answered };
        },
      }),
    );
    const { user } = renderApp('/business-confirmed?job=j1');
    const card = await screen.findByRole('region', { name: DISPUTE_MESSAGES.answerTitle });
    expect(within(card).getByText('The tap still drips.')).toBeTruthy();
    // The business can no longer end the contest alone.
    expect(within(card).queryByRole('button', { name: 'Mark resolved' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Redo the work' })).toBeNull();

    // Nothing chosen, nothing written: refused in the form, nothing sent.
    await user.click(within(card).getByRole('button', { name: DISPUTE_MESSAGES.answerButton }));
    expect(within(card).getByText(DISPUTE_MESSAGES.answerRequired)).toBeTruthy();
    expect(within(card).getByText(DISPUTE_MESSAGES.answerTooShort)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/disputes/d1/answer')).toHaveLength(0);

    await user.click(within(card).getByRole('radio', { name: /Offer to fix it/ }));
    await user.type(
      within(card).getByLabelText(DISPUTE_MESSAGES.answerLabel),
      'I will replace the washer on Monday.',
    );
    await user.click(within(card).getByRole('button', { name: DISPUTE_MESSAGES.answerButton }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/disputes/d1/answer')[0]?.body).toEqual({
        seenStatus: 'awaiting_business',
        kind: 'fix_offered',
        text: 'I will replace the washer on Monday.',
      }),
    );
    expect(await screen.findByText(DISPUTE_MESSAGES.answerSentTitle)).toBeTruthy();
    const waiting = await screen.findByRole('region', { name: 'Waiting for the customer' });
    expect(within(waiting).getByText('I will replace the washer on Monday.')).toBeTruthy();
    expect(
      within(waiting).getByText(/If the customer has not replied by .*, you can bring this to Grip\./),
    ).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: DISPUTE_MESSAGES.escalateButton })).toBeNull();
  });
});
