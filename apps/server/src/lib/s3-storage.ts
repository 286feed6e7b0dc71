import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Config } from '../config';
import { StorageUnavailable } from './errors';
import { isValidStorageKey, type FileStorage, type StoredFile } from './storage';

/**
 * Uploads in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Garage, …), one object per key,
 * under the configured prefix. The bucket stays private: the server reads the objects and serves
 * them itself with its own checks and headers (docs/decisions/025).
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3Config) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials ?? undefined,
      // Since 3.729 the SDK adds a CRC32 checksum to every upload and checks it on every download.
      // Several S3-compatible stores refuse those headers (Cloudflare R2 answered 501 for a while,
      // Backblaze B2, OVH; aws/aws-sdk-js-v3#6810); s3rver, in our tests, ignores them. TLS and the
      // signed Content-Length guard the bytes, so a checksum is sent only where an operation needs one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        // A store that cannot be reached fails the request in seconds, not at the OS's time-out.
        connectionTimeout: 5_000,
        // A download stalled this long (store or visitor gone) frees its connection.
        socketTimeout: 60_000,
        // Each image being served holds a connection until the visitor has it; the default 50
        // would queue everything behind a few slow phones.
        httpAgent: { keepAlive: true, maxSockets: 256 },
        httpsAgent: { keepAlive: true, maxSockets: 256 },
      },
    });
  }

  /** s3://bucket/prefix, for logs. */
  get location(): string {
    return `s3://${this.options.bucket}/${this.options.prefix}`;
  }

  async put(key: string, data: Buffer, options: { contentType: string }): Promise<void> {
    // One PutObject is atomic: readers see the old object, none, or the whole new one.
    await this.call((c) =>
      c.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: this.objectKey(key),
          Body: data,
          ContentType: options.contentType,
          ContentLength: data.length,
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    const objectKey = this.objectKey(key);
    try {
      const object = await this.call((c) =>
        c.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: objectKey })),
      );
      // In Node the body is the HTTP response itself (an IncomingMessage).
      if (!(object.Body instanceof Readable)) throw new Error(`No readable body for ${objectKey}`);
      if (object.ContentLength === undefined) {
        object.Body.destroy();
        throw new Error(`No Content-Length for ${objectKey}`);
      }
      return { body: object.Body, byteSize: object.ContentLength };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  /** The object's size, or null when there is none (for copying files in without sending them twice). */
  async head(key: string): Promise<{ byteSize: number } | null> {
    try {
      const object = await this.call((c) =>
        c.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) })),
      );
      return { byteSize: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      // S3 answers 204 for a key that is not there; some compatible stores answer 404.
      await this.call((c) =>
        c.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) })),
      );
    } catch (error) {
      if (!isMissingObject(error)) throw error;
    }
  }

  /**
   * One call to the store. The store unreachable, timing out or failing on its side (5xx) is an
   * outage: StorageUnavailable, answered 503. Its other answers (no such key, refused) pass as they are.
   */
  private async call<Output>(run: (client: S3Client) => Promise<Output>): Promise<Output> {
    try {
      return await run(this.client);
    } catch (error) {
      if (isOutage(error)) throw new StorageUnavailable(error);
      throw error;
    }
  }

  /** Closes the client's idle connections. */
  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return `${this.options.prefix}${key}`;
  }
}

/**
 * No such object. A missing bucket is a 404 too, but a configuration error that must be heard, not
 * answered as "no such file"; only HEAD, which has no body to say which, cannot tell them apart.
 */
function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  if (name === 'NoSuchKey' || name === 'NotFound') return true;
  return $metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket';
}

/** Network codes of a store that cannot be reached or dropped the connection. */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/** The store is unreachable, timed out, or answered 5xx (S3's InternalError, SlowDown, ServiceUnavailable). */
function isOutage(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } };
  if (typeof e.code === 'string' && OUTAGE_CODES.has(e.code)) return true;
  if (e.name === 'TimeoutError') return true;
  return (e.$metadata?.httpStatusCode ?? 0) >= 500;
}
