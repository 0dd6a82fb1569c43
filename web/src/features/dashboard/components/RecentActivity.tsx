import { Card, List, Skeleton, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import type { RecentMovement } from '../../../api/reports';
import { useTimeZone } from '../../../lib/client-hints';

const TYPE_LABELS: Record<string, string> = {
  in: 'Added',
  out: 'Removed',
  adjustment: 'Adjusted',
  transfer: 'Transferred',
  undo: 'Undone',
  relocation: 'Relocated',
};

// spec §2: short month, day, hour and minute.
const dateFormatIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });

export function RecentActivity({ movements, loading }: { movements: RecentMovement[]; loading: boolean }) {
  const timeZone = useTimeZone();
  const dateFormat = useMemo(() => dateFormatIn(timeZone), [timeZone]);
  return (
    <Card title="Recent Activity" style={{ height: '100%' }}>
      {loading ? (
        <div role="status" aria-busy="true" aria-label="Loading recent activity">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} active avatar={false} title={false} paragraph={{ rows: 1 }} data-testid="activity-skeleton" />
          ))}
        </div>
      ) : movements.length === 0 ? (
        <Typography.Text type="secondary">No recent activity</Typography.Text>
      ) : (
        <List
          dataSource={movements}
          renderItem={(movement) => (
            <List.Item
              key={movement.id}
              extra={<Typography.Text type="secondary">{dateFormat.format(new Date(movement.createdAt))}</Typography.Text>}
            >
              <Typography.Text>
                <Tag style={{ marginInlineEnd: 8 }}>{TYPE_LABELS[movement.movementType] ?? movement.movementType}</Tag>
                {movement.quantity} × {movement.item.name}
                {movement.userName && <Typography.Text type="secondary"> by {movement.userName}</Typography.Text>}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
