import { describe, it, expect } from 'vitest';
import {
  ROUTE_ACCESS,
  guardRoute,
  roleRedirect,
  routeRedirect,
  type GuardDecision,
  type RouteAccess,
} from './routes';

const ALLOW: GuardDecision = { allow: true };
const to = (redirectTo: string): GuardDecision => ({ allow: false, redirectTo });

describe('ROUTE_ACCESS (spec 1 §2 route table)', () => {
  const expected: Record<string, RouteAccess> = {
    '/auth': 'public',
    '/': 'public',
    '/home': 'signed-in',
    '/requests': 'signed-in',
    '/responses': 'signed-in',
    '/messages': 'signed-in',
    '/confirmed': 'signed-in',
    '/history': 'signed-in',
    '/settings': 'signed-in',
    '/notifications': 'signed-in',
    '/conversation/:responseId': 'signed-in',
    '/business-requests': 'business_owner',
    '/business-active': 'business_owner',
    '/business-confirmed': 'business_owner',
    '/business-settings': 'business_owner',
    '/business-registration': 'business_owner',
    '/business-dashboard': 'business_owner',
    '/respond/:requestId': 'business_owner',
    '/admin': 'administrator',
    '/admin-test-request': 'administrator',
  };

  it('lists exactly the routes of the spec with their access', () => {
    expect(Object.fromEntries(ROUTE_ACCESS.map((r) => [r.path, r.access]))).toEqual(expected);
  });

  it('has no duplicate paths', () => {
    expect(new Set(ROUTE_ACCESS.map((r) => r.path)).size).toBe(ROUTE_ACCESS.length);
  });
});

describe('guardRoute', () => {
  const ROLES_UNDER_TEST = [null, 'user', 'customer', 'business_owner', 'administrator'] as const;

  describe('public routes', () => {
    it.each(ROLES_UNDER_TEST)('let role %s through', (role) => {
      expect(guardRoute('/', 'public', role)).toEqual(ALLOW);
      expect(guardRoute('/auth', 'public', role)).toEqual(ALLOW);
      expect(guardRoute('/some/unknown/path', 'public', role)).toEqual(ALLOW);
    });
  });

  describe('signed-in routes', () => {
    it('send a signed-out visitor to /auth', () => {
      expect(guardRoute('/home', 'signed-in', null)).toEqual(to('/auth'));
      expect(guardRoute('/settings', 'signed-in', null)).toEqual(to('/auth'));
      expect(guardRoute('/conversation/:responseId', 'signed-in', null)).toEqual(to('/auth'));
    });

    it.each(['user', 'customer', 'business_owner', 'administrator'])('let %s through', (role) => {
      for (const path of [
        '/home',
        '/requests',
        '/messages',
        '/confirmed',
        '/history',
        '/settings',
        '/notifications',
      ]) {
        expect(guardRoute(path, 'signed-in', role)).toEqual(ALLOW);
      }
    });
  });

  describe('business_owner routes', () => {
    const table: [string | null, GuardDecision][] = [
      [null, to('/auth')],
      ['user', to('/')],
      ['customer', to('/')],
      ['business_owner', ALLOW],
      ['administrator', to('/')],
    ];
    it.each(table)('for role %s decide %j', (role, decision) => {
      for (const path of [
        '/business-requests',
        '/business-active',
        '/business-confirmed',
        '/business-settings',
        '/business-dashboard',
        '/respond/:requestId',
      ]) {
        expect(guardRoute(path, 'business_owner', role)).toEqual(decision);
      }
    });
  });

  describe('/business-registration (any signed-in user may register)', () => {
    it('sends a signed-out visitor to /auth', () => {
      expect(guardRoute('/business-registration', 'business_owner', null)).toEqual(to('/auth'));
    });

    it.each(['user', 'customer', 'business_owner', 'administrator'])('lets %s through', (role) => {
      expect(guardRoute('/business-registration', 'business_owner', role)).toEqual(ALLOW);
    });
  });

  describe('/admin', () => {
    it('sends a signed-out visitor to /auth', () => {
      expect(guardRoute('/admin', 'administrator', null)).toEqual(to('/auth'));
    });

    it.each(['user', 'customer', 'business_owner'])('sends %s to /home', (role) => {
      expect(guardRoute('/admin', 'administrator', role)).toEqual(to('/home'));
    });

    it('lets an administrator through', () => {
      expect(guardRoute('/admin', 'administrator', 'administrator')).toEqual(ALLOW);
    });
  });

  describe('/admin-test-request', () => {
    const table: [string | null, GuardDecision][] = [
      [null, to('/auth')],
      ['user', to('/home')],
      ['customer', to('/home')],
      ['business_owner', to('/home')],
      ['administrator', ALLOW],
    ];
    it.each(table)('for role %s decide %j', (role, decision) => {
      expect(guardRoute('/admin-test-request', 'administrator', role)).toEqual(decision);
    });
  });

  it('treats an unknown role string as a customer', () => {
    expect(guardRoute('/home', 'signed-in', 'superuser')).toEqual(ALLOW);
    expect(guardRoute('/business-requests', 'business_owner', 'superuser')).toEqual(to('/'));
    expect(guardRoute('/admin', 'administrator', 'superuser')).toEqual(to('/home'));
    expect(guardRoute('/admin-test-request', 'administrator', 'Administrator')).toEqual(to('/home'));
  });

  it('agrees with ROUTE_ACCESS for every route and role', () => {
    for (const { path, access } of ROUTE_ACCESS) {
      expect(guardRoute(path, access, 'administrator').allow).toBe(
        access !== 'business_owner' || path === '/business-registration',
      );
      expect(guardRoute(path, access, 'business_owner').allow).toBe(access !== 'administrator');
      expect(guardRoute(path, access, 'user').allow).toBe(
        access === 'public' || access === 'signed-in' || path === '/business-registration',
      );
      expect(guardRoute(path, access, null).allow).toBe(access === 'public');
    }
  });
});

