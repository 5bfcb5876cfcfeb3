import { MESSAGES } from '@gestor/shared';
import { HttpError } from '../../lib/http-errors';

// Decision 041: a CSV export reads a whole table at database speed. However many are asked for at
// once, this process reads at most `concurrency` of them; as many again wait their turn, and beyond
// that, or for a second export by someone whose first is still being read, the answer is a 429.

/** What a refused export is told to wait (Retry-After): an export of 150 000 rows reads in about this long. */
export const EXPORT_RETRY_AFTER_SECONDS = 5;

export interface ExportLimiter {
  /**
   * Runs `read` (an export's spooling) when a slot is free, for `person`; a 429 with Retry-After when
   * that person already has one running or waiting, or when the queue is full.
   */
  run<T>(person: number, read: () => Promise<T>): Promise<T>;
}

const refused = (message: string) =>
  new HttpError(429, message, { 'Retry-After': String(EXPORT_RETRY_AFTER_SECONDS) });

export function createExportLimiter(concurrency: number, queueLength = concurrency * 2): ExportLimiter {
  let running = 0;
  /** Those waiting for a slot, first come first served. */
  const waiting: Array<() => void> = [];
  /** Whoever has an export running or waiting. */
  const busy = new Set<number>();
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so nobody arriving meanwhile can take it first.
    if (next) next();
    else running -= 1;
  };
  return {
    async run(person, read) {
      if (busy.has(person)) throw refused(MESSAGES.exportInProgress);
      if (running >= concurrency && waiting.length >= queueLength) throw refused(MESSAGES.tooManyExports);
      busy.add(person);
      try {
        if (running < concurrency) running += 1;
        else await new Promise<void>((resolve) => waiting.push(resolve));
        try {
          return await read();
        } finally {
          release();
        }
      } finally {
        busy.delete(person);
      }
    },
  };
}
