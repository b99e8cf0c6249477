import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SignedInUser } from '../../test/accounts.js';
import { callAs } from '../../test/events.js';

/** The admin invites `email`; answers the invitation's id. */
export async function inviteToEnterprise(
  app: FastifyInstance,
  admin: SignedInUser,
  email: string,
): Promise<string> {
  const response = await callAs(app, admin, 'POST', '/enterprise/invitations', { email });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The admin invites the member, who accepts. */
export async function joinEnterprise(
  app: FastifyInstance,
  admin: SignedInUser,
  member: SignedInUser,
): Promise<void> {
  const id = await inviteToEnterprise(app, admin, member.email);
  const response = await callAs(
    app,
    member,
    'POST',
    `/account/enterprise/invitations/${id}/accept`,
  );
  expect(response.statusCode, response.body).toBe(200);
}
