import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFound } from '../ui/not-found.tsx';

/** Each route's errorElement: a 404 shows the 404 screen, anything else an apology with a way on. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Stack p="xl" maw={560} mx="auto" gap="md">
      <Title order={1} size="h2">
        Something went wrong
      </Title>
      <Alert color="red" variant="light" title="Unexpected error">
        <Text size="sm">{error instanceof Error ? error.message : 'The page could not be shown.'}</Text>
      </Alert>
      <Button component={Link} to="/" w="fit-content">
        Return Home
      </Button>
    </Stack>
  );
}
