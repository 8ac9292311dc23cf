import * as contract from '@arc/contract';
import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { errorMessage } from '../../api/client.ts';
import { staffPagesQuery, updateDestination, updatePageText } from '../../api/staff-media.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { StatusWord } from '../../ui/agent-status-badge.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { NoticeAlert, QueryView, type Notice } from '../../ui/query-view.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { SafeHtml } from '../../ui/safe-html.tsx';

/** What each destination is, as the content team knows it. */
const DESTINATION_LABELS: Record<contract.DestinationKey, string> = {
  myHealthPlanLogin: 'MyHealthPlan: log in',
  activeAnalytics: 'MyHealthPlan: Active Analytics',
  sunfireLogin: 'SunFire: log in',
  green365Join: 'GREEN365: join',
  coreStart: 'CORE CRM: start your journey',
  coreTrainingGettingStarted: 'CORE CRM training: getting started',
  coreTrainingHouseholds: 'CORE CRM training: households',
  coreTrainingSoa: 'CORE CRM training: Scope of Appointment',
  coreTrainingCampaigns: 'CORE CRM training: campaigns',
  coreTrainingReports: 'CORE CRM training: reports',
  myQuoteOpen: 'MyQuote: open',
  myQuoteAppStore: 'MyQuote: App Store page',
  myQuoteGooglePlay: 'MyQuote: Google Play page',
  leadStarSignUp: 'LeadStar: sign up',
  leadStarHelpGettingStarted: 'LeadStar help: getting started',
  leadStarHelpSpeedToLead: 'LeadStar help: speed to lead',
  leadStarHelpReturns: 'LeadStar help: returns',
  leadStarHelpConsent: 'LeadStar help: consent',
  marketingStoreScholar: 'Marketing store: Medicare Scholar',
  marketingStoreProShop: 'Marketing store: ProShop',
  printStore: 'Print store',
  emailSupport: 'E-mail: Agent Support',
  emailContracting: 'E-mail: Contracting and Appointments',
  emailCommissions: 'E-mail: Commissions',
  emailNewBusiness: 'E-mail: New Business and Enrollments',
  emailCompliance: 'E-mail: Compliance',
  emailMarketing: 'E-mail: Marketing Review',
  emailSupplies: 'E-mail: Supplies Orders',
  emailCore: 'E-mail: CORE CRM',
  emailLeadStar: 'E-mail: LeadStar',
};

/**
 * `/staff/pages` (admin, content): the information pages' introductions (rich text, with the agent's view beside
 * the editor) and every outbound link and contact address over the content file's
 * (docs/decisions/information-pages.md). A link must be a full http(s) address; a `*.example` one is kept but never
 * shown to agents (docs/decisions/information-pages.md).
 */
export default function StaffPagesPage() {
  const pages = useQuery(staffPagesQuery());
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <Stack maw={1100}>
      <Title order={1}>Pages and links</Title>
      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />
      <QueryView query={pages} errorTitle="The pages could not be loaded">
        {(data) => (
          <>
            <PageTexts pages={data.pages} onNotice={setNotice} />
            <Destinations destinations={data.destinations} onNotice={setNotice} />
          </>
        )}
      </QueryView>
    </Stack>
  );
}

type PageText = { page: contract.PageTextKey; title: string; body: string };

function PageTexts({ pages, onNotice }: { pages: PageText[]; onNotice: (notice: Notice) => void }) {
  const [selected, setSelected] = useState<contract.PageTextKey>(pages[0]?.page ?? 'contact');
  const current = pages.find((page) => page.page === selected);
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h3">
          Page introductions
        </Title>
        <NativeSelect
          label="Page"
          w={{ base: '100%', xs: 280 }}
          value={selected}
          onChange={(event) => setSelected(event.currentTarget.value as contract.PageTextKey)}
          data={pages.map((page) => ({ value: page.page, label: page.title }))}
        />
        {current && <PageTextEditor key={current.page} text={current} onNotice={onNotice} />}
      </Stack>
    </Paper>
  );
}

