import { MODERATION_MESSAGES, type ConversationBlock, type ConversationMessage } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { ConversationBlockGate } from './conversation-block-gate';
import { ConversationSafetyMenu } from './conversation-safety-menu';

const STATE = 'GET /api/blocks/conversations/r1';
const open: ConversationBlock = {
  otherPartyId: 'b1',
  otherPartyName: 'Sparks Electrical',
  blockedByMe: false,
  canContact: true,
};

const message = (id: string, fromMe: boolean, text: string): ConversationMessage => ({
  id,
  senderId: fromMe ? 'c1' : 'b1',
  fromMe,
  senderName: fromMe ? 'You' : 'Sparks Electrical',
  message: text,
  messageType: 'text',
  attachments: [],
  readAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

function renderChat(handlers: Record<string, Reply | (() => Reply)>) {
  const api = mockApi(handlers);
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <ConversationSafetyMenu
        responseId="r1"
        messages={[
          message('m1', false, 'Pay me in cash please'),
          message('m2', true, 'No thanks'),
          message('m3', false, 'Or else'),
        ]}
      />
      <ConversationBlockGate responseId="r1">
        <textarea aria-label="Message" />
      </ConversationBlockGate>
    </Providers>,
  );
  return { api, user };
}

const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: MODERATION_MESSAGES.moreOptions }));
  return screen.findByRole('menu');
};

describe('the conversation’s Report and Block', () => {
  it('reports the account or one of the other party’s messages, newest first, with a reason', async () => {
    const { api, user } = renderChat({
      [STATE]: { body: open },
      'POST /api/reports': { status: 201, body: { id: 'rep1', status: 'open' } },
    });
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Sparks Electrical' });
    const what = await within(dialog).findByRole('combobox', { name: MODERATION_MESSAGES.reportWhat });
    expect(
      within(what)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose what to report',
      'Sparks Electrical (the account)',
      'Message: “Or else”',
      'Message: “Pay me in cash please”',
    ]);
    // Nothing chosen: said under each field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(within(dialog).getByText(MODERATION_MESSAGES.targetRequired)).toBeTruthy();
    expect(within(dialog).getByText(MODERATION_MESSAGES.reasonRequired)).toBeTruthy();
    await user.selectOptions(what, 'Message: “Pay me in cash please”');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Something else');
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(within(dialog).getByText(MODERATION_MESSAGES.noteRequiredForOther)).toBeTruthy();
    await user.type(
      within(dialog).getByLabelText(MODERATION_MESSAGES.noteRequiredLabel),
      'Wants cash off the app',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText(MODERATION_MESSAGES.reportSent)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/reports',
        body: { targetKind: 'message', targetId: 'm1', reason: 'other', note: 'Wants cash off the app' },
      },
    ]);
  });

  it('blocks after a confirmation that says what happens, then shows the words instead of the send box', async () => {
    let state = open;
    const { api, user } = renderChat({
      [STATE]: () => ({ body: state }),
      'POST /api/blocks/b1': () => {
        state = { ...open, blockedByMe: true, canContact: false };
        return { status: 204 };
      },
    });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Sparks Electrical?' });
    expect(within(dialog).getByTestId('block-consequences').textContent).toContain(
      'Bookings you already have go on',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(MODERATION_MESSAGES.blocked)).toBeTruthy();
    const notice = await screen.findByTestId('blocked-composer');
    expect(notice.textContent).toContain(MODERATION_MESSAGES.youBlocked);
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/blocks/b1']);

    // The menu now offers Unblock, as does the notice.
    expect(within(await openMenu(user)).getByRole('menuitem', { name: 'Unblock' })).toBeTruthy();
  });

  it('tells the blocked side only that it cannot message, with no Unblock', async () => {
    renderChat({ [STATE]: { body: { ...open, canContact: false } } });
    const notice = await screen.findByTestId('blocked-composer');
    expect(notice.textContent).toBe(MODERATION_MESSAGES.cannotMessage);
    expect(within(notice).queryByRole('button')).toBeNull();
  });

  it('keeps the send box and leaves the menu out when the state cannot be read', async () => {
    renderChat({ [STATE]: { status: 500, body: { error: 'internal', message: 'boom' } } });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: MODERATION_MESSAGES.moreOptions })).toBeNull(),
    );
  });
});
