import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session-store.ts';
import { paths } from '../../paths.ts';
import { CarrierDocuments } from './carrier-documents.tsx';
import { ProductTiles } from './product-tiles.tsx';

/** "/": a welcome and Login while signed out; the agent's dashboard when signed in. */
export default function DashboardPage() {
  const session = useSession();
  if (session.status !== 'signedIn') return <Welcome />;
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
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

function Welcome() {
  return (
    <Stack gap="md" ta="center" align="center">
      <Title order={1} size="h2">
        Welcome to the Agent Resource Center
      </Title>
      <Text c="dimmed">
        Carrier documents, contracts, training, commissions, prospects and supplies for our contracted agents — in one
        place.
      </Text>
      <Button component={Link} to={paths.signIn} size="md">
        Login
      </Button>
    </Stack>
  );
}
