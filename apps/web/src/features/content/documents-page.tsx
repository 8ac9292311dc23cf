import { Stack, Text, Title } from '@mantine/core';
import { DocumentList } from './components/document-list.tsx';
import { DOCUMENT_PAGES } from './data/documents.ts';

/** A page that is a list of documents, each with Download: Policies and Resource Documents. */
export function DocumentsPage({ page }: { page: keyof typeof DOCUMENT_PAGES }) {
  const { title, intro, section } = DOCUMENT_PAGES[page];
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Text maw={780}>{intro}</Text>
      <DocumentList section={section} />
    </Stack>
  );
}
