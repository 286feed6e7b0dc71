import { catalogueRows, PRODUCT_NAME } from '@grip/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';

describe('the landing page assistant', () => {
  it('offers the assistant to a signed-out visitor, beside the welcome, blurbs and Get Started', async () => {
    const { calls } = mockApi({
      'GET /api/me': { status: 401, body: { error: 'unauthorized', message: 'Not signed in' } },
      'GET /api/service-categories': { body: catalogueRows() },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome to ${PRODUCT_NAME}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' })).toBeTruthy();
    expect(screen.getByText('For Customers')).toBeTruthy();
    const assistant = screen.getByRole('region', { name: 'Request assistant' });
    const log = within(assistant).getByRole('log');
    expect(await within(log).findByText(/without an account/)).toBeTruthy();
    expect(await within(assistant).findByRole('button', { name: 'Experiences' })).toBeTruthy();
    // A guest has no saved location to look up.
    expect(calls.some((c) => c.path === '/api/requests/last-location')).toBe(false);
  });
});
