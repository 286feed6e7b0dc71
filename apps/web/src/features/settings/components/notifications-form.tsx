import {
  CUSTOMER_NOTIFICATION_CHANNELS,
  CUSTOMER_NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_SETTINGS_MESSAGES,
  NotificationSettingsInputSchema,
  type CustomerNotificationChannel,
  type NotificationSettings,
} from '@grip/domain';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formSchema, useZodForm } from '@/lib/use-zod-form';
import { useSaveNotificationSettings } from '../api/notification-settings';

interface NotificationValues {
  channels: CustomerNotificationChannel[];
  phone: string;
}

export function NotificationsForm({
  initial,
  onDone,
}: {
  initial: NotificationSettings;
  onDone: () => void;
}) {
  const save = useSaveNotificationSettings();
  const schema = formSchema(
    (v: NotificationValues) => ({ channels: v.channels, phone: v.phone.trim() || null }),
    NotificationSettingsInputSchema,
  );
  const form = useZodForm(schema, {
    defaultValues: { channels: initial.channels, phone: initial.phone ?? '' },
    serverFields: ['phone'],
  });
  const { errors, isSubmitting } = form.formState;
  const isSaving = isSubmitting || save.isPending;
  // Once shown, the number field stays while the form is open: clearing it must not unmount it.
  const [showPhone, setShowPhone] = useState(Boolean(initial.phone) || initial.channels.includes('sms'));

  const channels = useWatch({ control: form.control, name: 'channels' });
  // The channels in the order chosen.
  const toggle = (channel: CustomerNotificationChannel, on: boolean) => {
    form.setValue('channels', on ? [...channels, channel] : channels.filter((c) => c !== channel));
    if (channel === 'sms' && on) setShowPhone(true);
  };

  const submit = form.submit(async (data) => {
    try {
      await save.mutateAsync(data);
    } catch (error) {
      toast.error(NOTIFICATION_SETTINGS_MESSAGES.updateFailed);
      throw error;
    }
    toast.success(NOTIFICATION_SETTINGS_MESSAGES.updatedTitle, {
      description: NOTIFICATION_SETTINGS_MESSAGES.updated,
    });
    onDone();
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <fieldset className="grid gap-1">
        <legend className="sr-only">Notification channels</legend>
        {CUSTOMER_NOTIFICATION_CHANNELS.map((channel) => (
          <label key={channel} className="flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={channels.includes(channel)}
              onChange={(e) => toggle(channel, e.target.checked)}
            />
            {CUSTOMER_NOTIFICATION_CHANNEL_LABELS[channel]}
          </label>
        ))}
      </fieldset>
      {showPhone ? (
        <Field
          label="Mobile number for texts"
          hint="With its country code, e.g. +61 400 000 000."
          error={errors.phone?.message}
        >
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </Field>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" isLoading={isSaving}>
          Save
        </Button>
        <Button type="button" variant="ghost" disabled={isSaving} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
