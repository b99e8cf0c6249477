import { z } from 'zod';
import { attendanceSchema } from './attendance.js';
import { MAIL_STATUSES } from './access-mails.js';
import { singleLineText } from './validation.js';

/**
 * The viewer access lists of an event (docs/product-spec.md sections 2 and 3, ADR 026): who
 * registered, and what became of the mails sent to them.
 */

export const REGISTRATIONS_PAGE_SIZE_MAX = 100;
export const REGISTRATION_SORTS = ['newest', 'oldest', 'name', 'email'] as const;

/** `GET /events/{id}/registrations` and its export (without paging). */
export const registrationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REGISTRATIONS_PAGE_SIZE_MAX).default(25),
  sort: z.enum(REGISTRATION_SORTS).default('newest'),
  /** Searched in the name and the email address. */
  q: z.string().trim().max(200).optional(),
});
export type RegistrationsQuery = z.input<typeof registrationsQuerySchema>;

export const registrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The additional fields' values by field name (the event's `registrationFields`). */
  fields: z.record(z.string(), z.string()),
  /** Opens the page with access; in the verify mode it is also the verification link. */
  personalLink: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  /** The last mail about this registration, or null when none was sent. */
  mailStatus: z.enum(MAIL_STATUSES).nullable(),
  /** Null until they first open the page (ADR 066). */
  attendance: attendanceSchema.nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;

export const registrationsPageSchema = z.object({
  results: z.array(registrationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type RegistrationsPage = z.infer<typeof registrationsPageSchema>;

/** The ways a viewer's access was granted, as the login list names them (ADR 026). */
export const LOGIN_WAYS = ['code', 'registration', 'invitation', 'cip'] as const;
export type LoginWay = (typeof LOGIN_WAYS)[number];
export const LOGINS_PAGE_SIZE_MAX = 100;

/** `GET /events/{id}/logins` and its export (without paging). */
export const accessLoginsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LOGINS_PAGE_SIZE_MAX).default(25),
  way: z.enum(LOGIN_WAYS).optional(),
  /** Searched in the label (name, email address, username). */
  q: singleLineText({ max: 200, trim: true }).optional(),
});
export type AccessLoginsQuery = z.input<typeof accessLoginsQuerySchema>;

export const accessLoginSchema = z.object({
  id: z.string(),
  way: z.enum(LOGIN_WAYS),
  /** Who came in; empty for a code, whose viewers are anonymous. */
  label: z.string(),
  createdAt: z.string(),
});
export type AccessLogin = z.infer<typeof accessLoginSchema>;

export const accessLoginsPageSchema = z.object({
  results: z.array(accessLoginSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AccessLoginsPage = z.infer<typeof accessLoginsPageSchema>;
