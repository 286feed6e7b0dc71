import { describe, it, expect } from 'vitest';
import { NAV_ITEMS, PAGE_TITLES } from './navigation';
import { ROLES } from '../accounts/roles';
import { ROUTE_ACCESS, guardRoute, roleRedirect } from './routes';

const labelsAndPaths = (role: keyof typeof NAV_ITEMS) =>
  NAV_ITEMS[role].map(({ label, path }) => [label, path]);

describe('NAV_ITEMS (spec 1 §2 bottom navigation)', () => {
  it('has an entry for every role and no other', () => {
    expect(Object.keys(NAV_ITEMS).sort()).toEqual([...ROLES].sort());
  });

  it('gives a customer Home, Requests, Messages, Confirmed, Settings', () => {
    expect(labelsAndPaths('user')).toEqual([
      ['Home', '/home'],
      ['Requests', '/requests'],
      ['Messages', '/messages'],
      ['Confirmed', '/confirmed'],
      ['Settings', '/settings'],
    ]);
  });

  it('gives a business owner Home, New Requests, In Progress, Confirmed, Settings', () => {
    expect(labelsAndPaths('business_owner')).toEqual([
      ['Home', '/business-dashboard'],
      ['New Requests', '/business-requests'],
      ['In Progress', '/business-active'],
      ['Confirmed', '/business-confirmed'],
      ['Settings', '/business-settings'],
    ]);
  });

  it('gives an administrator Home, Request, Admin, Settings', () => {
    expect(labelsAndPaths('administrator')).toEqual([
      ['Home', '/home'],
      ['Request', '/admin-test-request'],
      ['Admin', '/admin'],
      ['Settings', '/settings'],
    ]);
  });

  it("counts new requests on the business owner's New Requests tab", () => {
    expect(NAV_ITEMS.business_owner.find((i) => i.label === 'New Requests')?.badge).toBe('new_requests');
  });

  it('uses only known badge kinds', () => {
    const kinds = ['none', 'new_requests', 'unread_messages', 'pending_responses', 'confirmed'];
    for (const role of ROLES) for (const item of NAV_ITEMS[role]) expect(kinds).toContain(item.badge);
  });

  it('has no duplicate labels or paths within a role', () => {
    for (const role of ROLES) {
      const items = NAV_ITEMS[role];
      expect(new Set(items.map((i) => i.label)).size).toBe(items.length);
      expect(new Set(items.map((i) => i.path)).size).toBe(items.length);
    }
  });

  it('only links each role to routes its guard lets it open, without a role redirect', () => {
    for (const role of ROLES) {
      for (const { path } of NAV_ITEMS[role]) {
        const route = ROUTE_ACCESS.find((r) => r.path === path);
        expect(route, `${role} ${path}`).toBeDefined();
        expect(guardRoute(path, route!.access, role), `${role} ${path}`).toEqual({ allow: true });
        expect(roleRedirect(path, role, '/business-dashboard'), `${role} ${path}`).toBeNull();
      }
    }
  });

  it('has a page title for every tab', () => {
    for (const role of ROLES) {
      for (const { path } of NAV_ITEMS[role]) expect(PAGE_TITLES[path], path).toEqual(expect.any(String));
    }
  });
});

describe('PAGE_TITLES', () => {
  it('uses the screen titles of the spec', () => {
    expect(PAGE_TITLES).toMatchObject({
      '/requests': 'My Requests',
      '/responses': 'My Responses',
      '/messages': 'Messages',
      '/confirmed': 'Confirmed Requests',
      '/history': 'Job History',
      '/notifications': 'Notifications',
      '/business-active': 'Pending Opportunities',
      '/business-confirmed': 'Confirmed Bookings',
      '/business-settings': 'Business Settings',
      '/business-registration': 'Business Registration',
      '/admin-test-request': 'Admin Test Search',
    });
  });

  it('titles every parameterless signed-in route', () => {
    for (const { path, access } of ROUTE_ACCESS) {
      if (access === 'public' || path.includes(':')) continue;
      expect(PAGE_TITLES[path], path).toEqual(expect.any(String));
    }
  });
});
