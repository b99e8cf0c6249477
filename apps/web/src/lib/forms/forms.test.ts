import { ERROR_MESSAGES, VALIDATION_KEYS } from '@livent/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { i18n } from '../i18n/i18n';
import { loadAllCatalogues } from '../i18n/resources';
import { translateMessage } from './messages';
import { applyServerError, failureMessageKey, serverMessageKey } from './server-errors';

const resources = await loadAllCatalogues();

describe('form messages are keys, shown in the interface language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('translates validation keys with their parameters', async () => {
    expect(translateMessage('validation.maxLength?max=100')).toBe('Must not exceed 100 characters');
    expect(translateMessage('validation.passwordsMismatch')).toBe('Passwords do not match');
    await i18n.changeLanguage('de');
    expect(translateMessage('validation.maxLength?max=100')).toBe(
      'Darf höchstens 100 Zeichen lang sein',
    );
  });

  it('translates the server messages of spec section 8, "Email or password not correct!" verbatim', () => {
    expect(translateMessage(serverMessageKey('Incorrect email or password'))).toBe(
      'Email or password not correct!',
    );
    expect(translateMessage(serverMessageKey('Feedback could not be sent'))).toBe(
      'Feedback could not be sent',
    );
    expect(translateMessage(serverMessageKey('Something new'))).toBe('Something new');
    expect(translateMessage(undefined)).toBeUndefined();
  });

  it('has a text for every validation key and server message in both languages', () => {
    for (const language of ['en', 'de'] as const) {
      const forms = resources[language].forms;
      for (const key of VALIDATION_KEYS) expect(forms.validation, key).toHaveProperty(key);
      for (const key of Object.keys(ERROR_MESSAGES)) {
        expect(forms.serverErrors, key).toHaveProperty(key);
      }
    }
  });

  it('names what went wrong with any failed call', () => {
    expect(failureMessageKey(new ApiError(404, 'Token not found'))).toBe(
      'serverErrors.tokenNotFound',
    );
    expect(failureMessageKey(new ApiError(502, 'Bad Gateway'))).toBe('serverErrors.internal');
    expect(failureMessageKey(new TypeError('Failed to fetch'))).toBe('serverErrors.network');
  });
});

describe('server errors onto the form', () => {
  const fields = ['email', 'password'] as const;

  it("puts the server's field errors onto the fields", () => {
    const setError = vi.fn();
    applyServerError(
      setError,
      new ApiError(400, 'Validation failed', {
        email: 'validation.email',
        password: 'validation.minLength?min=8',
      }),
      fields,
    );
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'validation.email' }, { shouldFocus: true }],
      [
        'password',
        { type: 'server', message: 'validation.minLength?min=8' },
        { shouldFocus: false },
      ],
    ]);
  });

  it('shows field errors of fields the form lacks in its alert', () => {
    const setError = vi.fn();
    applyServerError(
      setError,
      new ApiError(400, 'Validation failed', {
        email: 'validation.email',
        plan: 'validation.unknownField',
      }),
      fields,
    );
    expect(setError).toHaveBeenCalledWith('email', expect.anything(), expect.anything());
    expect(setError).toHaveBeenLastCalledWith('root.server', {
      type: 'server',
      message: 'serverErrors.validationFailed',
    });
  });

  it('puts a message about one field onto that field', () => {
    const setError = vi.fn();
    applyServerError(setError, new ApiError(409, 'Email already taken'), fields, {
      emailTaken: 'email',
    });
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'serverErrors.emailTaken' }, { shouldFocus: true }],
    ]);
  });

  it('puts other messages into the form alert, and leaves 429 to its notification', () => {
    const setError = vi.fn();
    applyServerError(setError, new ApiError(401, 'Incorrect email or password'), fields);
    expect(setError).toHaveBeenCalledWith('root.server', {
      type: 'server',
      message: 'serverErrors.incorrectEmailOrPassword',
    });
    setError.mockClear();
    applyServerError(setError, new ApiError(429, ERROR_MESSAGES.tooManyRequests), fields);
    expect(setError).not.toHaveBeenCalled();
  });
});
