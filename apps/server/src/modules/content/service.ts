import {
  DESTINATION_KEYS,
  isWebAddress,
  PAGE_TEXT_KEYS,
  STAFF_MEDIA_MESSAGES,
  type StaffDestination,
  type StaffMember,
  type CarrierByPlatform,
  type ContentDocument,
  type ContentDocumentSection,
  type DestinationKey,
  type Destinations,
  type PageTextKey,
  type Platform,
} from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { AuditEvent } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { cleanRichText } from '../../platform/rich-text.ts';
import { recordAudit } from '../audit/service.ts';
import { buildDestinations, type DestinationsConfig } from './destinations.ts';
import { PAGE_TEXTS } from './page-texts.ts';
import {
  deleteDestination,
  listDestinationRows,
  listDocumentRows,
  listPageTextRows,
  listPlatformCarrierNames,
  upsertDestination,
  upsertPageText,
} from './queries.ts';

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
 * (docs/decisions/information-pages.md), whoever wrote it (the content file or the back office).
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

// ── the back office: pages and links (docs/decisions/information-pages.md)
// ─────────────────────────────────────────────────────

export interface ContentEditDeps extends ContentDeps {
  clock: Clock;
}

/** The staff member editing, and their address (`request.ip`), for the audit event. */
export interface ContentEditor {
  staff: StaffMember;
  ip: string;
}

const audit = (deps: ContentEditDeps, actor: ContentEditor, event: Omit<AuditEvent, 'ip'>) =>
  recordAudit({ db: deps.db, clock: deps.clock }, { ...event, ip: actor.ip, staffId: actor.staff.id });

const isEmailKey = (key: DestinationKey) => key.startsWith('email');

export async function listStaffPages(deps: ContentEditDeps) {
  const rows = new Map((await listPageTextRows(deps.db)).map((row) => [row.page, row.body]));
  const pages = PAGE_TEXT_KEYS.map((page) => ({
    page,
    title: PAGE_TEXTS[page].title,
    body: rows.get(page) ?? PAGE_TEXTS[page].body,
  }));
  const { file, stored } = await resolveDestinations(deps);
  const destinations = DESTINATION_KEYS.map((key) => destinationView(key, file.links[key] ?? null, stored.get(key)));
  return { pages, destinations };
}

const destinationView = (key: DestinationKey, fileValue: string | null, storedValue?: string): StaffDestination => ({
  key,
  kind: isEmailKey(key) ? 'email' : 'link',
  fileValue,
  storedValue: storedValue ?? null,
  shownValue: shownDestination(fileValue, storedValue),
});

export async function updatePageText(deps: ContentEditDeps, actor: ContentEditor, page: PageTextKey, body: string) {
  const clean = cleanRichText(body, 'body');
  await upsertPageText(deps.db, page, clean, deps.clock.now());
  await audit(deps, actor, { agentId: null, action: 'pages.text-changed', subject: page });
  return { page, title: PAGE_TEXTS[page].title, body: clean };
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/** A link must be an absolute http(s) address (no `javascript:`, `data:` or relative path); an address an e-mail. */
function checkDestination(key: DestinationKey, value: string): string {
  if (isEmailKey(key)) {
    const address = value.replace(/^mailto:/i, '');
    if (!EMAIL.test(address)) throw fieldError(STAFF_MEDIA_MESSAGES.notAnEmail);
    return address.toLowerCase();
  }
  if (!isWebAddress(value)) throw fieldError(STAFF_MEDIA_MESSAGES.notAWebAddress);
  return value;
}

const fieldError = (message: string) => new AppError('BAD_REQUEST', message, { fieldErrors: { value: [message] } });

export async function updateDestination(
  deps: ContentEditDeps,
  actor: ContentEditor,
  key: DestinationKey,
  value: string | null,
): Promise<StaffDestination> {
  const { file, stored } = await resolveDestinations(deps);
  const before = stored.get(key) ?? null;
  if (value === null || value === '') {
    await deleteDestination(deps.db, key);
  } else {
    value = checkDestination(key, value);
    await upsertDestination(deps.db, key, value, deps.clock.now());
  }
  const after = value || null;
  await audit(deps, actor, {
    agentId: null,
    action: 'pages.destination-changed',
    subject: key,
    detail: { before, after },
  });
  return destinationView(key, file.links[key] ?? null, after ?? undefined);
}
