import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../config/config';
import { lockDataDir } from './data-dir-lock';

// One SQL dialect on two engines: PGlite embedded (the default) and PostgreSQL (DATABASE_URL).
// Queries are parameterised SQL through this thin layer (docs/decisions/003-sql-without-orm.md).

export interface Connection {
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /**
   * A parameterised query ($1, $2…); returns the rows. `name` makes it a prepared statement on
   * PostgreSQL (parsed and planned once per connection): for the few statements every request runs.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
}

export interface Database extends Connection {
  kind: 'pglite' | 'pgsql';
  /** Runs fn inside one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: Connection) => Promise<T>): Promise<T>;
  /**
   * Sessions, users, roles and permissions that changed, as announced by the triggers of migration
   * 0004 (NOTIFY gestor_auth_changed) from this process or any other: what a cache of sessions must
   * forget (decision 007). A change made through this object is announced before the statement (or
   * the COMMIT of its transaction) resolves, so nothing stale survives its own write.
   */
  onAuthChange(listener: (change: AuthChange) => void): void;
  /** Whether every change is heard now; false while the listening connection is down: caches must hold nothing. */
  hearsAuthChanges(): boolean;
  /**
   * Anything a public answer reads changed (migration 0016, NOTIFY gestor_content_changed), in this
   * process or another, or announcements may have been missed (the listener reconnected): the public
   * API's cache must drop what it holds (decision 022). Heard before the write resolves, as onAuthChange.
   */
  onContentChange(listener: () => void): void;
  /** Whether content changes are heard now (the same listening connection as hearsAuthChanges). */
  hearsContentChanges(): boolean;
  /**
   * The live channel's announcements (migration 0022, NOTIFY gestor_live with a JSON payload: who is
   * editing a record, a record saved), from this process or another; null when announcements may
   * have been missed (the listener reconnected). Decision 027.
   */
  onLiveChange(listener: (payload: string | null) => void): void;
  /**
   * Every row of a SELECT from one consistent snapshot, in batches handed to `onBatch` (CSV exports):
   * rows committed meanwhile are neither repeated nor missed. `onBatch` must not wait on a client
   * (decision 012: exports are spooled to a file first). A throw from `onBatch` stops it and rethrows.
   * Decision 041: on PostgreSQL it runs on a connection of its own, outside the pool plain requests
   * use (read-only transaction, held until the last batch); on PGlite the rows are read at once into a
   * held cursor and fetched batch by batch, so other queries run between the batches.
   */
  snapshot<T = Record<string, unknown>>(
    text: string,
    params: unknown[],
    batchSize: number,
    onBatch: (rows: T[]) => Promise<void>,
  ): Promise<void>;
  /** Runs fn on one connection holding a database-wide lock (PostgreSQL advisory lock; PGlite has one connection). */
  exclusive<T>(lockKey: number, fn: (connection: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// pg returns int8 as a string; our counts and ids fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** What changed for the session cache: one session (by its stored key), one user's sessions, or anything. */
export type AuthChange = { session: string } | { user: number } | 'all';

/** Reads a NOTIFY payload of migration 0004: `s:<key>`, `u:<id>`, or anything else meaning "all". */
export function parseAuthChange(payload: string | undefined): AuthChange {
  if (payload?.startsWith('s:')) return { session: payload.slice(2) };
  if (payload?.startsWith('u:') && /^\d+$/.test(payload.slice(2))) return { user: Number(payload.slice(2)) };
  return 'all';
}

function changeHub<T>() {
  const listeners: Array<(change: T) => void> = [];
  return {
    on: (listener: (change: T) => void) => {
      listeners.push(listener);
    },
    emit: (change: T) => {
      for (const listener of listeners) listener(change);
    },
  };
}

/** The announcements of both channels, routed to their hubs. */
function announcementHubs() {
  const auth = changeHub<AuthChange>();
  const content = changeHub<void>();
  const live = changeHub<string | null>();
  return {
    auth,
    content,
    live,
    /** One NOTIFY heard on a connection. */
    heard: (channel: string, payload: string | undefined) => {
      if (channel === CONTENT_CHANNEL) content.emit();
      else if (channel === AUTH_CHANNEL) auth.emit(parseAuthChange(payload));
      else if (channel === LIVE_CHANNEL) live.emit(payload ?? '');
    },
    /** Whatever was announced while nobody listened is unknown: everything changed. */
    everything: () => {
      auth.emit('all');
      content.emit();
      live.emit(null);
    },
  };
}

/** Rows in batches from a cursor, inside a transaction that sees one snapshot. */
async function fetchInBatches<T>(
  run: (text: string, params?: unknown[]) => Promise<unknown[]>,
  text: string,
  params: unknown[],
  batchSize: number,
  onBatch: (rows: T[]) => Promise<void>,
): Promise<void> {
  await run(`DECLARE gestor_export NO SCROLL CURSOR FOR ${text}`, params);
  for (;;) {
    const rows = await run(`FETCH ${batchSize} FROM gestor_export`);
    // The rows are the SELECT's, whose shape the caller names (as query<T> does).
    if (rows.length) await onBatch(rows as T[]);
    if (rows.length < batchSize) return;
  }
}

// The embedded database's directory belongs to one process: see data-dir-lock.ts.
export { DatabaseInUseError } from './data-dir-lock';

export const AUTH_CHANNEL = 'gestor_auth_changed';
/** Migration 0016: anything the public API's answers read changed (decision 022). */
export const CONTENT_CHANNEL = 'gestor_content_changed';
/** Decision 027: presence and saves announced to every process's live channel. */
export const LIVE_CHANNEL = 'gestor_live';
const LISTEN_ALL = `LISTEN ${AUTH_CHANNEL}; LISTEN ${CONTENT_CHANNEL}; LISTEN ${LIVE_CHANNEL}`;

/**
 * The embedded database, in `dataDir` or in memory. `loadDataDir` starts it from a dumped data
 * directory (PGlite's dumpDataDir): the API tests' migrated snapshot.
 */
export function openPglite(dataDir?: string, { loadDataDir }: { loadDataDir?: Blob } = {}): Database {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  // One process owns an embedded database, and PGlite hands each NOTIFY to its listeners (as
  // microtasks) while it reads the statement's reply: a change is heard before its write resolves.
  const changes = announcementHubs();
  let exclusiveQueue: Promise<unknown> = Promise.resolve();
  let listening = false;
  /** Names the held cursors of exports read side by side on the one connection. */
  let exportCursors = 0;
  void Promise.all(
    [AUTH_CHANNEL, CONTENT_CHANNEL, LIVE_CHANNEL].map((channel) =>
      client.listen(channel, (payload) => changes.heard(channel, payload)),
    ),
  )
    .then(() => {
      listening = true;
    })
    .catch(() => {});
  const on = (target: PGlite | Transaction): Connection => ({
    exec: async (script) => {
      await target.exec(script);
    },
    query: async <T>(text: string, params?: unknown[]) => (await target.query<T>(text, params)).rows,
  });
  return {
    ...on(client),
    kind: 'pglite',
    onAuthChange: changes.auth.on,
    hearsAuthChanges: () => listening,
    onContentChange: changes.content.on,
    hearsContentChanges: () => listening,
    onLiveChange: changes.live.on,
    // PGlite is one connection, and a transaction holds it until it ends: reading a whole export in
    // one would keep every other request waiting (decision 041). A cursor WITH HOLD is filled with the
    // rows of its statement's snapshot at once and outlives that statement, so each batch is then a
    // short FETCH of its own and other requests run between batches; only the filling holds them up.
    snapshot: async <T>(
      text: string,
      params: unknown[],
      batchSize: number,
      onBatch: (rows: T[]) => Promise<void>,
    ) => {
      exportCursors += 1;
      const cursor = `gestor_export_${exportCursors}`;
      await client.query(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${text}`, params);
      try {
        for (;;) {
          const { rows } = await client.query<T>(`FETCH ${batchSize} FROM ${cursor}`);
          if (rows.length) await onBatch(rows);
          if (rows.length < batchSize) return;
        }
      } finally {
        await client.query(`CLOSE ${cursor}`).catch(() => {});
      }
    },
    transaction: (fn) => client.transaction((tx) => fn(on(tx))),
    // One process owns the embedded database: a queue in this process is the lock.
    exclusive: <T>(_lockKey: number, fn: (connection: Connection) => Promise<T>) => {
      const run = exclusiveQueue.then(() => fn(on(client)));
      exclusiveQueue = run.catch(() => {});
      return run;
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** The listening connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'gestor-listener';

/**
 * Hears every process's NOTIFY on AUTH_CHANNEL and CONTENT_CHANNEL over one dedicated connection,
 * started on first use, and hands each to `hubs`, and announces everything on every (re)connection,
 * since whatever was announced while nobody listened is unknown. Reconnects a second after losing it.
 */
function changeListener(url: string, hubs: ReturnType<typeof announcementHubs>) {
  let listening = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  const lost = () => {
    if (!listening && client === null) return;
    listening = false;
    client?.removeAllListeners();
    client?.on('error', () => {});
    void client?.end().catch(() => {});
    client = null;
    if (!closed) retry = setTimeout(connect, 1000).unref();
  };
  const connect = () => {
    retry = null;
    if (closed || client) return;
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    client = next;
    next.on('notification', (message) => hubs.heard(message.channel, message.payload));
    next.on('error', lost);
    next.on('end', lost);
    next
      .connect()
      .then(() => next.query(LISTEN_ALL))
      .then(() => {
        if (client !== next) return;
        hubs.everything();
        listening = true;
      })
      .catch(lost);
  };
  return {
    /** Whether announcements are heard now; the first call starts listening. */
    listening(): boolean {
      if (!client && !retry && !closed) connect();
      return listening;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      listening = false;
      current?.removeAllListeners();
      current?.on('error', () => {});
      await current?.end().catch(() => {});
    },
  };
}

/** The application_name of the connections that read CSV exports, as pg_stat_activity shows it. */
export const EXPORTS_NAME = 'gestor-export';

export function openPostgres(
  url: string,
  options: { searchPath?: string; max?: number; exportMax?: number } = {},
): Database {
  const searchPath = options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {};
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, ...searchPath });
  // Decision 041: exports read on connections of their own (at most EXPORT_CONCURRENCY at a time,
  // the routes see to that; 16 is its highest value), so a plain request never waits behind one.
  // Opened on first use, closed when idle.
  const exportPool = new pg.Pool({
    connectionString: url,
    max: options.exportMax ?? 16,
    application_name: EXPORTS_NAME,
    idleTimeoutMillis: 10_000,
    ...searchPath,
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  exportPool.on('error', () => {});
  const changes = announcementHubs();
  const listener = changeListener(url, changes);
  // Every pooled connection listens too: PostgreSQL delivers a session's own notifications when its
  // transaction commits, before the COMMIT (or the single statement) answers, so this process forgets
  // what it changed before the write resolves; the dedicated listener would hear it a moment later.
  // (LISTEN runs when a connection is first checked out, before anything else is sent on it.)
  const listeningClients = new WeakSet<pg.PoolClient>();
  const checkOut = async () => {
    const client = await pool.connect();
    if (!listeningClients.has(client)) {
      listeningClients.add(client);
      client.on('notification', (message) => changes.heard(message.channel, message.payload));
      await client.query(LISTEN_ALL).catch(() => {});
    }
    return client;
  };
  const on = (client: pg.PoolClient): Connection => ({
    exec: async (script) => {
      await client.query(script);
    },
    // A named statement is parsed and planned once per pooled connection, then only executed.
    query: async <T>(text: string, params?: unknown[], name?: string) =>
      (await client.query({ text, values: params ?? [], ...(name ? { name } : {}) })).rows as T[],
  });
  const withClient = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await checkOut();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  };
  return {
    exec: (script) => withClient((client) => on(client).exec(script)),
    query: <T>(text: string, params?: unknown[], name?: string) =>
      withClient((client) => on(client).query<T>(text, params, name)),
    kind: 'pgsql',
    onAuthChange: changes.auth.on,
    hearsAuthChanges: () => listener.listening(),
    onContentChange: changes.content.on,
    hearsContentChanges: () => listener.listening(),
    onLiveChange: (listener_) => {
      changes.live.on(listener_);
      // The dedicated connection starts on first use: a live hub needs it from the start.
      listener.listening();
    },
    snapshot: async (...args) => {
      const client = await exportPool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        try {
          const run = async (sql: string, values?: unknown[]) =>
            (await client.query({ text: sql, values: values ?? [] })).rows;
          await fetchInBatches(run, ...args);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      } finally {
        client.release();
      }
    },
    transaction: (fn) =>
      withClient(async (client) => {
        const connection = on(client);
        await client.query('BEGIN');
        try {
          const result = await fn(connection);
          await connection.exec('COMMIT');
          return result;
        } catch (error) {
          await connection.exec('ROLLBACK');
          throw error;
        }
      }),
    exclusive: (lockKey, fn) =>
      withClient(async (client) => {
        await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
        try {
          return await fn(on(client));
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [lockKey]);
        }
      }),
    close: async () => {
      await listener.close();
      await Promise.all([pool.end(), exportPool.end()]);
    },
  };
}

export function openDatabase(config: Config): Database {
  return config.database.connection === 'pgsql'
    ? openPostgres(config.database.url, { exportMax: config.exportConcurrency })
    : openPglite(path.resolve(config.storagePath, 'db'));
}
