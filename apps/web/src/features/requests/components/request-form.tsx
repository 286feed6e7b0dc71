import {
  CUSTOMER_SERVICE_AREA_KM,
  HOURLY_TIMES,
  localIsoDate,
  REQUEST_MESSAGES,
  REQUEST_TITLE_MAX_LENGTH,
  servicesOf,
  serviceSlug,
  TIME_FLEXIBILITIES,
  TIME_FLEXIBILITY_LABELS,
  TIME_OF_DAY_LABELS,
  TIMES_OF_DAY,
  type CreatedRequest,
  withCurrency,
} from '@grip/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useCategoryGroups } from '@/features/catalogue/api/get-service-categories';
import { LocationField } from '@/features/location/components/location-field';
import { ImagePicker } from '@/features/uploads/components/image-picker';
import { useImageUploads } from '@/features/uploads/hooks/use-image-uploads';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { createRequest } from '../api/create-request';
import { updateRequest } from '../api/update-request';
import {
  emptyFormValues,
  RequestFormSchema,
  suggestedFormTitle,
  toRequestInput,
  type RequestFormValues,
} from '../request-form-values';
import { useCoordinates } from '../hooks/use-coordinates';
import { CoverageBanner } from './coverage-banner';

interface RequestFormProps {
  /** Edit mode: the request being edited and its current values. */
  editing?: { id: string; values: RequestFormValues; images: string[] } | null;
  /** Create mode: starting values (a preselected service, the last address). */
  initialValues?: RequestFormValues;
  onSubmitted: (created: CreatedRequest) => void;
  onUpdated?: () => void;
  /** Hire Again: the past job whose business is asked first (create mode only). */
  hireAgainResponseId?: string | null;
}

const FIELD_NAMES: Record<string, keyof RequestFormValues> = {
  serviceType: 'serviceType',
  serviceSubtype: 'serviceSubtype',
  title: 'title',
  description: 'description',
  location: 'location',
  serviceAreaKm: 'serviceAreaDistance',
  budget: 'budget',
  preferredDate: 'date',
  preferredTime: 'preferredTime',
};

