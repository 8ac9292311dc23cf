import * as contract from '@arc/contract';
import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import {
  dashboardDocumentCalls,
  staffDashboardDocumentsKey,
  staffDashboardDocumentsQuery,
} from '../../api/staff-content.ts';
import { CarrierTile } from '../../ui/carrier-tile.tsx';
import {
  ContentList,
  EditorFrame,
  PdfActions,
  useDocumentActions,
  type ContentEditorProps,
} from './content-shared.tsx';

/** The spec's document kinds (70, 71, 74, 75) and a plain First Look (any other id; the seed uses 72). */
const KINDS = [70, 71, 74, 75, 72].map((id) => ({ value: String(id), label: `${dashboardKind(id)} (${id})` }));
function dashboardKind(id: number) {
  return contract.dashboardFileLabel(id);
}

/**
 * The dashboard's Carrier Benefits / First Look documents by plan year (a section of `/staff/content`): a list with
 * filters, an edit form, the PDF (uploaded or replaced, keeping its place), publishing, and a preview of the agent's
 * tile.
 */
export function DashboardDocuments() {
  const documents = useQuery(staffDashboardDocumentsQuery());
  return (
    <ContentList
      documents={documents}
      caption="Dashboard documents"
      yearOf={(doc) => doc.year}
      nameOf={(doc) => `${doc.carrier} ${doc.year}`}
      columns={[
        { id: 'year', header: 'Plan year', cell: (doc) => doc.year },
        { id: 'carrier', header: 'Carrier', cell: (doc) => doc.carrier },
        { id: 'kind', header: 'Kind', cell: (doc) => dashboardKind(doc.id) },
        { id: 'order', header: 'Order', cell: (doc) => doc.sortOrder },
        { id: 'file', header: 'File', cell: (doc) => (doc.link ? 'External link' : (doc.fileName ?? '—')) },
      ]}
      renderEditor={({ key, ...editor }) => (
        <DocumentEditor key={key} {...editor} carriers={documents.data?.carriers ?? []} />
      )}
    />
  );
}

type Values = Omit<contract.DashboardDocumentInput, 'documentId'> & { documentId: string };

function DocumentEditor(props: ContentEditorProps<contract.StaffDashboardDocument> & { carriers: string[] }) {
  const { document: doc, carriers } = props;
  const nextYear = new Date().getFullYear() + 1;
  const form = useForm<Values, contract.DashboardDocumentInput>({
    mode: 'uncontrolled',
    initialValues: {
      year: doc?.year ?? nextYear,
      carrier: doc?.carrier ?? '',
      documentId: String(doc?.id ?? 70),
      sortOrder: doc?.sortOrder ?? 0,
    },
    transformValues: (values) => ({ ...values, documentId: Number(values.documentId) }),
    validate: (values) =>
      schemaResolver(contract.DashboardDocumentInputSchema, { sync: true })({
        ...values,
        documentId: Number(values.documentId),
      }),
  });
  const { notice, setNotice } = props;
  const { save, upload, publish, failure } = useDocumentActions({
    queryKey: staffDashboardDocumentsKey,
    ...dashboardDocumentCalls(doc?.key),
    setNotice,
    onSaved: props.onSaved,
  });
  const preview: contract.DashboardFile | null = doc
    ? { ...doc, ...form.getValues(), id: Number(form.getValues().documentId) }
    : null;

  return (
    <EditorFrame
      title={doc ? `${doc.carrier} ${doc.year}` : 'New document'}
      onClose={props.onClose}
      failure={failure}
      notice={notice}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <NumberInput
                label="Plan year"
                required
                allowDecimal={false}
                key={form.key('year')}
                {...form.getInputProps('year')}
              />
              <NumberInput
                label="Order"
                required
                allowDecimal={false}
                min={0}
                key={form.key('sortOrder')}
                {...form.getInputProps('sortOrder')}
              />
            </SimpleGrid>
            <NativeSelect
              label="Carrier"
              required
              data={[{ value: '', label: 'Choose a carrier' }, ...carriers]}
              key={form.key('carrier')}
              {...form.getInputProps('carrier')}
            />
            <NativeSelect
              label="Document kind"
              required
              data={KINDS}
              key={form.key('documentId')}
              {...form.getInputProps('documentId')}
            />
            <Group>
              <Button type="submit" loading={save.isPending}>
                {doc ? 'Save' : 'Create'}
              </Button>
            </Group>
          </Stack>
        </form>
        {doc && (
          <Stack>
            <Text size="sm">
              PDF: <strong>{doc.fileName ?? 'none yet'}</strong>
              {doc.link && ' (this tile opens an external link)'}
            </Text>
            <PdfActions
              hasFile={doc.file !== null}
              published={doc.published}
              uploading={upload.isPending}
              publishing={publish.isPending}
              onUpload={(file) => upload.mutate(file)}
              onPublish={(published) => publish.mutate(published)}
              what="tile"
            />
            {preview && (
              <Stack gap={4} maw={320}>
                <Text size="sm" fw={600}>
                  Preview on the agent's dashboard ({doc.year} tab)
                </Text>
                <CarrierTile file={preview} onDownload={() => undefined} />
              </Stack>
            )}
          </Stack>
        )}
      </SimpleGrid>
    </EditorFrame>
  );
}
