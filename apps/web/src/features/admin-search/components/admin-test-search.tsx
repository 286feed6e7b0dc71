import {
  ADMIN_SEARCH_DEBOUNCE_MS,
  ADMIN_SEARCH_MESSAGES as M,
  ADMIN_SEARCH_RADIUS_OPTIONS_KM,
  DEFAULT_ADMIN_SEARCH_RADIUS_KM,
  isAdminSearchRadius,
  type AdminBusinessSearchParams,
  type AdminSearchRadiusKm,
} from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { LocateFixed, Search, SearchX } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { geocodeAddress } from '@/features/location/api/geocode-address';
import { useDebouncedValue } from '@/features/location/hooks/use-debounced-value';
import { formatCoordinates } from '@/features/location/location-messages';
import { businessSearchQueryOptions } from '../api/search-businesses';
import { useDevicePosition, type DevicePoint } from '../hooks/use-device-position';
import { BusinessResultList, ResultsSkeleton } from './business-result-card';

const ERROR_TOAST_MS = 8000;

/** What the search depends on; debounced as one value, so any change restarts the 500 ms wait. */
interface Criteria {
  q: string;
  point: DevicePoint | null;
  address: string;
  radiusKm: AdminSearchRadiusKm;
}

function CurrentLocationSwitch({
  isOn,
  isBusy,
  onToggle,
}: {
  isOn: boolean;
  isBusy: boolean;
  onToggle: () => void;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-0.5">
        <span id={labelId} className="text-sm font-medium">
          Use current location
        </span>
        <span id={hintId} className="text-xs text-muted-foreground">
          Off: type an address instead.
        </span>
      </div>
      <Switch
        isOn={isOn}
        onToggle={onToggle}
        isBusy={isBusy}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      />
    </div>
  );
}

/**
 * The test search of /admin-test-request (spec 3): a keyword near the device's current location or
 * a typed, geocoded address, within 1–50 km (default 5). It runs by itself 500 ms after the keyword,
 * the location or the radius last changed, once it has both a keyword and a location.
 */
