import { COMPLIANCE_TEXT, MESSAGES } from '@arc/contract';
import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { complianceQueries, compliancePaths, guideViewUrl } from '../../api/compliance.ts';

/**
 * /training/compliance-guides/:fileNumber: a guide's own address, the Document Name's link. Like every agent page
 * it signs the agent in first; then it takes a single-use download token for the guide and replaces itself with
 * the PDF in the browser's viewer, so Back leaves for the page before. A link opened in a new tab, pasted or
 * bookmarked works the same.
 */
export default function ComplianceGuidePage() {
  const { fileNumber } = useParams();
  const guides = useQuery(complianceQueries.guides());
  const guide = guides.data?.find((entry) => String(entry.fileNumber) === fileNumber);
  const [failure, setFailure] = useState<string | null>(null);
  // one token per visit (a second effect run, as in development, must not take another)
  const isStarted = useRef(false);

  useEffect(() => {
    if (!guide || isStarted.current) return;
    isStarted.current = true;
    guideViewUrl(guide.file).then(
      (url) => window.location.replace(url),
      (err: unknown) => setFailure(errorMessage(err)),
    );
  }, [guide]);

  const content = guides.isError ? (
    <Alert color="red" role="alert" title="Error">
      {COMPLIANCE_TEXT.listFailed}
    </Alert>
  ) : guides.isPending ? (
    <Opening />
  ) : !guide ? (
    <Alert color="red" role="alert" title={MESSAGES.notFound}>
      {COMPLIANCE_TEXT.guideNotFound}
    </Alert>
  ) : failure !== null ? (
    <Alert color="red" role="alert" title={MESSAGES.downloadFailedTitle}>
      {failure}
    </Alert>
  ) : (
    <Opening name={guide.name} />
  );

  return (
    <Stack gap="lg">
      <Title order={1}>Compliance Guides</Title>
      <Paper p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          {content}
          <Anchor component={Link} to={compliancePaths.guides}>
            {COMPLIANCE_TEXT.backToList}
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}

function Opening({ name }: { name?: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden="true" />
      <div>
        <Text fw={600}>{COMPLIANCE_TEXT.opening}</Text>
        {name && <Text size="sm">{name}</Text>}
      </div>
    </Group>
  );
}
