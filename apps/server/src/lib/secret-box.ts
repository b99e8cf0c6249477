import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './crypto.js';

const VERSION = 'v1';

/**
 * Encrypts secrets at rest — the SSO client secrets (ADR 026), the TOTP secrets (ADR 071):
 * AES-256-GCM with a key derived from APP_SECRET for one purpose alone, a fresh 96-bit IV per
 * value, and the owner's id (the event's, the account's) as associated data, so that a secret
 * copied to another row does not decrypt.
 */
export class SecretBox {
  private readonly key: Uint8Array;

  constructor(appSecret: string, purpose: string) {
    this.key = deriveKey(appSecret, purpose);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plain secret; undefined when the value was not sealed with this key for this context. */
  open(sealed: string, context: string): string | undefined {
    const [version, iv, body, tag, extra] = sealed.split('.');
    if (version !== VERSION || !iv || body === undefined || !tag || extra !== undefined) {
      return undefined;
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
