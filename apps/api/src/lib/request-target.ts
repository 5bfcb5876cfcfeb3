import type { IncomingMessage } from 'node:http';

// One reading of the request target, at the entrance (app.ts's serverFactory, decision 038), so that
// every check that looks at `request.url` (the public API's front and cache, no-store, session, CSRF,
// tokens, the two-factor gate) sees the path the router routes. The router (find-my-way) reads more
// than a prefix check does: it routes `http://host/api/x` as `/api/x`, treats `#` like `?`, and
// decodes `%61pi` to `api`. What the entrance does not make plain is refused before anything reads it.

/** An unreserved character (RFC 3986 §2.3): escaping it changes nothing, so it is always decoded. */
function isUnreserved(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e
  );
}

/** The path with its escaped unreserved characters decoded (RFC 3986 §6.2.2.2); the rest untouched. */
function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (sequence: string, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return isUnreserved(code) ? String.fromCharCode(code) : sequence;
  });
}

/** http or https, a non-empty authority without userinfo, then the rest (RFC 9112 §3.2.2, RFC 9110 §4.2). */
const ABSOLUTE_FORM = /^https?:\/\/([^/?#@\s]+)([/?].*)?$/is;

/**
 * An origin-form target (`/path?query`) as the router reads it, or null when it must be refused (400):
 * a fragment (`#`, which no client sends and the router would read as the query). The common case, a
 * path with no escape before its query, comes back as the same string after a few scans.
 */
export function originForm(target: string): string | null {
  if (target.includes('#')) return null;
  const percent = target.indexOf('%');
  if (percent === -1) return target;
  const query = target.indexOf('?');
  if (query !== -1 && percent > query) return target;
  const path = query === -1 ? target : target.slice(0, query);
  const decoded = decodeUnreserved(path);
  return decoded === path ? target : `${decoded}${query === -1 ? '' : target.slice(query)}`;
}

/**
 * Rewrites `req.url` in place to the origin-form the router reads (an absolute-form target's
 * authority replacing the Host header, RFC 9112 §3.2.2); false when the target is refused: a
 * fragment, an absolute-form target other than http(s) with a host, or any other form but `*`.
 */
export function normaliseTarget(req: IncomingMessage): boolean {
  let target = req.url ?? '';
  if (target.charCodeAt(0) !== 47) {
    if (target === '*') return true;
    const absolute = ABSOLUTE_FORM.exec(target);
    if (!absolute) return false;
    const rest = absolute[2] ?? '/';
    target = rest.charCodeAt(0) === 47 ? rest : `/${rest}`;
    // A request without Host stays without it, and is refused as such (plugins/errors.ts).
    if (req.headers.host !== undefined) req.headers.host = absolute[1]!;
    req.url = target;
  }
  const url = originForm(target);
  if (url === null) return false;
  if (url !== target) req.url = url;
  return true;
}
