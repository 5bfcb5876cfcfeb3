import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, stopChild } from './ports.mjs';

/**
 * Starts lib/sql-server.mjs in its own process (as the API runs in its own) with the given statements.
 * @param {{ databaseUrl: string, statements: { rows: { text: string, values: unknown[] }, count: { text: string, values: unknown[] } | null } }} options
 */
export async function startSqlBaseline({ databaseUrl, statements }) {
  const port = await freePort();
  const child = fork(fileURLToPath(new URL('./sql-server.mjs', import.meta.url)), [], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      STATEMENTS: JSON.stringify(statements),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the SQL baseline server did not start in 15 s')),
      15_000,
    );
    child.once('message', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.once('exit', (code) => reject(new Error(`the SQL baseline server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}
