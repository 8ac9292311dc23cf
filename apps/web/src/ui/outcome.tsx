import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface OutcomeProps {
  /** a Tabler icon, drawn at 28 px in a round badge */
  icon: ReactNode;
  color: 'teal' | 'orange';
  title: string;
  /** the sentence under the title */
  children: ReactNode;
  /** the one way on: a full-width button to this path */
  action: { label: string; to: string };
  /** more ways on, below the button */
  footer?: ReactNode;
}

/**
 * The page a single-use link lands on once it is spent (done, or too late): a badge, the outcome as the page's
 * heading, one sentence, and the way on. Shared by the account links (create or reset a password) and the e-mail
 * change links.
 */
export function Outcome({ icon, color, title, children, action, footer }: OutcomeProps) {
  return (
    <Stack gap="md" align="center" ta="center">
      <ThemeIcon size={52} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text size="sm" c={color === 'orange' ? 'dimmed' : undefined} maw={color === 'orange' ? 360 : undefined}>
        {children}
      </Text>
      <Button component={Link} to={action.to} fullWidth>
        {action.label}
      </Button>
      {footer}
    </Stack>
  );
}
