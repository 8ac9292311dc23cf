import { DOWNLOAD_TOKEN_TTL_SECONDS } from '@arc/contract';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import { consumeDownloadToken, findVisibleFile, insertDownloadToken, type FileRow } from './queries.ts';

export interface FilesDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
}

export const DOWNLOAD_EXPIRED_MESSAGE = 'This download link has expired.';

/** A single-use token, valid 60 s, bound to this agent and a file the agent may see (else 404). */
export async function createDownloadToken(deps: FilesDeps, agentId: string, fileId: string): Promise<string> {
  const file = await findVisibleFile(deps.db, fileId, agentId);
  if (!file) throw new AppError('NOT_FOUND', 'File not found');
  const token = randomToken();
  const expiresAt = new Date(deps.clock.now().getTime() + DOWNLOAD_TOKEN_TTL_SECONDS * 1000);
  await insertDownloadToken(deps.db, { tokenHash: hashToken(token), agentId, fileId: file.id, expiresAt });
  return token;
}

/** Spends the token and opens the file's stream; a used, unknown or expired token is 410. */
export async function openDownload(deps: FilesDeps, token: string): Promise<{ file: FileRow; stream: Readable }> {
  const file = await consumeDownloadToken(deps.db, hashToken(token), deps.clock.now());
  if (!file) throw new AppError('GONE', DOWNLOAD_EXPIRED_MESSAGE);
  return { file, stream: await deps.storage.get(file.storageKey) };
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
