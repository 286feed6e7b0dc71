import {
  CUSTOMER_NOTIFICATION_CHANNELS,
  CUSTOMER_NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_SETTINGS_MESSAGES,
  NotificationSettingsInputSchema,
  type CustomerNotificationChannel,
  type NotificationSettings,
} from '@grip/domain';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import { SettingsSectionError, SettingsSectionLoading } from './settings-section-states';

/** Customer Settings, Notifications (spec 2 §7): channels with Edit, Save and Cancel. */
export function NotificationsCard() {
  const settings = useNotificationSettings();
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>Notifications</CardTitle>
          <CardDescription>How Grip tells you about offers, bookings and messages.</CardDescription>
        </div>
        {settings.data && !draft ? (
          <Button variant="outline" size="sm" onClick={() => setDraft(settings.data)}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <SettingsSectionLoading label="Loading notification settings" />
        ) : settings.isError ? (
          <SettingsSectionError
            message={NOTIFICATION_SETTINGS_MESSAGES.loadFailed}
            onRetry={() => void settings.refetch()}
          />
        ) : draft ? (
          <NotificationsForm initial={draft} onDone={() => setDraft(null)} />
        ) : (
          <ul className="grid gap-1 text-sm">
            {CUSTOMER_NOTIFICATION_CHANNELS.map((channel) => (
              <li key={channel} className="flex justify-between gap-4">
                <span>{CUSTOMER_NOTIFICATION_CHANNEL_LABELS[channel]}</span>
                <span className="text-muted-foreground">
                  {settings.data.channels.includes(channel) ? 'On' : 'Off'}
                  {channel === 'sms' && settings.data.channels.includes('sms') && settings.data.phone
                    ? ` · ${settings.data.phone}`
                    : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function NotificationsForm({ initial, onDone }: { initial: NotificationSettings; onDone: () => void }) {
  const save = useSaveNotificationSettings();
  const [channels, setChannels] = useState<CustomerNotificationChannel[]>(initial.channels);
  const [phone, setPhone] = useState(initial.phone ?? '');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  // Once shown, the number field stays while the form is open: clearing it must not unmount it.
  const [showPhone, setShowPhone] = useState(Boolean(initial.phone) || initial.channels.includes('sms'));

  const toggle = (channel: CustomerNotificationChannel, on: boolean) => {
    setChannels((current) => (on ? [...current, channel] : current.filter((c) => c !== channel)));
    if (channel === 'sms' && on) setShowPhone(true);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { channels, phone: phone.trim() || null };
    const checked = NotificationSettingsInputSchema.safeParse(input);
    if (!checked.success) {
      setPhoneError(checked.error.issues.find((i) => i.path[0] === 'phone')?.message);
      return;
    }
    setPhoneError(undefined);
    save.mutate(input, {
      onSuccess: () => {
        toast.success(NOTIFICATION_SETTINGS_MESSAGES.updatedTitle, {
          description: NOTIFICATION_SETTINGS_MESSAGES.updated,
        });
        onDone();
      },
      onError: (error) => {
        const fieldError = isApiError(error) ? error.fields?.phone : undefined;
        if (fieldError) setPhoneError(fieldError);
        toast.error(NOTIFICATION_SETTINGS_MESSAGES.updateFailed);
      },
    });
  };

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
          error={phoneError}
        >
          <Input type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </Field>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" isLoading={save.isPending}>
          Save
        </Button>
        <Button type="button" variant="ghost" disabled={save.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
