import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Reads `.env` (values already in the process environment win, as in Laravel) and, outside tests,
 * generates APP_KEY into it on first start so sessions survive restarts.
 */
export function readEnvironment(
  envPath: string,
  processEnv: NodeJS.ProcessEnv,
): Record<string, string | undefined> {
  const fromFile = existsSync(envPath) ? parseEnv(readFileSync(envPath, 'utf8')) : {};
  const env: Record<string, string | undefined> = { ...fromFile, ...processEnv };
  if (!env.APP_KEY) {
    const key = `base64:${randomBytes(32).toString('base64')}`;
    if (env.APP_ENV !== 'test') {
      const prefix = existsSync(envPath) && !readFileSync(envPath, 'utf8').endsWith('\n') ? '\n' : '';
      appendFileSync(envPath, `${prefix}APP_KEY=${key}\n`, { mode: 0o600 });
    }
    env.APP_KEY = key;
  }
  return env;
}
