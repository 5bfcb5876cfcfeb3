import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExportLimiter } from './export-limiter';

// How every export is answered (the areas' lists, the activity log, a test's responses): decision
// 012, the whole file spooled first, so a failure is still a JSON error and a slow reader holds no
// database connection; decision 041, spooled only when one of the process's export slots is free
// (else a 429). A client that has gone costs no more database time: `stillWanted` throws at the
// next batch, and nothing is sent.

export interface ExportAnswer {
  limiter: ExportLimiter;
  /** A reader that takes nothing for this long is cut off: its socket closes, the file goes. */
  idleTimeoutMs: number;
  /** The Content-Type of the file. */
  type: string;
  /** The name the browser saves it under. */
  filename: string;
  /** Writes the export to its spool; calls `stillWanted` between batches. */
  spool: (stillWanted: () => void) => Promise<Readable>;
}

export async function sendExport(
  request: FastifyRequest,
  reply: FastifyReply,
  { limiter, idleTimeoutMs, type, filename, spool }: ExportAnswer,
) {
  const abandoned = new Error('export abandoned');
  const stillWanted = () => {
    if (request.raw.socket.destroyed) throw abandoned;
  };
  const spooled = await limiter
    .run(request.authUser().id, () => spool(stillWanted))
    .catch((error: unknown) => {
      if (error === abandoned) return null;
      throw error;
    });
  if (!spooled) return reply.hijack();
  reply.raw.setTimeout(idleTimeoutMs, () => request.raw.socket.destroy());
  return reply.type(type).header('Content-Disposition', `attachment; filename="${filename}"`).send(spooled);
}
