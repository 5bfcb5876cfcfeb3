import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { openPostgres } from '../../src/db/client';
import type { WebhookOptions } from '../../src/modules/webhooks/webhooks';

// One API server in a process of its own, on a test's PostgreSQL schema: what a second (or third)
// server process of an installation is. Started by tests with tsx; prints its address as one JSON
// line, and stops cleanly on SIGTERM.
//   argv[2]: {"url", "searchPath", "appKey", "webhooks"?}

const { url, searchPath, appKey, webhooks } = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  searchPath: string;
  appKey: string;
  webhooks?: WebhookOptions;
};

const storage = await mkdtemp(path.join(tmpdir(), 'gestor-process-'));
const config = loadConfig({
  APP_ENV: 'test',
  APP_KEY: appKey,
  DATABASE_URL: url,
  STORAGE_PATH: storage,
  WEBHOOKS_ALLOW_PRIVATE: 'true',
});
const database = openPostgres(url, { searchPath, max: 4 });
const app = await buildApp({ config, database, webDist: null, ...(webhooks ? { webhooks } : {}) });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ address, pid: process.pid })}\n`);

process.once('SIGTERM', () => {
  app
    .close()
    .then(() => database.close())
    .then(() => rm(storage, { recursive: true, force: true }))
    .then(() => process.exit(0))
    .catch(() => process.exit(1));
});
