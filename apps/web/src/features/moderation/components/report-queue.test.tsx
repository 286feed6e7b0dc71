import { MODERATION_MESSAGES, type ReportQueueItem } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { ReportQueue } from './report-queue';

const LIST = 'GET /api/admin/reports?limit=20';

const item = (overrides: Partial<ReportQueueItem> = {}): ReportQueueItem => ({
  id: 'rep1',
  targetKind: 'message',
  reason: 'fraud',
  note: 'Asks to pay a stranger',
  createdAt: '2026-11-20T10:00:00.000Z',
  reporter: { userId: 'b1', name: 'Sparks Electrical', email: 'lena@sparks.example' },
  reportedUser: {
    userId: 'c1',
    name: 'Omar Reyes',
    email: 'omar@example.com',
    role: 'user',
    suspendedAt: null,
    deletedAt: null,
    reportCount: 3,
  },
  content: {
    isGone: false,
    context: 'Electrical request',
    text: 'Send the money to my cousin instead',
    images: [],
    rating: null,
    reply: null,
  },
  ...overrides,
});

function renderQueue(handlers: Record<string, Reply | (() => Reply)>) {
  const api = mockApi(handlers);
  render(
    <Providers queryClient={createTestQueryClient()}>
      <ReportQueue />
    </Providers>,
  );
  return { api, user: userEvent.setup() };
}

describe('ReportQueue', () => {
  it('shows each report with both accounts, the note and the reported content', async () => {
    renderQueue({
      [LIST]: {
        body: {
          items: [
            item(),
            item({
              id: 'rep2',
              targetKind: 'review',
              reason: 'inappropriate',
              note: null,
              content: {
                isGone: false,
                context: 'Pool job',
                text: 'Awful',
                images: [],
                rating: 1,
                reply: 'Unfair',
              },
            }),
            item({ id: 'rep3', content: { ...item().content, isGone: true, text: null } }),
          ],
          nextCursor: null,
        },
      },
    });
    const [first, review, gone] = await screen.findAllByTestId('report');
    expect(first!.textContent).toContain('Scam or fraud');
    expect(first!.textContent).toContain('Omar Reyes');
    expect(first!.textContent).toContain('3 reports about this account');
    expect(first!.textContent).toContain('Sparks Electrical');
    expect(first!.textContent).toContain('Asks to pay a stranger');
    expect(within(first!).getByTestId('reported-content').textContent).toContain(
      'Send the money to my cousin instead',
    );
    expect(within(review!).getByTestId('reported-content').textContent).toContain('Rated 1 of 5');
    expect(within(review!).getByTestId('reported-content').textContent).toContain('Reply: Unfair');
    expect(within(gone!).getByTestId('reported-content').textContent).toBe(MODERATION_MESSAGES.contentGone);
  });

  it('warns only with words for the account, after confirming, and the report leaves the queue', async () => {
    let open = [item()];
    const { api, user } = renderQueue({
      [LIST]: () => ({ body: { items: open, nextCursor: null } }),
      'POST /api/admin/reports/rep1/handle': () => {
        open = [];
        return { body: { id: 'rep1', status: 'warned' } };
      },
    });
    const card = (await screen.findAllByTestId('report'))[0]!;
    await user.click(within(card).getByRole('button', { name: 'Warn the report of a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warn this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Warn' }));
    expect(within(dialog).getByText(MODERATION_MESSAGES.warningRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Warning to Omar Reyes'), 'Payments go through Grip only.');
    await user.click(within(dialog).getByRole('button', { name: 'Warn' }));
    expect(await screen.findByText('Warning sent')).toBeTruthy();
    expect(await screen.findByText(MODERATION_MESSAGES.queueEmpty)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/admin/reports/rep1/handle',
        body: { action: 'warn', message: 'Payments go through Grip only.', note: '' },
      },
    ]);
  });

  it('suspends only with a reason, and says why the server refused', async () => {
    const { api, user } = renderQueue({
      [LIST]: { body: { items: [item()], nextCursor: null } },
      'POST /api/admin/reports/rep1/handle': {
        status: 409,
        body: { error: 'conflict', message: 'Remove the administrator role before suspending this account.' },
      },
    });
    const card = (await screen.findAllByTestId('report'))[0]!;
    await user.click(within(card).getByRole('button', { name: 'Suspend the report of a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByText(MODERATION_MESSAGES.suspendNoteRequired)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Why (kept in the audit log)'), 'Fraud, twice');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(
      await screen.findByText('Remove the administrator role before suspending this account.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cannot warn or suspend a deleted account, only dismiss its report', async () => {
    renderQueue({
      [LIST]: {
        body: {
          items: [item({ reportedUser: { ...item().reportedUser!, deletedAt: '2026-11-21T00:00:00.000Z' } })],
          nextCursor: null,
        },
      },
    });
    const card = (await screen.findAllByTestId('report'))[0]!;
    expect((within(card).getByRole('button', { name: /^Warn/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(card).getByRole('button', { name: /^Suspend/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(card).getByRole('button', { name: /^Dismiss/ }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('says so when the queue is empty, and offers to try again when it fails', async () => {
    let fail = true;
    const { user } = renderQueue({
      [LIST]: () =>
        fail
          ? { status: 503, body: { error: 'unavailable', message: 'Down' } }
          : { body: { items: [], nextCursor: null } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MODERATION_MESSAGES.queueLoadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MODERATION_MESSAGES.queueEmpty)).toBeTruthy();
  });
});
