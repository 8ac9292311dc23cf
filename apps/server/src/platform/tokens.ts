import { createHash, randomBytes } from 'node:crypto';

/** An unguessable URL-safe token (256 bits). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Only this hash is stored, so a database leak does not leak usable links. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export const randomId = (): string => randomBytes(12).toString('base64url');
