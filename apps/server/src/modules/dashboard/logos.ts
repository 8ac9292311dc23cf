/** Simple wordmark logos for the demo carriers: a coloured mark and the name, as SVG. */
export const CARRIER_BRANDS: Record<string, { name: string; color: string }> = {
  aetna: { name: 'Aetna', color: '#7d3f98' },
  anthem: { name: 'Anthem', color: '#0f4c81' },
  humana: { name: 'Humana', color: '#3a7d22' },
  unitedhealthcare: { name: 'UnitedHealthcare', color: '#002677' },
  cigna: { name: 'Cigna', color: '#0a6a8a' },
  wellcare: { name: 'Wellcare', color: '#b3282d' },
  devoted: { name: 'Devoted Health', color: '#c2185b' },
  'blue-shield': { name: 'Blue Shield', color: '#005eb8' },
  molina: { name: 'Molina Healthcare', color: '#006d75' },
  scan: { name: 'SCAN Health Plan', color: '#5b3f8c' },
};

const escapeXml = (value: string) =>
  value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

export function carrierLogoSvg(slug: string): string | undefined {
  const brand = CARRIER_BRANDS[slug];
  if (!brand) return undefined;
  const name = escapeXml(brand.name);
  const fontSize = brand.name.length > 14 ? 20 : 26;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 64" width="240" height="64" role="img" aria-label="${name}">
<rect x="4" y="12" width="40" height="40" rx="10" fill="${brand.color}"/>
<path d="M14 40 L24 22 L34 40 Z" fill="#fff" opacity="0.9"/>
<text x="54" y="41" font-family="Segoe UI, Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="${brand.color}">${name}</text>
</svg>`;
}

export const logoUrl = (slug: string) => `/arc/dashboard/logos/${slug}.svg`;
