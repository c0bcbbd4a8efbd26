// Flow alert notifications (Web Push). Registered by the Alerts page with the narrow scope
// /alert-push/, so it controls no page of the app, and it has no fetch handler: it caches nothing
// and never sits between the app and the network. It only shows pushes and opens their link.
/* global self, clients */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('push', (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : '' };
  }
  // Only same-origin paths are opened on click, whatever the payload says.
  const url =
    typeof alert.url === 'string' && alert.url.startsWith('/') && !alert.url.startsWith('//') ? alert.url : '/alerts';
  event.waitUntil(
    self.registration.showNotification(typeof alert.title === 'string' ? alert.title : 'Tapewatch flow alert', {
      body: typeof alert.body === 'string' ? alert.body : '',
      tag: typeof alert.tag === 'string' ? alert.tag : undefined,
      icon: '/favicon.svg',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/alerts', self.location.origin).href;
  // A new tab: this worker controls no page (see its scope), so it could not navigate an open one.
  event.waitUntil(clients.openWindow(target));
});
