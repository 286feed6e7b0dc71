import {
  CUSTOMER_NOTIFICATION_CHANNELS,
  CUSTOMER_NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationSettings,
} from '@grip/domain';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useNotificationSettings } from '../api/notification-settings';
import { SettingsSectionError, SettingsSectionLoading } from './settings-section-states';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads after the page has drawn. */
const NotificationsForm = preloadable('notifications-form', () =>
  import('./notifications-form').then((m) => ({ default: m.NotificationsForm })),
);

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
