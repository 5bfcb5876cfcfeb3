// docs/webhooks.md#which-addresses-are-accepted: a public host may still run services a webhook must not speak to (mail on
// 25, SSH on 22; 0 reaches whatever the system picks). Without WEBHOOKS_ALLOW_PRIVATE a webhook goes
// to the web's ports, 80 and 443, or to an unprivileged one (1024–65535), where receivers run. The
// port is part of the URL, so checking the URL at save and before each attempt covers DNS names too.

const WEB_PORTS = new Set([80, 443]);
const FIRST_UNPRIVILEGED = 1024;

/** Why `url`'s port is refused, in Spanish, or null when it may be used. */
export function refusedPort(url: URL): string | null {
  // WHATWG URL leaves `port` empty for the scheme's default (80 for http, 443 for https).
  if (url.port === '') return null;
  const port = Number(url.port);
  if (WEB_PORTS.has(port) || (port >= FIRST_UNPRIVILEGED && port <= 65535)) return null;
  return `La dirección (URL) usa el puerto ${url.port}: los webhooks solo se envían a los puertos 80 y 443 o a uno del 1024 al 65535.`;
}
