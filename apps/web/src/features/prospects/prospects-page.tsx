import {
  defaultProspectRange,
  formatProspectDate,
  PROSPECT_AGE_DEFAULT,
  PROSPECT_MESSAGES,
  type ExportProspectsRequest,
  type ProspectListResponse,
  type ProspectRow,
  type ProspectSearch,
  type StateCode,
} from '@arc/contract';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconMapPin, IconMailbox } from '@tabler/icons-react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { downloadProspects, findByCounty, findByZip, prospectQueries } from '../../api/prospects.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { businessTimeZone } from '../../config.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { initialPlace } from '../../ui/place-value.ts';
import { prospectsParams, readProspectsParams } from './prospects-model.ts';
import { ResultsView } from './results-view.tsx';
import type { SearchFormState } from './search-form.tsx';

// The search form (date pickers, the county picker) is a large part of the screen: its code loads when the agent
// picks a search (React.lazy, apps/web/README.md "Loading").
const SearchForm = lazy(() => import('./search-form.tsx').then((m) => ({ default: m.SearchForm })));

type ListRequest = { search: ProspectSearch; state: StateCode };

const runSearch = ({ search, state }: ListRequest): Promise<ProspectListResponse> =>
  search.kind === 'county'
    ? findByCounty({ county: search.county, state, datefrom: search.datefrom, dateto: search.dateto })
    : findByZip({ zips: search.zips, datefrom: search.datefrom, dateto: search.dateto });

/** the list of a search, cached for the visit: Back, Forward and the results' own Back show it again at once */
const listQuery = (request: ListRequest | null) =>
  queryOptions({
    queryKey: ['prospects', 'list', request],
    queryFn: () => runSearch(request!),
    enabled: request !== null,
    staleTime: Infinity,
    retry: false,
  });

function initialForm(): SearchFormState {
  return {
    place: initialPlace(),
    zips: [],
    age: PROSPECT_AGE_DEFAULT,
    ...defaultProspectRange(new Date(), businessTimeZone()),
  };
}

/**
 * /prospects: people turning 65 by county or postal code, filtered, printed and exported (spec part 2 §2, §4, §5).
 * The step and the search are in the address (prospects-model.ts), so Back, Forward and a reload come back to the
 * same form or list.
 */
export default function ProspectsPage() {
  const [params, setParams] = useSearchParams();
  const place = useMemo(() => readProspectsParams(params), [params]);
  const [form, setForm] = useState<SearchFormState>(
    () => (place.step === 'choose' ? null : place.form) ?? initialForm(),
  );
  // Back and Forward to a search bring its choices back into the form
  const address = params.toString();
  const [formAddress, setFormAddress] = useState(address);
  if (address !== formAddress) {
    setFormAddress(address);
    if (place.step !== 'choose' && place.form) setForm(place.form);
  }
  const client = useQueryClient();
  const listRequest = useMemo(
    () => (place.step === 'list' ? { search: place.search, state: place.form.place.state } : null),
    [place],
  );
  const list = useQuery(listQuery(listRequest));
  const [message, setMessage] = useState<{ title: string; text: string } | null>(null);
  const [pendingDownload, setPendingDownload] = useState<{
    shown: ProspectRow[];
    filters: { text: string; exclude: string[] };
  } | null>(null);
  const info = useQuery(prospectQueries.info());
  const ageRanges = useQuery(prospectQueries.ageRanges());

  const run = useSubmit({
    mutationFn: runSearch,
    onSuccess: (result, request) => {
      if (result.rows.length === 0) {
        setMessage({ title: PROSPECT_MESSAGES.noDataTitle, text: PROSPECT_MESSAGES.noData });
        return;
      }
      client.setQueryData(listQuery(request).queryKey, result);
      setParams(prospectsParams(request.search.kind, form, true));
    },
    onError: (err) => setMessage({ title: 'Error', text: errorMessage(err) }),
  });

  // a list opened from the address (reload, Forward) that fails or is empty now goes back to its form
  const listProblem = list.isError
    ? { title: 'Error', text: errorMessage(list.error) }
    : list.data?.rows.length === 0
      ? { title: PROSPECT_MESSAGES.noDataTitle, text: PROSPECT_MESSAGES.noData }
      : null;
  useEffect(() => {
    if (!listProblem || place.step !== 'list') return;
    setMessage(listProblem);
    setParams(prospectsParams(place.kind, place.form), { replace: true });
  }, [listProblem?.text]); // eslint-disable-line react-hooks/exhaustive-deps -- once per problem

  const step =
    place.step === 'list'
      ? list.data && list.data.rows.length > 0
        ? { name: 'results' as const, kind: place.kind, search: place.search, result: list.data }
        : { name: 'loading' as const }
      : place.step === 'form'
        ? { name: 'form' as const, kind: place.kind }
        : { name: 'choose' as const };

  const download = useSubmit({
    mutationFn: (body: ExportProspectsRequest) => downloadProspects(body),
    onError: () => setMessage({ title: 'Error', text: PROSPECT_MESSAGES.downloadFailed }),
  });

  // the form's schema has checked the place and the dates (search-form.tsx)
  const onRun = (kind: 'county' | 'zip') => {
    const range = { datefrom: form.datefrom, dateto: form.dateto };
    run.mutate({
      search:
        kind === 'county'
          ? { kind, county: form.place.counties.map((c) => c.id), ...range }
          : { kind, zips: form.zips, ...range },
      state: form.place.state,
    });
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
                onClick={() => setParams(prospectsParams('county'))}
              >
                County Search
              </Button>
              <Button
                size="md"
                leftSection={<IconMailbox size={18} aria-hidden="true" />}
                onClick={() => setParams(prospectsParams('zip'))}
              >
                Postal Code Search
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      {step.name === 'loading' && <Loader aria-label="Loading the prospect list" />}
      <Suspense fallback={null}>
        {step.name === 'form' && (
          <SearchForm
            // Back and Forward to another search start the form again from its choices
            key={address}
            kind={step.kind}
            form={form}
            onChange={setForm}
            ageRanges={ageRanges.data}
            isAgeRangeError={ageRanges.isError}
            onBack={() => setParams(prospectsParams(null))}
            onRun={() => onRun(step.kind)}
            isRunning={run.isPending}
            onProblem={setMessage}
          />
        )}

        {step.name === 'results' && (
          <ResultsView
            rows={step.result.rows}
            isCapped={step.result.isCapped}
            limit={step.result.limit}
            onBack={() => setParams(prospectsParams(step.kind, form))}
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
