import { FuneralWorksheetFormSchema, PRINT_BUILDING_MS, PRINT_DELAY_MS } from '@arc/contract';
import {
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowLeft, IconArrowRight, IconPrinter } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { useCurrentAgent } from '../../auth/use-current-agent.ts';
import { useConfirm } from '../../ui/confirm-dialog.tsx';
import { useFocusOnMount } from '../../ui/focus.ts';
import { EMPTY_DRAFT, hasEntries, type WorksheetDraft } from './worksheet-draft.ts';
import classes from './worksheet-print.module.css';
import {
  formatCents,
  formatPhone,
  PACKAGE_LEVELS,
  WORKSHEET_PAGES,
  WORKSHEET_STEPS,
  worksheetTotals,
  type WorksheetAmounts,
  type WorksheetStep,
} from './worksheet.ts';

type PrintPhase = 'idle' | 'building' | 'waiting';

/** The draft's part that the form holds: what the agent types or chooses. */
const entriesOf = ({ clientName, isVeteran, amounts }: WorksheetDraft) => ({ clientName, isVeteran, amounts });

const todayMmDdYyyy = () =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  }).format(new Date());

/**
 * The Funeral Expense Worksheet (spec §2, §4): 8 pages (steps 1–7 and the summary) with Back and Next, or the
 * whole form at once; the agent's contact block; Print shows 'Building' for 2 s, waits 3 s more, then prints
 * the whole form with the print stylesheet.
 */
export interface FuneralWorksheetProps {
  draft: WorksheetDraft;
  onChange: Dispatch<SetStateAction<WorksheetDraft>>;
  /** Clear Worksheet, after the agent confirmed it */
  onClear: () => void;
}

