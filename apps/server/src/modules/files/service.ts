import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { recordAudit } from '../audit/service.ts';
import {
  downloadTokenOwner,
  isWellFormedDownloadToken,
  issueDownloadToken,
  redeemDownloadToken,
} from './download-tokens.ts';
import { findVisibleFile, type FileRow } from './queries.ts';

export interface FilesDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
}

export const DOWNLOAD_EXPIRED_MESSAGE = 'This download link has expired.';

/** A download token for a file the agent may see; any other file is 404, whether or not it exists. */
export async function createDownloadToken(deps: FilesDeps, agentId: string, fileId: string): Promise<string> {
  const file = await findVisibleFile(deps.db, fileId, agentId);
  if (!file) throw new AppError('NOT_FOUND', 'File not found');
  return issueDownloadToken(deps.db, { agentId, fileId: file.id }, deps.clock.now());
}

/**
 * Spends the token and opens the file: malformed is 404; unknown, used or expired is 410. With a bearer (the web
 * app sends one), a token issued to another agent is 404 and stays unspent for its owner.
 */
export async function openDownload(
  deps: FilesDeps,
  token: string,
  request: {
    /** the agent of the request's bearer token, or null when it carried none */
    bearerAgentId: string | null;
    /** the client's address as trusted by TRUST_PROXY, for the audit log */
    ip: string;
  },
): Promise<{ file: FileRow; stream: Readable }> {
  const { bearerAgentId, ip } = request;
  if (!isWellFormedDownloadToken(token)) throw new AppError('NOT_FOUND', 'Not found');
  const grant = await redeemDownloadToken(deps.db, token, deps.clock.now(), bearerAgentId);
  // another agent's token is "not found", as any other agent's thing (design §3); one's own stale token is 410
  if (!grant && bearerAgentId) {
    const owner = await downloadTokenOwner(deps.db, token);
    if (owner && owner !== bearerAgentId) throw new AppError('NOT_FOUND', 'Not found');
  }
  // The visibility check runs again: the file may have been deleted or given an owner since the token was made.
  const file = grant && (await findVisibleFile(deps.db, grant.fileId, grant.agentId));
  if (!file) throw new AppError('GONE', DOWNLOAD_EXPIRED_MESSAGE);
  const stream = await deps.storage.get(file.storageKey);
  try {
    await recordAudit(deps, {
      agentId: grant.agentId,
      ip,
      action: 'file.downloaded',
      subject: file.id,
      detail: { name: file.name, size: file.size },
    });
  } catch (err) {
    // unrecorded means unsent
    stream.destroy();
    throw err;
  }
  return { file, stream };
}

// Other areas issue and redeem export tokens (say, the enrollments spreadsheet) through this module's service.
export { isWellFormedDownloadToken, issueDownloadToken, redeemExportToken } from './download-tokens.ts';
