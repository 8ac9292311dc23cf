import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokenVerifier } from '../platform/auth.ts';
import type { JsonWebKeyWithKid } from '../platform/deps.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { loadOrCreateProviderSecrets, publicJwks, retireOldProviderKeys, rotateProviderKeys } from './keys.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function sign(key: JsonWebKeyWithKid, kid = key.kid) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
    .setSubject('agt_1')
    .setIssuer(t.config.oidcIssuer)
    .setAudience(t.config.apiAudience)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(await importJWK(key, 'RS256'));
}

describe('signing key rotation (npm run keys)', () => {
  it('puts a new key first, keeps the old for verification, and retires it later', async () => {
    const before = await loadOrCreateProviderSecrets(t.database.db);
    const rotated = await rotateProviderKeys(t.database.db);
    expect(rotated.jwks.keys).toHaveLength(before.jwks.keys.length + 1);
    expect(rotated.jwks.keys.slice(1)).toEqual(before.jwks.keys);
    expect(rotated.cookieKeys).toEqual(before.cookieKeys);
    expect(await loadOrCreateProviderSecrets(t.database.db)).toEqual(rotated);

    // a replica started before the rotation knows only the old key; it reads the stored keys for a new kid
    let reloads = 0;
    const verify = createAccessTokenVerifier({
      issuer: t.config.oidcIssuer,
      audience: t.config.apiAudience,
      jwks: publicJwks(before),
      reloadJwks: async () => {
        reloads += 1;
        return publicJwks(await loadOrCreateProviderSecrets(t.database.db));
      },
    });
    await expect(verify(await sign(before.jwks.keys[0]!))).resolves.toBe('agt_1');
    await expect(verify(await sign(rotated.jwks.keys[0]!))).resolves.toBe('agt_1');
    expect(reloads).toBe(1);
    // a made-up key id is refused, and costs at most one reload a second
    await expect(verify(await sign(rotated.jwks.keys[0]!, 'made-up'))).rejects.toThrow('Invalid token');
    await expect(verify(await sign(rotated.jwks.keys[0]!, 'made-up-2'))).rejects.toThrow('Invalid token');
    expect(reloads).toBe(1);

    const retired = await retireOldProviderKeys(t.database.db);
    expect(retired.jwks.keys).toEqual([rotated.jwks.keys[0]]);
    expect(retired.cookieKeys).toEqual(before.cookieKeys);
  });
});
