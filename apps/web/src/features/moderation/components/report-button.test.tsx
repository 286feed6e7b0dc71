import { MODERATION_MESSAGES } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { ReportButton } from './report-button';

describe('ReportButton', () => {
  it('reports the one thing it names, and says when it can no longer be reported', async () => {
    const api = mockApi({
      'POST /api/reports': {
        status: 404,
        body: { error: 'not_found', message: MODERATION_MESSAGES.targetNotFound },
      },
    });
    const user = userEvent.setup();
    render(
      <Providers queryClient={createTestQueryClient()}>
        <ReportButton targetKind="request" targetId="q1" />
      </Providers>,
    );
    await user.click(screen.getByRole('button', { name: 'Report this request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this request' });
    // One target: no "What are you reporting?" question.
    expect(within(dialog).queryByRole('combobox', { name: MODERATION_MESSAGES.reportWhat })).toBeNull();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Spam or advertising');
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText(MODERATION_MESSAGES.targetNotFound)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/api/reports',
      body: { targetKind: 'request', targetId: 'q1', reason: 'spam', note: '' },
    });
  });
});
