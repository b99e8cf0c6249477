import fastifyMultipart from '@fastify/multipart';
import {
  accessMailTextsSchema,
  ERROR_MESSAGES,
  mailSendRequestSchema,
  mailSendResultSchema,
  invitationImportFieldsSchema,
  invitationImportPreviewSchema,
  invitationImportReportSchema,
  INVITATIONS_IMPORT_MAX_BYTES,
  INVITATIONS_IMPORT_MAX_ROWS,
  validationMessage,
  invitationCreateSchema,
  invitationPatchSchema,
  invitationSchema,
  invitationsExportQuerySchema,
  invitationsPageSchema,
  invitationsQuerySchema,
  INVITATIONS_EXPORT_MAX,
  type InvitationImportReport,
} from '@livent/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, isHttpError, validationFailed } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/language.js';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { requireAuth } from '../auth/index.js';
import { csvResponseSchema, sendCsv } from '../../lib/csv.js';
import { eventParamsSchema } from '../../lib/route-params.js';

const tags = ['invitations'];
const IMPORT_MAX_LABEL = `${INVITATIONS_IMPORT_MAX_BYTES / (1024 * 1024)} MB`;
const IMPORT_FIELD_NAMES = Object.keys(invitationImportFieldsSchema.shape);
const invitationParamsSchema = eventParamsSchema.extend({
  invitationId: z.string().min(1).max(64),
});

