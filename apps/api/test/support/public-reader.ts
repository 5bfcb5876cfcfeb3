import { PUBLIC_API_PREFIX } from '@gestor/shared';
import type { TestServer } from './server';

export interface PublicAnswer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked by their schemas and expect()
  body: any;
}

/**
 * What the organisation's website does: a plain GET under /api/public/v1, no cookie and no Origin,
 * the body read as JSON when it is JSON (a feed's XML is kept as text).
 */
export function publicReader(server: TestServer) {
  return async (path: string, headers: Record<string, string> = {}): Promise<PublicAnswer> => {
    const response = await fetch(`${server.url}${PUBLIC_API_PREFIX}${path}`, { headers });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, text, body };
  };
}
