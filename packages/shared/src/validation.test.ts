import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fields, parseValidationMessage, validationMessage } from './validation.js';

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
