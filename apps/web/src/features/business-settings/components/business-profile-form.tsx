import {
  BUSINESS_NOTIFICATION_CHANNEL_LABELS,
  BUSINESS_NOTIFICATION_CHANNELS,
  IN_APP_NOTIFICATIONS,
  BUSINESS_PROFILE_MESSAGES,
  BUSINESS_SERVICE_AREA_KM,
  BusinessProfileInputSchema,
  START_SCREEN_LABELS,
  START_SCREENS,
  type BusinessProfile,
  type BusinessProfileFormValues,
  type BusinessProfileInput,
} from '@grip/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useSingleFlight } from '@/lib/use-single-flight';
import { LocationField } from '@/features/location/components/location-field';
import type { LocationValue } from '@/features/location/location-value';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { registerBusiness, saveBusinessAvatar, updateBusinessProfile } from '../api/save-business-profile';
import { formValuesOf } from '../business-profile-form-values';
import { AvatarUpload } from './avatar-upload';
import { BusinessRatingBox } from './rating-box';
import { ServiceCategoryPicker } from './service-category-picker';

interface BusinessProfileFormProps {
  profile: BusinessProfile;
}

const FIELDS = new Set<string>(Object.keys(BusinessProfileInputSchema.shape));

/**
 * The one business profile form (spec 3 §2): registration for anyone who is not yet a business
 * owner, settings for those who are. Registration converts the account and opens the dashboard.
 */
