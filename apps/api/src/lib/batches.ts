// A reader that hands rows in batches to a callback (Database.snapshot) turned into an async iterable
// for a writer that pulls them (an export file's writer). The reader waits until each batch has been
// taken, so no more than one batch is held; a writer that stops early stops the reader too.

const STOPPED = new Error('reading stopped by its consumer');

export async function* rowsFromBatches<T>(
  read: (onBatch: (batch: T[]) => Promise<void>) => Promise<void>,
): AsyncGenerator<T> {
  // Set by the reader's callback, taken by the loop below.
  const held: { waiting: { batch: T[]; taken: () => void; refuse: (error: Error) => void } | null } = {
    waiting: null,
  };
  let arrived: (() => void) | null = null;
  let finished = false;
  let stopped = false;
  let failure: { error: unknown } | null = null;
  const reading = read(
    (batch) =>
      new Promise<void>((taken, refuse) => {
        if (stopped) return refuse(STOPPED);
        held.waiting = { batch, taken, refuse };
        arrived?.();
      }),
  ).then(
    () => {
      finished = true;
      arrived?.();
    },
    (error: unknown) => {
      if (error !== STOPPED) failure = { error };
      finished = true;
      arrived?.();
    },
  );
  try {
    while (true) {
      const current = held.waiting;
      if (current) {
        held.waiting = null;
        yield* current.batch;
        current.taken();
        continue;
      }
      if (finished) break;
      await new Promise<void>((resolve) => {
        arrived = resolve;
      });
      arrived = null;
    }
  } finally {
    if (!finished) {
      stopped = true;
      held.waiting?.refuse(STOPPED);
    }
    await reading;
  }
  if (failure) throw (failure as { error: unknown }).error;
}
