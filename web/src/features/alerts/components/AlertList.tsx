import { CheckOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, Tag, theme, Tooltip, Typography } from 'antd';
import type { LowStockAlert } from '../../../api/alerts';
import { TONE_TAG_STYLES } from '../../../lib/tag-tones';

interface AlertListProps {
  alerts: LowStockAlert[];
  isLoading: boolean;
  pendingId: LowStockAlert['id'] | undefined;
  /** Left out for a viewer, who may not mark alerts read. */
  onMarkRead?: (id: LowStockAlert['id']) => void;
}

const LOADING_PLACEHOLDERS = 3;

export function AlertList({ alerts, isLoading, pendingId, onMarkRead }: AlertListProps) {
  const { token } = theme.useToken();

  if (isLoading) {
    return (
      <div aria-busy="true" aria-label="Loading alerts">
        {Array.from({ length: LOADING_PLACEHOLDERS }, (_, index) => (
          <Skeleton key={index} active title={false} paragraph={{ rows: 2 }} style={{ padding: '8px 0' }} />
        ))}
      </div>
    );
  }

  if (alerts.length === 0) {
    return (
      <Typography.Text type="secondary" style={{ display: 'block', padding: '16px 0', textAlign: 'center' }}>
        No low stock alerts
      </Typography.Text>
    );
  }

  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {alerts.map((alert) => {
        // The API sends the severity (spec §4's rule lives in contracts, applied by the service).
        const { severity } = alert;
        return (
          <li key={alert.id} style={{ padding: '10px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
            <Flex align="flex-start" justify="space-between" gap={8}>
              <div style={{ minWidth: 0 }}>
                <Flex align="center" gap={6} wrap>
                  <Typography.Text strong ellipsis style={{ maxWidth: 150 }}>
                    {alert.item.name}
                  </Typography.Text>
                  <Tag style={{ ...TONE_TAG_STYLES[severity === 'critical' ? 'danger' : 'warning'], marginInlineEnd: 0 }}>
                    {severity === 'critical' ? 'Critical' : 'Low'}
                  </Tag>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Stock: {alert.item.currentStock} · Reorder level: {alert.item.reorderLevel}
                </Typography.Text>
              </div>
              {onMarkRead && (
                <Tooltip title="Mark as read" mouseEnterDelay={0.7}>
                  <Button
                    size="small"
                    type="text"
                    icon={<CheckOutlined />}
                    aria-label={`Mark alert for ${alert.item.name} as read`}
                    disabled={pendingId === alert.id}
                    onClick={() => onMarkRead(alert.id)}
                  />
                </Tooltip>
              )}
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
