import { PassThrough } from 'node:stream';
import {
  type AuthUser,
  LIVE_KEEPALIVE_MS,
  LIVE_RETRY_MS,
  type Permission,
  PRESENCE_MESSAGES,
  type RecordSavedEvent,
} from '@gestor/shared';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-errors';
import type { SessionStore } from '../auth/session-store';
import { type LiveAnnouncement, type PresenceStore, presenceState } from './presence-store';

// This process's live channel (decision 027): one server-sent-events stream per browser tab, keyed
// by user and tab. Announcements (NOTIFY gestor_live, from any process) are routed to the streams of
// the tabs that have the record open now, as the database says, and only to people who may view the
// record's area; a stream's session is checked again on every keep-alive and whenever sessions,
// users or roles change, so a signed-out person or a lost permission stops the stream or the events.

/** At most this many streams per person in one process (tabs); one more is a 429. */
export const MAX_STREAMS_PER_USER = 10;
/** At most this many streams in one process; one more is a 503. */
export const MAX_STREAMS = 5000;
/** A reader that lets this much pile up unread is dropped (it reconnects when it can read again). */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** Announcements already handled (each process hears its own twice on PostgreSQL). */
const REMEMBERED_ANNOUNCEMENTS = 1000;

interface LiveStream {
  userId: number;
  tab: string;
  /** The session cookie's id (to read the session again) and its stored key (its announcements). */
  cookieId: string;
  sessionKey: string;
  user: AuthUser;
  body: PassThrough;
}

export interface LiveHubOptions {
  database: Database;
  store: PresenceStore;
  sessions: SessionStore;
  /** The permission area of an area path (`pages` → `page`), or undefined for an unknown one. */
  permissionAreaOf(path: string): string | undefined;
  log: { warn(obj: object, msg: string): void };
  keepAliveMs?: number;
}

