// The service worker's two messages, in the header: "Ready to work offline" once, the first time
// every file of the site is kept; and, when a new version has been downloaded, a banner whose
// Reload button switches to it (the game is saved, nothing is lost). Starts the registration.
import { useEffect, useState } from 'preact/hooks';
import { applyUpdate, onOfflineStatus, startOffline, type OfflineStatus } from '../offline.js';

export function UpdateBanner() {
  const [status, setStatus] = useState<OfflineStatus>({ offlineReady: false, updateReady: false });
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    startOffline();
    return onOfflineStatus(setStatus);
  }, []);

  if (status.updateReady) {
    return (
      <p class="banner update" role="status" data-role="update-ready">
        <span>A new version of the advisor is ready. Your game is kept.</span>
        <button type="button" class="primary" data-action="update" disabled={reloading}
          onClick={() => {
            setReloading(true);
            void applyUpdate();
          }}>Reload</button>
      </p>
    );
  }
  if (status.offlineReady && !dismissed) {
    return (
      <p class="banner" role="status" data-role="offline-ready">
        <span>Ready to work offline: the advisor now opens without a network, and can be added to your home screen.</span>
        <button type="button" data-action="dismiss-offline" aria-label="Dismiss" onClick={() => setDismissed(true)}>OK</button>
      </p>
    );
  }
  return null;
}
