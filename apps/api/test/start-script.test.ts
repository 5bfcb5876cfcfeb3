import { type ChildProcess, spawn } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { BUILD_TARGETS, fingerprint, targetsToBuild } from '../../../scripts/build-fingerprint.mjs';
import { freePort } from './support';

// `npm start` (scripts/start.mjs) behind a process manager: stopping npm must stop the server (port
// and embedded database released), and a start after the sources changed (a `git pull`) must build
// again rather than serve the old build. The script runs for real, through npm, in a copy of the
// repository's layout: the real server bundled from apps/api/src, a fake build counting its calls.

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const [web, api] = BUILD_TARGETS as [(typeof BUILD_TARGETS)[0], (typeof BUILD_TARGETS)[0]];

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not so after ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe('npm start', () => {
  let root: string;
  let storage: string;
  let buildLog: string;
  const running: ChildProcess[] = [];

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'gestor-start-'));
    storage = path.join(root, 'storage');
    buildLog = path.join(root, 'builds.log');
    mkdirSync(path.join(root, 'scripts'));
    for (const file of ['start.mjs', 'build-fingerprint.mjs']) {
      copyFileSync(path.join(repository, 'scripts', file), path.join(root, 'scripts', file));
    }
    symlinkSync(path.join(repository, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    // Packages npm could not hoist (two versions in the tree) live beside the API.
    mkdirSync(path.join(root, 'apps/api'), { recursive: true });
    symlinkSync(
      path.join(repository, 'apps/api/node_modules'),
      path.join(root, 'apps/api/node_modules'),
      'dir',
    );
    write(
      path.join(root, 'package.json'),
      JSON.stringify({
        name: 'gestor-start-test',
        private: true,
        type: 'module',
        scripts: { start: 'node scripts/start.mjs' },
      }),
    );
    write(path.join(root, 'package-lock.json'), '{}\n');
    write(path.join(root, 'apps/web/index.html'), '<!doctype html><div id="root"></div>\n');
    write(path.join(root, 'apps/web/src/main.tsx'), 'export const version = 1;\n');
    write(path.join(root, 'apps/web/public/themes/generated.css'), 'body{}\n');
    write(path.join(root, 'apps/api/src/server.ts'), 'export const version = 1;\n');
    // Built before (by hand, or by a version of the script that recorded nothing).
    write(path.join(root, 'apps/web/dist/index.html'), '<!doctype html><div id="root"></div>\n');
    write(path.join(root, 'packages/shared/src/index.ts'), 'export const version = 1;\n');
    // The real server, built as apps/api/build.mjs does (npm packages stay outside the bundle).
    const pkg = JSON.parse(readFileSync(path.join(repository, 'apps/api/package.json'), 'utf8'));
    await build({
      entryPoints: [path.join(repository, 'apps/api/src/server.ts')],
      outfile: path.join(root, 'apps/api/dist/server.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@gestor/')),
      logLevel: 'warning',
    });
    // The fake build: notes which workspace it built, and makes the SPA's output exist.
    write(
      path.join(root, 'fake-build.mjs'),
      [
        `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';`,
        `const workspace = process.argv[2];`,
        `appendFileSync(${JSON.stringify(buildLog)}, workspace + '\\n');`,
        `if (workspace === 'apps/web') {`,
        `  mkdirSync('apps/web/dist', { recursive: true });`,
        `  writeFileSync('apps/web/dist/index.html', '<!doctype html><div id="root"></div>');`,
        `}`,
      ].join('\n'),
    );
  });

  afterEach(() => {
    // Whatever a failed test left running.
    for (const child of running.splice(0)) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const builds = () =>
    existsSync(buildLog) ? readFileSync(buildLog, 'utf8').split('\n').filter(Boolean) : [];

  /** `npm start` until the server listens; returns npm's process and the port. */
  async function start(
    env: Record<string, string | undefined> = {},
  ): Promise<{ npm: ChildProcess; port: number; output: () => string }> {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: root,
      // Its own process group, as under a process manager, so that only npm gets the signal.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        APP_KEY: `base64:${Buffer.alloc(32, 7).toString('base64')}`,
        APP_URL: `http://127.0.0.1:${port}`,
        STORAGE_PATH: storage,
        ADMIN_PASSWORD: 'contraseña-de-prueba',
        LOG_LEVEL: 'warn',
        GESTOR_BUILD_COMMAND: `node ${JSON.stringify(path.join(root, 'fake-build.mjs'))}`,
        ...env,
      },
    });
    running.push(npm);
    let output = '';
    npm.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    npm.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    let exited = false;
    npm.once('exit', () => {
      exited = true;
    });
    await eventually(
      () => {
        if (exited) throw new Error(`npm start ended:\n${output}`);
        return output.includes('escuchando en');
      },
      'the server listens',
      90_000,
    );
    return { npm, port, output: () => output };
  }

  /** SIGTERM to npm alone, as a process manager stopping it; then the server must be gone too. */
  async function stopNpm({ npm, port }: { npm: ChildProcess; port: number }) {
    const exited = new Promise((resolve) => npm.once('exit', resolve));
    process.kill(npm.pid!, 'SIGTERM');
    await exited;
    await eventually(async () => !(await accepts(port)), `port ${port} released`);
    await eventually(() => !existsSync(path.join(storage, 'db.pid')), 'storage/db.pid released');
  }

  test('the first administrator’s generated password is framed after «escuchando», not scrolled away by request lines', async () => {
    // Issue 30. LOG_FORMAT=pretty stands for a terminal (auto decides by stdout being one).
    const fresh = path.join(root, 'storage-first-start');
    const server = await start({
      STORAGE_PATH: fresh,
      ADMIN_PASSWORD: undefined,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
    });
    await eventually(() => server.output().includes('╚'), 'the framed block');
    for (let i = 0; i < 3; i++) await fetch(`http://127.0.0.1:${server.port}/api/user`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const output = server.output();
    const listening = output.indexOf('escuchando en');
    const frame = output.slice(output.indexOf('╔'), output.indexOf('╝') + 1);
    expect(output.indexOf('╔')).toBeGreaterThan(listening);
    expect(frame).toContain('Correo:      admin@example.com');
    expect(frame).toMatch(/Contraseña: {2}[A-Za-z0-9_-]{16}/);
    expect(frame).toContain('npm run artisan -- user:password --email admin@example.com');
    // Nothing per request at info, and no JSON: what follows the frame is what a person reads.
    expect(output).not.toContain('"level"');
    expect(output).not.toContain('request completed');
    expect(output.slice(output.indexOf('╝')).trim()).toBe('╝');
    await stopNpm(server);
    rmSync(fresh, { recursive: true, force: true });
  }, 150_000);

  test('SIGTERM to npm stops the server: the port and the embedded database are released', async () => {
    const server = await start();
    expect(await accepts(server.port)).toBe(true);
    expect(existsSync(path.join(storage, 'db.pid'))).toBe(true);
    await stopNpm(server);
  }, 150_000);

  test('a start after the sources changed builds again what they belong to, and only that', async () => {
    rmSync(buildLog, { force: true });
    for (const target of [web, api]) rmSync(path.join(root, target.stamp), { force: true });

    // Built outputs, but nothing says from which sources: both are built.
    await stopNpm(await start());
    expect(builds()).toEqual(['apps/web', 'apps/api']);

    // Nothing changed: nothing is built.
    await stopNpm(await start());
    expect(builds()).toEqual(['apps/web', 'apps/api']);

    // A `git pull` changed the SPA's sources: the SPA is built again, the API is not.
    appendFileSync(path.join(root, 'apps/web/src/main.tsx'), 'export const pulled = true;\n');
    await stopNpm(await start());
    expect(builds()).toEqual(['apps/web', 'apps/api', 'apps/web']);
  }, 300_000);

  test('the fingerprint follows contents, not file times, and ignores what the build writes', () => {
    const before = fingerprint(root, web, {});
    const source = path.join(root, 'apps/web/src/main.tsx');
    utimesSync(source, new Date(), new Date(Date.now() + 60_000));
    write(path.join(root, 'apps/web/public/themes/generated.css'), 'body{color:red}\n');
    write(path.join(root, 'apps/web/node_modules/x/index.js'), 'x\n');
    expect(fingerprint(root, web, {})).toBe(before);
    expect(fingerprint(root, web, { PATH: '/elsewhere' })).toBe(before);

    expect(fingerprint(root, web, { VITE_API_BASE_URL: 'https://api.example.org' })).not.toBe(before);
    write(path.join(root, 'apps/web/src/new-screen.tsx'), '\n');
    expect(fingerprint(root, web, {})).not.toBe(before);
    rmSync(path.join(root, 'apps/web/src/new-screen.tsx'));
    expect(fingerprint(root, web, {})).toBe(before);

    // The shared package belongs to both; the SPA's sources to the SPA alone.
    const apiBefore = fingerprint(root, api, {});
    appendFileSync(path.join(root, 'apps/web/src/main.tsx'), '// x\n');
    expect(fingerprint(root, api, {})).toBe(apiBefore);
    appendFileSync(path.join(root, 'packages/shared/src/index.ts'), '// x\n');
    expect(fingerprint(root, api, {})).not.toBe(apiBefore);
    expect(targetsToBuild(root, {}).map(({ target }) => target.workspace)).toEqual(['apps/web', 'apps/api']);
  });
});
