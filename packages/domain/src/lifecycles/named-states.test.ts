import { describe, expect, it } from 'vitest';
import { ARCHIVED_JOB, COMPLETED_JOB, CONTESTED_JOB, JOBS_TO_DO } from './job';
import {
  ACTIVE_OFFERS,
  ASSIGNED_REQUEST,
  BOOKED_REQUESTS,
  FINISHED_JOBS,
  PENDING_OFFER,
  REJECTED_OFFER,
  WON_OFFERS,
} from './named-states';
import { BOOKED_OFFER, BOOKED_OFFERS, DECLINED_OFFERS, IGNORED_OFFER, OFFERS_IN_PLAY } from './offer';
import { COMPLETED_REQUEST, OPEN_REQUEST } from './request';

// The lists, badges and SQL filters read these names: each must keep meaning the statuses the spec
// gives it, whatever rows the tables gain.
describe('named states', () => {
  it('name the request states the screens and queries read', () => {
    expect(OPEN_REQUEST).toBe('open');
    expect(ASSIGNED_REQUEST).toBe('assigned');
    expect(COMPLETED_REQUEST).toBe('completed');
    expect(BOOKED_REQUESTS).toEqual(['assigned', 'in_progress', 'completed']);
  });

  it('name the offer states and sets', () => {
    expect(PENDING_OFFER).toBe('pending');
    expect(BOOKED_OFFER).toBe('accepted');
    expect(IGNORED_OFFER).toBe('ignored');
    expect(REJECTED_OFFER).toBe('rejected');
    expect(OFFERS_IN_PLAY).toEqual(['pending', 'in_progress']);
    expect(BOOKED_OFFERS).toEqual(['accepted', 'in_progress']);
    expect([...DECLINED_OFFERS].sort()).toEqual(['declined', 'rejected']);
    expect(WON_OFFERS).toEqual(['accepted', 'in_progress', 'completed']);
    expect(ACTIVE_OFFERS).toEqual(['pending', 'in_progress', 'accepted']);
  });

  it('name the job states and sets', () => {
    expect(JOBS_TO_DO).toEqual(['pending', 'in_progress']);
    expect(COMPLETED_JOB).toBe('completed');
    expect(CONTESTED_JOB).toBe('contested');
    expect(ARCHIVED_JOB).toBe('archived');
    expect(FINISHED_JOBS).toEqual(['completed', 'contested']);
  });

  it('split every offer state once between waiting, won, ended and hidden', () => {
    const all = [PENDING_OFFER, ...WON_OFFERS, ...DECLINED_OFFERS, IGNORED_OFFER];
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(7);
  });
});
