import { DEFAULT_LOCATION_MESSAGES } from '@grip/domain';
import { MapPin, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDefaultLocation } from '../api/default-location';
import { SettingsSectionError, SettingsSectionLoading } from './settings-section-states';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads after the page has drawn. */
const DefaultLocationForm = preloadable('default-location-form', () =>
  import('./default-location-form').then((m) => ({ default: m.DefaultLocationForm })),
);

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

// A typed address has no point yet: the server looks it up (and says so if it cannot).
