import {
  CLIENT_LANGUAGE_LABELS,
  CLIENT_TEXT,
  CONTACT_METHOD_LABELS,
  ENROLLMENT_STATUS_LABELS,
  SOA_PRODUCT_LABELS,
  clientPaths,
  type ClientDetail,
} from '@arc/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { errorMessage } from '../../api/client.ts';
import { clientQueries, useMergeClients, useRevealClientMbi } from '../../api/clients.ts';
import { NotFound } from '../../ui/not-found.tsx';

const ClientForm = lazy(() => import('./client-form.tsx'));

const dayText = (at: Date) => at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const birthDateText = (iso: string | null) => {
  if (!iso) return '—';
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** The MBI masked, and the explicit (audited) action that shows it in full until hidden or the page is left. */
function MbiField({ client }: { client: ClientDetail }) {
  const reveal = useRevealClientMbi(client.id);
  const [full, setFull] = useState<string | null>(null);
  if (!client.mbiMasked) return <Field label="Medicare number (MBI)">—</Field>;
  return (
    <Field label="Medicare number (MBI)">
      <Group gap="xs" component="span" wrap="wrap">
        <Text component="span" ff="monospace">
          {full ?? client.mbiMasked}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          loading={reveal.isPending}
          title={full ? undefined : CLIENT_TEXT.revealNote}
          onClick={() => (full ? setFull(null) : reveal.mutate(undefined, { onSuccess: ({ mbi }) => setFull(mbi) }))}
        >
          {full ? CLIENT_TEXT.hide : CLIENT_TEXT.reveal}
        </Button>
      </Group>
    </Field>
  );
}

const ENROLLMENT_COLORS: Record<string, string> = {
  Pended: 'orange',
  Enrolled: 'teal',
  Declined: 'red',
  Withdrawn: 'gray',
  Cancelled: 'red',
};

interface TimelineEntry {
  at: Date;
  key: string;
  title: string;
  badge: { text: string; color: string };
  text: string;
}

function timelineOf(client: ClientDetail): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...client.soas.map((soa) => ({
      at: soa.signedAt ?? soa.createdAt,
      key: `soa-${soa.id}`,
      title: soa.signedAt ? `SOA signed ${dayText(soa.signedAt)}` : `SOA sent ${dayText(soa.createdAt)}`,
      badge: { text: soa.status, color: soa.status === 'Signed' ? 'teal' : 'blue' },
      text: `Appointment ${dayText(soa.appointmentAt)}: ${soa.products.map((p) => SOA_PRODUCT_LABELS[p]).join(', ')}`,
    })),
    ...client.enrollments.map((enrollment) => ({
      at: enrollment.receivedAt,
      key: `enr-${enrollment.id}`,
      title: `Enrollment received ${dayText(enrollment.receivedAt)}`,
      badge: {
        text: ENROLLMENT_STATUS_LABELS[enrollment.status],
        color: ENROLLMENT_COLORS[enrollment.status] ?? 'blue',
      },
      // carrier, plan (name and id), product type, effective date; a pend's reason
      text: [
        enrollment.carrierName,
        [enrollment.productName, enrollment.planId ? `(${enrollment.planId})` : null].filter(Boolean).join(' '),
        enrollment.productType ? SOA_PRODUCT_LABELS[enrollment.productType] : null,
        enrollment.effectiveDate ? `effective ${enrollment.effectiveDate}` : null,
        enrollment.reason,
      ]
        .filter(Boolean)
        .join(' · '),
    })),
  ];
  return entries.sort((a, b) => b.at.getTime() - a.at.getTime());
}

