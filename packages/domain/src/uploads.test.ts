import { describe, expect, it } from 'vitest';
import { formatMegabytes, imageTooLargeMessage, UPLOAD_MAX_BYTES, UPLOAD_PURPOSES } from './uploads';

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
});