export function createLiveHub({
  database,
  store,
  sessions,
  permissionAreaOf,
  log,
  keepAliveMs = LIVE_KEEPALIVE_MS,
}: LiveHubOptions) {
  const streams = new Map<string, LiveStream>();
  const keyOf = (userId: number, tab: string) => `${userId}:${tab}`;
  const remembered = new Set<string>();
  /** This database's schema: announcements from others sharing the database are not ours. */
  let schema: Promise<string> | null = null;

  const mayView = (stream: LiveStream, area: string) => {
    const permissionArea = permissionAreaOf(area);
    return (
      permissionArea !== undefined && stream.user.permissions.includes(`${permissionArea}.view` as Permission)
    );
  };

  function close(stream: LiveStream) {
    if (streams.get(keyOf(stream.userId, stream.tab)) === stream)
      streams.delete(keyOf(stream.userId, stream.tab));
    stream.body.end();
  }

  function send(stream: LiveStream, event: string, data: unknown) {
    if (stream.body.writableLength > MAX_BUFFERED_BYTES) return close(stream);
    stream.body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Tells each local tab with the record open what it now looks like to it. */
  async function pushPresence(area: string, id: number) {
    const rows = await store.present(area, id);
    for (const row of rows) {
      const stream = streams.get(keyOf(row.user_id, row.tab_id));
      if (stream && mayView(stream, area))
        send(stream, 'presence', presenceState(area, id, rows, { userId: stream.userId, tab: stream.tab }));
    }
  }

  async function pushSaved(event: RecordSavedEvent) {
    const rows = await store.present(event.area, event.id);
    for (const row of rows) {
      const stream = streams.get(keyOf(row.user_id, row.tab_id));
      if (stream && mayView(stream, event.area)) send(stream, 'saved', event);
    }
  }

  /** After announcements may have been missed: every local tab's records, as they are now. */
  async function resync() {
    const records = new Map<string, { area: string; id: number }>();
    for (const stream of streams.values()) {
      for (const open of await store.openBy(stream.userId, stream.tab))
        records.set(`${open.area}:${open.record_id}`, { area: open.area, id: open.record_id });
    }
    for (const { area, id } of records.values()) await pushPresence(area, id);
  }

  async function heard(payload: string | null) {
    if (streams.size === 0) return;
    if (payload === null) return resync();
    let announcement: LiveAnnouncement;
    try {
      announcement = JSON.parse(payload) as LiveAnnouncement;
    } catch {
      return;
    }
    schema ??= database
      .query<{ s: string }>('SELECT current_schema() AS s')
      .then((rows) => rows[0]?.s ?? '')
      .catch((error: unknown) => {
        schema = null;
        throw error;
      });
    if (announcement.s !== (await schema)) return;
    if (remembered.has(announcement.n)) return;
    if (remembered.size >= REMEMBERED_ANNOUNCEMENTS) remembered.clear();
    remembered.add(announcement.n);
    if (announcement.t === 'presence') return pushPresence(announcement.area, announcement.id);
    if (announcement.t === 'saved') {
      const { area, id, user, updated_at } = announcement;
      return pushSaved({ area, id, user, updated_at });
    }
  }

  database.onLiveChange((payload) => {
    heard(payload).catch((error: unknown) =>
      log.warn({ err: error }, 'No se ha podido avisar a las pestañas abiertas de un cambio'),
    );
  });

  /** Reads each stream's session again: gone (signed out, expired, disabled) closes it. */
  async function recheck(which: (stream: LiveStream) => boolean) {
    for (const stream of [...streams.values()]) {
      if (!which(stream)) continue;
      const session = await sessions.find(stream.cookieId).catch(() => undefined);
      if (session === undefined) continue; // the database is unreachable now: try at the next tick
      if (!session?.user || session.user.id !== stream.userId) close(stream);
      else stream.user = session.user;
    }
  }
  let recheckTimer: NodeJS.Timeout | null = null;
  const pending: Array<(stream: LiveStream) => boolean> = [];
  database.onAuthChange((change) => {
    if (streams.size === 0) return;
    pending.push(
      change === 'all'
        ? () => true
        : 'user' in change
          ? (stream) => stream.userId === change.user
          : (stream) => stream.sessionKey === change.session,
    );
    // After the session cache has forgotten what changed (it hears the same announcement).
    recheckTimer ??= setTimeout(() => {
      recheckTimer = null;
      const tests = pending.splice(0);
      void recheck((stream) => tests.some((test) => test(stream)));
    }, 20);
  });

  const keepAlive = setInterval(() => {
    for (const stream of streams.values()) {
      if (stream.body.writableLength > MAX_BUFFERED_BYTES) close(stream);
      else stream.body.write(': ping\n\n');
    }
    void recheck(() => true);
  }, keepAliveMs).unref();

  return {
    /**
     * Opens a tab's stream: the body to send, already holding the `retry:` hint. The same tab
     * connecting again replaces its older stream (a reconnection the server has not noticed yet).
     */
    open(input: { user: AuthUser; tab: string; cookieId: string; sessionKey: string }): PassThrough {
      const key = keyOf(input.user.id, input.tab);
      const previous = streams.get(key);
      if (previous) close(previous);
      let mine = 0;
      for (const stream of streams.values()) if (stream.userId === input.user.id) mine += 1;
      if (mine >= MAX_STREAMS_PER_USER) throw new HttpError(429, PRESENCE_MESSAGES.tooManyStreams);
      if (streams.size >= MAX_STREAMS) throw new HttpError(503, PRESENCE_MESSAGES.serverBusy);
      const body = new PassThrough();
      const stream: LiveStream = { ...input, userId: input.user.id, body };
      streams.set(key, stream);
      body.on('close', () => {
        if (streams.get(key) === stream) streams.delete(key);
      });
      body.write(`retry: ${LIVE_RETRY_MS}\n: conectado\n\n`);
      return body;
    },
    /** The client went away. */
    closed(body: PassThrough) {
      for (const stream of streams.values()) if (stream.body === body) close(stream);
      body.destroy();
    },
    /** How many streams this process holds (tests, and the log). */
    size: () => streams.size,
    /** Ends every stream (the server is stopping: it must not wait for them). */
    stop() {
      clearInterval(keepAlive);
      if (recheckTimer) clearTimeout(recheckTimer);
      for (const stream of [...streams.values()]) close(stream);
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
