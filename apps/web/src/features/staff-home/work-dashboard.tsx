import * as contract from '@arc/contract';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { workDashboardQuery } from '../../api/staff-work.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { formatAge, formatSlaHours } from '../../ui/work-age.ts';

/** Where each dashboard queue opens: the queue, filtered to what the dashboard counts where the page reads it. */
const QUEUE_LINKS: Record<contract.WorkQueue, string> = {
  orders: contract.staffPaths.orders,
  enrollments: contract.staffPaths.enrollments,
  pended: contract.staffPaths.enrollments,
  cases: `${contract.staffPaths.cases}?status=Open&assignee=none`,
};

const queueColumns: DataTableColumn<contract.WorkQueueSummary>[] = [
  {
    id: 'queue',
    header: 'Queue',
    value: (q) => q.label,
    cell: (q) => (
      <Anchor component={Link} to={QUEUE_LINKS[q.queue]} fw={600}>
        {q.label}
      </Anchor>
    ),
    sortable: false,
  },
  { id: 'waiting', header: 'Waiting', value: (q) => q.waiting, align: 'right', sortable: false },
  {
    id: 'oldest',
    header: 'Oldest',
    value: (q) => (q.oldestAt ? formatAge(q.oldestAt) : '—'),
    sortable: false,
    noWrap: true,
  },
  { id: 'sla', header: 'SLA', value: (q) => formatSlaHours(q.slaHours), sortable: false, noWrap: true },
  {
    id: 'past',
    header: 'Past SLA',
    value: (q) => q.pastSla,
    cell: (q) =>
      q.pastSla > 0 ? (
        <Badge color="red" variant="light">
          {q.pastSla.toLocaleString('en-US')} past SLA
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ),
    sortable: false,
  },
];

type MemberWork = contract.WorkDashboard['members'][number];
const memberColumns: DataTableColumn<MemberWork>[] = [
  { id: 'name', header: 'Member', value: (m) => m.name },
  { id: 'orders', header: 'Orders', value: (m) => m.orders, align: 'right' },
  { id: 'enrollments', header: 'Enrollments', value: (m) => m.enrollments, align: 'right' },
  { id: 'cases', header: 'Cases', value: (m) => m.cases, align: 'right' },
];

interface TrendRow {
  day: string;
  orders: contract.WorkTrendDay;
  enrollments: contract.WorkTrendDay;
  cases: contract.WorkTrendDay;
}
const trendColumns: DataTableColumn<TrendRow>[] = [
  { id: 'day', header: 'Day', value: (r) => r.day, noWrap: true },
  ...(['orders', 'enrollments', 'cases'] as const).flatMap((kind): DataTableColumn<TrendRow>[] => [
    {
      id: `${kind}-received`,
      header: `${kind[0]!.toUpperCase()}${kind.slice(1)} received`,
      value: (r) => r[kind].received,
      align: 'right',
      wrapHeader: true,
    },
    {
      id: `${kind}-done`,
      header: `${kind[0]!.toUpperCase()}${kind.slice(1)} done`,
      value: (r) => r[kind].done,
      align: 'right',
      wrapHeader: true,
    },
  ]),
];

/**
 * The back office's home (issue 47): each queue's waiting work with its oldest and what is past its SLA, the
 * signed-in member's open work, each member's, and 30 days of received against done.
 */
export function WorkDashboard() {
  const dashboard = useQuery(workDashboardQuery());
  const error = dashboard.isError ? errorMessage(dashboard.error) : null;
  const data = dashboard.data;
  const trend: TrendRow[] | undefined = data?.trend.orders.map((day, i) => ({
    day: day.day,
    orders: day,
    enrollments: data.trend.enrollments[i]!,
    cases: data.trend.cases[i]!,
  }));
  const mine = data?.mine;
  return (
    <Stack>
      <Paper p="md">
        <DataTable
          caption="Waiting work"
          data={data?.queues}
          columns={queueColumns}
          getRowId={(q) => q.queue}
          isLoading={dashboard.isPending}
          error={error}
          onRetry={() => void dashboard.refetch()}
          paginate={false}
          minWidth={560}
        />
      </Paper>
      <Paper p="md" aria-labelledby="my-work">
        <Title order={2} size="h4" id="my-work" mb="xs">
          My work
        </Title>
        {mine && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Group gap="xs">
              <Anchor component={Link} to={`${contract.staffPaths.orders}?assignee=mine`}>
                Orders
              </Anchor>
              <Text fw={700}>{mine.orders}</Text>
            </Group>
            <Group gap="xs">
              <Anchor component={Link} to={`${contract.staffPaths.enrollments}?assignee=mine`}>
                Enrollments
              </Anchor>
              <Text fw={700}>{mine.enrollments}</Text>
            </Group>
            <Group gap="xs">
              <Anchor component={Link} to={`${contract.staffPaths.cases}?assignee=mine`}>
                Cases
              </Anchor>
              <Text fw={700}>{mine.cases}</Text>
            </Group>
          </SimpleGrid>
        )}
      </Paper>
      <Paper p="md">
        <DataTable
          caption="Open work by member"
          data={data?.members}
          columns={memberColumns}
          getRowId={(m) => m.id}
          isLoading={dashboard.isPending}
          error={error}
          initialSort={{ id: 'name' }}
          paginate={false}
          emptyMessage="Nobody has open work assigned."
        />
      </Paper>
      <Paper p="md">
        <DataTable
          caption="Received and done, last 30 days"
          data={trend}
          columns={trendColumns}
          getRowId={(r) => r.day}
          isLoading={dashboard.isPending}
          error={error}
          initialSort={{ id: 'day', desc: true }}
          initialPageSize={10}
          minWidth={720}
        />
      </Paper>
    </Stack>
  );
}
