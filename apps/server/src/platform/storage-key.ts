import { AppError } from './errors.ts';

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Storage keys are relative paths of plain segments, the same for every backend; nothing can climb out. */
export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new AppError('BAD_REQUEST', `Invalid storage key: ${key}`);
}
