import type { Downline } from '@arc/contract';
import { describe, expect, it } from 'vitest';
import { buildDownlineTree, highlightParts, searchDownlineTree, visibleNodes } from './downline-tree.ts';

const record = (
  contractId: string,
  uplineContractId: string,
  contactName: string,
  writing: string | null = null,
): Downline => ({
  contactName,
  uplineName: '',
  contractId,
  uplineContractId,
  status__c: 'Active',
  WritingNumber__c: writing,
  carrierName: 'Anthem',
});

// root → Ann (→ Cid → Dee), Bob
const DOWNLINES = [
  record('ann', 'root', 'Ann Able', 'AB100'),
  record('bob', 'root', 'Bob Baker'),
  record('cid', 'ann', 'Cid Cole'),
  record('dee', 'cid', 'Dee Dunn', 'XY999'),
];
const names = (tree: ReturnType<typeof buildDownlineTree>, nodes: number[]) => nodes.map((n) => tree.names[n]);

describe('downline tree', () => {
  const tree = buildDownlineTree('Agency', 'root', DOWNLINES);

  it('links every record to its upline with its depth', () => {
    expect(Array.from(tree.parent)).toEqual([-1, 0, 0, 1, 3]);
    expect(Array.from(tree.depth)).toEqual([0, 1, 1, 2, 3]);
  });

  it('shows the first level only until a search opens a path', () => {
    const none = searchDownlineTree(tree, '', false);
    expect(names(tree, visibleNodes(tree, none, new Map()))).toEqual(['Agency', 'Ann Able', 'Bob Baker']);
    const dee = searchDownlineTree(tree, 'dee', false);
    expect(dee.matchList).toEqual([4]);
    expect(names(tree, visibleNodes(tree, dee, new Map()))).toEqual([
      'Agency',
      'Ann Able',
      'Cid Cole',
      'Dee Dunn',
      'Bob Baker',
    ]);
  });

  it('searches case-sensitively on demand, and writing numbers too', () => {
    expect(searchDownlineTree(tree, 'dee', true).matchList).toEqual([]);
    expect(searchDownlineTree(tree, 'Dee', true).matchList).toEqual([4]);
    expect(searchDownlineTree(tree, 'xy9', false).matchList).toEqual([4]);
  });

  it('lets the agent close a node the search opened, and open any other', () => {
    const dee = searchDownlineTree(tree, 'Dee', false);
    expect(names(tree, visibleNodes(tree, dee, new Map([[1, false]])))).toEqual(['Agency', 'Ann Able', 'Bob Baker']);
    const none = searchDownlineTree(tree, '', false);
    expect(names(tree, visibleNodes(tree, none, new Map([[1, true]])))).toEqual([
      'Agency',
      'Ann Able',
      'Cid Cole',
      'Bob Baker',
    ]);
  });

  it('splits a name around each match for highlighting', () => {
    expect(highlightParts('Ann Anderson', 'an', false)).toEqual([
      ['An', true],
      ['n ', false],
      ['An', true],
      ['derson', false],
    ]);
    expect(highlightParts('Ann Anderson', 'an', true)).toEqual([['Ann Anderson', false]]);
  });

  it('answers a search of 5,000 agents in a few milliseconds', () => {
    const big: Downline[] = [];
    for (let i = 1; i <= 5000; i++)
      big.push(record(`c${i}`, i <= 8 ? 'root' : `c${Math.ceil(i / 8) - 1 || 1}`, `Agent Number ${i}`));
    const bigTree = buildDownlineTree('Agency', 'root', big);
    const started = performance.now();
    const search = searchDownlineTree(bigTree, 'number 4', false);
    const visible = visibleNodes(bigTree, search, new Map());
    const elapsed = performance.now() - started;
    expect(search.matchList.length).toBeGreaterThan(1000);
    expect(visible.length).toBeGreaterThan(search.matchList.length);
    expect(elapsed).toBeLessThan(50);
  });
});
