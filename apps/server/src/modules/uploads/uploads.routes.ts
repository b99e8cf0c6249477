import fastifyMultipart from '@fastify/multipart';
import { IMAGE_UPLOAD_MAX_BYTES, uploadResponseSchema, validationMessage } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isHttpError, validationFailed } from '../../lib/errors.js';
import { bearerAuth, errorResponses, publicAccess } from '../../lib/openapi.js';
import { IMMUTABLE_CACHE_CONTROL } from '../../lib/web-app.js';
import { requireAuth } from '../auth/index.js';

const tags = ['uploads'];
/** "file must not exceed {max}" with the cap as people read it. */
const MAX_LABEL = `${IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB`;

/**
 * `POST /api/uploads`: one image in the multipart field `file` (ADR 016). Reading stops at
 * IMAGE_UPLOAD_MAX_BYTES; only JPEG, PNG, WebP and GIF pass, judged by their bytes.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploads } = app.services;
  // Only this plugin's routes take multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.post(
    '/uploads',
    {
      preHandler: app.requireVerified,
      schema: {
        operationId: 'uploadImage',
        tags,
        summary: 'Upload an image (JPEG, PNG, WebP or GIF; re-encoded without metadata)',
        description: `multipart/form-data with one file field \`file\`. 400 "Image type not supported" for other files, broken images or more than 40 million pixels; 400 with \`errors.file\` over ${MAX_LABEL}.`,
        security: bearerAuth,
        multipartBody: { files: { file: 'The image' } },
        response: { 201: uploadResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await uploads.checkLimit(auth);
      const tooLarge = () =>
        validationFailed({ file: validationMessage('fileTooLarge', { max: MAX_LABEL }) });
      const missing = () => validationFailed({ file: validationMessage('required') });
      const tooMany = () => validationFailed({ file: validationMessage('maxEntries', { max: 1 }) });
      if (!request.isMultipart()) throw missing();
      let bytes: Buffer | undefined;
      try {
        // Every part is read to the end of the body: a part after the file, or a body cut short,
        // is refused rather than left unread.
        for await (const part of request.parts()) {
          if (bytes !== undefined) throw tooMany();
          if (part.type !== 'file' || part.fieldname !== 'file') throw missing();
          bytes = await part.toBuffer();
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        if (
          error instanceof app.multipartErrors.FilesLimitError ||
          error instanceof app.multipartErrors.FieldsLimitError ||
          error instanceof app.multipartErrors.PartsLimitError
        ) {
          throw tooMany();
        }
        if (isHttpError(error)) throw error;
        // Busboy's own errors: no boundary, a malformed header, the body ending inside a part.
        throw validationFailed({ file: validationMessage('invalid') });
      }
      if (bytes === undefined) throw missing();
      return reply.code(201).send(await uploads.store(auth, bytes));
    },
  );
};

/**
 * `GET /uploads/{name}` outside `/api`, on the dashboard's and the public pages' hosts (ADR 043):
 * the stored bytes with an immutable cache lifetime, since a name never gets other bytes.
 */
export const uploadFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploads } = app.services;
  app.get(
    '/uploads/:name',
    {
      config: { hosts: 'served' },
      schema: {
        security: publicAccess,
        // A file route outside /api: the API document leaves it out like the dashboard's files.
        hide: true,
        tags,
        summary: 'An uploaded image',
        params: z.strictObject({ name: z.string().max(100) }),
        response: { 200: z.any().describe('The image bytes'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const image = await uploads.find(request.params.name);
      return (
        reply
          .type(image.content_type)
          .header('cache-control', IMMUTABLE_CACHE_CONTROL)
          .header('x-content-type-options', 'nosniff')
          // Public images: the viewer pages of any origin (and a CDN) may embed them.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(image.data)
      );
    },
  );
};
