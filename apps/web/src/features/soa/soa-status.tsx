import type { SoaStatus } from '@arc/contract';
import { Badge } from '@mantine/core';

const STATUS_COLORS: Record<SoaStatus, string> = {
  Sent: 'blue',
  Opened: 'indigo',
  Signed: 'teal',
  Expired: 'orange',
  Cancelled: 'gray',
};

/** An SOA's status as a word on a coloured badge (dark shades: axe's contrast check). */
export function SoaStatusBadge({ status }: { status: SoaStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} c={`${STATUS_COLORS[status]}.9`} variant="light" radius="sm" tt="none" fz="sm">
      {status}
    </Badge>
  );
}
