import { useEffect, useState } from 'react';
import { BUILD_VERSION } from './app-info';

// docs/http-api.md#what-the-spa-sends, §9: poll for a new build every hour. setInterval (not a chain of timeouts) so a test
// can fast-forward the page clock by an hour and see the notice.

export const VERSION_CHECK_INTERVAL_MS = 3_600_000;
export const VERSION_URL = '/version.json';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** The version the server publishes now, or null when it cannot be read (offline, a dev server…). */
export async function fetchPublishedVersion(fetcher: Fetch = (url, init) => window.fetch(url, init)) {
  try {
    const response = await fetcher(VERSION_URL, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { version?: unknown } | null;
    return typeof body?.version === 'string' && body.version ? body.version : null;
  } catch {
    return null;
  }
}

/** True once the server publishes a build other than the one running in this tab. */
export function useNewVersionAvailable(ownVersion: string = BUILD_VERSION): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (available) return;
    let active = true;
    const timer = window.setInterval(() => {
      void fetchPublishedVersion().then((published) => {
        if (active && published !== null && published !== ownVersion) setAvailable(true);
      });
    }, VERSION_CHECK_INTERVAL_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, [available, ownVersion]);
  return available;
}
