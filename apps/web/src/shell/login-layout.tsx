import { Box, Center, Container, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PROVIDER_NAME } from '../config.ts';
import { Logo } from './logo.tsx';

export interface LoginLayoutProps {
  children?: ReactNode;
  /** nothing to show yet: the loading indicator in the card */
  isLoading?: boolean;
  /** a wider card (the terms gate) */
  isWide?: boolean;
  /** a navigation is under way (the router's state): a small indicator under the page */
  isBusy?: boolean;
  /** a page for the public rather than agents (the SOA signing page): no "for licensed agents" line */
  isForPublic?: boolean;
}

/** Signed-out pages: logo, the page in a card, a loading indicator and the copyright line. */
export function LoginLayout({
  children,
  isLoading = false,
  isWide = false,
  isBusy: isNavigating = false,
  isForPublic = false,
}: LoginLayoutProps) {
  const isBusy = isLoading || isNavigating;
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container
        size={isWide ? 760 : 480}
        w="100%"
        py={{ base: 24, sm: 48 }}
        px={{ base: 'sm', sm: 'md' }}
        style={{ flex: 1 }}
      >
        <Stack gap="lg">
          <Center component="header">
            <Logo size={44} />
          </Center>
          <Paper component="main" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
            {isBusy && !children ? (
              <Center py="xl">
                <Loader aria-label="Loading" />
              </Center>
            ) : (
              children
            )}
          </Paper>
          {isBusy && children && (
            <Center>
              <Loader size="sm" aria-label="Loading" />
            </Center>
          )}
        </Stack>
      </Container>
      <Text component="footer" ta="center" size="sm" c="dimmed" py="md" px="md">
        © {new Date().getFullYear()} {PROVIDER_NAME}.{isForPublic ? '' : ' For licensed agents only.'}
      </Text>
    </Box>
  );
}
