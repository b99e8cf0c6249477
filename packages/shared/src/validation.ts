import { z } from 'zod';

/**
 * Validation messages are translation keys with their parameters, never English text
 * (docs/architecture.md, "Conventions"), so that the dashboard shows them in German too. A message
 * is `validation.<key>` optionally followed by `?name=value&…`, e.g. `validation.maxLength?max=100`.
 * The keys are the messages of docs/product-spec.md section 5.
 */
export const VALIDATION_KEYS = [
  'required',
  'invalid',
  'unknownField',
  'maxEntries',
  'maxLength',
  'minLength',
  'maxValue',
  'minValue',
  'email',
  'number',
  'url',
  'urlCharacters',
  'hostname',
  'identifier',
  'slug',
  'date',
  'time',
  'color',
  'ipOrCidr',
  'internalAddress',
  'issuerMismatch',
  'nameInUse',
  'inUse',
  'slugInUse',
  'fileTooLarge',
  'passwordComplexity',
  'accessCodeWeak',
  'passwordsMismatch',
  'passwordSameAsOld',
  'mustAccept',
  'invalidCharacters',
  'singleLine',
  'visibleText',
  'noLink',
  'csvInvalid',
  'duplicateInFile',
  'unknownPlaceholder',
  'placeholderRequired',
  'minEntries',
  'quizCorrectOption',
  'planPolls',
  'planQuiz',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];
export type ValidationParams = Record<string, string | number>;

export function validationMessage(key: ValidationKey, params?: ValidationParams): string {
  const query = params
    ? new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()
    : '';
  return `validation.${key}${query ? `?${query}` : ''}`;
}

/** Splits a validation message into its translation key and parameters; other text is returned as is. */
export function parseValidationMessage(message: string): { key: string; params: ValidationParams } {
  const [key = message, query] = message.split('?', 2);
  const params: ValidationParams = {};
  if (query) for (const [name, value] of new URLSearchParams(query)) params[name] = value;
  return { key, params };
}

export const isValidationMessage = (message: string): boolean =>
  /^validation\.[a-zA-Z]+(\?|$)/.test(message);

const bound = (value: unknown): number | string =>
  typeof value === 'bigint' ? value.toString() : typeof value === 'number' ? value : String(value);

/**
 * Turns every zod issue into a validation message key, so that schemas need no per-rule
 * messages: `z.string().max(100)` fails with `validation.maxLength?max=100`.
 */
