import { describe, expect, it } from 'vitest';
import { passwordChangeSchema, settingsPatchSchema } from './account.js';
import { registerSchema, resetPasswordSchema } from './auth.js';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('registration', () => {
  const valid = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'Secret123',
    acceptTerms: true,
    acceptPrivacy: true,
  } as const;

  it('accepts a complete sign-up', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });

  it('takes company as optional: absent, null or a text', () => {
    for (const company of [undefined, null, 'Livent GmbH']) {
      expect(registerSchema.safeParse({ ...valid, company }).success, String(company)).toBe(true);
    }
  });

  it('requires accepting terms and privacy', () => {
    expect(
      issues(registerSchema.safeParse({ ...valid, acceptTerms: false, acceptPrivacy: undefined })),
    ).toEqual({
      acceptTerms: 'validation.mustAccept',
      acceptPrivacy: 'validation.mustAccept',
    });
  });

  it('rejects fields a client must not set', () => {
    expect(issues(registerSchema.safeParse({ ...valid, plan: 'enterprise-admin' }))).toEqual({
      '': 'validation.unknownField',
    });
  });
});

describe('passwords', () => {
  it('must match and differ from the old one', () => {
    expect(
      issues(
        passwordChangeSchema.safeParse({
          oldPassword: 'Secret123',
          newPassword: 'Secret123',
          confirmPassword: 'Secret123',
        }),
      ),
    ).toEqual({ newPassword: 'validation.passwordSameAsOld' });
    expect(
      issues(
        passwordChangeSchema.safeParse({
          oldPassword: 'Secret123',
          newPassword: 'Better456',
          confirmPassword: 'Better457',
        }),
      ),
    ).toEqual({ confirmPassword: 'validation.passwordsMismatch' });
    expect(
      issues(resetPasswordSchema.safeParse({ password: 'Better456', confirmPassword: 'x' })),
    ).toEqual({
      confirmPassword: 'validation.passwordsMismatch',
    });
  });
});

describe('settings patch', () => {
  it('takes only changed, known fields with valid values', () => {
    expect(settingsPatchSchema.parse({ newsletter: true })).toEqual({ newsletter: true });
    expect(issues(settingsPatchSchema.safeParse({ timezone: 'Mars/Olympus' }))).toEqual({
      timezone: 'validation.invalid',
    });
    expect(issues(settingsPatchSchema.safeParse({ csvDelimiter: '|' }))).toEqual({
      csvDelimiter: 'validation.invalid',
    });
    expect(settingsPatchSchema.safeParse({ plan: 'custom' }).success).toBe(false);
  });
});
