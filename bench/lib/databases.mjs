import pg from 'pg';

// The engines a bench run measures: PGlite always; PostgreSQL when BENCH_DATABASE_URL is set or a
// server answers at postgres://postgres@127.0.0.1:5432. On PostgreSQL each run gets a throwaway
// database (gestor_bench_<pid>), dropped at the end.

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * @template T
 * @param {string} url
 * @param {(client: import('pg').Client) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL server to use, or null: BENCH_DATABASE_URL, else the local one if it answers.
 * @returns {Promise<string | null>}
 */
export async function findPostgres() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  try {
    await withClient(LOCAL_POSTGRES, (client) => client.query('SELECT 1'));
    return LOCAL_POSTGRES;
  } catch {
    return null;
  }
}

/**
 * Creates gestor_bench_<pid> on that server; `drop()` removes it.
 * @param {string} serverUrl
 * @returns {Promise<{ url: string, drop(): Promise<void> }>}
 */
export async function createThrowawayDatabase(serverUrl) {
  const name = `gestor_bench_${process.pid}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
