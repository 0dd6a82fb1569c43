import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { getPreferences, savePreferences } from '../../api/account';
import type { CurrentUser } from '../../api/auth';
import { errorMessage } from '../../api/http';
import {
  deletePushSubscription,
  getNotificationChannels,
  savePushSubscription,
  unsubscribeEmail,
  type NotificationChannels,
} from '../../api/notifications';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../auth/hooks';
import {
  currentPushEndpoint,
  notificationPermission,
  PushSetupError,
  showAppNotification,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './browser-push';
import { lowStockNotification, type LowStockAlertSummary } from './low-stock-notification';
import { rememberClientHints, useClientHints } from '../../lib/client-hints';
import { useBrowserValue } from '../../lib/use-browser-value';

/** The server's channels change only with its configuration. */
const CHANNELS_STALE_MS = 5 * 60_000;

const channelsQuery = { queryKey: queryKeys.notifications.channels(), queryFn: getNotificationChannels, staleTime: CHANNELS_STALE_MS };
const preferencesQuery = { queryKey: queryKeys.account.preferences(), queryFn: getPreferences };

export function useNotificationChannels() {
  return useQuery(channelsQuery);
}

/** This browser's push subscription endpoint (null: none), read from the browser, not the server. */
export function useBrowserPushEndpoint() {
  return useQuery({ queryKey: queryKeys.notifications.browserSubscription(), queryFn: currentPushEndpoint, staleTime: Infinity });
}

/**
 * The site's notification permission as this page last saw it. Re-read when the user comes back to
 * the tab (they may have changed it in the browser's site settings meanwhile); set after asking.
 */
export function useNotificationPermission(): [NotificationPermission | null, (value: NotificationPermission) => void] {
  // A server-rendered page is taken over as rendered (with the permission its hint brought).
  const hinted = useClientHints()?.notifications ?? null;
  const permissionAtStart = useBrowserValue(notificationPermission, hinted);
  const [permissionNow, setPermission] = useState<NotificationPermission | null | undefined>(undefined);
  const permission = permissionNow === undefined ? permissionAtStart : permissionNow;
  // The next server render shows the permission as it is now.
  useEffect(() => {
    if (permission !== hinted) rememberClientHints();
  }, [permission, hinted]);
  useEffect(() => {
    const update = () => setPermission(notificationPermission());
    window.addEventListener('focus', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      window.removeEventListener('focus', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);
  return [permission, setPermission];
}

/** Where turning push on ended: on (maybe with only in-tab notifications), or refused by the user. */
export type PushOnOutcome = { status: 'on'; warning: string | null } | { status: 'denied' | 'dismissed' };

/**
 * The Push toggle applies at once (the browser's permission question needs the click): on asks
 * for the permission, subscribes this browser and saves `push: true`; off ends this browser's
 * subscription and saves `push: false`. The other preferences are sent as last saved, so unsaved
 * edits of other toggles stay unsaved.
 */
export function usePushToggle(channels: NotificationChannels | undefined) {
  const queryClient = useQueryClient();
  const savePush = async (push: boolean) => {
    const saved = await queryClient.ensureQueryData(preferencesQuery);
    queryClient.setQueryData(queryKeys.account.preferences(), await savePreferences({ ...saved, push }));
  };

  const turnOn = useMutation({
    // The permission was asked in the click handler, while the click still counts as a user gesture.
    mutationFn: async (permission: NotificationPermission): Promise<PushOnOutcome> => {
      if (permission === 'denied') return { status: 'denied' };
      if (permission !== 'granted') return { status: 'dismissed' };
      const warning = await subscribeAndRegister(channels);
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.browserSubscription() });
      await savePush(true);
      return { status: 'on', warning };
    },
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      await forgetThisBrowser();
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.browserSubscription() });
      await savePush(false);
    },
  });

  return { turnOn, turnOff };
}

/** Subscribes this browser and gives the subscription to the server; a sentence when that failed. */
async function subscribeAndRegister(channels: NotificationChannels | undefined): Promise<string | null> {
  if (!channels?.push || !channels.pushPublicKey) return 'this server does not send push messages.';
  try {
    await savePushSubscription(await subscribeThisBrowser(channels.pushPublicKey));
    return null;
  } catch (error) {
    if (error instanceof PushSetupError) return error.message;
    return `the server refused this browser's subscription: ${errorMessage(error, 'please try again later')}.`;
  }
}

/** Ends this browser's subscription; the server forgets it (and drops it anyway once it expires). */
async function forgetThisBrowser(): Promise<void> {
  const endpoint = await unsubscribeThisBrowser();
  if (endpoint) await deletePushSubscription(endpoint).catch(() => undefined);
}

const syncedUsers = new Set<string>();

/**
 * Once per page load and user, where the site may notify: this browser's push subscription follows
 * the saved preference (subscribed and given to the server again, in case it dropped an expired one,
 * when `push` is on; ended when it is off, e.g. turned off on another device). Quiet: a failure here
 * shows on the Notifications tab when the user looks.
 */
async function keepPushInStep(queryClient: QueryClient): Promise<void> {
  const [preferences, channels] = await Promise.all([
    queryClient.ensureQueryData(preferencesQuery),
    queryClient.ensureQueryData(channelsQuery),
  ]);
  if (preferences.push && channels.push && channels.pushPublicKey) {
    await savePushSubscription(await subscribeThisBrowser(channels.pushPublicKey));
  } else if (!preferences.push) {
    await forgetThisBrowser();
  }
  await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.browserSubscription() });
}

/**
 * Mounted once, in the top bar: returns what tells a new low-stock alert (features/alerts' live
 * alerts decide which are new) as a system notification, through the worker so that a Web Push for
 * the same alert replaces it, when the user wants low-stock alerts pushed and the browser allows
 * it. Also keeps the push subscription in step with the preference.
 */
export function useLowStockNotifier(): (alert: LowStockAlertSummary) => void {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;

  useEffect(() => {
    if (!userId || syncedUsers.has(userId) || notificationPermission() !== 'granted') return;
    syncedUsers.add(userId);
    keepPushInStep(queryClient).catch(() => undefined);
  }, [queryClient, userId]);

  return useCallback(
    (alert: LowStockAlertSummary) => {
      if (notificationPermission() !== 'granted') return;
      void (async () => {
        const preferences = await queryClient.ensureQueryData(preferencesQuery);
        // The stream carries the current workspace's alerts only.
        const workspace = queryClient.getQueryData<CurrentUser | null>(queryKeys.auth.user())?.workspace?.name ?? 'Inventory Manager';
        if (preferences.push && preferences.lowStock) await showAppNotification(lowStockNotification(alert, workspace));
      })().catch(() => undefined);
    },
    [queryClient],
  );
}

export function useUnsubscribeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unsubscribeEmail(token),
    // Signed in as the same person, the Notifications tab shows email off from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.preferences() }),
  });
}
