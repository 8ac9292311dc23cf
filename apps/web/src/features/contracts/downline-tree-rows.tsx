import { Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import classes from './contracts.module.css';
import { highlightParts, isOpen, type DownlineTree, type TreeSearch } from './downline-tree.ts';

/** Every row has this height, so the window of rows on screen follows from the scroll position alone. */
const ROW_HEIGHT = 36;
/** Rows drawn above and below the window, so a fast scroll shows no gap. */
const OVERSCAN = 8;
const INDENT = 20;

export interface DownlineTreeRowsProps {
  tree: DownlineTree;
  search: TreeSearch;
  query: string;
  isCaseSensitive: boolean;
  visible: number[];
  toggled: ReadonlyMap<number, boolean>;
  onToggle: (node: number, open: boolean) => void;
  label: string;
}

/**
 * The downline as an ARIA tree (one tab stop, arrow keys, aria-activedescendant) that draws only the rows in
 * view: a 5,000-agent downline with every node open is 5,000 rows of data but about 30 in the DOM.
 */
export function DownlineTreeRows({
  tree,
  search,
  query,
  isCaseSensitive,
  visible,
  toggled,
  onToggle,
  label,
}: DownlineTreeRowsProps) {
  const idPrefix = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(480);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight || 480));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // a new search starts at the first match, scrolled into view
  const firstMatch = search.matchList[0];
  useEffect(() => {
    if (firstMatch === undefined) return;
    setActive(firstMatch);
    const row = visible.indexOf(firstMatch);
    if (row >= 0 && scroller.current) scroller.current.scrollTop = Math.max(0, row * ROW_HEIGHT - ROW_HEIGHT * 2);
    // only when the search changes, not on every open/close
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const activeRow = Math.max(0, visible.indexOf(active));

  const scrollToRow = useCallback(
    (row: number) => {
      const element = scroller.current;
      if (!element) return;
      const top = row * ROW_HEIGHT;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + ROW_HEIGHT > element.scrollTop + viewport) element.scrollTop = top + ROW_HEIGHT - viewport;
    },
    [viewport],
  );

  const moveTo = (row: number) => {
    const clamped = Math.min(Math.max(row, 0), visible.length - 1);
    setActive(visible[clamped]!);
    scrollToRow(clamped);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const node = visible[activeRow]!;
    const hasChildren = tree.children[node]!.length > 0;
    const open = isOpen(node, search, toggled);
    const pageRows = Math.max(1, Math.floor(viewport / ROW_HEIGHT) - 1);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeRow + 1);
        break;
      case 'ArrowUp':
        moveTo(activeRow - 1);
        break;
      case 'PageDown':
        moveTo(activeRow + pageRows);
        break;
      case 'PageUp':
        moveTo(activeRow - pageRows);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(visible.length - 1);
        break;
      case 'ArrowRight':
        if (hasChildren && !open) onToggle(node, true);
        else if (hasChildren) moveTo(activeRow + 1);
        break;
      case 'ArrowLeft':
        if (hasChildren && open) onToggle(node, false);
        else if (tree.parent[node]! >= 0) moveTo(visible.indexOf(tree.parent[node]!));
        break;
      case 'Enter':
      case ' ':
        if (hasChildren) onToggle(node, !open);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(visible.length, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);
  const rowId = (node: number) => `${idPrefix}-node-${node}`;
  const isActiveDrawn = activeRow >= first && activeRow < last;

  return (
    <div
      ref={scroller}
      className={classes.treeScroller}
      role="tree"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={isActiveDrawn ? rowId(visible[activeRow]!) : undefined}
      onKeyDown={onKeyDown}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div style={{ height: visible.length * ROW_HEIGHT, position: 'relative' }}>
        {visible.slice(first, last).map((node, i) => {
          const row = first + i;
          const record = tree.records[node];
          const kids = tree.children[node]!.length;
          const open = kids > 0 && isOpen(node, search, toggled);
          const siblings = node === 0 ? [0] : tree.children[tree.parent[node]!]!;
          return (
            // The tree holds the focus and the keys (aria-activedescendant): its items take clicks only.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
            <div
              key={node}
              id={rowId(node)}
              role="treeitem"
              aria-level={tree.depth[node]! + 1}
              aria-setsize={siblings.length}
              aria-posinset={siblings.indexOf(node) + 1}
              aria-expanded={kids > 0 ? open : undefined}
              aria-selected={node === visible[activeRow]}
              className={classes.treeRow}
              data-active={node === visible[activeRow] || undefined}
              data-match={search.matches[node] === 1 || undefined}
              style={{ top: row * ROW_HEIGHT, height: ROW_HEIGHT, paddingInlineStart: 8 + tree.depth[node]! * INDENT }}
              onClick={() => {
                setActive(node);
                if (kids > 0) onToggle(node, !open);
              }}
            >
              <span className={classes.treeToggle} aria-hidden="true">
                {kids > 0 ? open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} /> : null}
              </span>
              <Text component="span" size="sm" className={classes.treeName}>
                {highlightParts(tree.names[node]!, query, isCaseSensitive).map(([text, isMatch], k) =>
                  isMatch ? <mark key={k}>{text}</mark> : <span key={k}>{text}</span>,
                )}
              </Text>
              {record?.WritingNumber__c ? (
                <Text component="span" size="xs" c="dimmed" className={classes.treeMeta}>
                  {highlightParts(record.WritingNumber__c, query, isCaseSensitive).map(([text, isMatch], k) =>
                    isMatch ? <mark key={k}>{text}</mark> : <span key={k}>{text}</span>,
                  )}
                </Text>
              ) : null}
              {record && record.status__c !== 'Active' ? (
                <Text component="span" size="xs" fw={600} c={record.status__c === 'Terminated' ? 'red.9' : 'gray.8'}>
                  {record.status__c}
                </Text>
              ) : null}
              {kids > 0 ? (
                <Text component="span" size="xs" c="dimmed" className={classes.treeCount}>
                  {kids === 1 ? '1 downline' : `${kids} downlines`}
                </Text>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
