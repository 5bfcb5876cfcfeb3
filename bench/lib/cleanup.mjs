// Whatever a bench run starts (servers, browsers, databases) registers how to stop it, so an error,
// Ctrl-C or the overall time limit still leaves nothing running behind.

/** @type {Array<() => Promise<unknown>>} */
const tasks = [];

/**
 * Registers `fn`; returns a function that runs it now and unregisters it.
 * @param {() => Promise<unknown>} fn
 * @returns {() => Promise<void>}
 */
export function onCleanup(fn) {
  tasks.push(fn);
  return async () => {
    const index = tasks.indexOf(fn);
    if (index !== -1) tasks.splice(index, 1);
    await fn();
  };
}

/** Runs every registered task, newest first, ignoring their failures. */
export async function cleanUpAll() {
  while (tasks.length) {
    const fn = tasks.pop();
    await fn?.().catch(() => {});
  }
}