export function AdminTestSearch() {
  const [q, setQ] = useState('');
  const [isCurrent, setIsCurrent] = useState(false);
  const [point, setPoint] = useState<DevicePoint | null>(null);
  const [address, setAddress] = useState('');
  const [radiusKm, setRadiusKm] = useState<AdminSearchRadiusKm>(DEFAULT_ADMIN_SEARCH_RADIUS_KM);
  const { locate, isLocating } = useDevicePosition();

  const criteria = useMemo<Criteria>(
    () => ({
      q: q.trim(),
      point: isCurrent ? point : null,
      address: isCurrent ? '' : address.trim(),
      radiusKm,
    }),
    [q, isCurrent, point, address, radiusKm],
  );
  const settled = useDebouncedValue(criteria, ADMIN_SEARCH_DEBOUNCE_MS);
  const isWaiting = settled !== criteria;

  const geocode = useQuery({
    queryKey: ['geo', 'geocode', settled.address],
    queryFn: ({ signal }) => geocodeAddress(settled.address, signal),
    enabled: settled.address !== '',
    staleTime: 10 * 60_000,
    retry: false,
  });
  const isAddressUnknown = settled.address !== '' && geocode.isSuccess && geocode.data === null;

  const searchPoint: DevicePoint | null =
    settled.point ??
    (settled.address && geocode.data
      ? { latitude: geocode.data.latitude, longitude: geocode.data.longitude }
      : null);
  const params: AdminBusinessSearchParams | null =
    settled.q && searchPoint ? { q: settled.q, ...searchPoint, radiusKm: settled.radiusKm } : null;
  const search = useQuery(businessSearchQueryOptions(params));
  const isFailed = search.isError || (settled.address !== '' && geocode.isError);

  useEffect(() => {
    if (isAddressUnknown) {
      toast.error(M.geocodingErrorTitle, {
        id: 'admin-search-geocoding',
        description: M.geocodingError,
        duration: ERROR_TOAST_MS,
      });
    }
  }, [isAddressUnknown, settled.address]);
  useEffect(() => {
    if (isFailed) toast.error(M.testSearchFailed, { id: 'admin-search-failed', duration: ERROR_TOAST_MS });
  }, [isFailed, search.errorUpdatedAt]);

  const toggleCurrent = async () => {
    if (isCurrent) {
      setIsCurrent(false);
      return;
    }
    setIsCurrent(true);
    try {
      setPoint(await locate());
    } catch (error) {
      // Spec 3 §8: 'Location error' with the message, and the switch turns off.
      setIsCurrent(false);
      toast.error(M.locationErrorTitle, {
        description: error instanceof Error && error.message ? error.message : M.locationErrorFallback,
        duration: ERROR_TOAST_MS,
      });
    }
  };

  const hasQuery = criteria.q !== '';
  const hasLocation = isCurrent ? point !== null : criteria.address !== '';
  const missing = !hasQuery
    ? hasLocation
      ? M.needsQuery
      : M.needsQueryAndLocation
    : hasLocation
      ? null
      : M.needsLocation;

  let outcome;
  if (missing) {
    outcome = (
      <p role="status" className="text-sm text-muted-foreground">
        {missing}
      </p>
    );
  } else if (isAddressUnknown) {
    outcome = null; // the address field says what went wrong
  } else if (isFailed) {
    outcome = (
      <Alert tone="danger" role="alert">
        {M.testSearchFailed}
      </Alert>
    );
  } else if (!params || search.isPending) {
    outcome = isWaiting || geocode.isFetching || isLocating || search.isFetching ? <ResultsSkeleton /> : null;
  } else if (search.data.results.length === 0) {
    outcome = <EmptyState icon={SearchX} title={M.noResultsTitle} description={M.noResults} />;
  } else {
    const count = search.data.results.length;
    outcome = (
      <div className="grid gap-2">
        <p role="status" className="text-sm text-muted-foreground">
          {count} {count === 1 ? 'business' : 'businesses'} within {search.data.radiusKm} km
          {search.isFetching ? ' · updating…' : ''}
        </p>
        <BusinessResultList results={search.data.results} label="Businesses found" />
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Search aria-hidden="true" className="size-5 text-muted-foreground" />
          Business search
        </CardTitle>
        <CardDescription>
          Testing only: find businesses in Grip&apos;s directory by keyword near a place. It searches by
          itself half a second after you stop typing.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div role="search" aria-label="Business search" className="grid gap-4">
          <Field label="Keyword" hint="Business name, service category, suburb or address">
            <Input
              type="search"
              autoComplete="off"
              placeholder="e.g. pool, plumber, Manly"
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          </Field>
          <CurrentLocationSwitch isOn={isCurrent} isBusy={isLocating} onToggle={() => void toggleCurrent()} />
          {isCurrent ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              {isLocating ? (
                <>
                  <Spinner /> Finding your location…
                </>
              ) : point ? (
                <>
                  <LocateFixed aria-hidden="true" className="size-4" />
                  Current location: {formatCoordinates(point.latitude, point.longitude)}
                </>
              ) : null}
            </p>
          ) : (
            <Field
              label="Address"
              hint={
                geocode.isFetching
                  ? 'Finding the address…'
                  : geocode.data && settled.address === criteria.address
                    ? `Found: ${geocode.data.label}`
                    : 'Street address, suburb or postcode'
              }
              error={isAddressUnknown && settled.address === criteria.address ? M.geocodingError : undefined}
            >
              <Input
                autoComplete="off"
                placeholder="e.g. 3 Bay Rd, Manly NSW"
                value={address}
                onChange={(event) => setAddress(event.target.value)}
              />
            </Field>
          )}
          <Field label="Radius">
            <NativeSelect
              value={radiusKm}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (isAdminSearchRadius(value)) setRadiusKm(value);
              }}
            >
              {ADMIN_SEARCH_RADIUS_OPTIONS_KM.map((km) => (
                <option key={km} value={km}>
                  {km} km
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <section aria-label="Search results" className="grid gap-2">
          {outcome}
        </section>
      </CardContent>
    </Card>
  );
}
