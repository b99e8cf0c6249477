import { z } from 'zod';
import { attendanceSchema } from './attendance.js';
import { MAIL_STATUSES } from './access-mails.js';
import { fields, singleLineText, validationMessage } from './validation.js';

/** Invitations of an event: who may sign in at its gate in the invitation mode (ADR 026). */
export const INVITATION_NAME_MAX = 200;
export const INVITATION_USERNAME_MAX = 254;
export const INVITATION_PASSWORD_MAX = 100;
export const INVITATIONS_PAGE_SIZE_MAX = 100;
/** The export's cap: an event holds at most this many invitations' worth of rows per request. */
export const INVITATIONS_EXPORT_MAX = 200_000;

export const INVITATION_SORTS = ['createdAt', 'name', 'email', 'logins'] as const;
export type InvitationSort = (typeof INVITATION_SORTS)[number];

export const invitationSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  /** Shown to the organiser, who hands it out: an event access password, not an account's. */
  password: z.string(),
  personalLink: z.string(),
  logins: z.number().int(),
  lastLoginAt: z.string().nullable(),
  /** The status of the last mail sent to this invitation; null until one is sent. */
  mailStatus: z.enum(MAIL_STATUSES).nullable(),
  /** Null until they first open the page (ADR 066). */
  attendance: attendanceSchema.nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(INVITATIONS_PAGE_SIZE_MAX).default(25),
  sort: z.enum(INVITATION_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Searched in the name, the email and the username. */
  q: z.string().trim().max(200).optional(),
});
export type InvitationsQuery = z.input<typeof invitationsQuerySchema>;

/** The export takes the list's sort and search, without paging. */
export const invitationsExportQuerySchema = invitationsQuerySchema.omit({
  page: true,
  pageSize: true,
});

export const invitationsPageSchema = z.object({
  results: z.array(invitationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type InvitationsPage = z.infer<typeof invitationsPageSchema>;

const username = () =>
  singleLineText({ min: 1, max: INVITATION_USERNAME_MAX, trim: true }).transform((value) =>
    value.toLowerCase(),
  );
const password = () => singleLineText({ min: 1, max: INVITATION_PASSWORD_MAX, trim: true });

/**
 * `POST /events/{id}/invitations`. The username defaults to the email, an empty password gets a
 * generated one. Usernames are compared without case (stored in lower case), like emails.
 */
export const invitationCreateSchema = z.strictObject({
  name: singleLineText({ min: 1, max: INVITATION_NAME_MAX, trim: true }),
  email: fields.email(),
  username: username().optional(),
  password: password().optional(),
});
export type InvitationCreate = z.input<typeof invitationCreateSchema>;

/** `PATCH /events/{id}/invitations/{invitationId}`: only what changes. */
export const invitationPatchSchema = z.strictObject({
  name: singleLineText({ min: 1, max: INVITATION_NAME_MAX, trim: true }).optional(),
  email: fields.email().optional(),
  username: username().optional(),
  password: password().optional(),
  /** A new personal link: the old one stops working, and so does the access it gave. */
  renewPersonalLink: z.literal(true).optional(),
});
export type InvitationPatch = z.input<typeof invitationPatchSchema>;

/**
 * The CSV import (ADR 026, "Import"): `POST /events/{id}/invitations/import`, multipart with the
 * file in `file` and the fields below as text parts.
 */
export const INVITATIONS_IMPORT_MAX_ROWS = 100_000;
export const INVITATIONS_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const INVITATIONS_IMPORT_PREVIEW_ROWS = 10;

export const INVITATION_IMPORT_MODES = ['add', 'replace'] as const;
export const INVITATION_IMPORT_PASSWORD_MODES = [
  'default',
  'import',
  'generate',
  'remove',
] as const;
export const INVITATION_IMPORT_TOKEN_MODES = ['default', 'import', 'generate'] as const;
export const INVITATION_IMPORT_COLUMNS = ['name', 'email', 'password', 'token'] as const;
export type InvitationImportColumn = (typeof INVITATION_IMPORT_COLUMNS)[number];
export const INVITATION_IMPORT_DELIMITERS = [',', ';', '\t'] as const;
export const INVITATION_IMPORT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
] as const;

const flag = () => z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * The column mapping: a JSON object from a column's index (0-based) to what it holds, e.g.
 * `{"0":"name","2":"email"}`. Each target at most once; the email is required (checked by the
 * service, since a preview needs no mapping). Absent: the preview's guess.
 */
export const invitationImportMappingSchema = z
  .record(z.string().regex(/^\d{1,3}$/), z.enum(INVITATION_IMPORT_COLUMNS))
  .refine((mapping) => new Set(Object.values(mapping)).size === Object.values(mapping).length, {
    error: validationMessage('invalid'),
  });
export type InvitationImportMapping = z.infer<typeof invitationImportMappingSchema>;

export const invitationImportFieldsSchema = z.strictObject({
  /** add: adds new ones and updates existing ones by email; replace: also deletes all others. */
  importMode: z.enum(INVITATION_IMPORT_MODES).default('add'),
  /** default: keep existing, generate for new; import: the column (empty cells as default); generate: new for all; remove: none (only the personal link signs in). */
  passwordMode: z.enum(INVITATION_IMPORT_PASSWORD_MODES).default('default'),
  /** default: keep existing, new for new; import: the column (empty cells as default); generate: new for all. */
  tokenMode: z.enum(INVITATION_IMPORT_TOKEN_MODES).default('default'),
  mapping: z
    .string()
    .max(2000)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: validationMessage('invalid') });
        return z.NEVER;
      }
    })
    .pipe(invitationImportMappingSchema)
    .optional(),
  /** Whether the first line holds column names; detected when absent. */
  hasHeader: flag().optional(),
  /** `true`: nothing is written; the answer is the first rows, what was detected and how many rows the import would refuse. */
  preview: flag().optional(),
});
export type InvitationImportFields = z.input<typeof invitationImportFieldsSchema>;

