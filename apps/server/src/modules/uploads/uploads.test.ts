import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { UPLOADED_IMAGE_PATH, UploadedImageSchema } from '@grip/domain';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { multipart, type FormPart as Part } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { UPLOAD_MESSAGES } from './upload-rules';
import { LocalDirectoryStorage } from '../../lib/storage';
import { assertOwnUploads, storeImageUpload } from './uploads.service';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });

/** Three 16x16 frames of different colours. */
async function animatedGif(): Promise<Buffer> {
  const [w, h, pages] = [16, 16, 3];
  const raw = Buffer.alloc(w * h * pages * 4);
  for (let i = 0; i < w * h * pages; i++) raw.set([Math.floor(i / (w * h)) * 100, 50, 200, 255], i * 4);
  return sharp(raw, { raw: { width: w, height: h * pages, channels: 4, pageHeight: h } })
    .gif({ delay: [100, 100, 100] })
    .toBuffer();
}

/** Random pixels do not compress: a real PNG of about 3 MB. */
async function noisePng(): Promise<Buffer> {
  const [w, h] = [1000, 1000];
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A tiny valid PNG whose header claims 10 000 x 10 000 pixels (a decompression bomb's shape). */
async function hugeDimensionPng(): Promise<Buffer> {
  const png = Buffer.from(await solid(4, 4).png().toBuffer());
  png.writeUInt32BE(10_000, 16);
  png.writeUInt32BE(10_000, 20);
  // IHDR's CRC covers its type and data (bytes 12..29), so the forged header still checks out.
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A JPEG carrying a script in a comment segment right after its start marker. */
async function jpegWithScriptComment(): Promise<Buffer> {
  const jpeg = await solid(20, 20).jpeg().toBuffer();
  const script = Buffer.from('<html><script>alert(document.cookie)</script></html>');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(script.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, script, jpeg.subarray(2)]);
}

let t: TestApp;
let uploadDir: string;
let customer: { cookie: string; userId: string };

beforeAll(async () => {
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'grip-uploads-test-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  customer = await t.signUp();
});
afterAll(async () => {
  await t.close();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

function upload(
  file: Part | Part[] | null,
  options: { cookie?: string | null; purpose?: string; extraParts?: Part[] } = {},
) {
  const parts = [...(file ? (Array.isArray(file) ? file : [file]) : []), ...(options.extraParts ?? [])];
  const body = multipart(parts);
  const query = options.purpose === undefined ? '' : `?purpose=${encodeURIComponent(options.purpose)}`;
  const cookie = options.cookie === null ? undefined : (options.cookie ?? customer.cookie);
  return t.inject({ method: 'POST', url: `/api/uploads${query}`, cookie, ...body });
}

const filePart = (data: Buffer | string, filename = 'photo.png', contentType = 'image/png'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

async function stored() {
  const [row] = await t.db.select({ n: count() }).from(uploads);
  return { rows: row?.n ?? 0, files: (await fs.readdir(uploadDir)).sort() };
}

async function fetchImage(url: string) {
  const res = await t.inject({ url });
  return { res, bytes: res.rawPayload };
}

describe('POST /api/uploads: accepted images', () => {
  it('stores a PNG, records it and serves the same bytes with the right headers', async () => {
    const before = await stored();
    const res = await upload(filePart(await solid(64, 48).png().toBuffer()));
    expect(res.statusCode).toBe(201);
    const body = UploadedImageSchema.parse(res.json());
    expect(body).toMatchObject({ width: 64, height: 48, contentType: 'image/png' });
    expect(body.url).toMatch(UPLOADED_IMAGE_PATH);
    expect(body.url).toMatch(/\.png$/);

    const name = body.url.slice('/uploads/'.length);
    const after = await stored();
    expect(after.rows).toBe(before.rows + 1);
    expect(after.files).toEqual([...before.files, name].sort());
    const [row] = await t.db.select().from(uploads).where(eq(uploads.storageKey, name));
    expect(row).toMatchObject({
      ownerId: customer.userId,
      purpose: 'request_image',
      contentType: 'image/png',
      byteSize: body.byteSize,
      width: 64,
      height: 48,
    });

    const onDisk = await fs.readFile(path.join(uploadDir, name));
    expect(onDisk.length).toBe(body.byteSize);
    const { res: served, bytes } = await fetchImage(body.url);
    expect(served.statusCode).toBe(200);
    expect(bytes.equals(onDisk)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(body.byteSize));
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 48]);
  });

  it('applies EXIF orientation and strips all metadata from a JPEG, whatever its name and MIME type say', async () => {
    const jpeg = await solid(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'Jane Customer, 12 Secret Street' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);

    const res = await upload(filePart(jpeg, 'holiday.png', 'image/png'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // Rotated a quarter turn: the stored image is upright, so width and height swap.
    expect(body).toMatchObject({ width: 20, height: 40, contentType: 'image/jpeg' });
    expect(body.url).toMatch(/\.jpg$/);

    const { res: served, bytes } = await fetchImage(body.url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes('Secret Street')).toBe(false);
  });

  it('keeps an animated GIF animated', async () => {
    const res = await upload(filePart(await animatedGif(), 'dance.gif', 'image/gif'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ width: 16, height: 16, contentType: 'image/gif' });
    const { res: served, bytes } = await fetchImage(body.url);
    expect(served.headers['content-type']).toBe('image/gif');
    const meta = await sharp(bytes, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.pageHeight]).toEqual(['gif', 3, 16]);
  });

  it('stores a WebP as WebP', async () => {
    const res = await upload(filePart(await solid(30, 10).webp().toBuffer(), 'a.webp', 'image/webp'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 30, height: 10, contentType: 'image/webp' });
    const { res: served, bytes } = await fetchImage(res.json().url);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(bytes).metadata()).format).toBe('webp');
  });

  it('records the purpose it was uploaded for', async () => {
    const res = await upload(filePart(await solid(8, 8).png().toBuffer()), { purpose: 'avatar' });
    expect(res.statusCode).toBe(201);
    const name = (res.json().url as string).slice('/uploads/'.length);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.storageKey, name));
    expect(row?.purpose).toBe('avatar');
  });

  it('serves a polyglot GIF (image followed by HTML) as a clean image without the script', async () => {
    const gif = await solid(10, 10).gif().toBuffer();
    const polyglot = Buffer.concat([
      gif,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const res = await upload(filePart(polyglot, 'page.html', 'text/html'));
    expect(res.statusCode).toBe(201);
    const { res: served, bytes } = await fetchImage(res.json().url);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(bytes.includes('<script')).toBe(false);
    expect(bytes.includes('<html')).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('gif');
  });

  it('drops a script hidden in a JPEG comment', async () => {
    const jpeg = await jpegWithScriptComment();
    expect(jpeg.includes('<script')).toBe(true);
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
    const res = await upload(filePart(jpeg, 'x.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(201);
    const { bytes } = await fetchImage(res.json().url);
    expect(bytes.includes('<script')).toBe(false);
  });

  it('accepts for request photos (10 MB) a file that is too large for an avatar', async () => {
    const res = await upload(filePart(await noisePng()), { purpose: 'request_image' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 1000, height: 1000 });
  });
});

describe('POST /api/uploads: refused uploads store nothing', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';

  const cases: {
    name: string;
    make: () => Promise<Parameters<typeof upload>>;
    status: number;
    message: string;
  }[] = [
    {
      name: 'a text file renamed .png',
      make: async () => [filePart('hello, I am plain text', 'notes.png', 'image/png')],
      status: 415,
      message: UPLOAD_MESSAGES.wrongType,
    },
    {
      name: 'an SVG with a script',
      make: async () => [filePart(svg, 'logo.svg', 'image/svg+xml')],
      status: 415,
      message: UPLOAD_MESSAGES.wrongType,
    },
    {
      name: 'an SVG named .png',
      make: async () => [filePart(`<?xml version="1.0"?>${svg}`, 'logo.png', 'image/png')],
      status: 415,
      message: UPLOAD_MESSAGES.wrongType,
    },
    {
      name: 'a TIFF (a real image, but not an accepted type)',
      make: async () => [filePart(await solid(8, 8).tiff().toBuffer(), 'scan.tif', 'image/tiff')],
      status: 415,
      message: UPLOAD_MESSAGES.wrongType,
    },
    {
      name: 'an empty file',
      make: async () => [filePart(Buffer.alloc(0))],
      status: 400,
      message: UPLOAD_MESSAGES.corrupt,
    },
    {
      name: 'a truncated PNG',
      make: async () => {
        const png = await noisePngSmall();
        return [filePart(png.subarray(0, Math.floor(png.length / 2)))];
      },
      status: 400,
      message: UPLOAD_MESSAGES.corrupt,
    },
    {
      name: 'a PNG signature followed by garbage',
      make: async () => [
        filePart(
          Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]),
        ),
      ],
      status: 400,
      message: UPLOAD_MESSAGES.corrupt,
    },
    {
      name: 'a GIF header followed by HTML and script (polyglot)',
      make: async () => [
        filePart(
          'GIF89a<html><body><script>alert(document.cookie)</script></body></html>',
          'x.gif',
          'image/gif',
        ),
      ],
      status: 400,
      message: UPLOAD_MESSAGES.corrupt,
    },
    {
      name: 'an image over 40 megapixels',
      make: async () => [filePart(await hugeDimensionPng())],
      status: 400,
      message: UPLOAD_MESSAGES.tooManyPixels,
    },
    {
      name: 'an avatar over 2 MB',
      make: async () => [filePart(await noisePng()), { purpose: 'avatar' }],
      status: 413,
      message: 'Please upload images smaller than 2MB.',
    },
    {
      name: 'a counter-offer image one byte over 5 MB (read through, not refused by length)',
      make: async () => [
        filePart(Buffer.alloc(5 * 1024 * 1024 + 1, 0xff)),
        { purpose: 'counter_offer_image' },
      ],
      status: 413,
      message: 'Please upload images smaller than 5MB.',
    },
    {
      name: 'a form without a file',
      make: async () => [null, { extraParts: [{ name: 'caption', data: 'my photo' }] }],
      status: 400,
      message: UPLOAD_MESSAGES.noFile,
    },
    {
      name: 'a file in another field',
      make: async () => [{ ...filePart(await solid(8, 8).png().toBuffer()), name: 'image' }],
      status: 400,
      message: UPLOAD_MESSAGES.noFile,
    },
    {
      name: 'two files',
      make: async () => {
        const png = await solid(8, 8).png().toBuffer();
        return [[filePart(png), filePart(png, 'second.png')]];
      },
      status: 400,
      message: UPLOAD_MESSAGES.oneFileOnly,
    },
    {
      name: 'an unknown purpose',
      make: async () => [filePart(await solid(8, 8).png().toBuffer()), { purpose: 'wallpaper' }],
      status: 400,
      message: UPLOAD_MESSAGES.unknownPurpose,
    },
    {
      name: 'a signed-out visitor',
      make: async () => [filePart(await solid(8, 8).png().toBuffer()), { cookie: null }],
      status: 401,
      message: 'Please sign in to continue.',
    },
  ];

  it.each(cases)('refuses $name', async ({ make, status, message }) => {
    const args = await make();
    const before = await stored();
    const res = await upload(...args);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('removes the stored file again when the row cannot be written', async () => {
    const before = await stored();
    const png = await solid(8, 8).png().toBuffer();
    const deps = { db: t.db, storage: new LocalDirectoryStorage(uploadDir) };
    // No such user: the row's foreign key fails after the bytes were written.
    await expect(storeImageUpload(deps, { userId: 'no-such-user' }, 'request_image', png)).rejects.toThrow();
    expect(await stored()).toEqual(before);
  });

  it('refuses a file of exactly the limit ("smaller than 5MB"), and lets one byte less past the size check', async () => {
    const at = await upload(filePart(Buffer.alloc(5 * 1024 * 1024, 0xff)), {
      purpose: 'counter_offer_image',
    });
    expect(at.statusCode).toBe(413);
    const under = await upload(filePart(Buffer.alloc(5 * 1024 * 1024 - 1, 0xff)), {
      purpose: 'counter_offer_image',
    });
    // Not refused for its size: refused for what it is.
    expect(under.statusCode).toBe(415);
  });

  it('refuses a JSON body with 415', async () => {
    const before = await stored();
    const res = await t.inject({
      method: 'POST',
      url: '/api/uploads',
      cookie: customer.cookie,
      payload: { file: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.notMultipart);
    expect(await stored()).toEqual(before);
  });

  it('refuses a multipart body cut off in the middle', async () => {
    const before = await stored();
    const body = multipart([filePart(await solid(8, 8).png().toBuffer())]);
    const res = await t.inject({
      method: 'POST',
      url: '/api/uploads',
      cookie: customer.cookie,
      headers: body.headers,
      payload: body.payload.subarray(0, body.payload.length - 60),
    });
    expect(res.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('limits each user to 60 uploads a minute', async () => {
    const busy = await t.signUp();
    const results: number[] = [];
    for (let i = 0; i < 60; i++) results.push((await upload(null, { cookie: busy.cookie })).statusCode);
    expect(results.every((s) => s === 400)).toBe(true);
    const limited = await upload(filePart(await solid(8, 8).png().toBuffer()), { cookie: busy.cookie });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(UPLOAD_MESSAGES.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not slowed down by it.
    expect((await upload(filePart(await solid(8, 8).png().toBuffer()))).statusCode).toBe(201);
  });
});

/** A small noisy PNG whose pixel data spans many bytes, so cutting it in half cuts pixels. */
function noisePngSmall(): Promise<Buffer> {
  return sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
    .png()
    .toBuffer();
}

describe('GET /uploads/:name', () => {
  it.each([
    '/uploads/missingmissing.png',
    '/uploads/..%2F..%2F..%2Fetc%2Fpasswd',
    '/uploads/%2e%2e%2fpackage.json',
    '/uploads/abcdefgh.svg',
    '/uploads/abcdefgh.png/extra',
    '/uploads/.tmp-abcdefgh',
    '/uploads/',
  ])('answers 404 for %s', async (url) => {
    const res = await t.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('resolves dot segments before routing, so /uploads/../../etc/passwd never reaches a file', async () => {
    // The URL becomes /etc/passwd: a 404, or the web app's page when a build is being served.
    const res = await t.inject({ url: '/uploads/../../etc/passwd' });
    expect([200, 404]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toContain('root:');
  });

  it('does not serve a file that is in the directory under a name the server would not make', async () => {
    await fs.writeFile(path.join(uploadDir, 'short.png'), 'x');
    try {
      expect((await t.inject({ url: '/uploads/short.png' })).statusCode).toBe(404);
    } finally {
      await fs.rm(path.join(uploadDir, 'short.png'));
    }
  });
});

describe('assertOwnUploads', () => {
  it("accepts the user's own uploads and refuses anyone else's or foreign URLs", async () => {
    const mine = (await upload(filePart(await solid(8, 8).png().toBuffer()))).json().url as string;
    const other = await t.signUp();
    const theirs = (
      await upload(filePart(await solid(8, 8).png().toBuffer()), { cookie: other.cookie })
    ).json().url as string;

    await expect(assertOwnUploads(t.db, customer.userId, [])).resolves.toBeUndefined();
    await expect(assertOwnUploads(t.db, customer.userId, [mine, mine])).resolves.toBeUndefined();
    await expect(assertOwnUploads(t.db, customer.userId, [mine, theirs])).rejects.toMatchObject({
      statusCode: 400,
      message: 'Please upload images through Grip',
    });
    await expect(
      assertOwnUploads(t.db, customer.userId, ['https://evil.example/x.png']),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      assertOwnUploads(t.db, customer.userId, ['/uploads/neverstored1.png']),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('default storage with the in-memory database', () => {
  it('keeps files in a temporary directory that closing the app removes', async () => {
    const memory = await createTestApp();
    let location: string | undefined;
    try {
      const user = await memory.signUp();
      const body = multipart([filePart(await solid(8, 8).png().toBuffer())]);
      const res = await memory.inject({ method: 'POST', url: '/api/uploads', cookie: user.cookie, ...body });
      expect(res.statusCode).toBe(201);
      const name = (res.json().url as string).slice('/uploads/'.length);
      expect((await memory.inject({ url: res.json().url })).statusCode).toBe(200);

      const candidates = (await fs.readdir(os.tmpdir())).filter((d) => d.startsWith('grip-uploads-'));
      for (const dir of candidates) {
        const full = path.join(os.tmpdir(), dir);
        if (await fs.stat(path.join(full, name)).catch(() => null)) location = full;
      }
      expect(location).toBeDefined();
    } finally {
      await memory.close();
    }
    await expect(fs.stat(location!)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
