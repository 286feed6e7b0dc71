import type { BadgeCounts, Role } from '@grip/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeBadges } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { MainNav } from './main-nav';

function renderNav(role: Role, path: string, counts: Partial<BadgeCounts>) {
  mockApi({ 'GET /api/badges': { body: makeBadges(counts) } });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['badges'], makeBadges(counts));
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <MainNav role={role} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

describe('MainNav', () => {
  it("shows the business owner's tabs with red badges capped at '9+'", () => {
    const nav = renderNav('business_owner', '/business-requests', {
      newRequests: 12,
      unreadMessages: 3,
      confirmed: 0,
    });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/business-dashboard',
      '/business-requests',
      '/business-active',
      '/business-confirmed',
      '/business-settings',
    ]);
    expect(screen.getByTestId('nav-badge-business-requests').textContent).toBe('9+');
    expect(screen.getByTestId('nav-badge-business-active').textContent).toBe('3');
    expect(screen.queryByTestId('nav-badge-business-confirmed')).toBeNull();
    expect(screen.queryByTestId('nav-badge-business-dashboard')).toBeNull();
  });

  it('shows exactly 9 as 9', () => {
    renderNav('user', '/home', { pendingResponses: 9 });
    expect(screen.getByTestId('nav-badge-requests').textContent).toBe('9');
  });

  it('tells screen readers the real count', () => {
    const nav = renderNav('user', '/home', { unreadMessages: 14 });
    expect(within(nav).getByRole('link', { name: 'Messages (14 unread)' })).toBeTruthy();
  });

  it('highlights the active tab, and Home on / for customers', () => {
    const nav = renderNav('user', '/', {});
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBeNull();
  });

  it("shows the administrator's four tabs without badges", () => {
    const nav = renderNav('administrator', '/admin', { newRequests: 5, unreadMessages: 5 });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Request', 'Admin', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('aria-current')).toBe('page');
    expect(nav.querySelector('[data-testid^="nav-badge-"]')).toBeNull();
  });
});
