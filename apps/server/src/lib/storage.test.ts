import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isValidStorageKey, LocalDirectoryStorage, openFileStorage } from './storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'grip-storage-test-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('LocalDirectoryStorage', () => {
  it('stores, reads back and deletes a file, creating its directory on first use', async () => {
    const storage = new LocalDirectoryStorage(path.join(root, 'nested', 'uploads'));
    const bytes = Buffer.from('not really a picture');
    await storage.put('abc123DEF_-.png', bytes, { contentType: 'image/png' });

    const stored = await storage.get('abc123DEF_-.png');
    expect(stored?.byteSize).toBe(bytes.length);
    expect(await readAll(stored!.body)).toEqual(bytes);
    // Nothing but the file itself is left behind (no temporary files).
    expect(await fs.readdir(path.join(root, 'nested', 'uploads'))).toEqual(['abc123DEF_-.png']);

    await storage.delete('abc123DEF_-.png');
    expect(await storage.get('abc123DEF_-.png')).toBeNull();
    await expect(storage.delete('abc123DEF_-.png')).resolves.toBeUndefined();
  });

  it('answers null for a missing file, a directory or a symbolic link', async () => {
    const storage = new LocalDirectoryStorage(root);
    expect(await storage.get('missing.png')).toBeNull();
    await fs.mkdir(path.join(root, 'folder.png'));
    expect(await storage.get('folder.png')).toBeNull();
    const outside = path.join(os.tmpdir(), `grip-outside-${Date.now()}.txt`);
    await fs.writeFile(outside, 'secret');
    try {
      await fs.symlink(outside, path.join(root, 'link.png'));
      expect(await storage.get('link.png')).toBeNull();
    } finally {
      await fs.rm(outside, { force: true });
    }
  });

  it.each(['../escape.png', 'a/b.png', '.hidden', '', 'a\\b.png', 'x.png/', '..', 'name.with.dots.png'])(
    'refuses the key %j',
    async (key) => {
      const storage = new LocalDirectoryStorage(root);
      expect(isValidStorageKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'image/png' })).rejects.toThrow(
        'Invalid storage key',
      );
      await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
      expect(await fs.readdir(root)).toEqual([]);
    },
  );
});

describe('openFileStorage', () => {
  it('uses UPLOAD_DIR when set and leaves it in place on close', async () => {
    const dir = path.join(root, 'configured');
    const opened = await openFileStorage({ uploadDir: dir, dataDir: path.join(root, 'data') });
    expect(opened.location).toBe(dir);
    await opened.storage.put('kept.png', Buffer.from('x'), { contentType: 'image/png' });
    await opened.close();
    expect(await fs.readdir(dir)).toEqual(['kept.png']);
  });

  it('defaults to DATA_DIR/uploads', async () => {
    const opened = await openFileStorage({ uploadDir: undefined, dataDir: root });
    expect(opened.location).toBe(path.join(root, 'uploads'));
    expect((await fs.stat(opened.location)).isDirectory()).toBe(true);
    await opened.close();
    expect((await fs.stat(opened.location)).isDirectory()).toBe(true);
  });

  it('uses a fresh temporary directory with the in-memory database and removes it on close', async () => {
    const a = await openFileStorage({ uploadDir: undefined, dataDir: 'memory://' });
    const b = await openFileStorage({ uploadDir: undefined, dataDir: 'memory://' });
    expect(a.location).not.toBe(b.location);
    expect(path.dirname(a.location)).toBe(os.tmpdir());
    await a.storage.put('temp.png', Buffer.from('x'), { contentType: 'image/png' });
    await a.close();
    await b.close();
    await expect(fs.stat(a.location)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(fs.stat(b.location)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
