import type * as MapLibreModule from 'maplibre-gl';

export type MapLibre = typeof MapLibreModule;

/**
 * MapLibre GL and its stylesheet, downloaded only when a map is first shown (they are most of a
 * megabyte and many screens have no map). The package is a UMD bundle, so the module may arrive
 * as its default export.
 */
export async function loadMapLibre(): Promise<MapLibre> {
  const [module] = await Promise.all([import('maplibre-gl'), import('maplibre-gl/dist/maplibre-gl.css')]);
  const withDefault = module as MapLibre & { default?: MapLibre };
  return withDefault.default ?? module;
}
