import { describe, expect, it } from 'vitest';
import {
  formatRatingAverage,
  hasRating,
  pendingReviewForRequest,
  ratingSummary,
  reviewCountLabel,
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

describe('rating parts', () => {
  it('has a rating only with an average over at least one review', () => {
    expect(hasRating(4.5, 3)).toBe(true);
    expect(hasRating(null, 0)).toBe(false);
    expect(hasRating(null, 2)).toBe(false);
    expect(hasRating(4, 0)).toBe(false);
  });

  it('formats the average with one decimal and the count with its noun', () => {
    expect(formatRatingAverage(4.46)).toBe('4.5');
    expect(formatRatingAverage(5)).toBe('5.0');
    expect(reviewCountLabel(1)).toBe('1 review');
    expect(reviewCountLabel(0)).toBe('0 reviews');
    expect(reviewCountLabel(3)).toBe('3 reviews');
  });

  it('ratingSummary says no reviews when the count is 0 whatever the average', () => {
    expect(ratingSummary(4.2, 0)).toBe('No reviews yet');
    expect(ratingSummary(null, 4)).toBe('No reviews yet');
  });
});

describe('pendingReviewForRequest', () => {
  const job = (requestId: string) => ({
    responseId: `resp-${requestId}`,
    requestId,
    requestTitle: 'Job',
    businessUserId: 'b1',
    businessName: 'Biz',
    quotedPrice: '10.00',
    priceType: 'fixed',
    completionDate: '2025-01-01T00:00:00.000Z',
  });

  it('finds the pending job of the request, or nothing once it has left the list', () => {
    const items = [job('a'), job('b')];
    expect(pendingReviewForRequest(items, 'b')?.responseId).toBe('resp-b');
    expect(pendingReviewForRequest(items, 'c')).toBeUndefined();
    expect(pendingReviewForRequest([], 'a')).toBeUndefined();
  });
});