function PageTextEditor({ text, onNotice }: { text: PageText; onNotice: (notice: Notice) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<{ body: string }>({
    mode: 'controlled',
    initialValues: { body: text.body },
    validate: { body: (value) => (value.trim() ? null : 'Write the text') },
  });
  const save = useSubmit({
    mutationFn: (body: { body: string }) => updatePageText(text.page, body),
    onSuccess: async (answer) => {
      onNotice({ isError: false, text: `The ${answer.title} introduction is saved; agents see it now.` });
      await queryClient.invalidateQueries({ queryKey: staffPagesQuery().queryKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors?.body)
        form.setFieldError('body', error.fieldErrors.body.join('; '));
      onNotice({ isError: true, text: errorMessage(error) });
    },
  });
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <form
        onSubmit={form.onSubmit((values) => save.mutate(values))}
        noValidate
        style={{ flex: '1 1 380px', minWidth: 0 }}
        aria-label={`${text.title} introduction`}
      >
        <Stack gap="sm">
          <RichTextField label={`${text.title}: introduction`} required {...form.getInputProps('body')} />
          <Button type="submit" w="fit-content" loading={save.isPending}>
            Save introduction
          </Button>
        </Stack>
      </form>
      <Stack gap="xs" style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Text fw={700}>Preview: the agent’s page</Text>
        <Paper withBorder p="md" bg="white">
          <Stack gap="sm">
            <Title order={3}>{text.title}</Title>
            <SafeHtml html={form.getValues().body} />
          </Stack>
        </Paper>
      </Stack>
    </Group>
  );
}

function Destinations({
  destinations,
  onNotice,
}: {
  destinations: contract.StaffDestination[];
  onNotice: (notice: Notice) => void;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Links and contact addresses
        </Title>
        <Text size="sm" c="dimmed">
          Empty: the default from the content file and the provider’s settings. A link must be a full address starting
          with https://; an address on a made-up .example domain is never shown to agents.
        </Text>
        <DataTable
          caption="Links and contact addresses"
          hideCaption
          data={destinations}
          getRowId={(destination) => destination.key}
          paginate={false}
          minWidth={860}
          columns={[
            {
              id: 'destination',
              header: 'Destination',
              cell: (destination) => (
                <Text size="sm" fw={600}>
                  {DESTINATION_LABELS[destination.key]}
                </Text>
              ),
            },
            {
              id: 'value',
              header: 'Value',
              cell: (destination) => <DestinationForm destination={destination} onNotice={onNotice} />,
            },
            {
              id: 'shown',
              header: 'Agents see',
              cell: ({ kind, shownValue: shown }) =>
                shown ? (
                  <Anchor
                    href={kind === 'email' ? `mailto:${shown}` : shown}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="sm"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {shown}
                  </Anchor>
                ) : (
                  <StatusWord label="Not shown" color="gray.5" />
                ),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}

function checkValue(kind: 'link' | 'email', value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (kind === 'email')
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? null : contract.STAFF_MEDIA_MESSAGES.notAnEmail;
  return contract.isWebAddress(trimmed) ? null : contract.STAFF_MEDIA_MESSAGES.notAWebAddress;
}

/** One destination's value, saved on its own. */
function DestinationForm({
  destination,
  onNotice,
}: {
  destination: contract.StaffDestination;
  onNotice: (notice: Notice) => void;
}) {
  const queryClient = useQueryClient();
  const label = DESTINATION_LABELS[destination.key];
  const form = useForm<{ value: string }>({
    mode: 'uncontrolled',
    initialValues: { value: destination.storedValue ?? '' },
    validate: { value: (value) => checkValue(destination.kind, value) },
  });
  const save = useSubmit({
    mutationFn: (value: string | null) => updateDestination(destination.key, value),
    onSuccess: async (answer) => {
      form.resetDirty({ value: answer.storedValue ?? '' });
      form.setValues({ value: answer.storedValue ?? '' });
      onNotice({ isError: false, text: `${label} is saved.` });
      await queryClient.invalidateQueries({ queryKey: staffPagesQuery().queryKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors?.value)
        form.setFieldError('value', error.fieldErrors.value[0]);
      onNotice({ isError: true, text: errorMessage(error) });
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values.value.trim() || null))} noValidate aria-label={label}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={label}
          placeholder={destination.fileValue ?? 'Not set'}
          style={{ flex: 1 }}
          key={form.key('value')}
          {...form.getInputProps('value')}
        />
        <Button type="submit" size="sm" variant="default" loading={save.isPending} aria-label={`Save ${label}`}>
          Save
        </Button>
      </Group>
    </form>
  );
}
