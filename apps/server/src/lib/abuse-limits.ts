import type { LimitRule } from './rate-limiter.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The abuse limits of the account flows (docs/architecture.md, "Security requirements";
 * ADR 011). Per account means per email address (or user id when signed in), per
 * address means `request.ip` (ADR 008). They come on top of the API-wide limit per address.
 */
export const DEFAULT_ABUSE_LIMITS = {
  /** Failed logins per account; a successful login resets it. */
  loginPerAccount: { name: 'login:account', max: 10, windowMs: 15 * MINUTE },
  /** Every login attempt per address, failed or not. */
  loginPerAddress: { name: 'login:ip', max: 30, windowMs: 15 * MINUTE },
  registerPerAddress: { name: 'register:ip', max: 10, windowMs: HOUR },
  registerPerAccount: { name: 'register:account', max: 5, windowMs: HOUR },
  forgotPasswordPerAccount: { name: 'forgot:account', max: 5, windowMs: HOUR },
  forgotPasswordPerAddress: { name: 'forgot:ip', max: 20, windowMs: HOUR },
  resetPasswordPerAddress: { name: 'reset:ip', max: 20, windowMs: HOUR },
  /** Verification and email-change mails per account. */
  verificationMailPerAccount: { name: 'verification-mail:account', max: 5, windowMs: HOUR },
  verificationMailPerAddress: { name: 'verification-mail:ip', max: 20, windowMs: HOUR },
  /** Password checks of a signed-in account: password change, email change, deletion. */
  passwordCheckPerAccount: { name: 'password-check:account', max: 10, windowMs: 15 * MINUTE },
  /** Wrong two-factor codes per account, at sign-in and in its settings (ADR 071). */
  twoFactorFailuresPerAccount: {
    name: 'two-factor-failures:account',
    max: 10,
    windowMs: 15 * MINUTE,
  },
  /**
   * …and per day: a stranger who has the password makes at most 50 guesses a day, each with a
   * chance of 3 in a million (three accepted steps).
   */
  twoFactorFailuresPerAccountDaily: {
    name: 'two-factor-failures:account-day',
    max: 50,
    windowMs: 24 * HOUR,
  },
  /** Every two-factor code at sign-in per address, right or wrong. */
  twoFactorPerAddress: { name: 'two-factor:ip', max: 30, windowMs: 15 * MINUTE },
  feedbackPerAccount: { name: 'feedback:account', max: 10, windowMs: HOUR },
  /** Image uploads per account (each is decoded and re-encoded: CPU work). */
  uploadsPerAccount: { name: 'uploads:account', max: 120, windowMs: HOUR },
  /**
   * CSV imports and their previews per account: each reads and plans up to 100,000 rows (CPU
   * work, ADR 046); the import dialog previews again on every change of mapping or mode.
   */
  importsPerAccount: { name: 'imports:account', max: 60, windowMs: HOUR },
  /** Account exports (ADR 073): each reads every row of the account. */
  accountExportsPerAccount: { name: 'account-export:account', max: 5, windowMs: HOUR },
  /** Messages of one viewer (a cookie id) to one event through the public page (ADR 017). */
  viewerMessagesPerViewer: { name: 'messages:viewer', max: 10, windowMs: 10 * MINUTE },
  /** …and of one address to one event: generous, as thousands of viewers may share one NAT. */
  viewerMessagesPerAddress: { name: 'messages:ip', max: 600, windowMs: 10 * MINUTE },
  /** Votes of one viewer for an event's questions: a click each, so more than messages (ADR 025). */
  viewerVotesPerViewer: { name: 'votes:viewer', max: 60, windowMs: 10 * MINUTE },
  viewerVotesPerAddress: { name: 'votes:ip', max: 3000, windowMs: 10 * MINUTE },
  /**
   * Reports from the accessibility statement's form, mailed to the event's owner (ADR 052): per
   * viewer (a cookie id) and event, per address and event, and per event from anyone, so that
   * the form cannot flood the owner's inbox.
   */
  accessibilityFeedbackPerViewer: { name: 'a11y-feedback:viewer', max: 5, windowMs: HOUR },
  accessibilityFeedbackPerAddress: { name: 'a11y-feedback:ip', max: 30, windowMs: HOUR },
  accessibilityFeedbackPerEvent: { name: 'a11y-feedback:event', max: 100, windowMs: 24 * HOUR },
  /** Access code attempts of one viewer (a cookie id) at one event: guessing stays slow (ADR 026). */
  accessCodePerViewer: { name: 'access-code:viewer', max: 10, windowMs: 15 * MINUTE },
  /** …and of one address at one event: generous, a company's NAT holds thousands of viewers. */
  accessCodePerAddress: { name: 'access-code:ip', max: 1000, windowMs: 15 * MINUTE },
  /**
   * Wrong codes at one event from anyone, whatever the addresses: a burst allowance for an
   * audience arriving at the start, and a daily one that keeps guessing a code of the minimum
   * strength slower than is practical (ADR 044).
   */
  accessCodeFailuresPerEvent: {
    name: 'access-code-failures:event',
    max: 300,
    windowMs: 15 * MINUTE,
  },
  accessCodeFailuresPerEventDaily: {
    name: 'access-code-failures:event-day',
    max: 1000,
    windowMs: 24 * HOUR,
  },
  /** Registration form posts of one viewer (a cookie id) at one event, and of one address (ADR 026). */
  registrationPerViewer: { name: 'registration:viewer', max: 20, windowMs: 15 * MINUTE },
  registrationPerAddress: { name: 'registration:ip', max: 1000, windowMs: 15 * MINUTE },
  /** Mails with the personal link to one registered address: registering again resends it. */
  registrationMailPerEmail: { name: 'registration-mail:email', max: 3, windowMs: HOUR },
  /**
   * The gate's mails are sent to whatever address a stranger typed (ADR 047): to one recipient
   * across all events, from one address (its /64 for IPv6) to one event, and from one event.
   */
  registrationMailPerRecipient: { name: 'registration-mail:recipient', max: 10, windowMs: HOUR },
  registrationMailPerClient: { name: 'registration-mail:ip', max: 100, windowMs: HOUR },
  registrationMailPerEvent: { name: 'registration-mail:event', max: 1000, windowMs: HOUR },
  /**
   * Sends of an event's invitation or registration mails (unsent or all) per event and list:
   * a send of all to 100,000 guests is a lot of mail, so a slip or a script cannot repeat it
   * often (ADR 026, "Invitation and registration emails").
   */
  accessMailSendPerEvent: { name: 'access-mail-send:event', max: 5, windowMs: HOUR },
  /** Test mails of those lists to one's own address, per account. */
  accessMailTestPerAccount: { name: 'access-mail-test:account', max: 20, windowMs: HOUR },
  /**
   * Shares and owner-change requests per account: each mails another account, so a share,
   * revoke, share loop cannot flood someone's inbox (ADR 031).
   */
  sharingMailPerAccount: { name: 'sharing-mail:account', max: 30, windowMs: HOUR },
  /**
   * Requests of one personal API token (ADR 070), on top of the API-wide limit per address: a
   * script in a loop slows down before it weighs on everyone's dashboard.
   */
  apiTokenRequests: { name: 'api-token', max: 600, windowMs: MINUTE },
} satisfies Record<string, LimitRule>;

export type AbuseLimits = Record<keyof typeof DEFAULT_ABUSE_LIMITS, LimitRule>;

/** The defaults with some maxima replaced (tests loosen or tighten them). */
export function abuseLimits(
  overrides: Partial<Record<keyof AbuseLimits, number>> = {},
): AbuseLimits {
  const limits = { ...DEFAULT_ABUSE_LIMITS } as AbuseLimits;
  for (const [name, max] of Object.entries(overrides) as [keyof AbuseLimits, number][]) {
    limits[name] = { ...limits[name], max };
  }
  return limits;
}