export function BusinessProfileForm({ profile }: BusinessProfileFormProps) {
  const isRegistration = profile.role !== 'business_owner';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isUploading, setIsUploading] = useState(false);
  const [location, setLocation] = useState<LocationValue>({
    address: profile.address ?? '',
    latitude: profile.latitude,
    longitude: profile.longitude,
    area: profile.areaLabel,
  });
  const form = useForm<BusinessProfileFormValues, unknown, BusinessProfileInput>({
    resolver: zodResolver(BusinessProfileInputSchema),
    defaultValues: formValuesOf(profile),
  });
  const { errors, isSubmitting } = form.formState;
  const [useAccountEmail, contactPerson, businessName] = useWatch({
    control: form.control,
    name: ['useAccountEmail', 'contactPerson', 'businessName'],
  });

  // Settings save the avatar on its own, at once; registration sends it with the form.
  const saveAvatar = async (avatarUrl: string | null) => {
    const saved = await saveBusinessAvatar(avatarUrl);
    queryClient.setQueryData<BusinessProfile>(queryKeys.businessProfile, (current) =>
      current ? { ...current, avatarUrl: saved.avatarUrl } : current,
    );
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };

  const submit = useSingleFlight(async (values: BusinessProfileInput) => {
    if (isUploading) {
      toast.info('Avatar still uploading', { description: 'Wait for the upload to finish, then save.' });
      return;
    }
    try {
      const saved = isRegistration ? await registerBusiness(values) : await updateBusinessProfile(values);
      queryClient.setQueryData(queryKeys.businessProfile, saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
      if (isRegistration) {
        toast.success(BUSINESS_PROFILE_MESSAGES.registrationSuccessTitle, {
          description: 'Your business is ready to receive requests.',
        });
        await navigate('/business-dashboard');
      } else {
        toast.success(BUSINESS_PROFILE_MESSAGES.settingsSuccessTitle, {
          description: 'Your business profile has been saved.',
        });
      }
    } catch (error) {
      if (isApiError(error) && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (FIELDS.has(field)) form.setError(field as keyof BusinessProfileFormValues, { message });
        }
      }
      const reason = isApiError(error) && error.status > 0 && error.status < 500 ? error.message : null;
      if (isRegistration) {
        toast.error(BUSINESS_PROFILE_MESSAGES.registrationFailedTitle, {
          description: reason ?? BUSINESS_PROFILE_MESSAGES.registrationFailed,
        });
      } else {
        toast.error(BUSINESS_PROFILE_MESSAGES.updateFailed, { description: reason ?? undefined });
      }
    }
  });

  // The spec's two named checks also come as toasts, so they are noticed on a long form.
  const onInvalid = (invalid: FieldErrors<BusinessProfileFormValues>) => {
    if (invalid.serviceCategories) {
      toast.error(BUSINESS_PROFILE_MESSAGES.serviceCategoriesRequiredTitle, {
        description: BUSINESS_PROFILE_MESSAGES.serviceCategoriesRequired,
      });
    }
    if (invalid.notificationEmail?.message === BUSINESS_PROFILE_MESSAGES.notificationEmailRequired) {
      toast.error(BUSINESS_PROFILE_MESSAGES.notificationEmailRequiredTitle, {
        description: BUSINESS_PROFILE_MESSAGES.notificationEmailRequired,
      });
    }
  };

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => void form.handleSubmit((values) => submit(values), onInvalid)(event)}
    >
      {isRegistration ? null : <BusinessRatingBox rating={profile.rating} />}

      {/* From 1024 px two columns (issue 33): who you are | what you do and how you hear of it. On
          phones the columns stack, so the order and spacing are as before. */}
      <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
        <div className="grid gap-5" data-testid="profile-column">
          <Section title="Avatar">
            <Controller
              control={form.control}
              name="avatarUrl"
              render={({ field }) => (
                <AvatarUpload
                  value={field.value ?? null}
                  onChange={field.onChange}
                  name={businessName || contactPerson || ''}
                  onUploadingChange={setIsUploading}
                  save={isRegistration ? undefined : saveAvatar}
                />
              )}
            />
            {errors.avatarUrl?.message ? (
              <p className="text-sm font-medium text-destructive">{errors.avatarUrl.message}</p>
            ) : null}
          </Section>

          <Section title="Business profile">
            <Field label="Business name" error={errors.businessName?.message}>
              <Input autoComplete="organization" {...form.register('businessName')} />
            </Field>
            <Field label="Contact person" error={errors.contactPerson?.message}>
              <Input autoComplete="name" {...form.register('contactPerson')} />
            </Field>
            <LocationField
              label="Address"
              value={location}
              error={errors.address?.message}
              hint="Customers see only your suburb; matching measures your service area from here."
              onChange={(next) => {
                setLocation(next);
                form.setValue('address', next.address, { shouldDirty: true });
                if (errors.address) form.clearErrors('address');
              }}
            />
            <div className="grid gap-2">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  {...form.register('useAccountEmail')}
                />
                Use my account email ({profile.accountEmail})
              </label>
              {useAccountEmail ? null : (
                <Field
                  label="Notification email"
                  hint="New requests and updates are sent here."
                  error={errors.notificationEmail?.message}
                >
                  <Input type="email" autoComplete="email" {...form.register('notificationEmail')} />
                </Field>
              )}
            </div>
            <Field label="Phone" error={errors.phone?.message}>
              <Input type="tel" autoComplete="tel" {...form.register('phone')} />
            </Field>
            <Field label="Website (optional)" error={errors.website?.message}>
              <Input type="url" placeholder="https://" autoComplete="url" {...form.register('website')} />
            </Field>
            <Field label="Description (optional)" error={errors.description?.message}>
              <Textarea rows={4} {...form.register('description')} />
            </Field>
            <Field
              label="Google Reviews link (optional)"
              hint="Where customers can read your Google reviews."
              error={errors.googleReviewsUrl?.message}
            >
              <Input type="url" placeholder="https://" {...form.register('googleReviewsUrl')} />
            </Field>
          </Section>
        </div>

        <div className="grid gap-5" data-testid="services-column">
          <Section title="Service categories">
            <Controller
              control={form.control}
              name="serviceCategories"
              render={({ field }) => (
                <ServiceCategoryPicker
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.serviceCategories?.message}
                />
              )}
            />
          </Section>

          <Section title="Service area">
            <Field label="Service radius" error={errors.serviceAreaKm?.message}>
              <NativeSelect {...form.register('serviceAreaKm', { valueAsNumber: true })}>
                {BUSINESS_SERVICE_AREA_KM.map((km) => (
                  <option key={km} value={km}>
                    {km} km
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </Section>

          <Section title="Notification preferences">
            <fieldset className="grid gap-1">
              <legend className="sr-only">Notification channels</legend>
              {BUSINESS_NOTIFICATION_CHANNELS.map((channel) => (
                <label key={channel} className="flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    value={channel}
                    className="size-4 accent-primary"
                    {...form.register('notificationPreferences')}
                  />
                  {BUSINESS_NOTIFICATION_CHANNEL_LABELS[channel]}
                </label>
              ))}
              {/* In-app notices are not a choice (decision 029): shown as always on. */}
              <label className="flex min-h-9 items-center gap-2 text-sm">
                <input type="checkbox" checked disabled readOnly className="size-4 accent-primary" />
                {IN_APP_NOTIFICATIONS.label} ({IN_APP_NOTIFICATIONS.status})
              </label>
              <p className="text-xs text-muted-foreground">{IN_APP_NOTIFICATIONS.hint}</p>
            </fieldset>
          </Section>

          <Section title="App preferences">
            <Field label="Default start screen" hint="Where Grip opens when you sign in.">
              <NativeSelect {...form.register('defaultStartScreen')}>
                {START_SCREENS.map((screen) => (
                  <option key={screen} value={screen}>
                    {START_SCREEN_LABELS[screen]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </Section>

          <Section title="Banking information">
            <p className="flex gap-2 text-sm text-muted-foreground">
              <Landmark aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Grip takes no payment, so it does not ask for or store bank details (account name, BSB, account
              number or ABN). Agree payment with your customer directly.
            </p>
          </Section>
        </div>
      </div>

      <Button type="submit" size="lg" disabled={isSubmitting || isUploading} isLoading={isSubmitting}>
        {isRegistration ? 'Register Business' : 'Save Changes'}
      </Button>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4 rounded-lg border border-border p-4" aria-label={title}>
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}
