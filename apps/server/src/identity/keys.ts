import { generateKeyPairSync, randomBytes, randomUUID, type JsonWebKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

export interface ProviderSecrets {
  /** private signing keys, newest first (RS256) */
  jwks: { keys: JsonWebKeyWithKid[] };
  /** cookie signing keys, newest first */
  cookieKeys: string[];
}

export interface JsonWebKeyWithKid extends JsonWebKey {
  kid: string;
  alg: string;
  use: string;
}

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

/** The public half of each signing key, for verifying access tokens. */
export function publicJwks(secrets: ProviderSecrets): { keys: JsonWebKey[] } {
  return {
    keys: secrets.jwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })),
  };
}
