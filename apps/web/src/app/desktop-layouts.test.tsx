import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_QUERY } from '@/components/layout/list-detail';
import {
  customerApi,
  makeDetail,
  makeMyRequest,
  makeResponseSummary,
  page,
} from '@/features/requests/testing/request-fixtures';
import { makeAnswered, myResponsesApi, responsesPage } from '@/features/my-responses/test-fixtures';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';

/** jsdom has no layout: the desktop switch follows the media query, so answer it as a 1280 px screen. */
function desktopScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === DESKTOP_QUERY || query === '(min-width: 768px)',
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const tap = makeMyRequest({ id: 'r1', title: 'Leaking tap request', responseCount: 1 });
const drain = makeMyRequest({ id: 'r2', title: 'Blocked drain request' });

describe('My Requests on desktop', () => {
  it('shows the chosen request beside the list, in the URL, and moves focus to it', async () => {
    desktopScreen();
    mockApi({
      ...customerApi({ active: page([tap, drain]) }),
      'GET /api/requests/r1': {
        body: makeDetail(tap, [makeResponseSummary({ businessName: 'Tap Masters' })]),
      },
    });
    const { user, location } = renderApp('/requests');
    const list = await screen.findByRole('list', { name: 'Active Requests' });
    const pane = screen.getByRole('region', { name: 'Request details' });
    expect(within(pane).getByText('Choose a request to see its details and responses.')).toBeTruthy();

    await user.click(within(list).getByRole('link', { name: 'Leaking tap request' }));
    expect(location().search).toBe('?request=r1');
    expect(await within(pane).findByRole('heading', { level: 2, name: 'Leaking tap request' })).toBeTruthy();
    expect(await within(pane).findByText('Tap Masters')).toBeTruthy();
    // The list stays, with the chosen card marked; the page keeps its one h1.
    expect(screen.getByRole('list', { name: 'Active Requests' })).toBeTruthy();
    expect(list.querySelector('[data-selected="true"]')?.textContent).toContain('Leaking tap request');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['My Requests']);
    await waitFor(() => expect(document.activeElement).toBe(pane));

    await user.click(within(pane).getByRole('button', { name: 'Close request details' }));
    expect(location().search).toBe('');
    expect(await within(pane).findByText('Choose a request to see its details and responses.')).toBeTruthy();
  });

  it('opens a request from the URL (reload or Back) beside the list, leaving focus alone', async () => {
    desktopScreen();
    mockApi({
      ...customerApi({ active: page([tap, drain]) }),
      'GET /api/requests/r1': { body: makeDetail(tap) },
    });
    renderApp('/requests?request=r1');
    const pane = await screen.findByRole('region', { name: 'Request details' });
    expect(await within(pane).findByRole('heading', { level: 2, name: 'Leaking tap request' })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Active Requests' })).toBeTruthy();
    expect(document.activeElement).not.toBe(pane);
  });

  it('keeps the phone behaviour below 1024 px: the details replace the list', async () => {
    mockApi({
      ...customerApi({ active: page([tap, drain]) }),
      'GET /api/requests/r1': { body: makeDetail(tap) },
    });
    renderApp('/requests?request=r1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaking tap request' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Active Requests' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Request details' })).toBeNull();
  });
});

describe('My Responses on desktop', () => {
  const leak = makeAnswered({ id: 'r1', title: 'Leaking tap request', responseCount: 2 }, [
    makeResponseSummary(),
    makeResponseSummary({ id: 'resp2', businessName: 'Tap Masters' }),
  ]);

  it('lists requests as links and shows the chosen one’s offers beside them', async () => {
    desktopScreen();
    mockApi({
      ...myResponsesApi({ new: responsesPage([leak]) }),
      'GET /api/requests/r1': { body: leak },
    });
    const { user, location } = renderApp('/responses');
    const list = await screen.findByRole('list', { name: 'New Requests' });
    const link = within(list).getByRole('link', { name: /Leaking tap request/ });
    expect(link.getAttribute('aria-current')).toBeNull();

    await user.click(link);
    expect(location().search).toBe('?request=r1');
    const pane = screen.getByRole('region', { name: 'Offers' });
    const offers = await within(pane).findByRole('list', { name: 'Offers for Leaking tap request' });
    expect(within(offers).getByText('Tap Masters')).toBeTruthy();
    expect(
      within(list)
        .getByRole('link', { name: /Leaking tap request/ })
        .getAttribute('aria-current'),
    ).toBe('true');
  });

  it('expands in place on phones, as before', async () => {
    mockApi(myResponsesApi({ new: responsesPage([leak]) }));
    const { user } = renderApp('/responses');
    const list = await screen.findByRole('list', { name: 'New Requests' });
    await user.click(within(list).getByRole('button', { name: /Leaking tap request/ }));
    expect(await screen.findByRole('list', { name: 'Offers for Leaking tap request' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Offers' })).toBeNull();
  });
});
