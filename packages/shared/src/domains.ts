import { z } from 'zod';
import { validationMessage } from './validation.js';

/**
 * Custom domains (docs/product-spec.md sections 2–4 and 8, "Custom domain"; docs/decisions/030-custom-domains.md).
 *
 * The checks run in this order and the first that fails names the status:
 * - `pending`: no CNAME (nor, at a zone apex, A/AAAA) record found yet, or the lookup failed
 *   (`checkError` then says why);
 * - `wrong_target`: the name points elsewhere (`statusDetail`: where it points now);
 * - `txt_missing`: the ownership TXT record is absent or holds another value (`statusDetail`: the
 *   values found, if any);
 * - `caa_blocked`: a CAA record set forbids our certificate authority (`statusDetail`: the issuers it names);
 * - `active`: the name serves the owner's event pages;
 * - `disabled`: switched off by us (`disabledReason`), e.g. after the plan's grace period.
 */
export const DOMAIN_STATUSES = [
  'pending',
  'wrong_target',
  'txt_missing',
  'caa_blocked',
  'active',
  'disabled',
] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** Why a domain is disabled: `plan` when the owner's plan no longer allows it (after the grace period). */
export const DOMAIN_DISABLED_REASONS = ['plan'] as const;
export type DomainDisabledReason = (typeof DOMAIN_DISABLED_REASONS)[number];

/** Why the last check could not decide (the status then stays as it was, or pending). */
export const DOMAIN_CHECK_ERRORS = ['timeout', 'lookup_failed'] as const;
export type DomainCheckError = (typeof DOMAIN_CHECK_ERRORS)[number];

/** The label in front of the domain name that carries the ownership token: `_livent-challenge.<name>`. */
export const DOMAIN_TXT_LABEL = '_livent-challenge';

/**
 * How long a domain keeps serving after the owner's plan stops allowing it (expiry, downgrade, or
 * more domains than the new plan's limit), before it is disabled with reason `plan`.
 */
export const DOMAIN_PLAN_GRACE_DAYS = 7;

/**
 * The periodic checks of a domain not yet active stop this many days after they began (its
 * creation or the user's last re-check); the user can re-check after that.
 */
export const DOMAIN_CHECK_STOP_DAYS = 3;

/** An unverified claim this many days old gives way when another account adds the name. */
export const DOMAIN_CLAIM_EXPIRY_DAYS = 3;

/** "activation can take up to 24 hours": DNS changes need that long to reach every resolver. */
export const DOMAIN_ACTIVATION_HOURS = 24;

