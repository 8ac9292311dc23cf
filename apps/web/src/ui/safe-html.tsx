import { Typography, type MantineFontSize } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * HTML from the content team (pages, terms), sanitised with DOMPurify before it reaches the page: the only place
 * the web app sets HTML (ESLint refuses dangerouslySetInnerHTML anywhere else). Everything else is text.
 */
export function SafeHtml({ html, fz }: { html: string; fz?: MantineFontSize }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <Typography {...(fz ? { fz } : {})}>
      {/* sanitised above */}
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
