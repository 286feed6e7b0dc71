import { describe, expect, it } from 'vitest';
import {
  formTimeOf,
  HOURLY_TIMES,
  localIsoDate,
  resolveServiceParam,
  servicesOf,
  serviceSlug,
  storedPreferredTime,
} from './request-form';

describe('time of day', () => {
  it('maps to the stored time, and an explicit time overrides it', () => {
    expect(storedPreferredTime('morning', null)).toBe('10:00:00');
    expect(storedPreferredTime('afternoon', '')).toBe('14:00:00');
    expect(storedPreferredTime('evening', undefined)).toBe('18:00:00');
    expect(storedPreferredTime('flexible', null)).toBeNull();
    expect(storedPreferredTime('morning', '07:00')).toBe('07:00:00');
    expect(storedPreferredTime(null, '23:00:00')).toBe('23:00:00');
  });

  it('reads a stored time back into the form', () => {
    expect(formTimeOf('14:00:00')).toEqual({ timeOfDay: 'afternoon', preferredTime: null });
    expect(formTimeOf('07:00:00')).toEqual({ timeOfDay: 'flexible', preferredTime: '07:00' });
    expect(formTimeOf(null)).toEqual({ timeOfDay: 'flexible', preferredTime: null });
  });

  it('offers every hour from 00:00 to 23:00', () => {
    expect(HOURLY_TIMES).toHaveLength(24);
    expect(HOURLY_TIMES[0]).toBe('00:00');
    expect(HOURLY_TIMES[23]).toBe('23:00');
  });
});

describe('services and the service= parameter', () => {
  it('slugs service names as request subtypes', () => {
    expect(serviceSlug('Pool Maintenance')).toBe('pool-maintenance');
    expect(serviceSlug('Hair & Beauty')).toBe('hair-and-beauty');
  });

  it('lists a category group’s services and none for an unknown type', () => {
    expect(servicesOf('pet services')).toContain('Pet Care');
    expect(servicesOf('Plumbing')).toEqual([]);
  });

  it('resolves a category, a service name in any case, or a slug', () => {
    expect(resolveServiceParam('Pet Services')).toEqual({
      serviceType: 'Pet Services',
      serviceSubtype: null,
    });
    expect(resolveServiceParam('pet care')).toEqual({
      serviceType: 'Pet Services',
      serviceSubtype: 'pet-care',
    });
    expect(resolveServiceParam('tutoring')).toEqual({
      serviceType: 'Personal Care & Lifestyle',
      serviceSubtype: 'tutoring',
    });
    expect(resolveServiceParam('pool-maintenance')?.serviceSubtype).toBe('pool-maintenance');
    expect(resolveServiceParam('underwater basket weaving')).toBeNull();
    expect(resolveServiceParam('')).toBeNull();
  });
});

it('gives the local calendar day', () => {
  expect(localIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
});
