import { Alert, Button, Popconfirm } from 'antd';
import { useTimeZone } from '../../../lib/client-hints';
import { useIsMobile } from '../../../lib/use-media-query';
import { useDemoStatus, useResetDemo } from '../hooks';

const when = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-US', { weekday: 'short', hour: '2-digit', minute: '2-digit', timeZone });

/**
 * Shown to the demo account: the demo is shared, so a visitor learns that others see their changes,
 * when it goes back to its sample data, and can put it back now (docs/demo.md).
 */
export function DemoBanner() {
  const isMobile = useIsMobile();
  const timeZone = useTimeZone();
  const { data: status } = useDemoStatus(true);
  const reset = useResetDemo();
  const resetting = reset.isPending || (status?.resetting ?? false);
  // A phone gets the sentence that matters; wider screens also say when the next reset is.
  const schedule =
    status?.nextResetAt && !isMobile
      ? ` It goes back to its sample data every ${status.resetHours} h (next: ${when(status.nextResetAt, timeZone)}).`
      : '';

  return (
    <Alert
      type="info"
      banner
      showIcon={!isMobile}
      role="region"
      aria-label="Shared demo"
      title={resetting ? 'Putting back the sample data…' : `This is the shared demo: other visitors see your changes.${schedule}`}
      action={
        <Popconfirm
          title="Reset the demo data?"
          description="Every change made in the demo since its last reset is lost, for every visitor."
          okText="Reset"
          onConfirm={() => reset.mutate()}
        >
          <Button size="small" loading={resetting}>
            Reset demo data
          </Button>
        </Popconfirm>
      }
      style={{ alignItems: 'center' }}
    />
  );
}
