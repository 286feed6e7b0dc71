import { DEFAULT_LOCATION_MESSAGES, DefaultLocationInputSchema, type DefaultLocation } from '@grip/domain';
import { MapPin, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LocationField } from '@/features/location/components/location-field';
import { EMPTY_LOCATION, type LocationValue } from '@/features/location/location-value';
import { isApiError } from '@/lib/api-client';
import { useClearDefaultLocation, useDefaultLocation, useSaveDefaultLocation } from '../api/default-location';
import { SettingsSectionError, SettingsSectionLoading } from './settings-section-states';

/**
 * Why a save failed, in the server's plain words (an address service that is down or busy, no
 * connection), next to the spec's toast. A 500 says nothing useful, so it adds nothing.
 */
function failureReason(error: unknown): string | undefined {
  return isApiError(error) && error.status !== 500 ? error.message : undefined;
}

/**
 * Customer Settings, Default Location (spec 2 §7), with Edit, Save and Cancel: where new requests
 * start. The request form is prefilled with it (GET /api/requests/last-location prefers it to the
 * latest request's address); Clear goes back to that.
 */
export function DefaultLocationCard() {
  const titleId = useId();
  const location = useDefaultLocation();
  const [isEditing, setEditing] = useState(false);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle id={titleId}>Default Location</CardTitle>
          <CardDescription>
            Where your new requests start. You can still change it on each request.
          </CardDescription>
        </div>
        {location.data && !isEditing ? (
          <Button variant="outline" size="sm" aria-describedby={titleId} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {location.isPending ? (
          <SettingsSectionLoading label="Loading your default location" lines={1} />
        ) : location.isError ? (
          <SettingsSectionError
            message={DEFAULT_LOCATION_MESSAGES.loadFailed}
            onRetry={() => void location.refetch()}
          />
        ) : isEditing ? (
          <DefaultLocationForm saved={location.data} onDone={() => setEditing(false)} />
        ) : location.data.address ? (
          <div className="flex items-start gap-2 text-sm">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="grid min-w-0 gap-0.5">
              <p className="font-medium break-words" data-testid="default-location-address">
                {location.data.address}
              </p>
              {location.data.area ? <p className="text-muted-foreground">{location.data.area}</p> : null}
            </div>
          </div>
        ) : (
          <div className="grid gap-1 text-sm">
            <p className="font-medium">No default location yet</p>
            <p className="text-muted-foreground">
              New requests start from the address of your latest request. Add one here to start from the same
              place every time.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

const toValue = (saved: DefaultLocation): LocationValue =>
  saved.address
    ? { address: saved.address, latitude: saved.latitude, longitude: saved.longitude, area: saved.area }
    : EMPTY_LOCATION;

function DefaultLocationForm({ saved, onDone }: { saved: DefaultLocation; onDone: () => void }) {
  const save = useSaveDefaultLocation();
  const clear = useClearDefaultLocation();
  const [value, setValue] = useState<LocationValue>(() => toValue(saved));
  const [error, setError] = useState<string | undefined>();
  const isBusy = save.isPending || clear.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // A typed address has no point yet: the server looks it up (and says so if it cannot).
    const input = { address: value.address, latitude: value.latitude, longitude: value.longitude };
    const checked = DefaultLocationInputSchema.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(checked.data, {
      onSuccess: () => {
        toast.success(DEFAULT_LOCATION_MESSAGES.updatedTitle, {
          description: DEFAULT_LOCATION_MESSAGES.updated,
        });
        onDone();
      },
      onError: (failure) => {
        // The form keeps what was typed: nothing is lost, the customer can retry or change it.
        const fieldError = isApiError(failure) ? failure.fields?.address : undefined;
        if (fieldError) setError(fieldError);
        toast.error(DEFAULT_LOCATION_MESSAGES.updateFailed, {
          description: fieldError ? undefined : failureReason(failure),
        });
      },
    });
  };

  const remove = () =>
    clear.mutate(undefined, {
      onSuccess: () => {
        toast.success(DEFAULT_LOCATION_MESSAGES.updatedTitle, {
          description: DEFAULT_LOCATION_MESSAGES.cleared,
        });
        onDone();
      },
      onError: (failure) => {
        toast.error(DEFAULT_LOCATION_MESSAGES.updateFailed, { description: failureReason(failure) });
      },
    });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Edit default location">
      <LocationField
        label="Default address"
        hint="Choose a suggested place, use your current location, or type your address."
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(undefined);
        }}
        error={error}
        disabled={isBusy}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={save.isPending} disabled={clear.isPending}>
          Save
        </Button>
        <Button type="button" variant="ghost" disabled={isBusy} onClick={onDone}>
          Cancel
        </Button>
        {saved.address ? (
          <Button
            type="button"
            variant="outline"
            className="sm:ml-auto"
            isLoading={clear.isPending}
            disabled={save.isPending}
            onClick={remove}
          >
            Clear
          </Button>
        ) : null}
      </div>
    </form>
  );
}
