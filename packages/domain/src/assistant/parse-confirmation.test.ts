import { describe, expect, it } from 'vitest';
import { isConfirmation, isDecline, isUrgentText } from '.';

describe('confirmations and declines', () => {
  it.each([
    'yes',
    'Yes!',
    'send it',
    'Send it.',
    'yes please',
    'yep',
    'ok',
    'go ahead',
    'yes send it now',
    'SEND',
  ])('%s confirms', (text) => {
    expect(isConfirmation(text)).toBe(true);
    expect(isDecline(text)).toBe(false);
  });

  it.each(['no', "don't send it", 'yes but change the budget', 'wait', 'not yet', 'maybe', '', 'yesterday'])(
    '%s does not confirm',
    (text) => {
      expect(isConfirmation(text)).toBe(false);
    },
  );

  it.each(['no', 'Nope', 'cancel', 'Start over', "don't send it", 'not now'])('%s declines', (text) => {
    expect(isDecline(text)).toBe(true);
  });

  it('does not read "no worries" as a decline', () => {
    expect(isDecline('no worries')).toBe(false);
  });

  it('spots urgency words', () => {
    expect(isUrgentText('URGENT: water everywhere')).toBe(true);
    expect(isUrgentText('need it asap')).toBe(true);
    expect(isUrgentText('plumbing emergency')).toBe(true);
    expect(isUrgentText('whenever suits')).toBe(false);
    expect(isUrgentText('emergencyish')).toBe(false);
  });
});
