// Signs in from node the way the SPA does (Laravel Sanctum's cookie flow): GET /sanctum/csrf-cookie,
// then POST /api/login with the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN, keeping the cookies.
// The Referer makes the request come from a stateful origin (SANCTUM_STATEFUL_DOMAINS).

export class CookieJar {
  /** @type {Map<string, string>} */
  #cookies = new Map();

  /** @param {Response} response */
  store(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.#cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  /** @param {string} name */
  get(name) {
    return this.#cookies.get(name);
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * The headers a signed-in SPA request carries.
 * @param {string} baseUrl
 * @param {CookieJar} jar
 * @returns {Record<string, string>}
 */
export function browserHeaders(baseUrl, jar) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json', Referer: `${baseUrl}/`, Cookie: jar.header() };
  const xsrf = jar.get('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
  return headers;
}

/**
 * GET /sanctum/csrf-cookie then POST /api/login; throws unless the login answers 204.
 * @param {string} baseUrl
 * @param {{ email: string, password: string }} credentials
 */
export async function signIn(baseUrl, { email, password }, jar = new CookieJar()) {
  const csrf = await fetch(`${baseUrl}/sanctum/csrf-cookie?lang=es`, {
    headers: browserHeaders(baseUrl, jar),
  });
  await csrf.arrayBuffer();
  if (csrf.status !== 204) throw new Error(`GET /sanctum/csrf-cookie answered ${csrf.status}`);
  jar.store(csrf);
  const login = await fetch(`${baseUrl}/api/login?lang=es`, {
    method: 'POST',
    headers: { ...browserHeaders(baseUrl, jar), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, remember: false }),
  });
  const body = await login.text();
  if (login.status !== 204) throw new Error(`POST /api/login answered ${login.status}: ${body}`);
  jar.store(login);
  return jar;
}
