import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { S3Storage } from '../lib/s3-storage';
import { contentTypeOfExtension } from '../modules/uploads/image-processing';
import { STORED_NAME } from '../modules/uploads/uploads.service';

/** Files sent at once: enough to hide the round trips, few enough to keep memory small (10 MB each at most). */
const AT_ONCE = 8;

export interface CopyReport {
  /** Put into the bucket by this run. */
  copied: number;
  /** Already in the bucket with the same size, so left as they are. */
  alreadyThere: number;
  /** Entries that are not uploads the server would serve (temporary files, folders, links, other names). */
  skipped: string[];
}

/** The directory the server keeps uploads in without a bucket: UPLOAD_DIR, else DATA_DIR/uploads. */
export function localUploadDir(config: Pick<Config, 'uploadDir' | 'dataDir'>): string | null {
  if (config.uploadDir) return config.uploadDir;
  return config.dataDir === 'memory://' ? null : path.join(config.dataDir, 'uploads');
}

/**
 * Puts every upload of the directory into the bucket under the same name, with the content type its
 * extension says (as the server serves it). One already there with the same size is not sent again,
 * so running it twice, or again after an interruption, only sends what is missing; names are
 * random and never reused, so the same name and size is the same file. Local files are only read.
 * Stops at the first error (a wrong key or bucket would fail every file alike); what was copied stays.
 */
export async function copyUploadsToBucket(
  dir: string,
  bucket: Pick<S3Storage, 'head' | 'put'>,
  onCopied: (name: string) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, skipped: [] };
  const queue: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const contentType = contentTypeOfExtension(entry.name.slice(entry.name.lastIndexOf('.') + 1));
    if (entry.isFile() && STORED_NAME.test(entry.name) && contentType) queue.push(entry.name);
    else report.skipped.push(entry.name);
  }
  queue.sort();

  let failed = false;
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined && !failed; name = queue.shift()) {
      try {
        const file = path.join(dir, name);
        const { size } = await fs.stat(file);
        const existing = await bucket.head(name);
        if (existing?.byteSize === size) {
          report.alreadyThere += 1;
          continue;
        }
        const contentType = contentTypeOfExtension(name.slice(name.lastIndexOf('.') + 1))!;
        await bucket.put(name, await fs.readFile(file), { contentType });
        report.copied += 1;
        onCopied(name);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: AT_ONCE }, worker));
  // A settled promise that failed is the one with a reason.
  const rejected = results.find((r): r is PromiseRejectedResult => 'reason' in r);
  if (rejected) throw new CopyStopped(report, rejected.reason);
  return report;
}

/** The run stopped at an error; `report` counts what was done before it. */
export class CopyStopped extends Error {
  constructor(
    readonly report: CopyReport,
    cause: unknown,
  ) {
    super(cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause), { cause });
  }
}
