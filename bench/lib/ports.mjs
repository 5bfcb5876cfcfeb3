import { createServer } from 'node:net';

/**
 * A port on 127.0.0.1 nobody listens on right now (the OS picks it).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` until it answers 200, the child exits, or `timeoutMs` passes.
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} timeoutMs
 */
export async function waitForOk(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the process exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * SIGTERM, then SIGKILL after `graceMs`; resolves once the child is gone.
 * @param {import('node:child_process').ChildProcess} child
 */
export async function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
