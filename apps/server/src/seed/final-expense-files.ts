import type { files, finalExpenseFiles } from '../db/schema/index.ts';
import type { Storage } from '../platform/storage.ts';
import { storeFile } from './factories.ts';
import { guideDocumentPdf } from './pdf.ts';

const DOCUMENTS: Array<{ filename: string; intro: string; bullets: string[] }> = [
  {
    filename: 'Final Expense Product Comparison.pdf',
    intro: 'Issue ages, face amounts and underwriting classes of the final expense carriers we work with.',
    bullets: ['Issue ages 50 to 85', 'Face amounts from $2,000 to $40,000', 'Level, graded and modified benefits'],
  },
  {
    filename: 'Simplified Issue Underwriting Guide.pdf',
    intro: 'The health questions each carrier asks, and which answers lead to a level, graded or modified plan.',
    bullets: ['Knock-out questions', 'Build chart by height and weight', 'Prescription checks and what they flag'],
  },
  {
    filename: 'Final Expense Needs Analysis.pdf',
    intro: 'A one-page needs analysis to use with the Funeral Expense Worksheet.',
    bullets: ['Funeral and burial costs', 'Outstanding debts and medical bills', 'Existing coverage and savings'],
  },
  {
    filename: 'Beneficiary Designation Checklist.pdf',
    intro: 'Make sure the benefit reaches the right person quickly.',
    bullets: [
      'Primary and contingent beneficiaries',
      'Assigning benefits to a funeral home',
      'Keeping the policy findable',
    ],
  },
  {
    filename: 'Client Conversation Guide.pdf',
    intro: 'A compliant, respectful way to open a conversation about final expenses.',
    bullets: ['Opening questions', 'Presenting the three package levels', 'Handling common objections'],
  },
];

type FileInsert = typeof files.$inferInsert;
type FinalExpenseInsert = typeof finalExpenseFiles.$inferInsert;

/** The Final Expense Documents list: real PDFs written to storage, with rows to insert. */
export async function demoFinalExpenseFiles(
  storage: Storage,
  year: number,
): Promise<{ fileRows: FileInsert[]; documents: FinalExpenseInsert[] }> {
  const fileRows: FileInsert[] = [];
  const documents: FinalExpenseInsert[] = [];
  for (const [index, document] of DOCUMENTS.entries()) {
    const id = 301 + index;
    const title = document.filename.replace(/\.pdf$/, '');
    const pdf = await guideDocumentPdf({
      publisher: 'Final Expense',
      title,
      reference: `FE-${id}`,
      color: [0.06, 0.46, 0.43],
      issued: new Date(Date.UTC(year, 0, 5)),
      intro: document.intro,
      sections: [
        { heading: 'In this document', bullets: document.bullets },
        {
          heading: 'For agent use only',
          paragraphs: ['Do not give this document to clients. Quote only the carriers you are appointed with.'],
        },
      ],
    });
    const file = await storeFile(storage, {
      id: `fil_final_expense_${id}`,
      name: document.filename,
      contentType: 'application/pdf',
      body: pdf,
    });
    // a version of the document: downloadable while it is published (docs/decisions/content-publishing.md)
    fileRows.push({ ...file, contentKind: 'final-expense', contentDocumentKey: String(id) });
    documents.push({ id, filename: document.filename, fileId: file.id, sortOrder: index, published: true });
  }
  return { fileRows, documents };
}
