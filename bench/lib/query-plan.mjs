import pg from 'pg';

// What PostgreSQL does with a statement: EXPLAIN ANALYZE through the raw driver (the statement's own
// parameters bound, so the plan is the custom plan the API gets), and the median execution time of a
// few more runs without per-node timing (which would inflate the figure).

/** @typedef {{ text: string, values: unknown[] }} Statement */

/** @param {string} planText */
export const executionMs = (planText) =>
  Number(/Execution Time: ([\d.]+) ms/.exec(planText)?.[1] ?? Number.NaN);

/**
 * @param {string} databaseUrl
 * @param {(client: import('pg').Client) => Promise<T>} fn
 * @template T
 * @returns {Promise<T>}
 */
export async function withDatabase(databaseUrl, fn) {
  const client = new pg.Client({ connectionString: databaseUrl, statement_timeout: 60_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of `statement`: the plan's text, one line per row.
 * @param {import('pg').Client} client
 * @param {Statement} statement
 */
export async function explainAnalyze(client, statement) {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
  return rows.map((row) => String(row['QUERY PLAN'])).join('\n');
}

/**
 * Median planning and execution times (ms) of `runs` EXPLAIN (ANALYZE, TIMING OFF) of `statement`,
 * after one run to warm the caches.
 * @param {import('pg').Client} client
 * @param {Statement} statement
 */
export async function medianTimes(client, statement, runs = 7) {
  const planning = [];
  const execution = [];
  for (let i = 0; i <= runs; i++) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, TIMING OFF) ${statement.text}`, statement.values);
    const text = rows.map((row) => String(row['QUERY PLAN'])).join('\n');
    if (i === 0) continue;
    planning.push(Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1] ?? Number.NaN));
    execution.push(executionMs(text));
  }
  /** @param {number[]} values */
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  return { planning: median(planning), execution: median(execution) };
}

/**
 * The plan as EXPLAIN prints it, shorter for a report's notes: the estimated costs dropped, only the
 * node lines, the SubPlans, InitPlans and CTEs and the facts that tell how it went (conditions, sort method, heap blocks,
 * JIT, times).
 * @param {string} planText
 */
export function planOutline(planText) {
  const lines = [];
  for (const line of planText.split('\n')) {
    if (/\(cost=|^\s*(SubPlan|InitPlan|CTE) /.test(line)) {
      lines.push(line.replace(/\s*\(cost=[^)]*\)/, '').replace('(actual ', '('));
    } else if (
      /^\s*(Sort Method|Heap Blocks|Recheck Cond|Index Cond|Filter|Planning Time|Execution Time|JIT|Timing|Functions):?/.test(
        line,
      )
    ) {
      lines.push(line);
    }
  }
  return lines.map((line) => line.trimEnd());
}
