import { ADMIN_OVERVIEW_MESSAGES, type AdminStats } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { ArchiveAllCard } from './archive-all-card';

const stats = (activeRequests: number): AdminStats => ({
  totalUsers: 10,
  registeredBusinesses: 2,
  activeRequests,
  activeResponses: 1,
  activeOffersPerBusiness: 0.5,
});

function renderCard() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <ArchiveAllCard />
    </Providers>,
  );
  return { user };
}

const archiveCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/admin/archive-requests');

describe('ArchiveAllCard', () => {
  it('asks first, saying how many, then archives and reports the count', async () => {
    let active = 3;
    const api = mockApi({
      'GET /api/admin/stats': () => ({ body: stats(active) }),
      'POST /api/admin/archive-requests': () => {
        active = 0;
        return { body: { archived: 3 } };
      },
    });
    const { user } = renderCard();
    expect(await screen.findByText('3 active requests right now.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Archive All Requests' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive all active requests?' });
    await waitFor(() => expect(dialog.textContent).toContain('3 open requests will be archived.'));
    expect(archiveCalls(api.calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Archive requests' }));
    expect(await screen.findByText(ADMIN_OVERVIEW_MESSAGES.archived(3))).toBeTruthy();
    expect(screen.getByText('Archived 3 requests')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(archiveCalls(api.calls)).toHaveLength(1);
    // The stats are refetched, so a second click knows there is nothing left.
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/admin/stats')).toHaveLength(2));
  });

  it('cancelling archives nothing', async () => {
    const api = mockApi({ 'GET /api/admin/stats': { body: stats(1) } });
    const { user } = renderCard();
    expect(await screen.findByText('1 active request right now.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Archive All Requests' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('1 open request will be archived.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(archiveCalls(api.calls)).toHaveLength(0);
  });

  it('says there is nothing to archive without asking when there are no active requests', async () => {
    const api = mockApi({ 'GET /api/admin/stats': { body: stats(0) } });
    const { user } = renderCard();
    // The card says so up front; clicking anyway says it again as a toast, without a dialog.
    expect(await screen.findByText(ADMIN_OVERVIEW_MESSAGES.nothingToArchive)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Archive All Requests' }));
    await waitFor(() =>
      expect(screen.getAllByText(ADMIN_OVERVIEW_MESSAGES.nothingToArchive)).toHaveLength(2),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(archiveCalls(api.calls)).toHaveLength(0);
  });

  it('says so when the server found none to archive', async () => {
    mockApi({
      'GET /api/admin/stats': { body: stats(2) },
      'POST /api/admin/archive-requests': { body: { archived: 0 } },
    });
    const { user } = renderCard();
    expect(await screen.findByText('2 active requests right now.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Archive All Requests' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Archive requests' }));
    expect(await screen.findByText(ADMIN_OVERVIEW_MESSAGES.nothingToArchive)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open and shows the spec text when archiving fails', async () => {
    const failure: Reply = { status: 500, body: { error: 'internal', message: 'boom' } };
    mockApi({
      'GET /api/admin/stats': { body: stats(2) },
      'POST /api/admin/archive-requests': failure,
    });
    const { user } = renderCard();
    expect(await screen.findByText('2 active requests right now.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Archive All Requests' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Archive requests' }));
    expect(await screen.findByText(ADMIN_OVERVIEW_MESSAGES.archiveFailed)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });
});
