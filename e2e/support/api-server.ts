import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// Runs the built API (apps/api/dist) the way production does: `node dist/cli.js …` for set-up tasks
// and `node dist/server.js`, configured only by environment variables.

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const apiDist = path.join(repoRoot, 'apps/api/dist');
const webDist = path.join(repoRoot, 'apps/web/dist');

export function checkBuilt(): void {
  for (const file of [path.join(apiDist, 'server.js'), path.join(apiDist, 'cli.js')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist}/index.html is missing: run \`npm run build\` first`);
  }
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The environment the API gets: only what is listed here plus PATH and HOME, so a developer's own
 * DATABASE_URL or MAIL_* never leaks into a test run. The working directory is a temporary one, so
 * no `.env` file is read either.
 */
export function apiEnvironment(vars: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, APP_ENV: 'test', ...vars };
}

/** Runs one CLI command to completion (PGlite is single-process: never while the server runs). */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [path.join(apiDist, 'cli.js'), ...args], {
      env,
      cwd,
      // A CLI command (PGlite start, migrations) takes seconds alone, minutes on a busy 2-core runner.
      timeout: 180_000,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`cli.js ${args[0]} failed:\n${stdout}${stderr}`);
  }
}

export interface RunningServer {
  url: string;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

/** Starts dist/server.js and resolves once GET /up answers 200; its output goes to `logFile`. */
export async function startServer(options: {
  env: NodeJS.ProcessEnv;
  cwd: string;
  url: string;
  logFile: string;
  timeoutMs?: number;
}): Promise<RunningServer> {
  const log = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, [path.join(apiDist, 'server.js')], {
    env: options.env,
    cwd: options.cwd,
    stdio: ['ignore', log, log],
  });
  const server: RunningServer = {
    url: options.url,
    pid: child.pid ?? 0,
    logFile: options.logFile,
    stop: () => stopProcess(child),
  };
  try {
    await waitUntilUp(options.url, child, options.timeoutMs ?? 60_000);
  } catch (error) {
    await server.stop();
    const output = readFileSync(options.logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${(error as Error).message}\nServer output (${options.logFile}):\n${output}`);
  }
  return server;
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before answering /up`);
    }
    try {
      const response = await fetch(`${url}/up`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer 200 on ${url}/up within ${timeoutMs} ms`);
}

/** SIGTERM (the server closes its database cleanly), then SIGKILL if it is still there after 10 s. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
