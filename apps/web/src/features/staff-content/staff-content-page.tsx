import * as contract from '@arc/contract';
import { NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DashboardDocuments } from './content-dashboard.tsx';
import { LibraryDocuments } from './content-library.tsx';

type Section = 'dashboard' | contract.LibraryKind;
const SECTIONS: { value: Section; label: string }[] = [
  { value: 'dashboard', label: 'Dashboard documents' },
  ...contract.LIBRARY_KINDS.map((kind) => ({ value: kind, label: contract.LIBRARY_KIND_LABELS[kind] })),
];
const isSection = (value: string | null): value is Section => SECTIONS.some((section) => section.value === value);

/**
 * `/staff/content`: every document agents download, one list at a time (`?section=`): the dashboard's Carrier
 * Benefits / First Look documents by plan year (docs/decisions/content-publishing.md), and the compliance guides, Final
 * Expense documents, Policies, Resource Documents and quick guides (docs/decisions/content-publishing.md).
 */
export default function StaffContentPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section: Section = isSection(asked) ? asked : 'dashboard';

  return (
    <Stack>
      <Stack gap={4}>
        <Title order={1}>Content</Title>
        <Text c="dimmed">
          {section === 'dashboard'
            ? "Carrier Benefits / First Look documents on the agents' dashboard, by plan year"
            : `${contract.LIBRARY_KIND_LABELS[section]}, as agents see them on ${contract.LIBRARY_KIND_PAGES[section]}`}
        </Text>
      </Stack>
      <NativeSelect
        label="Section"
        w={{ base: '100%', xs: 280 }}
        data={SECTIONS}
        value={section}
        // another list: its filters start again
        onChange={(event) => setParams(new URLSearchParams({ section: event.currentTarget.value }))}
      />
      {section === 'dashboard' ? <DashboardDocuments /> : <LibraryDocuments key={section} kind={section} />}
    </Stack>
  );
}
