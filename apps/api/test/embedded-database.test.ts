import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DatabaseInUseError, openPglite } from '../src/db/client';

// The embedded database is PostgreSQL inside one process: a second process opening the same directory
// (a CLI task while the server runs) would corrupt it, so it is refused with one clear line.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function artisan(storage: string, ...args: string[]) {
  return spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'apps/api/src/cli.ts'), ...args],
    {
      cwd: storage,
      env: { PATH: process.env.PATH, APP_ENV: 'test', STORAGE_PATH: storage },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
}

describe('the embedded database belongs to one process', () => {
  let storage: string;
  beforeEach(() => {
    storage = mkdtempSync(path.join(tmpdir(), 'gestor-embedded-'));
  });
  afterEach(() => rmSync(storage, { recursive: true, force: true }));

  test('a CLI task while the directory is open elsewhere is refused in one line, and works after', async () => {
    const dataDir = path.join(storage, 'db');
    const database = openPglite(dataDir);
    await database.query('SELECT 1');
    expect(readFileSync(`${dataDir}.pid`, 'utf8')).toBe(String(process.pid));

    const refused = artisan(storage, 'migrate');
    expect(refused.status).toBe(1);
    const lines = refused.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('está abierta en otro proceso');
    expect(lines[0]).toContain(`pid ${process.pid}`);

    await database.close();
    expect(existsSync(`${dataDir}.pid`)).toBe(false);
    const ran = artisan(storage, 'migrate');
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    expect(ran.stdout).toContain('Migraciones aplicadas');
  }, 120_000);

  test('opening it twice in one process is refused too', async () => {
    const dataDir = path.join(storage, 'db');
    const database = openPglite(dataDir);
    try {
      expect(() => openPglite(dataDir)).toThrow(DatabaseInUseError);
    } finally {
      await database.close();
    }
  });

  test('a lock left by a process that has ended is taken over', async () => {
    const dataDir = path.join(storage, 'db');
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(`${dataDir}.pid`, ended.stdout);
    const database = openPglite(dataDir);
    try {
      expect(readFileSync(`${dataDir}.pid`, 'utf8')).toBe(String(process.pid));
      expect(await database.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
