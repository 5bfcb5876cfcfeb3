import type { PresenceState, RecordSavedEvent } from '@gestor/shared';
import { apiBaseUrl, buildUrl } from '../../lib/api-client';

// The tab's one live connection (decision 027): server-sent events from GET /api/live, opened while
// some screen listens and closed shortly after the last one stops. EventSource reconnects by itself
// and sends the session cookie; every (re)connection is reported as `open`, so listeners announce
// themselves again (the server may be another process by now). A refused connection (signed out, too
// many tabs) is tried again later while someone still listens.

export interface LiveListener {
  open?(): void;
  presence?(state: PresenceState): void;
  saved?(event: RecordSavedEvent): void;
}

/** This tab's id: random per page load, so a duplicated tab is another tab. */
export const TAB_ID = randomTabId();

function randomTabId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** After a refused connection, how long before trying again. */
const RETRY_REFUSED_MS = 30_000;
/** A screen that follows another (from one record to the next) keeps the same connection. */
const CLOSE_AFTER_MS = 5_000;

const listeners = new Set<LiveListener>();
let source: EventSource | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let idle: ReturnType<typeof setTimeout> | null = null;

function parsed<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

function connect() {
  retry = null;
  if (source || listeners.size === 0 || typeof EventSource === 'undefined') return;
  const opened = new EventSource(buildUrl(apiBaseUrl(), '/api/live', { tab: TAB_ID }), {
    withCredentials: true,
  });
  source = opened;
  opened.addEventListener('open', () => {
    for (const listener of listeners) listener.open?.();
  });
  opened.addEventListener('presence', (event) => {
    const state = parsed<PresenceState>(event);
    if (state) for (const listener of listeners) listener.presence?.(state);
  });
  opened.addEventListener('saved', (event) => {
    const saved = parsed<RecordSavedEvent>(event);
    if (saved) for (const listener of listeners) listener.saved?.(saved);
  });
  opened.addEventListener('error', () => {
    // CONNECTING: EventSource is already trying again. CLOSED: it was refused and gave up.
    if (opened.readyState !== EventSource.CLOSED) return;
    if (source === opened) source = null;
    retry ??= setTimeout(connect, RETRY_REFUSED_MS);
  });
}

/** Listens to the live channel; returns how to stop. */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  if (idle) {
    clearTimeout(idle);
    idle = null;
  }
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    idle ??= setTimeout(() => {
      idle = null;
      if (listeners.size > 0) return;
      source?.close();
      source = null;
      if (retry) clearTimeout(retry);
      retry = null;
    }, CLOSE_AFTER_MS);
  };
}
