/**
 * Simple wordmark logos for the demo carriers: a coloured mark with the initial, the name, and an optional
 * smaller second line. They stand in for the carriers' own artwork, which the demo does not ship.
 */
interface CarrierBrand {
  /** the carrier's name as tiles and documents show it */
  name: string;
  /** the large text of the logo */
  wordmark: string;
  /** a smaller second line under the wordmark */
  tagline?: string;
  color: string;
  mark: 'circle' | 'square' | 'shield';
}

export const CARRIER_BRANDS: Readonly<Record<string, CarrierBrand>> = {
  aetna: { name: 'Aetna', wordmark: 'Aetna', tagline: 'Medicare Solutions', color: '#7d3f98', mark: 'square' },
  anthem: { name: 'Anthem', wordmark: 'Anthem', tagline: 'Blue Cross', color: '#0f4c81', mark: 'shield' },
  humana: { name: 'Humana', wordmark: 'Humana', color: '#3a7d22', mark: 'circle' },
  unitedhealthcare: { name: 'UnitedHealthcare', wordmark: 'UnitedHealthcare', color: '#002677', mark: 'square' },
  cigna: { name: 'Cigna Healthcare', wordmark: 'Cigna', tagline: 'Healthcare', color: '#0a6a8a', mark: 'circle' },
  wellcare: { name: 'Wellcare', wordmark: 'Wellcare', color: '#b3282d', mark: 'circle' },
  devoted: { name: 'Devoted Health', wordmark: 'Devoted', tagline: 'Health', color: '#c2185b', mark: 'circle' },
  'blue-shield': {
    name: 'Blue Shield of California',
    wordmark: 'Blue Shield',
    tagline: 'of California',
    color: '#005eb8',
    mark: 'shield',
  },
  molina: { name: 'Molina Healthcare', wordmark: 'Molina', tagline: 'Healthcare', color: '#006d75', mark: 'square' },
  scan: { name: 'SCAN Health Plan', wordmark: 'SCAN', tagline: 'Health Plan', color: '#5b3f8c', mark: 'circle' },
};

const escapeXml = (value: string) =>
  value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const MARKS: Record<CarrierBrand['mark'], (color: string) => string> = {
  circle: (color) => `<circle cx="28" cy="32" r="22" fill="${color}"/>`,
  square: (color) => `<rect x="6" y="10" width="44" height="44" rx="11" fill="${color}"/>`,
  shield: (color) => `<path d="M28 8 L50 15 V32 C50 45 40 53 28 57 C16 53 6 45 6 32 V15 Z" fill="${color}"/>`,
};

const FONT = 'Segoe UI, Helvetica Neue, Helvetica, Arial, sans-serif';

function renderLogo(brand: CarrierBrand): string {
  const label = escapeXml(brand.name);
  // Bold sans-serif averages about 0.56 em per character: keep the wordmark within the 172 px beside the mark.
  const nameSize = Math.min(28, Math.floor(172 / (brand.wordmark.length * 0.56)));
  const nameY = brand.tagline ? 33 : Math.round(32 + nameSize * 0.35);
  const tagline = brand.tagline
    ? `<text x="62" y="52" font-family="${FONT}" font-size="13" font-weight="600" letter-spacing="0.5" fill="#4a5568">${escapeXml(brand.tagline)}</text>`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 64" width="240" height="64" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    MARKS[brand.mark](brand.color),
    `<text x="28" y="40" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="700" fill="#fff">${escapeXml(brand.wordmark.charAt(0))}</text>`,
    `<text x="62" y="${nameY}" font-family="${FONT}" font-size="${nameSize}" font-weight="700" fill="${brand.color}">${escapeXml(brand.wordmark)}</text>`,
    tagline,
    '</svg>',
  ].join('');
}

const LOGOS = new Map(Object.entries(CARRIER_BRANDS).map(([slug, brand]) => [slug, renderLogo(brand)]));

export const carrierLogoSvg = (slug: string): string | undefined => LOGOS.get(slug);

export const logoUrl = (slug: string) => `/arc/dashboard/logos/${slug}.svg`;
