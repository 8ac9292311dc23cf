import { TRAINING_TEXT } from '@arc/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import CategoryPage from './category-page.tsx';
import VideoPlayerPage from './video-player-page.tsx';

const CATEGORIES = {
  categories: [
    {
      slug: 'sales-and-marketing',
      category_name: 'Sales & Marketing',
      category_description: 'Sell well',
      logo: '/logo.svg',
      isComingSoon: false,
      videos: [
        {
          id: 'soa',
          title: 'Scope of Appointment',
          description:
            '<p>Before the <strong>meeting</strong>.</p><img src=x onerror="alert(1)"><script>alert(2)</script>',
          vimeoCode: null,
          youtubeCode: null,
          thumbs: '/t.svg',
          isHosted: true,
        },
        {
          id: 'vimeo',
          title: 'On Vimeo',
          description: '<p>Hosted elsewhere and built on it.</p><ul><li>What Part A covers</li><li>Part B</li></ul>',
          vimeoCode: '76979871',
          youtubeCode: null,
          thumbs: '/t.svg',
          isHosted: false,
        },
        {
          id: 'youtube',
          title: 'On YouTube',
          description: '<p>Linked in the back office.</p>',
          vimeoCode: null,
          youtubeCode: 'dQw4w9WgXcQ',
          thumbs: '/t.svg',
          isHosted: false,
        },
      ],
    },
    {
      slug: 'annuities',
      category_name: 'Annuities',
      category_description: 'Soon',
      logo: '/a.svg',
      isComingSoon: true,
      videos: [
        { id: 'a', title: 'A', description: '', vimeoCode: null, youtubeCode: null, thumbs: '/t.svg', isHosted: true },
      ],
    },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ROUTE = '/training/videos/:category/:id';

describe('VideoPlayerPage', () => {
  it('decodes "&" in the URL and renders the description sanitised', async () => {
    mockFetch({
      'GET /arc/training/categories': { body: CATEGORIES },
      'GET /arc/training/videos/soa/source': {
        body: { url: '/arc/training/media?token=t', contentType: 'video/webm', expiresAt: '2026-11-23T16:00:00.000Z' },
      },
    });
    const { container } = renderWithProviders(<VideoPlayerPage />, {
      path: ROUTE,
      initialPath: '/training/videos/Sales%20%26%20Marketing/Scope%20of%20Appointment',
    });
    expect(await screen.findByRole('heading', { name: 'Scope of Appointment' })).toBeInTheDocument();
    expect(screen.getByText('Sales & Marketing')).toBeInTheDocument();
    expect(screen.getByText('meeting').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: TRAINING_TEXT.back })).toHaveAttribute(
      'href',
      '/training/videos/Sales%20%26%20Marketing',
    );
    const source = await vi.waitFor(() => {
      const element = container.querySelector('video source');
      if (!element) throw new Error('no source yet');
      return element;
    });
    expect(source.getAttribute('src')).toBe('/arc/training/media?token=t');
  });

  it("embeds Vimeo's player for a video with a Vimeo code", async () => {
    mockFetch({ 'GET /arc/training/categories': { body: CATEGORIES } });
    renderWithProviders(<VideoPlayerPage />, {
      path: ROUTE,
      initialPath: '/training/videos/Sales%20%26%20Marketing/On%20Vimeo',
    });
    const frame = await screen.findByTitle('On Vimeo');
    expect(frame.getAttribute('src')).toBe('https://player.vimeo.com/video/76979871');
  });

  it("embeds YouTube's privacy-enhanced player for a video with a YouTube link", async () => {
    mockFetch({ 'GET /arc/training/categories': { body: CATEGORIES } });
    renderWithProviders(<VideoPlayerPage />, {
      path: ROUTE,
      initialPath: '/training/videos/Sales%20%26%20Marketing/On%20YouTube',
    });
    const frame = await screen.findByTitle('On YouTube');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });

  it('does not play a video of a category that is coming soon, even from a typed URL', async () => {
    mockFetch({ 'GET /arc/training/categories': { body: CATEGORIES } });
    const { container } = renderWithProviders(<VideoPlayerPage />, {
      path: ROUTE,
      initialPath: '/training/videos/Annuities/A',
    });
    expect(await screen.findByText(TRAINING_TEXT.videoNotFound)).toBeInTheDocument();
    expect(container.querySelector('video')).toBeNull();
  });

  it('says so when the clip cannot be loaded', async () => {
    mockFetch({ 'GET /arc/training/categories': { body: CATEGORIES } });
    renderWithProviders(<VideoPlayerPage />, {
      path: ROUTE,
      initialPath: '/training/videos/Sales%20%26%20Marketing/Scope%20of%20Appointment',
    });
    expect(await screen.findByText(TRAINING_TEXT.videoFailed)).toBeInTheDocument();
  });
});

describe('CategoryPage', () => {
  it('shows Coming Soon… and no list for Annuities', async () => {
    mockFetch({ 'GET /arc/training/categories': { body: CATEGORIES } });
    renderWithProviders(<CategoryPage />, {
      path: '/training/videos/:category',
      initialPath: '/training/videos/Annuities',
    });
    expect(await screen.findByText(TRAINING_TEXT.comingSoon)).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('lists the videos of a category with "&" in its name, without their markup', async () => {
    mockFetch({ 'GET /arc/training/categories': { body: CATEGORIES } });
    renderWithProviders(<CategoryPage />, {
      path: '/training/videos/:category',
      initialPath: '/training/videos/Sales%20%26%20Marketing',
    });
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: /Scope of Appointment/ })).toHaveAttribute(
      'href',
      '/training/videos/Sales%20%26%20Marketing/Scope%20of%20Appointment',
    );
    expect(screen.getByText('Before the meeting.')).toBeInTheDocument();
    // paragraphs and list items stay apart in the one-line summary
    expect(screen.getByText('Hosted elsewhere and built on it. What Part A covers Part B')).toBeInTheDocument();
  });
});
