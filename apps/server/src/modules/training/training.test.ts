import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingCategories, trainingVideos } from '../../db/schema/index.ts';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { fixedClock } from '../../test/app.ts';
import { bearer } from '../../test/tokens.ts';

const clock = fixedClock('2026-11-23T12:00:00Z');
let t: AgentApp;
let token: string;
const clip = fs.readFileSync(new URL('../../seed/assets/training/portal-tour.webm', import.meta.url));

beforeAll(async () => {
  t = await createAgentApp({ clock });
  const { db } = t.database;
  token = t.agent.token;
  await t.app.deps.storage.put('training/portal-tour.webm', Readable.from([clip]));
  await db.insert(trainingCategories).values([
    { slug: 'sales-and-marketing', name: 'Sales & Marketing', description: 'Sell well', logo: '/l.svg', sortOrder: 1 },
    { slug: 'annuities', name: 'Annuities', description: 'Soon', logo: '/a.svg', isComingSoon: true, sortOrder: 2 },
  ]);
  await db.insert(trainingVideos).values([
    {
      id: 'hosted',
      categorySlug: 'sales-and-marketing',
      title: 'Scope of Appointment',
      description: '<p>SOA</p>',
      thumbs: '/t.svg',
      mediaKey: 'training/portal-tour.webm',
      mediaType: 'video/webm',
    },
    {
      id: 'vimeo',
      categorySlug: 'sales-and-marketing',
      title: 'On Vimeo',
      description: '<p>V</p>',
      vimeoCode: '76979871',
      thumbs: '/t.svg',
      sortOrder: 1,
    },
    {
      id: 'gone',
      categorySlug: 'sales-and-marketing',
      title: 'Missing clip',
      description: '',
      thumbs: '/t.svg',
      mediaKey: 'training/missing.webm',
      sortOrder: 2,
    },
    {
      id: 'annuity-basics',
      categorySlug: 'annuities',
      title: 'Annuity basics',
      description: '<p>Soon</p>',
      thumbs: '/t.svg',
      mediaKey: 'training/portal-tour.webm',
      mediaType: 'video/webm',
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const sourceOf = async (videoId: string) =>
  (await get(`/arc/training/videos/${videoId}/source`, bearer(token))).json<{ url: string; expiresAt: string }>();

describe('GET /arc/training/categories', () => {
  it('lists the categories in order with their videos', async () => {
    const res = await get('/arc/training/categories', bearer(token));
    expect(res.statusCode).toBe(200);
    const { categories } = res.json();
    expect(categories.map((c: { category_name: string }) => c.category_name)).toEqual([
      'Sales & Marketing',
      'Annuities',
    ]);
    expect(categories[0]).toMatchObject({ slug: 'sales-and-marketing', isComingSoon: false });
    expect(categories[0].videos).toEqual([
      {
        id: 'hosted',
        title: 'Scope of Appointment',
        description: '<p>SOA</p>',
        vimeoCode: null,
        youtubeCode: null,
        thumbs: '/t.svg',
        isHosted: true,
      },
      {
        id: 'vimeo',
        title: 'On Vimeo',
        description: '<p>V</p>',
        vimeoCode: '76979871',
        youtubeCode: null,
        thumbs: '/t.svg',
        isHosted: false,
      },
      expect.objectContaining({ id: 'gone' }),
    ]);
  });

  it('lists no video of a category that is coming soon (Annuities)', async () => {
    const { categories } = (await get('/arc/training/categories', bearer(token))).json();
    expect(categories[1]).toMatchObject({ isComingSoon: true, videos: [] });
  });
});

describe('GET /arc/training/videos/:videoId/source', () => {
  it('answers a signed media URL valid for four hours', async () => {
    const res = await get('/arc/training/videos/hosted/source', bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      url: expect.stringMatching(/^\/arc\/training\/media\?token=[\w-]+\.[\w-]{43}$/),
      contentType: 'video/webm',
      expiresAt: '2026-11-23T16:00:00.000Z',
    });
  });

  it('answers 404 for an unknown video and for one that is not stored here (Vimeo)', async () => {
    expect((await get('/arc/training/videos/nope/source', bearer(token))).statusCode).toBe(404);
    expect((await get('/arc/training/videos/vimeo/source', bearer(token))).statusCode).toBe(404);
  });

  it('answers 404 for a stored clip of a category that is coming soon, as the list hides it', async () => {
    expect((await get('/arc/training/videos/annuity-basics/source', bearer(token))).statusCode).toBe(404);
  });
});

describe('GET /arc/training/media', () => {
  it('streams the whole clip without a Range header, and advertises ranges', async () => {
    const { url } = await sourceOf('hosted');
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'video/webm',
      'accept-ranges': 'bytes',
      'content-length': String(clip.length),
    });
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.compare(res.rawPayload, clip)).toBe(0);
  });

  it('answers 206 with Content-Range for a range, many times with one URL', async () => {
    const { url } = await sourceOf('hosted');
    const first = await get(url, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${clip.length}`);
    expect(first.headers['content-length']).toBe('100');
    expect(Buffer.compare(first.rawPayload, clip.subarray(0, 100))).toBe(0);

    const tail = await get(url, { range: 'bytes=-16' });
    expect(tail.statusCode).toBe(206);
    expect(Buffer.compare(tail.rawPayload, clip.subarray(clip.length - 16))).toBe(0);

    const open = await get(url, { range: `bytes=${clip.length - 10}-` });
    expect(open.headers['content-range']).toBe(`bytes ${clip.length - 10}-${clip.length - 1}/${clip.length}`);
  });

  it('answers the whole clip for another unit or several ranges, and one range for ranges that merge', async () => {
    const { url } = await sourceOf('hosted');
    for (const range of ['items=0-5', 'bytes=0-1, 50-59']) {
      const res = await get(url, { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.length, range).toBe(clip.length);
    }
    const merged = await get(url, { range: 'bytes=0-9,10-19' });
    expect(merged.statusCode).toBe(206);
    expect(merged.headers['content-range']).toBe(`bytes 0-19/${clip.length}`);
  });

  it('answers 416 with the size for a range outside the clip or a malformed one', async () => {
    const { url } = await sourceOf('hosted');
    for (const range of [`bytes=${clip.length}-`, 'bytes=500-100', 'bytes=x-', 'bytes=-', 'bytes=-0']) {
      const res = await get(url, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${clip.length}`);
    }
  });

  it('answers 403 for a forged or expired token, and 400 without one', async () => {
    const { url } = await sourceOf('hosted');
    const forged = url.slice(0, -3) + (url.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await get(forged)).statusCode).toBe(403);
    expect((await get('/arc/training/media?token=garbage')).statusCode).toBe(403);
    expect((await get('/arc/training/media')).statusCode).toBe(400);
    clock.advance(4 * 60 * 60 * 1000);
    try {
      const res = await get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/expired/);
    } finally {
      clock.set('2026-11-23T12:00:00Z');
    }
  });

  it('answers 404 when the stored clip is missing', async () => {
    const { url } = await sourceOf('gone');
    expect((await get(url)).statusCode).toBe(404);
  });
});

describe('GET /arc/training/images/:name', () => {
  it('serves category logos and thumbnails as public SVGs; 404 for anything else', async () => {
    const logo = await get('/arc/training/images/category-annuities.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toContain('aria-label="Annuities"');
    expect((await get('/arc/training/images/thumb-portal-tour.svg')).statusCode).toBe(200);
    expect((await get('/arc/training/images/nope.svg')).statusCode).toBe(404);
  });
});
