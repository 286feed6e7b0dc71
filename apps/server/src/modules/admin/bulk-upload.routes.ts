import multipart from '@fastify/multipart';
import {
  BULK_UPLOAD_MAX_BYTES,
  BULK_UPLOAD_MESSAGES,
  BULK_UPLOAD_PATH,
  BulkUploadResultSchema,
  isCsvFileName,
} from '@grip/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { AppError, Invalid } from '../../lib/errors';
import type { BusinessGeocoder } from '../profiles/business-profile.service';
import { importBusinesses, NoValidBusinesses } from './bulk-upload.service';
import { refuseNonAdministratorsWith, requireAdministrator } from './require-administrator';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const FILE_FIELD = 'file';

/** 413: the CSV is bigger than an upload may be. */
class CsvTooLarge extends AppError {
  constructor() {
    super(413, 'payload_too_large', BULK_UPLOAD_MESSAGES.tooLarge);
  }
}

/**
 * The one file of the multipart body (field `file`) and its name, never more than the limit in
 * memory: busboy stops filling at the limit and marks the file truncated.
 */
async function readCsvUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new Invalid(BULK_UPLOAD_MESSAGES.noFile);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > BULK_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new CsvTooLarge();
  }
  let upload: { fileName: string; bytes: Buffer } | null = null;
  let isTooLarge = false;
  try {
    const parts = request.parts({
      limits: {
        files: 1,
        fileSize: BULK_UPLOAD_MAX_BYTES,
        fields: 5,
        fieldSize: 1024,
        parts: 6,
        headerPairs: 100,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        continue;
      }
      // The name decides first (spec 3 §5): a .txt is refused before its bytes are read.
      if (!isCsvFileName(part.filename)) {
        part.file.resume();
        throw new Invalid(BULK_UPLOAD_MESSAGES.invalidFileType);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      isTooLarge = part.file.truncated;
      upload = { fileName: part.filename, bytes: Buffer.concat(chunks) };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT') {
      throw new Invalid('Please upload one CSV file at a time.');
    }
    throw new Invalid(BULK_UPLOAD_MESSAGES.uploadFailed);
  }
  if (isTooLarge) throw new CsvTooLarge();
  if (!upload) throw new Invalid(BULK_UPLOAD_MESSAGES.noFile);
  return upload;
}

/**
 * POST /api/admin/businesses/bulk (spec 3 Admin dashboard, bulk upload): an administrator uploads a
 * CSV of businesses as multipart/form-data (field `file`, its name must end in .csv) and hears how
 * many were created, which rows failed and why, and how many blank or comment lines were skipped.
 * Registered by buildApp with `{ db, auth, geocoder }`. Multipart parsing is registered inside this
 * plugin only.
 */
export async function adminBulkUploadRoutes(
  app: FastifyInstance,
  opts: { db: Db; auth: Auth; geocoder?: BusinessGeocoder },
) {
  refuseNonAdministratorsWith(app, BULK_UPLOAD_MESSAGES.administratorsOnly);
  await app.register(multipart, { throwFileSizeLimit: false });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    BULK_UPLOAD_PATH,
    {
      // Only administrators get as far as the body.
      onRequest: async (request) => {
        await requireAdministrator(request, opts.db, BULK_UPLOAD_MESSAGES.administratorsOnly);
      },
      schema: {
        tags: ['admin'],
        description:
          'A CSV of businesses as multipart/form-data in the field "file" (name ending in .csv, at most ' +
          '2 MB). Columns in order: email, password, business_name, display_name, phone, address, ' +
          'website, google_reviews_url, description, service_categories, service_area_km, ' +
          'notification_preferences, notification_email. 400 "No valid businesses found" carries ' +
          'the per-row reasons in `failed`.',
        consumes: ['multipart/form-data'],
        response: { 200: BulkUploadResultSchema },
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await readCsvUpload(request);
      try {
        return await importBusinesses(
          { db: opts.db, auth: opts.auth, geocoder: opts.geocoder, log: request.log },
          { fileName, text: new TextDecoder('utf-8').decode(bytes) },
        );
      } catch (error) {
        if (error instanceof NoValidBusinesses) {
          // Not the route's 200 shape, and not declared as a 400 schema either: the error handler's
          // other 400 answers ({ error, message, fields }) must not go through it.
          return (reply as unknown as FastifyReply).status(400).send({
            error: 'invalid',
            message: error.message,
            failed: error.failed,
            skipped: error.skipped,
          });
        }
        throw error;
      }
    },
  );
}
