import type { ContentDocumentSection } from '@arc/contract';

/** The text around the Policies and Resource Documents lists (the documents come from the server). */
export const DOCUMENT_PAGES: Record<'policies' | 'resources', { section: ContentDocumentSection; title: string }> =
  {
    policies: {
      section: 'policies',
      title: 'Policies',
    },
    resources: {
      section: 'resources',
      title: 'Resource Documents',
    },
  };
