/* global self, clients */
/**
 * The app's service worker: it only shows notifications (Web Push from the server, and the ones
 * an open tab asks for) and opens the item a notification is about. No fetch handler: pages and
 * API calls go to the network as if there were no worker.
 *
 * Payload (docs/notifications.md): { title, body, url, tag }; `tag` is `low-stock-<alertId>`, the
 * same as an open tab's notification for the same alert, so one replaces the other.
 */

const ICON = '/notification-icon.png';

// A new version takes over at once and controls the tabs already open, so a click can navigate them.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(clients.claim()));

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Inventory Manager';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      icon: ICON,
      data: { url: sameOriginPath(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sameOriginPath(event.notification.data && event.notification.data.url);
  event.waitUntil(openApp(new URL(path, self.location.origin).href));
});

/** Focuses a tab of the app (the focused one first) on `url`, else opens a new window. */
async function openApp(url) {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tabs = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  tabs.sort((a, b) => Number(b.focused) - Number(a.focused));
  for (const tab of tabs) {
    try {
      const focused = await tab.focus();
      // navigate() needs a tab this worker controls; claim() above makes that every open tab.
      const navigated = await focused.navigate(url);
      if (navigated) return;
    } catch {
      // Not controlled or not focusable (another profile, a closing tab): try the next one.
    }
  }
  await clients.openWindow(url);
}

/** The JSON payload; a plain-text one is taken as the body. */
function readPayload(data) {
  if (!data) return {};
  try {
    const json = data.json();
    return json && typeof json === 'object' ? json : {};
  } catch {
    return { body: data.text() };
  }
}

/** Only a path on this site is followed; anything else opens the app's home. */
function sameOriginPath(value) {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  return value;
}
