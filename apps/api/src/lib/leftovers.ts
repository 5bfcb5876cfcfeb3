import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { isRunning } from './processes';

// What a crash leaves behind, which nothing else would ever remove: an upload on its way in
// STORAGE_PATH/tmp, a file half-written beside its place on the local disk. Each carries its writer in
// its name (`<host>.<pid>.<random>`), so a start removes what a dead process wrote at once, and never
// what a server still running (a second one on the same STORAGE_PATH, or in this very process) is
// writing now. Only what was last changed before this process started can be a crash's leftover.

/** This machine, as it may appear in a file name. */
const HOST =
  hostname()
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, 40) || 'host';

/** When this process started (ms since the epoch). */
const STARTED = performance.timeOrigin;

/** Entries of another machine, or with no writer in their name, are left for this long. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Who writes a scratch file or folder, for its name: `<host>.<pid>.<random>`. */
export function scratchTag(): string {
  return `${HOST}.${process.pid}.${randomBytes(6).toString('hex')}`;
}

/** The tag at the end of a name (before an optional `.tmp`). */
const TAG = /(?:^|\.)([a-z0-9-]{1,40})\.(\d{1,10})\.[0-9a-f]{12}(?:\.tmp)?$/;

/**
 * Whether an entry last changed at `modifiedMs` is what an ended process left: written before this
 * process started, by a process of this machine that no longer runs (or that had this pid before: a
 * container's restarted pid 1). Of another machine, or unnamed, only once older than ABANDONED_AFTER_MS.
 */
export function isLeftover(name: string, modifiedMs: number, now = Date.now()): boolean {
  if (modifiedMs >= STARTED) return false;
  const writer = TAG.exec(name);
  if (writer?.[1] === HOST) {
    const pid = Number(writer[2]);
    return pid === process.pid || !isRunning(pid);
  }
  return now - modifiedMs > ABANDONED_AFTER_MS;
}

/**
 * Removes the entries of `directory` (files, or folders with all they hold) that `select` picks by
 * name and that are leftovers. A missing directory holds none. Returns how many were removed.
 */
export async function sweepLeftovers(
  directory: string,
  select: (name: string) => boolean = () => true,
): Promise<number> {
  const names = await readdir(directory).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter(select)) {
    const entry = path.join(directory, name);
    const info = await stat(entry).catch(() => null);
    if (info && isLeftover(name, info.mtimeMs)) {
      await rm(entry, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
