import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/index.ts';

type Row = typeof oidcPayloads.$inferSelect;

/**
 * oidc-provider's storage (sessions, grants, codes, tokens, interactions) in one table, one adapter per
 * model name, following the contract of the provider's example/my_adapter.js. Expiry uses the system
 * time because the provider itself does.
 */
export class DrizzleAdapter implements Adapter {
  readonly #db: Db;
  readonly #type: string;
  readonly #onDestroyed: ((id: string) => Promise<void>) | undefined;

  constructor(db: Db, type: string, onDestroyed?: (id: string) => Promise<void>) {
    this.#db = db;
    this.#type = type;
    this.#onDestroyed = onDestroyed;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
    const values = {
      payload,
      grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
      userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expiresAt,
    };
    await this.#db
      .insert(oidcPayloads)
      .values({ id, type: this.#type, ...values })
      .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: values });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findBy(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findBy(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findBy(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.#db
      .update(oidcPayloads)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.#type)));
  }

  async destroy(id: string): Promise<void> {
    await this.#db.delete(oidcPayloads).where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.#type)));
    await this.#onDestroyed?.(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.grantId, grantId), eq(oidcPayloads.type, this.#type)));
  }

  async #findBy(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.#db
      .select()
      .from(oidcPayloads)
      .where(and(condition, eq(oidcPayloads.type, this.#type)))
      .limit(1);
    return row ? toPayload(row) : undefined;
  }
}

function toPayload(row: Row): AdapterPayload | undefined {
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
  const payload = row.payload as AdapterPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
}

export interface AdapterOptions {
  /**
   * A grant was deleted (Log Out, a revoked refresh token): awaited before the provider answers, so the API's
   * grant check (grants.ts) on every replica refuses its access tokens from then on.
   */
  onGrantEnded?: (grantId: string) => Promise<void>;
}

export const createAdapterFactory =
  (db: Db, { onGrantEnded }: AdapterOptions = {}) =>
  (name: string) =>
    new DrizzleAdapter(db, name, name === 'Grant' ? onGrantEnded : undefined);

/** Deletes expired provider rows; returns how many went. */
export async function purgeExpiredPayloads(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(and(isNotNull(oidcPayloads.expiresAt), lt(oidcPayloads.expiresAt, now)))
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}

/**
 * Ends every session, grant and token of one account (a new password: reset or change) or of several (agents
 * deactivated by staff), except those of `keepGrantId` (the session that changed the password keeps working).
 * Answers the ids of the grants it ended, so the caller can drop them from the API's grant check on every replica
 * (grants.ts).
 */
export async function revokeAccountPayloads(
  db: Pick<Db, 'delete'>,
  accountIds: string | readonly string[],
  { keepGrantId }: { keepGrantId?: string | undefined } = {},
): Promise<string[]> {
  const ids = typeof accountIds === 'string' ? [accountIds] : accountIds;
  if (ids.length === 0) return [];
  const ofAccount =
    ids.length === 1
      ? sql`${oidcPayloads.payload}->>'accountId' = ${ids[0]}`
      : sql`${oidcPayloads.payload}->>'accountId' = any(${sql.param([...ids])}::text[])`;
  // a session row names its grants under authorizations.<client>.grantId; a grant row is its own id
  const isKept = keepGrantId
    ? sql`(${oidcPayloads.id} = ${keepGrantId} or coalesce(${oidcPayloads.grantId}, '') = ${keepGrantId} or exists (select 1 from jsonb_each(coalesce(${oidcPayloads.payload}->'authorizations', '{}'::jsonb)) as a(client, v) where a.v->>'grantId' = ${keepGrantId}))`
    : sql`false`;
  const deleted = await db
    .delete(oidcPayloads)
    .where(and(ofAccount, sql`not ${isKept}`))
    .returning({ id: oidcPayloads.id, type: oidcPayloads.type });
  return deleted.filter((row) => row.type === 'Grant').map((row) => row.id);
}
