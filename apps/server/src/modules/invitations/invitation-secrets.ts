import { randomInt } from 'node:crypto';
import { randomToken } from '../../lib/crypto.js';

/** Letters and digits that cannot be mistaken for one another when read out or typed. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PASSWORD_LENGTH = 10;

/** A readable password from the CSPRNG (10 of 55 characters: about 58 bits). */
export function generatePassword(): string {
  let password = '';
  for (let index = 0; index < PASSWORD_LENGTH; index += 1) {
    password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  }
  return password;
}

/** The personal link's token: 256 bits, base64url. */
export const newPersonalToken = () => randomToken(32);
