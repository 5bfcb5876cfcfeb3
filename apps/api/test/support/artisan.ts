import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run artisan -- …` as a person runs it: a process of its own on the embedded database in
// `storage` (STORAGE_PATH), with nothing of this process's environment but PATH.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function artisan(storage: string, ...args: string[]) {
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
