import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** HTML from the content team, sanitised with DOMPurify before it reaches the page. */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <Typography>
      {/* sanitised above */}
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
