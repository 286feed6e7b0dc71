import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { advance, freezeClock, settleUntil, useFakeClock } from '@/test/clock';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { MAP_UNAVAILABLE, MAP_UNSUPPORTED } from '../map-problems';
import { MAP_TIMEOUT_MS, MapView, type MapViewProps } from './map-view';

/**
 * MapLibre needs WebGL, which jsdom has not: the dynamic import is replaced by a stand-in that
 * records what the component asks of it and fires the events a real map would.
 */
const maplibre = vi.hoisted(() => {
  type Handler = () => void;
  const state = {
    behaviour: 'load' as 'load' | 'throw' | 'style-error' | 'tile-error' | 'silent',
    maps: [] as FakeMap[],
    markers: [] as FakeMarker[],
  };
  class FakeMap {
    handlers = new Map<string, Handler[]>();
    sources = new Map<string, { data: unknown; setData: (data: unknown) => void }>();
    layers: string[] = [];
    camera: unknown[] = [];
    removed = false;
    constructor(readonly options: Record<string, unknown>) {
      if (state.behaviour === 'throw') throw new Error('WebGL is not supported');
      state.maps.push(this);
      setTimeout(() => {
        if (state.behaviour === 'style-error') this.emit('error');
        if (state.behaviour !== 'load' && state.behaviour !== 'tile-error') return;
        this.emit('style.load');
        // A tile that fails after the style arrived: the map still loads, with a gap.
        if (state.behaviour === 'tile-error') this.emit('error');
        this.emit('load');
      }, 0);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    emit(event: string) {
      for (const handler of this.handlers.get(event) ?? []) handler();
    }
    addControl() {
      return this;
    }
    getSource(id: string) {
      return this.sources.get(id);
    }
    addSource(id: string, spec: { data: unknown }) {
      const source = {
        data: spec.data,
        setData(data: unknown) {
          source.data = data;
        },
      };
      this.sources.set(id, source);
    }
    addLayer(layer: { id: string }) {
      this.layers.push(layer.id);
    }
    fitBounds(bounds: unknown) {
      this.camera.push({ fitBounds: bounds });
    }
    jumpTo(options: unknown) {
      this.camera.push({ jumpTo: options });
    }
    remove() {
      this.removed = true;
    }
  }
  class FakeMarker {
    lngLat: unknown = null;
    constructor(readonly options: unknown) {
      state.markers.push(this);
    }
    setLngLat(lngLat: unknown) {
      this.lngLat = lngLat;
      return this;
    }
    addTo() {
      return this;
    }
    remove() {}
  }
  class NavigationControl {}
  return { state, module: { Map: FakeMap, Marker: FakeMarker, NavigationControl } };
});

vi.mock('maplibre-gl', () => ({ default: maplibre.module, ...maplibre.module }));

const STYLE_URL = 'https://tiles.example.com/styles/grip.json';
const config = (mapStyleUrl: string | null) => ({
  'GET /api/config': { body: { productName: 'Grip', googleEnabled: false, mapStyleUrl } },
});
const SURRY_HILLS: MapViewProps = { latitude: -33.883712, longitude: 151.212834, label: 'Surry Hills NSW' };

function renderMap(props: Partial<MapViewProps> = {}) {
  return render(
    <Providers queryClient={createTestQueryClient()}>
      <MapView {...SURRY_HILLS} {...props} />
    </Providers>,
  );
}

beforeEach(() => {
  maplibre.state.behaviour = 'load';
  maplibre.state.maps = [];
  maplibre.state.markers = [];
});
afterEach(() => {
  vi.useRealTimers();
});

/** Words that speak to developers, not to someone looking at a map (issue 33). */
const DEVELOPER_WORDS = /configuration|server|style|token|deployed/i;

function expectQuiet() {
  expect(document.body.textContent).not.toMatch(DEVELOPER_WORDS);
}

describe('MapView when maps are turned off (MAP_STYLE_URL=off)', () => {
  it('shows the static preview and nothing else: no message, no map', async () => {
    mockApi(config(null));
    renderMap({ radiusKm: 5 });
    // The honest preview: the place, its coordinates to 4 decimals and the service area.
    expect(await screen.findByText('-33.8837, 151.2128')).toBeTruthy();
    expect(screen.getByText('Surry Hills NSW')).toBeTruthy();
    expect(screen.getByText('5 km service area')).toBeTruthy();
    expect(screen.getByTestId('preview-radius')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Map of Surry Hills NSW' }).dataset.mapProblem).toBe('off');
    expectQuiet();
    expect(maplibre.state.maps).toHaveLength(0);
  });

  it("says only 'Map unavailable' when there are no coordinates to preview", async () => {
    mockApi(config(null));
    renderMap({ latitude: null, longitude: null });
    expect(await screen.findByText('Map unavailable')).toBeTruthy();
    expect(screen.queryByText(/\d+\.\d{4}, /)).toBeNull();
    expectQuiet();
  });
});

describe('MapView when the map settings cannot be fetched', () => {
  it('falls back quietly to the preview after 10 seconds', async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /api/config': () => new Promise(() => {}) });
    renderMap();
    expect(screen.getByRole('status').textContent).toContain('Loading map');
    await act(() => vi.advanceTimersByTimeAsync(9_900));
    expect(screen.queryByText(MAP_UNAVAILABLE)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByText(MAP_UNAVAILABLE)).toBeTruthy();
    expect(screen.getByText('-33.8837, 151.2128')).toBeTruthy();
    expect(screen.getByRole('group').dataset.mapProblem).toBe('timeout');
    expectQuiet();
  });

  it('falls back quietly on a network failure, and tries again on request', async () => {
    vi.useFakeTimers();
    const { fetchMock } = mockApi({});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderMap();
    // The config request is retried twice (blips happen) before the map gives up.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByText(MAP_UNAVAILABLE)).toBeTruthy();
    expect(screen.getByText('-33.8837, 151.2128')).toBeTruthy();
    expectQuiet();
    vi.useRealTimers();

    mockApi(config(STYLE_URL));
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByTestId('map-canvas')).toBeTruthy();
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1));
  });

  it('falls back quietly when the server fails to answer', async () => {
    vi.useFakeTimers();
    mockApi({
      'GET /api/config': { status: 500, body: { error: 'internal', message: 'Something went wrong' } },
    });
    renderMap();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByText(MAP_UNAVAILABLE)).toBeTruthy();
    expect(screen.getByRole('group').dataset.mapProblem).toBe('settings');
    expectQuiet();
  });

  it('offers no retry when the server has no such endpoint', async () => {
    mockApi({
      'GET /api/config': { status: 404, body: { error: 'not_found', message: 'No such endpoint' } },
    });
    renderMap();
    expect(await screen.findByText(MAP_UNAVAILABLE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('group').dataset.mapProblem).toBe('not-deployed');
    expectQuiet();
  });
});