const detectedSchema = {
  delimiter: z.enum(INVITATION_IMPORT_DELIMITERS),
  encoding: z.enum(INVITATION_IMPORT_ENCODINGS),
  /** Some bytes were no characters of the encoding and show as U+FFFD: the dashboard warns. */
  replacedCharacters: z.boolean(),
  hasHeader: z.boolean(),
};

export const invitationImportPreviewSchema = z.object({
  ...detectedSchema,
  /** The first line's cells when it holds column names, else null. */
  headers: z.array(z.string()).nullable(),
  /** The first data rows (at most INVITATIONS_IMPORT_PREVIEW_ROWS). */
  rows: z.array(z.array(z.string())),
  /** Data rows in the file. */
  totalRows: z.number().int(),
  /** A mapping guessed from the column names or, without them, from the cells. */
  mapping: invitationImportMappingSchema,
  /**
   * Data rows the import would refuse (an invalid or duplicate email, a name too long, …) with
   * the request's mapping and modes, else the guessed mapping and the default modes.
   */
  refused: z.number().int(),
});
export type InvitationImportPreview = z.infer<typeof invitationImportPreviewSchema>;

export const INVITATION_IMPORT_RESULTS = ['added', 'updated', 'unchanged', 'refused'] as const;
export type InvitationImportResult = (typeof INVITATION_IMPORT_RESULTS)[number];

export const invitationImportReportRowSchema = z.object({
  /** The row's first line in the file (1-based, the header counted). */
  line: z.number().int(),
  email: z.string(),
  name: z.string(),
  result: z.enum(INVITATION_IMPORT_RESULTS),
  /** For refused rows: the field and a validation message key (`validation.email`, `validation.duplicateInFile`, …). */
  field: z.string().optional(),
  reason: z.string().optional(),
});
export type InvitationImportReportRow = z.infer<typeof invitationImportReportRowSchema>;

export const invitationImportReportSchema = z.object({
  ...detectedSchema,
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** Deleted in the replace mode. */
  removed: z.number().int(),
  report: z.array(invitationImportReportRowSchema),
});
export type InvitationImportReport = z.infer<typeof invitationImportReportSchema>;
