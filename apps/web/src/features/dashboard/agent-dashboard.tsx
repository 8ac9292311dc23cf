import { Alert, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CarrierDocuments } from './carrier-documents.tsx';
import { ProductTiles } from './product-tiles.tsx';
import { ReadyToSellLine } from './ready-to-sell-line.tsx';

/** The signed-in agent's dashboard: the product tiles, the confidentiality notice and the carrier documents. */
export default function AgentDashboard() {
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <ReadyToSellLine />
      <ProductTiles />
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle aria-hidden="true" />}
        title="Confidential — for agent use only"
      >
        Benefits shown are subject to CMS approval and may change. Do not give this material to prospects, members or
        the public.
      </Alert>
      <CarrierDocuments />
    </Stack>
  );
}
