import type { PageTextKey } from '@arc/contract';
import { Button, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useDestination } from '../../../api/content.ts';
import type { ContentLink } from '../data/types.ts';
import { PageIntro } from './page-intro.tsx';

/** The page title and its introduction on the brand panel, with the page's main actions. */
export function PageHero({
  title,
  tagline,
  page,
  children,
}: {
  title: string;
  tagline: string;
  /** whose introduction (written in the back office) the panel shows */
  page: PageTextKey;
  children?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper p={{ base: 'md', sm: 'xl' }} bg="brand.8" c="white">
        <Stack gap="sm" maw={780}>
          <Text fz={{ base: 'lg', sm: 'xl' }} fw={700}>
            {tagline}
          </Text>
          <PageIntro page={page} />
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * A link to another site, as a button, announced as opening a new tab; left out while its destination is not set
 * up (docs/decisions/information-pages.md).
 */
export function ExternalButton({ link, variant = 'white' }: { link: ContentLink; variant?: 'white' | 'filled' }) {
  const href = useDestination()(link.destination);
  if (!href) return null;
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant={variant}
      color={variant === 'white' ? 'brand.9' : 'brand'}
      w="fit-content"
      rightSection={<IconExternalLink size={16} aria-hidden="true" />}
    >
      {link.label}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Button>
  );
}
