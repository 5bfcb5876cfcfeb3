import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../src/db/client';
import { scratchTag } from '../src/lib/leftovers';
import { createLocalStorage } from '../src/lib/storage/local-storage';
import { createS3Storage } from '../src/lib/storage/s3-storage';
import type { Storage } from '../src/lib/storage/storage';
import { openTestDatabase, startTestServer, testDatabases } from './support';
import { TSX_LOADER } from './support/artisan';
import { startS3rver } from './support/s3';

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

const execFileAsync = promisify(execFile);

/** `npm run artisan -- …` (tsx on cli.ts) in a process of its own, without blocking this one. */
async function artisan(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ['--import', TSX_LOADER, path.join(root, 'apps/api/src/cli.ts'), ...args],
      { cwd: env.STORAGE_PATH, env: { PATH: process.env.PATH, APP_ENV: 'test', ...env }, timeout: 60_000 },
    );
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const BUCKET = 'gestor-prune';

describe.each(testDatabases())('storage:prune (%s)', (engine) => {
  let work: string;
  let s3rver: S3rver;
  let s3Env: Record<string, string>;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'gestor-prune-'));
    const started = await startS3rver(path.join(work, 's3rver'), BUCKET);
    s3rver = started.s3rver;
    s3Env = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: started.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
  });
  afterAll(async () => {
    await s3rver?.close();
    await rm(work, { recursive: true, force: true });
  });

  /**
   * A migrated database the CLI opens too: PGlite in STORAGE_PATH/db, or a PostgreSQL database of its
   * own; a copy of the run's seeded snapshot either way (migrating it here took seconds each time).
   */
  async function sharedDatabase(
    storagePath: string,
  ): Promise<{ database: Database; env: Record<string, string>; done: () => Promise<void> }> {
    const { database, url, drop } = await openTestDatabase(engine, {
      seeded: true,
      ...(engine === 'pglite' ? { dataDir: path.join(storagePath, 'db') } : {}),
    });
    return { database, env: url ? { DATABASE_URL: url } : {}, done: drop };
  }

  const drivers: [string, (storagePath: string) => Storage, () => Record<string, string>][] = [
    [
      'local',
      (storagePath) =>
        createLocalStorage({ root: path.join(storagePath, 'app', 'public'), appUrl: 'http://gestor.test' }),
      () => ({}),
    ],
    [
      's3',
      () =>
        createS3Storage({
          bucket: BUCKET,
          region: 'us-east-1',
          endpoint: s3Env.S3_ENDPOINT,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          publicUrl: undefined,
          appUrl: 'http://gestor.test',
        }),
      () => s3Env,
    ],
  ];

  test.each(drivers)(
    'on %s: lists an unnamed file older than an hour, deletes it only with --force; keeps named and fresh ones',
    async (driver, storageIn, driverEnv) => {
      const storagePath = await mkdtemp(path.join(work, `${driver}-`));
      const storage = storageIn(storagePath);
      const shared = await sharedDatabase(storagePath);
      const prefix = `${driver}${engine}`;
      const named = [
        `media/${prefix}a.jpg`,
        `media/${prefix}a-thumbnail.webp`,
        `media/${prefix}a-medium.webp`,
      ];
      const orphan = `media/${prefix}huerfano.pdf`;
      const fresh = `media/${prefix}recien-subido.pdf`;
      const elsewhere = `otros/${prefix}ajeno.txt`;
      try {
        await shared.database.query(
          `INSERT INTO multimedia (file, original_name, mime_type, kind, size, checksum, variants)
           VALUES ($1, 'a.jpg', 'image/jpeg', 'image', 1, 'x', $2)`,
          [
            `${prefix}a.jpg`,
            JSON.stringify({
              thumbnail: { file: `${prefix}a-thumbnail.webp`, width: 1, height: 1 },
              medium: { file: `${prefix}a-medium.webp`, width: 1, height: 1 },
            }),
          ],
        );
        if (engine === 'pglite') await shared.done();
        for (const key of [...named, orphan, fresh, elsewhere]) {
          // A source of its own each: the local driver links it into place, so sources share times.
          const source = path.join(storagePath, `source-${key.replaceAll('/', '-')}`);
          await writeFile(source, key);
          await storage.putFile(key, source, { contentType: 'application/pdf', disposition: 'inline' });
        }
        // Two hours old, but the fresh one: on disk its file, on s3rver the file it keeps the object in.
        const twoHoursAgo = Date.now() - 2 * HOUR;
        for (const key of [...named, orphan, elsewhere]) {
          await age(
            driver === 'local'
              ? path.join(storagePath, 'app', 'public', key)
              : path.join(work, 's3rver', BUCKET, `${key}._S3rver_object`),
            twoHoursAgo,
          );
        }
        const env = { STORAGE_PATH: storagePath, ...shared.env, ...driverEnv() };

        const listed = await artisan(env, 'storage:prune');
        expect(listed.status, listed.stderr).toBe(0);
        expect(listed.stdout).toContain(orphan);
        for (const kept of [...named, fresh, elsewhere]) expect(listed.stdout).not.toContain(kept);
        expect(listed.stdout).toContain('1 archivos sin uso de más de 1 h. Bórrelos con --force.');
        const stored = async () => (await storage.list('')).map((object) => object.key).sort();
        expect(await stored()).toEqual([...named, orphan, fresh, elsewhere].sort());

        const forced = await artisan(env, 'storage:prune', '--force');
        expect(forced.status).toBe(0);
        expect(forced.stdout).toContain('1 archivos sin uso borrados.');
        expect(await stored()).toEqual([...named, fresh, elsewhere].sort());

        const again = await artisan(env, 'storage:prune', '--force');
        expect(again.stdout).toContain('No hay archivos sin uso de más de 1 h.');
      } finally {
        if (engine !== 'pglite') await shared.done();
      }
    },
    180_000,
  );
});
