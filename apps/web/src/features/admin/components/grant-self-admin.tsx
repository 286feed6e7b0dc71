import { GRANT_SELF_ADMIN_MESSAGES } from '@grip/domain';
import { ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useGrantSelfAdmin, useSelfGrantAvailability } from '../api/grant-self-admin';

/**
 * 'Grant myself admin' (spec 3 §6): makes the caller the platform's administrator, which the server
 * allows only while there is none. On success the role is re-read everywhere and the admin dashboard
 * opens; a refusal shows the server's 'Grant failed…' reason.
 */
export function GrantSelfAdminButton({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const grant = useGrantSelfAdmin();
  const navigate = useNavigate();
  return (
    <Button
      size={size}
      variant="outline"
      disabled={grant.isPending}
      onClick={() =>
        grant.mutate(undefined, {
          onSuccess: (result) => {
            toast.success(result.message);
            void navigate('/admin');
          },
          onError: (error) =>
            toast.error(
              isApiError(error) && error.status === 403
                ? GRANT_SELF_ADMIN_MESSAGES.refused
                : GRANT_SELF_ADMIN_MESSAGES.failed,
            ),
        })
      }
    >
      {grant.isPending ? <Spinner /> : <ShieldCheck aria-hidden="true" className="size-4" />}
      {GRANT_SELF_ADMIN_MESSAGES.action}
    </Button>
  );
}

/**
 * In Settings, only while the platform has no administrator: the way a self-hosted platform's owner
 * takes the role with an account they already have. Renders nothing otherwise.
 */
export function GrantSelfAdminCard() {
  const availability = useSelfGrantAvailability();
  if (!availability.data?.available) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Administration</CardTitle>
        <CardDescription>{GRANT_SELF_ADMIN_MESSAGES.explainer}</CardDescription>
      </CardHeader>
      <CardContent>
        <GrantSelfAdminButton />
      </CardContent>
    </Card>
  );
}
