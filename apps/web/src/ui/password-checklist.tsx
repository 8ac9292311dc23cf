import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

export interface PasswordCriterion {
  id: string;
  label: string;
  ok: boolean;
}

/**
 * The live requirements list of create password and Change Password: each rule says met or not met in words,
 * not colour alone.
 */
export function PasswordChecklist({ criteria }: { criteria: readonly PasswordCriterion[] }) {
  return (
    <List spacing={6} size="sm" center aria-label="Password requirements" aria-live="polite">
      {criteria.map((rule) => (
        <List.Item
          key={rule.id}
          icon={
            <ThemeIcon color={rule.ok ? 'teal.8' : 'gray.6'} size={20} radius="xl" aria-hidden="true">
              {rule.ok ? <IconCheck size={13} /> : <IconX size={13} />}
            </ThemeIcon>
          }
        >
          <Text size="sm" c={rule.ok ? 'teal.9' : 'dark.4'}>
            {rule.label}
            <VisuallyHidden>{rule.ok ? ' (met)' : ' (not met)'}</VisuallyHidden>
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
