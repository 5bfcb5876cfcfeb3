import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, devices } from '@playwright/test';

// Browser tests in Debian's Chromium (never `npx playwright install`): CHROMIUM_PATH or /usr/bin/chromium.
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  throw new Error(
    `No se encuentra Chromium en ${executablePath}. Instale Chromium: apt-get install -y chromium, o indique CHROMIUM_PATH`,
  );
}

const ci = Boolean(process.env.CI);

/**
 * Chromium's own interface that a headless window never shows, yet draws in a renderer of its own
 * for every window, that is for every browser context a test opens: the address bar's suggestion
 * popups (WebUI pages). Measured on a 2-core machine: 0.6 s of CPU a context, and over sign-in,
 * sign-out, passkeys, categories, session-expiry and two-factor 18 % of the machine's CPU
 * (decision 043). The pages under test are drawn as before.
 */
const UNSHOWN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright's own `--disable-features` list, read from the installed Playwright. Chromium keeps only
 * the last `--disable-features` it is given, so ours must repeat Playwright's (HttpsUpgrades,
 * PaintHolding…, which automation needs), and must follow it when an upgrade changes it.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(
    createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'),
    'utf8',
  );
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1] ?? '';
  const names = list
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .flatMap((line) => [...line.matchAll(/"(\w+)"/g)].map((match) => match[1]!));
  if (!names.includes('HttpsUpgrades')) {
    throw new Error(
      'e2e/playwright.config.ts: no se encuentra la lista de funciones que Playwright desactiva en Chromium; revise playwrightDisabledFeatures() para esta versión de Playwright',
    );
  }
  return names;
}

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: 2,
  // A test's whole budget. The suite's heavier tests (two screen sizes, four axe runs, two sign-ins)
  // take 25 s alone on a 2-core runner and more beside the second worker: 60 s leaves them room, and
  // each step still fails on its own 10 s expectation.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: ci ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // A trace records the page's screencast all along: a third of a test's time on a 2-core machine
    // (accessibility.spec: 2.8 → 1.9 min without it). Only a retried test records one, on CI where a
    // failed test is retried; locally, rerun a failing test with --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--disable-features=${[...playwrightDisabledFeatures(), ...UNSHOWN_BROWSER_UI].join(',')}`,
      ],
    },
    // baseURL comes from the global setup (a free port chosen per run): see support/fixtures.ts.
  },
  projects: [{ name: 'chromium' }],
});
