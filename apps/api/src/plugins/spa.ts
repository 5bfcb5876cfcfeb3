import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@gestor/shared';
import fp from 'fastify-plugin';
import { isApiUrl } from './no-store';

// The built SPA (apps/web/dist) on the API's origin: files as they are, each page address the SPA's
// index.html (its router shows its own 404 page), and whatever else is missing a JSON 404.
//
// - Hashed build assets (dist/assets/) are cached for a year; everything else, index.html first, is
//   checked on every load, so a deployment reaches open tabs.
// - The build prepares `.br` and `.gz` beside each text file (apps/web/vite-plugins/precompress.ts);
//   the one the browser accepts is sent, with `Vary: Accept-Encoding`.
// - A missing file (under /assets/, or any path whose last segment has an extension) is a 404, not the
//   SPA's page: a browser that asked for a script must not be handed HTML, nor cache it as one.

export interface SpaOptions {
  /** The built SPA's directory; null (or without index.html) serves no SPA, only the 404s and robots.txt. */
  webDist: string | null;
}

/** A back office is not for search engines. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Whether a GET for this URL is a page of the SPA (its index.html answers it) rather than a file:
 * nothing under /assets/, and no extension in the last path segment.
 */
export function isPageUrl(url: string): boolean {
  const pathname = url.replace(/[?#].*$/s, '');
  if (pathname === '/assets' || pathname.startsWith('/assets/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[^.]*$/.test(last);
}

export default fp(
  async (app, { webDist }: SpaOptions) => {
    const spa = webDist && existsSync(path.join(webDist, 'index.html')) ? path.resolve(webDist) : null;

    app.get('/robots.txt', (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send(ROBOTS_TXT),
    );

    if (spa) {
      const assets = path.join(spa, 'assets') + path.sep;
      await app.register(fastifyStatic, {
        root: spa,
        wildcard: true,
        // Our own Cache-Control (setHeaders and the page handlers), not the plugin's max-age=0.
        cacheControl: false,
        index: false,
        // Build bookkeeping such as .build-inputs (scripts/build-fingerprint.mjs) is nobody's business.
        dotfiles: 'ignore',
        preCompressed: true,
        setHeaders: (res, file) => {
          res.setHeader('Cache-Control', file.startsWith(assets) ? IMMUTABLE : 'no-cache');
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });

      // The wildcard static route refuses the root directory itself (index: false), so `/` serves
      // the SPA explicitly, never cached, like every other page.
      app.route({
        method: ['GET', 'HEAD'],
        url: '/',
        handler: (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html', spa),
      });
    }

    app.setNotFoundHandler((request, reply) => {
      // History fallback: a GET for any other page is the SPA, whose router shows its own 404 page.
      if (
        spa &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiUrl(request.url) &&
        isPageUrl(request.url)
      ) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html', spa);
      }
      return reply.code(404).send({ message: MESSAGES.routeNotFound });
    });
  },
  { name: 'spa' },
);
