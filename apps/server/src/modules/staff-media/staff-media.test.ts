import { STAFF_MEDIA_MESSAGES, type StaffRole, type StaffTrainingVideo } from '@arc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, trainingCategories, trainingVideos } from '../../db/schema/index.ts';
import { seedPageTexts } from '../../seed/page-texts.ts';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { multipart } from '../../test/multipart.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';
import { parseVideoLink } from './video-link.ts';

let t: AgentApp;
const tokens = {} as Record<StaffRole, string>;

/** An MP4's first box (`ftyp`, isom) and some bytes after it: what the server checks is the start. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isommp41', 'latin1'),
  Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251)),
]);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

beforeAll(async () => {
  t = await createAgentApp();
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    tokens[role] = (
      await mintStaffToken(t, await insertStaff(t, { role, email: `${role}.media@provider.test` }))
    ).token;
  }
  const { db } = t.database;
  await db.insert(trainingCategories).values([
    { slug: 'sales-and-marketing', name: 'Sales & Marketing', description: 'Sell', logo: '/l.svg', sortOrder: 1 },
    { slug: 'annuities', name: 'Annuities', description: 'Soon', logo: '/a.svg', isComingSoon: true, sortOrder: 2 },
  ]);
  await db.insert(trainingVideos).values({
    id: 'annuity-basics',
    categorySlug: 'annuities',
    title: 'Annuity basics',
    description: '<p>Soon</p>',
    vimeoCode: '76979871',
    thumbs: '/t.svg',
  });
  await seedPageTexts({ db, now: new Date() });
});
afterAll(async () => {
  await t?.close();
});

const staff = (role: StaffRole, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[role]), ...(payload ? { payload } : {}) });
const agentGet = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(t.agent.token) });
const upload = (role: StaffRole, url: string, filename: string, body: Buffer, contentType = 'video/mp4') => {
  const form = multipart([{ name: 'file', filename, contentType, body }]);
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { ...bearer(tokens[role]), 'content-type': form.contentType },
    payload: form.buffer(),
  });
};
const agentVideos = async () => {
  const { categories } = (await agentGet('/arc/training/categories')).json<{
    categories: Array<{
      slug: string;
      isComingSoon: boolean;
      videos: Array<{ id: string; youtubeCode: string | null }>;
    }>;
  }>();
  return categories;
};
const video = (over: object = {}) => ({
  title: 'Scope of Appointment in 2027',
  description: '<p>What changed.</p>',
  categorySlug: 'sales-and-marketing',
  sortOrder: 3,
  isPublished: true,
  link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ...over,
});

describe('who may edit videos and pages', () => {
  it('refuses operations and support (403) and a call without a token (401); admin and content may', async () => {
    for (const url of ['/arc/staff/training', '/arc/staff/pages']) {
      expect((await staff('operations', 'GET', url)).statusCode, url).toBe(403);
      expect((await staff('support', 'GET', url)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await agentGet(url)).statusCode, url).toBe(403);
      expect((await staff('admin', 'GET', url)).statusCode, url).toBe(200);
      expect((await staff('content', 'GET', url)).statusCode, url).toBe(200);
    }
    const res = await staff('operations', 'POST', '/arc/staff/training/videos', video());
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 for a malformed body', async () => {
    const res = await staff('content', 'POST', '/arc/staff/training/videos', { title: '', sortOrder: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });
});

describe('training videos', () => {
  it('publishes a YouTube link that agents see at once, and audits it', async () => {
    const res = await staff('content', 'POST', '/arc/staff/training/videos', video());
    expect(res.statusCode).toBe(201);
    const created = res.json<StaffTrainingVideo>();
    expect(created).toMatchObject({ source: 'youtube', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const sales = (await agentVideos()).find((c) => c.slug === 'sales-and-marketing')!;
    expect(sales.videos).toEqual([expect.objectContaining({ id: created.id, youtubeCode: 'dQw4w9WgXcQ' })]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, created.id));
    expect(audit.map((row) => row.action)).toEqual(['training.video-created']);
  });

  it('refuses a description with a script, with the reason under the field', async () => {
    const res = await staff('content', 'POST', '/arc/staff/training/videos', {
      ...video(),
      description: '<p>Hi</p><script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.description.join(' ')).toMatch(/script/i);
  });

  it('refuses a link that is not Vimeo or YouTube, and a javascript: link', async () => {
    const other = await staff(
      'content',
      'POST',
      '/arc/staff/training/videos',
      video({ link: 'https://evil.test/v/1' }),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(STAFF_MEDIA_MESSAGES.notAVideoLink);
    const js = await staff('content', 'POST', '/arc/staff/training/videos', video({ link: 'javascript:alert(1)' }));
    expect(js.statusCode).toBe(400);
    expect(js.json().fieldErrors).toHaveProperty('link');
  });

  it('never shows an unpublished video to an agent, in the list or through a media URL signed before', async () => {
    const created = (
      await staff('admin', 'POST', '/arc/staff/training/videos', video({ link: '', title: 'Uploaded clip' }))
    ).json<StaffTrainingVideo>();
    const up = await upload('admin', `/arc/staff/training/videos/${created.id}/clip`, 'clip.mp4', mp4);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ source: 'upload', link: null });
    const source = await agentGet(`/arc/training/videos/${created.id}/source`);
    expect(source.statusCode).toBe(200);
    const { url, contentType } = source.json<{ url: string; contentType: string }>();
    expect(contentType).toBe('video/mp4');

    // byte ranges of the uploaded clip
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${mp4.length}`);
    expect(Buffer.compare(part.rawPayload, mp4.subarray(0, 100))).toBe(0);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(Buffer.compare(whole.rawPayload, mp4)).toBe(0);

    const hidden = await staff('admin', 'PUT', `/arc/staff/training/videos/${created.id}`, {
      ...video({ link: '', title: 'Uploaded clip' }),
      isPublished: false,
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ isPublished: false, source: 'upload' });
    const ids = (await agentVideos()).flatMap((c) => c.videos.map((v) => v.id));
    expect(ids).not.toContain(created.id);
    expect((await agentGet(`/arc/training/videos/${created.id}/source`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } })).statusCode).toBe(404);
  });

  it('refuses a PNG named .mp4 (415) and an empty upload (400), keeping the video as it was', async () => {
    const created = (
      await staff('content', 'POST', '/arc/staff/training/videos', video({ title: 'Bad files' }))
    ).json<StaffTrainingVideo>();
    const renamed = await upload('content', `/arc/staff/training/videos/${created.id}/clip`, 'clip.mp4', png);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toBe(STAFF_MEDIA_MESSAGES.notAnMp4);
    const empty = await upload('content', `/arc/staff/training/videos/${created.id}/clip`, 'clip.mp4', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(STAFF_MEDIA_MESSAGES.emptyFile);
    const notImage = await upload('content', `/arc/staff/training/videos/${created.id}/thumbnail`, 't.png', mp4);
    expect(notImage.statusCode).toBe(415);
    const row = (await staff('content', 'GET', '/arc/staff/training')).json<{ videos: StaffTrainingVideo[] }>();
    expect(row.videos.find((v) => v.id === created.id)).toMatchObject({ source: 'youtube' });
    expect((await upload('operations', `/arc/staff/training/videos/${created.id}/clip`, 'c.mp4', mp4)).statusCode).toBe(
      403,
    );
  });

  it('re-encodes an uploaded thumbnail as a JPEG served publicly', async () => {
    const { default: sharp } = await import('sharp');
    const picture = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#1c4e80' } })
      .png()
      .toBuffer();
    const created = (
      await staff('content', 'POST', '/arc/staff/training/videos', video({ title: 'With a picture' }))
    ).json<StaffTrainingVideo>();
    const res = await upload(
      'content',
      `/arc/staff/training/videos/${created.id}/thumbnail`,
      't.png',
      picture,
      'image/png',
    );
    expect(res.statusCode).toBe(200);
    const { thumbs } = res.json<StaffTrainingVideo>();
    expect(thumbs).toMatch(/^\/arc\/training\/thumbnails\/[a-z0-9-]+\.jpg$/);
    const image = await t.app.inject({ method: 'GET', url: thumbs });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await t.app.inject({ method: 'GET', url: '/arc/training/thumbnails/..%2Fx.jpg' })).statusCode).toBe(404);
  });

  it('Coming Soon is a category setting: turning it off shows the category’s videos to agents', async () => {
    let annuities = (await agentVideos()).find((c) => c.slug === 'annuities')!;
    expect(annuities).toMatchObject({ isComingSoon: true, videos: [] });
    const res = await staff('content', 'PUT', '/arc/staff/training/categories/annuities', {
      name: 'Annuities',
      sortOrder: 2,
      isComingSoon: false,
    });
    expect(res.statusCode).toBe(200);
    annuities = (await agentVideos()).find((c) => c.slug === 'annuities')!;
    expect(annuities).toMatchObject({
      isComingSoon: false,
      videos: [expect.objectContaining({ id: 'annuity-basics' })],
    });
    await staff('content', 'PUT', '/arc/staff/training/categories/annuities', {
      name: 'Annuities',
      sortOrder: 2,
      isComingSoon: true,
    });
    expect((await agentVideos()).find((c) => c.slug === 'annuities')!.videos).toEqual([]);
    expect(
      (
        await staff('content', 'PUT', '/arc/staff/training/categories/nope', {
          name: 'N',
          sortOrder: 1,
          isComingSoon: false,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('pages and links', () => {
  it('changes a page’s introduction, which agents get at once; a script is refused with the reason', async () => {
    const res = await staff('content', 'PUT', '/arc/staff/pages/texts/contact', {
      body: '<p>Call us <strong>today</strong>.</p>',
    });
    expect(res.statusCode).toBe(200);
    const { pages } = (await agentGet('/arc/content/pages')).json<{ pages: Record<string, string> }>();
    expect(pages.contact).toBe('<p>Call us <strong>today</strong>.</p>');
    expect(pages.policies).toMatch(/agent agreement/);
    const bad = await staff('content', 'PUT', '/arc/staff/pages/texts/contact', { body: '<p onclick="x()">Hi</p>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('body');
    expect((await staff('content', 'PUT', '/arc/staff/pages/texts/unknown', { body: '<p>x</p>' })).statusCode).toBe(
      400,
    );
  });

  it('stores a link over the content file’s, refuses javascript:, data:, relative and http:// ones, and goes back', async () => {
    const url = '/arc/staff/pages/destinations/sunfireLogin';
    const refused = ['javascript:alert(1)', 'data:text/html,<p>x</p>', '/relative/path', 'mailto:a@b.test'];
    // the help text says https://: a plain http:// link is refused as well
    for (const value of [...refused, 'http://login.sunfire.test/agents', 'https://']) {
      const res = await staff('content', 'PUT', url, { value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().fieldErrors.value, value).toEqual([STAFF_MEDIA_MESSAGES.notAWebAddress]);
    }
    const res = await staff('admin', 'PUT', url, { value: 'https://login.sunfire.test/agents' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      storedValue: 'https://login.sunfire.test/agents',
      shownValue: 'https://login.sunfire.test/agents',
    });
    let links = (await agentGet('/arc/content/destinations')).json<{ links: Record<string, string | null> }>().links;
    expect(links.sunfireLogin).toBe('https://login.sunfire.test/agents');

    // a made-up .example destination is stored but never shown to an agent
    await staff('admin', 'PUT', url, { value: 'https://sunfire.example/login' });
    links = (await agentGet('/arc/content/destinations')).json<{ links: Record<string, string | null> }>().links;
    expect(links.sunfireLogin).toBeNull();

    const back = await staff('admin', 'PUT', url, { value: null });
    expect(back.json()).toMatchObject({ storedValue: null, shownValue: 'https://www.sunfirematrix.com/' });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, 'sunfireLogin'));
    expect(audit).toHaveLength(3);
    expect(audit.every((row) => row.action === 'pages.destination-changed')).toBe(true);
  });

  it('takes an e-mail address for an email key', async () => {
    const url = '/arc/staff/pages/destinations/emailSupport';
    expect((await staff('content', 'PUT', url, { value: 'javascript:alert(1)' })).statusCode).toBe(400);
    const res = await staff('content', 'PUT', url, { value: 'Help@Provider.test' });
    expect(res.json()).toMatchObject({ shownValue: 'help@provider.test' });
  });
});

describe('parseVideoLink', () => {
  it('reads Vimeo and YouTube addresses and nothing else', () => {
    expect(parseVideoLink('https://vimeo.com/76979871')).toEqual({ host: 'vimeo', code: '76979871' });
    expect(parseVideoLink('https://player.vimeo.com/video/123')).toEqual({ host: 'vimeo', code: '123' });
    expect(parseVideoLink('https://youtu.be/dQw4w9WgXcQ')).toEqual({ host: 'youtube', code: 'dQw4w9WgXcQ' });
    expect(parseVideoLink('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual({
      host: 'youtube',
      code: 'dQw4w9WgXcQ',
    });
    for (const bad of ['https://vimeo.com.evil.test/1', 'https://www.youtube.com/watch?v=short', 'ftp://vimeo.com/1']) {
      expect(parseVideoLink(bad), bad).toBeNull();
    }
  });
});
