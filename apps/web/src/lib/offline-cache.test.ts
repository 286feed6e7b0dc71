import { describe, expect, it } from 'vitest';
import { isOfflineReadable } from './offline-cache';

describe('isOfflineReadable', () => {
  it.each([
    '/api/me',
    '/api/config',
    '/api/requests',
    '/api/requests/0c6a3a52-5a43-4c6e-9d8b-0f1f8d1a2b3c',
    '/api/bookings',
    '/api/bookings/upcoming',
    '/api/conversations',
    '/api/conversations/r1',
    '/api/conversations/r1/messages',
    '/api/notifications',
    '/api/business/jobs/j1',
    '/api/business/requests/counts',
  ])('keeps %s for offline viewing', (path) => {
    expect(isOfflineReadable(path)).toBe(true);
  });

  it.each([
    '/api/auth/get-session',
    '/api/events',
    '/api/admin/users',
    '/api/admin/exports/requests.csv',
    '/api/geo/suggest',
    '/api/requests/last-location',
    '/api/requests/coverage',
    '/api/conversations/r1/read',
    '/api/me/security',
    '/api/uploads',
    '/home',
  ])('never keeps %s', (path) => {
    expect(isOfflineReadable(path)).toBe(false);
  });
});
