import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { advance, freezeClock, settleUntil, useFakeClock } from '@/test/clock';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { MAP_TIMEOUT_MS, MapView, type MapViewProps } from './map-view';

/**
 * MapLibre needs WebGL, which jsdom has not: the dynamic import is replaced by a stand-in that
 * records what the component asks of it and fires the events a real map would.
 */
const maplibre = vi.hoisted(() => {
  type Handler = () => void;
  const state = {
    behaviour: 'load' as 'load' | 'throw' | 'style-error' | 'silent',
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
      setTimeout(
        () =>
          this.emit(state.behaviour === 'style-error' ? 'error' : state.behaviour === 'load' ? 'load' : ''),
        0,
      );
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

describe('MapView without a map style', () => {
  it("says 'Map configuration missing' and shows the static preview", async () => {
    mockApi(config(null));
    renderMap({ radiusKm: 5 });
    expect(await screen.findByText('Map configuration missing')).toBeTruthy();
    expect(screen.getByText(/No map style is set up on this server/)).toBeTruthy();
    // The honest preview: the place, its coordinates to 4 decimals and the service area.
    expect(screen.getByText('Surry Hills NSW')).toBeTruthy();
    expect(screen.getByText('-33.8837, 151.2128')).toBeTruthy();
    expect(screen.getByText('5 km service area')).toBeTruthy();
    expect(screen.getByTestId('preview-radius')).toBeTruthy();
    expect(maplibre.state.maps).toHaveLength(0);
  });

  it('shows no preview when there are no coordinates', async () => {
    mockApi(config(null));
    renderMap({ latitude: null, longitude: null });
    expect(await screen.findByText('Map configuration missing')).toBeTruthy();
    expect(screen.queryByText(/\d+\.\d{4}, /)).toBeNull();
  });
});

describe('MapView when the map settings cannot be fetched', () => {
  it("says 'Map service timeout' after 10 seconds", async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /api/config': () => new Promise(() => {}) });
    renderMap();
    expect(screen.getByRole('status').textContent).toContain('Loading map');
    await act(() => vi.advanceTimersByTimeAsync(9_900));
    expect(screen.queryByText('Map service timeout')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByText('Map service timeout')).toBeTruthy();
    expect(screen.getByText('-33.8837, 151.2128')).toBeTruthy();
  });

  it("says 'Failed to load map' on a network failure, and tries again on request", async () => {
    vi.useFakeTimers();
    const { fetchMock } = mockApi({});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderMap();
    // The config request is retried twice (blips happen) before the map gives up.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByText('Failed to load map')).toBeTruthy();
    expect(screen.getByText('Check your internet connection and try again.')).toBeTruthy();
    expect(screen.getByText('-33.8837, 151.2128')).toBeTruthy();
    vi.useRealTimers();

    mockApi(config(STYLE_URL));
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByTestId('map-canvas')).toBeTruthy();
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1));
  });

  it("says 'Map configuration missing' when the server fails to answer", async () => {
    vi.useFakeTimers();
    mockApi({
      'GET /api/config': { status: 500, body: { error: 'internal', message: 'Something went wrong' } },
    });
    renderMap();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByText('Map configuration missing')).toBeTruthy();
    expect(screen.getByText('The server could not provide the map settings.')).toBeTruthy();
  });

  it("says 'Map service not deployed' when the server has no such endpoint", async () => {
    mockApi({
      'GET /api/config': { status: 404, body: { error: 'not_found', message: 'No such endpoint' } },
    });
    renderMap();
    expect(await screen.findByText('Map service not deployed')).toBeTruthy();
  });
});

describe('MapView with a map style', () => {
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

  it("says 'Failed to create map' when MapLibre cannot start", async () => {
    maplibre.state.behaviour = 'throw';
    mockApi(config(STYLE_URL));
    renderMap();
    expect(await screen.findByText('Failed to create map')).toBeTruthy();
    expect(screen.getByText('-33.8837, 151.2128')).toBeTruthy();
  });

  it("says 'Map display error' when the style fails to load", async () => {
    maplibre.state.behaviour = 'style-error';
    mockApi(config(STYLE_URL));
    renderMap();
    expect(await screen.findByText('Map display error')).toBeTruthy();
    expect(maplibre.state.maps[0]?.removed).toBe(true);
  });

  it("says 'Map service timeout' 10 s after starting a map that never finishes loading", async () => {
    maplibre.state.behaviour = 'silent';
    // Frozen: the wait starts at a known instant, and loading MapLibre's code (real, as slow as the
    // machine) takes none of it.
    useFakeClock();
    freezeClock();
    mockApi(config(STYLE_URL));
    renderMap();
    await settleUntil(() => expect(maplibre.state.maps).toHaveLength(1));
    await advance(MAP_TIMEOUT_MS - 1);
    expect(screen.queryByText('Map service timeout')).toBeNull();
    await advance(1);
    expect(screen.getByText('Map service timeout')).toBeTruthy();
  });
});
