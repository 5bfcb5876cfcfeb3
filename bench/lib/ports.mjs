import { spawn } from 'node:child_process';
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

/**
 * Runs a baseline server script (one that prints `{"port": …}` once listening) in a process of its
 * own, like the real server, and resolves once it listens.
 * @param {string} script the script's file
 * @param {Record<string, string>} env
 * @param {{ name: string, graceMs: number }} options
 * @returns {Promise<{ url: string, pid: number, stop(): Promise<void> }>}
 */
export async function startScriptServer(script, env, { name, graceMs }) {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 10 s`)), 10_000);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) {
        clearTimeout(timer);
        resolve(JSON.parse(line).port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code})`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => stopChild(child, graceMs) };
}
