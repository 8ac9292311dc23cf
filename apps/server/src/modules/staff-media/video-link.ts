/**
 * The video links the back office accepts (docs/decisions/information-pages.md): Vimeo and YouTube only, read into the
 * id the agents' player embeds (player.vimeo.com, www.youtube-nocookie.com: the CSP's frame-src allows just those).
 */
export type VideoLink = { host: 'vimeo'; code: string } | { host: 'youtube'; code: string };

const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

export function parseVideoLink(url: string): VideoLink | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password || parsed.port) return null;
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split('/').filter(Boolean);
  if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    const code = segments.find((segment) => VIMEO_ID.test(segment));
    return code ? { host: 'vimeo', code } : null;
  }
  if (host === 'player.vimeo.com' && segments[0] === 'video' && VIMEO_ID.test(segments[1] ?? '')) {
    return { host: 'vimeo', code: segments[1]! };
  }
  if (host === 'youtu.be') {
    return YOUTUBE_ID.test(segments[0] ?? '') ? { host: 'youtube', code: segments[0]! } : null;
  }
  if (['youtube.com', 'www.youtube.com', 'm.youtube.com', 'www.youtube-nocookie.com'].includes(host)) {
    const code =
      segments[0] === 'watch' && segments.length === 1
        ? parsed.searchParams.get('v')
        : ['embed', 'shorts', 'live'].includes(segments[0] ?? '')
          ? (segments[1] ?? null)
          : null;
    return code && YOUTUBE_ID.test(code) ? { host: 'youtube', code } : null;
  }
  return null;
}

/** The link a video row plays from, as the back office shows it. */
export function videoLinkOf(row: { vimeoCode: string | null; youtubeCode: string | null }): string | null {
  if (row.vimeoCode) return `https://vimeo.com/${row.vimeoCode}`;
  if (row.youtubeCode) return `https://www.youtube.com/watch?v=${row.youtubeCode}`;
  return null;
}
