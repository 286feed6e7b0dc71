/** Roles of spec 1 §6. `customer` is stored as `user` and accepted when read. */
export const ROLES = ['user', 'business_owner', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

export function normalizeRole(value: string | null | undefined): Role {
  if (value === 'business_owner' || value === 'administrator') return value;
  return 'user';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The account types offered at sign-up, with the spec's descriptions. */
export const ACCOUNT_TYPES: readonly { role: Role; label: string; description: string }[] = [
  { role: 'user', label: 'User', description: 'Request services from businesses' },
  { role: 'business_owner', label: 'Business Owner', description: 'Provide services to users' },
  { role: 'administrator', label: 'Administrator', description: 'Manage the platform' },
];

export const ROLE_LABELS: Record<Role, string> = {
  user: 'Customer',
  business_owner: 'Business Owner',
  administrator: 'Administrator',
};

/** Business landing pages (profile.default_start_screen) and where they lead. */
export const START_SCREENS = ['dashboard', 'requests', 'active', 'confirmed'] as const;
export type StartScreen = (typeof START_SCREENS)[number];

const START_SCREEN_PATHS: Record<StartScreen, string> = {
  dashboard: '/business-dashboard',
  requests: '/business-requests',
  active: '/business-active',
  confirmed: '/business-confirmed',
};

/**
 * Where a business owner lands on `/` and on the customer home. The spec names both
 * default_landing_page (default business-dashboard) and default_start_screen; either may carry it.
 */
export function businessLandingPath(profile: {
  defaultStartScreen?: string | null;
  defaultLandingPage?: string | null;
}): string {
  const screen = profile.defaultStartScreen;
  if (screen && (START_SCREENS as readonly string[]).includes(screen)) {
    return START_SCREEN_PATHS[screen as StartScreen];
  }
  const page = profile.defaultLandingPage?.replace(/^\//, '');
  if (page && Object.values(START_SCREEN_PATHS).includes(`/${page}`)) return `/${page}`;
  return '/business-dashboard';
}
