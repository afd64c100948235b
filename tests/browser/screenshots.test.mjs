// Screenshots for docs/screenshots/ (overwritten on every run) and the layout checks that go with
// them: no sideways scrolling from a 360 px phone up, in light and dark. One page, resized and
// re-themed between shots, keeps this file fast.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, statSync } from 'node:fs';
import { startHarness, openPage, settle, hasModel, repoRoot } from './harness.mjs';

const out = `${repoRoot}docs/screenshots`;
// The product is the trained model; until it exists the screenshots show the toy copy model.
const QUERY = hasModel('fr-en-attention')
  ? '?text=Le%20chat%20noir%20mange%20une%20pomme%20rouge'
  : '?model=toy-copy&text=a%20b%20c%20d%20e';

let harness;
let session;
before(async () => {
  mkdirSync(out, { recursive: true });
  harness = await startHarness();
  session = await openPage(harness, QUERY, { viewport: { width: 1280, height: 900 } });
});
after(async () => {
  await session?.close();
  await harness?.close();
});

async function shoot(name) {
  const { page } = session;
  await settle(page);
  await page.waitForTimeout(100); // resize observers redraw the canvases
  await settle(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  assert.ok(overflow <= 0, `${name}: the page scrolls sideways by ${overflow}px`);
  await page.screenshot({ path: `${out}/${name}.png` });
  assert.ok(statSync(`${out}/${name}.png`).size > 10_000);
  assert.deepEqual(session.problems, []);
}

const scrollTo = (selector) =>
  session.page.evaluate((s) => document.querySelector(s).scrollIntoView(), selector);

test('desktop, light: the translator, heatmap (one cell hovered) and summary', async () => {
  assert.equal(await session.page.getAttribute('html', 'data-status'), 'ready');
  await session.page.hover('.heatmap-cell[data-row="2"][data-col="1"]');
  await shoot('desktop');
});

test('desktop, light: the decoder loop at step 2', async () => {
  await session.page.click('button[aria-label="Next step"]');
  await session.page.mouse.move(0, 0);
  await scrollTo('.panel-wide');
  await shoot('desktop-steps');
});

test('dark theme (system preference)', async () => {
  await session.page.emulateMedia({ colorScheme: 'dark' });
  await scrollTo('.overview');
  await shoot('dark');
  await session.page.emulateMedia({ colorScheme: 'light' });
});

test('mobile, 390 x 844', async () => {
  await session.page.setViewportSize({ width: 390, height: 844 });
  await scrollTo('body');
  await shoot('mobile');
});

test('nothing overflows sideways at 360 px, through the whole page', async () => {
  await session.page.setViewportSize({ width: 360, height: 740 });
  await settle(session.page);
  await session.page.waitForTimeout(100);
  const wide = await session.page.evaluate(() =>
    [...document.querySelectorAll('#app *')]
      .filter((el) => el.offsetParent && el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName}.${el.className}`)
      .slice(0, 5),
  );
  assert.deepEqual(wide, []);
});
