import { escapeHtml } from '../../platform/html.ts';

/**
 * Category logos and video thumbnails as small SVGs, drawn here rather than shipped as image files: a coloured
 * panel with a mark and a label. They stand in for the training team's artwork.
 */
interface Artwork {
  label: string;
  color: string;
  /** a short glyph drawn in the mark */
  glyph: string;
}

const CATEGORY_ART: Readonly<Record<string, Artwork>> = {
  'medicare-basics': { label: 'Medicare Basics', color: '#1c4e80', glyph: 'M' },
  'agent-resource-center': { label: 'Agent Resource Center', color: '#2e7d32', glyph: 'ARC' },
  'sales-and-marketing': { label: 'Sales & Marketing', color: '#c2410c', glyph: 'S' },
  'advanced-medicare': { label: 'Advanced Medicare', color: '#0b3a66', glyph: 'M+' },
  'individual-and-family-plans': { label: 'Individual & Family Plans', color: '#0e7490', glyph: 'IFP' },
  'complementary-products': { label: 'Complementary Products', color: '#6d28d9', glyph: 'CP' },
  'life-insurance': { label: 'Life Insurance', color: '#0f766e', glyph: 'L' },
  annuities: { label: 'Annuities', color: '#92400e', glyph: 'A' },
};

const CLIP_ART: Readonly<Record<string, Artwork>> = {
  'medicare-basics': { label: 'Medicare', color: '#1c4e80', glyph: '' },
  'portal-tour': { label: 'Portal Tour', color: '#2e7d32', glyph: '' },
  'sales-marketing': { label: 'Sales', color: '#c2410c', glyph: '' },
  'plan-review': { label: 'Plan Review', color: '#6d28d9', glyph: '' },
  'final-expense': { label: 'Final Expense', color: '#0f766e', glyph: '' },
};

const FONT = 'Segoe UI, Helvetica Neue, Helvetica, Arial, sans-serif';

function categoryLogo(art: Artwork): string {
  const label = escapeHtml(art.label);
  const glyphSize = art.glyph.length > 2 ? 20 : 28;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 120" width="320" height="120" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<rect width="320" height="120" rx="12" fill="${art.color}"/>`,
    `<circle cx="60" cy="60" r="36" fill="#fff" fill-opacity="0.16"/>`,
    `<text x="60" y="${60 + glyphSize * 0.35}" text-anchor="middle" font-family="${FONT}" font-size="${glyphSize}" font-weight="700" fill="#fff">${escapeHtml(art.glyph)}</text>`,
    `<text x="112" y="56" font-family="${FONT}" font-size="13" font-weight="600" letter-spacing="1.5" fill="#fff" fill-opacity="0.8">VIDEOS ON DEMAND</text>`,
    `<text x="112" y="80" font-family="${FONT}" font-size="${art.label.length > 18 ? 15 : 19}" font-weight="700" fill="#fff">${label}</text>`,
    '</svg>',
  ].join('');
}

function thumbnail(art: Artwork): string {
  const label = escapeHtml(art.label);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180" role="img" aria-label="${label} video">`,
    `<title>${label} video</title>`,
    `<rect width="320" height="180" fill="${art.color}"/>`,
    `<circle cx="160" cy="80" r="34" fill="#fff" fill-opacity="0.9"/>`,
    `<path d="M150 62 L178 80 L150 98 Z" fill="${art.color}"/>`,
    `<text x="160" y="150" text-anchor="middle" font-family="${FONT}" font-size="16" font-weight="700" fill="#fff">${label}</text>`,
    '</svg>',
  ].join('');
}

const IMAGES = new Map<string, string>([
  ...Object.entries(CATEGORY_ART).map(([slug, art]): [string, string] => [`category-${slug}`, categoryLogo(art)]),
  ...Object.entries(CLIP_ART).map(([name, art]): [string, string] => [`thumb-${name}`, thumbnail(art)]),
]);

export const trainingImageSvg = (name: string): string | undefined => IMAGES.get(name);

export const categoryLogoUrl = (slug: string) => `/arc/training/images/category-${slug}.svg`;
export const thumbnailUrl = (clip: string) => `/arc/training/images/thumb-${clip}.svg`;
