import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFound } from '../ui/not-found.tsx';
import { LoginLayout } from './login-layout.tsx';

/**
 * Each route's errorElement: a 404 shows the 404 screen, anything else an apology with a way on.
 * A route's own error renders inside its layout; the root's (`isRoot`) brings the login layout with it.
 */
export function RouteError({ isRoot = false }: { isRoot?: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    if (error instanceof Error) {
      void import('../api/telemetry.ts').then(({ track }) => track('route_error', { message: error.message }));
    }
  }, [error]);
  const content = isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <Unexpected error={error} />;
  return isRoot ? <LoginLayout>{content}</LoginLayout> : content;
}

function Unexpected({ error }: { error: unknown }) {
  const isStaleBuild = isChunkLoadError(error);
  return (
    <Stack maw={560} mx="auto" gap="md" py="md">
      <Title order={1} size="h2">
        Something went wrong
      </Title>
      <Alert color="red" variant="light" title="Unexpected error">
        <Text size="sm">
          {isStaleBuild
            ? 'A newer version of the Agent Resource Center is available. Reload the page to continue.'
            : 'The page could not be shown. Please try again; if it keeps happening, contact support.'}
        </Text>
      </Alert>
      <Button component={Link} to="/" w="fit-content" reloadDocument={isStaleBuild}>
        Return Home
      </Button>
    </Stack>
  );
}

/** A lazy screen whose file is gone (a deploy replaced the build while the page was open). */
const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
