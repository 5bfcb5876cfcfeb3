import { apiBaseUrl } from '../../lib/api-client';

/**
 * docs/areas.md#opening-a-test-to-the-public: the page where a test is answered, `/t/<slug>`, served by
 * the API (the SPA's own origin in the usual deployment, docs/architecture.md#the-spa). Relative to
 * the base, so a base with a path (https://example.org/gestor) keeps it, as `buildUrl` does.
 */
export function answeringUrl(slug: string, baseUrl: string = apiBaseUrl()): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(`t/${encodeURIComponent(slug)}`, base).toString();
}
