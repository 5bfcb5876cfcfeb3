import { readFileSync, writeFileSync } from 'node:fs';

// The resident memory of another process (the API server), from Linux's /proc/<pid>/status:
// VmRSS (now) and VmHWM (the peak since start, or since it was reset through clear_refs).

/**
 * VmRSS and VmHWM of `pid`, in bytes.
 * @param {number} pid
 */
export function readMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  /** @param {string} field */
  const kb = (field) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]) * 1024;
  };
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/**
 * Resets VmHWM to the current RSS (`echo 5 > /proc/<pid>/clear_refs`, Linux ≥ 4.0). Returns false
 * when the kernel does not allow it; the sampled peak is then the only one.
 * @param {number} pid
 */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Samples the RSS of `pid` every `intervalMs` while `work` runs. The peak is the largest of the
 * samples and, when the kernel let the bench reset it first, of VmHWM (which sees between samples).
 * @template T
 * @param {number} pid
 * @param {() => Promise<T>} work
 * @param {{ intervalMs?: number, maxSamples?: number }} [options]
 */
export async function samplePeakDuring(pid, work, { intervalMs = 20, maxSamples = 30_000 } = {}) {
  // The RSS just before: the median of a few samples, so one transient spike does not set it.
  const before = [];
  for (let i = 0; i < 5; i++) {
    before.push(readMemory(pid).rss);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  before.sort((a, b) => a - b);
  const baseline = before[2] ?? 0;
  const hwmReset = resetPeak(pid);
  const hwmBefore = readMemory(pid).hwm;
  /** @type {number[]} */
  const samples = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling && samples.length < maxSamples) {
      samples.push(readMemory(pid).rss);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  let result;
  try {
    result = await work();
    // A little longer: memory freed at the very end of a request is still counted if it peaks there.
    await new Promise((resolve) => setTimeout(resolve, 5 * intervalMs));
  } finally {
    sampling = false;
    await sampler;
  }
  const after = readMemory(pid);
  const sampledPeak = Math.max(...samples);
  const peak = hwmReset ? Math.max(sampledPeak, after.hwm) : sampledPeak;
  return {
    result,
    baseline,
    peak,
    growth: peak - baseline,
    sampledPeak,
    samples: samples.length,
    hwmReset,
    hwmBefore,
    hwmAfter: after.hwm,
    rssAfter: after.rss,
  };
}
