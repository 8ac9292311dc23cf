import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { readyToSellSummaryQueries } from '../../api/ready-to-sell-summary.ts';

/** The dashboard's one line about Ready to Sell, as the server writes it, linking to the board (/rts). */
export function ReadyToSellLine() {
  const summary = useQuery(readyToSellSummaryQueries.summary());
  if (!summary.data) return null;
  return (
    <Text data-testid="rts-summary">
      <Anchor component={Link} to="/rts">
        {summary.data}
      </Anchor>
    </Text>
  );
}
