import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../config/config';

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
   * A number that changes whenever something a cache may hold could have changed: any statement of
   * this process other than a SELECT starts or ends, and, on PostgreSQL, another process announced a
   * change (NOTIFY gestor_auth_changed, see migration 0003). NaN while no such announcements can be
   * heard (the listening connection is down): a cache must then hold nothing.
   */
  writeGeneration(): number;
  /** Runs fn on one connection holding a database-wide lock (PostgreSQL advisory lock; PGlite has one connection). */
  exclusive<T>(lockKey: number, fn: (connection: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const READ_ONLY = /^\s*SELECT\b/i;

// pg returns int8 as a string; our counts and ids fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** Counts this process's writes: the counter moves when a statement other than a SELECT starts and ends. */
function writeCounter() {
  const counter = {
    value: 0,
    async writing<T>(text: string, run: () => Promise<T>): Promise<T> {
      if (READ_ONLY.test(text)) return run();
      counter.value++;
      try {
        return await run();
      } finally {
        counter.value++;
      }
    },
  };
  return counter;
}

/** The embedded database's directory is already open in another process (a server, a CLI task). */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `La base de datos integrada (${dataDir}) está abierta en otro proceso (pid ${pid}): detenga el servidor ` +
        `antes de ejecutar esta tarea. Si no hay ninguno en marcha, borre ${lockPath(dataDir)}.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

const lockPath = (dataDir: string) => `${path.resolve(dataDir)}.pid`;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is PostgreSQL in this process: two processes opening one directory would corrupt it. A file
 * beside the directory (`db.pid`) holds the owner's pid; a live owner makes this throw, a dead one's
 * file is taken over. Returns the release.
 */
function lockDataDir(dataDir: string): () => void {
  const file = lockPath(dataDir);
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (owner > 0 && (owner === process.pid || isRunning(owner)))
        throw new DatabaseInUseError(dataDir, owner);
      rmSync(file, { force: true });
    }
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}

export function openPglite(dataDir?: string): Database {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const writes = writeCounter();
  const writing = writes.writing;
  const on = (target: PGlite | Transaction): Connection => ({
    exec: (script) =>
      writing(script, async () => {
        await target.exec(script);
      }),
    query: <T>(text: string, params?: unknown[]) =>
      writing(text, async () => (await target.query<T>(text, params)).rows),
  });
  return {
    ...on(client),
    kind: 'pglite',
    // One process owns an embedded database: its own writes are all there is.
    writeGeneration: () => writes.value,
    transaction: (fn) => client.transaction((tx) => fn(on(tx))),
    exclusive: (_lockKey, fn) => fn(on(client)),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

export const AUTH_CHANNEL = 'gestor_auth_changed';
/** The listening connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'gestor-listener';

/**
 * Hears other processes' NOTIFY on AUTH_CHANNEL over one dedicated connection, started on first use,
 * and calls `changed` for each, and again on every (re)connection, since whatever was announced while
 * nobody listened is unknown. Reconnects a second after losing the connection.
 */
function changeListener(url: string, changed: () => void) {
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
    next.on('notification', changed);
    next.on('error', lost);
    next.on('end', lost);
    next
      .connect()
      .then(() => next.query(`LISTEN ${AUTH_CHANNEL}`))
      .then(() => {
        if (client !== next) return;
        changed();
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

export function openPostgres(url: string, options: { searchPath?: string; max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const writes = writeCounter();
  const listener = changeListener(url, () => writes.value++);
  const on = (client: pg.Pool | pg.PoolClient): Connection => ({
    exec: (script) =>
      writes.writing(script, async () => {
        await client.query(script);
      }),
    // A named statement is parsed and planned once per pooled connection, then only executed.
    query: <T>(text: string, params?: unknown[], name?: string) =>
      writes.writing(
        text,
        async () =>
          (await client.query({ text, values: params ?? [], ...(name ? { name } : {}) })).rows as T[],
      ),
  });
  const withClient = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  };
  return {
    ...on(pool),
    kind: 'pgsql',
    // This process's writes (COMMIT included) and the other processes' announcements move it.
    writeGeneration: () => (listener.listening() ? writes.value : Number.NaN),
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
      await pool.end();
    },
  };
}

export function openDatabase(config: Config): Database {
  return config.database.connection === 'pgsql'
    ? openPostgres(config.database.url)
    : openPglite(path.resolve(config.storagePath, 'db'));
}
