import { Steps } from 'antd';
import { useIsMobile } from '../../../lib/use-media-query';

const STEP_TITLES = ['Upload', 'Map columns', 'Preview', 'Import', 'Summary'] as const;
export type ImportStep = (typeof STEP_TITLES)[number];

/** Where the wizard is: the first three steps on /imports/new, the last two on the import's own page. */
export function ImportSteps({ current, failed = false }: { current: ImportStep; failed?: boolean }) {
  const isMobile = useIsMobile();
  return (
    <Steps
      size="small"
      // Five steps fit a phone's width with their titles under the icons; a vertical list would fill the screen.
      responsive={false}
      titlePlacement={isMobile ? 'vertical' : 'horizontal'}
      current={STEP_TITLES.indexOf(current)}
      status={failed ? 'error' : undefined}
      items={STEP_TITLES.map((title) => ({ title }))}
      style={{ marginBottom: 24 }}
    />
  );
}
