import { describe, expect, it } from 'vitest';
import { GOOGLE_ERROR_FALLBACK, googleErrorMessage } from './google-errors';

describe('googleErrorMessage', () => {
  it('maps known provider codes to our words', () => {
    expect(googleErrorMessage(new URLSearchParams('error=google&error=access_denied'))).toBe(
      'Google sign in was cancelled.',
    );
    expect(googleErrorMessage(new URLSearchParams('error=account_not_linked'))).toMatch(/already exists/);
  });

  it('never shows text taken from the link itself', () => {
    const params = new URLSearchParams(
      'error=google&error_description=Call+0400+000+000+to+unlock+your+account',
    );
    expect(googleErrorMessage(params)).toBe(GOOGLE_ERROR_FALLBACK);
  });
});
