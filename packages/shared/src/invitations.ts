import { z } from 'zod';
import { fields, singleLineText } from './validation.js';

/** Invitations of an event: who may sign in at its gate in the invitation mode (ADR 026). */
export const INVITATION_NAME_MAX = 200;
export const INVITATION_USERNAME_MAX = 254;
export const INVITATION_PASSWORD_MAX = 100;
export const INVITATIONS_PAGE_SIZE_MAX = 100;
/** The export's cap: an event holds at most this many invitations' worth of rows per request. */
export const INVITATIONS_EXPORT_MAX = 200_000;

export const INVITATION_SORTS = ['createdAt', 'name', 'email', 'logins'] as const;
export type InvitationSort = (typeof INVITATION_SORTS)[number];

/** The delivery state of an invitation's mail; null until one is sent (mails are a later slice). */
export const INVITATION_MAIL_STATUSES = [
  'queued',
  'accepted',
  'rejected',
  'failedtemporary',
  'failedpermanent',
  'delivered',
] as const;
export type InvitationMailStatus = (typeof INVITATION_MAIL_STATUSES)[number];

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
  mailStatus: z.enum(INVITATION_MAIL_STATUSES).nullable(),
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
