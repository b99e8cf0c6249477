import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthState, resetAuthStore } from '../../../lib/auth/auth-store';
import { renderInRouter } from '../../../test/render';
import { authResponse, json } from '../../../test/users';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { stubFetch } from '../../../test/fetch-stub';

function serve(answer: (path: string, body: unknown) => Response) {
  return stubFetch((path, init) =>
    answer(path, init.body ? JSON.parse(String(init.body)) : undefined),
  );
}

describe('login form', () => {
  beforeEach(() => resetAuthStore());
  afterEach(() => vi.unstubAllGlobals());

  it('checks the fields with the shared schema before calling the server', async () => {
    const fetch = serve(() => json(500));
    renderInRouter(<LoginForm redirect={undefined} />);
    await userEvent.type(await screen.findByLabelText('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email not valid')).toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('focuses the first wrong field, and a message goes once its field is right', async () => {
    serve(() => json(500));
    renderInRouter(<LoginForm redirect={undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email address');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(email, 'ada@example.com');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says "Email or password not correct!" with a prompt to reset the password', async () => {
    serve(() => json(401, { code: 401, message: 'Incorrect email or password' }));
    renderInRouter(<LoginForm redirect={undefined} />);
    await userEvent.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Email or password not correct!');
    expect(alert).toHaveTextContent('Forgot your password?');
    expect(screen.getByRole('link', { name: 'Reset it now' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });

  it('signs in with the trimmed, lower-cased email and continues to the wanted page', async () => {
    const fetch = serve(() => json(200, authResponse()));
    const { router } = renderInRouter(<LoginForm redirect="/account/profile" />, {
      path: '$',
      url: '/login',
    });
    await userEvent.type(await screen.findByLabelText('Email address'), '  Ada@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      password: 'Secret123',
    });
    expect(getAuthState().status).toBe('signedIn');
  });

  it('asks for the two-factor code after the password, and signs in with it (ADR 071)', async () => {
    const fetch = serve((path, body) => {
      if (path === '/api/auth/login') {
        return json(200, {
          twoFactor: { challenge: 'the-challenge', expires: '2026-11-28T10:05:00.000Z' },
        });
      }
      if ((body as { code?: string }).code === '123456') return json(200, authResponse());
      return json(401, { code: 401, message: 'Invalid two-factor code' });
    });
    const { router } = renderInRouter(<LoginForm redirect="/account/profile" />, {
      path: '$',
      url: '/login',
    });
    await userEvent.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText('Authentication code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(getAuthState().status).not.toBe('signedIn');

    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not valid');

    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(await screen.findByLabelText('Recovery code')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use the authenticator app' }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByLabelText('Remember this browser for 30 days'));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(JSON.parse(String(fetch.mock.calls.at(-1)?.[1]?.body))).toEqual({
      challenge: 'the-challenge',
      code: '123456',
      rememberBrowser: true,
    });
    expect(getAuthState().status).toBe('signedIn');
  });

  it('shows and hides the password', async () => {
    renderInRouter(<LoginForm redirect={undefined} />);
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});

describe('sign-up form', () => {
  beforeEach(() => resetAuthStore());
  afterEach(() => vi.unstubAllGlobals());

  async function fillIn() {
    await userEvent.type(await screen.findByLabelText('Full name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
  }

  it('requires accepting the terms and the privacy policy (spec section 5)', async () => {
    const fetch = serve(() => json(500));
    renderInRouter(<RegisterForm />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('Please accept to continue')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: /terms of service/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it("puts the server's field errors onto the fields", async () => {
    serve(() =>
      json(400, {
        code: 400,
        message: 'Validation failed',
        errors: { email: 'validation.email', name: 'validation.maxLength?max=100' },
      }),
    );
    renderInRouter(<RegisterForm />);
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /terms of service/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email not valid')).toBeInTheDocument();
    expect(screen.getByText('Must not exceed 100 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs up and continues to /verify-email', async () => {
    const fetch = serve(() => json(201, authResponse('new', undefined)));
    const { router } = renderInRouter(<RegisterForm />, { path: '$', url: '/register' });
    await fillIn();
    await userEvent.type(screen.getByLabelText(/Company or brand/), 'Analytical Engines');
    await userEvent.click(screen.getByRole('checkbox', { name: /terms of service/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'Secret123',
      company: 'Analytical Engines',
      acceptTerms: true,
      acceptPrivacy: true,
    });
  });

  it('says "Email already taken" at the email field', async () => {
    serve(() => json(409, { code: 409, message: 'Email already taken' }));
    renderInRouter(<RegisterForm />);
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /terms of service/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
  });
});
