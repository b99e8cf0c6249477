import {
  PLAN_NAMES,
  planExpiresInDays,
  type Language,
  type PlanConsumption,
  type PlanName,
  type Settings,
  type User,
} from '@livent/shared';
import { planOf } from '../plans/index.js';
import type { UserRow } from './users.repository.js';

/** "Ada Lovelace" → "AL", "Cher" → "C": the first letters of the first and last name. */
export function deriveInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .filter((word): word is string => word !== undefined)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

export function toPlanName(value: string): PlanName {
  return (PLAN_NAMES as readonly string[]).includes(value) ? (value as PlanName) : 'free';
}

export function toLanguage(value: string): Language {
  return value === 'de' ? 'de' : 'en';
}

export function toSettings(row: UserRow): Settings {
  return {
    timezone: row.timezone,
    emailLanguage: toLanguage(row.email_language),
    alwaysShowHelp: row.always_show_help === 1,
    csvDelimiter: row.csv_delimiter as Settings['csvDelimiter'],
    newsletter: row.newsletter === 1,
    whatsnewSeen: row.whatsnew_seen,
  };
}

/**
 * The user as the API answers it (shared `userSchema`): never the password hash or other
 * columns. Callers count the consumption (`planConsumptionOf`, one cheap query).
 */
export function toUser(row: UserRow, now: Date, consumption: PlanConsumption): User {
  // The plan that applies now (an expired one is free), with the stored expiry so that the
  // dashboard can tell that it expired (docs/product-spec.md section 4).
  const { plan, allowance } = planOf(row, now);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    initials: row.initials ?? deriveInitials(row.name),
    emailVerified: row.email_verified === 1,
    company: row.company,
    plan,
    planExpires: row.plan_expires,
    planExpiresInDays: planExpiresInDays(row.plan_expires, now, row.timezone),
    planAllowance: allowance,
    planConsumption: consumption,
    settings: toSettings(row),
    pendingEmail: row.pending_email,
    createdAt: row.created_at,
  };
}
