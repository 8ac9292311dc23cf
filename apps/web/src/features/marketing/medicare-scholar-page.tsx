import { MEDICARE_SCHOLAR } from './content.ts';
import { MarketingPage } from './marketing-page.tsx';

/** /medischolar */
export default function MedicareScholarPage() {
  return <MarketingPage content={MEDICARE_SCHOLAR} />;
}
