import { CONTENT_TEXT, type ContentDocumentSection } from '@arc/contract';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { contentQueries } from '../../../api/content.ts';
import { DocumentCard } from '../../../ui/document-card.tsx';
import { useDownload } from '../../../ui/download.tsx';

/**
 * The documents of one section (Policies, Resource Documents, a platform's quick guides), each with Download:
 * the shared token → file flow, its overlay and its "Download Failed" dialog.
 */
export function DocumentList({
  section,
  columns = 2,
  headingLevel = 2,
}: {
  section: ContentDocumentSection;
  /** on wide screens; phones always get one */
  columns?: 1 | 2 | 3;
  headingLevel?: 2 | 3;
}) {
  const documents = useQuery(contentQueries.documents(section));
  const download = useDownload();

  if (documents.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader aria-label="Loading documents" />
      </Group>
    );
  }
  if (documents.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Error" icon={<IconAlertTriangle aria-hidden="true" />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{CONTENT_TEXT.documentsFailed}</Text>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void documents.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <>
      <SimpleGrid
        cols={columns === 3 ? { base: 1, md: 2, lg: 3 } : { base: 1, md: columns }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {documents.data.map((document) => (
          <DocumentCard
            key={document.file}
            title={document.title}
            description={document.description}
            headingLevel={headingLevel}
            download={CONTENT_TEXT.download}
            disabled={download.isDownloading}
            onDownload={() => void download.downloadFile(document.file)}
          />
        ))}
      </SimpleGrid>
      {download.element}
    </>
  );
}
