import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PUBLIC_API_PREFIX } from '@gestor/shared';
import type { FastifyInstance } from 'fastify';
import { INIT_SCRIPT, STYLESHEET } from './public-docs-assets';
import { publicOpenApiDocument } from './public-openapi';

// The public API's document and its interactive reference (docs/public-api.md, decision 022):
// Swagger UI (swagger-ui-dist, Apache-2.0) served from node_modules, no CDN. Its start-up script is a
// file of ours rather than the inline script of its index.html, so the server's CSP (script-src
// 'self') holds; the online validator badge is off, so the page calls nothing but this server.

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'favicon-32x32.png': { file: 'favicon-32x32.png', type: 'image/png' },
};

const PAGE = `<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Gestor: referencia de la API pública</title>
  <link rel="icon" type="image/png" href="${PUBLIC_API_PREFIX}/docs/favicon-32x32.png">
  <link rel="stylesheet" href="${PUBLIC_API_PREFIX}/docs/swagger-ui.css">
  <link rel="stylesheet" href="${PUBLIC_API_PREFIX}/docs/gestor.css">
</head>
<body>
  <main id="reference"><p>Cargando la referencia de la API pública…</p></main>
  <script src="${PUBLIC_API_PREFIX}/docs/swagger-ui-bundle.js"></script>
  <script src="${PUBLIC_API_PREFIX}/docs/init.js"></script>
</body>
</html>
`;

export function publicDocsRoutes(app: FastifyInstance, { appUrl }: { appUrl: string }) {
  // Built once: it depends on the schemas and APP_URL only.
  const document = JSON.stringify(publicOpenApiDocument(appUrl));
  const files = new Map<string, Buffer>();
  const asset = (name: string) => {
    let bytes = files.get(name);
    if (!bytes) {
      bytes = readFileSync(path.join(swaggerDir, ASSETS[name]!.file));
      files.set(name, bytes);
    }
    return bytes;
  };

  app.get(`${PUBLIC_API_PREFIX}/openapi.json`, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
  app.get(`${PUBLIC_API_PREFIX}/docs`, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
  app.get(`${PUBLIC_API_PREFIX}/docs/init.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INIT_SCRIPT),
  );
  app.get(`${PUBLIC_API_PREFIX}/docs/gestor.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(STYLESHEET),
  );
  app.get<{ Params: { file: string } }>(`${PUBLIC_API_PREFIX}/docs/:file`, async (request, reply) => {
    const known = Object.hasOwn(ASSETS, request.params.file) ? ASSETS[request.params.file] : undefined;
    if (!known) return reply.code(404).send({ message: 'No encontrado.' });
    return reply.type(known.type).send(asset(request.params.file));
  });
}
