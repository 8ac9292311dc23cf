import { CASE_LABELS, MY_CASES_MESSAGES, paths, type CaseStatus, type MyCaseRow } from '@arc/contract';
import { Accordion, Alert, Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { myCasesQueries } from '../../api/my-cases.ts';
import { DataTablePager } from '../../ui/data-table-pager.tsx';
import { formatViewerInstant } from '../../ui/viewer-time.ts';

/** Filled, with white text that passes the contrast check (the back office's colours too). */
const STATUS_COLORS: Record<CaseStatus, string> = { Open: 'blue.8', 'In progress': 'grape.8', Closed: 'gray.7' };

const formatTime = (at: Date) => formatViewerInstant(at);

const topic = (row: Pick<MyCaseRow, 'requestType' | 'memberName'>) =>
  `${row.requestType}${row.memberName ? ` for ${row.memberName}` : ''}`;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/**
 * One case opened: what was sent, and member support's replies (loaded when the case is opened). With its heading
 * when it stands alone (a case of another page, opened from a notification).
 */
function CaseDetails({ id, hasHeading = false }: { id: string; hasHeading?: boolean }) {
  const item = useQuery(myCasesQueries.detail(id));
  if (item.isPending) return <Loader size="sm" aria-label="Loading the case" />;
  if (item.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(item.error)}
      </Alert>
    );
  }
  const data = item.data;
  const [year, month, day] = data.dateOfBirth.split('-');
  return (
    <Stack gap="md">
      {hasHeading && (
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {topic(data)}
          </Title>
          <Badge color={STATUS_COLORS[data.status]} variant="filled">
            {data.status}
          </Badge>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Field label={CASE_LABELS.memberId} value={data.memberId} />
        <Field label={CASE_LABELS.dateOfBirth} value={`${month}/${day}/${year}`} />
        <Field label={CASE_LABELS.memberPhoneNumber} value={data.memberPhoneNumber} />
        <Field label={CASE_LABELS.carrier} value={data.carrier} />
        <Field label={CASE_LABELS.carrierService} value={data.carrierService} />
      </SimpleGrid>
      <Field label={CASE_LABELS.description} value={data.description} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Replies from member support
        </Title>
        {data.replies.length === 0 && (
          <Text size="sm" c="dimmed">
            {MY_CASES_MESSAGES.noReply}
          </Text>
        )}
        {data.replies.map((reply) => (
          <Paper key={reply.id} withBorder p="sm">
            <Text size="xs" c="dimmed" mb={4}>
              {reply.author}, member support · {formatTime(reply.createdAt)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {reply.body}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * /my-cases (member support tier Unlimited, like the Case Form; reached from the user menu): the agent's cases,
 * newest first, each opening what was sent and member support's replies. `?case=` opens one (a reply's
 * notification and e-mail link there); `?page=` is the page.
 */
export default function MyCasesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const opened = params.get('case');
  const list = useQuery(myCasesQueries.list(page));
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: name === 'case' },
    );

  const rows = list.data?.rows ?? [];
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <Stack gap="lg" maw={1000}>
      <Title order={1}>{MY_CASES_MESSAGES.title}</Title>
      {list.isPending && <Loader aria-label="Loading your cases" />}
      {list.isError && (
        <Alert color="red" role="alert">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && rows.length === 0 && (
        <Text>
          {MY_CASES_MESSAGES.empty}{' '}
          <Anchor component={Link} to={paths.caseForm}>
            Open the Case Form
          </Anchor>
        </Text>
      )}
      {list.data && opened && !rows.some((row) => row.id === opened) && (
        <Paper withBorder p="md">
          <CaseDetails id={opened} hasHeading />
        </Paper>
      )}
      {rows.length > 0 && (
        <Accordion
          variant="contained"
          bg="var(--mantine-color-body)"
          value={opened}
          onChange={(value) => setParam('case', value)}
          aria-busy={list.isPlaceholderData || undefined}
        >
          {rows.map((row) => (
            <Accordion.Item key={row.id} value={row.id}>
              <Accordion.Control>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <div>
                    <Text fw={600}>{topic(row)}</Text>
                    <Text size="sm" c="dimmed">
                      Filed {formatTime(row.createdAt)}
                      {row.carrier ? ` · ${row.carrier}` : ''}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Text size="sm">{row.replyCount === 1 ? '1 reply' : `${row.replyCount} replies`}</Text>
                    <Badge color={STATUS_COLORS[row.status]} variant="filled">
                      {row.status}
                    </Badge>
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>{opened === row.id && <CaseDetails id={row.id} />}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {list.data && list.data.total > list.data.pageSize && (
        <Group justify="flex-end">
          <DataTablePager
            pageIndex={page - 1}
            pageCount={pageCount}
            onPageChange={(index) => setParam('page', index > 0 ? String(index + 1) : null)}
          />
        </Group>
      )}
    </Stack>
  );
}
