import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

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
export function spoolExport(
  tmpDir: string,
  fill: (write: (text: string) => Promise<void>) => Promise<void>,
): Promise<Readable> {
  return spool(tmpDir, async (file) => {
    const out = await open(file, 'wx', 0o600);
    try {
      await fill(async (text) => {
        await out.write(text);
      });
    } finally {
      await out.close();
    }
  });
}

/**
 * As `spoolExport`, for a writer that makes bytes as a stream (a zipped workbook): `fill` writes into
 * `out`, honouring its back-pressure, and may end it; the file is read once `out` has finished and
 * closed. When `fill` throws or `out` fails (a full disk), `out` is destroyed, the file removed and the
 * error rethrown.
 */
export function spoolExportStream(tmpDir: string, fill: (out: Writable) => Promise<void>): Promise<Readable> {
  return spool(tmpDir, async (file) => {
    const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
    // An error of the file (a full disk) ends the export even while `fill` is not listening.
    const failed = new Promise<never>((_, reject) => out.once('error', reject));
    failed.catch(() => {});
    try {
      await Promise.race([fill(out), failed]);
      if (!out.writableEnded) out.end();
      await finished(out);
    } catch (error) {
      out.destroy();
      throw error;
    } finally {
      await closed;
    }
  });
}

/** Makes the file `fill` writes, then hands back a stream of it (see `spoolExport`). */
async function spool(tmpDir: string, fill: (file: string) => Promise<void>): Promise<Readable> {
  await mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `export-${randomBytes(12).toString('hex')}`);
  const remove = () => rm(file, { force: true });
  try {
    await fill(file);
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
