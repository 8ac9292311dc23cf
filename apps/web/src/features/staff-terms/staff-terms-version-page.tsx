import * as contract from '@arc/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { errorMessage } from '../../api/client.ts';
import {
  formatTermsTime,
  publishStaffTermsVersion,
  saveStaffTermsDraft,
  staffTermsKey,
  staffTermsVersionQuery,
  TERMS_STATUS_COLORS,
  TERMS_STATUS_LABELS,
} from '../../api/staff-terms.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { STAFF_PAGES } from '../../staff/staff-paths.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { TermsGateView } from '../../ui/terms-gate-view.tsx';

/** The agents' terms gate as it will look: the gate's own view in the login card, its buttons inert. */
function GatePreview({ html }: { html: string }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Preview: the terms gate as agents see it
      </Title>
      <Paper p={{ base: 'lg', sm: 'xl' }} shadow="sm" withBorder maw={760} bg="white" aria-label="Preview">
        <TermsGateView html={html}>
          <Button size="md" tabIndex={-1} aria-disabled="true" style={{ pointerEvents: 'none' }}>
            I AGREE
          </Button>
          <Button variant="subtle" color="gray" tabIndex={-1} aria-disabled="true" style={{ pointerEvents: 'none' }}>
            Log Out
          </Button>
        </TermsGateView>
      </Paper>
    </Stack>
  );
}

