// `npm start`: builds what is missing or out of date (build-fingerprint.mjs), then runs the server
// (SPA + API on one origin) in this very process, so a signal sent to it reaches the server itself.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { recordFingerprint, targetsToBuild } from './build-fingerprint.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The build running now, if any (in a process group of its own, so all of it can be stopped). */
let build = null;
let serving = false;

/**
 * Stops as if this process had received `signal`: while building, the build stops and so does this
 * process; once the server runs, the signal goes to this process, where the server closes (its
 * connections, then the database and its lock) and exits.
 */
function stop(signal) {
  if (serving) {
    process.kill(process.pid, signal);
    return;
  }
  if (build) {
    try {
      process.kill(-build.pid, signal);
    } catch {
      // Already ended.
    }
  }
  process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }[signal] ?? 15));
}

const beforeServing = (signal) => stop(signal);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, beforeServing);

// `npm start` runs this through `sh -c`, and npm answers SIGTERM (a process manager stopping it) by
// passing it to that shell, which dies of it without passing it on: this process would run on, an
// orphan holding the port and the database. So, under npm, losing the parent means stopping.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(watch);
      stop('SIGTERM');
    }
  }, 200);
  watch.unref();
}

function runBuild(workspace) {
  // Test-only: GESTOR_BUILD_COMMAND replaces `npm run build -w` (the workspace is appended).
  const custom = process.env.GESTOR_BUILD_COMMAND;
  const child = custom
    ? spawn(`${custom} ${workspace}`, { cwd: root, stdio: 'inherit', shell: true, detached: true })
    : spawn('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit', detached: true });
  build = child;
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`No se pudo compilar ${workspace}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  }).finally(() => {
    build = null;
  });
}

for (const { target, fingerprint, reason } of targetsToBuild(root)) {
  console.log(`Compilando ${target.workspace} (${reason})…`);
  const status = await runBuild(target.workspace);
  if (status !== 0) process.exit(status);
  recordFingerprint(root, target, fingerprint);
}

// From here on the server handles SIGINT and SIGTERM itself (closing cleanly); SIGHUP (the terminal
// went away) is taken as SIGTERM.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(signal, beforeServing);
process.on('SIGHUP', () => process.kill(process.pid, 'SIGTERM'));
serving = true;
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
