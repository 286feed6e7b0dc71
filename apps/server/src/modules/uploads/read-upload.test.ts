import { COUNTER_OFFER_IMAGE_MAX_BYTES, UPLOAD_MAX_BYTES } from '@grip/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.signUp()).cookie;
});
afterAll(async () => {
  await t.close();
});

/** POST /api/uploads with one file of `size` bytes that are not an image. */
function uploadBytes(size: number, purpose: string) {
  const boundary = 'grip-read-upload-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.alloc(size, 0xff),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.inject({
    method: 'POST',
    url: `/api/uploads?purpose=${purpose}`,
    cookie,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('readUploadedFile size limit', () => {
  it('refuses a Modified Offer image of exactly 5 MB: it must be smaller than 5 MB', async () => {
    const limit = UPLOAD_MAX_BYTES.counter_offer_image;
    expect(limit).toBe(COUNTER_OFFER_IMAGE_MAX_BYTES);
    expect(limit).toBe(5 * 1024 * 1024);

    const exact = await uploadBytes(limit, 'counter_offer_image');
    expect(exact.statusCode, exact.body).toBe(413);
    expect(exact.json().message).toBe('Please upload images smaller than 5MB.');

    // One byte less passes the size check, and is refused only for what it is.
    const under = await uploadBytes(limit - 1, 'counter_offer_image');
    expect(under.statusCode, under.body).toBe(415);
  });

  it('holds the same boundary for every purpose', async () => {
    const limit = UPLOAD_MAX_BYTES.avatar;
    expect((await uploadBytes(limit, 'avatar')).statusCode).toBe(413);
    expect((await uploadBytes(limit - 1, 'avatar')).statusCode).toBe(415);
  });
});
