import { describe, expect, it } from 'vitest';
import { earliestLocalToday } from '../shared/time-windows';
import { TERMS_MESSAGES } from './terms-agreement';
import {
  acceptAsIsDefaults,
  defaultQuotedPrice,
  RESPONSE_MESSAGES,
  ResponseInputSchema,
  responseInputSchemaFor,
  urgencyLabel,
} from './responses';

const now = new Date('2026-03-10T09:00:00Z');
const today = earliestLocalToday(now);

const valid = {
  message: 'I can fix this on Thursday morning.',
  quotedPrice: 180,
  priceType: 'fixed',
  availabilityDate: '2026-03-12',
};

function firstError(input: unknown, schema = responseInputSchemaFor(today)) {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
}

describe('ResponseInputSchema', () => {
  it('accepts a complete quote and defaults images and the accept-as-is flag', () => {
    const parsed = ResponseInputSchema.parse(valid);
    expect(parsed.images).toEqual([]);
    expect(parsed.isAcceptedAsIs).toBe(false);
  });

  it.each([
    [{ message: 'too short' }, 'message', RESPONSE_MESSAGES.messageTooShort],
    [{ message: '   padded    ' }, 'message', RESPONSE_MESSAGES.messageTooShort],
    [{ quotedPrice: 0 }, 'quotedPrice', RESPONSE_MESSAGES.priceTooLow],
    [{ quotedPrice: -5 }, 'quotedPrice', RESPONSE_MESSAGES.priceTooLow],
    [{ quotedPrice: undefined }, 'quotedPrice', RESPONSE_MESSAGES.priceTooLow],
    [{ quotedPrice: 10.005 }, 'quotedPrice', RESPONSE_MESSAGES.priceTooPrecise],
    [{ priceType: 'per-week' }, 'priceType', RESPONSE_MESSAGES.priceTypeInvalid],
    [{ availabilityDate: '12/03/2026' }, 'availabilityDate', RESPONSE_MESSAGES.invalidDate],
    [{ availabilityTime: '25:00' }, 'availabilityTime', RESPONSE_MESSAGES.invalidTime],
    [{ images: ['https://evil.example/x.png'] }, 'images.0', RESPONSE_MESSAGES.imagesNotUploaded],
  ])('refuses %o with its message', (change, path, message) => {
    expect(firstError({ ...valid, ...change })).toEqual({ path, message });
  });

  it('takes cents and optional fields', () => {
    const parsed = ResponseInputSchema.parse({
      ...valid,
      quotedPrice: 99.95,
      availabilityTime: '09:00',
      estimatedDuration: '2 hours',
      termsConditions: 'Parts extra.',
      images: ['/uploads/abcdefgh.png'],
    });
    expect(parsed.quotedPrice).toBe(99.95);
    expect(parsed.images).toEqual(['/uploads/abcdefgh.png']);
  });

  it('refuses an availability date before today, and allows today and none', () => {
    const schema = responseInputSchemaFor('2026-03-10');
    expect(firstError({ ...valid, availabilityDate: '2026-03-09' }, schema)).toEqual({
      path: 'availabilityDate',
      message: RESPONSE_MESSAGES.availabilityDateInPast,
    });
    expect(schema.safeParse({ ...valid, availabilityDate: '2026-03-10' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, availabilityDate: null }).success).toBe(true);
  });
});

describe('acceptAsIsDefaults', () => {
  it('uses the spec text, the minimum budget, a fixed price and today, flagged', () => {
    const values = acceptAsIsDefaults(
      { title: 'Pool cleaning request', budgetMin: '250.00', budgetMax: '400.00' },
      '2026-03-10',
    );
    expect(values).toMatchObject({
      message: "I accept your request for Pool cleaning Request. Let's discuss the details!",
      quotedPrice: 250,
      priceType: 'fixed',
      availabilityDate: '2026-03-10',
      isAcceptedAsIs: true,
    });
    // The defaults are a valid response once they name the request they accept (decision 019).
    expect(responseInputSchemaFor('2026-03-10').safeParse({ ...values, requestVersion: 'v1' }).success).toBe(
      true,
    );
    const unnamed = responseInputSchemaFor('2026-03-10').safeParse(values);
    expect(unnamed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['requestVersion', TERMS_MESSAGES.requestVersionMissing],
    ]);
  });

  it('falls back to the maximum budget, then $100 (a zero budget counts as none)', () => {
    expect(acceptAsIsDefaults({ title: 'T', budgetMin: null, budgetMax: 80 }, today).quotedPrice).toBe(80);
    expect(acceptAsIsDefaults({ title: 'T', budgetMin: '0', budgetMax: '0' }, today).quotedPrice).toBe(100);
    expect(acceptAsIsDefaults({ title: 'T' }, today).quotedPrice).toBe(100);
  });

  it('starts a custom quote at the budget minimum or $100', () => {
    expect(defaultQuotedPrice({ budgetMin: '75.00' })).toBe(75);
    expect(defaultQuotedPrice({ budgetMin: null, budgetMax: '90' })).toBe(100);
  });
});

describe('urgencyLabel', () => {
  it('reads URGENT, Normal, Low Priority', () => {
    expect(urgencyLabel('urgent')).toBe('URGENT');
    expect(urgencyLabel('normal', true)).toBe('URGENT');
    expect(urgencyLabel('normal')).toBe('Normal');
    expect(urgencyLabel('low')).toBe('Low Priority');
  });
});
