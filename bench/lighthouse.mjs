// `npm run lighthouse` (after `npm run build`): Lighthouse's desktop preset on the sign-in page, a list
// and the news editor of the built server, and its mobile preset on the public answering page of a
// test (/t/{slug}/r/{token}), in Debian's Chromium. Not a bench case: its scores are not
// ratios against a baseline, and a run takes a minute, so it stays out of `npm run bench` and of the
// tests. See README.md "Lighthouse".
//
//   npm run lighthouse                       build, then audit the four pages
//   npm run lighthouse -w bench              audit the current build
//   LIGHTHOUSE_STRICT=1 npm run lighthouse   exit 1 when a page misses a target

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { BENCH_ADMIN, checkBuilt, startApiServer } from './lib/api-server.mjs';
import { cleanUpAll, onCleanup } from './lib/cleanup.mjs';
import { resultsDir } from './lib/paths.mjs';
import { freePort, stopChild } from './lib/ports.mjs';
import { createOpenQuiz, solvedProof, startAttempt } from './lib/quiz-fixture.mjs';
import { browserHeaders, signIn } from './lib/session.mjs';

/** The scores each page must reach (0–100). */
/** @type {Record<string, number>} */
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100 };
/**
 * The answering page is for anyone, on a phone first (decision 049): mobile preset, and every
 * category at 100.
 * @type {Record<string, number>}
 */
const ANSWERING_TARGETS = { performance: 100, accessibility: 100, 'best-practices': 100 };
const CATEGORIES = Object.keys(TARGETS);
const NEWS_IN_LIST = 20;
const TIME_LIMIT_MS = 10 * 60_000;

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Debian's Chromium with a DevTools port, which Lighthouse drives and Playwright signs in through.
 * Its own profile directory: the session cookie the sign-in leaves is there for every later tab.
 */
