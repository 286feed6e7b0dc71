import { DEFAULT_LOCATION_MESSAGES, type DefaultLocation, DefaultLocationInputSchema } from '@grip/domain';
import { Controller } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { LocationField } from '@/features/location/components/location-field';
import { isApiError } from '@/lib/api-client';
import { useZodForm, formSchema } from '@/lib/use-zod-form';
import { useClearDefaultLocation, useSaveDefaultLocation } from '../api/default-location';
import { EMPTY_LOCATION, type LocationValue } from '@/features/location/location-value';

/**
 * Why a save failed, in the server's plain words (an address service that is down or busy, no
 * connection), next to the spec's toast. A 500 says nothing useful, so it adds nothing.
 */
function failureReason(error: unknown): string | undefined {
  return isApiError(error) && error.status !== 500 ? error.message : undefined;
}

const toValue = (saved: DefaultLocation): LocationValue =>
  saved.address
    ? { address: saved.address, latitude: saved.latitude, longitude: saved.longitude, area: saved.area }
    : EMPTY_LOCATION;

const locationSchema = formSchema(
  ({ location }: { location: LocationValue }) => ({
    address: location.address,
    latitude: location.latitude,
    longitude: location.longitude,
  }),
  DefaultLocationInputSchema,
  { address: 'location', latitude: 'location', longitude: 'location' },
);

export function DefaultLocationForm({ saved, onDone }: { saved: DefaultLocation; onDone: () => void }) {
  const save = useSaveDefaultLocation();
  const clear = useClearDefaultLocation();
  const form = useZodForm(locationSchema, { defaultValues: { location: toValue(saved) } });
  const { errors, isSubmitting } = form.formState;
  const isSaving = isSubmitting || save.isPending;
  const isBusy = isSaving || clear.isPending;

  const submit = form.submit(async (data) => {
    try {
      await save.mutateAsync(data);
    } catch (failure) {
      // The form keeps what was typed: nothing is lost, the customer can retry or change it.
      const fieldError = isApiError(failure) ? failure.fields?.address : undefined;
      if (fieldError) form.setError('location', { type: 'server', message: fieldError });
      toast.error(DEFAULT_LOCATION_MESSAGES.updateFailed, {
        description: fieldError ? undefined : failureReason(failure),
      });
      return;
    }
    toast.success(DEFAULT_LOCATION_MESSAGES.updatedTitle, { description: DEFAULT_LOCATION_MESSAGES.updated });
    onDone();
  });

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
      <Controller
        control={form.control}
        name="location"
        render={({ field }) => (
          <LocationField
            label="Default address"
            hint="Choose a suggested place, use your current location, or type your address."
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              form.clearErrors('location');
            }}
            error={errors.location?.message}
            disabled={isBusy}
          />
        )}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={isSaving} disabled={clear.isPending}>
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
            disabled={isSaving}
            onClick={remove}
          >
            Clear
          </Button>
        ) : null}
      </div>
    </form>
  );
}
