import { crc32, deflateSync } from 'node:zlib';
import { AVATAR_MAX_BYTES, AVATAR_SIZE, PROFILE_MESSAGES } from '@arc/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, files } from '../../db/schema/index.ts';
import { addAgent, createAgentApp, type AgentApp, type TestAgent } from '../../test/agent-app.ts';
import { multipart, type Part } from '../../test/multipart.ts';
import { bearer } from '../../test/tokens.ts';

let t: AgentApp;
let agent: TestAgent;
let other: TestAgent;
let token: string;
let otherToken: string;

beforeAll(async () => {
  t = await createAgentApp();
  agent = t.agent;
  other = await addAgent(t);
  token = agent.token;
  otherToken = other.token;
});
afterAll(async () => {
  await t?.close();
});

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } })
    .toFormat(format)
    .toBuffer();

/** A tiny PNG whose header claims `width` × `height` pixels: a decompression bomb's shape. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function upload(parts: Part[], auth: string | null = token) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/arc/agent/avatar',
    headers: { 'content-type': body.contentType, ...(auth ? bearer(auth) : {}) },
    payload: body.buffer(),
  });
}

const pictureFile = (body: Uint8Array | string, filename = 'me.png', contentType = 'image/png'): Part => ({
  name: 'pictures',
  filename,
  contentType,
  body,
});

async function avatarOf(agentToken: string): Promise<string | null> {
  const res = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(agentToken) });
  return res.json().agent.avatar;
}

describe('POST /arc/agent/avatar', () => {
  it('re-encodes the picture as a JPEG named after the NPN and serves it at the URL user info gives', async () => {
    const res = await upload([pictureFile(await picture(1200, 800))]);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(PROFILE_MESSAGES.avatarUpdated);
    const url = await avatarOf(token);
    expect(url).toBe(res.json().avatar);
    expect(url).toMatch(new RegExp(`^/arc/agent/avatar/${agent.id}\\?v=fil_[\\w-]+&token=`));

    const [row] = await t.database.db
      .select({ name: files.name, storageKey: files.storageKey, contentType: files.contentType })
      .from(files)
      .innerJoin(agents, eq(agents.avatarFileId, files.id))
      .where(eq(agents.id, agent.id));
    expect(row).toEqual({
      name: `${agent.npn}.jpg`,
      storageKey: `avatars/${agent.npn}.jpg`,
      contentType: 'image/jpeg',
    });

    // an <img> sends no bearer: the signed URL alone opens it
    const image = await t.app.inject({ method: 'GET', url: url! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata).toMatchObject({
      format: 'jpeg',
      width: AVATAR_SIZE,
      height: Math.round((AVATAR_SIZE * 800) / 1200),
    });
  });

  it('replaces the previous picture: a new URL, one file row', async () => {
    const before = await avatarOf(token);
    expect((await upload([pictureFile(await picture(300, 300, 'webp'), 'x.webp', 'image/webp')])).statusCode).toBe(201);
    const after = await avatarOf(token);
    expect(after).not.toBe(before);
    const rows = await t.database.db.select().from(files).where(eq(files.ownerAgentId, agent.id));
    expect(rows).toHaveLength(1);
  });

  it('accepts JPEG and GIF, whatever the file is called or says it is', async () => {
    for (const format of ['jpeg', 'gif'] as const) {
      const res = await upload([pictureFile(await picture(64, 48, format), 'notes.txt', 'text/plain')]);
      expect(res.statusCode, format).toBe(201);
    }
  });

  it('keeps only image data: bytes after the picture and its metadata are not served back', async () => {
    const withExtra = Buffer.concat([
      await sharp(await picture(100, 100, 'jpeg'))
        .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-text' } } })
        .toBuffer(),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    expect((await upload([pictureFile(withExtra, 'a.jpg', 'image/jpeg')])).statusCode).toBe(201);
    const image = await t.app.inject({ method: 'GET', url: (await avatarOf(token))! });
    const served = image.rawPayload.toString('latin1');
    expect(served).not.toContain('<script>');
    expect(served).not.toContain('secret-exif-text');
  });

  it('answers 415 "Please select an image file" for a file that is not an image, whatever its name and type', async () => {
    for (const body of [
      'just some text, not a picture',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '%PDF-1.7\n',
      // a PNG signature with garbage behind it
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
    ]) {
      const res = await upload([pictureFile(body, 'photo.png', 'image/png')]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: PROFILE_MESSAGES.notAnImage });
    }
  });

  it('answers 413 for a file over the size limit', async () => {
    const big = Buffer.concat([await picture(10, 10, 'jpeg'), Buffer.alloc(AVATAR_MAX_BYTES, 0)]);
    const res = await upload([pictureFile(big, 'big.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(PROFILE_MESSAGES.avatarTooLarge);
  });

  it('answers 413 for a small file that claims a huge number of pixels, before decoding it', async () => {
    const res = await upload([pictureFile(pngHeaderOnly(20_000, 20_000))]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(PROFILE_MESSAGES.avatarTooManyPixels);
  });

  it('answers 400 without a picture, with another field, or with two files', async () => {
    const png = await picture(20, 20);
    for (const parts of [
      [],
      [{ name: 'avatar', filename: 'a.png', contentType: 'image/png', body: png }],
      [{ name: 'pictures', value: 'text' }],
      [pictureFile(png), pictureFile(png)],
    ] as Part[][]) {
      const res = await upload(parts);
      expect(res.statusCode, JSON.stringify(parts.map((p) => p.name))).toBe(400);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/avatar',
      headers: bearer(token),
      payload: { pictures: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('answers 401 "Missing token" without a token, and stores nothing', async () => {
    const res = await upload([pictureFile(await picture(20, 20))], null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Missing token' });
    expect(await avatarOf(otherToken)).toBeNull();
  });
});

describe('GET /arc/agent/avatar/:agentId', () => {
  it("answers 403 for a forged token, or one agent's token used for another agent's picture", async () => {
    expect((await upload([pictureFile(await picture(40, 40))], otherToken)).statusCode).toBe(201);
    const mine = new URL((await avatarOf(token))!, 'http://x');
    const theirs = new URL((await avatarOf(otherToken))!, 'http://x');
    const forged = `${theirs.pathname}?token=${mine.searchParams.get('token')!.replace(/.$/, 'A')}`;
    const swapped = `${theirs.pathname}?token=${mine.searchParams.get('token')}`;
    for (const url of [forged, swapped, `${theirs.pathname}?token=nonsense`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('answers 400 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/arc/agent/avatar/${agent.id}` });
    expect(res.statusCode).toBe(400);
  });
});
