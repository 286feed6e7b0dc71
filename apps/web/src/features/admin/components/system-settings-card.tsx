import {
  ADMIN_OVERVIEW_MESSAGES,
  SYSTEM_SETTING_DESCRIPTIONS,
  SYSTEM_SETTING_FIELDS,
  SYSTEM_SETTING_KEYS,
  SYSTEM_SETTING_LABELS,
  SYSTEM_SETTING_UPDATE_FAILED,
  type SystemSettingKey,
} from '@grip/domain';
import { useEffect, useId } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useSystemSettings, useUpdateSystemSetting } from '../api/overview';

/** System Settings (spec 3 Admin dashboard): the platform-wide Email and SMS switches. */
export function SystemSettingsCard() {
  const settings = useSystemSettings();
  const { isError, errorUpdatedAt } = settings;

  useEffect(() => {
    if (isError) toast.error(ADMIN_OVERVIEW_MESSAGES.settingsLoadFailed, { id: 'system-settings-load' });
  }, [isError, errorUpdatedAt]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>System Settings</CardTitle>
        <CardDescription>Switch notification channels on or off for the whole platform.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div role="status" className="grid gap-4">
            <span className="sr-only">Loading system settings</span>
            {SYSTEM_SETTING_KEYS.map((key) => (
              <div key={key} className="flex items-center justify-between gap-4">
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-4 w-2/5" />
                  <Skeleton className="h-3 w-4/5" />
                </div>
                <Skeleton className="h-6 w-11 rounded-full" />
              </div>
            ))}
          </div>
        ) : settings.isError ? (
          <Alert tone="danger" role="alert" className="flex-col items-start">
            <p>{ADMIN_OVERVIEW_MESSAGES.settingsLoadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <ul className="grid gap-4">
            {SYSTEM_SETTING_KEYS.map((key) => (
              <li key={key}>
                <SettingSwitch settingKey={key} isOn={settings.data[SYSTEM_SETTING_FIELDS[key]]} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SettingSwitch({ settingKey, isOn }: { settingKey: SystemSettingKey; isOn: boolean }) {
  // One mutation per switch: each switch waits for its own save, the other stays usable.
  const update = useUpdateSystemSetting();
  const labelId = useId();
  const hintId = useId();

  const toggle = () => {
    update.mutate(
      { key: settingKey, isEnabled: !isOn },
      { onError: () => toast.error(SYSTEM_SETTING_UPDATE_FAILED[settingKey]) },
    );
  };

  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-0.5">
        <span id={labelId} className="text-sm font-medium">
          {SYSTEM_SETTING_LABELS[settingKey]}
        </span>
        <span id={hintId} className="text-xs text-muted-foreground">
          {SYSTEM_SETTING_DESCRIPTIONS[settingKey]}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        aria-busy={update.isPending || undefined}
        disabled={update.isPending}
        onClick={toggle}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          'disabled:cursor-wait disabled:opacity-70',
          isOn ? 'bg-primary' : 'bg-border',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-background shadow-sm transition-transform',
            isOn ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}
