import { PlatformPage } from './components/platform-page.tsx';
import { SUNFIRE } from './data/platforms.ts';

/** /sunfire */
export default function SunFirePage() {
  return <PlatformPage content={SUNFIRE} />;
}
