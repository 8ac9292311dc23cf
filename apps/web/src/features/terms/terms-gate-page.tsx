import { MESSAGES } from '@arc/contract';
import { Alert, Button, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { termsQueries, useAcceptTerms } from '../../api/terms.ts';
import { signOut, useSession } from '../../auth/session.ts';
import { useCurrentAgent } from '../../auth/use-current-agent.ts';
import { paths } from '../../paths.ts';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { TermsGateView } from '../../ui/terms-gate-view.tsx';

/**
 * The terms gate: the current terms text and I AGREE. A failure says so in the app's own dialog ("Error",
 * "Failed to accept terms"); closing it signs out, as the spec's alert did.
 */
export default function TermsGatePage() {
  const session = useSession();
  const currentAgent = useCurrentAgent();
  const accept = useAcceptTerms();
  const navigate = useNavigate();
  const termsId = currentAgent.data?.tos?.id;
  const terms = useQuery({ ...termsQueries.document(termsId ?? 0), enabled: termsId !== undefined });

  if (session.status === 'signedOut') return <Navigate to={paths.signIn} replace />;
  if (session.status === 'loading' || currentAgent.isPending || (currentAgent.data?.tos && terms.isPending)) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (currentAgent.isError || !currentAgent.data?.tos || terms.isError) {
    return (
      <Alert color="red" title="Error">
        {MESSAGES.termsLoadFailed}
      </Alert>
    );
  }
  const tos = currentAgent.data.tos;
  return (
    <TermsGateView html={terms.data?.body ?? ''}>
      <MessageDialog opened={accept.isError} title="Error" onClose={() => void signOut()}>
        {MESSAGES.termsAcceptFailed}
      </MessageDialog>
      <Button
        size="md"
        loading={accept.isPending}
        onClick={() => accept.mutate(tos.id, { onSuccess: () => void navigate(paths.home, { replace: true }) })}
      >
        I AGREE
      </Button>
      <Button variant="subtle" color="gray" onClick={() => void signOut()} disabled={accept.isPending}>
        Log Out
      </Button>
    </TermsGateView>
  );
}
