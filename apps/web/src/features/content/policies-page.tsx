import { DocumentsPage } from './documents-page.tsx';

/** /policies: the four policy PDFs. */
export default function PoliciesPage() {
  return <DocumentsPage page="policies" />;
}
