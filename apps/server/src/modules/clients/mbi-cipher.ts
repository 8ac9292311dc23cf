import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The Medicare number at rest (issue 46): AES-256-GCM with CLIENT_DATA_KEY, a fresh 96-bit IV each time, and the
 * client's id as additional data, so a ciphertext copied onto another row does not decrypt. Stored as
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url); the key id (8 hex digits of the key's SHA-256) says which key
 * of a rotation decrypts it (CLIENT_DATA_PREVIOUS_KEYS, docs/configuration.md).
 */
export type ClientDataKeys = Config['clientDataKeys'];

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export const KEY_MISSING_MESSAGE =
  'Medicare numbers cannot be stored or shown: the server has no client data key (CLIENT_DATA_KEY).';

function currentKey(keys: ClientDataKeys): Buffer {
  if (!keys.current) throw new AppError('UNAVAILABLE', KEY_MISSING_MESSAGE);
  return keys.current;
}

export function encryptMbi(keys: ClientDataKeys, clientId: string, mbi: string): string {
  const key = currentKey(keys);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(clientId));
  const ciphertext = Buffer.concat([cipher.update(mbi, 'utf8'), cipher.final()]);
  return [
    'v1',
    keyId(key),
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

export function decryptMbi(keys: ClientDataKeys, clientId: string, stored: string): string {
  const [version, id, iv, tag, ciphertext] = stored.split('.');
  const key = [keys.current, ...keys.previous].find((candidate) => candidate && keyId(candidate) === id);
  if (version !== 'v1' || !key || !iv || !tag || ciphertext === undefined) {
    throw new AppError('UNAVAILABLE', KEY_MISSING_MESSAGE);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(clientId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** Whether a stored value was written with a key other than the current one (a rotation re-encrypts it). */
export function isUnderOldKey(keys: ClientDataKeys, stored: string): boolean {
  return keys.current !== undefined && stored.split('.')[1] !== keyId(keys.current);
}
