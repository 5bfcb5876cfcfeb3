// A person sent to sign in returns to where they were going. The address travels in the
// sign-in URL (`/auth/login?redirect=/news/create`), which anyone can craft, so it is taken only as a
// path of this SPA: never another origin (`//evil.com`, `/\evil.com`, `https://…`), never a scheme
// (`javascript:`), never the sign-in screens themselves (a loop).

/** The query parameter of the sign-in screen that holds the return path. */
export const RETURN_PARAM = 'redirect';

const BASE = 'https://gestor.invalid';
const MAX_LENGTH = 2000;

/**
 * The path to return to, or null when the value is not a path of this SPA. Must start with a single
 * `/`; backslashes, whitespace and control characters are refused outright (browsers read `\` as `/`
 * and drop tabs and line breaks, which would turn `/\t/evil.com` into `//evil.com`).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  // Whatever the parser made of it, it must still be on this origin.
  if (url.origin !== BASE) return null;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in screen's address that returns to `target` afterwards (home needs no parameter). */
export function loginPathFor(loginPath: string, target: string): string {
  const path = safeReturnPath(target);
  return path && path !== '/' ? `${loginPath}?${RETURN_PARAM}=${encodeURIComponent(path)}` : loginPath;
}
