import type { Downline } from '@arc/contract';

/**
 * The hierarchy below one contract as flat arrays, built once per answer, so that a search keystroke over
 * thousands of agents is a loop over precomputed strings and a walk of the open nodes — no tree objects, no
 * per-keystroke allocation beyond the visible list. Node 0 is the contract itself.
 */
export interface DownlineTree {
  size: number;
  /** the downline record of each node (undefined for node 0, the contract) */
  records: Array<Downline | undefined>;
  names: string[];
  /** what a search matches: the name and the writing number, as shown */
  searchText: string[];
  /** the same, lower-cased once (case-insensitive search) */
  searchTextLower: string[];
  /** the upline's node, -1 for node 0 */
  parent: Int32Array;
  depth: Uint16Array;
  /** each node's downline nodes, in the answer's order (by name) */
  children: number[][];
}

export function buildDownlineTree(
  rootName: string,
  rootContractId: string,
  downlines: readonly Downline[],
): DownlineTree {
  const size = downlines.length + 1;
  const records: Array<Downline | undefined> = [undefined];
  const names = [rootName];
  const searchText = [rootName];
  const parent = new Int32Array(size).fill(-1);
  const depth = new Uint16Array(size);
  const children: number[][] = [[]];
  const nodeOf = new Map<string, number>([[rootContractId, 0]]);
  // the answer lists every upline before its downlines; a record whose upline is missing hangs under the root
  downlines.forEach((record, i) => {
    const node = i + 1;
    nodeOf.set(record.contractId, node);
    records.push(record);
    names.push(record.contactName);
    searchText.push(record.WritingNumber__c ? `${record.contactName} ${record.WritingNumber__c}` : record.contactName);
    children.push([]);
  });
  downlines.forEach((record, i) => {
    const node = i + 1;
    const up = nodeOf.get(record.uplineContractId) ?? 0;
    parent[node] = up;
    children[up]!.push(node);
  });
  // depths in answer order (uplines first); a second pass settles any record listed before its upline
  for (let pass = 0; pass < 2; pass++) {
    for (let node = 1; node < size; node++) depth[node] = depth[parent[node]!]! + 1;
  }
  return {
    size,
    records,
    names,
    searchText,
    searchTextLower: searchText.map((text) => text.toLowerCase()),
    parent,
    depth,
    children,
  };
}

export interface TreeSearch {
  /** 1 where the node matches the query */
  matches: Uint8Array;
  /** the matching nodes, in tree order of the answer */
  matchList: number[];
  /** 1 where the node is an upline of a match (kept open) */
  onPath: Uint8Array;
}

/** The nodes whose name or writing number contains `query`; their uplines are marked to stay open. */
export function searchDownlineTree(tree: DownlineTree, query: string, isCaseSensitive: boolean): TreeSearch {
  const matches = new Uint8Array(tree.size);
  const onPath = new Uint8Array(tree.size);
  const matchList: number[] = [];
  if (!query) return { matches, matchList, onPath };
  const texts = isCaseSensitive ? tree.searchText : tree.searchTextLower;
  const needle = isCaseSensitive ? query : query.toLowerCase();
  for (let node = 0; node < tree.size; node++) {
    if (!texts[node]!.includes(needle)) continue;
    matches[node] = 1;
    matchList.push(node);
    for (let up = tree.parent[node]!; up >= 0 && !onPath[up]; up = tree.parent[up]!) onPath[up] = 1;
  }
  return { matches, matchList, onPath };
}

/**
 * The nodes on screen, top to bottom: node 0, then each open node's downlines. A node is open when the agent
 * opened it, or (unless the agent closed it) when it is node 0 or an upline of a search match.
 */
export function visibleNodes(tree: DownlineTree, search: TreeSearch, toggled: ReadonlyMap<number, boolean>): number[] {
  const out: number[] = [];
  const stack = [0];
  while (stack.length) {
    const node = stack.pop()!;
    out.push(node);
    if (isOpen(node, search, toggled)) {
      const kids = tree.children[node]!;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
  }
  return out;
}

export const isOpen = (node: number, search: TreeSearch, toggled: ReadonlyMap<number, boolean>): boolean =>
  toggled.get(node) ?? (node === 0 || search.onPath[node] === 1);

/** Splits `text` around each occurrence of `query`, for highlighting: [text, isMatch] pairs. */
export function highlightParts(text: string, query: string, isCaseSensitive: boolean): Array<[string, boolean]> {
  if (!query) return [[text, false]];
  const haystack = isCaseSensitive ? text : text.toLowerCase();
  const needle = isCaseSensitive ? query : query.toLowerCase();
  const parts: Array<[string, boolean]> = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push([text.slice(from, at), false]);
    parts.push([text.slice(at, at + needle.length), true]);
    from = at + needle.length;
  }
  if (from < text.length) parts.push([text.slice(from), false]);
  return parts;
}
