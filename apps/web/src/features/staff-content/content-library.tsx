import * as contract from '@arc/contract';
import {
  Alert,
  Button,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  TableScrollContainer,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
  Group,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { libraryDocumentCalls, staffLibraryDocumentsKey, staffLibraryDocumentsQuery } from '../../api/staff-content.ts';
import { DocumentCard } from '../../ui/document-card.tsx';
import {
  ContentToolbar,
  matchesStatus,
  PdfActions,
  EditorFrame,
  useDocumentActions,
  PublishedWord,
  StatusFilter,
} from './content-shared.tsx';

type Kind = contract.LibraryKind;
type Doc = contract.StaffLibraryDocument;

/**
 * One document list besides the dashboard's (a section of `/staff/content`, docs/decisions/content-publishing.md):
 * compliance guides, Final Expense documents, Policies, Resource Documents or a platform's quick guides. The same list,
 * editor, PDF and publishing for each; a guide is placed by its file number, the others by their order.
 */
export function LibraryDocuments({ kind }: { kind: Kind }) {
  const documents = useQuery(staffLibraryDocumentsQuery(kind));
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<{ key: string | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const isGuide = kind === 'compliance';
  const hasDescription = contract.LIBRARY_KINDS_WITH_DESCRIPTION.includes(kind);
  const all = documents.data?.documents ?? [];
  const shown = all.filter((doc) => matchesStatus(status, doc.published));
  const current = editing?.key ? all.find((doc) => doc.key === editing.key) : undefined;
  const columns = 5;

  return (
    <Stack>
      {documents.isError && (
        <Alert color="red" role="alert">
          {errorMessage(documents.error)}
        </Alert>
      )}
      {editing && (
        <LibraryEditor
          key={editing.key ?? 'new'}
          kind={kind}
          document={current}
          notice={notice}
          setNotice={setNotice}
          onSaved={(key) => setEditing({ key })}
          onClose={() => setEditing(null)}
        />
      )}
      <ContentToolbar
        onAdd={() => {
          setNotice(null);
          setEditing({ key: null });
        }}
      >
        <StatusFilter value={status} onChange={setStatus} />
      </ContentToolbar>
      <TableScrollContainer minWidth={600}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{isGuide ? 'File number' : 'Order'}</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>File</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.isPending && (
              <Table.Tr>
                <Table.Td colSpan={columns}>Loading documents…</Table.Td>
              </Table.Tr>
            )}
            {documents.isSuccess && shown.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  {all.length === 0 ? 'No documents in this list yet.' : 'No documents match these filters.'}
                </Table.Td>
              </Table.Tr>
            )}
            {shown.map((doc) => (
              <Table.Tr key={doc.key}>
                <Table.Td>{isGuide ? doc.number : doc.sortOrder}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {doc.title}
                  </Text>
                  {hasDescription && doc.description && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {doc.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{doc.fileName ?? '—'}</Table.Td>
                <Table.Td>
                  <PublishedWord published={doc.published} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      setNotice(null);
                      setEditing({ key: doc.key });
                    }}
                    aria-label={`Edit ${doc.title}`}
                  >
                    Edit
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollContainer>
    </Stack>
  );
}

type Values = Omit<contract.LibraryDocumentInput, 'number'> & { number: number | string };

function LibraryEditor(props: {
  kind: Kind;
  document: Doc | undefined;
  notice: string | null;
  setNotice: (notice: string | null) => void;
  onSaved: (key: string) => void;
  onClose: () => void;
}) {
  const { kind, document: doc, notice, setNotice } = props;
  const isGuide = kind === 'compliance';
  const hasDescription = contract.LIBRARY_KINDS_WITH_DESCRIPTION.includes(kind);
  const toInput = (values: Values): contract.LibraryDocumentInput => ({
    ...values,
    number: isGuide && values.number !== '' ? Number(values.number) : null,
  });
  const form = useForm<Values, contract.LibraryDocumentInput>({
    mode: 'uncontrolled',
    initialValues: {
      title: doc?.title ?? '',
      description: doc?.description ?? '',
      number: doc?.number ?? '',
      sortOrder: doc?.sortOrder ?? 0,
    },
    transformValues: toInput,
    validate: (values) => {
      const errors = schemaResolver(contract.LibraryDocumentInputSchema, { sync: true })(toInput(values));
      return isGuide && values.number === '' ? { ...errors, number: contract.LIBRARY_NUMBER_REQUIRED } : errors;
    },
  });
  const { save, upload, publish, failure } = useDocumentActions({
    queryKey: staffLibraryDocumentsKey(kind),
    ...libraryDocumentCalls(kind, doc?.key),
    setNotice,
    onSaved: props.onSaved,
  });
  const label = contract.LIBRARY_KIND_LABELS[kind];

  return (
    <EditorFrame
      title={doc ? doc.title : `New document in ${label}`}
      onClose={props.onClose}
      failure={failure}
      notice={notice}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
          <Stack>
            {isGuide ? (
              <NumberInput
                label="File number"
                description={doc ? 'A guide keeps its number' : 'Guides are listed by their number'}
                required
                disabled={Boolean(doc)}
                allowDecimal={false}
                min={1}
                key={form.key('number')}
                {...form.getInputProps('number')}
              />
            ) : (
              <NumberInput
                label="Order"
                required
                allowDecimal={false}
                min={0}
                key={form.key('sortOrder')}
                {...form.getInputProps('sortOrder')}
              />
            )}
            <TextInput label="Title" required key={form.key('title')} {...form.getInputProps('title')} />
            {hasDescription && (
              <Textarea
                label="Description"
                autosize
                minRows={2}
                key={form.key('description')}
                {...form.getInputProps('description')}
              />
            )}
            <Group>
              <Button type="submit" loading={save.isPending}>
                {doc ? 'Save' : 'Create'}
              </Button>
            </Group>
          </Stack>
        </form>
        {doc && (
          <Stack>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              PDF: <strong>{doc.fileName ?? 'none yet'}</strong>
            </Text>
            <PdfActions
              hasFile={doc.file !== null}
              published={doc.published}
              uploading={upload.isPending}
              publishing={publish.isPending}
              onUpload={(file) => upload.mutate(file)}
              onPublish={(published) => publish.mutate(published)}
              what="document"
            />
            <Stack gap={4} maw={420}>
              <Text size="sm" fw={600}>
                Preview on {contract.LIBRARY_KIND_PAGES[kind]}
              </Text>
              <DocumentCard
                component="div"
                headingLevel={3}
                title={doc.title}
                description={hasDescription ? doc.description : (doc.fileName ?? undefined)}
                download="Download"
                onDownload={() => undefined}
              />
            </Stack>
          </Stack>
        )}
      </SimpleGrid>
    </EditorFrame>
  );
}
