import { PlatformPage } from './components/platform-page.tsx';
import { MY_HEALTH_PLAN } from './data/platforms.ts';

/** /myhealthplan */
export default function MyHealthPlanPage() {
  return <PlatformPage content={MY_HEALTH_PLAN} />;
}
