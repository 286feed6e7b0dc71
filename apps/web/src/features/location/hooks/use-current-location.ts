import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { reverseGeocode } from '../api/reverse-geocode';
import { formatCoordinates, LOCATION_MESSAGES } from '../location-messages';
import type { LocationValue } from '../location-value';

/** GeolocationPositionError.PERMISSION_DENIED (read as a number: the constant is not on every error object). */
const PERMISSION_DENIED = 1;
const ERROR_TOAST_MS = 8000;

/**
 * 'Use current location': the browser's position, then its address from the server. When the
 * address lookup fails the coordinates are still used, written as 'lat, lng' (spec 2 §8).
 */
export function useCurrentLocation(onLocated: (value: LocationValue) => void) {
  const [isLocating, setIsLocating] = useState(false);
  const latestOnLocated = useRef(onLocated);
  const isMounted = useRef(true);
  useEffect(() => {
    latestOnLocated.current = onLocated;
  }, [onLocated]);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const locate = useCallback(() => {
    const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geolocation) {
      toast.error(LOCATION_MESSAGES.unsupported.title, {
        description: LOCATION_MESSAGES.unsupported.description,
        duration: ERROR_TOAST_MS,
      });
      return;
    }
    setIsLocating(true);
    geolocation.getCurrentPosition(
      async (position) => {
        const { latitude, longitude } = position.coords;
        let value: LocationValue;
        try {
          const place = await reverseGeocode(latitude, longitude);
          value = { address: place.label, latitude, longitude, area: place.area };
        } catch {
          value = { address: formatCoordinates(latitude, longitude), latitude, longitude, area: null };
          toast.warning(LOCATION_MESSAGES.lookupFailed.title, {
            description: LOCATION_MESSAGES.lookupFailed.description,
          });
        }
        if (!isMounted.current) return;
        setIsLocating(false);
        latestOnLocated.current(value);
      },
      (error) => {
        if (!isMounted.current) return;
        setIsLocating(false);
        if (error.code === PERMISSION_DENIED) {
          toast.error(LOCATION_MESSAGES.blocked.title, {
            description: LOCATION_MESSAGES.blocked.description,
            duration: ERROR_TOAST_MS,
          });
        } else {
          toast.error(LOCATION_MESSAGES.error.title, {
            description: error.message || LOCATION_MESSAGES.error.fallback,
            duration: ERROR_TOAST_MS,
          });
        }
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);

  return { locate, isLocating };
}
