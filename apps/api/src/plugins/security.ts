import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import type { Config } from '../config/config';

// Security headers on every response, and CORS with credentials for an SPA hosted apart (FRONTEND_URL).
// The headers never vary by request, so they are built once at start (decision 006): a per-request
// middleware such as helmet would rebuild the same Content-Security-Policy on every call.

/** The headers every response carries, for this configuration. */
export function securityHeaders(config: Config): Record<string, string> {
  const origins = [...new Set([new URL(config.appUrl).origin, new URL(config.frontendUrl).origin])];
  const csp: Record<string, string[]> = {
    'default-src': ["'self'"],
    // No inline scripts. PrimeReact positions overlays with inline styles, hence 'unsafe-inline' for styles only.
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...origins],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return {
    'content-security-policy': Object.entries(csp)
      .map(([name, values]) => `${name} ${values.join(' ')}`)
      .join('; '),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    // The old XSS auditor did more harm than good; 0 turns it off where it still exists.
    'x-xss-protection': '0',
    ...(config.appUrl.startsWith('https:')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

export default fp(
  async (app, { config }: { config: Config }) => {
    const headers = securityHeaders(config);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
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
