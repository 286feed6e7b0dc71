import { randomBytes } from 'node:crypto';
import type { UploadedImage } from '@grip/domain';
import type { Db, Tx } from '../../db/client';
import { Invalid } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { reencodeImage } from './image-processing';
import { insertUpload, ownedStorageKeys } from './uploads.repository';
import type { UploadPurpose } from '@grip/domain';

/**
 * Stored names: 144 random bits, URL-safe, with the extension of the re-encoded format. Matches the
 * domain's UPLOADED_IMAGE_PATH, so only names of this shape are ever looked up.
 */
export const STORED_NAME = /^[A-Za-z0-9_-]{8,64}\.(jpg|jpeg|png|gif|webp)$/;
const URL_PREFIX = '/uploads/';

export const urlOfStoredName = (name: string) => `${URL_PREFIX}${name}`;

/** The stored name of an /uploads/<name> URL, or null when the URL is not one of ours. */
export function storedNameOfUrl(url: string): string | null {
  if (!url.startsWith(URL_PREFIX)) return null;
  const name = url.slice(URL_PREFIX.length);
  return STORED_NAME.test(name) ? name : null;
}

/**
 * Checks the image, re-encodes it, stores it under a fresh random name and records it. The bytes are
 * written before the row; if the row cannot be written the file is removed again, so a refused or
 * failed upload leaves nothing behind.
 */
export async function storeImageUpload(
  deps: { db: Db; storage: FileStorage },
  owner: { userId: string },
  purpose: UploadPurpose,
  bytes: Buffer,
): Promise<UploadedImage> {
  const image = await reencodeImage(bytes);
  const name = `${randomBytes(18).toString('base64url')}.${image.extension}`;
  await deps.storage.put(name, image.data, { contentType: image.contentType });
  try {
    await insertUpload(deps.db, {
      ownerId: owner.userId,
      purpose,
      storageKey: name,
      contentType: image.contentType,
      byteSize: image.data.length,
      width: image.width,
      height: image.height,
    });
  } catch (error) {
    await deps.storage.delete(name);
    throw error;
  }
  return {
    url: urlOfStoredName(name),
    width: image.width,
    height: image.height,
    contentType: image.contentType,
    byteSize: image.data.length,
  };
}

/**
 * For modules that save image URLs (request photos, offers, proof): every URL must be an image this
 * user uploaded through Grip, so nobody attaches another person's files or an address of their own.
 */
export async function assertOwnUploads(
  db: Db | Tx,
  userId: string,
  urls: readonly string[],
  message = 'Please upload images through Grip',
): Promise<void> {
  const names = urls.map(storedNameOfUrl);
  if (names.some((n) => n === null)) throw new Invalid(message);
  const unique = [...new Set(names as string[])];
  const owned = await ownedStorageKeys(db, userId, unique);
  if (owned.size !== unique.length) throw new Invalid(message);
}
