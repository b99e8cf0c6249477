import { describe, expect, it } from 'vitest';
import { clientAuthentication, contactOf } from './sso-provider.js';

/** How the token request carries the secret: `basic` in the header, `post` in the body. */
async function carried(methods: string[] | undefined): Promise<string | undefined> {
  const authentication = clientAuthentication(
    { token_endpoint_auth_methods_supported: methods },
    'secret',
  );
  if (!authentication) return undefined;
  const body = new URLSearchParams();
  const headers = new Headers();
  await authentication(
    { issuer: 'https://idp.example.com' },
    { client_id: 'livent' },
    body,
    headers,
  );
  if (headers.get('authorization')?.startsWith('Basic ')) return 'basic';
  return body.get('client_secret') === 'secret' ? 'post' : 'none';
}

describe('the client authentication from discovery', () => {
  it.each([
    [undefined, 'basic'],
    [['client_secret_basic'], 'basic'],
    [['client_secret_post', 'client_secret_basic'], 'basic'],
    [['client_secret_post'], 'post'],
    [['private_key_jwt'], undefined],
  ])('is %j → %s', async (methods, expected) => {
    expect(await carried(methods)).toBe(expected);
  });

  it('is none for a public client (no secret)', () => {
    expect(
      clientAuthentication({ token_endpoint_auth_methods_supported: [] }, undefined),
    ).toBeTypeOf('function');
  });
});

describe('the contact from claims', () => {
  it('takes the name, else given and family name, else the preferred username', () => {
    expect(contactOf({ name: 'Ada Lovelace', given_name: 'Ada' })).toEqual({
      email: null,
      name: 'Ada Lovelace',
    });
    expect(
      contactOf({ given_name: 'Ada', family_name: 'Byron', email: 'ada@example.com' }),
    ).toEqual({ email: 'ada@example.com', name: 'Ada Byron' });
    expect(contactOf({ family_name: 'Byron', preferred_username: 'ada' })).toEqual({
      email: null,
      name: 'Byron',
    });
    expect(contactOf({ preferred_username: 'ada', name: ' ', email: 7 })).toEqual({
      email: null,
      name: 'ada',
    });
    expect(contactOf({})).toEqual({ email: null, name: null });
  });
});
