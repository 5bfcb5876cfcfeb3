// Small helpers over document.cookie. Pure functions take the cookie string so tests need no DOM.

/** The value of one cookie, URL-decoded (Laravel/Sanctum URL-encodes XSRF-TOKEN), or undefined. */
export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  path?: string;
}

export function writeCookie(name: string, value: string, { maxAgeSeconds, path = '/' }: CookieOptions) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Firefox and Safari.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string, path = '/') {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie.
  document.cookie = `${name}=; Path=${path}; Max-Age=0; SameSite=Lax`;
}
