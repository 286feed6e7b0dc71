import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';

/** A stored file opened for reading. */
export interface StoredFile {
  body: Readable;
  byteSize: number;
}

/**
 * Where uploaded bytes live. Keys are flat names chosen by the server (never by a client), so an
 * S3-compatible implementation can map them to object keys one to one.
 */
export interface FileStorage {
  /** Stores the bytes under the key; readers never see a partly written file. */
  put(key: string, data: Buffer, options: { contentType: string }): Promise<void>;
  /** Opens the file for reading, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * A key is one path segment: letters, digits, '_' and '-', with an optional extension. No dots at the
 * start (temporary files start with one) and no separators, so a key can never leave the directory.
 */
const KEY = /^[A-Za-z0-9_-]{1,128}(\.[A-Za-z0-9]{1,10})?$/;

export function isValidStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** Files in one local directory: the default, fine for one machine or a shared volume. */
export class LocalDirectoryStorage implements FileStorage {
  private ready: Promise<void> | null = null;

  constructor(readonly root: string) {}

  // The content type matters to object stores; a local file is served by its extension instead.
  async put(key: string, data: Buffer, _options?: { contentType: string }): Promise<void> {
    const target = this.pathOf(key);
    await this.ensureRoot();
    // Written aside and renamed into place: a crash mid-write never leaves a half file under the key.
    const temporary = path.join(this.root, `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await fs.writeFile(temporary, data, { flag: 'wx', mode: 0o644 });
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    let handle: fs.FileHandle;
    try {
      // O_NOFOLLOW: a symbolic link placed in the directory is not followed out of it.
      handle = await fs.open(file, fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return { body: handle.createReadStream(), byteSize: stat.size };
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return path.join(this.root, key);
  }

  private ensureRoot(): Promise<void> {
    this.ready ??= fs.mkdir(this.root, { recursive: true }).then(
      () => undefined,
      (error: unknown) => {
        this.ready = null;
        throw error;
      },
    );
    return this.ready;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}

export interface OpenedStorage {
  storage: FileStorage;
  /** Where the files are (for logs and tests). */
  location: string;
  /** Releases what opening took: removes the temporary directory of an in-memory setup. */
  close(): Promise<void>;
}

/**
 * The storage the configuration asks for: the S3-compatible bucket when S3_BUCKET is set, else
 * UPLOAD_DIR, else DATA_DIR/uploads. With the in-memory database ('memory://', tests) files go to a
 * fresh temporary directory that close() removes, so nothing outlives the process.
 */
export async function openFileStorage(
  config: Pick<Config, 'uploadDir' | 'dataDir'> & Partial<Pick<Config, 's3'>>,
): Promise<OpenedStorage> {
  if (config.s3) {
    // Loaded only when configured: most installations never need the AWS SDK in memory.
    const { S3Storage } = await import('./s3-storage');
    const storage = new S3Storage(config.s3);
    return { storage, location: storage.location, close: async () => storage.close() };
  }
  if (config.uploadDir) {
    await fs.mkdir(config.uploadDir, { recursive: true });
    return { storage: new LocalDirectoryStorage(config.uploadDir), location: config.uploadDir, close: noop };
  }
  if (config.dataDir === 'memory://') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'grip-uploads-'));
    return {
      storage: new LocalDirectoryStorage(dir),
      location: dir,
      close: () => fs.rm(dir, { recursive: true, force: true }),
    };
  }
  const dir = path.join(config.dataDir, 'uploads');
  await fs.mkdir(dir, { recursive: true });
  return { storage: new LocalDirectoryStorage(dir), location: dir, close: noop };
}

const noop = async () => {};
