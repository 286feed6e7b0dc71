import { useQuery } from '@tanstack/react-query';
import { geocodeAddress } from '@/features/location/api/geocode-address';
import { useDebouncedValue } from '@/features/location/hooks/use-debounced-value';
import type { LocationValue } from '@/features/location/location-value';

const GEOCODE_DEBOUNCE_MS = 600;

/**
 * The coordinates of the form's location: the chosen place's own, or, for a typed address, the
 * geocoder's answer once typing pauses — so the coverage count reflects the radius either way.
 */
export function useCoordinates(location: LocationValue): {
  latitude: number | null;
  longitude: number | null;
} {
  const typed = location.latitude === null || location.longitude === null ? location.address.trim() : '';
  const address = useDebouncedValue(typed, GEOCODE_DEBOUNCE_MS);
  const { data } = useQuery({
    queryKey: ['geo', 'geocode', address],
    queryFn: ({ signal }) => geocodeAddress(address, signal),
    enabled: address.length >= 3,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!typed) return { latitude: location.latitude, longitude: location.longitude };
  return typed === address && data
    ? { latitude: data.latitude, longitude: data.longitude }
    : { latitude: null, longitude: null };
}
