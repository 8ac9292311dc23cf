import { PROSHOP } from './content.ts';
import { MarketingPage } from './marketing-page.tsx';

/** /proshop */
export default function ProShopPage() {
  return <MarketingPage content={PROSHOP} />;
}
