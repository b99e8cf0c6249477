import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_OPTIONS, PasswordHasher } from './passwords.js';

describe('PasswordHasher', () => {
  const passwords = new PasswordHasher();

  it('hashes with argon2id at m=19456 KiB, t=2, p=1 and verifies', async () => {
    const stored = await passwords.hash('Secret123');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwords.verify(stored, 'Secret123')).toBe(true);
    expect(await passwords.verify(stored, 'secret123')).toBe(false);
    expect(passwords.needsRehash(stored)).toBe(false);
  });

  it('never lets a malformed stored hash through', async () => {
    expect(await passwords.verify('not a hash', 'Secret123')).toBe(false);
    expect(passwords.needsRehash('not a hash')).toBe(true);
  });

  it('asks for a re-hash when the stored parameters are weaker or of another algorithm', async () => {
    const weakMemory = await hash('x', { ...PASSWORD_HASH_OPTIONS, memoryCost: 8192 });
    const onePass = await hash('x', { ...PASSWORD_HASH_OPTIONS, timeCost: 1 });
    // `algorithm: 0` is Argon2d.
    const argon2d = await hash('x', { ...PASSWORD_HASH_OPTIONS, algorithm: 0 });
    for (const stored of [weakMemory, onePass, argon2d])
      expect(passwords.needsRehash(stored)).toBe(true);
  });

  it('spends a verification on unknown accounts and answers false', async () => {
    expect(await passwords.verifyNothing('Secret123')).toBe(false);
  });
});
