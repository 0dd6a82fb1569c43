import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../api/http';
import type { NotificationChannels } from '../../../api/notifications';
import { useToast } from '../../../lib/toast';
import { notificationSupport } from '../../notifications/browser-push';
import { useBrowserPushEndpoint, useNotificationPermission, usePushToggle } from '../../notifications/hooks';
import { PreferenceRow } from './PreferenceRow';

interface PushPreferenceRowProps {
  /** The saved `push` preference. */
  saved: boolean;
  channels: UseQueryResult<NotificationChannels>;
}

const secondary = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

/**
 * Push Notifications. The switch shows whether this browser will notify: the saved preference, and
 * the site allowed to show notifications here. It applies at once, without Save Preferences,
 * because turning it on must ask the browser's permission during the click. Refused permission
 * turns it back off; permission without a push subscription (no push service reachable) leaves it
 * on, with a warning that notifications then show only while the app is open in a tab.
 */
export function PushPreferenceRow({ saved, channels }: PushPreferenceRowProps) {
  const toast = useToast();
  const support = notificationSupport();
  const [permission, setPermission] = useNotificationPermission();
  const endpoint = useBrowserPushEndpoint();
  const { turnOn, turnOff } = usePushToggle(channels.data);
  // What the last use of the switch ended in, when the switch alone does not say it.
  const [outcome, setOutcome] = useState<{ type: 'info' | 'warning' | 'error'; text: string } | null>(null);

  const serverReady = channels.data?.push === true && Boolean(channels.data.pushPublicKey);
  const available = serverReady && support === 'ready';
  const checked = available && saved && permission === 'granted';
  const busy = turnOn.isPending || turnOff.isPending;

  const switchOn = async () => {
    setOutcome(null);
    // Asked straight from the click: browsers show the question only during a user gesture.
    const answer = await Notification.requestPermission();
    setPermission(answer);
    turnOn.mutate(answer, {
      onSuccess: (result) => {
        if (result.status === 'dismissed') {
          setOutcome({ type: 'info', text: 'Notifications were not allowed. Turn this on again to be asked again.' });
        } else if (result.status === 'on') {
          if (result.warning) setOutcome({ type: 'warning', text: onlyInTab(result.warning) });
          toast({
            title: 'Push notifications are on',
            description: result.warning
              ? 'This browser will notify you while Inventory Manager is open in a tab.'
              : 'This browser will notify you about your inventory.',
          });
        }
      },
      onError: (error) => setOutcome({ type: 'error', text: errorMessage(error, 'Failed to turn push notifications on') }),
    });
  };

  const switchOff = () => {
    setOutcome(null);
    turnOff.mutate(undefined, {
      onSuccess: () => toast({ title: 'Push notifications are off' }),
      onError: (error) => setOutcome({ type: 'error', text: errorMessage(error, 'Failed to turn push notifications off') }),
    });
  };

  let note: ReactNode = null;
  if (channels.isError) {
    note = (
      <Alert
        type="error"
        showIcon
        title="Could not check whether this server sends push notifications."
        action={
          <Button size="small" onClick={() => void channels.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (!serverReady) {
    note = secondary('Push notifications are not set up on this server.');
  } else if (support === 'insecure') {
    note = secondary('Browser notifications need a secure (https) connection to this site.');
  } else if (support === 'unsupported') {
    note = secondary('This browser cannot show notifications from websites.');
  } else if (permission === 'denied') {
    note = (
      <Alert
        type="error"
        showIcon
        role="alert"
        title="Notifications are blocked for this site"
        description="Allow them in your browser's site settings (the icon beside the address), then turn this on."
      />
    );
  } else if (outcome) {
    note = <Alert type={outcome.type} showIcon role={outcome.type === 'info' ? 'status' : 'alert'} title={outcome.text} />;
  } else if (checked && !busy && endpoint.data === null) {
    note = <Alert type="warning" showIcon title={onlyInTab('this browser has no push subscription for this site.')} />;
  } else if (checked && endpoint.data) {
    note = secondary('On in this browser. Turn it on in each browser you want notifications in.');
  }

  return (
    <PreferenceRow
      id="push"
      label="Push Notifications"
      help="Receive notifications in the browser; saved as soon as you switch it"
      checked={checked}
      disabled={!available || busy}
      loading={busy}
      onChange={(next) => (next ? void switchOn() : switchOff())}
      note={note}
    />
  );
}

const onlyInTab = (reason: string) =>
  `Notifications will show only while Inventory Manager is open in a tab: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
