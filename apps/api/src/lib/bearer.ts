import type { FastifyRequest } from 'fastify';

/**
 * The credential of `Authorization: Bearer <token>` (Sanctum's $request->bearerToken()), or null when
 * the request has no such header. A bare "Bearer" gives '': a bearer request all the same, and a 401.
 */
export function bearerCredential(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (!header || header.slice(0, 6).toLowerCase() !== 'bearer') return null;
  if (header.length === 6) return '';
  return header[6] === ' ' ? header.slice(7).trim() : null;
}
