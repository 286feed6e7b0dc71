import type { GeoPlace } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { advance, advanceFakeTimers, typeAtOnce, useFakeClock } from '@/test/clock';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { EMPTY_LOCATION, type LocationValue } from '../location-value';
import { LocationField, SUGGESTION_DEBOUNCE_MS } from './location-field';

const SURRY_HILLS: GeoPlace = {
  label: 'Surry Hills NSW',
  latitude: -33.88374,
  longitude: 151.21282,
  area: 'Surry Hills NSW',
};
const SURREY_HILLS: GeoPlace = {
  label: 'Surrey Hills VIC',
  latitude: -37.8333,
  longitude: 145.1,
  area: 'Surrey Hills VIC',
};

function renderField(initial: LocationValue = EMPTY_LOCATION, error?: string) {
  const changes: LocationValue[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <form onSubmit={(event) => event.preventDefault()}>
        <LocationField
          id="where"
          value={value}
          error={error}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
      </form>
    );
  }
  const user = userEvent.setup({ advanceTimers: advanceFakeTimers });
  render(
    <Providers queryClient={createTestQueryClient()}>
      <Harness />
    </Providers>,
  );
  return { user, changes, input: screen.getByRole('combobox', { name: 'Location' }) };
}

function stubGeolocation(getCurrentPosition: Geolocation['getCurrentPosition'] | null) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: getCurrentPosition ? { getCurrentPosition } : undefined,
  });
}

const position = (latitude: number, longitude: number) =>
  ({ coords: { latitude, longitude, accuracy: 10 }, timestamp: Date.now() }) as GeolocationPosition;

afterEach(() => {
  stubGeolocation(null);
});

