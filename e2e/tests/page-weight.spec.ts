import { gzipSync } from 'node:zlib';
import type { CDPSession, Page } from '@playwright/test';
import { expect, signIn, test, useSession } from '../support/fixtures';
import { apiCreate, SCREEN_SIZES, shot } from '../support/pages';
import { editor } from '../support/test-users';

// The sign-in page transfers at most 250 kB (it was 519 kB, two thirds of it the
// whole Inter variable font); the only font files are Inter's Latin subset and PrimeIcons; and no
// page logs a console error (a guest's 401 from /api/user) or files a CSP violation (zod's
// `new Function` probe), on the sign-in page, a list and the news editor, at 1280 and 375 px.
// The home page (issue 20, decision 030) loads at most 60 kB of JavaScript (gzip -9) beyond the shell,
// and the chart's chunk only once its widget is scrolled into view.

const SIGN_IN_BUDGET_BYTES = 250_000;
const HOME_BUDGET_BYTES = 60_000;

/** The font files a page may load: Inter's Latin subset (src/styles/fonts.css) and the icons. */
const ALLOWED_FONT = /^\/assets\/(?:inter-latin-wght-normal|primeicons)-[\w-]+\.woff2$/;

interface Transfer {
  path: string;
  type: string;
  status: number;
  /** Bytes on the wire, headers included, compressed as the server sent them. */
  bytes: number;
}

/** Every response the page receives from now on, with its size on the wire (CDP Network). */
async function recordTransfers(page: Page): Promise<{ transfers: Transfer[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const transfers: Transfer[] = [];
  const pending = new Map<string, Omit<Transfer, 'bytes'>>();
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    pending.set(requestId, { path: new URL(response.url).pathname, type, status: response.status });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = pending.get(requestId);
    if (response) transfers.push({ ...response, bytes: encodedDataLength });
  });
  await cdp.send('Network.enable');
  // A fresh browser in a fresh context: nothing may come from a cache.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { transfers, cdp };
}

/** Console errors, uncaught errors and CSP violations of every document the page opens. */
async function recordProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.exposeFunction('__reportCspViolation', (text: string) => problems.push(`CSP: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      void report(
        `${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return problems;
}

const fontPaths = (transfers: Transfer[]) =>
  transfers
    .filter((transfer) => transfer.type === 'Font' || transfer.path.endsWith('.woff2'))
    .map((t) => t.path);

for (const [label, viewport] of SCREEN_SIZES) {
  test.describe(`At ${label} px wide`, () => {
    test.use({ viewport });

    test('the sign-in page weighs at most 250 kB, with the subset font, and logs no error', async ({
      page,
    }) => {
      const problems = await recordProblems(page);
      const { transfers } = await recordTransfers(page);

      await page.goto('/auth/login', { waitUntil: 'networkidle' });
      await expect(page.getByRole('button', { name: 'Acceder', exact: true })).toBeVisible();
      // The text is drawn in Inter once its file has arrived (font-display: swap until then).
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.fonts.check('600 16px "Inter var"'))).toBe(true);
      await page.waitForLoadState('networkidle');
      await shot(page, `page-weight-sign-in-${label}`);

      const total = transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);
      const listing = transfers
        .map((t) => `${String(t.bytes).padStart(8)}  ${t.status} ${t.path}`)
        .join('\n');
      expect
        .soft(total, `bytes transferred by /auth/login:\n${listing}`)
        .toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
      const fonts = fontPaths(transfers);
      expect(fonts.some((path) => path.startsWith('/assets/inter-latin-wght-normal-'))).toBe(true);
      for (const path of fonts) expect.soft(path, 'a font file beyond the subsets').toMatch(ALLOWED_FONT);
      // A guest's first look at the sign-in page asks nothing it knows will answer 401.
      expect.soft(transfers.filter((t) => t.status >= 400).map((t) => `${t.status} ${t.path}`)).toEqual([]);
      expect(problems).toEqual([]);
    });

    test('a list and the news editor log no error, file no CSP violation and load only the subset font', async ({
      page,
    }) => {
      const problems = await recordProblems(page);
      const { transfers } = await recordTransfers(page);

      // Through the form: what the sign-in's submit and the home page log is part of what is checked.
      await signIn(page, editor);
      await page.goto('/news');
      await expect(page.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot(page, `page-weight-news-list-${label}`);

      await page.goto('/news/create');
      await expect(page.getByRole('heading', { level: 1, name: 'Nueva noticia' })).toBeVisible();
      await page.getByLabel('Título', { exact: true }).fill('Pesaje de la página');
      const body = page.getByRole('textbox', { name: 'Texto', exact: true });
      await body.click();
      // Italics are drawn by slanting the upright font: no italic file is fetched for them.
      await page.keyboard.type('Texto normal y ');
      await page.keyboard.press('Control+i');
      await page.keyboard.type('texto en cursiva');
      await expect(body.locator('em')).toHaveText('texto en cursiva');
      await page.waitForLoadState('networkidle');
      await shot(page, `page-weight-news-editor-${label}`);

      for (const path of fontPaths(transfers))
        expect.soft(path, 'a font file beyond the subsets').toMatch(ALLOWED_FONT);
      expect(problems).toEqual([]);
    });
  });
}

