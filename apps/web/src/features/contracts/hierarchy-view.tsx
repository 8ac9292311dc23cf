import { CONTRACTS_TEXT, type RosterRow } from '@arc/contract';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { contractsQueries, downloadRoster } from '../../api/contracts.ts';
import { useDownload } from '../../ui/download.tsx';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { DownlineTreeRows } from './downline-tree-rows.tsx';
import { buildDownlineTree, searchDownlineTree, visibleNodes, type DownlineTree } from './downline-tree.ts';
import { ViewHeader, ViewMessage } from './view-parts.tsx';

export interface HierarchyViewProps {
  contractId: string;
  /** the holder's name and carrier, when the contract is one of the agent's (else the view still works) */
  holderName: string;
  carrierName: string | undefined;
  onBack: () => void;
}

/** No node opened or closed by hand (one object, so the visible list is not recomputed for nothing). */
const NO_TOGGLES: ReadonlyMap<number, boolean> = new Map();

const rosterRows = (tree: DownlineTree, nodes: Iterable<number>): RosterRow[] => {
  const rows: RosterRow[] = [];
  for (const node of nodes) {
    const record = tree.records[node];
    if (!record) continue;
    rows.push({
      contractId: record.contractId,
      Account: record.contactName,
      Upline: record.uplineName,
      'Writing Number': record.WritingNumber__c ?? '',
      Carrier: record.carrierName,
    });
  }
  return rows;
};

/**
 * Hierarchy View: the whole downline below a contract as a tree, searched on every keystroke (no debounce:
 * the search is a loop over precomputed strings and only the rows in view are drawn), case-sensitive on demand.
 * Download sends the matches — or, with no search, everyone — and saves "Agent Roster.xlsx".
 */
export function HierarchyView({ contractId, holderName, carrierName, onBack }: HierarchyViewProps) {
  const downlines = useQuery(contractsQueries.downlines(contractId));
  const [query, setQuery] = useState('');
  const [isCaseSensitive, setCaseSensitive] = useState(false);
  // the agent's own opening and closing, forgotten when the search changes
  const [toggled, setToggled] = useState<{ key: string; nodes: Map<number, boolean> }>({ key: '', nodes: new Map() });
  const [isRosterEmpty, setRosterEmpty] = useState(false);
  const download = useDownload();

  const tree = useMemo(
    () => (downlines.data ? buildDownlineTree(holderName, contractId, downlines.data) : undefined),
    [downlines.data, holderName, contractId],
  );
  const search = useMemo(
    () => (tree ? searchDownlineTree(tree, query, isCaseSensitive) : undefined),
    [tree, query, isCaseSensitive],
  );
  const searchKey = `${isCaseSensitive ? 'A' : 'a'}:${query}`;
  const toggledNow = toggled.key === searchKey ? toggled.nodes : NO_TOGGLES;
  const visible = useMemo(
    () => (tree && search ? visibleNodes(tree, search, toggledNow) : []),
    [tree, search, toggledNow],
  );

  const onToggle = (node: number, open: boolean) => {
    const nodes = new Map(toggledNow);
    nodes.set(node, open);
    setToggled({ key: searchKey, nodes });
  };

  const onDownload = async () => {
    if (!tree || !search) return;
    const nodes = query ? search.matchList : Array.from({ length: tree.size - 1 }, (_, i) => i + 1);
    const rows = rosterRows(tree, nodes);
    if (rows.length === 0) {
      setRosterEmpty(true);
      return;
    }
    await download.run((onProgress) => downloadRoster(rows, onProgress));
  };

  const matchCount = search?.matchList.length ?? 0;
  const isEmpty = downlines.isSuccess && downlines.data.length === 0;
  return (
    <Stack gap="md">
      <ViewHeader
        title={CONTRACTS_TEXT.hierarchyTitle}
        subtitle={carrierName ? `${carrierName} · ${holderName}` : holderName}
        onBack={onBack}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or writing number"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
          disabled={!tree}
        />
        <Checkbox
          label={CONTRACTS_TEXT.caseSensitive}
          checked={isCaseSensitive}
          onChange={(event) => setCaseSensitive(event.currentTarget.checked)}
          mb={8}
        />
        <Button
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={() => void onDownload()}
          disabled={!tree || download.isDownloading}
          ml={{ base: 0, xs: 'auto' }}
        >
          {CONTRACTS_TEXT.download}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="hierarchy-status">
        {tree
          ? query
            ? `${matchCount.toLocaleString('en-US')} of ${(tree.size - 1).toLocaleString('en-US')} agents match`
            : `${(tree.size - 1).toLocaleString('en-US')} agents below this contract`
          : ''}
      </Text>
      {downlines.isPending ? <Text size="sm">Loading the hierarchy…</Text> : null}
      {downlines.isError ? (
        <Alert color="red" title={CONTRACTS_TEXT.errorTitle}>
          {CONTRACTS_TEXT.downlinesFailed}
        </Alert>
      ) : null}
      {isEmpty ? <Text size="sm">{CONTRACTS_TEXT.empty}</Text> : null}
      {tree && search && !isEmpty ? (
        <DownlineTreeRows
          tree={tree}
          search={search}
          query={query}
          isCaseSensitive={isCaseSensitive}
          visible={visible}
          toggled={toggledNow}
          onToggle={onToggle}
          label={`Downlines of ${holderName}`}
        />
      ) : null}
      <ViewMessage
        error={downlines.isError ? CONTRACTS_TEXT.downlinesFailed : null}
        info={isEmpty ? CONTRACTS_TEXT.noDownlines : null}
      />
      <MessageDialog opened={isRosterEmpty} title={CONTRACTS_TEXT.infoTitle} onClose={() => setRosterEmpty(false)}>
        {query ? CONTRACTS_TEXT.rosterNoMatch : CONTRACTS_TEXT.rosterEmpty}
      </MessageDialog>
      {download.element}
    </Stack>
  );
}
