import {
  ADMIN_OVERVIEW_MESSAGES,
  GRANT_SELF_ADMIN_MESSAGES,
  SYSTEM_SETTING_DESCRIPTIONS,
  SYSTEM_SETTING_FIELDS,
  SYSTEM_SETTING_KEYS,
  SYSTEM_SETTING_LABELS,
  SYSTEM_SETTING_UPDATE_FAILED,
  type SystemSettingKey,
} from '@grip/domain';
import { useEffect, useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { isApiError } from '@/lib/api-client';
import { useSelfGrantAvailability } from '../api/grant-self-admin';
import { useSystemSettings, useUpdateSystemSetting } from '../api/overview';
import { GrantSelfAdminButton } from './grant-self-admin';

/** System Settings (spec 3 Admin dashboard): the platform-wide Email and SMS switches. */
export function SystemSettingsCard() {
  const settings = useSystemSettings();
  // Spec 3 §6: a save refused for permission offers 'Grant myself admin' (when the platform has none).
  const [isRefused, setIsRefused] = useState(false);
  const selfGrant = useSelfGrantAvailability(isRefused);
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
                <SettingSwitch
                  settingKey={key}
                  isOn={settings.data[SYSTEM_SETTING_FIELDS[key]]}
                  onRefused={() => setIsRefused(true)}
                />
              </li>
            ))}
          </ul>
        )}
        {isRefused ? (
          <Alert tone="warning" role="alert" className="mt-4 flex-col items-start">
            <p>{GRANT_SELF_ADMIN_MESSAGES.settingsRefused}</p>
            {selfGrant.data?.available ? <GrantSelfAdminButton size="sm" /> : null}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SettingSwitch({
  settingKey,
  isOn,
  onRefused,
}: {
  settingKey: SystemSettingKey;
  isOn: boolean;
  onRefused: () => void;
}) {
  // One mutation per switch: each switch waits for its own save, the other stays usable.
  const update = useUpdateSystemSetting();
  const labelId = useId();
  const hintId = useId();

  const toggle = () => {
    update.mutate(
      { key: settingKey, isEnabled: !isOn },
      {
        onError: (error) => {
          const isRefused = isApiError(error) && error.status === 403;
          toast.error(SYSTEM_SETTING_UPDATE_FAILED[settingKey], {
            description: isRefused ? GRANT_SELF_ADMIN_MESSAGES.settingsRefused : undefined,
          });
          if (isRefused) onRefused();
        },
      },
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
      <Switch
        isOn={isOn}
        onToggle={toggle}
        isBusy={update.isPending}
        disabled={update.isPending}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      />
    </div>
  );
}