/** The service request form of spec 2 §5, for a new request or editing one in place. */
export function RequestForm({
  editing,
  initialValues,
  onSubmitted,
  onUpdated,
  hireAgainResponseId,
}: RequestFormProps) {
  const queryClient = useQueryClient();
  const groups = useCategoryGroups();
  const ids = useId();
  const today = localIsoDate(new Date());
  const uploads = useImageUploads({ purpose: 'request_image', initialUrls: editing?.images ?? [] });
  const form = useForm<RequestFormValues>({
    resolver: zodResolver(
      RequestFormSchema.refine((v) => !v.date || v.date >= localIsoDate(new Date()), {
        path: ['date'],
        message: REQUEST_MESSAGES.preferredDateInPast,
      }),
    ),
    defaultValues: editing?.values ?? initialValues ?? emptyFormValues(),
  });
  const { errors, isSubmitting } = form.formState;
  const [serviceType, serviceSubtype, location, radius] = useWatch({
    control: form.control,
    name: ['serviceType', 'serviceSubtype', 'location', 'serviceAreaDistance'],
  });
  const services = servicesOf(serviceType);
  const point = useCoordinates(location);

  // The title follows the service and the description until the customer writes their own (an
  // edited request already has one); emptying it hands it back to the suggestion.
  const [isTitleOwn, setTitleOwn] = useState(Boolean(editing));
  const followSuggestion = () => {
    if (isTitleOwn) return;
    form.setValue('title', suggestedFormTitle(form.getValues()), {
      shouldValidate: form.formState.isSubmitted,
    });
  };
  const titleField = form.register('title', {
    onChange: (event: { target: { value: string } }) => {
      setTitleOwn(event.target.value.trim() !== '');
    },
  });

  // The specific service belongs to the type: a new type clears it (spec 2 §5).
  const typeField = form.register('serviceType', {
    onChange: () => {
      form.setValue('serviceSubtype', '');
      followSuggestion();
    },
  });

  const submit = useSingleFlight(async (values: RequestFormValues) => {
    if (uploads.isUploading) {
      toast.info('Images still uploading', { description: 'Wait for your photos to finish, then submit.' });
      return;
    }
    if (uploads.hasErrors) {
      // Never drop a photo the customer chose without saying so.
      toast.error('Some photos did not upload', {
        description: 'Retry or remove them before submitting.',
      });
      return;
    }
    const input = toRequestInput(values, uploads.urls);
    try {
      if (editing) {
        await updateRequest(editing.id, input);
        await queryClient.invalidateQueries({ queryKey: queryKeys.requests });
        toast.success('Request Updated', { description: 'Your changes have been saved.' });
        onUpdated?.();
        return;
      }
      const created = await createRequest(hireAgainResponseId ? { ...input, hireAgainResponseId } : input);
      await queryClient.invalidateQueries({ queryKey: queryKeys.requests });
      if (created.matchedBusinesses === 0) {
        toast.warning('No Matching Businesses Found', {
          description:
            'No businesses offer that service in your area yet. Your request is saved and stays open for new businesses.',
          duration: 8000,
        });
      } else {
        toast.success('Request Submitted', {
          description: 'Your service request has been submitted and business owners have been notified.',
        });
      }
      onSubmitted(created);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        toast.error('Authentication Required', { description: REQUEST_MESSAGES.authenticationRequired });
        return;
      }
      if (isApiError(error) && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          const name = FIELD_NAMES[field];
          if (name) form.setError(name, { message });
        }
      }
      if (editing) {
        toast.error('Error', {
          description:
            isApiError(error) && error.status === 409
              ? error.message
              : 'Failed to update request. Please try again.',
        });
      } else {
        toast.error('Submission Failed', {
          description:
            isApiError(error) && error.status > 0 && error.status < 500
              ? error.message
              : 'Failed to submit your request. Please try again.',
          duration: 8000,
        });
      }
    }
  });

  const busy = isSubmitting || uploads.isUploading;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="grid gap-5"
      aria-label={editing ? 'Edit service request' : 'Service request'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Service type" error={errors.serviceType?.message}>
          <NativeSelect {...typeField}>
            <option value="">Select a service type</option>
            {groups.map((g) => (
              <option key={g.category} value={g.category}>
                {g.category}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {services.length > 0 ? (
          <Field label="Specific service (optional)">
            <NativeSelect {...form.register('serviceSubtype', { onChange: followSuggestion })}>
              <option value="">Any {serviceType.toLowerCase()}</option>
              {services.map((s) => (
                <option key={s} value={serviceSlug(s)}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </Field>
        ) : null}
      </div>

      <Field
        label="Describe what you need"
        error={errors.description?.message}
        hint="What needs doing, how big the job is, anything a business should know."
      >
        <Textarea
          rows={4}
          maxLength={5000}
          {...form.register('description', { onChange: followSuggestion })}
        />
      </Field>

      <Field
        label="Title"
        error={errors.title?.message}
        hint="A short name businesses see first. We suggest one from your description: change it if you like."
      >
        <Input maxLength={REQUEST_TITLE_MAX_LENGTH} autoComplete="off" {...titleField} />
      </Field>

      <fieldset className="grid gap-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold">When</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Preferred date" error={errors.date?.message}>
            <Input type="date" min={today} {...form.register('date')} />
          </Field>
          <Field label="Specific time (optional)" error={errors.preferredTime?.message}>
            <NativeSelect {...form.register('preferredTime')}>
              <option value="">No specific time</option>
              {HOURLY_TIMES.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <div className="grid gap-2" role="radiogroup" aria-labelledby={`${ids}-tod`}>
          <span id={`${ids}-tod`} className="text-sm font-medium">
            Time of day
          </span>
          <div className="flex flex-wrap gap-2">
            {TIMES_OF_DAY.map((t) => (
              <label
                key={t}
                className="flex cursor-pointer items-center gap-2 rounded-full border border-input px-3 py-1.5 text-sm has-checked:border-primary has-checked:bg-accent has-focus-visible:outline-2 has-focus-visible:outline-ring"
              >
                <input type="radio" value={t} className="sr-only" {...form.register('timeOfDay')} />
                {TIME_OF_DAY_LABELS[t]}
              </label>
            ))}
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Time flexibility">
            <NativeSelect {...form.register('timeFlexibility')}>
              {TIME_FLEXIBILITIES.map((f) => (
                <option key={f} value={f}>
                  {TIME_FLEXIBILITY_LABELS[f]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="flex items-center gap-2 sm:pt-7">
            <input
              id={`${ids}-flexdates`}
              type="checkbox"
              className="size-4 accent-primary"
              {...form.register('flexibleDates')}
            />
            <Label htmlFor={`${ids}-flexdates`}>My dates are flexible</Label>
          </div>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold">Where</legend>
        <Controller
          control={form.control}
          name="location"
          render={({ field }) => (
            <LocationField
              id={`${ids}-location`}
              value={field.value}
              onChange={field.onChange}
              error={errors.location?.address?.message ?? errors.location?.message}
            />
          )}
        />
        <Field
          label="Service area"
          error={errors.serviceAreaDistance?.message}
          hint="How far away a business may be. Your exact address is only shared with the business you book."
        >
          <NativeSelect {...form.register('serviceAreaDistance')}>
            {CUSTOMER_SERVICE_AREA_KM.map((km) => (
              <option key={km} value={String(km)}>
                Within {km} km
              </option>
            ))}
          </NativeSelect>
        </Field>
        <CoverageBanner
          serviceType={serviceType}
          serviceSubtype={serviceSubtype || null}
          latitude={point.latitude}
          longitude={point.longitude}
          radiusKm={Number(radius)}
        />
      </fieldset>

      <Field
        label={withCurrency('Budget')}
        error={errors.budget?.message}
        hint="The budget excludes taxes, and there is no payment until you accept a response."
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="e.g. 200"
          {...form.register('budget')}
        />
      </Field>

      <ImagePicker uploads={uploads} label="Photos (optional)" />

      <div className="flex items-center gap-2">
        <input
          id={`${ids}-urgent`}
          type="checkbox"
          className="size-4 accent-primary"
          {...form.register('isUrgent')}
        />
        <Label htmlFor={`${ids}-urgent`}>This is urgent</Label>
      </div>

      <Button type="submit" size="lg" disabled={busy} isLoading={isSubmitting}>
        {editing ? 'Save Changes' : 'Submit Request'}
      </Button>
    </form>
  );
}