describe('MapView with a map style', () => {
  it("draws the server's default, OpenFreeMap's style, with MapLibre's attribution", async () => {
    // What /api/config says on a server without MAP_STYLE_URL (map-style.test.ts on the server).
    mockApi(config('https://tiles.openfreemap.org/styles/liberty'));
    renderMap();
    await waitFor(() => expect(maplibre.state.markers).toHaveLength(1));
    expect(maplibre.state.maps[0]?.options).toMatchObject({
      style: 'https://tiles.openfreemap.org/styles/liberty',
      attributionControl: { compact: true },
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('creates the map at the coordinates, with a pin and the radius circle', async () => {
    mockApi(config(STYLE_URL));
    renderMap({ radiusKm: 10 });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    const [map] = maplibre.state.maps;
    expect(map?.options).toMatchObject({ style: STYLE_URL, center: [151.212834, -33.883712], zoom: 15 });
    expect(maplibre.state.markers[0]?.lngLat).toEqual([151.212834, -33.883712]);
    expect(map?.layers).toEqual(['grip-radius-fill', 'grip-radius-line']);
    expect(map?.camera.at(-1)).toHaveProperty('fitBounds');
    expect(screen.getByRole('group', { name: 'Map of Surry Hills NSW' })).toBeTruthy();
  });

  it('centres on Sydney at zoom 10 without coordinates', async () => {
    mockApi(config(STYLE_URL));
    renderMap({ latitude: null, longitude: null });
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1));
    expect(maplibre.state.maps[0]?.options).toMatchObject({ center: [151.2093, -33.8688], zoom: 10 });
  });

  it('falls back to the preview, without a retry, when this browser cannot run MapLibre', async () => {
    maplibre.state.behaviour = 'throw';
    mockApi(config(STYLE_URL));
    renderMap();
    expect(await screen.findByText(MAP_UNSUPPORTED)).toBeTruthy();
    expect(screen.getByText('-33.8837, 151.2128')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expectQuiet();
  });

  it('falls back quietly to the preview when the tile host cannot be reached', async () => {
    maplibre.state.behaviour = 'style-error';
    mockApi(config(STYLE_URL));
    renderMap();
    expect(await screen.findByText(MAP_UNAVAILABLE)).toBeTruthy();
    expect(screen.getByText('-33.8837, 151.2128')).toBeTruthy();
    expect(screen.getByRole('group').dataset.mapProblem).toBe('tiles');
    expect(maplibre.state.maps[0]?.removed).toBe(true);
    expectQuiet();
  });

  it('keeps the map when one tile fails after the style arrived', async () => {
    maplibre.state.behaviour = 'tile-error';
    mockApi(config(STYLE_URL));
    renderMap();
    await waitFor(() => expect(maplibre.state.markers).toHaveLength(1));
    expect(maplibre.state.maps[0]?.removed).toBe(false);
    expect(screen.queryByText(MAP_UNAVAILABLE)).toBeNull();
    expect(screen.getByRole('group').dataset.mapProblem).toBeUndefined();
  });

  it('falls back quietly 10 s after starting a map that never finishes loading', async () => {
    maplibre.state.behaviour = 'silent';
    // Frozen: the wait starts at a known instant, and loading MapLibre's code (real, as slow as the
    // machine) takes none of it.
    useFakeClock();
    freezeClock();
    mockApi(config(STYLE_URL));
    renderMap();
    await settleUntil(() => expect(maplibre.state.maps).toHaveLength(1));
    await advance(MAP_TIMEOUT_MS - 1);
    expect(screen.queryByText(MAP_UNAVAILABLE)).toBeNull();
    await advance(1);
    expect(screen.getByText(MAP_UNAVAILABLE)).toBeTruthy();
    expectQuiet();
  });
});
