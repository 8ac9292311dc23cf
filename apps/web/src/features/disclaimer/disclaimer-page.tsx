import {
  DISCLAIMER_LANGUAGE_LABELS,
  DISCLAIMER_LANGUAGES,
  DISCLAIMER_TEXT,
  DisclaimerFormSchema,
  type DisclaimerForm,
  type DisclaimerLanguage,
  type DisclaimerQuery,
  usDateOf,
} from '@arc/contract';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  List,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { disclaimerQueries } from '../../api/disclaimer.ts';
import { initialPlace } from '../../ui/place-value.ts';
import { SingleCountyPicker } from '../../ui/state-county-fields.tsx';

const BY_OPTIONS = [
  { value: 'county', label: DISCLAIMER_TEXT.byCounty },
  { value: 'zip', label: DISCLAIMER_TEXT.byZip },
];
const LANGUAGE_OPTIONS = DISCLAIMER_LANGUAGES.map((value) => ({ value, label: DISCLAIMER_LANGUAGE_LABELS[value] }));

/** /disclaimer: the TPMO disclaimer with the organisations and plans the agent represents in a county or ZIP. */
export default function DisclaimerPage() {
  const years = useQuery(disclaimerQueries.years());
  const [query, setQuery] = useState<DisclaimerQuery | null>(null);
  const [language, setLanguage] = useState<DisclaimerLanguage>('en');
  const form = useForm<DisclaimerForm>({
    mode: 'controlled',
    initialValues: { by: 'county', year: 0, place: initialPlace(), zip: '' },
    validate: schemaResolver(DisclaimerFormSchema, { sync: true }),
  });
  const values = form.getValues();
  const defaultYear = years.data?.defaultYear ?? null;
  useEffect(() => {
    if (defaultYear !== null && form.getValues().year === 0) form.setFieldValue('year', defaultYear);
  }, [defaultYear, form]);
  const result = useQuery(disclaimerQueries.disclaimer(query));
  const data = result.data;

  const onSubmit = form.onSubmit((input) => {
    const county = input.place.counties[0];
    setQuery(
      input.by === 'zip'
        ? { year: input.year, zip: input.zip }
        : { year: input.year, state: input.place.state, county: county?.id },
    );
  });
  const text = data ? data.texts[language] : '';
  const failure =
    result.error instanceof ApiError && result.error.status < 500 ? result.error.message : DISCLAIMER_TEXT.failed;

  return (
    <Stack gap="lg">
      <Title order={1}>{DISCLAIMER_TEXT.title}</Title>
      <Text>{DISCLAIMER_TEXT.intro}</Text>
      <Paper p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} aria-label={DISCLAIMER_TEXT.title} noValidate>
          <Stack gap="md">
            <SegmentedControl
              data={BY_OPTIONS}
              value={values.by}
              onChange={(by) => {
                form.clearErrors();
                form.setFieldValue('by', by as DisclaimerForm['by']);
              }}
              aria-label="Find the area by"
              w="fit-content"
            />
            {values.by === 'county' ? (
              <SingleCountyPicker
                value={values.place}
                onChange={(place) => form.setFieldValue('place', place)}
                countyError={form.errors.place?.toString()}
              />
            ) : (
              <TextInput
                label={DISCLAIMER_TEXT.zip}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                maw={200}
                {...form.getInputProps('zip')}
              />
            )}
            <Group align="flex-end">
              <NativeSelect
                label={DISCLAIMER_TEXT.planYear}
                data={(years.data?.years ?? []).map(String)}
                value={String(values.year)}
                onChange={(event) => form.setFieldValue('year', Number(event.currentTarget.value))}
                miw={140}
              />
              <Button type="submit" loading={result.isFetching}>
                {DISCLAIMER_TEXT.show}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      {result.isError && <Alert color="red">{failure}</Alert>}
      {data && (
        <Stack gap="md" aria-live="polite">
          {data.zip && data.counties.length > 1 && (
            <Alert color="blue" title="ZIP spans counties">
              {DISCLAIMER_TEXT.spans(
                data.zip,
                data.counties.map((c) => `${c.name}, ${c.state}`),
              )}
            </Alert>
          )}
          <Paper p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="sm">
              <Title order={2} size="h3">
                {data.counties.map((c) => `${c.name}, ${c.state}`).join(' · ')} — {data.year}
              </Title>
              <Text fw={600}>{data.wording.when}</Text>
              <SegmentedControl
                data={LANGUAGE_OPTIONS}
                value={language}
                onChange={(value) => setLanguage(value)}
                aria-label={DISCLAIMER_TEXT.language}
                w="fit-content"
              />
              <Text
                component="blockquote"
                lang={language}
                data-testid="disclaimer-text"
                size="lg"
                m={0}
                p="md"
                style={{
                  borderLeft: '4px solid var(--mantine-color-blue-8)',
                  background: 'var(--mantine-color-gray-0)',
                }}
              >
                {text}
              </Text>
              <CopyButton value={text} timeout={3000}>
                {({ copied, copy }) => (
                  <Button
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? '#1f6f3a' : undefined}
                    leftSection={
                      copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />
                    }
                    onClick={copy}
                    w="fit-content"
                  >
                    {copied ? DISCLAIMER_TEXT.copied : DISCLAIMER_TEXT.copy}
                  </Button>
                )}
              </CopyButton>
              <Text size="sm">
                Wording: {data.wording.source} (from {usDateOf(data.wording.effectiveFrom)}).{' '}
                <Anchor href={data.wording.sourceUrl} target="_blank" rel="noopener noreferrer" underline="always">
                  Source
                </Anchor>
              </Text>
              {data.wording.note && (
                <Text size="sm" c="gray.7">
                  {data.wording.note}
                </Text>
              )}
            </Stack>
          </Paper>
          <Paper p={{ base: 'md', sm: 'lg' }}>
            <Title order={2} size="h3">
              {DISCLAIMER_TEXT.counted}
            </Title>
            <Text size="sm" data-testid="disclaimer-counts">
              {data.organizationCount} of {data.allOrganizationCount} organizations, {data.planCount} of{' '}
              {data.allPlanCount} plans in the area
            </Text>
            <Text size="sm" mb="sm" data-testid="disclaimer-kinds">
              {DISCLAIMER_TEXT.countedKinds(data.countedKinds)}
            </Text>
            <List spacing="sm">
              {data.organizations.map((org) => (
                <List.Item key={org.name}>
                  <Text fw={600}>
                    {org.name} ({org.plans.length} {org.plans.length === 1 ? 'plan' : 'plans'})
                  </Text>
                  <List withPadding size="sm">
                    {org.plans.map((plan) => (
                      <List.Item key={plan.id}>
                        {plan.id} · {plan.name}
                      </List.Item>
                    ))}
                  </List>
                </List.Item>
              ))}
            </List>
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}
