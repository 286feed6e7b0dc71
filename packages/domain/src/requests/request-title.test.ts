import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  quotedRequestTitle,
  REQUEST_TITLE_MAX_LENGTH,
  REQUEST_TITLE_MESSAGES,
  RequestTitleSchema,
  serviceTitle,
  SUGGESTED_TITLE_MAX_LENGTH,
  suggestRequestTitle,
} from './request-title';
import { requestTitle, ServiceRequestInputSchema } from './requests';

const plumbing = { serviceType: 'Home & Property Services', serviceSubtype: 'plumbing' };
const suggest = (
  description: string,
  service: { serviceType: string; serviceSubtype?: string | null } = plumbing,
) => suggestRequestTitle({ ...service, description });

describe('suggestRequestTitle', () => {
  it('names the thing and what is wrong with it', () => {
    expect(suggest('My kitchen tap is leaking. It drips all night and wastes water.')).toBe(
      'Leaking kitchen tap',
    );
    expect(suggest('The back gate is broken, the latch fell off')).toBe('Broken back gate');
    expect(suggest('Some bathroom tiles are cracked')).toBe('Cracked bathroom tiles');
    expect(suggest('Blocked drain, urgent')).toBe('Blocked drain');
  });

  it('takes the first clause, without greetings, openings or end punctuation', () => {
    expect(suggest('Hi there, I need someone to fix my fence after the storm!')).toBe(
      'Fix my fence after the storm',
    );
    expect(suggest('Can someone please mow the lawn? It is knee high.')).toBe('Mow the lawn');
    expect(suggest("I'm looking for a weekly cleaner for a 2 bedroom flat.")).toBe(
      'Weekly cleaner for a 2 bedroom flat',
    );
    expect(suggest('The bathroom tap drips all night long.')).toBe('Bathroom tap drips all night long');
    // Two words say little: the next clause joins them.
    expect(suggest('A friendly labrador, one hour walk around the park.')).toBe(
      'Friendly labrador, one hour walk around the park',
    );
    expect(suggest('Hello,\nplease hang 3 shelves in the study - I have the brackets')).toBe(
      'Hang 3 shelves in the study',
    );
  });

  it('keeps decimals and shortens a long clause at a word boundary, never on a dangling word', () => {
    expect(suggest('Replace 1.5 m of fence palings')).toBe('Replace 1.5 m of fence palings');
    const long = suggest(
      'Our whole upstairs hallway and the two bedrooms next to it need repainting in a light grey colour',
    );
    expect(long.length).toBeLessThanOrEqual(SUGGESTED_TITLE_MAX_LENGTH);
    expect(long).toBe('Whole upstairs hallway');
    expect(suggest('The mixer tap drips constantly and the cupboard is damp.')).toBe(
      'Mixer tap drips constantly',
    );
    expect(suggest('Need the gutters on my house cleaned out before winter because of the')).not.toMatch(
      / (the|of|because)$/,
    );
  });

  it('falls back to the service when the description gives nothing useful', () => {
    expect(suggest('Help!!!')).toBe('Plumbing');
    expect(suggest('', { serviceType: 'Home & Property Services', serviceSubtype: 'pool-maintenance' })).toBe(
      'Pool maintenance',
    );
    expect(suggest('   ', { serviceType: 'Plumbing' })).toBe('Plumbing job');
    expect(suggest('?? ... 123', { serviceType: 'Plumbing', serviceSubtype: 'tap-repair' })).toBe(
      'Tap repair',
    );
    expect(serviceTitle('Personal Care & Lifestyle', 'hair-and-beauty')).toBe('Hair & beauty');
    expect(serviceTitle('')).toBe('Service request');
  });

  it('always gives a title the schema accepts, and the same title for the same words', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.constantFrom('', 'plumbing', 'dog-walking'),
        (text, sub) => {
          const input = { serviceType: 'Home & Property Services', serviceSubtype: sub, description: text };
          const title = suggestRequestTitle(input);
          expect(RequestTitleSchema.safeParse(title).success).toBe(true);
          expect(title).toBe(suggestRequestTitle(input));
          expect(title).not.toMatch(/[.,;:!?]$/);
        },
      ),
    );
  });
});

describe('RequestTitleSchema', () => {
  const messageOf = (value: unknown) => RequestTitleSchema.safeParse(value).error?.issues[0]?.message;

  it('is required, trimmed and 3 to 60 characters, with words for each refusal', () => {
    expect(RequestTitleSchema.parse('  Leaking kitchen tap ')).toBe('Leaking kitchen tap');
    expect(messageOf('   ')).toBe(REQUEST_TITLE_MESSAGES.required);
    expect(messageOf(undefined)).toBe(REQUEST_TITLE_MESSAGES.required);
    expect(messageOf('ab')).toBe(REQUEST_TITLE_MESSAGES.tooShort);
    expect(messageOf('x'.repeat(REQUEST_TITLE_MAX_LENGTH + 1))).toBe(REQUEST_TITLE_MESSAGES.tooLong);
    expect(RequestTitleSchema.safeParse('x'.repeat(REQUEST_TITLE_MAX_LENGTH)).success).toBe(true);
    expect(messageOf('Tap\u0007 repair')).toBe('Please remove the unsupported characters.');
  });

  it('accepts the titles stored before titles could be chosen', () => {
    expect(RequestTitleSchema.safeParse(requestTitle('Home & Property Services', 'plumbing')).success).toBe(
      true,
    );
  });

  it('is optional on the request API for older clients, and checked when given', () => {
    const base = {
      serviceType: 'Plumbing',
      description: 'My kitchen tap is leaking.',
      location: '1 George St, Sydney',
      serviceAreaKm: 10,
      budget: 100,
    };
    expect(ServiceRequestInputSchema.parse(base).title).toBeUndefined();
    expect(ServiceRequestInputSchema.parse({ ...base, title: ' Tap fix ' }).title).toBe('Tap fix');
    expect(ServiceRequestInputSchema.safeParse({ ...base, title: 'x' }).error?.issues[0]).toMatchObject({
      path: ['title'],
      message: REQUEST_TITLE_MESSAGES.tooShort,
    });
  });
});

it('quotes a title inside a sentence', () => {
  expect(`for ${quotedRequestTitle('Leaking kitchen tap')}`).toBe('for “Leaking kitchen tap”');
});
