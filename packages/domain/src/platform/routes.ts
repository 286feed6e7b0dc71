import { normalizeRole, type Role } from '../accounts/roles';

/** Who may open a route (spec 1 §2 route table). */
export type RouteAccess = 'public' | 'signed-in' | 'business_owner' | 'administrator';

export const ROUTE_ACCESS: readonly { path: string; access: RouteAccess }[] = [
  { path: '/auth', access: 'public' },
  { path: '/', access: 'public' },
  { path: '/home', access: 'signed-in' },
  { path: '/requests', access: 'signed-in' },
  { path: '/responses', access: 'signed-in' },
  { path: '/messages', access: 'signed-in' },
  { path: '/confirmed', access: 'signed-in' },
  { path: '/history', access: 'signed-in' },
  { path: '/settings', access: 'signed-in' },
  { path: '/notifications', access: 'signed-in' },
  { path: '/conversation/:responseId', access: 'signed-in' },
  { path: '/business-requests', access: 'business_owner' },
  { path: '/business-active', access: 'business_owner' },
  { path: '/business-confirmed', access: 'business_owner' },
  { path: '/business-settings', access: 'business_owner' },
  { path: '/business-registration', access: 'business_owner' },
  { path: '/business-dashboard', access: 'business_owner' },
  { path: '/respond/:requestId', access: 'business_owner' },
  { path: '/admin', access: 'administrator' },
  { path: '/admin-test-request', access: 'administrator' },
];

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

/**
 * The guard rules: no user -> /auth; a role other than the required one -> /; the administrator
 * pages send non-administrators to /home instead.
 *
 * /business-registration is listed as business-owner only, yet registration "converts any logged-in
 * user to business_owner"; we let any signed-in user open it (see docs/decisions/002).
 */
export function guardRoute(path: string, access: RouteAccess, role: Role | string | null): GuardDecision {
  if (access === 'public') return { allow: true };
  if (role === null) return { allow: false, redirectTo: '/auth' };
  const actual = normalizeRole(role);
  if (access === 'signed-in') return { allow: true };
  if (path === '/business-registration') return { allow: true };
  if (actual === access) return { allow: true };
  // Spec 3 §6: non-administrators opening /admin or /admin-test-request go to /home (docs/decisions/004).
  if (access === 'administrator') return { allow: false, redirectTo: '/home' };
  return { allow: false, redirectTo: '/' };
}

/** Routes that send a business owner elsewhere even though any signed-in user may open them. */
export function roleRedirect(
  path: string,
  role: Role | string | null,
  businessLanding: string,
): string | null {
  if (normalizeRole(role) !== 'business_owner') return null;
  if (path === '/settings') return '/business-settings';
  if (path === '/' || path === '/home') return businessLanding;
  return null;
}

/**
 * Where a route sends someone instead of drawing its page, or null to draw it: the guard first, then
 * a business owner's own landing pages. The browser's route guard and the server's first screen both
 * ask this, so a page the server refuses is refused the same way in the browser.
 */
export function routeRedirect(
  route: { path: string; access: RouteAccess },
  pathname: string,
  role: Role | string | null,
  businessLanding: string,
): string | null {
  const decision = guardRoute(route.path, route.access, role);
  if (!decision.allow) return decision.redirectTo;
  const redirect = role === null ? null : roleRedirect(pathname, role, businessLanding);
  return redirect && redirect !== pathname ? redirect : null;
}
