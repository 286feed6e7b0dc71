/**
 * Copies the uploads kept in the local directory (UPLOAD_DIR, else DATA_DIR/uploads) into the bucket
 * the S3_ variables configure: `npm run uploads:to-s3`, with the same environment the server gets.
 * Safe to run while the server still serves from the directory, and again as often as needed (only
 * what is missing is sent); it never deletes a local file. Then restart the server with S3_BUCKET set.
 */
import { loadConfig, type Config } from '../config';
import type { CopyReport } from './copy-uploads';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail((error as Error).message, 2);
}
if (!config.s3) {
  fail(
    'S3_BUCKET is not set: set the S3_ variables the server will use (see the README), then run this again.',
    2,
  );
}
// Loaded after the checks above, so a setting to fix is reported at once.
const { copyUploadsToBucket, CopyStopped, localUploadDir } = await import('./copy-uploads');
const { S3Storage } = await import('../lib/s3-storage');
const dir = localUploadDir(config);
if (!dir)
  fail('DATA_DIR is memory:// and UPLOAD_DIR is not set: there is no upload directory to copy from.', 2);

const bucket = new S3Storage(config.s3);
const summary = (report: CopyReport) => {
  const lines = [
    `${report.copied} copied`,
    `${report.alreadyThere} already in the bucket (same size)`,
    `${report.skipped.length} skipped (not uploads)${report.skipped.length ? `: ${report.skipped.join(', ')}` : ''}`,
  ];
  return lines.map((line) => `  ${line}`).join('\n');
};

console.log(`Copying uploads from ${dir} to ${bucket.location}`);
try {
  const report = await copyUploadsToBucket(dir, bucket);
  console.log(summary(report));
  console.log(`Done. The local files are left in place: remove ${dir} once the server runs on the bucket.`);
} catch (error) {
  if (error instanceof CopyStopped) {
    console.error(`Stopped: ${error.message}\n${summary(error.report)}\nFix the cause and run it again.`);
  } else if ((error as { code?: unknown }).code === 'ENOENT') {
    console.error(`No upload directory at ${dir}: nothing to copy.`);
  } else {
    throw error;
  }
  process.exitCode = 1;
} finally {
  bucket.close();
}
