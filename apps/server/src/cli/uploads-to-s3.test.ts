import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3Storage } from '../lib/s3-storage';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { copyUploadsToBucket, CopyStopped, localUploadDir } from './copy-uploads';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Names the server makes (24 random base64url characters and the format's extension). */
const PHOTO = 'AAAAAAAAAAAAAAAAAAAAAAAA.png';
const PROOF = 'BBBBBBBBBBBBBBBBBBBBBBBB.jpg';
const AVATAR = 'CCCCCCCCCCCCCCCCCCCCCCCC.webp';

let s3: S3TestServer;
let dataDir: string;
let uploadDir: string;
const opened: S3Storage[] = [];
const bucketWith = (extra: Record<string, string> = {}) => {
  const storage = new S3Storage(s3.config(extra));
  opened.push(storage);
  return storage;
};

beforeAll(async () => {
  s3 = await startS3Server(4562);
});
afterAll(async () => {
  for (const storage of opened) storage.close();
  await s3.close();
});

/** A data directory whose uploads/ holds three uploads and three things that are not. */
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'grip-uploads-to-s3-'));
  uploadDir = path.join(dataDir, 'uploads');
  await fs.mkdir(path.join(uploadDir, 'nested'), { recursive: true });
  await fs.writeFile(path.join(uploadDir, PHOTO), 'photo bytes');
  await fs.writeFile(path.join(uploadDir, PROOF), 'proof photo bytes');
  await fs.writeFile(path.join(uploadDir, AVATAR), 'avatar');
  await fs.writeFile(path.join(uploadDir, '.tmp-0123456789abcdef'), 'half written');
  await fs.writeFile(path.join(uploadDir, 'notes.txt'), 'not an upload');
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function localFiles() {
  return (await fs.readdir(uploadDir)).sort();
}

async function objectsUnder(prefix: string) {
  const all = await s3.objects();
  return new Map(
    [...all].filter(([key]) => key.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]),
  );
}

describe('copyUploadsToBucket', () => {
  it('puts every upload into the bucket with its content type, once, and leaves the directory as it was', async () => {
    const bucket = bucketWith({ S3_PREFIX: 'copy-once' });
    const before = await localFiles();

    const first = await copyUploadsToBucket(uploadDir, bucket);
    expect(first).toEqual({
      copied: 3,
      alreadyThere: 0,
      skipped: expect.arrayContaining(['.tmp-0123456789abcdef', 'nested', 'notes.txt']),
    });
    expect(first.skipped).toHaveLength(3);
    expect(await objectsUnder('copy-once/')).toEqual(
      new Map([
        [PHOTO, { size: 11, contentType: 'image/png' }],
        [PROOF, { size: 17, contentType: 'image/jpeg' }],
        [AVATAR, { size: 6, contentType: 'image/webp' }],
      ]),
    );
    expect(await localFiles()).toEqual(before);

    const second = await copyUploadsToBucket(uploadDir, bucket);
    expect(second).toMatchObject({ copied: 0, alreadyThere: 3 });
    expect(await localFiles()).toEqual(before);
  });

  it('sends again an object whose size differs (a copy cut short), and only that one', async () => {
    const bucket = bucketWith({ S3_PREFIX: 'copy-again' });
    await bucket.put(PHOTO, Buffer.from('photo'), { contentType: 'image/png' });
    await bucket.put(PROOF, Buffer.from('proof photo bytes'), { contentType: 'image/jpeg' });
    const copied: string[] = [];
    const report = await copyUploadsToBucket(uploadDir, bucket, (name) => copied.push(name));
    expect(report).toMatchObject({ copied: 2, alreadyThere: 1 });
    expect(copied.sort()).toEqual([PHOTO, AVATAR].sort());
    expect((await objectsUnder('copy-again/')).get(PHOTO)).toEqual({ size: 11, contentType: 'image/png' });
  });

  it('stops at an error, saying what was done before it', async () => {
    const missing = new S3Storage({ ...s3.config(), bucket: 'no-such-bucket' });
    opened.push(missing);
    const error = await copyUploadsToBucket(uploadDir, missing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CopyStopped);
    expect((error as CopyStopped).message).toMatch(/NoSuchBucket/);
    expect((error as CopyStopped).report).toMatchObject({ copied: 0, alreadyThere: 0 });
    expect(await localFiles()).toHaveLength(6);
  });

  it('reads UPLOAD_DIR, else DATA_DIR/uploads', () => {
    expect(localUploadDir({ uploadDir: '/srv/uploads', dataDir: '/var/lib/grip' })).toBe('/srv/uploads');
    expect(localUploadDir({ uploadDir: undefined, dataDir: '/var/lib/grip' })).toBe('/var/lib/grip/uploads');
    expect(localUploadDir({ uploadDir: undefined, dataDir: 'memory://' })).toBeNull();
  });
});

/** Runs the command as `npm run uploads:to-s3` does (tsx on the source), with only `env` set. */
function runCommand(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'uploads-to-s3.ts')], {
    env: { PATH: process.env.PATH ?? '', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run uploads:to-s3', () => {
  it('moves the uploads of DATA_DIR/uploads into the configured bucket, and a second run sends nothing', async () => {
    const env = s3.env({ DATA_DIR: dataDir, S3_PREFIX: 'moved' });
    const first = await runCommand(env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Copying uploads from ${uploadDir} to s3://grip-test/moved/`);
    expect(first.stdout).toContain('3 copied');
    expect(first.stdout).toContain('3 skipped (not uploads)');
    expect([...(await objectsUnder('moved/')).keys()].sort()).toEqual([PHOTO, PROOF, AVATAR].sort());

    const second = await runCommand(env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('0 copied');
    expect(second.stdout).toContain('3 already in the bucket (same size)');
    expect(await localFiles()).toHaveLength(6);
  }, 60_000);

  it('refuses to start without S3_BUCKET, and names a bad setting', async () => {
    const unset = await runCommand({ DATA_DIR: dataDir });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain('S3_BUCKET is not set');

    const bad = await runCommand(s3.env({ DATA_DIR: dataDir, S3_FORCE_PATH_STYLE: 'maybe' }));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('S3_FORCE_PATH_STYLE: use true or false');
  }, 60_000);
});
