import type { ImportView } from '../../../api/imports';
import { Card, Flex, Progress, Typography } from 'antd';
import { formatCount } from '../../../lib/format';
import { progressPercent } from '../status';

/** Step 4: the run's real progress, as the server reports it row by row. */
export function ImportProgressCard({ view }: { view: ImportView }) {
  return (
    <Card title="Importing…">
      <Flex vertical gap={8}>
        <Progress percent={progressPercent(view)} status="active" aria-label="Import progress" />
        <Typography.Text data-testid="import-progress">{`${formatCount(view.processed)} of ${formatCount(view.total)} rows processed`}</Typography.Text>
        <Typography.Text type="secondary">
          {`${formatCount(view.created)} created · ${formatCount(view.updated)} updated · ${formatCount(view.skipped)} skipped so far. `}
          The import goes on if you leave this page.
        </Typography.Text>
      </Flex>
    </Card>
  );
}
