import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './signed-urls.ts';

const now = new Date('2026-11-23T12:00:00Z');
const claims = { resource: 'training/clip.webm', agentId: 'agt_1', expiresAt: now.getTime() / 1000 + 60 };

describe('createUrlSigner', () => {
  const signer = createUrlSigner('secret-one', 'media');

  it('verifies its own token until it expires, any number of times', () => {
    const token = signer.sign(claims);
    expect(token).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(signer.verify(token, now)).toEqual(claims);
    expect(signer.verify(token, now)).toEqual(claims);
    expect(signer.verify(token, new Date(now.getTime() + 59_999))).toEqual(claims);
    expect(signer.verify(token, new Date(now.getTime() + 60_000))).toBeNull();
  });

  it('rejects a changed payload, a changed signature, another key or purpose, and garbage', () => {
    const token = signer.sign(claims);
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['training/other.webm', 'agt_1', claims.expiresAt])).toString(
      'base64url',
    );
    expect(signer.verify(`${forged}.${signature}`, now)).toBeNull();
    expect(signer.verify(`${payload}.${signature.slice(0, -2)}AA`, now)).toBeNull();
    expect(createUrlSigner('secret-two', 'media').verify(token, now)).toBeNull();
    expect(createUrlSigner('secret-one', 'other').verify(token, now)).toBeNull();
    for (const bad of ['', '.', 'abc', 'a.b.c', `${payload}.`, `.${signature}`]) {
      expect(signer.verify(bad, now), bad).toBeNull();
    }
  });
});
