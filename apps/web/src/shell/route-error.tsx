import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFound } from '../ui/not-found.tsx';
import { LoginLayout } from './login-layout.tsx';

/**
 * Each route's errorElement: a 404 shows the 404 screen, anything else an apology with a way on.
 * A route's own error renders inside its layout; the root's (`isRoot`) brings the login layout with it.
 */
export function RouteError({ isRoot = false }: { isRoot?: boolean }) {
  const error = useRouteError();
  const content =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFound />
    ) : (
      <Stack maw={560} mx="auto" gap="md" py="md">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Alert color="red" variant="light" title="Unexpected error">
          <Text size="sm">
            {isChunkLoadError(error)
              ? 'A newer version of the Agent Resource Center is available. Reload the page to continue.'
              : 'The page could not be shown. Please try again; if it keeps happening, contact support.'}
          </Text>
        </Alert>
        <Button component={Link} to="/" w="fit-content" reloadDocument={isChunkLoadError(error)}>
          Return Home
        </Button>
      </Stack>
    );
  return isRoot ? <LoginLayout>{content}</LoginLayout> : content;
}

/** A lazy screen whose file is gone (a deploy replaced the build while the page was open). */
const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
