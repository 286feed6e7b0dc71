import { describe, it, expect } from 'vitest';
import {
  BUDGET_TYPES,
  COMPLETION_STATUSES,
  MESSAGE_TYPES,
  PRICE_TYPES,
  REQUEST_STATUSES,
  RESPONSE_STATUSES,
  TIME_FLEXIBILITIES,
  URGENCIES,
  statusLabel,
} from './statuses';

describe('status vocabularies (spec 1 §4, 2 §4, 3 §4)', () => {
  it('request statuses', () => {
    expect(REQUEST_STATUSES).toEqual(['open', 'assigned', 'in_progress', 'completed', 'cancelled']);
  });

  it('response statuses', () => {
    expect(RESPONSE_STATUSES).toEqual([
      'pending',
      'accepted',
      'rejected',
      'declined',
      'ignored',
      'in_progress',
      'completed',
      'cancelled',
    ]);
  });

  it('completion statuses include the spec values', () => {
    expect(COMPLETION_STATUSES).toEqual(expect.arrayContaining(['completed', 'in_progress', 'archived']));
  });

  it('price, budget, urgency, message and flexibility vocabularies', () => {
    expect(PRICE_TYPES).toEqual(['fixed', 'hourly', 'range']);
    expect(BUDGET_TYPES).toEqual(['fixed', 'range']);
    expect(URGENCIES).toEqual(['urgent', 'normal', 'low']);
    expect(MESSAGE_TYPES).toEqual(['text', 'counter_offer', 'completion']);
    expect(TIME_FLEXIBILITIES).toEqual(['exact', 'within_2_hours', 'within_4_hours', 'flexible']);
  });
});

describe('statusLabel', () => {
  it('upper-cases a status', () => {
    expect(statusLabel('open')).toBe('OPEN');
    expect(statusLabel('assigned')).toBe('ASSIGNED');
  });

  it('turns every underscore into a space', () => {
    expect(statusLabel('in_progress')).toBe('IN PROGRESS');
    expect(statusLabel('within_2_hours')).toBe('WITHIN 2 HOURS');
  });

  it('leaves an empty status empty', () => {
    expect(statusLabel('')).toBe('');
  });
});