export const validationErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return validationMessage('required');
      if (issue.expected === 'number' || issue.expected === 'int')
        return validationMessage('number');
      return validationMessage('invalid');
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? validationMessage('required')
          : validationMessage('minLength', { min: bound(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set') return validationMessage('required');
      return validationMessage('minValue', { min: bound(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string')
        return validationMessage('maxLength', { max: bound(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return validationMessage('maxEntries', { max: bound(issue.maximum) });
      if (issue.origin === 'file')
        return validationMessage('fileTooLarge', { max: bound(issue.maximum) });
      return validationMessage('maxValue', { max: bound(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return validationMessage('email');
      if (issue.format === 'url') return validationMessage('url');
      if (issue.format === 'date') return validationMessage('date');
      if (issue.format === 'time') return validationMessage('time');
      if (issue.format === 'ipv4' || issue.format === 'ipv6' || issue.format.startsWith('cidr'))
        return validationMessage('ipOrCidr');
      return validationMessage('invalid');
    case 'unrecognized_keys':
      return validationMessage('unknownField');
    default:
      return validationMessage('invalid');
  }
};

z.config({ customError: validationErrorMap });

// Text that other readers of the database can read and people can see: no NUL or other control
// characters (C0, DEL, C1), no unpaired UTF-16 surrogates (stored as invalid UTF-8 that other
// SQLite readers cannot decode), no line breaks where one line is meant, and not only invisible
// characters where a text is required. \p{Cc} is C0, DEL and C1.
const CONTROL_IN_MULTI_LINE = /(?![\t\n])\p{Cc}/u;
const CONTROL_IN_SINGLE_LINE = /\p{Cc}/u;
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Not white space, not default-ignorable (zero-width space, word joiner, …), not a control. */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}]/u;

/** The message for the first thing wrong with a text, if any. */
export function textProblem(
  value: string,
  options: { singleLine: boolean; required: boolean },
): string | undefined {
  if (LONE_SURROGATE.test(value)) return validationMessage('invalidCharacters');
  if (options.singleLine && LINE_BREAK.test(value)) return validationMessage('singleLine');
  if ((options.singleLine ? CONTROL_IN_SINGLE_LINE : CONTROL_IN_MULTI_LINE).test(value))
    return validationMessage('invalidCharacters');
  if (options.required && value !== '' && !VISIBLE.test(value))
    return validationMessage('visibleText');
  return undefined;
}

function checkedText(singleLine: boolean, options: TextOptions) {
  const { min = 0, max, trim = false } = options;
  const base = trim ? z.string().trim() : z.string();
  const sized = min > 0 ? base.min(min).max(max) : base.max(max);
  return sized.superRefine((value, ctx) => {
    const problem = textProblem(value, { singleLine, required: min > 0 });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

export interface TextOptions {
  max: number;
  /** 1 for a required text, which must then show at least one visible character. */
  min?: number;
  /** Trim white space at both ends before the checks (default no). */
  trim?: boolean;
}

/** A one-line text (title, name, headline): no line breaks, tabs or other control characters. */
export const singleLineText = (options: TextOptions) => checkedText(true, options);

/** A text of several lines (description, message): line breaks and tabs, no other controls. */
export const multiLineText = (options: TextOptions) => checkedText(false, options);

/** Common field schemas with the rules of docs/product-spec.md section 5. */
export const fields = {
  email: () => z.string().trim().toLowerCase().max(254).pipe(z.email()),
  /** "password must contain a lowercase letter, an uppercase letter and a number" */
  password: () =>
    z
      .string()
      .min(8)
      .max(128)
      .refine((value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value), {
        error: validationMessage('passwordComplexity'),
      }),
  slug: () =>
    z
      .string()
      .min(1)
      .max(100)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: validationMessage('slug') }),
  identifier: () =>
    z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9]+$/, { error: validationMessage('identifier') }),
  color: () => z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: validationMessage('color') }),
  /**
   * URL with http(s) scheme (or mailto where allowed): "URL not valid". With `empty`, the empty
   * text is allowed too (an optional link field that is left blank); with `onPage`, a link the
   * page resolves itself: a `#section` on it or a `/path` on its host.
   */
  url: (options: { mailto?: boolean; empty?: boolean; onPage?: boolean } = {}) =>
    z
      .string()
      .trim()
      .max(2048)
      .refine(
        (value) =>
          (options.empty && value === '') ||
          (options.onPage && isPageLink(value)) ||
          isUrl(value, options.mailto ?? false),
        { error: validationMessage('url') },
      ),
  /** An email address or, for an optional field left blank, the empty text. */
  optionalEmail: () =>
    z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .refine((value) => value === '' || z.email().safeParse(value).success, {
        error: validationMessage('email'),
      }),
  hostname: () =>
    z
      .string()
      .trim()
      .toLowerCase()
      .max(253)
      .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
        error: validationMessage('hostname'),
      }),
  date: () => z.string().refine((value) => isDate(value), { error: validationMessage('date') }),
  time: () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: validationMessage('time') }),
};

function isUrl(value: string, allowMailto: boolean): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname.length > 0;
    return allowMailto && url.protocol === 'mailto:' && url.pathname.includes('@');
  } catch {
    return false;
  }
}

/**
 * `#section` or `/path` (with a query or fragment): no spaces, and never `//` or `/\`, which
 * browsers read as another host.
 */
export function isPageLink(value: string): boolean {
  return /^(?:#[^\s#]+|\/(?![/\\])[^\s]*)$/.test(value);
}

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
