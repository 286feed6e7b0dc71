import {
  DEFAULT_LOCATION_MESSAGES,
  NO_DEFAULT_LOCATION,
  type DefaultLocation,
  type GeoPlace,
} from '@grip/domain';
import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { queryKeys } from '@/lib/query-keys';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { DefaultLocationCard } from './default-location-card';

const GLEBE: DefaultLocation = {
  address: '5 Glebe Point Rd, Glebe NSW 2037',
  area: 'Glebe NSW',
  latitude: -33.879,
  longitude: 151.186,
};
const MANLY: GeoPlace = { label: 'Manly NSW', latitude: -33.797, longitude: 151.285, area: 'Manly NSW' };
const FIELD = 'Default address';

type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** The server as the card sees it: PUT stores what it gets (a typed address lands at Glebe). */
function locationApi(saved: DefaultLocation, handlers: { put?: Handler; del?: Handler } = {}) {
  const api = mockApi({
    'GET /api/me/default-location': { body: saved },
    'GET /api/geo/suggest': { body: [MANLY] },
    'PUT /api/me/default-location':
      handlers.put ??
      (({ body }) => {
        const sent = body as { address: string; latitude: number | null; longitude: number | null };
        return {
          body:
            sent.latitude === null
              ? { ...GLEBE, address: sent.address }
              : {
                  address: sent.address,
                  area: 'Manly NSW',
                  latitude: sent.latitude,
                  longitude: sent.longitude,
                },
        };
      }),
    'DELETE /api/me/default-location': handlers.del ?? { body: NO_DEFAULT_LOCATION },
  });
  const writes = () => api.calls.filter((c) => c.method === 'PUT' || c.method === 'DELETE');
  return { ...api, writes };
}

let queryClient: QueryClient;
function renderCard() {
  const user = userEvent.setup();
  queryClient = createTestQueryClient();
  render(
    <Providers queryClient={queryClient}>
      <DefaultLocationCard />
    </Providers>,
  );
  return { user };
}

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
});

const region = () => screen.getByRole('region', { name: 'Default Location' });
const combobox = () => screen.getByRole('combobox', { name: FIELD }) as HTMLInputElement;
const button = (name: string) => within(region()).getByRole('button', { name }) as HTMLButtonElement;

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await within(await screen.findByRole('region', { name: 'Default Location' })).findByRole('button', {
      name: 'Edit',
    }),
  );
  await screen.findByRole('form', { name: 'Edit default location' });
}

function descriptionOf(input: HTMLElement) {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
}

