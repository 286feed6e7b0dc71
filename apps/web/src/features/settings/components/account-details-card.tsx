import { ROLE_LABELS, type Me } from '@grip/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/**
 * Who is signed in, read-only: Business Settings shows it above the business form (which edits the
 * contact person and phone). Customers edit theirs in ProfileInformationCard.
 */
export function AccountDetailsCard({ me, showBusiness = false }: { me: Me; showBusiness?: boolean }) {
  const { profile, user } = me;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{showBusiness ? 'Business Profile' : 'Profile Information'}</CardTitle>
        <CardDescription>Your account details.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Field label="Email" hint="Email cannot be changed here">
          <Input type="email" value={user.email} readOnly />
        </Field>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1">
            <dt className="text-sm font-medium">Display name</dt>
            <dd className="text-sm text-muted-foreground">{profile.displayName || user.name || 'Not set'}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm font-medium">Role</dt>
            <dd className="text-sm text-muted-foreground">{ROLE_LABELS[profile.role]}</dd>
          </div>
          {showBusiness ? (
            <>
              <div className="grid gap-1">
                <dt className="text-sm font-medium">Business name</dt>
                <dd className="text-sm text-muted-foreground">{profile.businessName || 'Not set'}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-sm font-medium">Notification email</dt>
                <dd className="text-sm break-all text-muted-foreground">
                  {profile.notificationEmail || 'Not set'}
                </dd>
              </div>
            </>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
