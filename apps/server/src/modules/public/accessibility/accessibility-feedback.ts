import { textProblem } from '@livent/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.js';
import type { AbuseLimits } from '../../../lib/abuse-limits.js';
import { isHttpError } from '../../../lib/errors.js';
import type { Mailer } from '../../../lib/mailer/mailer.js';
import type { RateLimiter } from '../../../lib/rate-limiter.js';
import { toLanguage } from '../../auth/index.js';
import type { PublicEvents } from '../public-events.js';
import type { Viewer } from '../viewer-cookie.js';

export const FEEDBACK_MESSAGE_MAX = 5_000;
export const FEEDBACK_NAME_MAX = 100;
const EMAIL_MAX = 254;

/** What the statement's form sends, as typed. */
export interface FeedbackForm {
  message: string;
  name: string;
  email: string;
}

/** Why a field came back; the page words each in the viewer's language (the gate's texts). */
export type FeedbackFieldError = 'required' | 'tooLong' | 'email' | 'invalidCharacters';

export type FeedbackOutcome =
  | { kind: 'sent' }
  | {
      kind: 'invalid';
      errors: Partial<Record<keyof FeedbackForm, FeedbackFieldError>>;
      values: FeedbackForm;
    }
  | { kind: 'tooMany'; retryAfterSeconds: number; values: FeedbackForm };

export interface AccessibilityFeedbackDependencies {
  db: Kysely<Database>;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AbuseLimits;
  events: PublicEvents;
  /** The events origin, for the page's address in the mail. */
  eventsUrl: string;
}

const emailSchema = z.email();
const SINGLE_LINE = { singleLine: true, required: false };
const MULTI_LINE = { singleLine: false, required: true };

/** The form's values, trimmed, and what is wrong with them. */
export function checkFeedback(raw: Partial<Record<keyof FeedbackForm, string>>): {
  values: FeedbackForm;
  errors: Partial<Record<keyof FeedbackForm, FeedbackFieldError>>;
} {
  const values = {
    message: (raw.message ?? '').trim(),
    name: (raw.name ?? '').replace(/\s+/g, ' ').trim(),
    email: (raw.email ?? '').trim().toLowerCase(),
  };
  const errors: Partial<Record<keyof FeedbackForm, FeedbackFieldError>> = {};
  if (!values.message) errors.message = 'required';
  else if (values.message.length > FEEDBACK_MESSAGE_MAX) errors.message = 'tooLong';
  else if (textProblem(values.message, MULTI_LINE)) errors.message = 'invalidCharacters';
  if (values.name.length > FEEDBACK_NAME_MAX) errors.name = 'tooLong';
  else if (textProblem(values.name, SINGLE_LINE)) errors.name = 'invalidCharacters';
  if (
    values.email &&
    (values.email.length > EMAIL_MAX || !emailSchema.safeParse(values.email).success)
  )
    errors.email = 'email';
  return { values, errors };
}

/**
 * The feedback channel of the accessibility statement (ADR 052): a viewer's report of a barrier
 * is mailed to the event's owner, in the owner's mail language, with the viewer's address (if
 * given) as Reply-To. The mail goes only to the owner, never to an address a viewer typed, and
 * is limited per viewer, per address and per event, so that the form cannot flood an inbox.
 */
export class AccessibilityFeedbackService {
  constructor(private readonly deps: AccessibilityFeedbackDependencies) {}

  /** Undefined when there is no event at `slug`. */
  async send(
    slug: string,
    raw: Partial<Record<keyof FeedbackForm, string>>,
    viewer: Viewer,
  ): Promise<FeedbackOutcome | undefined> {
    const { db, mailer, limiter, limits, events, eventsUrl } = this.deps;
    const head = await events.head(slug);
    if (!head) return undefined;
    const { values, errors } = checkFeedback(raw);
    if (Object.keys(errors).length > 0) return { kind: 'invalid', errors, values };
    try {
      await limiter.consume(
        [limits.accessibilityFeedbackPerViewer, `${head.id}:${viewer.id}`],
        [limits.accessibilityFeedbackPerAddress, `${head.id}:${viewer.ip}`],
        [limits.accessibilityFeedbackPerEvent, head.id],
      );
    } catch (error) {
      if (!isHttpError(error) || error.statusCode !== 429) throw error;
      return {
        kind: 'tooMany',
        retryAfterSeconds: Number(error.headers['retry-after'] ?? 60),
        values,
      };
    }
    const model = await events.model(head);
    const mail = await db.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom('events')
        .innerJoin('users', 'users.id', 'events.owner_id')
        .select(['users.id', 'users.email', 'users.email_language'])
        .where('events.id', '=', head.id)
        .executeTakeFirstOrThrow();
      return mailer.enqueue(trx, {
        userId: owner.id,
        to: owner.email,
        replyTo: values.email || undefined,
        language: toLanguage(owner.email_language),
        template: 'accessibility-feedback',
        data: {
          eventTitle: model.settings.title,
          pageUrl: `${eventsUrl}/${model.slug}`,
          name: values.name,
          replyEmail: values.email,
          message: values.message,
        },
      });
    });
    mailer.afterCommit(mail);
    return { kind: 'sent' };
  }
}
