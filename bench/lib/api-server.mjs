import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiDist, webDist } from './paths.mjs';
import { freePort, stopChild, waitForOk } from './ports.mjs';

// Starts the built server (apps/api/dist/server.js) on 127.0.0.1, configured only by environment
// variables, with a first administrator to sign in as. Its working directory is a temporary one,
// so a developer's .env is never read.

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-1234' };

/** Throws unless the build the bench measures is there (the SPA too, when `withWeb`). */
export function checkBuilt({ withWeb = true } = {}) {
  const files = [path.join(apiDist, 'server.js'), ...(withWeb ? [path.join(webDist, 'index.html')] : [])];
  for (const file of files) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
}

/**
 * @param {{ databaseUrl?: string | null }} options  PostgreSQL URL, or nothing for PGlite
 * @returns {Promise<{ url: string, pid: number, engine: string, databaseUrl: string | null, stop(): Promise<void> }>}
 */
export async function startApiServer({ databaseUrl = null } = {}) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'gestor-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    APP_ENV: 'test',
    APP_KEY: `base64:${randomBytes(32).toString('base64')}`,
    APP_URL: url,
    HOST: '127.0.0.1',
    PORT: String(port),
    STORAGE_PATH: path.join(workDir, 'storage'),
    MAIL_MAILER: 'log',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn',
    // The load generator is one client address: the public API's limit (decision 022) would stop it.
    PUBLIC_API_RATE_LIMIT: '1000000',
    // The webhook case's receiver listens on 127.0.0.1, which a webhook may reach only with this.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const logFile = path.join(workDir, 'server.log');
  const child = spawn(process.execPath, [path.join(apiDist, 'server.js')], {
    env,
    cwd: workDir,
    stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
  });
  const stop = async () => {
    await stopChild(child);
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${url}/up`, child, 60_000);
  } catch (error) {
    const output = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    await stop();
    throw new Error(`${/** @type {Error} */ (error).message}\nServer output:\n${output}`);
  }
  return { url, pid: child.pid ?? 0, engine: databaseUrl ? 'PostgreSQL' : 'PGlite', databaseUrl, stop };
}
