import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openPglite } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { scratchTag } from '../src/lib/leftovers';
import { createLocalStorage } from '../src/lib/storage/local-storage';
import { createS3Storage } from '../src/lib/storage/s3-storage';
import type { Storage } from '../src/lib/storage/storage';
import { openTestDatabase, startTestServer, testDatabases } from './support';

// Crashes leave nothing behind: what a killed server was writing is removed at the next start, and
// `storage:prune` finds (and with --force deletes) stored media files no multimedia row names — never
// a named one, never one younger than the hour an upload may take to commit its row.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HOUR = 60 * 60 * 1000;

/** A pid no process has now: one that has just ended. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(ended.stdout);
}

/** The name a scratch entry of process `pid` on this machine has (lib/leftovers.ts). */
const tagOf = (pid: number) => scratchTag().replace(`.${process.pid}.`, `.${pid}.`);

async function age(file: string, when: number) {
  await utimes(file, new Date(when), new Date(when));
}

async function put(file: string, text: string, when: number) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  await age(file, when);
}

describe('what a killed server was writing', () => {
  let live: ChildProcess;
  beforeAll(() => {
    live = spawn('sleep', ['120'], { stdio: 'ignore' });
  });
  afterAll(() => {
    live.kill('SIGKILL');
  });

  test('is removed at the next start; what a running server writes, and stored files, are kept', async () => {
    const storage = await mkdtemp(path.join(tmpdir(), 'gestor-leftovers-'));
    const tmp = path.join(storage, 'tmp');
    const media = path.join(storage, 'app', 'public', 'media');
    // A moment before this process (where the server starts) started: a crash just before the restart.
    const beforeStart = performance.timeOrigin - 60_000;
    const dead = deadPid();
    const running = live.pid!;
    const deadFolder = tagOf(dead);
    const runningFolder = tagOf(running);

    await put(path.join(tmp, deadFolder, 'upload-0123abcd'), 'media subida', beforeStart);
    await age(path.join(tmp, deadFolder), beforeStart);
    await put(path.join(tmp, runningFolder, 'upload-4567cdef'), 'subiendo', beforeStart);
    await put(path.join(tmp, 'upload-sin-dueno-viejo'), 'x', Date.now() - 2 * HOUR);
    await put(path.join(tmp, 'upload-sin-dueno-reciente'), 'x', beforeStart);
    const halfDead = `.a1b2.webp.${tagOf(dead)}.tmp`;
    const halfRunning = `.c3d4.webp.${tagOf(running)}.tmp`;
    await put(path.join(media, halfDead), 'medio', beforeStart);
    await put(path.join(media, halfRunning), 'medio', beforeStart);
    await put(path.join(media, 'e5f6.webp'), 'guardado', beforeStart);

    const server = await startTestServer('pglite', { STORAGE_PATH: storage });
    try {
      // The dead server's folder and the untagged file of two hours ago are gone.
      expect((await readdir(tmp)).sort()).toEqual([runningFolder, 'upload-sin-dueno-reciente'].sort());
      expect((await readdir(media)).sort()).toEqual([halfRunning, 'e5f6.webp'].sort());

      // An upload now waits in this server's own folder, which goes when the server stops.
      const { client } = await server.signIn({ roles: ['admin'] });
      const pdf = Buffer.from(
        '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
      );
      expect((await client.upload('/api/multimedia', { name: 'bases.pdf', bytes: pdf })).status).toBe(201);
    } finally {
      await server.close();
    }
    expect((await readdir(tmp)).sort()).toEqual([runningFolder, 'upload-sin-dueno-reciente'].sort());
    await rm(storage, { recursive: true, force: true });
  }, 60_000);
});
