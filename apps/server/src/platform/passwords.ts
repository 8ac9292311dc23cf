import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { containsAccountName, MESSAGES, PASSWORD_MESSAGES, passesPasswordRules } from '@arc/contract';
import { isCommonPassword } from './common-passwords.ts';
import { AppError } from './errors.ts';

const argon2Async = promisify(argon2);

/** argon2id with 19 MiB, 2 passes, 1 lane (docs/decisions/passwords-and-sign-in.md). */
interface Argon2Params {
  memory: number;
  passes: number;
  parallelism: number;
  tagLength: number;
}
const PARAMS: Argon2Params = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };

async function derive(password: string, nonce: Buffer, params: Argon2Params): Promise<Buffer> {
  return argon2Async('argon2id', { message: Buffer.from(password, 'utf8'), nonce, ...params });
}

/** PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash> */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const hash = await derive(password, nonce, PARAMS);
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${nonce.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(phc);
  if (!match) return false;
  const [, m, t, p, salt, expected] = match as unknown as [string, string, string, string, string, string];
  const expectedBuf = Buffer.from(expected, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expectedBuf.length,
  });
  return actual.length === expectedBuf.length && timingSafeEqual(actual, expectedBuf);
}

/** The spec's rules, then the common-password and own-name checks of docs/decisions/passwords-and-sign-in.md. */
export async function checkNewPassword(
  password: string,
  agent: { username: string | null; npn: string },
): Promise<void> {
  if (!passesPasswordRules(password)) throw new AppError('BAD_REQUEST', MESSAGES.passwordCriteria);
  if (await isCommonPassword(password)) throw new AppError('BAD_REQUEST', PASSWORD_MESSAGES.common);
  if (containsAccountName(password, [agent.username, agent.npn])) {
    throw new AppError('BAD_REQUEST', PASSWORD_MESSAGES.containsAccount);
  }
}