/** Re-checks per account and minute through `POST /domains/{id}/check`. */
export const DOMAIN_CHECKS_PER_MINUTE = 10;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Characters that make a URL's host something else than a plain name: ports, paths, users, IPv6, wildcards. */
const NOT_IN_HOSTNAME = /[\s/\\:?#@[\]*%,;]/;

/**
 * The ASCII (punycode) form of a hostname a user typed, or `undefined` when it is not a name we
 * can serve: lower-cased, a trailing dot dropped, internationalised names converted by the
 * platform's URL parser (the WHATWG host parser, the same in Node and browsers), at least two
 * labels of letters, digits and inner hyphens (at most 63 each, 253 in all), never an IP address,
 * a wildcard or a port.
 */
export function normalizeHostname(input: string): string | undefined {
  const value = input.trim().toLowerCase().replace(/\.$/, '');
  if (value === '' || NOT_IN_HOSTNAME.test(value)) return undefined;
  let ascii: string;
  try {
    ascii = new URL(`http://${value}/`).hostname;
  } catch {
    return undefined;
  }
  if (ascii.length > 253) return undefined;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return undefined;
  // The URL parser reads a name whose last label is numeric as an IPv4 address (1.2.3.4, 0x7f.1).
  if (/^(?:\d+|0x[0-9a-f]*)$/.test(labels[labels.length - 1]!)) return undefined;
  return ascii;
}

/** A domain name as typed (Unicode or punycode); parses to its ASCII form. */
export const domainNameSchema = z
  .string()
  .max(300)
  .transform((value, ctx) => {
    const name = normalizeHostname(value);
    if (name === undefined) {
      ctx.addIssue({ code: 'custom', message: validationMessage('hostname') });
      return z.NEVER;
    }
    return name;
  });

const dnsRecordSchema = z.object({ name: z.string(), value: z.string() });

export const customDomainSchema = z.object({
  id: z.string(),
  /** The ASCII (punycode) name. */
  name: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  /** A fact the user can act on: where the name points now, the TXT values or CAA issuers found. */
  statusDetail: z.string().nullable(),
  /** Why the last check could not decide; null when it could. */
  checkError: z.enum(DOMAIN_CHECK_ERRORS).nullable(),
  disabledReason: z.enum(DOMAIN_DISABLED_REASONS).nullable(),
  /** The domain the account's events list links to (at most one per account). */
  isDefault: z.boolean(),
  /** Where `/` on the domain redirects; without it `/` is the not-found page. */
  redirectUrl: z.string().nullable(),
  /** The domain also serves the members' events of an enterprise admin (see `canShare`). */
  shared: z.boolean(),
  /**
   * The records to set: `cname` (at a zone apex, where a CNAME is not allowed, A/AAAA records with
   * the addresses of `cname.value` instead), the ownership `txt`, and the `caa` record that lets the
   * server's certificate authority (`issuer`, CUSTOM_DOMAIN_CAA_ISSUERS) issue where CAA blocks it.
   */
  records: z.object({
    cname: dnsRecordSchema,
    txt: dnsRecordSchema,
    caa: dnsRecordSchema.extend({ issuer: z.string() }),
  }),
  lastCheckedAt: z.string().nullable(),
  /** When the periodic re-check comes next; null when it has stopped (the user can re-check). */
  nextCheckAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;

export const domainsListSchema = z.object({
  domains: z.array(customDomainSchema),
  /** How many domains the effective plan allows (0: none). */
  limit: z.number().int(),
  /** Whether `shared` has an effect for this account: only for an enterprise admin. */
  canShare: z.boolean(),
});
export type DomainsList = z.infer<typeof domainsListSchema>;

export const createDomainSchema = z.strictObject({ name: domainNameSchema });
export type CreateDomainInput = z.input<typeof createDomainSchema>;

/**
 * Control characters (C0, DEL, C1) and white space. The URL parser would drop tabs and line breaks
 * inside and strip the rest at either end without a word, so a text with them is refused rather
 * than silently changed; in a stored `Location` header a line break made `/` answer 500.
 */
const NOT_IN_REDIRECT_URL = /[\p{Cc}\p{White_Space}]/u;

/**
 * A redirect URL's stored form: an absolute https URL as the URL parser writes it
 * (`new URL(value).href`: scheme and host lower-cased, the host in punycode, other characters
 * percent-encoded), or `undefined` when `value` is not one. The server applies it again to what it
 * reads from the database, so a value stored before this check never reaches a response.
 */
export function normalizeRedirectUrl(value: string): string | undefined {
  if (NOT_IN_REDIRECT_URL.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' && url.hostname.length > 0 ? url.href : undefined;
}

export const updateDomainSchema = z.strictObject({
  isDefault: z.boolean().optional(),
  /** An absolute https URL, stored normalised (see normalizeRedirectUrl); null (or the empty text) for none. */
  redirectUrl: z
    .string()
    .trim()
    .max(2048)
    .transform((value, ctx) => {
      if (value === '') return null;
      if (NOT_IN_REDIRECT_URL.test(value)) {
        ctx.addIssue({ code: 'custom', message: validationMessage('urlCharacters') });
        return z.NEVER;
      }
      const url = normalizeRedirectUrl(value);
      if (url === undefined) {
        ctx.addIssue({ code: 'custom', message: validationMessage('url') });
        return z.NEVER;
      }
      return url;
    })
    .nullable()
    .optional(),
  shared: z.boolean().optional(),
});
export type UpdateDomainInput = z.input<typeof updateDomainSchema>;
