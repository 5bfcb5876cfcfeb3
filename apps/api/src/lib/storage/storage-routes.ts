import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../http-errors';
import type { ByteRange, Storage } from './storage';
import { contentDisposition, contentTypeOf, dispositionFor } from './stored-object';

// docs/areas.md#multimedia: uploaded files are public, like Laravel's public disk, because the
// organisation's website shows them: no session, a year's immutable cache (a replaced file gets a new
// name), the type its extension was given from the sniffed bytes, and nosniff so a browser never
// second-guesses it. Byte ranges let video and audio seek.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const RANGE_NOT_SATISFIABLE = 'El rango solicitado no está disponible en este archivo.';

/** What a Range header asks for, before the object's size is known. */
type RequestedRange = { start: number; end: number } | { suffix: number };

/**
 * One `bytes=` range (RFC 9110 §14.1.2), or null when the header is absent, malformed, in another
 * unit or asks for several ranges: those are ignored and the whole file is sent, as the RFC allows.
 */
export function parseRange(header: string | undefined): RequestedRange | null {
  const match = header ? /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  // Beyond 2^53 a number stops being exact; no stored file comes near.
  if (first.length > 15 || last.length > 15) return null;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  return end < start ? null : { start, end };
}

export function storageRoutes(
  app: FastifyInstance,
  {
    storage,
    withheld,
  }: {
    storage: Storage;
    /** Files not served although stored (a media item in the trash, decision 026). */
    withheld?: (name: string) => Promise<boolean>;
  },
): void {
  app.route<{ Params: { name: string } }>({
    method: ['GET', 'HEAD'],
    url: '/storage/media/:name',
    handler: async (request, reply) => {
      const { name } = request.params;
      const contentType = contentTypeOf(name);
      if (!contentType) throw notFound();
      if (await withheld?.(name)) throw notFound();
      const key = `media/${name}`;

      // If-Range needs a validator to compare, and these answers carry none: the whole file is sent.
      const requested = request.headers['if-range'] === undefined ? parseRange(request.headers.range) : null;
      let range: ByteRange | undefined;
      if (requested && 'suffix' in requested) {
        // The last N bytes start where only the object knows: its first byte tells its size.
        const probe = await storage.read(key, { start: 0, end: 0 });
        if (!probe) throw notFound();
        probe.stream.destroy();
        if (requested.suffix === 0 || probe.totalSize === 0) {
          throw new HttpError(416, RANGE_NOT_SATISFIABLE, { 'content-range': `bytes */${probe.totalSize}` });
        }
        range = { start: Math.max(0, probe.totalSize - requested.suffix), end: probe.totalSize - 1 };
      } else if (requested) {
        range = requested;
      }

      const object = await storage.read(key, range);
      if (!object) throw notFound();
      if (range && range.start >= object.totalSize) {
        object.stream.destroy();
        throw new HttpError(416, RANGE_NOT_SATISFIABLE, { 'content-range': `bytes */${object.totalSize}` });
      }

      const mime = contentType.split(';')[0]!;
      reply
        .header('content-type', contentType)
        .header('content-length', String(object.size))
        .header('accept-ranges', 'bytes')
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(dispositionFor(mime), name))
        // The website that shows these files lives on another origin; the API's default (same-origin)
        // would stop its <img> and <video> from loading them.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (range) {
        const end = range.start + object.size - 1;
        reply.code(206).header('content-range', `bytes ${range.start}-${end}/${object.totalSize}`);
      }
      if (request.method === 'HEAD') {
        object.stream.destroy();
        return reply.send();
      }
      return reply.send(object.stream);
    },
  });
}
