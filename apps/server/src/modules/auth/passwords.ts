import { hash, parseOptions, verify } from '@node-rs/argon2';

export interface PasswordHashOptions {
  /** KiB */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id minimum (ASVS 11.4.2): 19 MiB, 2 passes, 1 lane. */
export const PASSWORD_HASH_OPTIONS: PasswordHashOptions = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;
/** `Version.V0x13` */
const ARGON2_VERSION_13 = 1;

/**
 * argon2id password hashes. Unknown emails are checked against a dummy hash of the same cost,
 * so that a login answers "Incorrect email or password" in comparable time whether or not the
 * account exists.
 */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(private readonly options: PasswordHashOptions = PASSWORD_HASH_OPTIONS) {}

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  /** False also for a malformed stored hash, which must never let anyone in. */
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** Spends the time of one verification and answers false. */
  async verifyNothing(password: string): Promise<false> {
    await this.verify(await this.dummyHash(), password);
    return false;
  }

  /** Computes the dummy hash ahead of the first login with an unknown email (at start). */
  async warmUp(): Promise<void> {
    await this.dummyHash();
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= this.hash('dummy password of an account that does not exist');
    return this.dummy;
  }

  /** Whether a stored hash is weaker than (or other than) the current parameters. */
  needsRehash(passwordHash: string): boolean {
    try {
      const current = parseOptions(passwordHash);
      return (
        current.algorithm !== ARGON2ID ||
        current.version !== ARGON2_VERSION_13 ||
        current.memoryCost < this.options.memoryCost ||
        current.timeCost < this.options.timeCost ||
        current.parallelism !== this.options.parallelism
      );
    } catch {
      return true;
    }
  }
}
