import { DEFAULT_MAP_CENTRE } from '@grip/domain';
import { MapPinOff, RotateCcw } from 'lucide-react';
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMapStyleUrl } from '@/features/auth/api/get-config';
import { cn } from '@/lib/utils';
import { circleRing, ringBounds } from '../circle';
import { loadMapLibre, type MapLibre } from '../load-maplibre';
import { configProblem, MAP_PROBLEMS, type MapProblem } from '../map-problems';
import { StaticMapPreview } from './static-map-preview';

/** Map, token and places time-out (spec 2 §9): the map must have loaded by then. */
export const MAP_TIMEOUT_MS = 10_000;
/** Zoom with known coordinates (spec 2 §9); without them the default centre's zoom 10. */
export const MAP_ZOOM_WITH_COORDINATES = 15;
/** The brand primary (--color-primary): MapLibre paints with colours, not CSS variables. */
const PIN_COLOUR = '#0f766e';
const RADIUS_SOURCE = 'grip-radius';

export interface MapViewProps {
  latitude: number | null;
  longitude: number | null;
  /** Draws the service area around the pin and fits the map to it. */
  radiusKm?: number;
  /** The place's name (e.g. 'Surry Hills NSW'), for the preview and screen readers. */
  label?: string;
  className?: string;
  /** CSS height of the map box (default 240 px). */
  height?: number | string;
}

interface View {
  latitude: number | null;
  longitude: number | null;
  radiusKm?: number;
}

interface LiveMap {
  map: MapLibreMap;
  lib: MapLibre;
  marker: Marker | null;
}

type Outcome = { key: string; status: 'ready' } | { key: string; status: 'error'; problem: MapProblem };

/**
 * A MapLibre map with a pin and an optional radius circle. Its style URL comes from the server's
 * config first (the original fetched a map token first): OpenFreeMap's unless the server names
 * another or turns maps off; MapLibre itself is downloaded only here. States: loading, ready, and
 * unavailable: a quiet static preview when coordinates are known (map-problems.ts says why).
 */
export function MapView({ latitude, longitude, radiusKm, label, className, height = 240 }: MapViewProps) {
  const style = useMapStyleUrl();
  const containerRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<LiveMap | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const styleUrl = style.status === 'ready' ? style.mapStyleUrl : null;
  const mapKey = `${styleUrl ?? ''}|${attempt}`;
  const view = useMemo<View>(() => ({ latitude, longitude, radiusKm }), [latitude, longitude, radiusKm]);
  // The map is created once per style; later changes of the view move the pin instead.
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  }, [view]);

  useEffect(() => {
    const container = containerRef.current;
    if (!styleUrl || !container) return;
    let isCancelled = false;
    let isLoaded = false;
    let map: MapLibreMap | null = null;
    const fail = (problem: MapProblem) => {
      if (isCancelled) return;
      isCancelled = true;
      clearTimeout(timer);
      map?.remove();
      map = null;
      liveRef.current = null;
      setOutcome({ key: mapKey, status: 'error', problem });
    };
    const timer = setTimeout(() => fail(MAP_PROBLEMS.timeout), MAP_TIMEOUT_MS);

    loadMapLibre().then(
      (lib) => {
        if (isCancelled) return;
        const start = viewRef.current;
        const known = start.latitude !== null && start.longitude !== null;
        let created: MapLibreMap;
        try {
          created = new lib.Map({
            container,
            style: styleUrl,
            center: known
              ? [start.longitude!, start.latitude!]
              : [DEFAULT_MAP_CENTRE.lng, DEFAULT_MAP_CENTRE.lat],
            zoom: known ? MAP_ZOOM_WITH_COORDINATES : DEFAULT_MAP_CENTRE.zoom,
            attributionControl: { compact: true },
          });
        } catch {
          fail(MAP_PROBLEMS.createFailed);
          return;
        }
        map = created;
        // A style that cannot be fetched means no usable map; once it is here a missing tile,
        // glyph or sprite is only a gap, and the map stays (the time-out still guards the load).
        let hasStyle = false;
        created.on('style.load', () => {
          hasStyle = true;
        });
        created.on('error', () => {
          if (!isLoaded && !hasStyle) fail(MAP_PROBLEMS.displayError);
        });
        created.on('load', () => {
          if (isCancelled) return;
          isLoaded = true;
          clearTimeout(timer);
          try {
            created.addControl(new lib.NavigationControl({ showCompass: false }), 'top-right');
            const live: LiveMap = { map: created, lib, marker: null };
            drawView(live, viewRef.current);
            liveRef.current = live;
            setOutcome({ key: mapKey, status: 'ready' });
          } catch {
            fail(MAP_PROBLEMS.initFailed);
          }
        });
      },
      () => fail(MAP_PROBLEMS.download),
    );

    return () => {
      isCancelled = true;
      clearTimeout(timer);
      map?.remove();
      liveRef.current = null;
    };
  }, [styleUrl, mapKey]);

  const isReady = outcome?.key === mapKey && outcome.status === 'ready';
  useEffect(() => {
    if (isReady && liveRef.current) drawView(liveRef.current, view);
  }, [isReady, view]);

  let state: { status: 'loading' } | { status: 'ready' } | { status: 'error'; problem: MapProblem };
  if (style.status === 'loading') state = { status: 'loading' };
  else if (style.status === 'error') state = { status: 'error', problem: configProblem(style.error) };
  else if (!styleUrl) state = { status: 'error', problem: MAP_PROBLEMS.off };
  else if (outcome?.key === mapKey) state = outcome;
  else state = { status: 'loading' };

  const retry = () => {
    if (style.status === 'error') style.retry();
    setAttempt((n) => n + 1);
  };
  const hasCoordinates = latitude !== null && longitude !== null;

  return (
    <div
      role="group"
      aria-label={label ? `Map of ${label}` : 'Map'}
      aria-busy={state.status === 'loading' || undefined}
      data-map-problem={state.status === 'error' ? state.problem.reason : undefined}
      className={cn('relative w-full overflow-hidden rounded-lg border border-border bg-muted', className)}
      style={{ height }}
    >
      {styleUrl ? (
        <div
          ref={containerRef}
          data-testid="map-canvas"
          // MapLibre makes its container position: relative, so size it rather than pin it.
          className={cn('h-full w-full', state.status === 'error' && 'invisible')}
        />
      ) : null}
      {state.status === 'loading' ? (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner className="size-6 text-primary" label="Loading map" />
        </div>
      ) : null}
      {state.status === 'error' ? (
        <MapFallback
          problem={state.problem}
          onRetry={state.problem.canRetry ? retry : undefined}
          preview={
            hasCoordinates ? (
              <StaticMapPreview latitude={latitude} longitude={longitude} radiusKm={radiusKm} label={label} />
            ) : null
          }
        />
      ) : null}
    </div>
  );
}

