import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiEnvironment, checkBuilt, freePort, runCli, startServer } from './api-server';
import { ENV_BASE_URL, ENV_EMBED_ORIGIN, ENV_MAIL_DIR, ENV_SESSIONS_DIR } from './environment';
import { setRunState, tearDownRun } from './run-state';
import { saveSharedSessions } from './sessions';
import { startSmtpSink } from './smtp-sink';
import { createThrowawayDatabase } from './test-database';
import { admin, cliUsers } from './test-users';

/**
 * Before any test: an SMTP sink, a fresh database with the test accounts, the built server
 * pointed at both, and the shared accounts' signed-in sessions (sessions.ts). global-teardown.ts
 * stops them.
 */
export default async function globalSetup(): Promise<void> {
  checkBuilt();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'gestor-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const storagePath = path.join(workDir, 'storage');
  await mkdir(mailDir);
  await mkdir(storagePath);
  const state = setRunState({ workDir });

  try {
    const smtp = await startSmtpSink(mailDir);
    state.smtp = smtp;

    const serverUrl = process.env.E2E_DATABASE_URL;
    if (serverUrl) state.database = await createThrowawayDatabase(serverUrl, `gestor_e2e_${process.pid}`);

    const port = await freePort();
    // A host name, not an address: WebAuthn refuses an IP address as relying party (passkeys.spec).
    const url = `http://localhost:${port}`;
    const embedOrigin = `http://127.0.0.1:${await freePort()}`;
    const env = apiEnvironment({
      APP_KEY: `base64:${randomBytes(32).toString('base64')}`,
      APP_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      STORAGE_PATH: storagePath,
      MAIL_MAILER: 'smtp',
      MAIL_HOST: '127.0.0.1',
      MAIL_PORT: String(smtp.port),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      // The webhook tests' receiver listens on 127.0.0.1, an address refused without this (docs/webhooks.md).
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // The website's address of a news item: a published one's toast offers «Ver en la web» (issue 30).
      PUBLIC_NEWS_URL: 'https://www.example.org/noticias/{slug}',
      // The website that may embed the tests' answering page in an iframe (answer-page.spec.ts).
      TESTS_EMBED_ORIGINS: embedOrigin,
      ...(state.database ? { DATABASE_URL: state.database.url } : {}),
    });

    // PGlite is single-process: every CLI command runs before the server opens the database.
    await runCli(['seed'], env, workDir);
    for (const user of cliUsers) {
      await runCli(
        [
          'user:create',
          '--email',
          user.email,
          '--name',
          user.name,
          '--role',
          user.role,
          '--password',
          user.password,
        ],
        env,
        workDir,
      );
    }

    state.server = await startServer({ env, cwd: workDir, url, logFile: path.join(workDir, 'server.log') });
    await saveSharedSessions(url, workDir);
    process.env[ENV_BASE_URL] = url;
    process.env[ENV_MAIL_DIR] = mailDir;
    process.env[ENV_SESSIONS_DIR] = workDir;
    process.env[ENV_EMBED_ORIGIN] = embedOrigin;
    console.log(
      `e2e: server ${url} on ${state.database ? 'PostgreSQL' : 'PGlite'}, SMTP sink on port ${smtp.port}, files in ${workDir}`,
    );
  } catch (error) {
    await tearDownRun();
    throw error;
  }
}
