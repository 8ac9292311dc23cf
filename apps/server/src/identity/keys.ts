import { generateKeyPairSync, randomBytes, randomUUID, type JsonWebKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';
import type { JsonWebKeyWithKid, ProviderSecrets } from '../platform/deps.ts';

const NAME = 'oidc-provider';

function generateSigningKey(): JsonWebKeyWithKid {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * Signing and cookie keys are generated on first start and kept in the database, so restarts and
 * replicas share them. Insert-if-absent makes two replicas starting together agree on one set.
 */
export async function loadOrCreateProviderSecrets(db: Db): Promise<ProviderSecrets> {
  const existing = await db.select().from(appSecrets).where(eq(appSecrets.name, NAME));
  if (existing[0]) return existing[0].value as ProviderSecrets;
  const fresh: ProviderSecrets = {
    jwks: { keys: [generateSigningKey()] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  await db.insert(appSecrets).values({ name: NAME, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, NAME));
  return row!.value as ProviderSecrets;
}

/**
 * Signing key rotation, step 1 (docs/operations.md): a new signing key goes first, the others stay for
 * verification. Cookie keys are left alone: a replica not yet restarted could not read cookies signed with a
 * new one. Replicas sign with the new key once restarted; those not yet restarted
 * verify its tokens by reading the stored keys again (platform/auth.ts). Answers the stored secrets.
 */
export async function rotateProviderKeys(db: Db): Promise<ProviderSecrets> {
  await loadOrCreateProviderSecrets(db);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(appSecrets).where(eq(appSecrets.name, NAME)).for('update');
    const current = row!.value as ProviderSecrets;
    const next: ProviderSecrets = {
      jwks: { keys: [generateSigningKey(), ...current.jwks.keys] },
      cookieKeys: current.cookieKeys,
    };
    await tx.update(appSecrets).set({ value: next }).where(eq(appSecrets.name, NAME));
    return next;
  });
}

/**
 * Step 2, once every token signed with the older keys has expired (the longest lifetime is the refresh
 * token's, 12 hours): keeps only the newest signing key.
 */
export async function retireOldProviderKeys(db: Db): Promise<ProviderSecrets> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(appSecrets).where(eq(appSecrets.name, NAME)).for('update');
    if (!row) throw new Error('no provider keys are stored yet');
    const current = row.value as ProviderSecrets;
    const next: ProviderSecrets = {
      jwks: { keys: current.jwks.keys.slice(0, 1) },
      cookieKeys: current.cookieKeys,
    };
    await tx.update(appSecrets).set({ value: next }).where(eq(appSecrets.name, NAME));
    return next;
  });
}

/** The public half of each signing key, for verifying access tokens. */
export function publicJwks(secrets: ProviderSecrets): { keys: JsonWebKey[] } {
  return {
    keys: secrets.jwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })),
  };
}
