import * as contract from '@arc/contract';
import { Button, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { libraryDocumentCalls, staffLibraryDocumentsKey, staffLibraryDocumentsQuery } from '../../api/staff-content.ts';
import { DocumentCard } from '../../ui/document-card.tsx';
import {
  ContentList,
  EditorFrame,
  PdfActions,
  useDocumentActions,
  type ContentEditorProps,
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
  const isGuide = kind === 'compliance';
  const hasDescription = contract.LIBRARY_KINDS_WITH_DESCRIPTION.includes(kind);
  return (
    <ContentList
      documents={documents}
      caption="Documents"
      minWidth={600}
      nameOf={(doc) => doc.title}
      columns={[
        {
          id: 'order',
          header: isGuide ? 'File number' : 'Order',
          cell: (doc) => (isGuide ? doc.number : doc.sortOrder),
        },
        {
          id: 'title',
          header: 'Title',
          cell: (doc) => (
            <>
              <Text size="sm" fw={500}>
                {doc.title}
              </Text>
              {hasDescription && doc.description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {doc.description}
                </Text>
              )}
            </>
          ),
        },
        {
          id: 'file',
          header: 'File',
          cell: (doc) => (
            <Text span inherit style={{ overflowWrap: 'anywhere' }}>
              {doc.fileName ?? '—'}
            </Text>
          ),
        },
      ]}
      renderEditor={({ key, ...editor }) => <LibraryEditor key={key} kind={kind} {...editor} />}
    />
  );
}

type Values = Omit<contract.LibraryDocumentInput, 'number'> & { number: number | string };

function LibraryEditor(props: ContentEditorProps<Doc> & { kind: Kind }) {
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
