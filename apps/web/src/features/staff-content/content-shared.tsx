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
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { StatusWord } from '../../ui/agent-status-badge.tsx';
import type { DataTableColumn } from '../../ui/data-table.tsx';

// What the sections of `/staff/content` share: the toolbar, the status filter and word, the PDF and publish actions.

export function ContentToolbar(props: { onAdd: () => void; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group align="flex-end" gap="sm" style={{ flex: 1 }}>
        {props.children}
      </Group>
      <Button onClick={props.onAdd}>Add document</Button>
    </Group>
  );
}

/** '' (any), 'published' or 'draft' */
export function StatusFilter(props: { value: string; onChange: (value: string) => void }) {
  return (
    <NativeSelect
      label="Status"
      w={{ base: '100%', xs: 160 }}
      data={[
        { value: '', label: 'Any status' },
        { value: 'published', label: 'Published' },
        { value: 'draft', label: 'Not published' },
      ]}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/** The lists' last column: Edit, which opens the row's editor above the list. */
export function editColumn<T>(name: (row: T) => string, onEdit: (row: T) => void): DataTableColumn<T> {
  return {
    id: 'actions',
    header: 'Actions',
    headerCell: <VisuallyHidden>Actions</VisuallyHidden>,
    cell: (row) => (
      <Button size="xs" variant="light" onClick={() => onEdit(row)} aria-label={`Edit ${name(row)}`}>
        Edit
      </Button>
    ),
  };
}

export const matchesStatus = (status: string, published: boolean) => !status || (status === 'published') === published;

export function PublishedWord({ published }: { published: boolean }) {
  return <StatusWord label={published ? 'Published' : 'Not published'} color={published ? 'green.7' : 'gray.5'} />;
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
