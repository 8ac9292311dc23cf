import * as contract from '@arc/contract';
import {
  Alert,
  Button,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { errorMessage } from '../../api/client.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { StatusWord } from '../../ui/agent-status-badge.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useQueueState } from '../../ui/use-queue-state.ts';

// What the sections of `/staff/content` share: the toolbar, the status filter and word, the PDF and publish actions.

/** The lists' filters, kept in the URL with the section (the one queue hook): the status, and the plan year where a list has one. */
const ContentQuerySchema = z.object({
  status: z.optional(z.enum(['published', 'draft'])),
  year: z.optional(z.string().check(z.regex(/^\d{4}$/))),
});

/** What the section's editor is given: the document (undefined for a new one) and the list's notice and close. */
export interface ContentEditorProps<Doc> {
  document: Doc | undefined;
  notice: string | null;
  setNotice: (notice: string | null) => void;
  onSaved: (key: string) => void;
  onClose: () => void;
}

/**
 * A section's list of documents: Add document and the filters above it, the table with each row's status and Edit,
 * and the editor of the row being edited (or of a new document) above the list. The filters live in the URL.
 */
export function ContentList<Doc extends { key: string; published: boolean }>(props: {
  documents: UseQueryResult<{ documents: Doc[] }>;
  caption: string;
  minWidth?: number;
  /** the section's own columns; Status and Edit follow */
  columns: DataTableColumn<Doc>[];
  /** the row's name for its Edit button */
  nameOf: (doc: Doc) => string;
  /** a list by plan year offers a Plan year filter */
  yearOf?: (doc: Doc) => number;
  renderEditor: (editor: ContentEditorProps<Doc> & { key: string }) => ReactNode;
}) {
  const { documents, yearOf } = props;
  const queue = useQueueState(ContentQuerySchema);
  const { status, year } = queue.query;
  const [editing, setEditing] = useState<{ key: string | null } | null>(null);
  // kept here: the editor starts again (with the saved document) after a create
  const [notice, setNotice] = useState<string | null>(null);
  const all = documents.data?.documents ?? [];
  const shown = all.filter(
    (doc) =>
      (!status || (status === 'published') === doc.published) && (!year || !yearOf || yearOf(doc) === Number(year)),
  );
  const edit = (key: string | null) => {
    setNotice(null);
    setEditing({ key });
  };
  const editedDocument = editing?.key ? all.find((doc) => doc.key === editing.key) : undefined;
  const years = yearOf ? [...new Set(all.map(yearOf))].sort((a, b) => b - a) : [];

  return (
    <Stack>
      {editing &&
        documents.data &&
        // an editor's form takes its values when it mounts: a saved document's editor waits for it to be in the list
        (editing.key === null || editedDocument) &&
        props.renderEditor({
          key: editing.key ?? 'new',
          document: editedDocument,
          notice,
          setNotice,
          onSaved: (key) => setEditing({ key }),
          onClose: () => setEditing(null),
        })}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm" style={{ flex: 1 }}>
          {yearOf && (
            <NativeSelect
              label="Plan year"
              w={{ base: '100%', xs: 160 }}
              data={[{ value: '', label: 'Every year' }, ...years.map((y) => String(y))]}
              value={queue.filter('year')}
              onChange={(event) => queue.setFilter('year', event.currentTarget.value)}
            />
          )}
          <NativeSelect
            label="Status"
            w={{ base: '100%', xs: 160 }}
            data={[
              { value: '', label: 'Any status' },
              { value: 'published', label: 'Published' },
              { value: 'draft', label: 'Not published' },
            ]}
            value={queue.filter('status')}
            onChange={(event) => queue.setFilter('status', event.currentTarget.value)}
          />
        </Group>
        <Button onClick={() => edit(null)}>Add document</Button>
      </Group>
      <DataTable
        caption={props.caption}
        hideCaption
        data={documents.isSuccess ? shown : undefined}
        getRowId={(doc) => doc.key}
        paginate={false}
        minWidth={props.minWidth}
        error={documents.isError ? errorMessage(documents.error) : null}
        emptyMessage={all.length === 0 ? 'No documents in this list yet.' : 'No documents match these filters.'}
        columns={[
          ...props.columns,
          {
            id: 'status',
            header: 'Status',
            cell: (doc) => (
              <StatusWord
                label={doc.published ? 'Published' : 'Not published'}
                color={doc.published ? 'green.7' : 'gray.5'}
              />
            ),
          },
          {
            id: 'actions',
            header: 'Actions',
            headerCell: <VisuallyHidden>Actions</VisuallyHidden>,
            cell: (doc) => (
              <Button size="xs" variant="light" onClick={() => edit(doc.key)} aria-label={`Edit ${props.nameOf(doc)}`}>
                Edit
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}

/** Upload or replace the PDF, publish or unpublish, and what a replacement keeps. */
export function PdfActions(props: {
  hasFile: boolean;
  published: boolean;
  uploading: boolean;
  publishing: boolean;
  onUpload: (file: File) => void;
  onPublish: (published: boolean) => void;
  /** what keeps its place: 'tile' or 'document' */
  what: string;
}) {
  return (
    <>
      <Group>
        <FileButton accept="application/pdf" onChange={(file) => file && props.onUpload(file)}>
          {(fileProps) => (
            <Button {...fileProps} variant="light" loading={props.uploading}>
              {props.hasFile ? 'Replace PDF' : 'Upload PDF'}
            </Button>
          )}
        </FileButton>
        <Button
          variant={props.published ? 'default' : 'filled'}
          color={props.published ? 'gray' : 'green'}
          loading={props.publishing}
          onClick={() => props.onPublish(!props.published)}
        >
          {props.published ? 'Unpublish' : 'Publish'}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        A replaced PDF keeps the {props.what}'s place; links agents opened before still download.
      </Text>
    </>
  );
}

const PUBLISHED_NOTICE = (published: boolean) =>
  published ? 'Published: agents see it now.' : 'Unpublished: agents no longer see it.';

/** The editor's box: its title, Close, the failure and the notice of the last action. */
export function EditorFrame(props: {
  title: string;
  onClose: () => void;
  failure: unknown;
  notice: string | null;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {props.title}
          </Title>
          <Button variant="subtle" onClick={props.onClose} style={{ flexShrink: 0 }}>
            Close
          </Button>
        </Group>
        {props.failure != null && (
          <Alert color="red" role="alert">
            {errorMessage(props.failure)}
          </Alert>
        )}
        {props.notice && (
          <Alert color="green" role="status">
            {props.notice}
          </Alert>
        )}
        {props.children}
      </Stack>
    </Paper>
  );
}

/**
 * An editor's three actions — save the form, upload the PDF, publish or unpublish — each through `useSubmit` (one
 * at a time), each putting the saved document in the section's list and saying what happened.
 */
export function useDocumentActions<Doc extends { key: string; published: boolean }, Input>(options: {
  queryKey: readonly unknown[];
  save: (body: Input) => Promise<Doc>;
  upload: (formData: FormData) => Promise<Doc>;
  publish: (published: boolean) => Promise<Doc>;
  setNotice: (notice: string | null) => void;
  onSaved: (key: string) => void;
}) {
  const client = useQueryClient();
  const { queryKey, setNotice } = options;
  const saved = (doc: Doc, message: string) => {
    client.setQueryData(queryKey, (old: { documents: Doc[] } | undefined) =>
      old
        ? {
            ...old,
            documents: old.documents.some((d) => d.key === doc.key)
              ? old.documents.map((d) => (d.key === doc.key ? doc : d))
              : [...old.documents, doc],
          }
        : old,
    );
    void client.invalidateQueries({ queryKey });
    setNotice(message);
    options.onSaved(doc.key);
  };
  const save = useSubmit({
    mutationFn: options.save,
    onMutate: () => setNotice(null),
    onSuccess: (doc) => saved(doc, 'Saved.'),
  });
  const upload = useSubmit({
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append(contract.CONTENT_DOCUMENT_UPLOAD_FIELD, file);
      return options.upload(formData);
    },
    onMutate: () => setNotice(null),
    onSuccess: (doc) => saved(doc, 'The PDF is uploaded.'),
  });
  const publish = useSubmit({
    mutationFn: options.publish,
    onMutate: () => setNotice(null),
    onSuccess: (doc) => saved(doc, PUBLISHED_NOTICE(doc.published)),
  });
  return { save, upload, publish, failure: save.error ?? upload.error ?? publish.error };
}
