import { type RecoveryCodes, type TwoFactorSetup } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SignedInUser } from '../../test/accounts.js';
import { callAs } from '../../test/events.js';
import { base32Decode, referenceTotp } from '../../test/totp-reference.js';

/** An account with two-factor sign-in on: its key (for codes) and recovery codes. */
export interface TwoFactorUser {
  key: Buffer;
  recoveryCodes: string[];
}

/** Turns two-factor sign-in on with a code computed from the shown secret at `atMs`. */
export async function enableTwoFactor(
  app: FastifyInstance,
  user: SignedInUser,
  atMs: number,
): Promise<TwoFactorUser> {
  const setup = await callAs(app, user, 'POST', '/account/two-factor/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const key = base32Decode(setup.json<TwoFactorSetup>().secret);
  const enabled = await callAs(app, user, 'POST', '/account/two-factor/enable', {
    code: referenceTotp(key, atMs),
    password: user.password,
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { key, recoveryCodes: enabled.json<RecoveryCodes>().recoveryCodes };
}
