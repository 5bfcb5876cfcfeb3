import { rm } from 'node:fs/promises';
import type { RunningServer } from './api-server';
import type { SmtpSink } from './smtp-sink';
import type { ThrowawayDatabase } from './test-database';

// What the global setup started, kept for the global teardown. Both run in Playwright's runner
// process; a well-known symbol on globalThis survives even if the two load this module separately.

export interface RunState {
  workDir: string;
  smtp?: SmtpSink;
  server?: RunningServer;
  database?: ThrowawayDatabase;
}

const KEY = Symbol.for('gestor.e2e.run-state');
type Holder = { [KEY]?: RunState };

export function setRunState(state: RunState): RunState {
  (globalThis as Holder)[KEY] = state;
  return state;
}

/** Stops the server, the SMTP sink and the throwaway database, then removes the temporary files. */
export async function tearDownRun(): Promise<void> {
  const state = (globalThis as Holder)[KEY];
  if (!state) return;
  delete (globalThis as Holder)[KEY];
  await state.server?.stop();
  await state.smtp?.close();
  await state.database?.drop();
  // E2E_KEEP_FILES=1 keeps the server log, the database and the received mails for a look afterwards.
  if (process.env.E2E_KEEP_FILES) console.log(`e2e: files kept in ${state.workDir}`);
  else await rm(state.workDir, { recursive: true, force: true });
}
