// Work the running server does on a timer, with no job runner (decision 026): once at start (the
// server is ready when it is done), then every interval; a pass never overlaps the one before, and
// stopping waits for the pass under way.

export function periodic(pass: () => Promise<unknown>, intervalMs: number) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const tick = () => {
    running ??= pass()
      .then(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    async start() {
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      await tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
