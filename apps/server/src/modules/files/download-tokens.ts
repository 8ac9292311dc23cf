import { DOWNLOAD_TOKEN_TTL_SECONDS } from '@arc/contract';
import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { downloadTokens } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';

/** Expired rows are kept this long (for support questions), then dropped when the next token is issued. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;

/** What `randomToken()` produces: 32 bytes as base64url. Anything else cannot be one of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const isWellFormedDownloadToken = (token: string): boolean => TOKEN_PATTERN.test(token);

export interface DownloadGrant {
  agentId: string;
  fileId: string;
}

/** A token for a generated export (say, the agent's enrollments as a spreadsheet) rather than a stored file. */
export interface ExportGrant {
  agentId: string;
  exportName: string;
}

/**
 * A single-use token, valid 60 s from `now`, bound to one agent and one file. Only its SHA-256 is stored.
 * The caller has already checked that the agent may see the file.
 */
export async function issueDownloadToken(db: Db, grant: DownloadGrant | ExportGrant, now: Date): Promise<string> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + DOWNLOAD_TOKEN_TTL_SECONDS * 1000);
  await db.insert(downloadTokens).values({ tokenHash: hashToken(token), ...grant, expiresAt });
  await db.delete(downloadTokens).where(lt(downloadTokens.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
  return token;
}

/**
 * Spends a token in one statement, so of two concurrent requests only one wins. Answers the grant,
 * or undefined for a token that is unknown, already used or expired, or — when `agentId` is given (the request
 * carried a bearer) — issued to someone else. A refused token is not spent.
 */
export async function redeemDownloadToken(
  db: Db,
  token: string,
  now: Date,
  agentId: string | null = null,
): Promise<DownloadGrant | undefined> {
  if (!isWellFormedDownloadToken(token)) return undefined;
  const [grant] = await db
    .update(downloadTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(downloadTokens.tokenHash, hashToken(token)),
        isNotNull(downloadTokens.fileId),
        agentId ? eq(downloadTokens.agentId, agentId) : undefined,
        isNull(downloadTokens.usedAt),
        gt(downloadTokens.expiresAt, now),
      ),
    )
    .returning({ agentId: downloadTokens.agentId, fileId: downloadTokens.fileId });
  return grant?.fileId ? { agentId: grant.agentId, fileId: grant.fileId } : undefined;
}

/** The agent a token was issued to (used, expired or not), or undefined for a token that was never issued. */
export async function downloadTokenOwner(db: Db, token: string): Promise<string | undefined> {
  if (!isWellFormedDownloadToken(token)) return undefined;
  const [row] = await db
    .select({ agentId: downloadTokens.agentId })
    .from(downloadTokens)
    .where(eq(downloadTokens.tokenHash, hashToken(token)));
  return row?.agentId;
}

/**
 * Spends an export token the same way: answers the agent it was issued to, or undefined for a token that is
 * unknown, used, expired, for a file or another export, or — when `agentId` is given (the request carried a
 * bearer) — issued to someone else. A refused token is not spent.
 */
export async function redeemExportToken(
  db: Db,
  token: string,
  options: { exportName: string; now: Date; agentId?: string | null },
): Promise<string | undefined> {
  if (!isWellFormedDownloadToken(token)) return undefined;
  const [grant] = await db
    .update(downloadTokens)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(downloadTokens.tokenHash, hashToken(token)),
        eq(downloadTokens.exportName, options.exportName),
        options.agentId ? eq(downloadTokens.agentId, options.agentId) : undefined,
        isNull(downloadTokens.usedAt),
        gt(downloadTokens.expiresAt, options.now),
      ),
    )
    .returning({ agentId: downloadTokens.agentId });
  return grant?.agentId;
}
