import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { loadConfig, type S3Config } from '../config';

/**
 * s3rver's one key (node_modules/s3rver/lib/models/account.js). It refuses other key ids but does not
 * verify version 4 signatures, so a wrong secret goes unnoticed here (a real store refuses it).
 */
const ACCESS_KEY = 'S3RVER';

/**
 * A real S3-compatible server on loopback (s3rver, in this process), keeping its objects in a fresh
 * temporary directory, with one empty bucket. Each test file gives its own port.
 */
export async function startS3Server(port: number, bucket = 'grip-test') {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'grip-s3rver-'));
  const make = () =>
    new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
  let server = make();
  await server.run();
  /** The variables that point Grip at this server (S3_PREFIX and others added by the test). */
  const env = (extra: Record<string, string> = {}): Record<string, string> => ({
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    ...extra,
  });
  // The tests' own view of the bucket, through the S3 API rather than the code under test.
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    bucket,
    env,
    /** Every object in the bucket, by key, with its size and content type. */
    async objects(): Promise<Map<string, { size: number; contentType: string | undefined }>> {
      const list = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      const found = new Map<string, { size: number; contentType: string | undefined }>();
      for (const { Key } of list.Contents ?? []) {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        found.set(Key!, { size: head.ContentLength ?? -1, contentType: head.ContentType });
      }
      return found;
    },
    /** The parsed configuration of env(extra), as the server would read it. */
    config: (extra: Record<string, string> = {}): S3Config => loadConfig(env(extra)).s3!,
    /** Stops answering (the store is down); its objects stay for start(). */
    async stop() {
      await server.close();
    },
    /** Answers again, with the objects it had. */
    async start() {
      server = make();
      await server.run();
    },
    async close() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
