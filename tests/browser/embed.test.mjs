// The embeddable <attention-explorer> element and web/embed.html, served from a sub-path
// (the repository root is served, so the element lives at /web/embed/): two instances sharing one
// WebAssembly instantiation, the iframe form, a strict-CSP host page, no requests to other
// origins, no new globals, and no style leaking either way across the shadow boundary.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../../tools/serve.mjs';
import { repoRoot, hasModel, launchChromium } from './harness.mjs';

const CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'";
const FIXTURES = 'tests/browser/fixtures/';

let browser;
let plain;
let strict;
const origin = (server) => `http://127.0.0.1:${server.address().port}`;

before(async () => {
  plain = await startServer({ root: repoRoot, port: 0 });
  strict = await startServer({
    root: repoRoot,
    port: 0,
    headers: { 'Content-Security-Policy': CSP },
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  for (const server of [plain, strict])
    if (server) await new Promise((resolve) => server.close(resolve));
});

/** A fresh context and page recording requests, page errors and CSP console messages. */
async function open(url, fn) {
  const context = await browser.newContext({
    viewport: { width: 1000, height: 900 },
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text()))
      problems.push(`csp: ${message.text()}`);
  });
  try {
    const response = await page.goto(url);
    await fn(page, { requests, problems, response });
    assert.deepEqual(problems, [], 'no page errors or CSP violations');
  } finally {
    await context.close();
  }
}

/** Waits until the element `selector` is ready or failed; returns its status. */
async function settled(page, selector, frame = page) {
  await frame.waitForFunction(
    (sel) => ['ready', 'error'].includes(document.querySelector(sel)?.dataset.status),
    selector,
    { timeout: 60000 },
  );
  return frame.evaluate((sel) => document.querySelector(sel).dataset.status, selector);
}

const shadowText = (page, selector, inner) =>
  page.evaluate(
    ([sel, part]) => document.querySelector(sel).shadowRoot.querySelector(part)?.textContent ?? '',
    [selector, inner],
  );

