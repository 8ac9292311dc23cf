import { Group, Text } from '@mantine/core';
import { PROVIDER_NAME } from '../config.ts';

export interface LogoProps {
  size?: number;
  withName?: boolean;
  /**
   * Show the provider's name under "ARC" only from this breakpoint: in the signed-in header on a phone, beside the
   * cart and the user menu, it would otherwise wrap onto three lines.
   */
  nameFrom?: 'xs' | 'sm';
}

export function Logo({ size = 32, withName = true, nameFrom }: LogoProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#0b4f6c" />
        <path d="M16 46 L32 16 L48 46 Z" fill="none" stroke="#fff" strokeWidth="6" strokeLinejoin="round" />
        <circle cx="32" cy="38" r="4" fill="#7fd1c7" />
      </svg>
      {withName && (
        <div>
          <Text fw={800} size="lg" lh={1.1} c="brand.8">
            ARC
          </Text>
          <Text size="xs" c="dimmed" lh={1.1} style={{ whiteSpace: 'nowrap' }} visibleFrom={nameFrom}>
            {PROVIDER_NAME}
          </Text>
        </div>
      )}
    </Group>
  );
}
