import { CloseButton, Group, Input, Pill, Text } from '@mantine/core';
import { useId } from 'react';

export interface ChosenItem {
  value: string;
  label: string;
}

/** The chosen counties or postal codes: one pill each with its own remove button. */
export function ChosenList({
  label,
  items,
  onRemove,
}: {
  label: string;
  items: ChosenItem[];
  onRemove: (value: string) => void;
}) {
  const id = useId();
  return (
    <Input.Wrapper label={label} id={id} labelElement="div">
      <Group
        gap={6}
        mih={40}
        p={6}
        style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" px={4}>
            None yet
          </Text>
        ) : (
          <Group gap={6} role="list" aria-labelledby={`${id}-label`}>
            {items.map((item) => (
              <Pill key={item.value} size="md" role="listitem">
                <Group gap={2} wrap="nowrap">
                  {item.label}
                  <CloseButton size="xs" aria-label={`Remove ${item.label}`} onClick={() => onRemove(item.value)} />
                </Group>
              </Pill>
            ))}
          </Group>
        )}
      </Group>
    </Input.Wrapper>
  );
}
