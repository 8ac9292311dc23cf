import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useDeferredValue, useEffect } from 'react';
import { Link, Navigate, Outlet, ScrollRestoration } from 'react-router';
import { decideAgent, type AgentDecision } from '../auth/agent-guard.ts';
import { signOut } from '../auth/session.ts';
import { useCurrentAgent } from '../auth/use-current-agent.ts';
import { paths } from '../paths.ts';
import type { RouteHandle } from '../route-table.ts';
import { DefaultLayout } from './default-layout.tsx';

/**
 * Signed in: loads the agent (GET /arc/user/info) and applies the rest of the guard — no status signs
 * out, an empty terms stamp goes to the terms gate, a security key not true keeps the screen closed, and
 * the case form shows only its breadcrumb to an agent whose member support tier is not Unlimited.
 */
export default function SignedInShell({ handle }: { handle: RouteHandle }) {
  const currentAgent = useCurrentAgent();
  // The agent's arrival mounts the whole layout and the screen. TanStack Query's update renders at once, in one
  // task that blocks a slow phone's main thread; the deferred copy renders that mount again as a transition,
  // in slices between which the browser stays responsive (docs/decisions/web-loading-and-budget.md).
  const agent = useDeferredValue(currentAgent.data);
  const isError = useDeferredValue(currentAgent.isError);
  const decision = decideAgent({ handle, agent, isError });
  // The terms gate is not deferred: an agent whose stamp was just cleared (a call answered 403 TERMS_NOT_ACCEPTED)
  // goes to the gate in this render, before a newer copy of the agent could replace the cleared one unseen.
  const current = decideAgent({ handle, agent: currentAgent.data, isError: currentAgent.isError });

  useEffect(() => {
    if (decision.kind === 'sign-out') void signOut();
  }, [decision.kind]);

  if (current.kind === 'terms-gate') return <Navigate to={current.to} replace />;
  return (
    <DefaultLayout agent={isAgentShown(decision.kind) ? agent : undefined} isAgentFailed={decision.kind === 'error'}>
      {/* a new page starts at the top; Back and Forward return to where the page was scrolled. Here rather than in
          the root layout: the signed-out pages are one screen each, and the sign-in flow stays within its budget */}
      <ScrollRestoration />
      {decision.kind === 'allow' && <Outlet />}
      {/* a deferred terms-gate decision the current agent no longer needs (terms just accepted) waits too */}
      {(decision.kind === 'loading' || decision.kind === 'sign-out' || decision.kind === 'terms-gate') && (
        <Center py={80}>
          <Loader aria-label="Loading your profile" />
        </Center>
      )}
      {decision.kind === 'error' && (
        <Alert color="red" title="Your profile could not be loaded" maw={640}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Please try again in a moment.</Text>
            <Group gap="sm">
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => void currentAgent.refetch()}
                loading={currentAgent.isFetching}
              >
                Try again
              </Button>
              <Button size="xs" variant="subtle" color="gray" onClick={() => void signOut()}>
                Log Out
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {decision.kind === 'not-available' && <NotAvailable title={handle.title} />}
      {/* breadcrumb-only: the layout's breadcrumb and nothing else (spec: case form) */}
    </DefaultLayout>
  );
}

const isAgentShown = (kind: AgentDecision['kind']) =>
  kind === 'allow' || kind === 'not-available' || kind === 'breadcrumb-only';

function NotAvailable({ title }: { title: string | undefined }) {
  return (
    <Stack gap="lg">
      {title && <Title order={1}>{title}</Title>}
      <Paper p="xl">
        <Stack align="center" ta="center" gap="sm" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconLock size={28} aria-hidden="true" />
          </ThemeIcon>
          <Title order={2} size="h4">
            This page is not available for your account.
          </Title>
          <Text c="dimmed" maw={440}>
            It opens for agents with the matching carrier contracts. If you think you should have access, contact us.
          </Text>
          <Button component={Link} to={paths.home} variant="light" mt="xs">
            Return Home
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
