import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/** GET /up → 200 when the server and its database answer (Laravel's health route). */
export function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/up', async (request, reply) => {
    try {
      await database.query('SELECT 1');
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'La base de datos no responde');
      return reply.code(503).send({ message: 'El servicio no está disponible.' });
    }
  });
}
