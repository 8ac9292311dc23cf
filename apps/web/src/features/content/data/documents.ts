import type { ContentDocumentSection } from '@arc/contract';

/** The text around the Policies and Resource Documents lists (the documents come from the server). */
export const DOCUMENT_PAGES: Record<'policies' | 'resources', { section: ContentDocumentSection; title: string; intro: string }> =
  {
    policies: {
      section: 'policies',
      title: 'Policies',
      intro:
        'These policies are part of your agent agreement. Read them when you join, again whenever they are ' +
        'updated, and keep a copy for your records.',
    },
    resources: {
      section: 'resources',
      title: 'Resource Documents',
      intro:
        'Quick references for Medicare Advantage appointments: costs, election periods, eligibility and ' +
        'checklists. For agent use only; do not hand these documents to clients.',
    },
  };