/** Every JavaScript file the page receives from now on, by path, with its gzip -9 size (as the bench). */
function recordScripts(page: Page): { sizes: Map<string, number>; settled: () => Promise<unknown> } {
  const sizes = new Map<string, number>();
  const pending: Promise<unknown>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    pending.push(
      response.body().then(
        (body) => sizes.set(url.pathname, gzipSync(body, { level: 9 }).length),
        () => undefined,
      ),
    );
  });
  return { sizes, settled: () => Promise.all(pending) };
}

test.describe('The home page at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('loads at most 60 kB of JavaScript beyond the shell, and the chart only once scrolled to', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Four screens, three of them in fresh browser contexts.
    test.setTimeout(90_000);
    await useSession(page, editor);
    const storageState = await page.context().storageState();
    /** A fresh browser context (nothing cached) with the editor's session. */
    const freshPage = async () =>
      (await browser.newContext({ baseURL, storageState, viewport: { width: 375, height: 812 } })).newPage();
    // Something published, so the chart has bars to draw.
    await apiCreate(page, baseURL!, '/api/news', { title: 'Pesaje del inicio', status: 'published' });

    // The shell: what two unrelated screens of the signed-in layout both load.
    const screens: Array<Set<string>> = [];
    for (const [path, heading] of [
      ['/account', 'Mi cuenta'],
      ['/news', 'Noticias'],
    ] as const) {
      const other = await freshPage();
      const { sizes, settled } = recordScripts(other);
      await other.goto(path);
      await expect(other.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await other.waitForLoadState('networkidle');
      await settled();
      screens.push(new Set(sizes.keys()));
      await other.context().close();
    }
    const [account, list] = screens as [Set<string>, Set<string>];
    const shell = new Set([...account].filter((path) => list.has(path)));

    const home = await freshPage();
    const { sizes, settled } = recordScripts(home);
    await home.goto('/');
    await expect(home.getByRole('heading', { level: 1, name: `Hola, ${editor.name}` })).toBeVisible();
    const publications = home.getByRole('region', { name: 'Publicaciones', exact: true });
    await expect(publications).toBeAttached();
    await home.waitForLoadState('networkidle');
    await settled();
    const before = new Map(sizes);
    const own = [...before].filter(([path]) => !shell.has(path));
    const listing = own.map(([path, bytes]) => `${String(bytes).padStart(8)}  ${path}`).join('\n');
    const total = own.reduce((sum, [, bytes]) => sum + bytes, 0);
    expect
      .soft(total, `JavaScript of / beyond the shell (gzip -9):\n${listing}`)
      .toBeLessThanOrEqual(HOME_BUDGET_BYTES);
    const isChart = (path: string) => /\/publications-chart-[\w-]+\.js$/.test(path);
    expect([...before.keys()].filter(isChart), 'the chart before its widget was scrolled to').toEqual([]);

    await publications.scrollIntoViewIfNeeded();
    await expect(publications.locator('canvas')).toBeVisible();
    await home.waitForLoadState('networkidle');
    await settled();
    const later = [...sizes.keys()].filter((path) => !before.has(path));
    expect(later.filter(isChart)).toHaveLength(1);
    await shot(home, 'page-weight-home-chart-375');
    await home.context().close();
  });
});
