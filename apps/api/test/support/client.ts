// An HTTP client that behaves like the SPA (docs/http-api.md): `?lang=es`, `Accept: application/json`,
// an Origin and Referer from a stateful origin, JSON bodies, and `X-XSRF-TOKEN` echoed from the
// `XSRF-TOKEN` cookie it holds. Real HTTP through fetch, with a cookie jar of its own.

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased (`max-age`, `httponly`, `samesite`…); flags are `true`. */
  attributes: Record<string, string | true>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, the text when it is not JSON, or undefined when empty. */
  // biome-ignore lint/suspicious/noExplicitAny: bodies are whatever the server sent; tests check them with expect()
  body: any;
  text: string;
  setCookies: SetCookie[];
}

export interface RequestOptions {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (a malformed or huge body); set Content-Type in headers. */
  raw?: string | Uint8Array;
  /** Sent as multipart/form-data (uploads); fetch writes the boundary. */
  form?: FormData;
  /** Extra headers; a null value leaves out a header the client would send. */
  headers?: Record<string, string | null>;
}

export interface ClientOptions {
  /** The page origin the SPA runs on (Origin and Referer); null sends neither, like curl. */
  origin?: string | null;
  /** Appended as `?lang=`; null leaves it out. */
  lang?: string | null;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...parts] = header.split(';');
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of parts) {
    const i = part.indexOf('=');
    const key = (i === -1 ? part : part.slice(0, i)).trim().toLowerCase();
    if (key) attributes[key] = i === -1 ? true : part.slice(i + 1).trim();
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

function isRemoval(cookie: SetCookie): boolean {
  const maxAge = cookie.attributes['max-age'];
  const expires = cookie.attributes.expires;
  return (
    cookie.value === '' ||
    (typeof maxAge === 'string' && Number(maxAge) <= 0) ||
    (typeof expires === 'string' && Date.parse(expires) <= Date.now())
  );
}

export class TestClient {
  /** Cookie name → value, as a browser on this origin would hold them. */
  readonly jar = new Map<string, string>();
  readonly origin: string | null;
  private readonly lang: string | null;

  constructor(
    readonly baseUrl: string,
    options: ClientOptions = {},
  ) {
    this.origin = options.origin === undefined ? new URL(baseUrl).origin : options.origin;
    this.lang = options.lang === undefined ? 'es' : options.lang;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const url = new URL(path, this.baseUrl);
    if (this.lang !== null && !url.searchParams.has('lang')) url.searchParams.set('lang', this.lang);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    };
    if (this.origin) {
      headers.Origin = this.origin;
      headers.Referer = `${this.origin}/`;
    }
    if (this.jar.size) {
      headers.Cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    let body: string | Uint8Array | FormData | undefined;
    if (options.form !== undefined) {
      body = options.form;
    } else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.raw !== undefined) {
      body = options.raw;
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      const existing = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
      if (existing) delete headers[existing];
      if (value !== null) headers[name] = value;
    }

    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    // Decoded as sent: a BOM at the start (CSV exports) stays visible to tests.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    const setCookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of setCookies) {
      if (isRemoval(cookie)) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    let parsed: unknown = text === '' ? undefined : text;
    if (text !== '' && response.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed, text, setCookies };
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }
  /** A multipart upload: `file` as the named part, beside text fields. */
  upload(
    path: string,
    file: { name: string; bytes: Uint8Array; type?: string },
    fields: Record<string, string> = {},
    method: 'POST' | 'PUT' = 'POST',
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
    return this.request(method, path, { form });
  }

  /** Uploads a file to the multimedia library and gives the item; anything but a 201 throws. */
  async uploadMedia(name: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
    const response = await this.upload('/api/multimedia', { name, bytes }, fields);
    if (response.status !== 201) throw new Error(`Subida de ${name}: ${response.status} ${response.text}`);
    return response.body.data;
  }

  post(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request('POST', path, { json, ...options });
  }
  put(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request('PUT', path, { json, ...options });
  }
  patch(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request('PATCH', path, { json, ...options });
  }
  delete(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request('DELETE', path, { json, ...options });
  }

  /** GET /sanctum/csrf-cookie, as the SPA does before its first state-changing request. */
  csrf() {
    return this.get('/sanctum/csrf-cookie');
  }

  /** POST /api/login (fetching the CSRF cookie first when the jar has none); returns the answer. */
  async login(email: string, password: string, remember?: boolean) {
    if (!this.jar.has('XSRF-TOKEN')) await this.csrf();
    return this.post('/api/login', { email, password, ...(remember === undefined ? {} : { remember }) });
  }
}
