import { ADMIN_SEARCH_MESSAGES } from '@grip/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface DevicePoint {
  latitude: number;
  longitude: number;
}

/**
 * The device's position, asked for only when `locate` is called (never on load, so no permission
 * prompt appears by itself). Rejects with an Error whose message is the browser's own reason, for
 * the spec's 'Location error' toast.
 */
export function useDevicePosition() {
  const [isLocating, setIsLocating] = useState(false);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const locate = useCallback(
    () =>
      new Promise<DevicePoint>((resolve, reject) => {
        const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
        if (!geolocation) {
          reject(new Error(ADMIN_SEARCH_MESSAGES.locationUnsupported));
          return;
        }
        setIsLocating(true);
        geolocation.getCurrentPosition(
          (position) => {
            if (isMounted.current) setIsLocating(false);
            resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude });
          },
          (error) => {
            if (isMounted.current) setIsLocating(false);
            reject(new Error(error.message || ADMIN_SEARCH_MESSAGES.locationErrorFallback));
          },
          { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
        );
      }),
    [],
  );

  return { locate, isLocating };
}