async function startChromium() {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'gestor-lighthouse-'));
  const port = await freePort();
  const child = spawn(
    chromiumPath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    await stopChild(child);
    await rm(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (answer.ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Chromium (${chromiumPath}) did not open its DevTools port`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, stop };
}

/**
 * News for the list to show, made through the API as an editor would.
 * @param {string} baseUrl
 */
async function createNews(baseUrl) {
  const jar = await signIn(baseUrl, BENCH_ADMIN);
  const slugs = [];
  for (let index = 1; index <= NEWS_IN_LIST; index++) {
    const response = await fetch(`${baseUrl}/api/news?lang=es`, {
      method: 'POST',
      headers: { ...browserHeaders(baseUrl, jar), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: `Programa de actividades de otoño en la biblioteca municipal, número ${index}`,
        excerpt: 'Talleres, lecturas y encuentros para todas las edades durante los próximos meses.',
        body: '<p>La biblioteca abre sus puertas por la tarde con <strong>nuevas actividades</strong>.</p>',
      }),
    });
    const answer = /** @type {{ data: { slug: string } }} */ (await response.json());
    if (response.status !== 201) throw new Error(`POST /api/news answered ${response.status}`);
    slugs.push(answer.data.slug);
  }
  return slugs;
}

/**
 * Signs in through the form in the browser Lighthouse will use, as a person would.
 * @param {number} port
 * @param {string} baseUrl
 */
async function signInInBrowser(port, baseUrl) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Correo electrónico').fill(BENCH_ADMIN.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Acceder', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Hola,/ }).waitFor({ timeout: 15_000 });
    await page.close();
  } finally {
    // Leaves the browser running: only Playwright's connection closes.
    await browser.close();
  }
}

/**
 * A test open to the public and an attempt at it, started through the public API with a solved proof
 * of work, as a person's browser starts it: the path of the attempt's answering page.
 * @param {string} baseUrl
 */
async function answeringPath(baseUrl) {
  const quiz = await createOpenQuiz(baseUrl, { questions: 30, options: 4 });
  const token = await startAttempt(baseUrl, quiz.slug, await solvedProof(baseUrl, quiz.slug));
  return `/t/${encodeURIComponent(quiz.slug)}/r/${encodeURIComponent(token)}`;
}

/**
 * One Lighthouse run; keeps the cookies (and so the session) when `signedIn`. The desktop preset,
 * or Lighthouse's default (a mid-range phone on a slow 4G link, simulated) when `mobile`.
 * @param {number} port
 * @param {string} url
 * @param {boolean} signedIn
 * @param {boolean} [mobile]
 */
async function audit(port, url, signedIn, mobile = false) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // Lighthouse clears the origin's storage, cookies included, before a run unless told not to.
      disableStorageReset: signedIn,
    },
    mobile ? undefined : desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  // What cost points: every audit of the three categories that counts and did not pass.
  const counted = new Set(
    CATEGORIES.flatMap((id) => (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0)).map(
      (ref) => ref.id,
    ),
  );
  const failing = Object.values(lhr.audits)
    .filter((item) => counted.has(item.id) && item.score !== null && item.score < 1)
    .map((item) => `${item.id} (${item.score})${item.displayValue ? `: ${item.displayValue}` : ''}`);
  // A signed-in page must have been seen signed in: GET /api/user answered it 200. (The audit's
  // details are a union of table shapes in Lighthouse's types; this one is a table of requests.)
  const requests = /** @type {Array<{ url: string, statusCode: number }>} */ (
    /** @type {any} */ (lhr.audits['network-requests']?.details)?.items ?? []
  );
  const userAnswer = requests.find((request) => new URL(request.url).pathname === '/api/user');
  if (signedIn && userAnswer?.statusCode !== 200) {
    throw new Error(`${url}: GET /api/user answered ${userAnswer?.statusCode ?? 'nothing'}, not signed in`);
  }
  const metrics = Object.fromEntries(
    ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
      .map((id) => [id, lhr.audits[id]?.displayValue])
      .filter(([, value]) => value !== undefined),
  );
  return { url, finalUrl: lhr.finalDisplayedUrl, scores, metrics, failing };
}

async function main() {
  checkBuilt();
  console.log('Starting the built server (PGlite) and Chromium…');
  const server = await startApiServer();
  onCleanup(server.stop);
  const browser = await startChromium();
  onCleanup(browser.stop);

  const [slug] = await createNews(server.url);
  if (!slug) throw new Error('no news was created');
  /** @type {Array<{ name: string, path: string, signedIn: boolean, mobile?: boolean, targets?: Record<string, number> }>} */
  const pages = [
    { name: 'Sign-in', path: '/auth/login', signedIn: false },
    { name: 'News list', path: '/news', signedIn: true },
    { name: 'News editor', path: `/news/${slug}`, signedIn: true },
    // Last: a guest page, whose run clears the origin's storage (and so the session).
    {
      name: 'Answering',
      path: await answeringPath(server.url),
      signedIn: false,
      mobile: true,
      targets: ANSWERING_TARGETS,
    },
  ];

  /** @type {Array<{ name: string, path: string, signedIn: boolean, mobile?: boolean, targets?: Record<string, number> } & Awaited<ReturnType<typeof audit>>>} */
  const results = [];
  for (const page of pages) {
    if (page.signedIn && !results.some((result) => result.signedIn)) {
      await signInInBrowser(browser.port, server.url);
    }
    console.log(`Auditing ${page.path}…`);
    const result = await audit(browser.port, `${server.url}${page.path}`, page.signedIn, page.mobile);
    if (new URL(result.finalUrl).pathname !== page.path) {
      throw new Error(`${page.path} ended on ${result.finalUrl}: the audit did not see the page`);
    }
    results.push({ ...page, ...result });
  }

  console.log('');
  console.log(
    ['Page'.padEnd(12), 'Preset'.padEnd(8), ...CATEGORIES.map((id) => id.padEnd(16)), 'Met'].join('│ '),
  );
  let allMet = true;
  for (const result of results) {
    const targets = result.targets ?? TARGETS;
    const met = CATEGORIES.every((id) => (result.scores[id] ?? 0) >= (targets[id] ?? 100));
    allMet &&= met;
    console.log(
      [
        result.name.padEnd(12),
        (result.mobile ? 'mobile' : 'desktop').padEnd(8),
        ...CATEGORIES.map((id) => `${result.scores[id]} (≥ ${targets[id]})`.padEnd(16)),
        met ? 'met' : 'NOT MET',
      ].join('│ '),
    );
  }
  for (const result of results) {
    console.log(`\n${result.name} (${result.path}): ${JSON.stringify(result.metrics)}`);
    for (const line of result.failing) console.log(`  below 1: ${line}`);
  }
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, 'lighthouse.json');
  await writeFile(file, `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
  return allMet;
}

const watchdog = setTimeout(() => {
  console.error(`Lighthouse took longer than ${TIME_LIMIT_MS / 60_000} minutes; stopping.`);
  void cleanUpAll().then(() => process.exit(1));
}, TIME_LIMIT_MS);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUpAll().then(() => process.exit(130)));
}

main()
  .then(async (allMet) => {
    await cleanUpAll();
    process.exit(!allMet && process.env.LIGHTHOUSE_STRICT === '1' ? 1 : 0);
  })
  .catch(async (error) => {
    console.error(error);
    await cleanUpAll();
    process.exit(1);
  });
