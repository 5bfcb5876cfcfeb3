import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config/config';

// Security headers on every response, and CORS with credentials for an SPA hosted apart (FRONTEND_URL).
export default fp(
  async (app, { config }: { config: Config }) => {
    const origins = [...new Set([new URL(config.appUrl).origin, new URL(config.frontendUrl).origin])];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // No inline scripts. PrimeReact positions overlays with inline styles, hence 'unsafe-inline' for styles only.
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...origins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: config.appUrl.startsWith('https:'),
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
    });
    const frontendOrigin = new URL(config.frontendUrl).origin;
    if (frontendOrigin !== new URL(config.appUrl).origin) {
      await app.register(cors, {
        origin: [frontendOrigin],
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Accept', 'Content-Type', 'X-XSRF-TOKEN', 'X-Requested-With'],
        maxAge: 600,
      });
    }
  },
  { name: 'security' },
);
