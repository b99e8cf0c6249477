import { z } from 'zod';
import { multiLineText, singleLineText, validationMessage } from './validation.js';

/**
 * The invitation and registration emails of an event (docs/product-spec.md sections 3-5,
 * ADR 026 "Invitation and registration emails"): the organiser's texts with placeholders, the
 * send modes and the mail status shown in both lists.
 */

/** A mail's way through the outbox (docs/product-spec.md section 3, "Mail status"; ADR 012). */
export const MAIL_STATUSES = [
  'queued',
  'accepted',
  'rejected',
  'failedtemporary',
  'failedpermanent',
  'delivered',
] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** What an invitation mail may name (docs/product-spec.md section 5), written `{Name}` etc. */
export const INVITATION_MAIL_PLACEHOLDERS = [
  'Name',
  'Username',
  'Password',
  'PersonalLink',
  'EventName',
  'EventLink',
] as const;
export type InvitationMailPlaceholder = (typeof INVITATION_MAIL_PLACEHOLDERS)[number];

/** What a registration mail may name. */
export const REGISTRATION_MAIL_PLACEHOLDERS = [
  'Name',
  'Email',
  'PersonalLink',
  'EventName',
  'EventLink',
] as const;
export type RegistrationMailPlaceholder = (typeof REGISTRATION_MAIL_PLACEHOLDERS)[number];

export const ACCESS_MAIL_SUBJECT_MAX = 200;
export const ACCESS_MAIL_BODY_MAX = 5000;

/**
 * A placeholder is a name of letters in braces, `{Name}`; any other brace is plain text. Names
 * are compared exactly, so `{name}` is refused as unknown rather than silently left in the mail.
 */
const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/**
 * The template with each known placeholder replaced by its value, in one pass: a value that
 * itself holds `{Name}` is not expanded again. A placeholder without a value stays as written.
 */
export function fillPlaceholders(
  template: string,
  values: Readonly<Partial<Record<string, string>>>,
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? whole) : whole,
  );
}

/** The placeholders the template names that are not in `allowed`, each once, in order. */
export function unknownPlaceholders(template: string, allowed: readonly string[]): string[] {
  const unknown: string[] = [];
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (name !== undefined && !allowed.includes(name) && !unknown.includes(name)) {
      unknown.push(name);
    }
  }
  return unknown;
}

const braced = (name: string) => `{${name}}`;

/** `validation.unknownPlaceholder?placeholder={Foo}&allowed={Name}, {Email}…` for the first unknown one. */
export function unknownPlaceholderMessage(
  template: string,
  allowed: readonly string[],
): string | undefined {
  const [first] = unknownPlaceholders(template, allowed);
  return first === undefined
    ? undefined
    : validationMessage('unknownPlaceholder', {
        placeholder: braced(first),
        allowed: allowed.map(braced).join(', '),
      });
}

const withPlaceholders = <T extends z.ZodType<string>>(schema: T, allowed: readonly string[]) =>
  schema.superRefine((value, context) => {
    const message = unknownPlaceholderMessage(value, allowed);
    if (message) context.addIssue({ code: 'custom', message });
  });

/**
 * The settings fields of the mail texts (`invitationMailSubject`…): one line for a subject, several
 * for a body; empty means the default text in the event's language.
 */
export const accessMailSubject = (allowed: readonly string[]) =>
  withPlaceholders(singleLineText({ max: ACCESS_MAIL_SUBJECT_MAX, trim: true }), allowed);
export const accessMailBody = (allowed: readonly string[]) =>
  withPlaceholders(multiLineText({ max: ACCESS_MAIL_BODY_MAX }), allowed);

/**
 * `POST /events/{id}/invitations/send` and `/registrations/send`: `unsent` mails those without a
 * mail yet, `all` every one, `test` one mail to the signed-in user's own address.
 */
export const MAIL_SEND_MODES = ['unsent', 'all', 'test'] as const;
export type MailSendMode = (typeof MAIL_SEND_MODES)[number];

export const mailSendRequestSchema = z.strictObject({ mode: z.enum(MAIL_SEND_MODES) });
export type MailSendRequest = z.infer<typeof mailSendRequestSchema>;

/**
 * How many mails went to the outbox (0 when there was nothing to send), and how many recipients
 * got none because they unsubscribed from the event's mails (ADR 049).
 */
export const mailSendResultSchema = z.object({
  queued: z.number().int(),
  skipped: z.number().int(),
});
export type MailSendResult = z.infer<typeof mailSendResultSchema>;

/**
 * Whether the event's time moved since its registrants and invitees were last told, and how many
 * would be told now (docs/decisions/064-calendar-invitations.md).
 */
export const timeChangeNoticeSchema = z.object({
  pending: z.boolean(),
  recipients: z.number().int(),
});
export type TimeChangeNotice = z.infer<typeof timeChangeNoticeSchema>;

/** The languages the default texts exist in; an event in another language gets English. */
export const ACCESS_MAIL_LANGUAGES = ['de', 'en'] as const;
export type AccessMailLanguage = (typeof ACCESS_MAIL_LANGUAGES)[number];

const mailTextSchema = z.object({ subject: z.string(), body: z.string() });

/**
 * `GET /events/{id}/mail-texts`: the default subjects and bodies, with their placeholders, in the
 * event's language (German, or else English), shown where the organiser's text is empty and
 * offered by "reset to default".
 */
export const accessMailTextsSchema = z.object({
  language: z.enum(ACCESS_MAIL_LANGUAGES),
  invitation: mailTextSchema,
  registration: mailTextSchema,
});
export type AccessMailTexts = z.infer<typeof accessMailTextsSchema>;
