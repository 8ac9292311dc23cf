import * as contract from '@arc/contract';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Image,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { errorMessage } from '../../api/client.ts';
import {
  saveTrainingVideo,
  staffTrainingQuery,
  updateTrainingCategory,
  uploadTrainingVideoFile,
} from '../../api/staff-media.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { StatusWord } from '../../ui/agent-status-badge.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { NoticeAlert, QueryView, type Notice } from '../../ui/query-view.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { SafeHtml } from '../../ui/safe-html.tsx';

/** A refusal's reasons under the form's fields, the first of each. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fieldErrors
    ? Object.fromEntries(Object.entries(error.fieldErrors).map(([key, value]) => [key, value[0] ?? '']))
    : {};
}

const SOURCE_LABELS: Record<contract.StaffTrainingVideo['source'], string> = {
  upload: 'Uploaded clip',
  vimeo: 'Vimeo link',
  youtube: 'YouTube link',
  none: 'No video yet',
};

/**
 * `/staff/training` (admin, content): the Videos On Demand categories (name, order, Coming Soon) and videos (words,
 * category, order, published, a Vimeo/YouTube link or an uploaded MP4, a thumbnail), with a preview of the agent's
 * card. Agents see a change at their next call; the server audits each one (docs/decisions/information-pages.md).
 */
export default function StaffTrainingPage() {
  const training = useQuery(staffTrainingQuery());
  const [editing, setEditing] = useState<contract.StaffTrainingVideo | 'new' | null>(null);
  const [filter, setFilter] = useState('');
  const [notice, setNotice] = useState<Notice>(null);

  return (
    <Stack maw={1100}>
      <Title order={1}>Training videos</Title>
      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />
      <QueryView query={training} errorTitle="The training library could not be loaded">
        {(data) => (
          <>
            <Categories categories={data.categories} onNotice={setNotice} />
            <Paper withBorder p="md">
              <Stack>
                <Group justify="space-between" align="flex-end">
                  <Title order={2} size="h3">
                    Videos
                  </Title>
                  <Group align="flex-end">
                    <NativeSelect
                      label="Category"
                      value={filter}
                      onChange={(event) => setFilter(event.currentTarget.value)}
                      data={[
                        { value: '', label: 'All categories' },
                        ...data.categories.map((c) => ({ value: c.slug, label: c.name })),
                      ]}
                    />
                    <Button onClick={() => setEditing('new')}>Add video</Button>
                  </Group>
                </Group>
                {editing && (
                  <VideoEditor
                    key={editing === 'new' ? 'new' : editing.id}
                    video={editing === 'new' ? null : editing}
                    categories={data.categories}
                    defaultCategory={filter}
                    onDone={(text, saved) => {
                      setNotice(text ? { isError: false, text } : null);
                      setEditing(saved ?? null);
                    }}
                  />
                )}
                <VideoTable
                  videos={data.videos.filter((video) => !filter || video.categorySlug === filter)}
                  categories={data.categories}
                  onEdit={setEditing}
                />
              </Stack>
            </Paper>
          </>
        )}
      </QueryView>
    </Stack>
  );
}

function Categories({
  categories,
  onNotice,
}: {
  categories: contract.StaffTrainingCategory[];
  onNotice: (notice: Notice) => void;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Categories
        </Title>
        <Text size="sm" c="dimmed">
          A category that is Coming Soon is listed for agents with “Coming Soon…” and none of its videos.
        </Text>
        {categories
          .filter((category) => !category.isPageVideos)
          .map((category) => (
            <CategoryRow key={category.slug} category={category} onNotice={onNotice} />
          ))}
      </Stack>
    </Paper>
  );
}

