import { DEFAULT_PUBLIC_CONFIG, PUBLIC_CONFIG_ELEMENT_ID } from '@arc/contract/constants';
import { describe, expect, it } from 'vitest';
import { knownTimeZone, readPublicConfig } from './config.ts';

const page = (text: string | null) => ({
  getElementById: (id: string) => (id === PUBLIC_CONFIG_ELEMENT_ID && text !== null ? { textContent: text } : null),
});

describe('readPublicConfig', () => {
  it("takes the provider's name and the business time zone the server wrote into index.html", () => {
    const config = readPublicConfig(
      page(JSON.stringify({ providerName: 'Acme Agents', businessTimeZone: 'America/Chicago' })) as never,
    );
    expect(config).toEqual({ providerName: 'Acme Agents', businessTimeZone: 'America/Chicago' });
  });

  it('falls back to the defaults without the element, with bad JSON or with values of the wrong kind', () => {
    expect(readPublicConfig(page(null) as never)).toEqual(DEFAULT_PUBLIC_CONFIG);
    expect(readPublicConfig(page('{oops') as never)).toEqual(DEFAULT_PUBLIC_CONFIG);
    expect(readPublicConfig(page(JSON.stringify({ providerName: 7, businessTimeZone: 3 })) as never)).toEqual(
      DEFAULT_PUBLIC_CONFIG,
    );
  });

  it('uses a time zone the browser does not know as the default, when it is first used', () => {
    expect(knownTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(knownTimeZone('Mars/Olympus')).toBe(DEFAULT_PUBLIC_CONFIG.businessTimeZone);
  });
});
