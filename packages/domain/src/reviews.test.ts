import { describe, expect, it } from 'vitest';
import {
  ratingSummary,
  REVIEW_MESSAGES,
  ReviewInputSchema,
  reviewProgressLabel,
  reviewSubmitLabel,
} from './reviews';

describe('ReviewInputSchema', () => {
  it('requires a whole star rating from 1 to 5 with the spec message', () => {
    for (const rating of [0, 6, 2.5, undefined]) {
      const r = ReviewInputSchema.safeParse({ responseId: 'x', rating });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(REVIEW_MESSAGES.ratingRequired);
    }
    expect(ReviewInputSchema.parse({ responseId: 'x', rating: 5 }).rating).toBe(5);
  });

  it('trims the text, stores blank as null and caps it at 1000 characters', () => {
    expect(
      ReviewInputSchema.parse({ responseId: 'x', rating: 4, reviewText: '  Great job  ' }).reviewText,
    ).toBe('Great job');
    expect(ReviewInputSchema.parse({ responseId: 'x', rating: 4, reviewText: '   ' }).reviewText).toBeNull();
    expect(ReviewInputSchema.parse({ responseId: 'x', rating: 4 }).reviewText).toBeNull();
    expect(
      ReviewInputSchema.safeParse({ responseId: 'x', rating: 4, reviewText: 'a'.repeat(1000) }).success,
    ).toBe(true);
    expect(
      ReviewInputSchema.safeParse({ responseId: 'x', rating: 4, reviewText: 'a'.repeat(1001) }).success,
    ).toBe(false);
  });
});

describe('the gate labels', () => {
  it("counts 'Review k of n' from one and ends with 'Finish Reviews'", () => {
    expect(reviewProgressLabel(0, 3)).toBe('Review 1 of 3');
    expect(reviewSubmitLabel(0, 3)).toBe('Next Review');
    expect(reviewSubmitLabel(1, 3)).toBe('Next Review');
    expect(reviewSubmitLabel(2, 3)).toBe('Finish Reviews');
    expect(reviewSubmitLabel(0, 1)).toBe('Finish Reviews');
  });
});

describe('ratingSummary', () => {
  it('shows the real average and count, or that there are none', () => {
    expect(ratingSummary(4.56, 12)).toBe('4.6 (12 reviews)');
    expect(ratingSummary(5, 1)).toBe('5.0 (1 review)');
    expect(ratingSummary(null, 0)).toBe('No reviews yet');
  });
});
