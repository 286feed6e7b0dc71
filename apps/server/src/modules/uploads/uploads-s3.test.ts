import { UPLOADED_IMAGE_PATH, UploadedImageSchema } from '@grip/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../lib/s3-storage';
import { fileForm } from '../../test/multipart';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { UPLOAD_MESSAGES } from './upload-rules';
import { storeImageUpload } from './uploads.service';

/** The uploads API with S3_BUCKET set: the same answers and checks as with a directory. */

const PREFIX = 'grip/uploads/';
let s3: S3TestServer;
let t: TestApp;
let customer: { cookie: string; userId: string };
/** What the server logged, one JSON line each. */
const logged: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server(4561);
  t = await createTestApp(s3.env({ S3_PREFIX: PREFIX, LOG_LEVEL: 'warn' }), {
    logStream: { write: (line) => logged.push(line) },
  });
  customer = await t.signUp();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 110 } } })
    .png()
    .toBuffer();

function upload(data: Buffer, options: { cookie?: string | null; purpose?: string } = {}) {
  const form = fileForm('photo.png', 'image/png', data);
  const cookie = options.cookie === null ? undefined : (options.cookie ?? customer.cookie);
  return t.inject({
    method: 'POST',
    url: `/api/uploads?purpose=${options.purpose ?? 'request_image'}`,
    cookie,
    payload: form.payload,
    headers: form.headers,
  });
}

const request = {
  serviceType: 'Home & Property Services',
  serviceSubtype: 'pool-maintenance',
  description: 'The pool pump is making a grinding noise.',
  location: '3 Bay Rd, Manly NSW 2095',
  serviceAreaKm: 10,
  budget: 250,
};

describe('uploads in an S3-compatible bucket', () => {
  it('stores a request photo in the bucket, attaches it to a request and serves it through the server', async () => {
    const res = await upload(await png(64, 48));
    expect(res.statusCode, res.body).toBe(201);
    const image = UploadedImageSchema.parse(res.json());
    expect(image).toMatchObject({ width: 64, height: 48, contentType: 'image/png' });
    expect(image.url).toMatch(UPLOADED_IMAGE_PATH);
    const name = image.url.slice('/uploads/'.length);

    // In the bucket, under the prefix, with its type: not in a directory.
    expect((await s3.objects()).get(`${PREFIX}${name}`)).toEqual({
      size: image.byteSize,
      contentType: 'image/png',
    });

    const posted = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: { ...request, images: [image.url] },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const detail = await t.inject({ url: `/api/requests/${posted.json().id}`, cookie: customer.cookie });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().images).toEqual([image.url]);

    const served = await t.inject({ url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(image.byteSize));
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.length).toBe(image.byteSize);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 48]);
  });

  it('refuses a signed-out upload and a file that is not an image, storing nothing', async () => {
    const before = await s3.objects();
    const signedOut = await upload(await png(8, 8), { cookie: null });
    expect(signedOut.statusCode).toBe(401);
    const text = await upload(Buffer.from('hello, I am plain text'));
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(UPLOAD_MESSAGES.wrongType);
    expect(await s3.objects()).toEqual(before);
  });

  it("refuses to attach someone else's upload to a request", async () => {
    const stranger = await t.signUp();
    const theirs = (await upload(await png(8, 8), { cookie: stranger.cookie })).json().url as string;
    const mine = (await upload(await png(8, 8))).json().url as string;
    const refused = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: { ...request, images: [mine, theirs] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please upload images through Grip');
  });

  it.each([
    '/uploads/missingmissing.png',
    '/uploads/..%2F..%2F..%2Fetc%2Fpasswd',
    '/uploads/abcdefgh.svg',
    '/uploads/abcdefgh.png/extra',
    '/uploads/',
  ])('answers 404 for %s', async (url) => {
    const res = await t.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.notFound);
  });

  it('does not serve an object in the bucket under a name the server would not make', async () => {
    const storage = new S3Storage(s3.config({ S3_PREFIX: PREFIX }));
    try {
      await storage.put('short.png', Buffer.from('x'), { contentType: 'image/png' });
      expect((await t.inject({ url: '/uploads/short.png' })).statusCode).toBe(404);
    } finally {
      await storage.delete('short.png');
      storage.close();
    }
  });

  it('answers 503, not 500, while the store cannot be reached, and serves again once it is back', async () => {
    const res = await upload(await png(16, 16));
    expect(res.statusCode, res.body).toBe(201);
    const { url } = UploadedImageSchema.parse(res.json());
    await s3.stop();
    try {
      const read = await t.inject({ url });
      expect(read.statusCode, read.body).toBe(503);
      expect(read.json()).toMatchObject({ error: 'unavailable' });
      const write = await upload(await png(16, 16));
      expect(write.statusCode, write.body).toBe(503);
      // Said as what it is, for whoever watches the logs (not as the database's outage).
      expect(logged.filter((line) => line.includes('"msg":"storage unavailable"'))).toHaveLength(2);
    } finally {
      await s3.start();
    }
    expect((await t.inject({ url })).statusCode).toBe(200);
  });

  it('removes the object again when the row cannot be written', async () => {
    const storage = new S3Storage(s3.config({ S3_PREFIX: PREFIX }));
    try {
      const before = await s3.objects();
      // No such user: the row's foreign key fails after the bytes were stored.
      await expect(
        storeImageUpload({ db: t.db, storage }, { userId: 'no-such-user' }, 'request_image', await png(8, 8)),
      ).rejects.toThrow();
      expect(await s3.objects()).toEqual(before);
    } finally {
      storage.close();
    }
  });
});
