// What global-setup.ts hands to the test workers. Playwright starts the workers after the global
// setup, so variables it sets on process.env reach every test.

export const ENV_BASE_URL = 'E2E_BASE_URL';
export const ENV_MAIL_DIR = 'E2E_MAIL_DIR';
export const ENV_SESSIONS_DIR = 'E2E_SESSIONS_DIR';

/**
 * The organisation's website that may embed the tests' answering page (TESTS_EMBED_ORIGINS of the
 * server): http://127.0.0.1 on a free port the global setup picked, where answer-page.spec.ts serves
 * its page. A local address, as Chrome refuses a public page's frame into the local network.
 */
export const ENV_EMBED_ORIGIN = 'E2E_EMBED_ORIGIN';

export interface E2eEnvironment {
  /** The running server, e.g. http://localhost:41234 (no trailing slash). */
  baseURL: string;
  /** Where the SMTP sink stores each message it receives, one .eml file per message. */
  mailDir: string;
  /** Where each shared account's signed-in state (Playwright storageState) is saved: support/sessions.ts. */
  sessionsDir: string;
}

export function e2eEnvironment(): E2eEnvironment {
  const baseURL = process.env[ENV_BASE_URL];
  const mailDir = process.env[ENV_MAIL_DIR];
  const sessionsDir = process.env[ENV_SESSIONS_DIR];
  if (!baseURL || !mailDir || !sessionsDir) {
    throw new Error(
      `${ENV_BASE_URL}, ${ENV_MAIL_DIR} and ${ENV_SESSIONS_DIR} are unset: run the tests with \`npm test -w e2e\``,
    );
  }
  return { baseURL, mailDir, sessionsDir };
}
