import { i18n } from '../i18n/i18n';

/**
 * Form messages are keys, never text, so they follow the interface language (docs/architecture.md,
 * "Conventions"): `validation.<key>?<params>` from the shared schemas and the server's `errors`
 * map, `serverErrors.<key>` for the server's messages of docs/product-spec.md section 8, and `text:<literal>`
 * for a server message without a translation. Callers re-render on language changes through
 * `useTranslation`.
 *
 * The query is split by hand rather than with `parseValidationMessage` of @livent/shared: that
 * module configures zod when loaded, and zod must stay off the guest pages' first load (ADR 009).
 */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith('text:')) return message.slice('text:'.length);
  const [key = message, query] = message.split('?', 2);
  if (!key.startsWith('validation.') && !key.startsWith('serverErrors.')) return message;
  const params = Object.fromEntries(new URLSearchParams(query ?? ''));
  return String(i18n.t(`forms:${key}` as never, params as never));
}
