import { Stack, Title } from '@mantine/core';
import { DocumentList } from './components/document-list.tsx';
import { PageIntro } from './components/page-intro.tsx';
import { DOCUMENT_PAGES } from './data/documents.ts';

/** A page that is a list of documents, each with Download: Policies and Resource Documents. */
export function DocumentsPage({ page }: { page: keyof typeof DOCUMENT_PAGES }) {
  const { title, section } = DOCUMENT_PAGES[page];
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Stack maw={780}>
        <PageIntro page={page} />
      </Stack>
      <DocumentList section={section} />
    </Stack>
  );
}