function CategoryRow({
  category,
  onNotice,
}: {
  category: contract.StaffTrainingCategory;
  onNotice: (notice: Notice) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<contract.UpdateTrainingCategory>({
    mode: 'uncontrolled',
    initialValues: { name: category.name, sortOrder: category.sortOrder, isComingSoon: category.isComingSoon },
    validate: schemaResolver(contract.UpdateTrainingCategorySchema, { sync: true }),
  });
  const save = useSubmit({
    mutationFn: (body: contract.UpdateTrainingCategory) => updateTrainingCategory(category.slug, body),
    onSuccess: async (answer) => {
      form.resetDirty({ name: answer.name, sortOrder: answer.sortOrder, isComingSoon: answer.isComingSoon });
      onNotice({ isError: false, text: `${answer.name} is saved.` });
      await queryClient.invalidateQueries({ queryKey: staffTrainingQuery().queryKey });
    },
    onError: (error) => {
      form.setErrors(fieldErrorsOf(error));
      onNotice({ isError: true, text: errorMessage(error) });
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate aria-label={category.name}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label="Name" w={{ base: '100%', sm: 260 }} key={form.key('name')} {...form.getInputProps('name')} />
        <NumberInput
          label="Order"
          w={90}
          min={0}
          allowDecimal={false}
          key={form.key('sortOrder')}
          {...form.getInputProps('sortOrder')}
        />
        <Switch
          label="Coming Soon"
          mb={8}
          key={form.key('isComingSoon')}
          {...form.getInputProps('isComingSoon', { type: 'checkbox' })}
        />
        <Button type="submit" variant="default" loading={save.isPending}>
          Save {category.name}
        </Button>
      </Group>
    </form>
  );
}

function VideoTable({
  videos,
  categories,
  onEdit,
}: {
  videos: contract.StaffTrainingVideo[];
  categories: contract.StaffTrainingCategory[];
  onEdit: (video: contract.StaffTrainingVideo) => void;
}) {
  const nameOf = (slug: string) => categories.find((c) => c.slug === slug)?.name ?? slug;
  return (
    <DataTable
      caption="Videos"
      hideCaption
      data={videos}
      getRowId={(video) => video.id}
      paginate={false}
      minWidth={760}
      emptyMessage="No videos in this category yet."
      columns={[
        {
          id: 'thumbnail',
          header: 'Thumbnail',
          cell: (video) => <Image src={video.thumbs} alt="" w={80} h={45} radius="sm" />,
        },
        { id: 'title', header: 'Title', cell: (video) => video.title },
        { id: 'category', header: 'Category', cell: (video) => nameOf(video.categorySlug) },
        { id: 'order', header: 'Order', cell: (video) => video.sortOrder },
        {
          id: 'status',
          header: 'Status',
          cell: (video) => (
            <StatusWord
              label={video.isPublished ? 'Published' : 'Draft'}
              color={video.isPublished ? 'green.7' : 'gray.5'}
            />
          ),
        },
        { id: 'source', header: 'Plays from', cell: (video) => SOURCE_LABELS[video.source] },
        {
          id: 'actions',
          header: 'Actions',
          cell: (video) => (
            <Button size="xs" variant="default" onClick={() => onEdit(video)} aria-label={`Edit ${video.title}`}>
              Edit
            </Button>
          ),
        },
      ]}
    />
  );
}

interface VideoValues {
  title: string;
  description: string;
  categorySlug: string;
  sortOrder: number;
  isPublished: boolean;
  link: string;
}

function VideoEditor({
  video,
  categories,
  defaultCategory,
  onDone,
}: {
  video: contract.StaffTrainingVideo | null;
  categories: contract.StaffTrainingCategory[];
  defaultCategory: string;
  onDone: (notice: string | null, saved?: contract.StaffTrainingVideo) => void;
}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffTrainingQuery().queryKey });
  const form = useForm<VideoValues>({
    mode: 'controlled',
    initialValues: {
      title: video?.title ?? '',
      description: video?.description ?? '',
      categorySlug: video?.categorySlug ?? (defaultCategory || categories[0]?.slug || ''),
      sortOrder: video?.sortOrder ?? 0,
      isPublished: video?.isPublished ?? false,
      link: video?.link ?? '',
    },
    validate: schemaResolver(contract.SaveTrainingVideoSchema, { sync: true }),
  });
  const [error, setError] = useState<string | null>(null);
  // opened from a row far down the list: the editor, above the list, comes into view
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'start' });
  }, []);
  const save = useSubmit({
    mutationFn: (body: VideoValues) => saveTrainingVideo(video?.id, body),
    onSuccess: async (answer) => {
      setError(null);
      await refresh();
      onDone(`“${answer.title}” is saved${answer.isPublished ? ' and published' : ' as a draft'}.`, answer);
    },
    onError: (err) => {
      form.setErrors(fieldErrorsOf(err));
      setError(errorMessage(err));
    },
  });
  const values = form.getValues();
  return (
    <Paper withBorder p="md" bg="gray.0" ref={panel}>
      <Stack>
        <Title order={3} size="h4">
          {video ? `Edit “${video.title}”` : 'New video'}
        </Title>
        {error && <Alert color="red">{error}</Alert>}
        <Group align="flex-start" gap="lg" wrap="wrap">
          <form
            onSubmit={form.onSubmit((v) => save.mutate(v))}
            noValidate
            style={{ flex: '2 1 420px', minWidth: 0 }}
            aria-label={video ? `Edit ${video.title}` : 'New video'}
          >
            <Stack gap="sm">
              <TextInput label="Title" required key={form.key('title')} {...form.getInputProps('title')} />
              <Group grow align="flex-start" wrap="wrap">
                <NativeSelect
                  label="Category"
                  data={categories.map((c) => ({ value: c.slug, label: c.name }))}
                  key={form.key('categorySlug')}
                  {...form.getInputProps('categorySlug')}
                />
                <NumberInput
                  label="Order"
                  min={0}
                  allowDecimal={false}
                  key={form.key('sortOrder')}
                  {...form.getInputProps('sortOrder')}
                />
              </Group>
              <TextInput
                label="Vimeo or YouTube link"
                description={
                  video?.source === 'upload'
                    ? 'Plays the uploaded clip; a link here replaces it.'
                    : 'vimeo.com/…, youtube.com/watch?v=… or youtu.be/…; or save, then upload an MP4 below.'
                }
                placeholder="https://vimeo.com/76979871"
                key={form.key('link')}
                {...form.getInputProps('link')}
              />
              <RichTextField label="Description" required {...form.getInputProps('description')} />
              <Switch
                label="Published (agents see it)"
                key={form.key('isPublished')}
                {...form.getInputProps('isPublished', { type: 'checkbox' })}
              />
              <Group>
                <Button type="submit" loading={save.isPending}>
                  {video ? 'Save video' : 'Add video'}
                </Button>
                <Button variant="default" onClick={() => onDone(null)}>
                  Close
                </Button>
              </Group>
            </Stack>
          </form>
          <Stack style={{ flex: '1 1 280px', minWidth: 0 }} gap="xs">
            <Text fw={700}>Preview: the agent’s list</Text>
            <Paper withBorder p="sm" bg="white">
              <Group gap="md" align="flex-start" wrap="wrap">
                <Image src={video?.thumbs} alt="" w={160} h={90} radius="sm" fallbackSrc="/favicon.svg" />
                <Stack gap={4} style={{ flex: 1, minWidth: 160 }}>
                  <Text fw={700} c="blue.9">
                    {values.title || 'Title'}
                  </Text>
                  <SafeHtml html={values.description} fz="sm" />
                </Stack>
              </Group>
            </Paper>
            {video && <Uploads video={video} onSaved={(text, saved) => onDone(text, saved)} onError={setError} />}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}

