import {
  formatProspectDate,
  PROSPECT_AGE_MAX,
  PROSPECT_AGE_MIN,
  PROSPECT_EXPORT_FILE_NAME,
  PROSPECT_MESSAGES,
  PROSPECT_ROW_CAP,
  addMonths,
  prospectRangeForAge,
  type AgeRange,
  type County,
  type ExportProspectsRequest,
  type FindProspectsByCountyRequest,
  type FindProspectsByZipRequest,
  type ProspectListInfo,
  type ProspectListResponse,
  type ProspectRow,
  type ProspectSearch,
  type StateCode,
} from '@arc/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { sendXlsx, type XlsxColumn } from '../../platform/xlsx.ts';
import { clipAuditText, recordAudit } from '../audit/service.ts';
import { countiesOfZipCodes } from '../places/service.ts';
import { importT65File, type ImportOptions, type ImportResult } from './import.ts';
import {
  countExportRows,
  countiesMatch,
  insertExportRecord,
  loadPlacesIndex,
  runSearch,
  selectAgentNpn,
  selectCountyStates,
  selectExportPage,
  selectListInfo,
  selectProspectCounties,
  zipsMatch,
  type ProspectDbRow,
} from './queries.ts';

export interface ProspectsDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
}

const badRequest = (message: string, field: string) =>
  new AppError('BAD_REQUEST', message, { fieldErrors: { [field]: [message] } });

export function toProspectRow(row: ProspectDbRow): ProspectRow {
  return {
    id: Number(row.id),
    T65: row.t65,
    prefex: row.prefix,
    FirstName: row.first_name,
    Middle: row.middle,
    Lastname: row.last_name,
    Address1: row.address1,
    Address2: row.address2,
    City: row.city,
    State: row.state,
    zipcode: row.zip,
    county: row.county_name,
    phone: row.phone,
  };
}

function capped(rows: ProspectDbRow[]): ProspectListResponse {
  const isCapped = rows.length > PROSPECT_ROW_CAP;
  return {
    rows: (isCapped ? rows.slice(0, PROSPECT_ROW_CAP) : rows).map(toProspectRow),
    isCapped,
    limit: PROSPECT_ROW_CAP,
  };
}

const unique = (values: readonly string[]) => [...new Set(values)];

/** Every county must be a real county (and of `state`, when given): an unknown one is a 400, not an empty list. */
async function checkCounties(db: Db, fips: string[], state?: StateCode): Promise<void> {
  const states = await selectCountyStates(db, fips);
  const unknown = fips.filter((f) => !states.has(f));
  if (unknown.length) throw badRequest(`Unknown county: ${unknown.join(', ')}`, 'county');
  if (state) {
    const elsewhere = fips.filter((f) => states.get(f) !== state);
    if (elsewhere.length) throw badRequest(`Not a county of ${state}: ${elsewhere.join(', ')}`, 'county');
  }
}

async function checkZips(db: Db, zips: string[]): Promise<void> {
  const known = await countiesOfZipCodes(db, zips);
  const unknown = zips.filter((z) => !known.has(z));
  if (unknown.length) throw badRequest(`Unknown postal code: ${unknown.join(', ')}`, 'zips');
}

/** Who searched, from where: every answered search is recorded, as the export is (its rows are personal data). */
export interface ProspectSearcher {
  agentId: string;
  /** the client's address as trusted by TRUST_PROXY */
  ip: string;
}

/** A search as the agent sent it: a county search may name the state its counties must lie in. */
type SearchRequest =
  ({ kind: 'county' } & FindProspectsByCountyRequest) | ({ kind: 'zip' } & FindProspectsByZipRequest);

/** The places a search names, each once. */
const placesOf = (request: SearchRequest) => unique(request.kind === 'county' ? request.county : request.zips);

/** Throws the 400 that names each refused place: not a county or ZIP code, or a county outside the state named. */
async function refusePlaces(db: Db, request: SearchRequest, places: string[]): Promise<void> {
  if (request.kind === 'county') await checkCounties(db, places, request.state);
  else await checkZips(db, places);
}

/**
 * Runs a county or ZIP code search as one statement (queries.ts `runSearch`, docs/decisions/prospects.md): its rows, at
 * most PROSPECT_ROW_CAP by T65 date, and its audit row (who, the search as sent, how many rows the agent gets), written
 * by the same statement only when every place stands; so a search that cannot be recorded is not answered, and a
 * refused one records nothing. The places are read again only to say why a search was refused, or when it found
 * nobody (its rows carry the answer otherwise).
 */
async function search(
  deps: ProspectsDeps,
  who: ProspectSearcher,
  request: SearchRequest,
): Promise<ProspectListResponse> {
  const places = placesOf(request);
  const rows = await runSearch(deps.db, request.kind, {
    places,
    state: (request.kind === 'county' && request.state) || null,
    datefrom: request.datefrom,
    dateto: request.dateto,
    occurredAt: deps.clock.now().toISOString(),
    agentId: who.agentId,
    ip: clipAuditText(who.ip),
    search: JSON.stringify(request),
  });
  if (rows.length === 0 || rows[0]!.refused) {
    await refusePlaces(deps.db, request, places);
    // the statement refused what the places now accept: they changed in between, and the search went unrecorded
    if (rows.length) throw new Error('The places changed during a prospect search; it was not recorded');
  }
  return capped(rows);
}

