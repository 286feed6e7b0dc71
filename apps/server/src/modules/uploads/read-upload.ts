import { isOverUploadLimit } from '@grip/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, Invalid } from '../../lib/errors';
import { ImageTooLarge, NotAnImage, UPLOAD_MESSAGES } from './upload-rules';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const FILE_FIELD = 'file';

/**
 * Reads the one file of a multipart upload (field `file`) into memory, never more than maxBytes of
 * it: busboy stops filling at that size and marks a longer file truncated. A file must be smaller
 * than maxBytes (spec 2-customer §5 "smaller than 5 MB"), so one of exactly maxBytes is refused too
 * (isOverUploadLimit, the same rule the web checks before uploading). The whole body is consumed,
 * so a second file or a malformed body is refused rather than ignored.
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new NotAnImage(UPLOAD_MESSAGES.notMultipart);
  // A declared length far beyond the limit is refused before a byte of it is read.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw new ImageTooLarge(maxBytes);
  }

  let file: Buffer | null = null;
  let isTooLarge = false;
  try {
    const parts = request.parts({
      limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      isTooLarge = part.file.truncated;
      file = Buffer.concat(chunks);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') throw new Invalid(UPLOAD_MESSAGES.oneFileOnly);
    // Anything busboy refuses (no boundary, cut-off body, too many parts) is the client's doing.
    throw new Invalid(UPLOAD_MESSAGES.incomplete);
  }
  if (isTooLarge || (file && isOverUploadLimit(file.length, maxBytes))) throw new ImageTooLarge(maxBytes);
  if (!file) throw new Invalid(UPLOAD_MESSAGES.noFile);
  return file;
}
