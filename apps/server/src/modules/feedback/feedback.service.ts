import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES, type ErrorReport, type Feedback } from '@livent/shared';
import type { AccountDependencies, AuthContext } from '../auth/index.js';
import { isHttpError, serviceUnavailable } from '../../lib/errors.js';
import { insertFeedback } from './feedback.repository.js';

export interface FeedbackDependencies extends Pick<
  AccountDependencies,
  'db' | 'now' | 'mailer' | 'limiter' | 'limits'
> {
  /** Where feedback is mailed (SUPPORT_EMAIL). */
  supportEmail: string;
}

/** Feedback is kept in the `feedback` table and mailed to support, in one transaction. */
export class FeedbackService {
  constructor(private readonly deps: FeedbackDependencies) {}

  async send(auth: AuthContext, feedback: Feedback): Promise<void> {
    const { db, now, mailer, limiter, limits, supportEmail } = this.deps;
    await limiter.consume([limits.feedbackPerAccount, auth.user.id]);
    const errorDetails = feedback.error ? errorReportText(feedback.error) : undefined;
    try {
      const mail = await db.transaction().execute(async (trx) => {
        await insertFeedback(trx, {
          id: randomUUID(),
          user_id: auth.user.id,
          email: feedback.email,
          // Kept with the message, so that support finds the error where it finds the feedback.
          message: errorDetails ? `${feedback.message}\n\n${errorDetails}` : feedback.message,
          created_at: now().toISOString(),
        });
        // Support reads English; the user's address is the Reply-To.
        return mailer.enqueue(trx, {
          userId: auth.user.id,
          to: supportEmail,
          replyTo: feedback.email,
          language: 'en',
          template: 'feedback',
          data: {
            name: auth.user.name,
            accountEmail: auth.user.email,
            replyEmail: feedback.email,
            message: feedback.message,
            ...(errorDetails ? { errorDetails } : {}),
          },
        });
      });
      mailer.afterCommit(mail);
    } catch (error) {
      if (isHttpError(error)) throw error;
      // The spec's message (section 8); the error handler logs the cause with it.
      const failure = serviceUnavailable(ERROR_MESSAGES.feedbackFailed);
      failure.cause = error;
      throw failure;
    }
  }
}

/** An error report as support reads it: what failed, where, and the stack when there is one. */
export function errorReportText(error: ErrorReport): string {
  const status = error.status === undefined ? '' : ` (HTTP ${String(error.status)})`;
  const lines = [`${error.name}${status}: ${error.message}`, `Page: ${error.path}`];
  if (error.stack) lines.push('', error.stack);
  return lines.join('\n');
}