export const findProspectsByCounty = (
  deps: ProspectsDeps,
  who: ProspectSearcher,
  request: FindProspectsByCountyRequest,
): Promise<ProspectListResponse> => search(deps, who, { kind: 'county', ...request });

export const findProspectsByZip = (
  deps: ProspectsDeps,
  who: ProspectSearcher,
  request: FindProspectsByZipRequest,
): Promise<ProspectListResponse> => search(deps, who, { kind: 'zip', ...request });

export const listProspectCounties = (deps: ProspectsDeps, state: StateCode): Promise<County[]> =>
  selectProspectCounties(deps.db, state);

/** Ages 65 to 85: the T65 window each selects, from the start of this business month, and the birth dates it means. */
export function listAgeRanges(deps: ProspectsDeps): AgeRange[] {
  const now = deps.clock.now();
  const ages: AgeRange[] = [];
  for (let age = PROSPECT_AGE_MIN; age <= PROSPECT_AGE_MAX; age++) {
    const range = prospectRangeForAge(age, now, deps.timeZone);
    ages.push({
      age,
      ...range,
      DOB: { from: addMonths(range.datefrom, -12 * 65), to: addMonths(range.dateto, -12 * 65) },
    });
  }
  return ages;
}

export async function getProspectListInfo(deps: ProspectsDeps): Promise<ProspectListInfo> {
  const info = await selectListInfo(deps.db);
  return { updatedThrough: info?.updatedThrough ?? null, total: info?.total ?? 0 };
}

const EXPORT_PAGE = 1000;

const EXPORT_COLUMNS: XlsxColumn<ProspectRow>[] = [
  { header: 'T65', value: (r) => formatProspectDate(r.T65), width: 11 },
  { header: 'Prefix', value: (r) => r.prefex, width: 7 },
  { header: 'First Name', value: (r) => r.FirstName, width: 14 },
  { header: 'Middle', value: (r) => r.Middle, width: 7 },
  { header: 'Last Name', value: (r) => r.Lastname, width: 14 },
  { header: 'Address 1', value: (r) => r.Address1, width: 24 },
  { header: 'Address 2', value: (r) => r.Address2, width: 10 },
  { header: 'City', value: (r) => r.City, width: 16 },
  { header: 'State', value: (r) => r.State, width: 6 },
  { header: 'Zip', value: (r) => r.zipcode, width: 7 },
  { header: 'County', value: (r) => r.county, width: 18 },
  { header: 'Phone (call only with consent)', value: (r) => r.phone, width: 16 },
];

const searchMatch = (search: ProspectSearch) =>
  search.kind === 'county' ? countiesMatch(unique(search.county), search) : zipsMatch(unique(search.zips), search);

/**
 * "Prospect List.xlsx" with the rows the agent's table shows (their ids, in the table's order) that match the
 * search as stored: an id outside the search is left out, so a file never holds more than the search found.
 * The export is recorded first (agent, time, search, filters, rows); then the rows stream in pages.
 */
export async function exportProspects(
  deps: ProspectsDeps,
  agentId: string,
  request: ExportProspectsRequest,
  reply: FastifyReply,
  /** the client's address as trusted by TRUST_PROXY, for the audit log */
  ip: string,
): Promise<FastifyReply> {
  const ids = [...new Set(request.ids)];
  const match = searchMatch(request.search);
  const rowCount = ids.length ? await countExportRows(deps.db, ids, match) : 0;
  if (rowCount === 0) throw badRequest(PROSPECT_MESSAGES.noExportData, 'ids');
  await insertExportRecord(deps.db, {
    agentId,
    npn: (await selectAgentNpn(deps.db, agentId)) ?? '',
    exportedAt: deps.clock.now(),
    search: request.search,
    filters: request.filters ?? null,
    rowCount,
  });
  await recordAudit(deps, {
    agentId,
    ip,
    action: 'prospects.exported',
    subject: PROSPECT_EXPORT_FILE_NAME,
    detail: { rows: rowCount, search: request.search, filters: request.filters ?? null },
  });
  return sendXlsx(reply, {
    fileName: PROSPECT_EXPORT_FILE_NAME,
    sheetName: 'Prospects (mail only)',
    columns: EXPORT_COLUMNS,
    rows: rowsOfIds(deps.db, ids, match),
  });
}

/** The rows of `ids` that match, in the order of `ids`, one short query per page (the embedded database has one connection). */
async function* rowsOfIds(db: Db, ids: number[], match: ReturnType<typeof searchMatch>): AsyncGenerator<ProspectRow> {
  for (let offset = 0; offset < ids.length; offset += EXPORT_PAGE) {
    const chunk = ids.slice(offset, offset + EXPORT_PAGE);
    const rows = new Map((await selectExportPage(db, chunk, match)).map((r) => [Number(r.id), r]));
    for (const id of chunk) {
      const row = rows.get(id);
      if (row) yield toProspectRow(row);
    }
  }
}

// ── list imports ─────────────────────────────────────────────────────────────────────────────────

export { ImportError as ProspectListFileError } from './import.ts';

/**
 * Replaces the list with a T65 file's good lines (docs/t65-import.md): the import of `import.ts` with the places
 * loaded, for the back office's import job (docs/decisions/imports-and-jobs.md).
 */
export async function importProspectListFile(
  db: Db,
  options: Omit<ImportOptions, 'db' | 'places'>,
): Promise<ImportResult> {
  return importT65File({ db, places: await loadPlacesIndex(db), ...options });
}