/** The draft's form: the title and the text (rich text, checked by the server, whose reasons land on the field). */
function DraftForm({ version }: { version: contract.StaffTermsVersionDetail | undefined }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // a new draft opens at its own address, with "Draft saved." carried over
  const location = useLocation() as { state: { isSaved?: boolean } | null };
  const [saved, setSaved] = useState(location.state?.isSaved === true);
  const form = useForm({
    mode: 'controlled',
    initialValues: { title: version?.title ?? 'Terms of Service', body: version?.body ?? '' },
    validate: schemaResolver(contract.TermsDraftSchema, { sync: true }),
  });
  const save = useSubmit({
    mutationFn: (draft: contract.TermsDraft) => saveStaffTermsDraft(version?.id, draft),
    onSuccess: async (result) => {
      queryClient.setQueryData(staffTermsVersionQuery(result.id).queryKey, result);
      await queryClient.invalidateQueries({ queryKey: [...staffTermsKey, 'versions'] });
      form.resetDirty();
      setSaved(true);
      if (!version) void navigate(STAFF_PAGES.termsVersion(result.id), { replace: true, state: { isSaved: true } });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors) {
        form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([key, value]) => [key, value[0]])));
      }
    },
  });
  return (
    <Stack>
      <form
        onSubmit={form.onSubmit((values) => {
          setSaved(false);
          save.mutate(values);
        })}
        noValidate
      >
        <Stack gap="md" maw={900}>
          <TextInput label="Title" required maxLength={contract.TERMS_TITLE_MAX} {...form.getInputProps('title')} />
          <RichTextField
            label="Text"
            description="Headings, paragraphs, emphasis, lists and links. Scripts and embedded content are refused."
            required
            minHeight={260}
            {...form.getInputProps('body')}
          />
          {save.isError && !(save.error instanceof ApiError && save.error.fieldErrors) && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          {saved && !form.isDirty() && (
            <Alert color="green" role="status">
              {contract.STAFF_TERMS_MESSAGES.saved}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save draft
            </Button>
          </Group>
        </Stack>
      </form>
      {version && !form.isDirty() && <PublishPanel version={version} />}
      <GatePreview html={form.values.body} />
    </Stack>
  );
}

/** `datetime-local`'s value (the browser's time zone) for a moment. */
const toLocalInput = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** Publish now or from a later moment, after a confirmation (every active agent is notified). */
function PublishPanel({ version }: { version: contract.StaffTermsVersionDetail }) {
  const queryClient = useQueryClient();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [isConfirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const effectiveAt = when === 'later' && at ? new Date(at) : null;
  const isLaterMissing = when === 'later' && (!effectiveAt || Number.isNaN(effectiveAt.getTime()));
  const publish = useSubmit({
    mutationFn: () => publishStaffTermsVersion(version.id, effectiveAt),
    onSuccess: async (result) => {
      setConfirming(false);
      setDone(
        result.status === 'scheduled'
          ? contract.STAFF_TERMS_MESSAGES.scheduled
          : contract.STAFF_TERMS_MESSAGES.published,
      );
      queryClient.setQueryData(staffTermsVersionQuery(result.id).queryKey, result);
      await queryClient.invalidateQueries({ queryKey: staffTermsKey });
    },
  });
  return (
    <Paper withBorder p="md" maw={900}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Publish
        </Title>
        <NativeSelect
          label="Effective"
          w={260}
          data={[
            { value: 'now', label: 'Now' },
            { value: 'later', label: 'From a date and time' },
          ]}
          value={when}
          onChange={(event) => setWhen(event.currentTarget.value === 'later' ? 'later' : 'now')}
        />
        {when === 'later' && (
          <TextInput
            type="datetime-local"
            label="Effective from"
            description="Your local time"
            w={260}
            min={toLocalInput(new Date())}
            value={at}
            onChange={(event) => setAt(event.currentTarget.value)}
          />
        )}
        {done && (
          <Alert color="green" role="status">
            {done}
          </Alert>
        )}
        <Group>
          <Button disabled={isLaterMissing} onClick={() => setConfirming(true)}>
            Publish version {version.id}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title={`Publish version ${version.id}?`}
        confirmLabel="Publish"
        isLoading={publish.isPending}
        onConfirm={() => publish.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <Stack gap="sm">
          <Text size="sm">
            {effectiveAt
              ? `From ${formatTermsTime(effectiveAt)}, every agent must accept this version before anything else in the portal.`
              : 'Every agent must accept this version before anything else in the portal, from their next screen.'}{' '}
            Every active agent gets an “Updated Terms of Service” notification. A published version cannot be changed.
          </Text>
          {publish.isError && (
            <Alert color="red" role="alert">
              {errorMessage(publish.error)}
            </Alert>
          )}
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}

/** `/staff/terms/new` and `/staff/terms/:id`: write or edit a draft, preview it as the gate, publish it. */
export default function StaffTermsVersionPage() {
  const { id } = useParams();
  const versionId = id === undefined ? undefined : Number(id);
  const item = useQuery({ ...staffTermsVersionQuery(versionId ?? 0), enabled: versionId !== undefined });

  const back = (
    <Anchor component={Link} to={STAFF_PAGES.terms} size="sm">
      All terms versions
    </Anchor>
  );
  if (versionId === undefined) {
    return (
      <Stack maw={1200}>
        {back}
        <Title order={1}>New terms version</Title>
        <DraftForm version={undefined} />
      </Stack>
    );
  }
  if (item.isPending) return <Loader aria-label="Loading the terms version" />;
  if (item.isError) {
    return (
      <Stack>
        {back}
        <Alert color="red" role="alert">
          {errorMessage(item.error)}
        </Alert>
      </Stack>
    );
  }
  const version = item.data;
  return (
    <Stack maw={1200}>
      {back}
      <Stack gap={4}>
        <Title order={1}>
          Version {version.id}: {version.title}
        </Title>
        <Group gap="xs">
          <Badge color={TERMS_STATUS_COLORS[version.status]} variant="filled">
            {TERMS_STATUS_LABELS[version.status]}
          </Badge>
          {version.effectiveAt && <Text size="sm">Effective {formatTermsTime(version.effectiveAt)}</Text>}
          {version.publishedAt && (
            <Text size="sm" c="dimmed">
              Published {formatTermsTime(version.publishedAt)}
              {version.publishedBy ? ` by ${version.publishedBy}` : ''}
            </Text>
          )}
          {version.status !== 'draft' && (
            <Text size="sm" c="dimmed">
              · accepted by {version.acceptances.toLocaleString('en-US')}
            </Text>
          )}
        </Group>
      </Stack>
      {version.status === 'draft' ? (
        // a new form when another version opens
        <DraftForm key={version.id} version={version} />
      ) : (
        <GatePreview html={version.body} />
      )}
    </Stack>
  );
}
