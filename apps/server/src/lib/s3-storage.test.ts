import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { S3Storage } from './s3-storage';
import { openFileStorage } from './storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let s3: S3TestServer;
const opened: S3Storage[] = [];
const storageWith = (extra: Record<string, string> = {}) => {
  const storage = new S3Storage(s3.config(extra));
  opened.push(storage);
  return storage;
};

beforeAll(async () => {
  s3 = await startS3Server(4560);
});
afterAll(async () => {
  for (const storage of opened) storage.close();
  await s3.close();
});

describe('S3Storage on a real S3-compatible server', () => {
  it('stores an object with its content type, reads it back and deletes it', async () => {
    const storage = storageWith();
    const bytes = Buffer.from('not really a picture');
    await storage.put('abc123DEF_-.png', bytes, { contentType: 'image/png' });
    expect((await s3.objects()).get('abc123DEF_-.png')).toEqual({
      size: bytes.length,
      contentType: 'image/png',
    });

    const stored = await storage.get('abc123DEF_-.png');
    expect(stored?.byteSize).toBe(bytes.length);
    expect(await readAll(stored!.body)).toEqual(bytes);
    expect(await storage.head('abc123DEF_-.png')).toEqual({ byteSize: bytes.length });

    await storage.delete('abc123DEF_-.png');
    expect(await storage.get('abc123DEF_-.png')).toBeNull();
    expect(await storage.head('abc123DEF_-.png')).toBeNull();
    expect((await s3.objects()).has('abc123DEF_-.png')).toBe(false);
  });

  it('answers null for a missing object, and deleting one is not an error', async () => {
    const storage = storageWith();
    expect(await storage.get('never-stored.png')).toBeNull();
    await expect(storage.delete('never-stored.png')).resolves.toBeUndefined();
  });

  it('replaces an object put again under the same key', async () => {
    const storage = storageWith();
    await storage.put('again.jpg', Buffer.from('first'), { contentType: 'image/jpeg' });
    await storage.put('again.jpg', Buffer.from('second, longer'), { contentType: 'image/jpeg' });
    expect((await readAll((await storage.get('again.jpg'))!.body)).toString()).toBe('second, longer');
    await storage.delete('again.jpg');
  });

  it('keeps its objects under S3_PREFIX, apart from the same keys without it', async () => {
    const prefixed = storageWith({ S3_PREFIX: '/grip/uploads/' });
    const plain = storageWith();
    expect(prefixed.location).toBe('s3://grip-test/grip/uploads/');
    await prefixed.put('shared-name.webp', Buffer.from('under the prefix'), { contentType: 'image/webp' });
    expect([...(await s3.objects()).keys()]).toContain('grip/uploads/shared-name.webp');
    expect(await plain.get('shared-name.webp')).toBeNull();
    expect((await readAll((await prefixed.get('shared-name.webp'))!.body)).toString()).toBe(
      'under the prefix',
    );
    await prefixed.delete('shared-name.webp');
    expect((await s3.objects()).has('grip/uploads/shared-name.webp')).toBe(false);
  });

  it.each(['../escape.png', 'a/b.png', '.hidden', '', 'a\\b.png', 'x.png/', '..', 'name.with.dots.png'])(
    'refuses the key %j without asking the store',
    async (key) => {
      const storage = storageWith();
      const before = await s3.objects();
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'image/png' })).rejects.toThrow(
        'Invalid storage key',
      );
      await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
      expect(await s3.objects()).toEqual(before);
    },
  );

  it('reports a bucket that does not exist as an error, not as a missing file', async () => {
    const storage = new S3Storage({ ...s3.config(), bucket: 'no-such-bucket' });
    opened.push(storage);
    await expect(storage.get('anything.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(
      storage.put('anything.png', Buffer.from('x'), { contentType: 'image/png' }),
    ).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('signs with the configured key: a key the store does not know is refused', async () => {
    const storage = storageWith({ S3_ACCESS_KEY_ID: 'UNKNOWN-KEY' });
    await expect(
      storage.put('signed.png', Buffer.from('x'), { contentType: 'image/png' }),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect((await s3.objects()).has('signed.png')).toBe(false);
  });
});

describe('openFileStorage with S3_BUCKET', () => {
  it('opens the bucket instead of a directory, even when UPLOAD_DIR is set', async () => {
    const storage = await openFileStorage({
      uploadDir: '/nonexistent/uploads',
      dataDir: 'memory://',
      s3: s3.config({ S3_PREFIX: 'opened' }),
    });
    try {
      expect(storage.location).toBe('s3://grip-test/opened/');
      expect(storage.storage).toBeInstanceOf(S3Storage);
      await storage.storage.put('through-open.gif', Buffer.from('GIF'), { contentType: 'image/gif' });
      expect((await s3.objects()).get('opened/through-open.gif')).toMatchObject({ contentType: 'image/gif' });
      await storage.storage.delete('through-open.gif');
    } finally {
      await storage.close();
    }
  });
});
