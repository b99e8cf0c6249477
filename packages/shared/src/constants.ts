/** Business constants of docs/product-spec.md section 9 and the contracts of docs/architecture.md. */

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Session cookies (docs/product-spec.md section 4, "Session"). */
export const AUTH_COOKIE_PREFIX = 'lvnt.auth.';
export const AUTH_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60; // 2592000

/**
 * The 403 of every route but its setup for a member whose enterprise requires two-factor sign-in
 * (ADR 071): the dashboard's API client turns it into the way to the setup, without loading zod.
 */
export const TWO_FACTOR_REQUIRED_MESSAGE = 'Two-factor sign-in required';

/** The interface language is kept in this cookie for a year (docs/product-spec.md section 9). */
export const LOCALE_COOKIE = 'lvnt.locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How long a notification stays, in milliseconds (docs/product-spec.md section 9). */
export const NOTIFICATION_TIMEOUT_MS: Record<NotificationType, number> = {
  info: 5000,
  success: 5000,
  warning: 8000,
  error: 8000,
};

/** A chunk that fails to load reloads the page at most this often (docs/product-spec.md section 4). */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export const IMAGE_RESIZE_THRESHOLD_BYTES = 600 * 1024;
export const REMOTE_RELOAD_MAX_SECONDS = 120;
export const CACHE_PURGE_MAX_SECONDS = 30;
export const EXTRA_FRAME_MAX_HEIGHT = 960;
export const ALLOWED_EMAIL_DOMAINS_MAX = 10;
export const PREDEFINED_OPTIONS_MAX = 300;
export const PREDEFINED_OPTION_MAX_LENGTH = 50;

/** Plan banner thresholds (docs/product-spec.md section 2, "Banners and dialog"). */
export const PROMO_BANNER_MAX_DAYS = 31;
export const RENEW_BANNER_DAYS = 7;

/**
 * The limits of an error report's parts (`errorReportSchema`); the dashboard cuts what it sends
 * to them. Here, without zod, since the dashboard's first load reports errors (ADR 009).
 */
export const ERROR_REPORT_LIMITS = { name: 200, message: 2000, stack: 8000, path: 2000 } as const;
