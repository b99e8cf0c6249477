import { z } from 'zod';
import { TWO_FACTOR_REQUIRED_MESSAGE } from './constants.js';

/**
 * The one error shape of the API (docs/architecture.md, "Conventions"): the HTTP status as `code`,
 * a message key or text as `message`, and for validation failures `errors` mapping each field
 * to a validation message key.
 */
export const apiErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Server messages (docs/product-spec.md section 8). The dashboard translates them by these exact texts, so a
 * text here never changes without the dashboard's catalogues changing with it.
 */
export const ERROR_MESSAGES = {
  notFound: 'Not found',
  eventNotFound: 'Event not found',
  eventChannelNotFound: 'EventChannel not found',
  tokenNotFound: 'Token not found',
  tokenExpired: 'Token expired',
  messageNotFound: 'Message not found',
  invitationNotFound: 'Invitation not found',
  registrationNotFound: 'Registration not found',
  domainNotFound: 'Domain not found',
  permissionNotFound: 'Permission not found',
  incorrectEmailOrPassword: 'Incorrect email or password',
  emailNotAllowed: 'Email not allowed',
  emailTaken: 'Email already taken',
  domainTaken: 'Domain already taken',
  permissionExists: 'Permission already exists',
  noUsersWithEmail: 'No users found with this email',
  passwordChangeFailed: 'Password change failed',
  passwordResetFailed: 'Password reset failed',
  accountDeletionFailed: 'Account deletion failed',
  planChangeFailed: 'Changing plan failed',
  eventLimitReached: 'Event limit reached',
  eventChannelLimitReached: 'EventChannel limit reached',
  feedbackFailed: 'Feedback could not be sent',
  // Messages the spec does not list, for situations it implies (ADR 014).
  /** An email change whose password check failed (the spec's "Password change failed" is for passwords). */
  emailChangeFailed: 'Email change failed',
  /** "Custom-plan accounts cannot delete the account manually" (docs/product-spec.md section 6). */
  accountDeletionNotAllowed: 'Account deletion is not available on your plan',
  /** A route that needs a verified email address (docs/product-spec.md section 5, "Guard verified"). */
  emailNotVerified: 'Email not verified',
  /** A setting or action that needs a plan feature the account lacks (docs/product-spec.md section 6; ADR 015). */
  featureNotAvailable: 'Feature not available on your plan',
  /** An upload that is not one of the accepted image types, judged by its bytes. */
  imageNotSupported: 'Image type not supported',
  /** A message's move between states that `MESSAGE_TRANSITIONS` does not allow (ADR 025). */
  messageTransitionNotAllowed: 'Message state change not allowed',
  /** A custom domain that is, or lies under, one of our own hostnames (ADR 030). */
  domainReserved: 'This domain belongs to Livent and cannot be added',
  /** More custom domains than the plan's `domains` limit (as "Event limit reached"; ADR 030). */
  domainLimitReached: 'Domain limit reached',
  /** Sharing an event with the owner's own account (ADR 031). */
  permissionSelf: 'You cannot share an event with yourself',
  /** A second owner change for an event whose first is still pending (ADR 031). */
  ownerChangePending: 'An owner change is already pending for this event',
  /** An owner change to the account that already owns the event (ADR 031). */
  ownerChangeSelf: 'You already own this event',
  /** Accepting an owner change with the new owner's event limit reached (ADR 031). */
  ownerChangeEventLimitReached: 'Event limit reached: the event cannot be taken over',
  /** A CSV import (or its preview) while another one runs for the same event (ADR 046). */
  importRunning: 'An import is already running for this event',
  /** A second trial of one account (ADR 053). */
  trialUsed: 'Trial already used',
  /** A trial on an installation that offers none (`PLAN_TRIAL_DAYS=0`), or while a plan applies. */
  trialNotAvailable: 'No trial available',
  /** A poll of another event, or none (ADR 058). */
  pollNotFound: 'Poll not found',
  /** A launch or close the poll's state does not allow (ADR 058). */
  pollTransitionNotAllowed: 'Poll state change not allowed',
  /** A change of a launched poll's kind, options or quiz mode (ADR 058). */
  pollLaunched: 'A launched poll keeps its kind and options',
  /** A viewer's vote on a poll that is not live (ADR 058). */
  pollNotLive: 'This poll is closed',
  /**
   * A viewer's session of a personal link or invitation login that a newer one ended (ADR 067):
   * the page script reloads into the gate, which says so.
   */
  sessionEnded: 'This session ended',
  /** A second follow-up mail of an event within the repeat guard, not forced (ADR 065). */
  followUpRecentlySent: 'The follow-up was sent a short while ago',
  // Two-factor sign-in (ADR 071).
  /** A wrong, reused or expired code (authenticator or recovery code). */
  twoFactorInvalidCode: 'Invalid two-factor code',
  /** The sign-in step expired or took too many wrong codes: sign in with the password again. */
  twoFactorChallengeEnded: 'Sign-in expired, please sign in again',
  /** The account's enterprise requires two-factor sign-in, which the account has not set up. */
  twoFactorRequired: TWO_FACTOR_REQUIRED_MESSAGE,
  twoFactorNotEnabled: 'Two-factor sign-in is not turned on',
  twoFactorAlreadyEnabled: 'Two-factor sign-in is already turned on',
  /** Confirming a setup that was never started (or was replaced by another). */
  twoFactorNoSetup: 'Start the setup of two-factor sign-in again',
  /** A password check of the two-factor settings that failed. */
  incorrectPassword: 'Incorrect password',
  /** A route a personal API token's scopes do not open, or one no token may call (ADR 070). */
  apiTokenNotAllowed: 'This API token may not do that',
  /** More active personal API tokens than `API_TOKEN_MAX_ACTIVE` (ADR 070). */
  apiTokenLimitReached: 'API token limit reached',
  /** A personal API token of another account, or one revoked already (ADR 070). */
  apiTokenNotFound: 'API token not found',
  /** Another account's webhook endpoint or delivery, or none (ADR 072). */
  webhookNotFound: 'Webhook not found',
  /** More than the endpoints an account may have (ADR 072). */
  webhookLimitReached: 'Webhook limit reached',
  badRequest: 'Bad request',
  validationFailed: 'Validation failed',
  unauthorized: 'Please authenticate',
  forbidden: 'Forbidden',
  tooManyRequests: 'Too many requests, please try again later.',
  internal: 'Internal server error',
  serviceUnavailable: 'Service unavailable',
} as const;
export type ErrorMessage = (typeof ERROR_MESSAGES)[keyof typeof ERROR_MESSAGES];
