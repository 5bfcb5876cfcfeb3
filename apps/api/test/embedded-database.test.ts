import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DatabaseInUseError, openPglite } from '../src/db/client';
import { processIdentity } from '../src/lib/processes';
import { artisan } from './support/artisan';

// The embedded database is PostgreSQL inside one process: a second process opening the same directory
// (a CLI task while the server runs) would corrupt it, so it is refused with one clear line.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Opens the directory: this process now owns the lock, and the database answers. */
async function expectTakenOver(dataDir: string) {
  const database = openPglite(dataDir);
  try {
    expect(JSON.parse(readFileSync(`${dataDir}.pid`, 'utf8')).pid).toBe(process.pid);
    expect(await database.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  } finally {
    await database.close();
  }
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
    expect(JSON.parse(readFileSync(`${dataDir}.pid`, 'utf8')).pid).toBe(process.pid);

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
    await expectTakenOver(dataDir);
  });

  // After `kill -9` the file stays. In a container the restarted server is pid 1 again, like the dead
  // one that wrote it; elsewhere the pid may have gone to an unrelated process. Neither owns the
  // database: refusing would leave a server that never starts again (a container restarting forever).

  test('a lock naming this very process, left by an earlier run with the same pid, is taken over', async () => {
    const dataDir = path.join(storage, 'db');
    for (const stale of [
      String(process.pid),
      JSON.stringify({ pid: process.pid, started: processIdentity(process.pid), token: 'earlier-run' }),
    ]) {
      writeFileSync(`${dataDir}.pid`, stale);
      const database = openPglite(dataDir);
      try {
        expect(await database.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
      }
      expect(existsSync(`${dataDir}.pid`)).toBe(false);
    }
  });

  test.runIf(process.platform === 'linux')(
    'a lock naming a live process that started at another time (a reused pid) is taken over',
    async () => {
      const dataDir = path.join(storage, 'db');
      const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        const pid = sleeper.pid!;
        // The live process's own identity keeps the lock…
        writeFileSync(`${dataDir}.pid`, JSON.stringify({ pid, started: processIdentity(pid) }));
        expect(() => openPglite(dataDir)).toThrow(DatabaseInUseError);
        // …another start time means the pid was reused: whoever wrote the file is gone.
        writeFileSync(`${dataDir}.pid`, JSON.stringify({ pid, started: 'otro-arranque:1' }));
        const database = openPglite(dataDir);
        try {
          expect(await database.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
        } finally {
          await database.close();
        }
      } finally {
        sleeper.kill('SIGKILL');
      }
    },
  );

  test.runIf(process.platform === 'linux')(
    'a lock left by a process killed with SIGKILL and not yet reaped (a zombie) is taken over',
    async () => {
      const dataDir = path.join(storage, 'db');
      // The shell starts the owner in the background, prints its pid and becomes `sleep` itself
      // (exec), a parent that never waits for its children: once killed, the owner stays a zombie.
      const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const pid = await new Promise<number>((resolve, reject) => {
          let printed = '';
          parent.stdout?.on('data', (chunk: Buffer) => {
            printed += chunk.toString();
            if (printed.endsWith('\n')) resolve(Number(printed.trim()));
          });
          parent.once('error', reject);
        });
        // Until the shell has become `sleep`, it might still collect its child itself.
        const until = async (done: () => boolean) => {
          for (let tries = 0; !done() && tries < 250; tries++) {
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        await until(() => readFileSync(`/proc/${parent.pid}/comm`, 'utf8') === 'sleep\n');
        writeFileSync(`${dataDir}.pid`, JSON.stringify({ pid, started: processIdentity(pid) }));
        expect(() => openPglite(dataDir)).toThrow(DatabaseInUseError);

        process.kill(pid, 'SIGKILL');
        const state = () => {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
        };
        await until(() => state() === 'Z');
        expect(state()).toBe('Z');

        await expectTakenOver(dataDir);
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );

  test('a database really open in another live process is refused, in one Spanish line', async () => {
    const dataDir = path.join(storage, 'db');
    const script = [
      `import { openPglite } from ${JSON.stringify(path.join(root, 'apps/api/src/db/client.ts'))};`,
      `const database = openPglite(${JSON.stringify(dataDir)});`,
      `await database.query('SELECT 1');`,
      `process.stdout.write('abierta\\n');`,
      `process.stdin.on('end', async () => { await database.close(); process.exit(0); }).resume();`,
    ].join('\n');
    const holder: ChildProcess = spawn(
      process.execPath,
      // In this very process (tsx as a loader, not tsx's CLI, which would start a child), so its pid is the owner.
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      const opened = new Promise<void>((resolve, reject) => {
        holder.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('abierta')) resolve();
        });
        holder.once('exit', (code) => reject(new Error(`the holder ended (${code})`)));
      });
      await opened;
      let refusal: unknown;
      try {
        openPglite(dataDir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DatabaseInUseError);
      expect((refusal as Error).message).toContain(`está abierta en otro proceso (pid ${holder.pid})`);

      const refused = artisan(storage, 'migrate');
      expect(refused.status).toBe(1);
      expect(refused.stderr.trim().split('\n')).toEqual([(refusal as Error).message]);
    } finally {
      const ended = new Promise<void>((resolve) => {
        holder.once('exit', () => resolve());
      });
      holder.stdin?.end();
      await ended;
    }
    // Closed by its owner: the lock is gone.
    expect(existsSync(`${dataDir}.pid`)).toBe(false);
  }, 120_000);
});
