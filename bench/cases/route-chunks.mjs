import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { BENCH_ADMIN, checkBuilt } from '../lib/api-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { webDist } from '../lib/paths.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { formatKb } from '../lib/stats.mjs';
import { editorOnlyChunks, gzipSize } from '../lib/web-chunks.mjs';

// The rich text editor loads only on the screens that use it. Signed in with Chromium, each
// screen is opened on its own (a fresh browser context, so nothing is cached) and every JavaScript
// response is gzipped at level 9. A route's chunks are the files it loads that the shell (the home
// screen, opened the same way) did not: what navigating there from home costs. Target: every
// route chunk ≤ 100 kB, so the figure is the largest of them; their sum is printed beside it. On the
// screens with the editor (/news/create, /news/{slug}, /page/{id}) the editor's own chunk is reported
// apart, with no target; on any other screen an editor chunk fails the case.
// A screen that is not there yet (the 404 page, or an error instead of the screen) reads "not built".

export const name = 'route-chunks';
export const engines = 'once';

const TARGET_BYTES = 100_000;
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/**
 * @typedef {{ url: string, raw: number, gzip: number }} Script
 * @typedef {{ scripts: Script[], state: 'ok' | 'not built' | 'no editor', message?: string }} Visit
 */

/**
 * Opens `target` in a fresh context with the signed-in cookies, waits until the screen is there and
 * the network is quiet, and returns every JavaScript file it received.
 * @param {import('playwright-core').Browser} browser
 * @param {Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>} storageState
 * @param {string} target
 * @param {{ editor?: boolean }} options
 * @returns {Promise<Visit>}
 */
async function visit(browser, storageState, target, { editor = false } = {}) {
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 900 } });
  /** @type {Script[]} */
  const scripts = [];
  /** @type {Promise<unknown>[]} */
  const pending = [];
  try {
    const page = await context.newPage();
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
    await page.goto(target, { waitUntil: 'load', timeout: 30_000 });
    // The screen's heading, or the error page's (404 for a path no route takes).
    await page.locator('main h1').first().waitFor({ timeout: 30_000 });
    const pathname = new URL(page.url()).pathname;
    if (pathname.startsWith('/auth/'))
      throw new Error(`${target} sent the browser to ${pathname}: not signed in`);
    const errorStatus = page.locator('main h1.error-status');
    if (await errorStatus.count()) {
      const status = (await errorStatus.textContent())?.trim();
      const description = (await page.locator('.error-description').first().textContent())?.trim();
      return { scripts, state: 'not built', message: `${status}: ${description}` };
    }
    let state = /** @type {Visit['state']} */ ('ok');
    if (editor) {
      // The editable area TipTap renders once its chunk has loaded.
      const shown = await page
        .locator('.ProseMirror')
        .first()
        .waitFor({ timeout: 30_000 })
        .then(
          () => true,
          () => false,
        );
      if (!shown) state = 'no editor';
    }
    await page.waitForLoadState('networkidle', { timeout: 20_000 });
    await Promise.all(pending);
    return {
      scripts: [...new Map(scripts.map((s) => [s.url, s])).values()],
      state,
      ...(state === 'no editor' ? { message: 'the rich text editor did not show within 30 s' } : {}),
    };
  } finally {
    await Promise.allSettled(pending);
    await context.close();
  }
}

/**
 * A news item to open at /news/{slug} (deleted afterwards) and a page to open at /page/{id} (a
 * seeded legal page), through the API as the bench administrator. Null where the API has no such area.
 * @param {string} baseUrl
 */