describe('roleRedirect', () => {
  const landing = '/business-requests';

  describe('for a business owner', () => {
    it('sends /settings to /business-settings', () => {
      expect(roleRedirect('/settings', 'business_owner', landing)).toBe('/business-settings');
    });

    it('sends / and /home to the landing page', () => {
      expect(roleRedirect('/', 'business_owner', landing)).toBe(landing);
      expect(roleRedirect('/home', 'business_owner', landing)).toBe(landing);
      expect(roleRedirect('/home', 'business_owner', '/business-dashboard')).toBe('/business-dashboard');
    });

    it('leaves every other route alone', () => {
      for (const path of [
        '/requests',
        '/messages',
        '/confirmed',
        '/history',
        '/notifications',
        '/business-settings',
        '/business-dashboard',
        '/business-requests',
        '/auth',
        '/settings/extra',
      ]) {
        expect(roleRedirect(path, 'business_owner', landing)).toBeNull();
      }
    });
  });

  it.each([null, 'user', 'customer', 'administrator', 'superuser'])('never redirects role %s', (role) => {
    for (const path of ['/', '/home', '/settings', '/requests', '/business-settings']) {
      expect(roleRedirect(path, role, landing)).toBeNull();
    }
  });
});

describe('routeRedirect (the browser guard and the server first screen)', () => {
  const route = (path: string) => ROUTE_ACCESS.find((r) => r.path === path)!;

  it('draws a page its visitor may see', () => {
    expect(routeRedirect(route('/requests'), '/requests', 'customer', '/business-dashboard')).toBeNull();
    expect(routeRedirect(route('/'), '/', null, '/')).toBeNull();
    expect(routeRedirect(route('/auth'), '/auth', null, '/')).toBeNull();
  });

  it('sends a visitor to /auth and a wrong role where the guard says', () => {
    expect(routeRedirect(route('/requests'), '/requests', null, '/')).toBe('/auth');
    expect(routeRedirect(route('/business-requests'), '/business-requests', 'customer', '/')).toBe('/');
    expect(routeRedirect(route('/admin'), '/admin', 'business_owner', '/business-requests')).toBe('/home');
  });

  it("sends a business owner from the customer's home and settings to their own pages", () => {
    expect(routeRedirect(route('/'), '/', 'business_owner', '/business-requests')).toBe('/business-requests');
    expect(routeRedirect(route('/home'), '/home', 'business_owner', '/business-dashboard')).toBe(
      '/business-dashboard',
    );
    expect(routeRedirect(route('/settings'), '/settings', 'business_owner', '/x')).toBe('/business-settings');
  });

  it('never redirects a page to itself', () => {
    expect(
      routeRedirect(
        route('/business-dashboard'),
        '/business-dashboard',
        'business_owner',
        '/business-dashboard',
      ),
    ).toBeNull();
  });
});