/**
 * What shows instead of the live map: the preview, with at most one quiet line and a way to try
 * again; without coordinates, just that line.
 */
function MapFallback({
  problem,
  onRetry,
  preview,
}: {
  problem: MapProblem;
  onRetry?: () => void;
  preview: ReactNode;
}) {
  const retryButton = onRetry ? (
    <Button variant="outline" size="sm" className="h-7 bg-background px-2 text-xs" onClick={onRetry}>
      <RotateCcw aria-hidden="true" className="size-3.5" />
      Try again
    </Button>
  ) : null;
  if (preview) {
    return (
      <div className="absolute inset-0">
        {preview}
        {problem.note ? (
          <div className="absolute inset-x-2 top-2 flex items-center justify-between gap-2">
            <p
              role="status"
              className="rounded-md bg-background/90 px-2 py-1 text-xs text-muted-foreground shadow-sm"
            >
              {problem.note}
            </p>
            {retryButton}
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm">
      <MapPinOff aria-hidden="true" className="size-6 text-muted-foreground" />
      <p role="status" className="text-muted-foreground">
        {problem.note ?? 'Map unavailable'}
      </p>
      {retryButton}
    </div>
  );
}

/** Puts the pin, the radius circle and the camera where the view says. */
function drawView(live: LiveMap, { latitude, longitude, radiusKm }: View) {
  const { map, lib } = live;
  if (latitude === null || longitude === null) {
    live.marker?.remove();
    live.marker = null;
    setRadius(map, null);
    map.jumpTo({ center: [DEFAULT_MAP_CENTRE.lng, DEFAULT_MAP_CENTRE.lat], zoom: DEFAULT_MAP_CENTRE.zoom });
    return;
  }
  live.marker ??= new lib.Marker({ color: PIN_COLOUR }).setLngLat([longitude, latitude]).addTo(map);
  live.marker.setLngLat([longitude, latitude]);
  const ring = radiusKm ? circleRing(latitude, longitude, radiusKm) : null;
  setRadius(map, ring);
  if (ring) map.fitBounds(ringBounds(ring), { padding: 24, duration: 0, maxZoom: MAP_ZOOM_WITH_COORDINATES });
  else map.jumpTo({ center: [longitude, latitude], zoom: MAP_ZOOM_WITH_COORDINATES });
}

function setRadius(map: MapLibreMap, ring: [number, number][] | null) {
  const data: Parameters<GeoJSONSource['setData']>[0] = {
    type: 'FeatureCollection',
    features: ring
      ? [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }]
      : [],
  };
  const source = map.getSource<GeoJSONSource>(RADIUS_SOURCE);
  if (source) {
    source.setData(data);
    return;
  }
  map.addSource(RADIUS_SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: `${RADIUS_SOURCE}-fill`,
    type: 'fill',
    source: RADIUS_SOURCE,
    paint: { 'fill-color': PIN_COLOUR, 'fill-opacity': 0.12 },
  });
  map.addLayer({
    id: `${RADIUS_SOURCE}-line`,
    type: 'line',
    source: RADIUS_SOURCE,
    paint: { 'line-color': PIN_COLOUR, 'line-width': 2, 'line-dasharray': [2, 2] },
  });
}
