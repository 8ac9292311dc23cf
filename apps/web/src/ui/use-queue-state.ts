import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import type { ColumnSort } from './data-table-model.ts';
import { useSearchBox } from './use-search-box.ts';

/** The URL parameters the hook owns besides the list's own filters. */
const SEARCH = 'q';
const PAGE = 'page';
const SORT = 'sort';

type QuerySchema = z.ZodMiniObject;
/** A filter's name: a key of the list's query other than the search, the page and the sort. */
type FilterKey<S extends QuerySchema> = Exclude<keyof z.output<S> & string, typeof SEARCH | typeof PAGE | typeof SORT>;

export interface QueueOptions {
  /** the URL parameter holding the selected row ids, comma-separated (default `selected`) */
  selectionParam?: string;
}

export interface QueueState<S extends QuerySchema> {
  /** the list's query as the contract reads it: every valid parameter of the URL, defaults (page 1, the sort) filled */
  query: z.output<S>;
  /** a filter's value for its input ('' when unset) */
  filter: (key: FilterKey<S>) => string;
  /** a filter changes: the list starts again at page 1 and the selection empties */
  setFilter: (key: FilterKey<S>, value: string) => void;
  /** the search box's props (`value`, `onChange`): the URL follows once typing pauses, like a filter */
  searchBox: ReturnType<typeof useSearchBox>;
  /** a new order starts again at page 1; the selection stays (the same rows match) */
  setSort: (sort: string) => void;
  /** the sort as DataTable's `server.sort` reads it (`-key`: descending), and its header buttons' change */
  columnSort: ColumnSort | undefined;
  setColumnSort: (sort: ColumnSort) => void;
  setPage: (page: number) => void;
  /** the selected row ids */
  selected: ReadonlySet<string>;
  /** the new selection, or how to make it from the latest one (two clicks before a render both count) */
  setSelected: (ids: Iterable<string> | ((current: ReadonlySet<string>) => Iterable<string>)) => void;
}

/**
 * A URL's parameters read by the list's query schema. A parameter the schema refuses (a hand-edited `?status=x`, a
 * page past the limit) is dropped, so a bad link shows the default list instead of an error.
 */
export function readQuery<S extends QuerySchema>(schema: S, params: URLSearchParams, skip: string): z.output<S> {
  let raw: Record<string, string> = {};
  for (const [key, value] of params) if (key !== skip && value !== '') raw[key] = value;
  for (;;) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    const kept = Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key)));
    // an issue with no parameter to drop: the schema's defaults alone
    if (Object.keys(kept).length === Object.keys(raw).length) return schema.parse({});
    raw = kept;
  }
}

/**
 * The state of a back-office queue (docs/architecture.md, staff lists): its filters, search, sort, page and
 * selection live in the URL's search parameters, so Back, Forward and a reload keep them and a link shares them.
 * `schema` is the list call's query schema from the contract: the URL is read through it, so the query goes to
 * the server as the contract types it. A filter or search change starts at page 1 and clears the selection (the
 * set of rows changed); a sort or page change keeps the selection. Filters, sort and page are history entries; the
 * search (typed) and the selection replace the current one. The table shows the rows with `<DataTable server>`.
 */
export function useQueueState<S extends QuerySchema>(schema: S, options: QueueOptions = {}): QueueState<S> {
  const selectionParam = options.selectionParam ?? 'selected';
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // the parameters last asked for: a second change before the router renders the first builds on it, not on the
  // rendered ones (React Router hands a functional update the parameters of the last render)
  const latest = useRef({ rendered: key, asked: params });
  if (latest.current.rendered !== key) latest.current = { rendered: key, asked: params };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the parameters' text is their identity
  const query = useMemo(() => readQuery(schema, params, selectionParam), [schema, key, selectionParam]);
  // a ticked box shows at once: the selection asked for until the URL has it (a controlled checkbox that waited for
  // the router would show unticked between the click and the router's render)
  const [askedSelection, setAskedSelection] = useState<string | null>(null);
  const urlSelection = params.get(selectionParam) ?? '';
  if (askedSelection !== null && askedSelection === urlSelection) setAskedSelection(null);
  const selectedText = askedSelection ?? urlSelection;
  const selected = useMemo(() => new Set(selectedText.split(',').filter(Boolean)), [selectedText]);

  // one order of the parameters whatever was changed last: the search, the filters, the sort, the page, the selection
  const rank = (name: string) =>
    name === SEARCH ? 0 : name === SORT ? 2 : name === PAGE ? 3 : name === selectionParam ? 4 : 1;
  const update = (change: (next: URLSearchParams) => void, replace: boolean) => {
    const next = new URLSearchParams(latest.current.asked);
    change(next);
    const sorted = new URLSearchParams([...next].sort(([a], [b]) => rank(a) - rank(b)));
    latest.current.asked = sorted;
    setParams(sorted, { replace });
  };
  const put = (next: URLSearchParams, name: string, value: string) =>
    value === '' ? next.delete(name) : next.set(name, value);
  const newSet = (next: URLSearchParams) => {
    next.delete(PAGE);
    next.delete(selectionParam);
    setAskedSelection(null);
  };

  const committed = typeof query[SEARCH] === 'string' ? query[SEARCH] : '';
  const searchBox = useSearchBox(committed, (q) =>
    update((next) => {
      put(next, SEARCH, q);
      newSet(next);
    }, true),
  );

  const setSort = (sort: string) =>
    update((next) => {
      put(next, SORT, sort);
      next.delete(PAGE);
    }, false);
  const sort: unknown = query[SORT];
  return {
    query,
    columnSort: typeof sort === 'string' ? { id: sort.replace(/^-/, ''), desc: sort.startsWith('-') } : undefined,
    setColumnSort: ({ id, desc }) => setSort(desc ? `-${id}` : id),
    filter: (name) => {
      const value: unknown = query[name];
      return value === undefined || value === null ? '' : String(value);
    },
    setFilter: (name, value) =>
      update((next) => {
        put(next, name, value);
        newSet(next);
      }, false),
    searchBox,
    setSort,
    setPage: (page) => update((next) => put(next, PAGE, page > 1 ? String(page) : ''), false),
    selected,
    setSelected: (ids) =>
      update((next) => {
        const current = new Set((next.get(selectionParam) ?? '').split(',').filter(Boolean));
        const text = [...(typeof ids === 'function' ? ids(current) : ids)].join(',');
        setAskedSelection(text);
        put(next, selectionParam, text);
      }, true),
  };
}
