import { describe, expect, it } from 'vitest';
import { createOwnerChangeSchema, createPermissionSchema } from './permissions.js';

describe('permission requests', () => {
  it('take an event and an email, trimmed and lower-cased', () => {
    expect(createPermissionSchema.parse({ eventId: 'e1', email: '  Greta@Example.COM ' })).toEqual({
      eventId: 'e1',
      email: 'greta@example.com',
    });
    expect(createOwnerChangeSchema.parse({ email: 'Nina@example.com' })).toEqual({
      email: 'nina@example.com',
    });
  });

  it('refuse unknown fields, a role or owner from the client, and addresses that are none', () => {
    expect(
      createPermissionSchema.safeParse({ eventId: 'e1', email: 'a@example.com', role: 'owner' })
        .success,
    ).toBe(false);
    expect(createPermissionSchema.safeParse({ eventId: '', email: 'a@example.com' }).success).toBe(
      false,
    );
    expect(createPermissionSchema.safeParse({ eventId: 'e1', email: 'not-an-email' }).success).toBe(
      false,
    );
    expect(
      createOwnerChangeSchema.safeParse({ email: 'a@example.com', ownerId: 'u1' }).success,
    ).toBe(false);
  });
});