function Duplicates({ client }: { client: ClientDetail }) {
  const merge = useMergeClients(client.id);
  const [merged, setMerged] = useState(false);
  if (merged) {
    return (
      <Alert color="teal" role="status" withCloseButton onClose={() => setMerged(false)} closeButtonLabel="Dismiss">
        {CLIENT_TEXT.merged}
      </Alert>
    );
  }
  if (client.duplicates.length === 0) return null;
  return (
    <Alert color="yellow" title={CLIENT_TEXT.duplicates}>
      <Stack gap="xs">
        {client.duplicates.map((dup) => (
          <Group key={dup.id} justify="space-between" wrap="wrap">
            <Anchor component={Link} to={clientPaths.detail(dup.id)}>
              {dup.firstName} {dup.lastName}, {birthDateText(dup.birthDate)}
              {dup.email ? ` · ${dup.email}` : ''}
            </Anchor>
            <Button
              size="compact-sm"
              variant="default"
              loading={merge.isPending}
              onClick={() => merge.mutate(dup.id, { onSuccess: () => setMerged(true) })}
            >
              {CLIENT_TEXT.merge}
            </Button>
          </Group>
        ))}
        {merge.error && <Text c="red.8">{errorMessage(merge.error)}</Text>}
      </Stack>
    </Alert>
  );
}

/**
 * /clients/:id — one client: details, the audited MBI reveal, what is due, duplicates to merge, the timeline. A part
 * of the clients screen (one page module for both addresses: each page module costs every route's entry a little).
 */
export default function ClientDetailView({ id }: { id: string }) {
  const query = useQuery(clientQueries.detail(id));
  const [isEditing, setEditing] = useState(false);

  if (query.isPending) return <Loader aria-label="Loading the client" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return (
      <Alert color="red" role="alert" title="Error">
        {errorMessage(query.error)}{' '}
        <Anchor component="button" onClick={() => void query.refetch()}>
          Try again
        </Anchor>
      </Alert>
    );
  }
  const client = query.data;
  const timeline = timelineOf(client);
  const address = [client.street, client.city, [client.state, client.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          {client.firstName} {client.lastName}
        </Title>
        <Group gap="xs">
          <Text component="span" fw={700} c={client.status === 'Active' ? 'teal.9' : 'gray.8'}>
            {client.status}
          </Text>
          {!isEditing && (
            <Button variant="default" onClick={() => setEditing(true)}>
              {CLIENT_TEXT.edit}
            </Button>
          )}
        </Group>
      </Group>
      <Duplicates client={client} />
      {isEditing ? (
        <Suspense fallback={null}>
          <ClientForm client={client} onCancel={() => setEditing(false)} onSaved={() => setEditing(false)} />
        </Suspense>
      ) : (
        <Paper p={{ base: 'md', sm: 'lg' }}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} component="dl" m={0} spacing="md">
            <Field label="Date of birth">{birthDateText(client.birthDate)}</Field>
            <Field label="Phone">{client.phone}</Field>
            <Field label="E-mail">{client.email}</Field>
            <Field label="Address">{address}</Field>
            <Field label="County">{client.county}</Field>
            <Field label="Language">{CLIENT_LANGUAGE_LABELS[client.language]}</Field>
            <MbiField client={client} />
            <Field label="Consent to contact">
              {client.consentToContact
                ? `Yes: ${client.consentMethods.map((m) => CONTACT_METHOD_LABELS[m]).join(', ') || 'any way'}`
                : 'No'}
            </Field>
            <Field label="Notes">{client.notes}</Field>
          </SimpleGrid>
        </Paper>
      )}
      <Paper p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} size="h3" mb="sm">
          {CLIENT_TEXT.due}
        </Title>
        {client.due.length === 0 ? (
          <Text c="dimmed">{CLIENT_TEXT.nothingDue}</Text>
        ) : (
          <List spacing="xs">
            {client.due.map((item) => (
              <List.Item key={`${item.kind}-${item.text}`}>{item.text}</List.Item>
            ))}
          </List>
        )}
      </Paper>
      <Paper p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} size="h3" mb="md">
          {CLIENT_TEXT.timeline}
        </Title>
        {timeline.length === 0 ? (
          <Text c="dimmed">No SOA or enrollment yet.</Text>
        ) : (
          <Timeline bulletSize={24} lineWidth={2} active={timeline.length}>
            {timeline.map((entry) => (
              <Timeline.Item
                key={entry.key}
                title={
                  <Group gap="xs" component="span">
                    <Text component="span" fw={600}>
                      {entry.title}
                    </Text>
                    <Text component="span" size="sm" fw={700} c={`${entry.badge.color}.9`}>
                      {entry.badge.text}
                    </Text>
                  </Group>
                }
              >
                <Text size="sm">{entry.text}</Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
}
