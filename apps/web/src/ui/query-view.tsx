import { Alert, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/client.ts';

/**
 * A screen part drawn from one query that is not a list (a list shows its loading and error inside `DataTable`): a
 * spinner until the data is there, the failure in the app's words under `errorTitle`, else `children(data)`.
 */
export function QueryView<T>(props: {
  query: UseQueryResult<T>;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (props.query.isError) {
    return (
      <Alert color="red" title={props.errorTitle} role="alert">
        {errorMessage(props.query.error)}
      </Alert>
    );
  }
  if (props.query.data === undefined) return <Loader aria-label="Loading" />;
  return props.children(props.query.data);
}

/** What the last action of a screen did (green) or why it failed (red), until dismissed. */
export type Notice = { isError: boolean; text: string } | null;

export function NoticeAlert({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  if (!notice) return null;
  return (
    <Alert color={notice.isError ? 'red' : 'green'} withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
      {notice.text}
    </Alert>
  );
}
