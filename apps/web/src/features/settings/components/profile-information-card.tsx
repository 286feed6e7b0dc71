import { PROFILE_SETTINGS_MESSAGES, ROLE_LABELS, type Me, type ProfileSettings } from '@grip/domain';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useProfileSettings } from '../api/profile-settings';
import { SettingsSectionError, SettingsSectionLoading } from './settings-section-states';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads after the page has drawn. */
const ProfileForm = preloadable('profile-form', () =>
  import('./profile-form').then((m) => ({ default: m.ProfileForm })),
);

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
