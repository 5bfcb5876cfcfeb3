import querystring from 'fast-querystring';

// The one parser of query strings (decision 038): Fastify's router is handed it (app.ts's
// routerOptions.querystringParser), and whatever else keys on a query (the public API's cache)
// calls it too, so no two readings of one request can differ. It is the parser Fastify's router uses
// by default; stating it here makes the sharing explicit instead of an accident of defaults.

/** The query string's parameters: a repeated name gives an array, in the order sent. */
export function parseQueryString(query: string): Record<string, string | string[]> {
  return query.length === 0 ? {} : (querystring.parse(query) as Record<string, string | string[]>);
}
