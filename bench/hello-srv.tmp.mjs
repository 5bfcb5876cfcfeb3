import Fastify from '/work/main/node_modules/fastify/fastify.js';
import http from 'node:http';
const body = JSON.stringify({ data: { id: 1, name: 'Administrador', email: 'b@b.es', roles: [{ id: 1, name: 'admin', label: 'Administrador' }], permissions: Array.from({ length: 42 }, (_, i) => 'perm.x' + i) } });
if (process.argv[2] === 'fastify') {
  const app = Fastify({ logger: { level: 'warn' } });
  app.get('/api/user', async () => JSON.parse(body));
  await app.listen({ port: 8140, host: '127.0.0.1' });
} else http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); res.end(body); }).listen(8141, '127.0.0.1');
