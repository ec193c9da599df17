// Offline play and installing: the service worker caches the built files (not from file://
// or without support), and learns which build this page came from (sw.js).

import { PAGE_BUILD } from './worker-start.js';

export function registerOffline() {
  if (!('serviceWorker' in navigator) || !location.protocol.startsWith('http')) return;
  // Asking for an update at every visit keeps the offline copy on the newest build.
  navigator.serviceWorker
    .register('./sw.js')
    .then((registration) => registration.update())
    .catch(() => {});
  // A service worker that starts controlling the page after it loaded (the first visit)
  // learns the page's build, and keeps that build's files while the page is open.
  const tellBuild = () => navigator.serviceWorker.controller?.postMessage({ type: 'build', build: PAGE_BUILD });
  if (PAGE_BUILD) {
    tellBuild();
    navigator.serviceWorker.addEventListener('controllerchange', tellBuild);
  }
}
