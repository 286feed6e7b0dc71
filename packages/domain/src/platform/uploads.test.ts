import { describe, expect, it } from 'vitest';
import { COUNTER_OFFER_IMAGE_MAX_BYTES } from '../shared/constants';
import {
  formatMegabytes,
  imageTooLargeMessage,
  isOverUploadLimit,
  UPLOAD_MAX_BYTES,
  UPLOAD_PURPOSES,
} from './uploads';

describe('upload limits', () => {
  it('has a limit for every purpose, with the spec’s 2, 5 and 10 MB', () => {
    expect(Object.keys(UPLOAD_MAX_BYTES).sort()).toEqual([...UPLOAD_PURPOSES].sort());
    expect(UPLOAD_MAX_BYTES.avatar).toBe(2 * 1024 * 1024);
    expect(UPLOAD_MAX_BYTES.counter_offer_image).toBe(5 * 1024 * 1024);
    expect(UPLOAD_MAX_BYTES.completion_proof).toBe(10 * 1024 * 1024);
  });
  it('words the size as the spec does', () => {
    expect(imageTooLargeMessage(5 * 1024 * 1024)).toBe('Please upload images smaller than 5MB.');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.5');
  });
  it('refuses a file of exactly the limit: images must be smaller than it', () => {
    const limit = UPLOAD_MAX_BYTES.counter_offer_image;
    // One source: the counter-offer limit is the constant, 5 MB in bytes.
    expect(limit).toBe(COUNTER_OFFER_IMAGE_MAX_BYTES);
    expect(isOverUploadLimit(limit - 1, limit)).toBe(false);
    expect(isOverUploadLimit(limit, limit)).toBe(true);
    expect(isOverUploadLimit(limit + 1, limit)).toBe(true);
    expect(isOverUploadLimit(0, limit)).toBe(false);
  });
});
