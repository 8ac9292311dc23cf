import { Box, Center, Container, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { PROVIDER_NAME } from '../config.ts';
import { Logo } from './logo.tsx';

/** Signed-out pages: logo, the page in a card, a loading indicator and the copyright line. */
export function LoginLayout({ children, isLoading = false }: { children?: ReactNode; isLoading?: boolean }) {
  const navigation = useNavigation();
  const busy = isLoading || navigation.state !== 'idle';
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container size={480} w="100%" py={48} style={{ flex: 1 }}>
        <Stack gap="lg">
          <Center>
            <Logo size={44} />
          </Center>
          <Paper component="main" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
            {busy && !children ? (
              <Center py="xl">
                <Loader aria-label="Loading" />
              </Center>
            ) : (
              children
            )}
          </Paper>
          {busy && children && (
            <Center>
              <Loader size="sm" aria-label="Loading" />
            </Center>
          )}
        </Stack>
      </Container>
      <Text component="footer" ta="center" size="sm" c="dimmed" py="md">
        © {new Date().getFullYear()} {PROVIDER_NAME}. For licensed agents only.
      </Text>
    </Box>
  );
}
