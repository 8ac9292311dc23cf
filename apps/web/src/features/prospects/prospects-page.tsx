import {
  dateRangeProblem,
  defaultProspectRange,
  formatProspectDate,
  PROSPECT_AGE_DEFAULT,
  PROSPECT_MESSAGES,
  type ProspectListResponse,
  type ProspectRow,
  type ProspectSearch,
} from '@arc/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconMapPin, IconMailbox } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { downloadProspects, findByCounty, findByZip, prospectQueries } from '../../api/prospects.ts';
import { businessTimeZone } from '../../config.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { lazyPart } from '../../ui/lazy-part.tsx';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { initialPlace } from '../../ui/place-value.ts';
import type { SearchFormState, SearchKind } from './search-form.tsx';

// The form (date pickers, the county picker) and the results (the table) load when the agent gets there:
// the first view is the choice of search (apps/web/README.md, Budget). Pointing at a choice loads the form.
const { Part: SearchForm, preload: loadSearchForm } = lazyPart(() =>
  import('./search-form.tsx').then((m) => m.SearchForm),
);
const { Part: ResultsView, preload: loadResultsView } = lazyPart(() =>
  import('./results-view.tsx').then((m) => m.ResultsView),
);
const preloadSearchForm = () => void loadSearchForm();

type Step =
  | { name: 'choose' }
  | { name: 'form'; kind: SearchKind }
  | { name: 'results'; kind: SearchKind; search: ProspectSearch; result: ProspectListResponse };

function initialForm(): SearchFormState {
  return {
    place: initialPlace(),
    zips: [],
    age: PROSPECT_AGE_DEFAULT,
    ...defaultProspectRange(new Date(), businessTimeZone()),
  };
}

/** /prospects: people turning 65 by county or postal code, filtered, printed and exported (spec part 2 §2, §4, §5). */
export default function ProspectsPage() {
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [form, setForm] = useState<SearchFormState>(initialForm);
  const [message, setMessage] = useState<{ title: string; text: string } | null>(null);
  const [pendingDownload, setPendingDownload] = useState<{
    shown: ProspectRow[];
    filters: { text: string; exclude: string[] };
  } | null>(null);
  const info = useQuery(prospectQueries.info());
  const ageRanges = useQuery(prospectQueries.ageRanges());

  const run = useMutation({
    mutationFn: async (search: ProspectSearch) =>
      search.kind === 'county'
        ? findByCounty({
            county: search.county,
            state: form.place.state,
            datefrom: search.datefrom,
            dateto: search.dateto,
          })
        : findByZip({ zips: search.zips, datefrom: search.datefrom, dateto: search.dateto }),
    onSuccess: (result, search) => {
      if (result.rows.length === 0) {
        setMessage({ title: PROSPECT_MESSAGES.noDataTitle, text: PROSPECT_MESSAGES.noData });
        return;
      }
      setStep({ name: 'results', kind: search.kind, search, result });
    },
    onError: (err) => setMessage({ title: 'Error', text: errorMessage(err) }),
  });

  const download = useMutation({
    mutationFn: downloadProspects,
    onError: () => setMessage({ title: 'Error', text: PROSPECT_MESSAGES.downloadFailed }),
  });

  const onRun = (kind: SearchKind) => {
    if (kind === 'county' && form.place.counties.length === 0) {
      setMessage({ title: PROSPECT_MESSAGES.missingCountyTitle, text: PROSPECT_MESSAGES.missingCounty });
      return;
    }
    if (kind === 'zip' && form.zips.length === 0) {
      setMessage({ title: PROSPECT_MESSAGES.missingZipTitle, text: PROSPECT_MESSAGES.missingZip });
      return;
    }
    const problem = dateRangeProblem(form);
    if (problem) {
      setMessage({ title: 'Error', text: problem });
      return;
    }
    const range = { datefrom: form.datefrom, dateto: form.dateto };
    // the results' code loads while the search runs
    void loadResultsView();
    run.mutate(
      kind === 'county'
        ? { kind, county: form.place.counties.map((c) => c.id), ...range }
        : { kind, zips: form.zips, ...range },
    );
  };

  const onDownload = (shown: ProspectRow[], filters: { text: string; exclude: string[] }) => {
    if (shown.length === 0) {
      setMessage({ title: 'Error', text: PROSPECT_MESSAGES.noExportData });
      return;
    }
    setPendingDownload({ shown, filters });
  };

  const confirmDownload = () => {
    if (!pendingDownload || step.name !== 'results') return;
    const { shown, filters } = pendingDownload;
    setPendingDownload(null);
    download.mutate({ search: step.search, ids: shown.map((r) => r.id), filters });
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Prospect Lists</Title>
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} title="USPS verified">
        Prospect lists are verified through the USPS National Change of Address (NCOA) database.{' '}
        {info.data?.updatedThrough ? (
          <>
            Data is updated through <strong>{formatProspectDate(info.data.updatedThrough)}</strong>.
          </>
        ) : info.isLoading ? null : (
          'No prospect list is loaded yet.'
        )}
      </Alert>

      {step.name === 'choose' && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md" align="flex-start">
            <Text>Build a list of people turning 65 by county or by postal code.</Text>
            <Group gap="md">
              <Button
                size="md"
                leftSection={<IconMapPin size={18} aria-hidden="true" />}
                onPointerEnter={preloadSearchForm}
                onFocus={preloadSearchForm}
                onClick={() => setStep({ name: 'form', kind: 'county' })}
              >
                County Search
              </Button>
              <Button
                size="md"
                leftSection={<IconMailbox size={18} aria-hidden="true" />}
                onPointerEnter={preloadSearchForm}
                onFocus={preloadSearchForm}
                onClick={() => setStep({ name: 'form', kind: 'zip' })}
              >
                Postal Code Search
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <Suspense fallback={null}>
        {step.name === 'form' && (
          <SearchForm
            kind={step.kind}
            form={form}
            onChange={setForm}
            ageRanges={ageRanges.data}
            isAgeRangeError={ageRanges.isError}
            onBack={() => setStep({ name: 'choose' })}
            onRun={() => onRun(step.kind)}
            isRunning={run.isPending}
            onInvalidPostalCode={() =>
              setMessage({ title: PROSPECT_MESSAGES.postalCodeInvalidTitle, text: PROSPECT_MESSAGES.postalCodeInvalid })
            }
          />
        )}

        {step.name === 'results' && (
          <ResultsView
            rows={step.result.rows}
            isCapped={step.result.isCapped}
            limit={step.result.limit}
            onBack={() => setStep({ name: 'form', kind: step.kind })}
            onDownload={onDownload}
            isDownloading={download.isPending}
          />
        )}
      </Suspense>

      <ConfirmDialog
        opened={pendingDownload !== null}
        title="Before you download"
        confirmLabel="I understand, download"
        onConfirm={confirmDownload}
        onCancel={() => setPendingDownload(null)}
      >
        <Stack gap="sm">
          <Text>{PROSPECT_MESSAGES.downloadNotice}</Text>
          <Text fw={600}>{PROSPECT_MESSAGES.contactNotice}</Text>
        </Stack>
      </ConfirmDialog>
      <MessageDialog opened={message !== null} title={message?.title ?? ''} onClose={() => setMessage(null)}>
        {message?.text ?? ''}
      </MessageDialog>
    </Stack>
  );
}
