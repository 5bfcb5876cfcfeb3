import { readFileSync } from 'node:fs';

// Whether a process named by a pid file still runs, and which process it is beyond its pid: the
// embedded database's lock (db/data-dir-lock.ts) and the files a crashed write left behind
// (leftovers.ts) both ask. On Linux from /proc; elsewhere kill(pid, 0) alone.

let bootId: string | null | undefined;

/** The fields of /proc/<pid>/stat from field 3 (the state) on; null where there is no /proc entry. */
function statFields(pid: number): string[] | null {
  if (process.platform !== 'linux') return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command name, in parentheses) may itself hold spaces and parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * What tells this process apart from a later one with the same pid: on Linux the boot id and the
 * start time in clock ticks since boot; null where /proc is not there (or the process is not visible).
 */
export function processIdentity(pid: number): string | null {
  if (process.platform !== 'linux') return null;
  try {
    bootId ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    bootId = null;
  }
  const started = statFields(pid)?.[22 - 3];
  return started && /^\d+$/.test(started) ? `${bootId ?? 'linux'}:${started}` : null;
}

/**
 * Whether a process runs: it exists and, where /proc tells (Linux), it is not a zombie (Z) or dead (X),
 * a process that has ended and waits only for its parent to collect its exit status.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = statFields(pid)?.[0];
  return state !== 'Z' && state !== 'X';
}
