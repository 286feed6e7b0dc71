import { describe, it, expect } from 'vitest';
import {
  ACCOUNT_TYPES,
  ROLES,
  ROLE_LABELS,
  START_SCREENS,
  businessLandingPath,
  isRole,
  normalizeRole,
} from './roles';

describe('ROLES', () => {
  it('are user, business_owner and administrator', () => {
    expect(ROLES).toEqual(['user', 'business_owner', 'administrator']);
  });
});

describe('normalizeRole', () => {
  it('keeps the three stored roles', () => {
    expect(normalizeRole('user')).toBe('user');
    expect(normalizeRole('business_owner')).toBe('business_owner');
    expect(normalizeRole('administrator')).toBe('administrator');
  });

  it("reads 'customer' as 'user'", () => {
    expect(normalizeRole('customer')).toBe('user');
  });

  it("reads no role as 'user'", () => {
    expect(normalizeRole(null)).toBe('user');
    expect(normalizeRole(undefined)).toBe('user');
    expect(normalizeRole('')).toBe('user');
  });

  it("reads unknown roles as 'user' (never escalates)", () => {
    expect(normalizeRole('admin')).toBe('user');
    expect(normalizeRole('Administrator')).toBe('user');
    expect(normalizeRole('BUSINESS_OWNER')).toBe('user');
    expect(normalizeRole(' administrator ')).toBe('user');
  });
});

describe('isRole', () => {
  it('accepts the three roles', () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
  });

  it('rejects customer, unknown strings and non-strings', () => {
    expect(isRole('customer')).toBe(false);
    expect(isRole('admin')).toBe(false);
    expect(isRole('')).toBe(false);
    expect(isRole('USER')).toBe(false);
    expect(isRole(null)).toBe(false);
    expect(isRole(undefined)).toBe(false);
    expect(isRole(1)).toBe(false);
    expect(isRole(['user'])).toBe(false);
    expect(isRole({ role: 'user' })).toBe(false);
  });
});

describe('ACCOUNT_TYPES (spec 1 §2 sign-up selector)', () => {
  it('offers User, Business Owner and Administrator with the spec descriptions', () => {
    expect(ACCOUNT_TYPES.map((t) => [t.role, t.label, t.description.toLowerCase()])).toEqual([
      ['user', 'User', 'request services from businesses'],
      ['business_owner', 'Business Owner', 'provide services to users'],
      ['administrator', 'Administrator', 'manage the platform'],
    ]);
  });
});

describe('ROLE_LABELS', () => {
  it("shows the user role as 'Customer'", () => {
    expect(ROLE_LABELS).toEqual({
      user: 'Customer',
      business_owner: 'Business Owner',
      administrator: 'Administrator',
    });
  });
});

describe('businessLandingPath', () => {
  it('defaults to /business-dashboard', () => {
    expect(businessLandingPath({})).toBe('/business-dashboard');
    expect(businessLandingPath({ defaultStartScreen: null, defaultLandingPage: null })).toBe(
      '/business-dashboard',
    );
    expect(businessLandingPath({ defaultStartScreen: '', defaultLandingPage: '' })).toBe(
      '/business-dashboard',
    );
  });

  it('follows each default start screen', () => {
    expect(START_SCREENS).toEqual(['dashboard', 'requests', 'active', 'confirmed']);
    expect(businessLandingPath({ defaultStartScreen: 'dashboard' })).toBe('/business-dashboard');
    expect(businessLandingPath({ defaultStartScreen: 'requests' })).toBe('/business-requests');
    expect(businessLandingPath({ defaultStartScreen: 'active' })).toBe('/business-active');
    expect(businessLandingPath({ defaultStartScreen: 'confirmed' })).toBe('/business-confirmed');
  });

  it('follows default_landing_page with or without a leading slash', () => {
    expect(businessLandingPath({ defaultLandingPage: 'business-dashboard' })).toBe('/business-dashboard');
    expect(businessLandingPath({ defaultLandingPage: 'business-requests' })).toBe('/business-requests');
    expect(businessLandingPath({ defaultLandingPage: '/business-active' })).toBe('/business-active');
    expect(businessLandingPath({ defaultLandingPage: '/business-confirmed' })).toBe('/business-confirmed');
  });

  it('prefers a valid start screen over the landing page', () => {
    expect(
      businessLandingPath({ defaultStartScreen: 'active', defaultLandingPage: 'business-requests' }),
    ).toBe('/business-active');
  });

  it('falls back to the landing page when the start screen is unknown', () => {
    expect(
      businessLandingPath({ defaultStartScreen: 'home', defaultLandingPage: 'business-confirmed' }),
    ).toBe('/business-confirmed');
  });

  it('ignores landing pages outside the business landing pages (no loop back to / or /home)', () => {
    for (const page of [
      'home',
      '/home',
      '/',
      '/settings',
      'admin',
      '/business-settings',
      'https://evil.example',
    ]) {
      expect(businessLandingPath({ defaultLandingPage: page })).toBe('/business-dashboard');
    }
  });

  it('ignores start screens that are not in the list, including prototype names', () => {
    for (const screen of ['Dashboard', 'settings', 'constructor', 'toString', '__proto__']) {
      expect(businessLandingPath({ defaultStartScreen: screen })).toBe('/business-dashboard');
    }
  });
});