describe('LocationField suggestions', () => {
  // Typed as one burst on a faked clock, then past the 250 ms wait: on a busy machine, real pauses
  // between keys could end the wait mid-word and look up twice.
  beforeEach(() => {
    useFakeClock();
  });

  it('suggests places while typing and chooses one with the keyboard', async () => {
    const { calls } = mockApi({ 'GET /api/geo/suggest': { body: [SURRY_HILLS, SURREY_HILLS] } });
    const { user, input, changes } = renderField();
    await typeAtOnce(user, input, 'surr');
    await advance(SUGGESTION_DEBOUNCE_MS);

    const listbox = await screen.findByRole('listbox', { name: 'Suggested places' });
    await within(listbox).findByRole('option', { name: 'Surry Hills NSW' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(calls.filter((c) => c.path.startsWith('/api/geo/suggest'))).toHaveLength(1);
    expect(calls.find((c) => c.path.startsWith('/api/geo/suggest'))?.path).toBe(
      '/api/geo/suggest?q=surr&limit=5',
    );

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(listbox).getByRole('option', { name: 'Surrey Hills VIC' });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    await user.keyboard('{ArrowUp}');
    expect(
      within(listbox).getByRole('option', { name: 'Surry Hills NSW' }).getAttribute('aria-selected'),
    ).toBe('true');

    await user.keyboard('{Enter}');
    expect(changes.at(-1)).toEqual({
      address: 'Surry Hills NSW',
      latitude: -33.88374,
      longitude: 151.21282,
      area: 'Surry Hills NSW',
    });
    expect((input as HTMLInputElement).value).toBe('Surry Hills NSW');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Pinned to Surry Hills NSW')).toBeTruthy();
  });

  it('chooses a suggestion with a click and closes on Escape', async () => {
    mockApi({ 'GET /api/geo/suggest': { body: [SURRY_HILLS, SURREY_HILLS] } });
    const { user, input, changes } = renderField();
    await typeAtOnce(user, input, 'surr');
    await advance(SUGGESTION_DEBOUNCE_MS);
    await screen.findByRole('option', { name: 'Surry Hills NSW' });
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();

    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Surrey Hills VIC' }));
    expect(changes.at(-1)).toMatchObject({
      address: 'Surrey Hills VIC',
      area: 'Surrey Hills VIC',
      latitude: -37.8333,
    });
  });

  it('keeps free text without coordinates and says when nothing matches', async () => {
    mockApi({ 'GET /api/geo/suggest': { body: [] } });
    const { user, input, changes } = renderField();
    await typeAtOnce(user, input, '12 Nowhere Lane');
    await advance(SUGGESTION_DEBOUNCE_MS);
    expect(await screen.findAllByText('No matching places. You can keep what you typed.')).not.toHaveLength(
      0,
    );
    // Enter with no suggestion chosen is left to the form (it geocodes the text on submit).
    await user.keyboard('{Enter}');
    expect(changes.at(-1)).toEqual({
      address: '12 Nowhere Lane',
      latitude: null,
      longitude: null,
      area: null,
    });
  });

  it('does not look up fewer than two characters', async () => {
    const { calls } = mockApi({ 'GET /api/geo/suggest': { body: [SURRY_HILLS] } });
    const { user, input } = renderField();
    const lookups = () => calls.filter((c) => c.path.startsWith('/api/geo/suggest'));
    await typeAtOnce(user, input, 's');
    // Well past the wait, and still nothing...
    await advance(10 * SUGGESTION_DEBOUNCE_MS);
    expect(lookups()).toHaveLength(0);
    expect(screen.queryByRole('option')).toBeNull();
    // ...while a second character is looked up once the same wait ends.
    await typeAtOnce(user, input, 'u');
    await advance(SUGGESTION_DEBOUNCE_MS);
    expect(await screen.findByRole('option', { name: 'Surry Hills NSW' })).toBeTruthy();
    expect(lookups().map((c) => c.path)).toEqual(['/api/geo/suggest?q=su&limit=5']);
  });

  it('shows the error under the field, linked to the input', () => {
    mockApi({});
    const { input } = renderField(EMPTY_LOCATION, 'Please provide a location');
    expect(screen.getByText('Please provide a location')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('where-error');
  });
});

describe('LocationField current location', () => {
  it('fills the address from the coordinates', async () => {
    const { calls } = mockApi({
      'GET /api/geo/reverse': {
        body: {
          label: 'Near Surry Hills NSW',
          latitude: -33.8841,
          longitude: 151.2128,
          area: 'Surry Hills NSW',
        },
      },
    });
    stubGeolocation((success) => success(position(-33.884123, 151.212834)));
    const { user, input, changes } = renderField();
    await user.click(screen.getByRole('button', { name: 'Use current location' }));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Near Surry Hills NSW'));
    expect(changes.at(-1)).toEqual({
      address: 'Near Surry Hills NSW',
      latitude: -33.884123,
      longitude: 151.212834,
      area: 'Surry Hills NSW',
    });
    expect(calls.some((c) => c.path === '/api/geo/reverse?latitude=-33.884123&longitude=151.212834')).toBe(
      true,
    );
  });

  it('keeps the coordinates, to 4 decimals, when the address lookup fails', async () => {
    mockApi({
      'GET /api/geo/reverse': { status: 404, body: { error: 'not_found', message: 'Nothing near.' } },
    });
    stubGeolocation((success) => success(position(-33.884123, 151.212834)));
    const { user, input, changes } = renderField();
    await user.click(screen.getByRole('button', { name: 'Use current location' }));
    expect(await screen.findByText('Address lookup failed')).toBeTruthy();
    expect(screen.getByText('Using coordinates instead. Location still saved.')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('-33.8841, 151.2128');
    expect(changes.at(-1)).toEqual({
      address: '-33.8841, 151.2128',
      latitude: -33.884123,
      longitude: 151.212834,
      area: null,
    });
  });

  it('explains a blocked permission', async () => {
    mockApi({});
    stubGeolocation((_success, failure) =>
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    const { user, changes } = renderField();
    await user.click(screen.getByRole('button', { name: 'Use current location' }));
    expect(await screen.findByText('Location access blocked')).toBeTruthy();
    expect(screen.getByText(/enable location access in your browser settings and refresh/)).toBeTruthy();
    expect(changes).toEqual([]);
  });

  it('passes on other errors', async () => {
    mockApi({});
    stubGeolocation((_success, failure) =>
      failure?.({ code: 3, message: 'Timeout expired' } as GeolocationPositionError),
    );
    const { user } = renderField();
    await user.click(screen.getByRole('button', { name: 'Use current location' }));
    expect(await screen.findByText('Location error')).toBeTruthy();
    expect(screen.getByText('Timeout expired')).toBeTruthy();
  });

  it('says when the browser has no location service', async () => {
    mockApi({});
    stubGeolocation(null);
    const { user } = renderField();
    await user.click(screen.getByRole('button', { name: 'Use current location' }));
    expect(await screen.findByText('Location not supported')).toBeTruthy();
    expect(screen.getByText(/enter your location manually/)).toBeTruthy();
  });

  it('shows progress on the button while locating', async () => {
    mockApi({});
    const pending = vi.fn();
    stubGeolocation(pending);
    const { user } = renderField();
    const button = screen.getByRole('button', { name: 'Use current location' });
    await user.click(button);
    expect(pending).toHaveBeenCalledOnce();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
