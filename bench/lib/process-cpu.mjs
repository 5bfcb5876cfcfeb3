import { readFileSync } from 'node:fs';

// The CPU time another process has used (user + system), from Linux's /proc/<pid>/stat, in
// seconds. Divided by the requests it answered meanwhile, it is what one request costs that
// process, whatever else the machine was doing: a figure that moves far less than requests/s on a
// shared two-core machine, where the load generator competes for the same cores.

const TICKS_PER_SECOND = 100;

/** @param {number} pid */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, so 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Runs `work` and returns its result with the microseconds of CPU `pid` used per request, given how
 * many requests the work reports (`total`).
 * @template {{ total: number }} T
 * @param {number} pid
 * @param {() => Promise<T>} work
 * @returns {Promise<T & { cpuMicrosPerRequest: number | null }>}
 */
export async function withCpuPerRequest(pid, work) {
  if (!pid) return { ...(await work()), cpuMicrosPerRequest: null };
  const before = cpuSeconds(pid);
  const result = await work();
  const used = cpuSeconds(pid) - before;
  return { ...result, cpuMicrosPerRequest: result.total ? (used * 1e6) / result.total : null };
}
