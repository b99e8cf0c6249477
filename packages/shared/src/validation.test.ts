import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountFields, feedbackSchema, profilePatchSchema } from './account.js';
import { registerSchema } from './auth.js';
import {
  channelInputSchema,
  eventCreateSchema,
  eventSettingsSchema,
  highlightInputSchema,
  menuItemSchema,
} from './events.js';
import {
  fields,
  multiLineText,
  parseValidationMessage,
  singleLineText,
  validationMessage,
} from './validation.js';

const messageOf = (schema: z.ZodType, value: unknown): string | undefined =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('validation messages', () => {
  it('are translation keys with parameters', () => {
    expect(validationMessage('maxLength', { max: 100 })).toBe('validation.maxLength?max=100');
    expect(parseValidationMessage('validation.maxLength?max=100')).toEqual({
      key: 'validation.maxLength',
      params: { max: '100' },
    });
    expect(parseValidationMessage('validation.required')).toEqual({
      key: 'validation.required',
      params: {},
    });
  });

  it('come from the error map for the common rules', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('validation.required');
    expect(messageOf(z.string().min(1), '')).toBe('validation.required');
    expect(messageOf(z.string().min(3), 'ab')).toBe('validation.minLength?min=3');
    expect(messageOf(z.string().max(3), 'abcd')).toBe('validation.maxLength?max=3');
    expect(messageOf(z.number().max(960), 1000)).toBe('validation.maxValue?max=960');
    expect(messageOf(z.number().min(1), 0)).toBe('validation.minValue?min=1');
    expect(messageOf(z.array(z.string()).max(10), Array(11).fill('a'))).toBe(
      'validation.maxEntries?max=10',
    );
    expect(messageOf(z.number(), 'x')).toBe('validation.number');
    expect(messageOf(z.strictObject({}), { owner: 'x' })).toBe('validation.unknownField');
  });
});

describe('field rules of spec section 5', () => {
  it('email', () => {
    expect(fields.email().parse(' Ada@Example.COM ')).toBe('ada@example.com');
    expect(messageOf(fields.email(), 'not-an-email')).toBe('validation.email');
  });

  it('password needs a lowercase letter, an uppercase letter and a number', () => {
    expect(fields.password().safeParse('Secret123').success).toBe(true);
    expect(messageOf(fields.password(), 'secret123')).toBe('validation.passwordComplexity');
    expect(messageOf(fields.password(), 'SECRETabc')).toBe('validation.passwordComplexity');
    expect(messageOf(fields.password(), 'Ab1')).toBe('validation.minLength?min=8');
  });

  it('slug, identifier, colour, date and time', () => {
    expect(fields.slug().safeParse('my-event-2026').success).toBe(true);
    expect(messageOf(fields.slug(), 'My Event')).toBe('validation.slug');
    expect(messageOf(fields.slug(), 'a--b')).toBe('validation.slug');
    expect(messageOf(fields.identifier(), 'a-b')).toBe('validation.identifier');
    expect(fields.color().safeParse('#0a0B0c').success).toBe(true);
    expect(messageOf(fields.color(), '#fff')).toBe('validation.color');
    expect(fields.date().safeParse('2026-02-28').success).toBe(true);
    expect(messageOf(fields.date(), '2026-02-30')).toBe('validation.date');
    expect(fields.time().safeParse('23:59').success).toBe(true);
    expect(messageOf(fields.time(), '24:00')).toBe('validation.time');
  });

  it('URL (and mailto where allowed) and hostname', () => {
    expect(fields.url().safeParse('https://example.com/x').success).toBe(true);
    expect(messageOf(fields.url(), 'javascript:alert(1)')).toBe('validation.url');
    expect(messageOf(fields.url(), 'mailto:a@b.de')).toBe('validation.url');
    expect(fields.url({ mailto: true }).safeParse('mailto:a@b.de').success).toBe(true);
    expect(fields.hostname().safeParse('live.example.com').success).toBe(true);
    expect(messageOf(fields.hostname(), 'not a host')).toBe('validation.hostname');
  });
});

