import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config/config';
import type { Database } from '../../src/db/client';
import { createUser } from '../../src/db/seed';
import type { Mailer } from '../../src/lib/mailer';
import { hashPassword } from '../../src/lib/passwords';
import { type ClientOptions, TestClient } from './client';
import { type Engine, openTestDatabase } from './databases';
import { type RecordingMailer, recordingMailer } from './mail';

// A real server for API tests: a fresh migrated database (copied from a snapshot), buildApp() with a test configuration, and
// app.listen() on a free port, so requests travel real HTTP with real cookies and headers.

export interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string;
}

export interface NewTestUser {
  name?: string;
  /** Unique by default. */
  email?: string;
  /** A null password makes an account that cannot sign in (an invited user). */
  password?: string | null;
  /** Role names (admin, editor, lector, or one a test created); lector by default. */
  roles?: string[];
  active?: boolean;
}

export interface TestServer {
  engine: Engine;
  /** Where the server listens: http://127.0.0.1:<port>. */
  url: string;
  port: number;
  /** A stateful origin other than the server's own, as the dev SPA on http://localhost:<port>. */
  origin: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** What the app sent, unless the overrides chose a MAIL_MAILER or the options a mailer of their own. */
  mails: RecordingMailer;
  /** A new browser-like client (empty cookie jar) on the stateful origin unless told otherwise. */
  client(options?: ClientOptions): TestClient;
  createUser(input?: NewTestUser): Promise<TestUser>;
  /**
   * A second API process on the same data (on PostgreSQL with connections of its own), same
   * configuration; closed with the server. Returns its address.
   */
  startTwin(): Promise<string>;
  /** The same data through connections of its own, as another program would write it (see startTwin). */
  anotherDatabase(): Database;
  /** Creates a user and returns a client signed in as that user. */
  signIn(input?: NewTestUser): Promise<{ user: TestUser; client: TestClient }>;
  close(): Promise<void>;
}

let counter = 0;

/** An address no other test uses (throttles and reset mails are per address). */
export function uniqueEmail(prefix = 'usuario'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export const TEST_PASSWORD = 'contraseña-de-prueba';

// argon2id costs ~50 ms of CPU by design; tests create hundreds of users with a handful of passwords.
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A port nothing listens on now (the kernel's choice), for a server a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the API on a fresh database. `overrides` are environment variables (docs/architecture.md#runtime names) on top
 * of APP_ENV=test, a random APP_KEY and APP_URL=http://127.0.0.1:<port>. Mail is recorded in `mails`
 * unless the overrides set MAIL_MAILER or `options.mailer` hands in another mailer.
 */
export async function startTestServer(
  engine: Engine,
  overrides: Record<string, string> = {},
  options: { mailer?: Mailer; poolMax?: number } & Pick<
    AppOptions,
    'exportIdleTimeoutMs' | 'requestIdleTimeoutMs' | 'webhooks' | 'proofMaxNumber'
  > = {},
): Promise<TestServer> {
  // Migrated and seeded: a copy of the snapshot the global setup made (support/templates.ts).
  const { database, another, drop } = await openTestDatabase(engine, {
    poolMax: options.poolMax,
    seeded: true,
  });
  const mails = recordingMailer();
  // Uploaded files go to a directory of this server's own, removed when it closes.
  const storagePath = await mkdtemp(path.join(tmpdir(), 'gestor-storage-'));

  // APP_URL carries the port, which is only known once something listens: take a free one, and try
  // again in the rare case another process grabs it in between.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const config = loadConfig({
      APP_ENV: 'test',
      APP_KEY: `base64:${randomBytes(32).toString('base64')}`,
      APP_URL: `http://127.0.0.1:${port}`,
      STORAGE_PATH: storagePath,
      ...overrides,
    });
    const app = await buildApp({
      config,
      database,
      mailer: options.mailer ?? (overrides.MAIL_MAILER ? undefined : mails),
      webDist: null,
      exportIdleTimeoutMs: options.exportIdleTimeoutMs,
      requestIdleTimeoutMs: options.requestIdleTimeoutMs,
      webhooks: options.webhooks,
      proofMaxNumber: options.proofMaxNumber,
    });
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 5) continue;
      await drop();
      throw error;
    }

    const url = `http://127.0.0.1:${port}`;
    const twins: FastifyInstance[] = [];
    const origin = `http://localhost:${port}`;
    const server: TestServer = {
      engine,
      url,
      port,
      origin,
      app,
      database,
      config,
      mails,
      client: (options = {}) => new TestClient(url, { origin, ...options }),
      anotherDatabase: another,
      async startTwin() {
        const twin = await buildApp({
          config,
          database: another(),
          mailer: mails,
          webDist: null,
          webhooks: options.webhooks,
        });
        twins.push(twin);
        return twin.listen({ port: 0, host: '127.0.0.1' });
      },
      async createUser(input = {}) {
        const user = {
          name: input.name ?? 'Usuario de prueba',
          email: input.email ?? uniqueEmail(),
          password: input.password === undefined ? TEST_PASSWORD : input.password,
        };
        const id = await createUser(database, {
          ...user,
          password: null,
          roles: input.roles ?? ['lector'],
          active: input.active,
        });
        if (user.password) {
          await database.query('UPDATE users SET password = $2 WHERE id = $1', [
            id,
            await hashOnce(user.password),
          ]);
        }
        return { id, ...user, password: user.password ?? '' };
      },
      async signIn(input = {}) {
        const user = await server.createUser(input);
        const client = server.client();
        const response = await client.login(user.email, user.password);
        if (response.status !== 204) {
          throw new Error(`Sign-in as ${user.email} failed: ${response.status} ${response.text}`);
        }
        return { user, client };
      },
      async close() {
        await Promise.all(twins.map((twin) => twin.close()));
        await app.close();
        await drop();
        await rm(storagePath, { recursive: true, force: true });
      },
    };
    return server;
  }
}
