import multipart from '@fastify/multipart';
import { UploadedImageSchema } from '@grip/domain';
import { UPLOAD_MAX_BYTES, UPLOAD_PURPOSES } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { NotFound } from '../../lib/errors';
import { openFileStorage } from '../../lib/storage';
import { contentTypeOfExtension } from './image-processing';
import { readUploadedFile } from './read-upload';
import { UPLOAD_MESSAGES } from './upload-rules';
import { STORED_NAME, storeImageUpload } from './uploads.service';

/** Uploads per signed-in user per minute: generous for a form with several photos, cheap to enforce. */
const UPLOADS_PER_MINUTE = 60;

/**
 * POST /api/uploads stores one image; GET /uploads/<name> serves it. Multipart parsing is registered
 * inside this plugin only, so every other route keeps taking JSON alone.
 */
export async function uploadRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const opened = await openFileStorage(opts.config);
  app.addHook('onClose', () => opened.close());
  const { storage } = opened;
  const limiter = app.grip.limits.limit('uploads', UPLOADS_PER_MINUTE, 60);

  await app.register(multipart, { throwFileSizeLimit: false });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/uploads',
    {
      // Signed-out callers hear 401 before anything else is looked at, and before the body is read.
      onRequest: async (request) => {
        await request.requireSession();
      },
      schema: {
        tags: ['uploads'],
        description:
          'One image (JPEG, PNG, GIF or WebP) as multipart/form-data in the field "file". It is ' +
          're-encoded without its metadata and stored under a random name.',
        consumes: ['multipart/form-data'],
        querystring: z.object({
          purpose: z
            .enum(UPLOAD_PURPOSES, { error: UPLOAD_MESSAGES.unknownPurpose })
            .default('request_image'),
        }),
        response: { 201: UploadedImageSchema },
      },
    },
    async (request, reply) => {
      const { user } = await request.requireSession();
      await limiter.enforce(user.id, reply, UPLOAD_MESSAGES.rateLimited);
      const { purpose } = request.query;
      const bytes = await readUploadedFile(request, UPLOAD_MAX_BYTES[purpose]);
      const image = await storeImageUpload({ db: opts.db, storage }, { userId: user.id }, purpose, bytes);
      return reply.status(201).send(image);
    },
  );

  // Public on purpose: names carry 144 random bits, so a URL is only known to those it was shared
  // with (the request's viewers), and <img> tags cannot send credentials to a CDN or proxy anyway.
  typed.get(
    '/uploads/*',
    { schema: { tags: ['uploads'], params: z.object({ '*': z.string() }) } },
    async (request, reply) => {
      const name = request.params['*'];
      // Only server-made names are looked up: no separators, no dot files, nothing to traverse with.
      const extension = STORED_NAME.test(name) ? name.slice(name.lastIndexOf('.') + 1) : null;
      const contentType = extension ? contentTypeOfExtension(extension) : null;
      if (!contentType) throw new NotFound(UPLOAD_MESSAGES.notFound);
      const file = await storage.get(name);
      if (!file) throw new NotFound(UPLOAD_MESSAGES.notFound);
      return (
        reply
          .header('content-type', contentType)
          .header('content-length', String(file.byteSize))
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // Even if a browser were talked into rendering the bytes as a page, it could run nothing.
          .header(
            'content-security-policy',
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
          )
          .send(file.body)
      );
    },
  );
}
