import {
  PROFILE_SETTINGS_MESSAGES,
  ProfileSettingsInputSchema,
  ROLE_LABELS,
  type Me,
  type ProfileSettings,
} from '@grip/domain';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { useProfileSettings, useSaveProfileSettings } from '../api/profile-settings';
import { SettingsSectionError, SettingsSectionLoading } from './settings-section-states';

type FieldErrors = Partial<Record<keyof ProfileSettings, string>>;

/**
 * Customer Settings, Profile Information (spec 2 §7): display name and phone with Edit, Save and
 * Cancel; the email is shown read-only ('Email cannot be changed here') from the session, so it is
 * there even while the rest loads.
 */
export function ProfileInformationCard({ me }: { me: Me }) {
  const titleId = useId();
  const profile = useProfileSettings();
  const [draft, setDraft] = useState<ProfileSettings | null>(null);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle id={titleId}>Profile Information</CardTitle>
          <CardDescription>Your name on Grip and the number texts go to.</CardDescription>
        </div>
        {profile.data && !draft ? (
          <Button
            variant="outline"
            size="sm"
            aria-describedby={titleId}
            onClick={() => setDraft(profile.data)}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <Field label="Email" hint={PROFILE_SETTINGS_MESSAGES.emailReadOnly}>
          <Input type="email" value={me.user.email} readOnly />
        </Field>
        {profile.isPending ? (
          <SettingsSectionLoading label="Loading your profile" />
        ) : profile.isError ? (
          <SettingsSectionError
            message={PROFILE_SETTINGS_MESSAGES.loadFailed}
            onRetry={() => void profile.refetch()}
          />
        ) : draft ? (
          <ProfileForm initial={draft} onDone={() => setDraft(null)} />
        ) : (
          <dl className="grid gap-4 sm:grid-cols-3">
            <div className="grid gap-1">
              <dt className="text-sm font-medium">Display name</dt>
              <dd className="text-sm break-words text-muted-foreground">{profile.data.displayName}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-sm font-medium">Phone</dt>
              <dd className="text-sm text-muted-foreground">{profile.data.phone || 'Not set'}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-sm font-medium">Role</dt>
              <dd className="text-sm text-muted-foreground">{ROLE_LABELS[me.profile.role]}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function ProfileForm({ initial, onDone }: { initial: ProfileSettings; onDone: () => void }) {
  const save = useSaveProfileSettings();
  const [displayName, setDisplayName] = useState(initial.displayName);
  const [phone, setPhone] = useState(initial.phone ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { displayName, phone: phone.trim() || null };
    const checked = ProfileSettingsInputSchema.safeParse(input);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0];
        if ((key === 'displayName' || key === 'phone') && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => {
        toast.success(PROFILE_SETTINGS_MESSAGES.updatedTitle, {
          description: PROFILE_SETTINGS_MESSAGES.updated,
        });
        onDone();
      },
      onError: (error) => {
        const fields = isApiError(error) ? error.fields : undefined;
        if (fields) setErrors({ displayName: fields.displayName, phone: fields.phone });
        toast.error(PROFILE_SETTINGS_MESSAGES.updateFailed);
      },
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Edit profile information">
      <Field label="Display name" error={errors.displayName}>
        <Input
          autoComplete="name"
          required
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
      </Field>
      <Field
        label="Phone (optional)"
        hint="With its country code, e.g. +61 400 000 000. Texts go to this number when SMS is on."
        error={errors.phone}
      >
        <Input type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
      </Field>
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
