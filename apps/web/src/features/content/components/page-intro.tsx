import type { PageTextKey } from '@arc/contract';
import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { pageTextsQuery } from '../../../api/page-texts.ts';
import { SafeHtml } from '../../../ui/safe-html.tsx';

/**
 * An information page's introduction: rich text the content team writes in the back office
 * (docs/decisions/information-pages.md), shown through SafeHtml; a short placeholder while it loads, nothing if it
 * cannot be loaded (the page still works).
 */
export function PageIntro({ page }: { page: PageTextKey }) {
  const { data, isPending } = useQuery(pageTextsQuery);
  if (isPending) return <Skeleton height={48} maw={780} aria-hidden="true" />;
  const html = data?.[page];
  return html ? <SafeHtml html={html} /> : null;
}
