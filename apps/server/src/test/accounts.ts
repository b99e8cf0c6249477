import type { AuthResponse } from '@livent/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { MailRow } from '../lib/mailer/outbox.js';

/** Test helpers for the account flows: sign-up, sign-in, mails and their links. */

export const PASSWORD = 'Secret123';

let counter = 0;
/** A fresh address for each call, so that tests never collide. */
export function uniqueEmail(name = 'user'): string {
  counter += 1;
  return `${name}-${counter}-${Date.now().toString(36)}@example.com`;
}

export interface RegisterInput {
  name?: string;
  email?: string;
  password?: string;
  company?: string;
}

export interface SignedInUser extends AuthResponse {
  email: string;
  password: string;
  /** `Authorization: Bearer …` */
  headers: { authorization: string };
  /** The `lvnt.auth.refresh` cookie of the answer. */
  refreshCookie: string;
}

/** A complete sign-up body with a fresh address; `fields` replace or add fields. */
export function registration(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ada Lovelace',
    email: uniqueEmail(),
    password: PASSWORD,
    acceptTerms: true,
    acceptPrivacy: true,
    ...fields,
  };
}

/** `POST /api/auth/register` with any body, answered as is. */
export function postRegistration(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  request: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/register', payload, ...request });
}

/** Signs up (expecting 201) and answers the signed-in user. */
export async function register(
  app: FastifyInstance,
  input: RegisterInput = {},
  request: Partial<InjectOptions> = {},
): Promise<SignedInUser> {
  const payload = registration({
    ...input,
    email: input.email ?? uniqueEmail(),
    password: input.password ?? PASSWORD,
    name: input.name ?? 'Ada Lovelace',
  });
  const response = await postRegistration(app, payload, request);
  expect(response.statusCode, response.body).toBe(201);
  return signedIn(response, String(payload.email), String(payload.password));
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  request: Partial<InjectOptions> = {},
): Promise<SignedInUser> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...request,
  });
  expect(response.statusCode, response.body).toBe(200);
  return signedIn(response, email, password);
}

export function signedIn(
  response: LightMyRequestResponse,
  email: string,
  password: string,
): SignedInUser {
  const body = response.json<AuthResponse>();
  return {
    ...body,
    email,
    password,
    headers: { authorization: `Bearer ${body.tokens.access.token}` },
    refreshCookie: refreshCookieOf(response) ?? '',
  };
}

/** The value of `lvnt.auth.refresh` that an answer sets. */
export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'lvnt.auth.refresh')?.value;
}

/**
 * The newest mail to an address (of a template). Mails queued at the same instant (a test clock
 * that stands still) have no order: tests that queue two of a template move the clock between.
 */
export async function latestMail(
  app: FastifyInstance,
  to: string,
  template?: string,
): Promise<MailRow> {
  let query = app.db.selectFrom('mails').selectAll().where('to', '=', to);
  if (template) query = query.where('template', '=', template);
  const mail = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!mail) throw new Error(`no mail to ${to}${template ? ` (${template})` : ''}`);
  return mail;
}

/** The one-time token of the first link in a mail's text. */
export function tokenOf(mail: Pick<MailRow, 'text'>): string {
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no token in mail: ${mail.text}`);
  return token;
}

/** Registers and follows the verification link. */
export async function registerVerified(
  app: FastifyInstance,
  input: RegisterInput = {},
): Promise<SignedInUser> {
  const user = await register(app, input);
  const token = tokenOf(await latestMail(app, user.email, 'verify-email'));
  const response = await app.inject({
    method: 'POST',
    url: `/api/auth/verify-email?token=${token}`,
  });
  expect(response.statusCode, response.body).toBe(204);
  return { ...user, user: { ...user.user, emailVerified: true } };
}
