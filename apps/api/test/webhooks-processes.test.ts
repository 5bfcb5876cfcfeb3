import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { createUser, seedRoles } from '../src/db/seed';
import type { WebhookOptions } from '../src/modules/webhooks/webhooks';
import { TEST_PASSWORD, TestClient } from './support';
import { TSX_LOADER } from './support/artisan';
import { eventually, startReceiver, type WebhookReceiver } from './support/webhook-receiver';

// docs/webhooks.md: "With several server processes on one PostgreSQL, each delivery is sent by exactly
// one of them. A restart loses nothing that was committed." Real server processes of their own
// (support/webhook-process.ts), each with its own pool, on one PostgreSQL schema.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const url = process.env.TEST_DATABASE_URL;

interface ServerProcess {
  child: ChildProcess;
  address: string;
}

function startProcess(options: { searchPath: string; appKey: string; webhooks: WebhookOptions }) {
  return new Promise<ServerProcess>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      // One process (support/artisan.ts): with tsx's CLI, a SIGKILL left the server it had started
      // running, sending and polling the database after the test had "killed" it and the run had ended.
      [
        '--import',
        TSX_LOADER,
        path.join(root, 'apps/api/test/support/webhook-process.ts'),
        JSON.stringify({ url, ...options }),
      ],
      { cwd: root, env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line)
        resolve({ child, address: (JSON.parse(line) as { address: string }).address });
    });
    child.once('exit', (code) => reject(new Error(`The server process ended (${code}) before listening`)));
  });
}

function stopProcess(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  return new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill(signal);
  });
}

describe.skipIf(!url)('webhooks across server processes (pgsql)', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const searchPath = `${schema},public`;
  const appKey = `base64:${randomBytes(32).toString('base64')}`;
  const email = 'integraciones@example.com';
  let database: Database;
  let receiver: WebhookReceiver;
  const servers: ServerProcess[] = [];

  async function admin(server: ServerProcess) {
    const client = new TestClient(server.address);
    expect((await client.login(email, TEST_PASSWORD)).status).toBe(204);
    return client;
  }

  beforeAll(async () => {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query(`CREATE SCHEMA ${schema}`);
    await setup.end();
    database = openPostgres(url!, { searchPath, max: 2 });
    await migrate(database);
    await seedRoles(database);
    await createUser(database, { name: 'Integraciones', email, password: TEST_PASSWORD, roles: ['admin'] });
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopProcess(server, 'SIGKILL')));
    await receiver?.close();
    await database?.close();
    const teardown = new pg.Client({ connectionString: url });
    await teardown.connect();
    await teardown.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await teardown.end();
  });

  test('two processes deliver each of 100 events exactly once', async () => {
    const webhooks: WebhookOptions = { pollIntervalMs: 50 };
    const [a, b] = await Promise.all([
      startProcess({ searchPath, appKey, webhooks }),
      startProcess({ searchPath, appKey, webhooks }),
    ]);
    servers.push(a!, b!);
    const clients = await Promise.all([admin(a!), admin(b!)]);
    const created = await clients[0]!.post('/api/webhooks', {
      name: 'Sitio web',
      url: `${receiver.url}/hooks`,
      events: ['category.changed'],
    });
    expect(created.status).toBe(201);
    const { secret, id } = created.body.data as { secret: string; id: number };

    // 100 changes, half through each process, ten at a time: each process's worker is woken by its
    // own commits and finds the other's rows on its polls, so both claim from one outbox.
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          clients[i % 2]!.post('/api/categories', { name: `Categoría ${batch * 10 + i}` }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    }
    const hooks = await receiver.waitFor(100, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(100);
    const ids = new Set(hooks.map((hook) => hook.headers['webhook-id']));
    expect(ids.size).toBe(100);
    const categories = new Set<number>();
    for (const hook of hooks) {
      const payload = new Webhook(secret).verify(hook.body, {
        'webhook-id': String(hook.headers['webhook-id']),
        'webhook-timestamp': String(hook.headers['webhook-timestamp']),
        'webhook-signature': String(hook.headers['webhook-signature']),
      }) as { type: string; data: { id: number } };
      expect(payload.type).toBe('category.changed');
      categories.add(payload.data.id);
    }
    expect(categories.size).toBe(100);
    const rows = await database.query<{ status: string; attempt: number; n: number }>(
      `SELECT status, attempt, count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 GROUP BY 1, 2`,
      [id],
    );
    expect(rows).toEqual([{ status: 'delivered', attempt: 1, n: 100 }]);
  }, 90_000);

  test('processes killed mid-send lose nothing: a restarted one sends it again when the lease ends', async () => {
    await Promise.all(servers.splice(0).map((server) => stopProcess(server)));
    const webhooks: WebhookOptions = { pollIntervalMs: 50, leaseMs: 1500 };
    const doomed = await startProcess({ searchPath, appKey, webhooks });
    servers.push(doomed);
    const client = await admin(doomed);
    await database.query('DELETE FROM webhooks');
    receiver.received.length = 0;
    receiver.answer = (_hook, index) => (index === 0 ? 'hang' : 200);
    const created = await client.post('/api/webhooks', {
      name: 'Sitio web',
      url: `${receiver.url}/hooks`,
      events: ['entity.changed'],
    });
    expect(created.status).toBe(201);
    expect(
      (await client.post('/api/entities', { name: 'Asociación Vecinal', type: 'asociacion' })).status,
    ).toBe(201);
    const [first] = await receiver.waitFor(1);
    // Killed while the request is in flight: no chance to hand the delivery back.
    await stopProcess(doomed, 'SIGKILL');
    const restarted = await startProcess({ searchPath, appKey, webhooks });
    servers.push(restarted);
    const [, second] = await receiver.waitFor(2, 15_000);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000);
    const row = await eventually(async () => {
      const [found] = await database.query<{ status: string; attempt: number }>(
        'SELECT status, attempt FROM webhook_deliveries WHERE webhook_id = $1',
        [created.body.data.id],
      );
      return found?.status === 'delivered' ? found : null;
    });
    // The killed process's attempt counts: it may have reached the website.
    expect(row).toEqual({ status: 'delivered', attempt: 2 });
  }, 60_000);
});