describe('Customer Settings → Default Location', () => {
  it('shows a skeleton while loading, then the saved address and its area', async () => {
    const pending = deferred<Reply>();
    mockApi({ 'GET /api/me/default-location': () => pending.promise });
    renderCard();
    expect(within(region()).getByRole('status').textContent).toContain('Loading your default location');
    expect(within(region()).queryByRole('button', { name: 'Edit' })).toBeNull();
    await act(async () => {
      pending.resolve({ body: GLEBE });
      await pending.promise;
    });
    expect(await within(region()).findByText(GLEBE.address!)).toBeTruthy();
    expect(within(region()).getByText('Glebe NSW')).toBeTruthy();
    expect(button('Edit')).toBeTruthy();
  });

  it('says there is none yet and what happens without one', async () => {
    locationApi(NO_DEFAULT_LOCATION);
    renderCard();
    expect(await screen.findByText('No default location yet')).toBeTruthy();
    expect(region().textContent).toContain('New requests start from the address of your latest request.');
  });

  it('says it could not be loaded; Try again fetches it again', async () => {
    let attempt = 0;
    const { calls } = mockApi({
      'GET /api/me/default-location': () =>
        ++attempt === 1 ? { status: 500, body: { error: 'internal', message: 'x' } } : { body: GLEBE },
    });
    const { user } = renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(DEFAULT_LOCATION_MESSAGES.loadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(GLEBE.address!)).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('Edit then Cancel keeps the saved location and sends nothing', async () => {
    const { writes } = locationApi(GLEBE);
    const { user } = renderCard();
    await openEditor(user);
    expect(combobox().value).toBe(GLEBE.address);
    expect(descriptionOf(combobox())).toContain('Pinned to Glebe NSW');

    await user.clear(combobox());
    await user.type(combobox(), '1 Other St, Newtown');
    await user.click(button('Cancel'));

    expect(screen.queryByRole('form')).toBeNull();
    expect(within(region()).getByText(GLEBE.address!)).toBeTruthy();
    await openEditor(user);
    expect(combobox().value).toBe(GLEBE.address);
    expect(writes()).toHaveLength(0);
  });

  it('Save sends a typed address without a point (the server looks it up) and refreshes the request prefill', async () => {
    const pending = deferred<Reply>();
    const { writes } = locationApi(NO_DEFAULT_LOCATION, { put: () => pending.promise });
    const { user } = renderCard();
    await openEditor(user);
    queryClient.setQueryData(queryKeys.lastLocation, { ...NO_DEFAULT_LOCATION });
    expect(within(region()).queryByRole('button', { name: 'Clear' })).toBeNull();

    await user.type(combobox(), '5 Glebe Point Rd, Glebe NSW 2037');
    await user.keyboard('{Escape}');
    await user.click(button('Save'));

    await waitFor(() => expect(button('Save').disabled).toBe(true));
    expect(button('Cancel').disabled).toBe(true);
    expect(writes()).toHaveLength(1);
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      path: '/api/me/default-location',
      body: { address: '5 Glebe Point Rd, Glebe NSW 2037', latitude: null, longitude: null },
    });

    await act(async () => {
      pending.resolve({ body: GLEBE });
      await pending.promise;
    });
    expect(await screen.findByText(DEFAULT_LOCATION_MESSAGES.updatedTitle)).toBeTruthy();
    expect(DEFAULT_LOCATION_MESSAGES.updatedTitle).toBe('Location Updated');
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(within(region()).getByText(GLEBE.address!)).toBeTruthy();
    expect(queryClient.getQueryState(queryKeys.lastLocation)?.isInvalidated).toBe(true);
  });

  it('Save sends the point of a chosen suggestion', async () => {
    const { writes } = locationApi(GLEBE);
    const { user } = renderCard();
    await openEditor(user);
    await user.clear(combobox());
    await user.type(combobox(), 'Manly');
    await user.click(await screen.findByRole('option', { name: 'Manly NSW' }));
    await user.click(button('Save'));

    expect(await screen.findByText(DEFAULT_LOCATION_MESSAGES.updatedTitle)).toBeTruthy();
    expect(writes()[0]!.body).toEqual({ address: 'Manly NSW', latitude: -33.797, longitude: 151.285 });
    expect(
      within(region()).getByText('Manly NSW', { selector: '[data-testid="default-location-address"]' }),
    ).toBeTruthy();
  });

  it('needs an address before sending', async () => {
    const { writes } = locationApi(NO_DEFAULT_LOCATION);
    const { user } = renderCard();
    await openEditor(user);
    await user.click(button('Save'));
    expect(await screen.findByText(DEFAULT_LOCATION_MESSAGES.addressRequired)).toBeTruthy();
    expect(combobox().getAttribute('aria-invalid')).toBe('true');
    expect(writes()).toHaveLength(0);
  });

  it('shows an address the server cannot find on the field, keeping what was typed', async () => {
    const message = DEFAULT_LOCATION_MESSAGES.addressNotFound;
    locationApi(GLEBE, {
      put: { status: 400, body: { error: 'invalid', message, fields: { address: message } } },
    });
    const { user } = renderCard();
    await openEditor(user);
    await user.clear(combobox());
    await user.type(combobox(), 'Qwxzv Plonk');
    await user.keyboard('{Escape}');
    await user.click(button('Save'));

    expect(await screen.findByText(DEFAULT_LOCATION_MESSAGES.updateFailed)).toBeTruthy();
    expect(descriptionOf(combobox())).toContain(message);
    expect(combobox().value).toBe('Qwxzv Plonk');
    expect(screen.getByRole('form', { name: 'Edit default location' })).toBeTruthy();
  });

  it('says plainly when the address service is down, and nothing is lost', async () => {
    const message = 'The address service is not answering right now. Please try again shortly.';
    locationApi(GLEBE, { put: { status: 503, body: { error: 'unavailable', message } } });
    const { user } = renderCard();
    await openEditor(user);
    await user.clear(combobox());
    await user.type(combobox(), '1 Bay St, Manly NSW');
    await user.keyboard('{Escape}');
    await user.click(button('Save'));

    expect(await screen.findByText(DEFAULT_LOCATION_MESSAGES.updateFailed)).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    await waitFor(() => expect(button('Save').disabled).toBe(false));
    expect(combobox().value).toBe('1 Bay St, Manly NSW');
    expect(combobox().getAttribute('aria-invalid')).toBeNull();
  });

  it('Clear removes the saved location', async () => {
    const { writes } = locationApi(GLEBE);
    const { user } = renderCard();
    await openEditor(user);
    queryClient.setQueryData(queryKeys.lastLocation, GLEBE);
    await user.click(button('Clear'));

    expect(await screen.findByText(DEFAULT_LOCATION_MESSAGES.cleared)).toBeTruthy();
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/me/default-location']);
    expect(await screen.findByText('No default location yet')).toBeTruthy();
    expect(queryClient.getQueryState(queryKeys.lastLocation)?.isInvalidated).toBe(true);
  });

  it('works from the keyboard: a labelled combobox, Enter saves', async () => {
    const { writes } = locationApi(NO_DEFAULT_LOCATION);
    const { user } = renderCard();
    await openEditor(user);
    expect(button('Save').type).toBe('submit');
    combobox().focus();
    await user.keyboard('Glebe NSW 2037{Escape}{Enter}');
    expect(await screen.findByText(DEFAULT_LOCATION_MESSAGES.updatedTitle)).toBeTruthy();
    expect(writes()[0]!.body).toEqual({ address: 'Glebe NSW 2037', latitude: null, longitude: null });
  });
});
