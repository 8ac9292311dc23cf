import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session-store.ts';
import { paths } from '../../paths.ts';

// the signed-in dashboard is a part of its own (route-table.ts `parts`): the signed-out welcome, the portal's
// landing page, loads none of its API client, schemas and document lists
const AgentDashboard = lazy(() => import('./agent-dashboard.tsx'));

/** "/": a welcome and Login while signed out; the agent's dashboard when signed in. */
export default function DashboardPage() {
  const session = useSession();
  if (session.status !== 'signedIn') return <Welcome />;
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      <AgentDashboard />
    </Suspense>
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