test(
  'two explorers: translations, one wasm instantiation, same origin, no globals, no style leaks, stepper',
  { skip: !hasModel('fr-en-attention') && 'web/models/fr-en-attention.aem is absent' },
  async () => {
    const blankKeys = await (async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${origin(plain)}/${FIXTURES}host.css`);
      await page.setContent('<p>blank</p>');
      const keys = await page.evaluate(() => Object.keys(window));
      await context.close();
      return keys;
    })();
    await open(`${origin(plain)}/${FIXTURES}two.html`, async (page, { requests }) => {
      assert.equal(await settled(page, '#first'), 'ready');
      assert.equal(await settled(page, '#second'), 'ready');
      assert.equal(await settled(page, '#broken'), 'error');

      assert.equal(
        await page.evaluate(() => document.querySelector('#first').translation),
        'i am a student',
      );
      assert.equal(
        await page.evaluate(() => document.querySelector('#second').translation),
        'a b c',
      );
      assert.equal(await shadowText(page, '#first', '.translation'), 'i am a student');
      assert.equal(await shadowText(page, '#second', '.translation'), 'a b c');
      const canvas = await page.evaluate(() => {
        const c = document.querySelector('#second').shadowRoot.querySelector('canvas');
        return {
          rows: c.dataset.rows,
          cols: c.dataset.cols,
          width: c.getBoundingClientRect().width,
        };
      });
      assert.equal(canvas.cols, '3');
      assert.ok(
        canvas.width > 0 && canvas.width <= 360,
        `heatmap fits its container (${canvas.width})`,
      );
      assert.match(await shadowText(page, '#broken', '.error'), /no-such-model\.aem/);
      const cards = await page.evaluate(() =>
        ['#first', '#second'].map(
          (sel) =>
            getComputedStyle(document.querySelector(sel).shadowRoot.querySelector('.card'))
              .backgroundColor,
        ),
      );
      assert.deepEqual(cards, ['rgb(255, 255, 255)', 'rgb(22, 27, 36)'], 'light and dark themes');

      const wasm = requests.filter((url) => /attention\.wasm$/.test(url));
      assert.equal(wasm.length, 1, `one attention.wasm request (${wasm.join(', ')})`);
      const glue = requests.filter((url) => /attention\.js$/.test(url));
      assert.equal(glue.length, 1, 'one glue module request');
      assert.ok(wasm[0].startsWith(`${origin(plain)}/web/wasm/`), 'resolved from the module URL');
      const foreign = requests.filter((url) => !url.startsWith(`${origin(plain)}/`));
      assert.deepEqual(foreign, [], 'no request leaves the page origin');

      const added = await page.evaluate(
        (before) => Object.keys(window).filter((key) => !before.includes(key)),
        blankKeys,
      );
      assert.deepEqual(added, [], 'no new globals');

      // Host styles do not reach inside; the element's styles do not reach out.
      const styles = await page.evaluate(() => {
        const shadow = document.querySelector('#first').shadowRoot;
        const probe = getComputedStyle(document.querySelector('.probe'));
        const hostButton = getComputedStyle(document.querySelector('.probe-button'));
        return {
          card: getComputedStyle(shadow.querySelector('.card')).color,
          button: getComputedStyle(shadow.querySelector('button')).backgroundColor,
          probeColor: probe.color,
          probeFont: probe.fontFamily,
          hostButton: hostButton.backgroundColor,
        };
      });
      assert.notEqual(styles.card, 'rgb(255, 0, 0)');
      assert.notEqual(styles.button, 'rgb(255, 0, 0)');
      assert.equal(styles.probeColor, 'rgb(0, 0, 128)');
      assert.equal(styles.probeFont, 'serif');
      assert.equal(styles.hostButton, 'rgb(255, 0, 0)');

      // The stepper: keyboard, buttons, live region, attribute changes.
      const live = () => shadowText(page, '#first', '[aria-live]');
      assert.match(
        await live(),
        /^step 1: 'i' takes \d+ % of its attention from '(je|suis|étudiant)'$/,
      );
      await page.focus('#first');
      await page.keyboard.press('ArrowRight');
      assert.match(
        await live(),
        /^step 2: 'am' takes \d+ % of its attention from '(je|suis|étudiant)'$/,
      );
      assert.match(await shadowText(page, '#first', '.caption'), /Step 2 of \d+: “am”/);
      await page.locator('#first').getByRole('button', { name: 'Previous step' }).click();
      assert.match(await live(), /^step 1: 'i'/);
      const bars = await page.evaluate(
        () => document.querySelector('#first').shadowRoot.querySelectorAll('.bars li').length,
      );
      assert.equal(bars, 3);

      // Its interface follows its own lang attribute (else the page's).
      await page.evaluate(() => document.querySelector('#first').setAttribute('lang', 'fr'));
      await page.waitForFunction(() =>
        document
          .querySelector('#first')
          .shadowRoot.querySelector('.caption')
          ?.textContent.startsWith('Étape'),
      );
      assert.match(
        await shadowText(page, '#first', '.caption'),
        /^Étape 1 sur \d+\u00a0: «\u00a0i\u00a0»$/,
      );
      await page.locator('#first').getByRole('button', { name: 'Étape suivante' }).click();
      assert.match(await live(), /^étape 2\u00a0: «\u00a0am\u00a0» porte \d+/);
      await page.locator('#first').getByRole('button', { name: 'Étape précédente' }).click();
      await page.evaluate(() => document.querySelector('#first').removeAttribute('lang'));
      await page.waitForFunction(() =>
        document
          .querySelector('#first')
          .shadowRoot.querySelector('.caption')
          ?.textContent.startsWith('Step'),
      );

      await page.evaluate(() => second.setAttribute('sentence', 'c b a d'));
      await page.waitForFunction(() => second.translation === 'c b a d', null, { timeout: 30000 });
      await page.evaluate(() => second.setAttribute('view', 'full'));
      await page.waitForFunction(
        () => !!second.shadowRoot.querySelector('a[href*="index.html?text=c+b+a+d"]'),
        null,
        { timeout: 30000 },
      );
    });
  },
);

test('the iframe form renders one explorer filling the frame', async () => {
  await open(`${origin(plain)}/${FIXTURES}iframe.html`, async (page, { requests }) => {
    const frame = page.frameLocator('iframe');
    await frame.locator('attention-explorer[data-status="ready"]').waitFor({ timeout: 60000 });
    const element = frame.locator('attention-explorer');
    assert.equal(await element.evaluate((node) => node.translation), 'a b c');
    assert.equal(await element.evaluate((node) => node.currentStep), 2);
    const size = await element.evaluate((node) => node.getBoundingClientRect().width);
    assert.ok(size > 480, `fills the frame (${size})`);
    const foreign = requests.filter((url) => !url.startsWith(`${origin(plain)}/`));
    assert.deepEqual(foreign, []);
  });
});

test('a strict-CSP host page embeds the element without violations', async () => {
  await open(`${origin(strict)}/${FIXTURES}csp.html`, async (page, { response }) => {
    assert.equal(response.headers()['content-security-policy'], CSP);
    assert.equal(await settled(page, 'attention-explorer'), 'ready');
    assert.equal(await shadowText(page, 'attention-explorer', '.translation'), 'a b c');
    const violations = await page.evaluate(() => document.documentElement.dataset.cspViolations);
    assert.equal(violations, '', 'no securitypolicyviolation events');
  });
});
