import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { AdminTabs } from './admin-tabs';

describe('AdminTabs', () => {
  it('opens on the Business Directory and loads the Request Audit only when its tab is chosen', async () => {
    const { calls } = mockApi({
      'GET /api/admin/businesses?limit=25': { body: { items: [], nextCursor: null } },
      'GET /api/admin/request-audit': { body: { items: [] } },
    });
    const user = userEvent.setup();
    render(
      <Providers queryClient={createTestQueryClient()}>
        <AdminTabs />
      </Providers>,
    );
    expect(screen.getByRole('tab', { name: 'Business Directory' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await screen.findByText('No businesses yet')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/admin/request-audit')).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Request Audit' }));
    expect(screen.getByRole('tab', { name: 'Request Audit' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No requests yet')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/admin/request-audit')).toBe(true);
  });
});