export function FuneralWorksheet({ draft, onChange, onClear }: FuneralWorksheetProps) {
  const currentAgent = useCurrentAgent();
  const { page, isWholeForm } = draft;
  const update = (patch: Partial<WorksheetDraft>) => onChange((current) => ({ ...current, ...patch }));
  // the entries are the draft's (kept in session storage): the form starts from them and writes each change back
  const form = useForm({
    mode: 'controlled',
    initialValues: entriesOf(draft),
    validate: schemaResolver(FuneralWorksheetFormSchema, { sync: true }),
    onValuesChange: (values) => update(values),
  });
  const { amounts } = form.getValues();
  const setPage = (next: number) => update({ page: next });
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const { confirm, dialog } = useConfirm();
  const [isContactShown, setContactShown] = useState(true);
  const [phase, setPhase] = useState<PrintPhase>('idle');
  const timers = useRef<number[]>([]);
  const totals = useMemo(() => worksheetTotals(amounts), [amounts]);
  const date = useMemo(todayMmDdYyyy, []);

  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  useEffect(() => {
    const done = () => setPhase('idle');
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);

  const print = () => {
    setPhase('building');
    timers.current.push(
      window.setTimeout(() => {
        setPhase('waiting');
        timers.current.push(
          window.setTimeout(() => {
            window.print();
            setPhase('idle');
          }, PRINT_DELAY_MS),
        );
      }, PRINT_BUILDING_MS),
    );
  };

  const setAmount = (name: string, value: string) =>
    form.setFieldValue('amounts', (current) => ({ ...current, [name]: value }));
  const clear = async () => {
    const isSure = await confirm({
      title: 'Clear Worksheet',
      children: 'Clear every entry on the worksheet? This cannot be undone.',
      confirmLabel: 'Clear Worksheet',
      isDanger: true,
    });
    if (isSure) {
      form.setValues(entriesOf(EMPTY_DRAFT));
      onClear();
    }
  };
  // printing forces the whole form visible (spec §4)
  const isAllVisible = isWholeForm || phase !== 'idle';
  const isShown = (pageNumber: number) => isAllVisible || page === pageNumber;
  const agent = currentAgent.data;

  return (
    <Paper p={{ base: 'md', sm: 'lg' }} className={classes.sheet}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={2} ref={heading} tabIndex={-1}>
              Funeral Expense Worksheet
            </Title>
            <Text size="sm" c="dark.4">
              Date: {date}
            </Text>
          </Stack>
          <Group gap="xs" className={classes.noPrint}>
            <Button variant="default" onClick={() => update({ isWholeForm: !isWholeForm })}>
              {isWholeForm ? 'Hide By Page' : 'Show Whole Form'}
            </Button>
            <Button variant="default" onClick={() => setContactShown((v) => !v)}>
              {isContactShown ? 'Hide Contact Info' : 'Show Contact Info'}
            </Button>
            <Button variant="default" onClick={() => void clear()} disabled={!hasEntries(draft)}>
              Clear Worksheet
            </Button>
            <Button
              leftSection={<IconPrinter size={16} aria-hidden="true" />}
              onClick={print}
              loading={phase !== 'idle'}
            >
              Print
            </Button>
          </Group>
        </Group>

        {isContactShown && agent && (
          <Paper withBorder p="sm" bg="gray.0" aria-label="Agent contact information" component="section">
            <Text size="xs" fw={700} tt="uppercase" c="dark.4">
              Your agent
            </Text>
            <Text fw={700}>{agent.actData.FULLNAME}</Text>
            <Text size="sm">{agent.email}</Text>
            {formatPhone(agent.mobilePhone) && <Text size="sm">{formatPhone(agent.mobilePhone)}</Text>}
          </Paper>
        )}

        <TextInput label="Prepared for" placeholder="Client name" {...form.getInputProps('clientName')} maw={420} />

        {!isAllVisible && (
          <Text size="sm" c="dark.4" className={classes.noPrint} aria-live="polite">
            Page {page} of {WORKSHEET_PAGES}
          </Text>
        )}

        {WORKSHEET_STEPS.map((step) =>
          isShown(step.step) ? (
            <StepSection
              key={step.step}
              step={step}
              amounts={amounts}
              total={totals.steps[step.step] ?? 0}
              onChange={setAmount}
              veteran={
                step.step === 2 ? (
                  <Radio.Group
                    label="Is the client a veteran?"
                    {...form.getInputProps('isVeteran')}
                    description="Veterans may qualify for burial benefits from the VA."
                  >
                    <Group mt={6}>
                      <Radio value="yes" label="Yes" />
                      <Radio value="no" label="No" />
                    </Group>
                  </Radio.Group>
                ) : null
              }
            />
          ) : null,
        )}

        {isShown(8) && <Summary totals={totals} amounts={amounts} onPremiumChange={setAmount} />}

        {!isAllVisible && (
          <Group justify="space-between" className={classes.noPrint}>
            {page > 1 ? (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                onClick={() => setPage(page - 1)}
              >
                Back
              </Button>
            ) : (
              <span />
            )}
            {page < WORKSHEET_PAGES && (
              <Button rightSection={<IconArrowRight size={16} aria-hidden="true" />} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            )}
          </Group>
        )}
      </Stack>

      {dialog}
      <Modal
        opened={phase === 'building'}
        onClose={() => {}}
        withCloseButton={false}
        title="Building"
        centered
        className={classes.noPrint}
      >
        <Group gap="sm">
          <Loader size="sm" aria-label="Building" />
          <Text>Building the worksheet for printing…</Text>
        </Group>
      </Modal>
    </Paper>
  );
}

function StepSection({
  step,
  amounts,
  total,
  onChange,
  veteran,
}: {
  step: WorksheetStep;
  amounts: WorksheetAmounts;
  total: number;
  onChange: (name: string, value: string) => void;
  veteran: ReactNode;
}) {
  const headingId = `worksheet-step-${step.step}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} className={classes.step}>
      <Title order={3} size="h4" id={headingId} mb="sm">
        Step {step.step}: {step.title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        {step.lines.map((line) => (
          <TextInput
            key={line.name}
            name={line.name}
            label={line.label}
            description={line.reference}
            placeholder="$0.00"
            inputMode="decimal"
            value={amounts[line.name] ?? ''}
            onChange={(event) => onChange(line.name, event.currentTarget.value)}
          />
        ))}
      </SimpleGrid>
      {veteran && <div style={{ marginTop: 12 }}>{veteran}</div>}
      <Text fw={700} mt="sm" ta="right" data-testid={`total-step-${step.step}`}>
        Total Step {step.step}: {formatCents(total)}
      </Text>
    </Paper>
  );
}

function Summary({
  totals,
  amounts,
  onPremiumChange,
}: {
  totals: ReturnType<typeof worksheetTotals>;
  amounts: WorksheetAmounts;
  onPremiumChange: (name: string, value: string) => void;
}) {
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="worksheet-summary"
      className={`${classes.step} ${classes.summary}`}
    >
      <Title order={3} size="h4" id="worksheet-summary" mb="sm">
        Summary
      </Title>
      <Table withTableBorder striped horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Costs</Table.Th>
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {WORKSHEET_STEPS.map((step) => (
            <Table.Tr key={step.step}>
              <Table.Th scope="row" fw={400}>
                Step {step.step}: {step.title}
              </Table.Th>
              <Table.Td ta="right" data-testid={`summary-step-${step.step}`}>
                {formatCents(totals.steps[step.step] ?? 0)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Total of Steps 1 to 5</Table.Th>
            <Table.Td ta="right" fw={700} data-testid="summary-1-5">
              {formatCents(totals.total1to5)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Total of Steps 1 to 6</Table.Th>
            <Table.Td ta="right" fw={700} data-testid="summary-1-6">
              {formatCents(totals.total1to6)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Total Combined</Table.Th>
            <Table.Td ta="right" fw={700} data-testid="summary-combined">
              {formatCents(totals.combined)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>

      <Title order={4} size="h5" mt="lg" mb="sm">
        Package Levels
      </Title>
      <Table withTableBorder horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Package</Table.Th>
            <Table.Th scope="col" ta="right">
              Death Benefit
            </Table.Th>
            <Table.Th scope="col">Monthly Premium</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PACKAGE_LEVELS.map((level) => (
            <Table.Tr key={level.name}>
              <Table.Th scope="row">
                {level.name}
                <Text size="xs" c="dark.4" fw={400}>
                  {level.covers}
                </Text>
              </Table.Th>
              <Table.Td ta="right" data-testid={`package-${level.name.toLowerCase()}`}>
                {formatCents(level.deathBenefit(totals))}
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`${level.name} monthly premium`}
                  name={level.premiumField}
                  placeholder="$0.00"
                  size="xs"
                  value={amounts[level.premiumField] ?? ''}
                  onChange={(event) => onPremiumChange(level.premiumField, event.currentTarget.value)}
                  w={96}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
