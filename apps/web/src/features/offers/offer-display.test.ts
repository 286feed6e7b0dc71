import { describe, expect, it } from 'vitest';
import {
  availabilityLabel,
  budgetLabel,
  conversationLink,
  offerPriceLabel,
  preferredWhenLabel,
} from './offer-display';

describe('offer display', () => {
  it('adds /hr to hourly prices', () => {
    expect(offerPriceLabel('80.00', 'hourly')).toBe('$80/hr');
    expect(offerPriceLabel('240.50', 'fixed')).toBe('$240.50');
  });

  it('reads availability, preferred times and budgets', () => {
    expect(availabilityLabel('2026-05-05', '09:30:00')).toBe('May 5, 2026 at 09:30');
    expect(availabilityLabel('2026-05-05', null)).toBe('May 5, 2026');
    expect(availabilityLabel(null, null)).toBeNull();
    expect(preferredWhenLabel('2026-05-04', '14:00:00')).toBe('May 4, 2026, Afternoon');
    expect(preferredWhenLabel(null, null)).toBe('No preferred date');
    expect(budgetLabel('150', '250')).toBe('$150 - $250');
    expect(budgetLabel('150', '150')).toBe('$150');
    expect(budgetLabel(null, '90')).toBe('$90');
    expect(budgetLabel(null, null)).toBe('Budget not specified');
  });

  it('links a booked offer to its conversation', () => {
    expect(conversationLink('r1', 'resp1')).toBe('/messages?conversation=r1-resp1');
  });
});
