import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import type { NotificationPreferences } from '../../../api/account';
import { useNotificationChannels } from '../../notifications/hooks';
import { usePreferences, useSavePreferences } from '../hooks';
import { PreferenceRow } from './PreferenceRow';
import { PushPreferenceRow } from './PushPreferenceRow';

// spec §2 defaults, shown until the saved preferences arrive.
const DEFAULTS: NotificationPreferences = { lowStock: true, expiry: true, email: false, push: true };

/** The preferences saved with the button; Push applies at once (see PushPreferenceRow). */
type SavedWithButton = Exclude<keyof NotificationPreferences, 'push'>;

const TOGGLES: { key: SavedWithButton; label: string; help: string }[] = [
  { key: 'lowStock', label: 'Low Stock Alerts', help: 'Get notified when items fall to their reorder level' },
  { key: 'expiry', label: 'Expiry Notifications', help: 'Get notified before items expire' },
  { key: 'email', label: 'Email Notifications', help: 'Receive notifications by email' },
];

export function NotificationsTab() {
  const saved = usePreferences();
  const save = useSavePreferences();
  const channels = useNotificationChannels();
  // The toggles show the saved preferences with this visit's unsaved changes on top.
  const [edits, setEdits] = useState<Partial<Pick<NotificationPreferences, SavedWithButton>>>({});
  const values: NotificationPreferences = { ...DEFAULTS, ...saved.data, ...edits };
  // Unknown (the channels did not load) counts as set up: saving the preference does no harm.
  const emailReady = channels.data?.email ?? true;

  return (
    <Card title="Notification Preferences">
      {saved.isLoading || channels.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Flex vertical gap={20} style={{ maxWidth: 560 }}>
          {TOGGLES.map(({ key, label, help }) => {
            // With no mail server the saved choice is kept but shown off: nothing would be sent.
            const unavailable = key === 'email' && !emailReady;
            return (
              <PreferenceRow
                key={key}
                id={key}
                label={label}
                help={help}
                checked={!unavailable && values[key]}
                disabled={unavailable}
                onChange={(checked) => setEdits((current) => ({ ...current, [key]: checked }))}
                note={unavailable && <Typography.Text type="secondary">Email is not set up on this server.</Typography.Text>}
              />
            );
          })}
          <PushPreferenceRow saved={values.push} channels={channels} />
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