describe('text fields', () => {
  const title = singleLineText({ min: 1, max: 100, trim: true });
  const optionalLine = singleLineText({ max: 100 });
  const body = multiLineText({ max: 1000 });

  it('accept letters of every script, emoji and joined emoji', () => {
    for (const value of ['Café Øresund', 'Sommerfest 🎉', '👩‍💻 Live', 'مرحبا', '東京', 'a\u00adb']) {
      expect(title.safeParse(value).success, value).toBe(true);
      expect(body.safeParse(value).success, value).toBe(true);
    }
    expect(body.safeParse('Line one\nLine two\tindented').success).toBe(true);
  });

  it.each([
    ['NUL', 'x\u0000y'],
    ['a bell', 'x\u0007y'],
    ['an escape', 'x\u001b[31my'],
    ['DEL', 'x\u007fy'],
    ['a C1 control', 'x\u0085y'.replace('\u0085', '\u009b')],
    ['a lone high surrogate', 'x\ud800y'],
    ['a lone low surrogate', 'x\udc00y'],
    ['a surrogate at the end', 'x\ud83d'],
  ])('refuse %s in every text', (_label, value) => {
    expect(messageOf(title, value)).toBe(validationMessage('invalidCharacters'));
    expect(messageOf(optionalLine, value)).toBe(validationMessage('invalidCharacters'));
    expect(messageOf(body, value)).toBe(validationMessage('invalidCharacters'));
  });

  it.each([
    ['LF', 'a\nb'],
    ['CR', 'a\rb'],
    ['CRLF', 'a\r\nb'],
    ['a line separator', 'a\u2028b'],
    ['a paragraph separator', 'a\u2029b'],
  ])('refuse %s in one-line texts only', (_label, value) => {
    expect(messageOf(title, value)).toBe(validationMessage('singleLine'));
    expect(messageOf(optionalLine, value)).toBe(validationMessage('singleLine'));
  });

  it('refuse a carriage return and a tab where they are not meant', () => {
    expect(messageOf(body, 'a\rb')).toBe(validationMessage('invalidCharacters'));
    expect(messageOf(title, 'a\tb')).toBe(validationMessage('invalidCharacters'));
  });

  it.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['a word joiner', '\u2060'],
    ['a Hangul filler', '\u3164'],
    ['soft hyphens', '\u00ad\u00ad'],
  ])('refuse a required text of only %s', (_label, value) => {
    expect(messageOf(title, value)).toBe(validationMessage('visibleText'));
  });

  it('keep "required" for an empty required text and allow an empty optional one', () => {
    // Trimming removes what JavaScript counts as white space, no-break space and BOM included.
    for (const value of ['   ', '\u00a0\u00a0', ' \ufeff '])
      expect(messageOf(title, value)).toBe(validationMessage('required'));
    expect(optionalLine.safeParse('').success).toBe(true);
    expect(body.safeParse('').success).toBe(true);
  });

  it('apply to every text of the request schemas', () => {
    const settings = eventSettingsSchema.partial();
    const oneLine: Array<[z.ZodType, Record<string, unknown>, string]> = [
      [registerSchema.shape.name, {}, 'name'],
      [accountFields.name(), {}, 'name'],
      [accountFields.company(), {}, 'company'],
      [profilePatchSchema, { initials: 'a\nb' }, 'initials'],
      [eventCreateSchema, { title: 'a\nb' }, 'title'],
      [settings, { title: 'a\nb' }, 'title'],
      [settings, { startText: 'a\nb' }, 'startText'],
      [settings, { contactName: 'a\nb' }, 'contactName'],
      [settings, { headline: 'a\nb' }, 'headline'],
      [settings, { ctaTitle: 'a\nb' }, 'ctaTitle'],
      [settings, { channelMenuTitle: 'a\nb' }, 'channelMenuTitle'],
      [settings, { accessCode: 'a\nb' }, 'accessCode'],
      [menuItemSchema.partial(), { name: 'a\nb' }, 'name'],
      [highlightInputSchema.partial(), { title: 'a\nb' }, 'title'],
      [highlightInputSchema.partial(), { group: 'a\nb' }, 'group'],
      [channelInputSchema.partial(), { title: 'a\nb' }, 'title'],
    ];
    for (const [schema, value, field] of oneLine) {
      const input = Object.keys(value).length > 0 ? value : 'a\nb';
      const issue = schema.safeParse(input).error?.issues[0];
      expect(issue?.message, field).toBe(validationMessage('singleLine'));
    }
    const multi = [
      'description',
      'playerCode',
      'introduction',
      'agenda',
      'content',
      'messagesPrompt',
      'customLegalText',
      'accessText',
      'customEmbedCode',
    ];
    for (const field of multi) {
      expect(settings.safeParse({ [field]: 'a\nb' }).success, field).toBe(true);
      expect(messageOf(settings, { [field]: 'a\u0000b' }), field).toBe(
        validationMessage('invalidCharacters'),
      );
    }
    expect(messageOf(highlightInputSchema.partial(), { description: 'x\ud800y' })).toBe(
      validationMessage('invalidCharacters'),
    );
    expect(messageOf(feedbackSchema, { email: 'a@example.com', message: '\u200b\u2060' })).toBe(
      validationMessage('visibleText'),
    );
  });
});
