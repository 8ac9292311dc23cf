import { Button, FileButton, Group, NativeSelect, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusWord } from './agent-status-badge.tsx';

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

export const PUBLISHED_NOTICE = (published: boolean) =>
  published ? 'Published: agents see it now.' : 'Unpublished: agents no longer see it.';
