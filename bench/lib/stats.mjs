/**
 * The p-th percentile (0–100) by the nearest-rank method.
 * @param {number[]} values
 * @param {number} p
 * @returns {number}
 */
export function percentile(values, p) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** @param {number} value */
export const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** @param {number} bytes */
export const formatKb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
