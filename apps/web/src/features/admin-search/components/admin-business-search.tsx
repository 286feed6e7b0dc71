import {
  ADMIN_SEARCH_MESSAGES as M,
  ADMIN_SEARCH_QUERY_MAX_LENGTH,
  HOME_SEARCH_RADIUS_KM,
  HOME_SEARCH_RADIUS_M,
  type AdminBusinessSearchParams,
} from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { LocateFixed, Search, SearchX, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { businessSearchQueryOptions } from '../api/search-businesses';
import { useDevicePosition, type DevicePoint } from '../hooks/use-device-position';
import { BusinessResultList, ResultsSkeleton } from './business-result-card';

const ERROR_TOAST_MS = 8000;

/** The search for a keyword: nearby within 5000 m when the location is known, otherwise by text. */
function paramsFor(q: string, point: DevicePoint | null): AdminBusinessSearchParams {
  return point ? { q, ...point, radiusKm: HOME_SEARCH_RADIUS_KM } : { q };
}

/**
 * What an administrator gets on the customer home instead of the assistant (spec 2): a search of
 * Grip's business directory. The device location is asked for only on 'Use my location' — never on
 * load — and then the search is nearby within 5000 m; otherwise it is a text search.
 */
export function AdminBusinessSearch() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [point, setPoint] = useState<DevicePoint | null>(null);
  const [params, setParams] = useState<AdminBusinessSearchParams | null>(null);
  const { locate, isLocating } = useDevicePosition();
  const search = useQuery(businessSearchQueryOptions(params));

  useEffect(() => {
    if (search.isError) {
      toast.error(M.homeSearchFailedTitle, {
        id: 'admin-home-search-failed',
        description: M.homeSearchFailed,
        duration: ERROR_TOAST_MS,
      });
    }
  }, [search.isError, search.errorUpdatedAt]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) {
      setError(M.criteriaRequired);
      return;
    }
    setError(undefined);
    const next = paramsFor(q, point);
    if (params && JSON.stringify(params) === JSON.stringify(next)) void search.refetch();
    else setParams(next);
  };

  /** A known location changes the search under way too (nearby instead of text, or back). */
  const changePoint = (next: DevicePoint | null) => {
    setPoint(next);
    setParams((current) => (current ? paramsFor(current.q, next) : current));
  };

  const locateMe = async () => {
    try {
      changePoint(await locate());
    } catch (failure) {
      toast.error(M.locationErrorTitle, {
        description: failure instanceof Error && failure.message ? failure.message : M.locationErrorFallback,
        duration: ERROR_TOAST_MS,
      });
    }
  };

  let outcome = null;
  if (params === null) outcome = null;
  else if (search.isPending) outcome = <ResultsSkeleton />;
  else if (search.isError) {
    outcome = (
      <Alert tone="danger" role="alert">
        <span>
          <strong>{M.homeSearchFailedTitle}:</strong> {M.homeSearchFailed}
        </span>
      </Alert>
    );
  } else if (search.data.results.length === 0) {
    outcome = <EmptyState icon={SearchX} title={M.noResultsTitle} description={M.noResults} />;
  } else {
    outcome = <BusinessResultList results={search.data.results} label="Businesses found" />;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Business search</CardTitle>
        <CardDescription>
          Search Grip&apos;s business directory by name, service, suburb or address.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          noValidate
          role="search"
          aria-label="Business search"
          onSubmit={onSubmit}
          className="grid gap-3"
        >
          <div className="flex items-start gap-2">
            <Field label="Search businesses" error={error} className="flex-1">
              <Input
                type="search"
                autoComplete="off"
                maxLength={ADMIN_SEARCH_QUERY_MAX_LENGTH}
                placeholder="e.g. pool cleaning, Manly"
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  if (error) setError(undefined);
                }}
              />
            </Field>
            <Button
              type="submit"
              className="mt-6.5"
              isLoading={params !== null && search.isFetching}
              aria-label="Search"
            >
              <Search aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">Search</span>
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {point ? (
              <>
                <LocateFixed aria-hidden="true" className="size-4" />
                <span role="status">Near your location (within {HOME_SEARCH_RADIUS_M / 1000} km)</span>
                <Button variant="ghost" size="sm" onClick={() => changePoint(null)}>
                  <X aria-hidden="true" className="size-4" />
                  Search everywhere
                </Button>
              </>
            ) : (
              <>
                <span>Searching everywhere by name, service or area.</span>
                <Button variant="outline" size="sm" isLoading={isLocating} onClick={() => void locateMe()}>
                  {isLocating ? null : <LocateFixed aria-hidden="true" className="size-4" />}
                  Use my location
                </Button>
              </>
            )}
          </div>
        </form>
        {outcome}
      </CardContent>
    </Card>
  );
}
