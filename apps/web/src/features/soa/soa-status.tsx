import type { SoaStatus } from '@arc/contract';
import { Badge } from '@mantine/core';

const STATUS_COLORS: Record<SoaStatus, string> = {
  Sent: 'blue',
  Opened: 'indigo',
  Signed: 'teal',
  Expired: 'orange',
  Cancelled: 'gray',
};

/** An SOA's status as a word on a coloured badge: dark text on the tint, readable on a striped row too (axe). */
export function SoaStatusBadge({ status }: { status: SoaStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} c="dark.8" variant="light" radius="sm" tt="none" fz="sm">
      {status}
    </Badge>
  );
}