async function editorTargets(baseUrl) {
  const jar = await signIn(baseUrl, BENCH_ADMIN);
  const headers = browserHeaders(baseUrl, jar);
  const created = await fetch(`${baseUrl}/api/news?lang=es`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: 'Presentación del programa de fiestas',
      excerpt: 'El programa incluye conciertos, teatro de calle y actividades para toda la familia.',
      body: '<p>La concejala de Cultura presentó <strong>el programa de fiestas</strong> en el salón de plenos.</p><p>Puede consultarlo en <a href="https://example.org/fiestas">la web municipal</a>.</p>',
    }),
    signal: AbortSignal.timeout(15_000),
  });
  const createdText = await created.text();
  /** @type {{ slug: string, remove: () => Promise<void> } | null} */
  let news = null;
  if (created.status === 201) {
    const record = /** @type {{ data: { slug: string } }} */ (JSON.parse(createdText)).data;
    news = {
      slug: record.slug,
      remove: async () => {
        const response = await fetch(`${baseUrl}/api/news/${record.slug}?lang=es`, {
          method: 'DELETE',
          headers,
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
      },
    };
  } else if (created.status !== 404) {
    throw new Error(`POST /api/news answered ${created.status}: ${createdText.slice(0, 300)}`);
  }
  const pages = await fetch(`${baseUrl}/api/pages?per_page=1&lang=es`, {
    headers,
    signal: AbortSignal.timeout(15_000),
  });
  const pagesText = await pages.text();
  const pagesBody = /** @type {{ data?: Array<{ id: number }> }} */ (
    pages.status === 200 ? JSON.parse(pagesText) : {}
  );
  return { news, pageId: pagesBody.data?.[0]?.id ?? null };
}

/** @param {Script[]} scripts */
const sum = (scripts) => scripts.reduce((total, s) => total + s.gzip, 0);

/** @param {Script} s */
const fileLine = (s) => `${formatKb(s.gzip).padStart(9)} gzip  ${formatKb(s.raw).padStart(9)} raw  ${s.url}`;

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, chromiumPath, log }) {
  checkBuilt({ withWeb: true });
  if (!existsSync(chromiumPath)) {
    throw new Error(`No se encuentra Chromium en ${chromiumPath}. Instale Chromium o indique CHROMIUM_PATH`);
  }
  const editorFiles = await editorOnlyChunks(webDist);
  if (!editorFiles.size) log('the build has no rich-text-editor chunk');
  /** @param {Script} s */
  const isEditor = (s) => editorFiles.has(path.basename(s.url));

  const targets = await editorTargets(server.url);
  const removeNews = targets.news ? onCleanup(targets.news.remove) : async () => {};

  const browser = await chromium.launch({ executablePath: chromiumPath, args: LAUNCH_ARGS, timeout: 30_000 });
  const closeBrowser = onCleanup(() => browser.close());
  /** @type {import('../lib/report.mjs').Result[]} */
  const results = [];
  try {
    // Sign in through the form, as a person does; every screen then opens with those cookies.
    const signInContext = await browser.newContext();
    const loginPage = await signInContext.newPage();
    await loginPage.goto(`${server.url}/auth/login`, { waitUntil: 'load', timeout: 30_000 });
    await loginPage.locator('#email').fill(BENCH_ADMIN.email, { timeout: 15_000 });
    await loginPage.locator('#password').fill(BENCH_ADMIN.password);
    await loginPage.getByRole('button', { name: 'Acceder', exact: true }).click();
    await loginPage.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    const storageState = await signInContext.storageState();
    await signInContext.close();

    const shell = await visit(browser, storageState, `${server.url}/`);
    if (shell.state !== 'ok') throw new Error(`the home screen did not open: ${shell.message}`);
    const shellFiles = new Set(shell.scripts.map((s) => s.url));
    const shellBytes = sum(shell.scripts);
    log(`shell (home): ${formatKb(shellBytes)} in ${shell.scripts.length} files`);

    const routes = [
      { route: '/news', target: '/news' },
      { route: '/news/create', target: '/news/create', editor: true },
      {
        route: '/news/{slug}',
        target: targets.news ? `/news/${targets.news.slug}` : null,
        editor: true,
      },
      { route: '/page', target: '/page' },
      { route: '/page/{id}', target: targets.pageId ? `/page/${targets.pageId}` : null, editor: true },
      { route: '/slide', target: '/slide' },
      { route: '/slide/create', target: '/slide/create' },
      { route: '/category', target: '/category' },
      { route: '/multimedia', target: '/multimedia' },
      { route: '/entity', target: '/entity' },
      { route: '/entity/create', target: '/entity/create' },
      { route: '/space', target: '/space' },
      { route: '/space/create', target: '/space/create' },
      { route: '/test', target: '/test' },
      { route: '/test/create', target: '/test/create' },
      { route: '/role', target: '/role' },
      { route: '/user', target: '/user' },
    ];
    for (const { route, target, editor = false } of routes) {
      const measurement = `Route chunks, gzip -9: ${route}${editor ? ' (editor apart)' : ''}`;
      const opened = target
        ? await visit(browser, storageState, `${server.url}${target}`, { editor })
        : /** @type {Visit} */ ({
            scripts: [],
            state: 'not built',
            message: 'no record to open (the API has none)',
          });
      if (opened.state === 'not built') {
        log(`${route}: not built (${opened.message})`);
        results.push({
          measurement,
          engine: '—',
          figure: 'not built',
          baseline: `shell ${formatKb(shellBytes)}`,
          ratio: null,
          target: editor ? `≤ ${formatKb(TARGET_BYTES)} without the editor` : `≤ ${formatKb(TARGET_BYTES)}`,
          met: null,
          data: { route, target, state: opened.state, message: opened.message },
          notes: [`${target ?? route}: ${opened.message}`],
        });
        continue;
      }
      const own = opened.scripts.filter((s) => !shellFiles.has(s.url)).sort((a, b) => b.gzip - a.gzip);
      const editorPart = own.filter(isEditor);
      const routePart = own.filter((s) => !isEditor(s));
      const routeBytes = sum(routePart);
      const editorBytes = sum(editorPart);
      const totalBytes = sum(opened.scripts);
      log(
        `${route}: ${formatKb(routeBytes)} in ${routePart.length} files${editor ? `, editor ${formatKb(editorBytes)}` : ''}; ${formatKb(totalBytes)} in all when opened directly`,
      );
      const notes = [
        ...(opened.message ? [opened.message] : []),
        ...(editor && !editorPart.length ? ['no editor chunk was loaded'] : []),
        ...(!editor && editorPart.length
          ? ['the editor chunk was loaded on a screen without the editor']
          : []),
        ...routePart.map(fileLine),
        ...editorPart.map((s) => `${fileLine(s)}  (editor)`),
      ];
      const largest = routePart[0]?.gzip ?? 0;
      results.push({
        measurement,
        engine: '—',
        figure: editor
          ? `largest ${formatKb(largest)} + editor ${formatKb(editorBytes)}`
          : `largest ${formatKb(largest)}`,
        baseline: `${routePart.length} chunks, ${formatKb(routeBytes)} beyond the shell (${formatKb(shellBytes)})`,
        ratio: null,
        target: `each chunk ≤ ${formatKb(TARGET_BYTES)}${editor ? ' (editor apart)' : ''}`,
        // The editor on a screen that should not have it fails the route.
        met: largest <= TARGET_BYTES && (editor || editorBytes === 0) && opened.state === 'ok',
        data: {
          route,
          target,
          state: opened.state,
          routeGzipBytes: routeBytes,
          largestChunkGzipBytes: largest,
          editorGzipBytes: editorBytes,
          totalGzipBytes: totalBytes,
          shellGzipBytes: shellBytes,
          files: own,
        },
        notes,
      });
    }
    results.unshift({
      measurement: 'Shell JS (home, what the routes add to), gzip -9',
      engine: '—',
      figure: `${formatKb(shellBytes)} (${shell.scripts.length} files)`,
      baseline: '—',
      ratio: null,
      target: 'none (reference)',
      met: true,
      data: { files: shell.scripts },
      notes: shell.scripts.sort((a, b) => b.gzip - a.gzip).map(fileLine),
    });
  } finally {
    await closeBrowser();
    await removeNews();
  }
  return results;
}
