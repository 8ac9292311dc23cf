import { LEADSTAR } from './content.ts';
import { MarketingPage } from './marketing-page.tsx';

/** /leadstar */
export default function LeadStarPage() {
  return <MarketingPage content={LEADSTAR} />;
}
