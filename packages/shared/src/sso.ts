import { z } from 'zod';
import { singleLineText, validationMessage } from './validation.js';

/**
 * Single sign-on ("CIP" login) of an event's viewers with OpenID Connect (ADR 026): the provider
 * the organiser registered the event with. The client secret is write-only: answers say only
 * whether one is set.
 */

export const SSO_DEFAULT_SCOPES = 'openid email profile';
export const SSO_ISSUER_MAX_LENGTH = 500;
export const SSO_CLIENT_ID_MAX_LENGTH = 200;
export const SSO_CLIENT_SECRET_MAX_LENGTH = 500;
export const SSO_SCOPES_MAX_LENGTH = 300;
export const SSO_BUTTON_LABEL_MAX_LENGTH = 60;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether an issuer URL is acceptable: https, or http only on a loopback host (a provider on the
 * same machine, in tests and development); no credentials, query or fragment.
 */
export function isAcceptableIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  return (
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  );
}

const issuer = z
  .string()
  .trim()
  .max(SSO_ISSUER_MAX_LENGTH)
  .refine((value) => value === '' || isAcceptableIssuer(value), {
    message: validationMessage('url'),
  });

/** Space-separated scope tokens (RFC 6749 section 3.3); `openid` is always among them. */
const scopes = z
  .string()
  .trim()
  .max(SSO_SCOPES_MAX_LENGTH)
  .transform((value) => value.split(/\s+/).filter(Boolean))
  .refine((list) => list.every((scope) => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)), {
    message: validationMessage('invalid'),
  })
  .transform((list) => [...new Set(['openid', ...list])].join(' '));

/** What the settings answer (never the secret). */
export const ssoSettingsSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a client secret is stored; the secret itself is never sent back. */
  clientSecretSet: z.boolean(),
  scopes: z.string(),
  buttonLabel: z.string(),
  /** What to register at the provider as the redirect URI. */
  redirectUri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/**
 * A change of the settings: omitted fields stay; `clientSecret` replaces the stored secret, and
 * `null` removes it (a public client with PKCE alone).
 */
export const ssoSettingsPatchSchema = z.strictObject({
  issuer: issuer.optional(),
  clientId: singleLineText({ max: SSO_CLIENT_ID_MAX_LENGTH, trim: true }).optional(),
  clientSecret: z.string().min(1).max(SSO_CLIENT_SECRET_MAX_LENGTH).nullable().optional(),
  scopes: scopes.optional(),
  buttonLabel: singleLineText({ max: SSO_BUTTON_LABEL_MAX_LENGTH, trim: true }).optional(),
});
export type SsoSettingsPatch = z.input<typeof ssoSettingsPatchSchema>;
