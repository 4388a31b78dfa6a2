// The advisor offline: registers the service worker the build made (vite-plugin-pwa's Workbox
// worker, dist/web/sw.js), which keeps every file of the site, the Wasm modules and the Web
// Worker's script included, so that once loaded the page opens and works without a network. A new
// version of the site is downloaded in the background and waits until the player asks for it
// (applyUpdate): never in the middle of entering a turn. `vite dev` registers no worker.
//
// The page says how registration went on <html data-service-worker="registered|failed"> (read by
// the tests); a browser without service workers (or a page not served over https or from this
// machine) works as before, online only.
import { registerSW } from 'virtual:pwa-register';

export interface OfflineStatus {
  /** Every file of the site was just kept for the first time: the page works offline from now on. */
  offlineReady: boolean;
  /** A new version was downloaded and waits: applyUpdate() switches to it and reloads the page. */
  updateReady: boolean;
}

type Listener = (status: OfflineStatus) => void;

let status: OfflineStatus = { offlineReady: false, updateReady: false };
const listeners = new Set<Listener>();
let skipWaiting: (() => Promise<void>) | null = null;
let registration: ServiceWorkerRegistration | null = null;

function change(next: Partial<OfflineStatus>): void {
  status = { ...status, ...next };
  for (const listener of listeners) listener(status);
}

/** Calls `listener` with the status now and on every change; returns the unsubscribe. */
export function onOfflineStatus(listener: Listener): () => void {
  listeners.add(listener);
  listener(status);
  return () => listeners.delete(listener);
}

/** Registers the service worker, once per page. */
export function startOffline(): void {
  if (skipWaiting) return;
  skipWaiting = registerSW({
    onOfflineReady: () => change({ offlineReady: true }),
    onNeedRefresh: () => change({ updateReady: true }),
    // applyUpdate reloads the page itself once the new worker controls it.
    onNeedReload: () => {},
    onRegisteredSW: (_url, r) => {
      registration = r ?? null;
      document.documentElement.dataset.serviceWorker = 'registered';
      if (r) watchForUpdates(r);
    },
    onRegisterError: (e: unknown) => {
      document.documentElement.dataset.serviceWorker = 'failed';
      console.warn(`The advisor will not work offline: its service worker could not be registered (${e instanceof Error ? e.message : String(e)})`);
    },
  });
}

/**
 * What the plugin's registration misses: an update the browser began while the page loaded (it
 * checks on every visit) is waiting by the time the page registers; and a page left open for
 * days on a phone checks again whenever it comes back to the screen.
 */
function watchForUpdates(r: ServiceWorkerRegistration): void {
  const installing = r.installing;
  if (installing && navigator.serviceWorker.controller) {
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' && r.waiting === installing) change({ updateReady: true });
    });
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') r.update().catch(() => {}); // offline: checked next time
  });
}

/** Switches to the waiting version and reloads the page under it (the game is in local storage). */
export async function applyUpdate(): Promise<void> {
  if (!registration?.waiting) {
    // Another tab of the advisor already switched: this page only needs reloading.
    location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  await skipWaiting?.();
}
