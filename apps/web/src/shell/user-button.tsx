import type { Agent } from '@arc/contract';
import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

const initials = (agent: Agent) => `${agent.firstName.charAt(0)}${agent.lastName.charAt(0)}`.toUpperCase();

/** The button that opens the user menu: avatar, first and last name, the chevron. */
export function UserButton({ agent, ...props }: { agent: Agent } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton px="xs" py={4} style={{ borderRadius: 8 }} {...props}>
      <Group gap="xs" wrap="nowrap">
        <Avatar src={agent.avatar} alt="" radius="xl" color="brand" size={34} aria-hidden="true">
          {initials(agent)}
        </Avatar>
        <Text size="sm" fw={600} truncate="end" maw={{ base: 120, xs: 200, sm: 260 }}>
          {agent.firstName} {agent.lastName}
        </Text>
        <VisuallyHidden>User menu</VisuallyHidden>
        <IconChevronDown size={16} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}
