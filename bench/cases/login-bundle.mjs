import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { onCleanup } from '../lib/cleanup.mjs';
import { webDist } from '../lib/paths.mjs';
import { formatKb, round } from '../lib/stats.mjs';

// What a person's browser downloads before it can show the sign-in form: every JavaScript response
// of /auth/login, gzipped at level 9 (what a CDN or a reverse proxy would send). The baseline is all
// the JavaScript of the build, so the ratio shows how much of the app the sign-in page pulls in.

export const name = 'login-bundle';
export const engines = 'once';

const TARGET_BYTES = 150_000;

/** @param {Buffer} buffer */
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** @param {string} dir */
async function allBuiltJs(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  let bytes = 0;
  let files = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !/\.m?js$/.test(entry.name)) continue;
    bytes += gzipSize(await readFile(path.join(entry.parentPath ?? entry.path, entry.name)));
    files += 1;
  }
  return { bytes, files };
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, chromiumPath }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    timeout: 30_000,
  });
  const closeBrowser = onCleanup(() => browser.close());
  /** @type {Array<{ url: string, raw: number, gzip: number }>} */
  const scripts = [];
  try {
    const page = await browser.newPage();
    /** @type {Promise<unknown>[]} */
    const pending = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || type.includes('javascript')) {
        pending.push(
          response.body().then(
            (body) =>
              scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSize(body) }),
            () => {},
          ),
        );
      }
    });
    await page.goto(`${server.url}/auth/login`, { waitUntil: 'networkidle', timeout: 30_000 });
    // The form is there: every lazy chunk the sign-in screen needs has loaded.
    await page.getByRole('button', { name: 'Acceder', exact: true }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle', { timeout: 15_000 });
    await Promise.all(pending);
  } finally {
    await closeBrowser();
  }

  const unique = [...new Map(scripts.map((s) => [s.url, s])).values()].sort((a, b) => b.gzip - a.gzip);
  const total = unique.reduce((sum, s) => sum + s.gzip, 0);
  const build = await allBuiltJs(webDist);
  return [
    {
      measurement: `Sign-in page JavaScript, gzip -9 (${unique.length} files)`,
      engine: '—',
      figure: formatKb(total),
      baseline: `${formatKb(build.bytes)} (all ${build.files} JS files of the build)`,
      ratio: build.bytes ? round(total / build.bytes, 2) : null,
      target: `≤ ${formatKb(TARGET_BYTES)}`,
      met: total <= TARGET_BYTES,
      data: { totalGzipBytes: total, buildGzipBytes: build.bytes, files: unique },
      notes: unique.map(
        (s) => `${formatKb(s.gzip).padStart(9)} gzip  ${formatKb(s.raw).padStart(9)} raw  ${s.url}`,
      ),
    },
  ];
}
