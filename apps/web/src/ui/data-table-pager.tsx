import { Button, Group } from '@mantine/core';
import { useMediaQuery, usePagination } from '@mantine/hooks';

export interface DataTablePagerProps {
  /** 0-based page shown */
  pageIndex: number;
  pageCount: number;
  onPageChange: (pageIndex: number) => void;
  /** the server has more pages than it counted: Next stays on at the last counted page */
  hasMore?: boolean;
  className?: string;
}

/**
 * Previous, numbered pages (with gaps on long lists) and Next, as a labelled navigation landmark. The
 * current page carries `aria-current="page"`; Previous and Next are disabled at the ends.
 */
export function DataTablePager({
  pageIndex,
  pageCount,
  onPageChange,
  hasMore = false,
  className,
}: DataTablePagerProps) {
  const total = Math.max(1, pageCount);
  // a phone keeps the pager on one line: no neighbours beside the current page
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const { range, active } = usePagination({
    total,
    page: pageIndex + 1,
    siblings: isPhone ? 0 : 1,
    boundaries: 1,
    onChange: (page) => onPageChange(page - 1),
  });
  return (
    <nav aria-label="Pagination" className={className}>
      <Group gap={4} wrap="wrap">
        <Button variant="default" size="compact-sm" disabled={active <= 1} onClick={() => onPageChange(active - 2)}>
          Previous
        </Button>
        {range.map((item, index) =>
          item === 'dots' ? (
            <Button key={`dots-${index}`} variant="subtle" size="compact-sm" component="span" aria-hidden="true">
              …
            </Button>
          ) : (
            <Button
              key={item}
              variant={item === active ? 'filled' : 'default'}
              size="compact-sm"
              miw={32}
              aria-label={`Page ${item}`}
              aria-current={item === active ? 'page' : undefined}
              onClick={() => onPageChange(item - 1)}
            >
              {item}
            </Button>
          ),
        )}
        <Button
          variant="default"
          size="compact-sm"
          disabled={active >= total && !hasMore}
          onClick={() => onPageChange(active)}
        >
          Next
        </Button>
      </Group>
    </nav>
  );
}
