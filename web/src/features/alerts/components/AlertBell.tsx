import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { useWorkspaceAccess } from '../../workspace/access';
import { useLiveAlerts, useLowStockAlerts, useMarkAlertRead } from '../hooks';
import { AlertList } from './AlertList';

/** Top-bar bell: unread low-stock alerts, pushed live and polled every 30 s (spec §2, 4). */
export function AlertBell() {
  const [open, setOpen] = useState(false);
  const { alerts, isLoading } = useLowStockAlerts();
  useLiveAlerts();
  const markRead = useMarkAlertRead();
  const toast = useToast();
  const { canWrite } = useWorkspaceAccess();
  const count = alerts.length;

  const handleMarkRead = (id: string) => {
    markRead.mutate(id, {
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to mark alert as read'),
          variant: 'destructive',
        }),
    });
  };

  const panel = (
    // Narrow enough to fit beside the theme button on a 320 px phone.
    <div style={{ width: 'min(20rem, calc(100vw - 88px))' }}>
      <Typography.Title level={2} style={{ fontSize: 14, margin: '0 0 4px' }}>
        Low Stock Alerts
      </Typography.Title>
      <div style={{ maxHeight: '16rem', overflowY: 'auto' }}>
        <AlertList
          alerts={alerts}
          isLoading={isLoading}
          pendingId={markRead.isPending ? markRead.variables : undefined}
          onMarkRead={canWrite ? handleMarkRead : undefined}
        />
      </div>
    </div>
  );

  return (
    <Popover content={panel} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
      <Button
        type="text"
        shape="circle"
        aria-label={count > 0 ? `Low stock alerts, ${count > 99 ? 'more than 99' : count} unread` : 'Low stock alerts'}
        aria-haspopup="dialog"
        aria-expanded={open}
        icon={
          <Badge count={count} overflowCount={99} size="small" offset={[4, -2]}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
