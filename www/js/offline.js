// Offline play and installing: the service worker caches the built files (not from file://
// or without support), and learns which build this page came from (sw.js).

import { PAGE_BUILD } from './worker-start.js';

// How often, and how many times, a page asks an installed-but-waiting service worker to
// take over again (see nudgeWaiting).
const NUDGE_EVERY_MS = 2000;
const NUDGES = 15;
let nudging = false; // one round of nudges at a time, however many updates are found

export function registerOffline() {
  if (!('serviceWorker' in navigator) || !location.protocol.startsWith('http')) return;
  // Asking for an update at every visit keeps the offline copy on the newest build.
  navigator.serviceWorker
    .register('./sw.js')
    .then((registration) => {
      if (registration.waiting) nudgeWaiting(registration);
      registration.addEventListener('updatefound', () => nudgeWaiting(registration));
      return registration.update();
    })
    .catch(() => {});
  // A service worker that starts controlling the page after it loaded (the first visit)
  // learns the page's build, and keeps that build's files while the page is open.
  const tellBuild = () => navigator.serviceWorker.controller?.postMessage({ type: 'build', build: PAGE_BUILD });
  if (PAGE_BUILD) {
    tellBuild();
    navigator.serviceWorker.addEventListener('controllerchange', tellBuild);
  }
}

/**
 * A new service worker asks to take over as soon as it has installed, but Chromium can drop
 * that request when the old worker is woken by a request at the moment it is being stopped
 * for the handover; the new one then waits for minutes with its files cached. While one is
 * waiting, the page repeats the request a few times (asking again is harmless).
 */
function nudgeWaiting(registration) {
  if (nudging) return;
  nudging = true;
  let asked = 0;
  const timer = setInterval(() => {
    if (registration.waiting && asked < NUDGES) {
      registration.waiting.postMessage({ type: 'activate' });
      asked += 1;
    } else if (!registration.installing || asked >= NUDGES) {
      clearInterval(timer);
      nudging = false;
    }
  }, NUDGE_EVERY_MS);
}
