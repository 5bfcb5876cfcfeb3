import { randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

// Decision 012: an export is written whole to a temporary file at database speed, and only then
// sent, so a client that reads slowly (or never) holds a file, not a pooled connection.

/** How long a download may go without the client taking anything before it is cut off. */
export const EXPORT_IDLE_TIMEOUT_MS = 30_000;

/**
 * Runs `fill`, which writes the export through `write`, into a new file under `tmpDir`, and returns
 * a stream of that file. The file is gone once the stream closes, whether read whole, cut off or
 * failed (on POSIX at once: it is unlinked as soon as it is open for reading). When `fill` throws,
 * the file is removed and the error rethrown. What a crash leaves is swept with the other
 * temporary uploads (`export-…` in the same directory).
 */
export async function spoolExport(
  tmpDir: string,
  fill: (write: (text: string) => Promise<void>) => Promise<void>,
): Promise<Readable> {
  await mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `export-${randomBytes(12).toString('hex')}`);
  const remove = () => rm(file, { force: true });
  try {
    const out = await open(file, 'wx', 0o600);
    try {
      await fill(async (text) => {
        await out.write(text);
      });
    } finally {
      await out.close();
    }
    const input = await open(file, 'r');
    // An open file outlives its name on POSIX; elsewhere (Windows) it is removed once closed.
    const unlinked = await remove().then(
      () => true,
      () => false,
    );
    const stream = input.createReadStream();
    if (!unlinked) stream.once('close', () => void remove().catch(() => {}));
    return stream;
  } catch (error) {
    await remove().catch(() => {});
    throw error;
  }
}
