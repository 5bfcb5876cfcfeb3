import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `npm run artisan -- …` as a person runs it: a process of its own on the embedded database in
// `storage` (STORAGE_PATH), with nothing of this process's environment but PATH.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * `node --import` this to run TypeScript as `tsx` does, in one process whatever the working
 * directory: tsx's CLI would start the script as a child of its own (a second process to start, and
 * one that a SIGKILL of the CLI leaves running).
 */
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export function artisan(storage: string, ...args: string[]) {
  return spawnSync(
    process.execPath,
    ['--import', TSX_LOADER, path.join(root, 'apps/api/src/cli.ts'), ...args],
    {
      cwd: storage,
      env: { PATH: process.env.PATH, APP_ENV: 'test', STORAGE_PATH: storage },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
}
