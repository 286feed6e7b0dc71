import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_GATHERING_STEPS,
  CATEGORY_QUESTIONS,
  gatheringSteps,
  nextGatheringStep,
  questionsFor,
} from '.';
import { SERVICE_CATALOGUE } from '../catalogue/service-catalogue';

describe('questions and gathering steps', () => {
  it('has questions for each of the eight groups, and general ones otherwise', () => {
    for (const group of SERVICE_CATALOGUE) {
      expect(CATEGORY_QUESTIONS[group.category]?.length, group.category).toBeGreaterThanOrEqual(2);
      expect(questionsFor(group.category)).toBe(CATEGORY_QUESTIONS[group.category]);
    }
    expect(questionsFor('Something else').length).toBeGreaterThan(0);
  });

  it('gathers budget, datetime, details, then confirms; asking the location only when unknown', () => {
    expect(ASSISTANT_GATHERING_STEPS).toEqual(['budget', 'datetime', 'details', 'confirm']);
    expect(gatheringSteps({ needsLocation: false })).toEqual(['budget', 'datetime', 'details', 'confirm']);
    expect(gatheringSteps({ needsLocation: true })).toEqual([
      'budget',
      'datetime',
      'details',
      'location',
      'confirm',
    ]);
    expect(nextGatheringStep('details', { needsLocation: false })).toBe('confirm');
    expect(nextGatheringStep('details', { needsLocation: true })).toBe('location');
    expect(nextGatheringStep('budget', { needsLocation: true })).toBe('datetime');
    expect(nextGatheringStep('confirm', { needsLocation: true })).toBe('confirm');
  });
});
