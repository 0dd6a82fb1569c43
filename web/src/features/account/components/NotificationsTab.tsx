import { Button, Card, Flex, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import type { NotificationPreferences } from '../../../api/account';
import { usePreferences, useSavePreferences } from '../hooks';

// SPEC 2 defaults, shown until the saved preferences arrive.
const DEFAULTS: NotificationPreferences = { lowStock: true, expiry: true, email: false, push: true };

const TOGGLES: { key: keyof NotificationPreferences; label: string; help: string }[] = [
  { key: 'lowStock', label: 'Low Stock Alerts', help: 'Get notified when items fall to their reorder level' },
  { key: 'expiry', label: 'Expiry Notifications', help: 'Get notified before items expire' },
  { key: 'email', label: 'Email Notifications', help: 'Receive notifications by email' },
  { key: 'push', label: 'Push Notifications', help: 'Receive notifications in the browser' },
];

export function NotificationsTab() {
  const saved = usePreferences();
  const save = useSavePreferences();
  // The toggles show the saved preferences with this visit's unsaved changes on top.
  const [edits, setEdits] = useState<Partial<NotificationPreferences>>({});
  const values: NotificationPreferences = { ...DEFAULTS, ...saved.data, ...edits };

  return (
    <Card title="Notification Preferences">
      {saved.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Flex vertical gap={20} style={{ maxWidth: 560 }}>
          {TOGGLES.map(({ key, label, help }) => (
            <Flex key={key} justify="space-between" align="center" gap={16}>
              <div>
                <Typography.Text strong id={`pref-${key}`}>
                  {label}
                </Typography.Text>
                <br />
                <Typography.Text type="secondary">{help}</Typography.Text>
              </div>
              <Switch
                aria-labelledby={`pref-${key}`}
                checked={values[key]}
                onChange={(checked) => setEdits((current) => ({ ...current, [key]: checked }))}
              />
            </Flex>
          ))}
          <div>
            <Button type="primary" loading={save.isPending} onClick={() => save.mutate(values)}>
              Save Preferences
            </Button>
          </div>
        </Flex>
      )}
    </Card>
  );
}
