import pg from 'pg';

// With E2E_DATABASE_URL set, the browser tests run on PostgreSQL instead of PGlite: a throwaway
// database of their own on that server, created here and dropped at the end.

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createThrowawayDatabase(serverUrl: string, name: string): Promise<ThrowawayDatabase> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
