import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRunning, processIdentity } from '../lib/processes';

// PGlite is PostgreSQL inside this process: two processes opening one data directory would corrupt it.
// A file beside the directory (`db.pid`) names its owner. Only a live owner keeps it: a server killed
// with `kill -9` (or by the OOM killer, or a power cut) must start again on its own, also in a
// container, where the restarted server has the same pid (1) as the dead one that wrote the file.
//
// The file holds {"pid", "started", "token"}: `started` identifies the process beyond its pid (on
// Linux the boot id and the process's start time, field 22 of /proc/<pid>/stat), so a pid reused by an
// unrelated process does not count as the owner; elsewhere it is null and the pid alone decides.
// A zombie (killed, not yet reaped by its parent: a `kill -9` then an immediate restart, or a
// container's pid 1 that does not reap) still answers kill(pid, 0) but owns nothing any more.

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

export const lockPath = (dataDir: string) => `${path.resolve(dataDir)}.pid`;

interface Owner {
  pid: number;
  started: string | null;
}

/**
 * The lock files this process wrote in this run, with their exact contents. Kept on globalThis so
 * that two copies of this module in one process (bundled and not) still agree.
 */
const HELD_KEY = Symbol.for('gestor.dataDirLocks');
const registry = globalThis as { [HELD_KEY]?: Map<string, string> };
registry[HELD_KEY] ??= new Map<string, string>();
const held = registry[HELD_KEY];

/** Reads a lock file: ours ({"pid", "started", …}) or an older one holding only the pid. */
function parseOwner(text: string): Owner | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'number')
      return Number.isSafeInteger(value) && value > 0 ? { pid: value, started: null } : null;
    if (value && typeof value === 'object') {
      const { pid, started } = value as { pid?: unknown; started?: unknown };
      if (typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0)
        return { pid, started: typeof started === 'string' ? started : null };
    }
  } catch {
    // Not ours: nobody owns it.
  }
  return null;
}

/** Whether the file's text names a process that holds the directory now. */
function ownerIsAlive(file: string, text: string, owner: Owner | null): boolean {
  if (!owner) return false;
  // This very pid: ours only if this process wrote it in this run (opening twice in one process);
  // otherwise a previous run with the same pid (a restarted container's pid 1) left it.
  if (owner.pid === process.pid) return held.get(file) === text;
  if (!isRunning(owner.pid)) return false;
  if (owner.started === null) return true;
  const identity = processIdentity(owner.pid);
  // Unknown (another user's process where /proc hides it): the pid decides, on the safe side.
  return identity === null || identity === owner.started;
}

/**
 * Takes the directory for this process, synchronously. A live owner makes this throw
 * DatabaseInUseError; a dead owner's file is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockPath(dataDir);
  const content = `${JSON.stringify({
    pid: process.pid,
    started: processIdentity(process.pid),
    token: randomBytes(8).toString('hex'),
  })}\n`;
  const unique = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  for (;;) {
    // Written apart, then linked into place: the lock appears whole or not at all, never empty.
    writeFileSync(unique, content, { flag: 'wx' });
    try {
      linkSync(unique, file);
      held.set(file, content);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(unique, { force: true });
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const owner = parseOwner(text);
    if (ownerIsAlive(file, text, owner)) throw new DatabaseInUseError(dataDir, owner!.pid);
    takeOver(file, text);
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8') === content) rmSync(file, { force: true });
    } catch {
      // Already gone.
    } finally {
      if (held.get(file) === content) held.delete(file);
    }
  };
}

/**
 * Removes a stale lock file, unless another process replaced it since it was read: the file is moved
 * aside atomically first, and put back when what was moved is not the stale text.
 */
function takeOver(file: string, staleText: string): void {
  const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleText) {
      try {
        linkSync(aside, file);
      } catch {
        // Someone else's lock is in place already.
      }
    }
  } finally {
    rmSync(aside, { force: true });
  }
}
