import { COUNTER_OFFER_IMAGE_MAX_BYTES } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { makeFile } from './testing/fake-upload-server';
import { imageFileProblem, UPLOAD_MAX_BYTES, UPLOAD_TEXTS } from './upload-rules';

const MB = 1024 * 1024;

describe('imageFileProblem', () => {
  it('refuses a counter-offer image of exactly 5 MB: images must be smaller than 5 MB', () => {
    expect(UPLOAD_MAX_BYTES.counter_offer_image).toBe(COUNTER_OFFER_IMAGE_MAX_BYTES);
    expect(imageFileProblem(makeFile('a.jpg', 'image/jpeg', 5 * MB - 1), 'counter_offer_image')).toBeNull();
    expect(imageFileProblem(makeFile('a.jpg', 'image/jpeg', 5 * MB), 'counter_offer_image')).toBe(
      'too_large',
    );
    expect(imageFileProblem(makeFile('a.jpg', 'image/jpeg', 5 * MB + 1), 'counter_offer_image')).toBe(
      'too_large',
    );
    expect(UPLOAD_TEXTS.tooLargeDescription(UPLOAD_MAX_BYTES.counter_offer_image)).toBe(
      'Please upload images smaller than 5MB.',
    );
  });

  it('checks the type before the size, by MIME type or else by name', () => {
    expect(imageFileProblem(makeFile('a.txt', 'text/plain', 6 * MB), 'counter_offer_image')).toBe(
      'invalid_type',
    );
    expect(imageFileProblem(makeFile('IMG_1.JPG', ''), 'counter_offer_image')).toBeNull();
    expect(imageFileProblem(makeFile('notes', ''), 'counter_offer_image')).toBe('invalid_type');
  });
});
