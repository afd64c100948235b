// Shared set-up of the browser tests: one static server on web/ and one Chromium per test file.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../tools/serve.mjs';
import { launchChromium } from '../../tools/chromium.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const webRoot = `${repoRoot}web`;
export const hasModel = (name) => existsSync(`${webRoot}/models/${name}.aem`);

export { launchChromium };

export async function startHarness() {
  const server = await startServer({ root: webRoot, port: 0 });
  const browser = await launchChromium();
  const base = `http://127.0.0.1:${server.address().port}/`;
  return {
    base,
    browser,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Opens the page and waits until it has started (or failed). Collects page errors, dialogs and
 * CSP violations so a test can assert there were none.
 */
export async function openPage(
  harness,
  query = '',
  {
    viewport = { width: 1280, height: 900 },
    colorScheme = 'light',
    reducedMotion = 'reduce',
    deviceScaleFactor = 1,
    before,
  } = {},
) {
  const context = await harness.browser.newContext({
    viewport,
    colorScheme,
    reducedMotion,
    deviceScaleFactor,
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text()))
      problems.push(`csp: ${message.text()}`);
  });
  if (before) await before(page);
  await page.goto(`${harness.base}${query}`);
  await page.waitForFunction(
    () => ['ready', 'error'].includes(document.documentElement.dataset.status),
    null,
    { timeout: 60000 }, // a cold start on a busy 2-core machine can take tens of seconds
  );
  return { page, context, problems, close: () => context.close() };
}

/**
 * Runs `fn(page, session)` on a fresh page, then checks that nothing went wrong on the page
 * (errors, dialogs, CSP violations), and closes it whatever happened.
 */
export async function withPage(harness, query, fn, options) {
  const session = await openPage(harness, query, options);
  try {
    await fn(session.page, session);
    assert.deepEqual(session.problems, [], 'no page errors, dialogs or CSP violations');
  } finally {
    await session.close();
  }
}

/** Waits for the next two animation frames (the page re-translates at most once per frame). */
export function settle(page) {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

export const state = (page) => page.evaluate(() => window.__explorer.state);
export const trace = (page) => page.evaluate(() => window.__explorer.trace);
