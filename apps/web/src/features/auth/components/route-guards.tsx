import { businessLandingPath, routeRedirect, type RouteAccess } from '@grip/domain';
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '../api/get-me';
import { SessionError } from './session-error';

interface RouteGuardProps {
  /** The route pattern as listed in ROUTE_ACCESS, e.g. '/respond/:requestId'. */
  path: string;
  access: RouteAccess;
  children: ReactNode;
}

/**
 * Applies the route table's guard (spec 1 §2) through the domain rules: spinner while the session loads,
 * no user -> /auth, wrong role -> / (or /home for /admin), then the business-owner redirects.
 */
export function RouteGuard({ path, access, children }: RouteGuardProps) {
  const { me, isPending, refetch } = useSession();
  const { pathname } = useLocation();

  if (isPending) return <FullPageSpinner />;
  if (me === undefined && access !== 'public') return <SessionError onRetry={() => void refetch()} />;

  const redirect = me
    ? routeRedirect({ path, access }, pathname, me.profile.role, businessLandingPath(me.profile))
    : routeRedirect({ path, access }, pathname, null, '/');
  if (redirect) return <Navigate to={redirect} replace />;

  return children;
}

/**
 * /auth is for signed-out visitors; a user who arrives signed in is sent to / (spec 1 §2 route table).
 * Once the page has been shown signed out, signing in or up here navigates by itself (sign-up picks
 * the destination by role), so this guard steps aside rather than racing it to /.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { me, isPending } = useSession();
  const [hasShownForm, setHasShownForm] = useState(false);
  if (me === null && !hasShownForm) setHasShownForm(true);

  if (isPending) return <FullPageSpinner />;
  if (me && !hasShownForm) return <Navigate to="/" replace />;
  return children;
}
