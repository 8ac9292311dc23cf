import {
  DESTINATION_KEYS,
  PAGE_TEXT_KEYS,
  type CarrierByPlatform,
  type ContentDocument,
  type ContentDocumentSection,
  type DestinationKey,
  type Destinations,
  type PageTextKey,
  type Platform,
} from '@arc/contract';
import type { Db } from '../../db/client.ts';
import { buildDestinations, type DestinationsConfig } from './destinations.ts';
import { PAGE_TEXTS } from './page-texts.ts';
import { listDestinationRows, listDocumentRows, listPageTextRows, listPlatformCarrierNames } from './queries.ts';

export interface ContentDeps {
  db: Db;
  config: DestinationsConfig;
}

/**
 * The carriers an agent can be contracted with on a platform, by name. The page asks only when the agent has no
 * contracts there; the list is the same for every agent, so it needs no ownership check.
 */
export async function listCarriersByPlatform(deps: ContentDeps, platform: Platform): Promise<CarrierByPlatform[]> {
  const names = await listPlatformCarrierNames(deps.db, platform);
  return names.map((Name) => ({ Name }));
}

/** The documents of one information page; each downloads through the shared download tokens (files module). */
export async function listContentDocuments(
  deps: ContentDeps,
  section: ContentDocumentSection,
): Promise<ContentDocument[]> {
  const rows = await listDocumentRows(deps.db, section);
  return rows.map((row) => ({
    title: row.title,
    description: row.description,
    downloadName: row.downloadName,
    file: row.fileId,
  }));
}

/**
 * Whether a destination may be shown to an agent: not on a made-up `*.example` or `*.invalid` host or mail domain
 * (decision 071), whoever wrote it (the content file or the back office).
 */
export function isShowableDestination(value: string): boolean {
  const host = value.includes('@') && !value.includes('//') ? value.split('@').pop()! : hostOf(value);
  return host !== null && !/(^|\.)(example|invalid)\.?$/i.test(host);
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** The destinations of the content file (with the provider's settings), each with the back office's value over it. */
export async function resolveDestinations(deps: ContentDeps): Promise<{
  file: Destinations;
  stored: Map<DestinationKey, string>;
}> {
  const rows = await listDestinationRows(deps.db);
  const stored = new Map<DestinationKey, string>();
  for (const row of rows) {
    if ((DESTINATION_KEYS as readonly string[]).includes(row.key)) stored.set(row.key as DestinationKey, row.value);
  }
  return { file: buildDestinations(deps.config), stored };
}

/** What an agent gets: the stored value, else the file's; never one on a `.example` domain. */
export const shownDestination = (fileValue: string | null, storedValue: string | undefined): string | null => {
  const value = storedValue ?? fileValue;
  return value && isShowableDestination(value) ? value : null;
};

/** Every outbound link and contact address as agents get them (read at each call: a change shows at once). */
export async function getDestinations(deps: ContentDeps): Promise<Destinations> {
  const { file, stored } = await resolveDestinations(deps);
  const links = {} as Record<DestinationKey, string | null>;
  for (const key of DESTINATION_KEYS) links[key] = shownDestination(file.links[key] ?? null, stored.get(key));
  return { links, carrierEApps: file.carrierEApps.filter((eApp) => isShowableDestination(eApp.href)) };
}

/** The information pages' introductions: the back office's text, else the content file's. */
export async function getPageTexts(deps: Pick<ContentDeps, 'db'>): Promise<Record<PageTextKey, string>> {
  const rows = new Map((await listPageTextRows(deps.db)).map((row) => [row.page, row.body]));
  return Object.fromEntries(PAGE_TEXT_KEYS.map((page) => [page, rows.get(page) ?? PAGE_TEXTS[page].body])) as Record<
    PageTextKey,
    string
  >;
}