/** The organisers' invitations of an event (docs/product-spec.md section 2, access/invitationlist; ADR 026). */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations } = app.services;
  const secured = { preHandler: app.authenticate };

  app.get(
    '/events/:id/invitations',
    {
      ...secured,
      schema: {
        operationId: 'listInvitations',
        tags,
        summary: "One page of the event's invitations, searched and sorted",
        description: 'Searched in name, email and username; sorted by one column, then the id.',
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: invitationsQuerySchema,
        response: { 200: invitationsPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => invitations.list(requireAuth(request), request.params.id, request.query),
  );

  app.get(
    '/events/:id/mail-texts',
    {
      ...secured,
      schema: {
        operationId: 'getMailTexts',
        tags,
        summary: 'The default texts of invitation and registration mails',
        description:
          "Subject and body of each, with their `{Name}`-style placeholders unfilled, in the event's language (German, or else English): what a mail says while the organiser's own text (`invitationMailSubject`… in the settings) is empty.",
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 200: accessMailTextsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => invitations.mailTexts(requireAuth(request), request.params.id),
  );

  app.post(
    '/events/:id/invitations/send',
    {
      ...secured,
      schema: {
        operationId: 'sendInvitationMails',
        tags,
        summary: 'Send the invitation mails',
        description:
          "`unsent`: to every invitation without a mail yet; `all`: to every invitation; `test`: one mail to the signed-in user's own address, filled with the first invitation's values and marked [Test] in the subject. The organiser's text from the settings or the default, in the event's language. Mails go through the outbox; each invitation's mail status shows in the list. Needs INVITATION_EMAILS (403); sends are limited per event, test mails per account (429).",
        security: bearerAuth,
        params: eventParamsSchema,
        body: mailSendRequestSchema,
        response: { 200: mailSendResultSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      invitations.sendMails(requireAuth(request), request.params.id, request.body.mode),
  );

  app.get(
    '/events/:id/invitations/export',
    {
      ...secured,
      schema: {
        operationId: 'exportInvitations',
        tags,
        summary: 'The searched and sorted invitations as CSV',
        description: `At most ${INVITATIONS_EXPORT_MAX} rows, in the user's CSV delimiter, headers in the dashboard's language; cells a spreadsheet would read as a formula start with \`'\`.`,
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: invitationsExportQuerySchema,
        response: {
          200: csvResponseSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const csv = await invitations.export(
        requireAuth(request),
        request.params.id,
        request.query,
        requestLanguage(request),
      );
      return sendCsv(reply, csv);
    },
  );

  app.post(
    '/events/:id/invitations',
    {
      ...secured,
      schema: {
        operationId: 'createInvitation',
        tags,
        summary: 'Add an invitation',
        description:
          'The username defaults to the email, an absent password is generated. A username or email another invitation of the event has answers 400 with the field.',
        security: bearerAuth,
        params: eventParamsSchema,
        body: invitationCreateSchema,
        response: { 201: invitationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const invitation = await invitations.create(
        requireAuth(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(invitation);
    },
  );

  app.patch(
    '/events/:id/invitations/:invitationId',
    {
      ...secured,
      schema: {
        operationId: 'updateInvitation',
        tags,
        summary: 'Change an invitation: only the fields given',
        description:
          '`renewPersonalLink: true` makes a new personal link. A new username, password or link ends the access the invitation gave so far.',
        security: bearerAuth,
        params: invitationParamsSchema,
        body: invitationPatchSchema,
        response: { 200: invitationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      invitations.update(
        requireAuth(request),
        request.params.id,
        request.params.invitationId,
        request.body,
      ),
  );

  app.delete(
    '/events/:id/invitations/:invitationId',
    {
      ...secured,
      schema: {
        operationId: 'deleteInvitation',
        tags,
        summary: 'Delete an invitation; the access it gave ends',
        security: bearerAuth,
        params: invitationParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await invitations.remove(
        requireAuth(request),
        request.params.id,
        request.params.invitationId,
      );
      return reply.code(204).send();
    },
  );

  // Only the import takes multipart bodies: its own scope registers the parser.
  await app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, {
      limits: {
        fileSize: INVITATIONS_IMPORT_MAX_BYTES,
        files: 1,
        fields: IMPORT_FIELD_NAMES.length,
        fieldSize: 4096,
        parts: IMPORT_FIELD_NAMES.length + 1,
      },
    });
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/events/:id/invitations/import',
      {
        ...secured,
        schema: {
          operationId: 'importInvitations',
          tags,
          summary: 'Import invitations from CSV, or preview the file',
          description: `multipart/form-data: the CSV in \`file\` (UTF-8 or UTF-16 by its byte order mark, UTF-8 without one when valid, else Windows-1252; delimiter \`,\` \`;\` or tab, detected), and the text fields \`importMode\`, \`passwordMode\`, \`tokenMode\`, \`mapping\` (JSON: column index → name, email, password or token; email required), \`hasHeader\` and \`preview\`. With \`preview=true\` the answer is the first rows, what was detected and how many rows the import would refuse with the given mapping and modes, and nothing changes. Otherwise the rows are written, all or nothing, and the answer reports each row (added, updated by email, unchanged, or refused with the field and a validation key); the replace mode deletes the invitations the file does not name. At most ${INVITATIONS_IMPORT_MAX_ROWS} rows (400) and ${IMPORT_MAX_LABEL} (413); a file that is no CSV answers 400 with \`errors.file\` naming the line. One import at a time per event (409 while another runs); imports and previews are rate limited per account (429).`,
          security: bearerAuth,
          multipartBody: {
            files: { file: 'The CSV file' },
            fields: invitationImportFieldsSchema,
          },
          params: eventParamsSchema,
          response: {
            200: z.union([invitationImportReportSchema, invitationImportPreviewSchema]),
            ...errorResponses(400, 401, 404, 409, 413, 429),
          },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const missing = () => validationFailed({ file: validationMessage('required') });
        if (!request.isMultipart()) throw missing();
        // A stranger's upload is not read: up to 20 MB buffered for nothing.
        await invitations.checkImport(auth, request.params.id);
        let bytes: Buffer | undefined;
        const values: Record<string, string> = {};
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || bytes !== undefined) {
                throw validationFailed({ [part.fieldname]: validationMessage('unknownField') });
              }
              bytes = await part.toBuffer();
            } else if (typeof part.value === 'string') {
              values[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          if (error instanceof scoped.multipartErrors.RequestFileTooLargeError) {
            throw new HttpError(413, ERROR_MESSAGES.validationFailed, {
              file: validationMessage('fileTooLarge', { max: IMPORT_MAX_LABEL }),
            });
          }
          if (isHttpError(error)) throw error;
          // Busboy's own errors and its limits: a malformed body or more parts than fields.
          throw validationFailed({ body: validationMessage('invalid') });
        }
        if (bytes === undefined) throw missing();
        const fields = invitationImportFieldsSchema.safeParse(values);
        if (!fields.success) {
          const errors: Record<string, string> = {};
          for (const issue of fields.error.issues) {
            const path = issue.path.join('.') || 'body';
            if (issue.code === 'unrecognized_keys') {
              for (const key of issue.keys) errors[key] ??= validationMessage('unknownField');
            } else errors[path] ??= issue.message;
          }
          throw validationFailed(errors);
        }
        const result = await invitations.import(auth, request.params.id, bytes, fields.data);
        if ('preview' in result) return result.preview;
        // The report of up to 100,000 rows comes checked and serialised from the import's
        // worker (ADR 046): sent as it is, it costs this thread nothing.
        return reply
          .type('application/json; charset=utf-8')
          .send(result.report as unknown as InvitationImportReport);
      },
    );
  });
};
