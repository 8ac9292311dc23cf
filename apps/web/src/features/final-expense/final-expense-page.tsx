import { FINAL_EXPENSE_STATS } from '@arc/contract';
import {
  Anchor,
  Button,
  Grid,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconFileTypePdf, IconForms } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { finalExpenseQueries } from '../../api/final-expense.ts';
import { ConfirmDialog, useConfirm } from '../../ui/confirm-dialog.tsx';
import { useDownload } from '../../ui/download.tsx';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { TrainingVideoPlayer } from '../../ui/training-video-player.tsx';
import { FINAL_EXPENSE_CONTENT } from './content.ts';
import { EMPTY_DRAFT, hasEntries, useWorksheetDraft } from './worksheet-draft.ts';
import classes from './worksheet-print.module.css';

const LEAVE_TITLE = 'Leave the worksheet?';
const LEAVE_TEXT =
  'Your entries stay on the worksheet in this browser tab until you clear them or close the tab. Leave the worksheet now?';

// The worksheet (eight steps of fields, its arithmetic and print view) is a large part of the screen: its code
// loads when the agent opens it (React.lazy, apps/web/README.md "Loading").
const FuneralWorksheet = lazy(() => import('./funeral-worksheet.tsx').then((m) => ({ default: m.FuneralWorksheet })));

/**
 * /finalexpense: the info view, or the Funeral Expense Worksheet (spec §4: the screen toggles between them). The
 * worksheet's entries and page are kept in session storage until Clear Worksheet (worksheet-draft.ts); leaving
 * the worksheet or the page with entries asks first.
 */
export default function FinalExpensePage() {
  const [draft, setDraft] = useWorksheetDraft();
  const isDirty = draft.isOpen && hasEntries(draft);
  const { confirm, dialog } = useConfirm();
  // leaving for another page with entries asks first (they stay in this tab until cleared)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const askToLeave = () =>
    confirm({ title: LEAVE_TITLE, children: LEAVE_TEXT, confirmLabel: 'Leave', cancelLabel: 'Stay' });
  const leaveWorksheet = async () => {
    if (isDirty && !(await askToLeave())) return;
    setDraft((current) => ({ ...current, isOpen: false, page: 1 }));
  };

  if (draft.isOpen) {
    // one Back per step: on steps 2 to 8 the worksheet's own Back goes a step back; the top one leaves it
    const isTopBackShown = draft.isWholeForm || draft.page === 1;
    return (
      <Stack gap="lg">
        <Group justify="space-between" className={classes.noPrint}>
          <Title order={1}>Final Expense</Title>
          {isTopBackShown && (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
              onClick={() => void leaveWorksheet()}
            >
              Back
            </Button>
          )}
        </Group>
        <Suspense fallback={<Loader aria-label="Loading the worksheet" />}>
          <FuneralWorksheet
            draft={draft}
            onChange={setDraft}
            onClear={() => setDraft({ ...EMPTY_DRAFT, isOpen: true })}
          />
        </Suspense>
        {dialog}
        <ConfirmDialog
          opened={blocker.state === 'blocked'}
          title={LEAVE_TITLE}
          confirmLabel="Leave"
          cancelLabel="Stay"
          onConfirm={() => blocker.proceed?.()}
          onCancel={() => blocker.reset?.()}
        >
          {LEAVE_TEXT}
        </ConfirmDialog>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1}>Final Expense</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SalesAndResource onOpenWorksheet={() => setDraft((current) => ({ ...current, isOpen: true }))} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper p={{ base: 'md', sm: 'lg' }}>
            <Title order={2} size="h3" mb="md">
              Introduction to Final Expense
            </Title>
            <TrainingVideoPlayer video={FINAL_EXPENSE_CONTENT.introVideo} />
          </Paper>
        </Grid.Col>
      </Grid>
      <Documents />
    </Stack>
  );
}

function SalesAndResource({ onOpenWorksheet }: { onOpenWorksheet: () => void }) {
  const { eAppDirectory, carrierTraining } = FINAL_EXPENSE_CONTENT;
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} h="100%">
      <Stack gap="md">
        <Title order={2} size="h3">
          Sales and Resource
        </Title>
        <Text>
          Final expense coverage pays for a funeral, burial or cremation and the bills a family faces afterwards. It is
          a natural conversation with the Medicare clients you already serve. Across our agents last year:
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Stat value={String(FINAL_EXPENSE_STATS.averageAge)} label="average client age" />
          <Stat value={FINAL_EXPENSE_STATS.averageDeathBenefit} label="average death benefit" />
          <Stat value={FINAL_EXPENSE_STATS.averageMonthlyPremium} label="average monthly premium" />
        </SimpleGrid>
        <Text>
          Use the Funeral Expense Worksheet with your client to add up what a funeral and final bills would cost, then
          compare the Platinum, Gold, Silver and Bronze package levels.
        </Text>
        <Group gap="sm">
          <Button leftSection={<IconForms size={18} aria-hidden="true" />} onClick={onOpenWorksheet}>
            Open Worksheet
          </Button>
        </Group>
        <List spacing={6} size="sm">
          <List.Item>
            <Anchor component={Link} to={eAppDirectory.href}>
              {eAppDirectory.label}
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={carrierTraining.href}>
              {carrierTraining.label}
            </Anchor>
          </List.Item>
        </List>
      </Stack>
    </Paper>
  );
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <Paper withBorder p="sm" ta="center">
      <Text fz={28} fw={800} c="brand.8" lh={1.1}>
        {value}
      </Text>
      <Text size="sm" c="dark.4">
        {label}
      </Text>
    </Paper>
  );
}

function Documents() {
  const files = useQuery(finalExpenseQueries.files());
  const download = useDownload();
  const [isListErrorDismissed, setListErrorDismissed] = useState(false);

  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h3" mb="md">
        Documents
      </Title>
      {files.isPending ? (
        <Text c="dimmed">Loading documents…</Text>
      ) : files.isError ? (
        <Text c="dimmed">The documents could not be loaded.</Text>
      ) : files.data.length === 0 ? (
        <Text c="dimmed">No documents have been published yet.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {files.data.map((file) => (
            <Group key={file.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon variant="light" color="red" aria-hidden="true">
                  <IconFileTypePdf size={18} />
                </ThemeIcon>
                <Text style={{ overflowWrap: 'anywhere' }}>{file.filename}</Text>
              </Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden="true" />}
                disabled={download.isDownloading}
                onClick={() => void download.downloadFile(file.file)}
                aria-label={`Download ${file.filename}`}
                // a long file name wraps; the button keeps its width on a phone
                style={{ flexShrink: 0 }}
              >
                Download
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {download.element}
      <MessageDialog
        opened={files.isError && !isListErrorDismissed}
        title="Error"
        onClose={() => setListErrorDismissed(true)}
      >
        {files.isError ? errorMessage(files.error) : ''}
      </MessageDialog>
    </Paper>
  );
}