function Uploads({
  video,
  onSaved,
  onError,
}: {
  video: contract.StaffTrainingVideo;
  onSaved: (text: string, saved: contract.StaffTrainingVideo) => void;
  onError: (text: string) => void;
}) {
  const queryClient = useQueryClient();
  const [clip, setClip] = useState<File | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const send = useSubmit({
    mutationFn: ({ kind, file }: { kind: 'clip' | 'thumbnail'; file: File }) =>
      uploadTrainingVideoFile(video.id, kind, file),
    onSuccess: async (answer, { kind }) => {
      await queryClient.invalidateQueries({ queryKey: staffTrainingQuery().queryKey });
      onSaved(kind === 'clip' ? 'The clip is uploaded.' : 'The thumbnail is uploaded.', answer);
    },
    onError: (err) => onError(errorMessage(err)),
  });
  return (
    <Stack gap="xs" mt="sm">
      <Text fw={700}>Files</Text>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <FileInput
          label="Video clip (MP4)"
          accept="video/mp4"
          clearable
          value={clip}
          onChange={setClip}
          w={{ base: '100%', xs: 220 }}
        />
        <Button
          variant="default"
          disabled={!clip}
          loading={send.isPending}
          onClick={() => clip && send.mutate({ kind: 'clip', file: clip })}
        >
          Upload clip
        </Button>
      </Group>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <FileInput
          label="Thumbnail (JPEG, PNG, GIF, WebP)"
          accept="image/jpeg,image/png,image/gif,image/webp"
          clearable
          value={thumbnail}
          onChange={setThumbnail}
          w={{ base: '100%', xs: 220 }}
        />
        <Button
          variant="default"
          disabled={!thumbnail}
          loading={send.isPending}
          onClick={() => thumbnail && send.mutate({ kind: 'thumbnail', file: thumbnail })}
        >
          Upload thumbnail
        </Button>
      </Group>
    </Stack>
  );
}
