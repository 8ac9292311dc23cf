import { DEFAULT_PUBLIC_CONFIG, PUBLIC_CONFIG_ELEMENT_ID } from '@arc/contract/constants';
import { describe, expect, it } from 'vitest';
import { readPublicConfig } from './config.ts';

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
    expect(
      readPublicConfig(page(JSON.stringify({ providerName: 7, businessTimeZone: 'Mars/Olympus' })) as never),
    ).toEqual(DEFAULT_PUBLIC_CONFIG);
  });
});
