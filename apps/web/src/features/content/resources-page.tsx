import { DocumentsPage } from './documents-page.tsx';

/** /maresources: Resource Documents, each with Download. */
export default function ResourcesPage() {
  return <DocumentsPage page="resources" />;
}
