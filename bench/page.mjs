// The page in headless Chromium (part 4 of `npm run bench`):
//   - weight: every file the default view requests, compressed as a static host would serve it
//     (gzip -9 and brotli 11; our test server sends files uncompressed), split into what the first
//     heatmap needs and what loads after it;
//   - navigation → first heatmap: from navigation start to the first animation frame after the
//     page reports itself ready (<html data-status="ready"> is set right after the first render,
//     which draws the heatmap), each load in a fresh browser context (cold HTTP and code caches);
//   - keystroke → redrawn page for a 10-word sentence: the main thread's busy time from the
//     keydown to the end of the frame that shows the new translation (the input handler, then the
//     page's animation-frame render: decode + every view's drawing, then style, layout and paint),
//     not counting the idle wait for that frame to begin. Keystrokes alternate between typing "x"
//     at the end (the last word becomes unknown) and Backspace. The latency including that wait
//     is reported too.
//
// The page is served from web/ with tools/serve.mjs. While the trained model is missing, the page
// cannot start with its default model, so a stand-in directory (links to web/ plus the random
// model of the same shapes as models/fr-en-attention.aem) is served instead and the weight is
// marked as not representative.
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from '../tools/serve.mjs';
import { summarize } from './timing.mjs';

const SENTENCE = 'Le chat noir mange une pomme rouge dans le jardin';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

function standInRoot(root, model) {
  const dir = `${root}build/bench-page-root`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(`${dir}/models`, { recursive: true });
  for (const name of readdirSync(`${root}web`))
    if (name !== 'models') symlinkSync(`${root}web/${name}`, `${dir}/${name}`);
  for (const name of readdirSync(`${root}web/models`))
    symlinkSync(`${root}web/models/${name}`, `${dir}/models/${name}`);
  symlinkSync(resolve(model), `${dir}/models/fr-en-attention.aem`);
  return dir;
}

// Records, in the page, when it became ready and the first frame after that.
function readyProbe() {
  window.__bench = {};
  new MutationObserver(() => {
    if (document.documentElement?.dataset.status === 'ready' && !window.__bench.ready) {
      window.__bench.ready = performance.now();
      requestAnimationFrame(() => {
        window.__bench.firstFrame = performance.now();
      });
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-status'] });
}

const secondaryLoaded = () => {
  const s = window.__explorer?.state;
  return s && s.baseline !== 'loading' && s.evaluation !== 'loading' && s.toys.copy !== 'loading' && s.toys.reverse !== 'loading';
};

async function openPage(browser, url, onResponse) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (onResponse) page.on('response', onResponse);
  await page.addInitScript(readyProbe);
  await page.goto(url);
  await page.waitForFunction(() => ['ready', 'error'].includes(document.documentElement.dataset.status), null, { timeout: 180000 });
  const status = await page.evaluate(() => document.documentElement.dataset.status);
  if (status !== 'ready') {
    const why = await page.evaluate(() => document.getElementById('failure-text')?.textContent);
    throw new Error(`the page did not start: ${why} ${errors.join('; ')}`);
  }
  await page.waitForFunction(() => window.__bench.firstFrame > 0, null, { timeout: 180000 });
  return { context, page };
}

// Installs the keystroke probe: one record per keystroke, completed after the frame it caused.
function keystrokeProbe() {
  const input = document.getElementById('source-input');
  window.__keys = [];
  let current = null;
  input.addEventListener(
    'keydown',
    (event) => {
      const rec = { eventTime: event.timeStamp, keydown: performance.now() };
      current = rec;
      // Registered before the page's own callback (which the input event registers): runs first.
      requestAnimationFrame(() => {
        rec.frameStart = performance.now();
      });
    },
    true,
  );
  // Added after the page's input listener, so it runs after it.
  input.addEventListener('input', () => {
    const rec = current;
    rec.inputEnd = performance.now();
    requestAnimationFrame(() => {
      rec.renderEnd = performance.now();
      // A task posted from the last animation-frame callback runs once the frame's style,
      // layout and paint are done.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        rec.frameEnd = performance.now();
        window.__keys.push(rec);
      };
      channel.port2.postMessage(0);
    });
  });
}

export async function benchPage({ root, quick, log, modelPath }) {
  if (!existsSync(`${root}web/index.html`)) return { skipped: 'web/index.html does not exist yet.' };
  const trained = existsSync(`${root}web/models/fr-en-attention.aem`);
  if (!trained && !modelPath) return { skipped: 'the trained model web/models/fr-en-attention.aem is missing.' };
  const webRoot = trained ? `${root}web` : standInRoot(root, modelPath);
  const server = await startServer({ root: webRoot, port: 0 });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    // Weight, on a first load.
    log('page: weight');
    const bodies = [];
    const { context, page } = await openPage(browser, base, (response) => bodies.push(response));
    await page.waitForFunction(secondaryLoaded, null, { timeout: 180000 });
    await page.waitForTimeout(500);
    const timing = await page.evaluate(() => ({
      ready: window.__bench.ready,
      resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, end: e.responseEnd })),
    }));
    const files = [];
    for (const response of bodies) {
      if (response.status() !== 200) continue;
      const body = await response.body().catch(() => null);
      if (!body) continue;
      const url = response.url();
      const entry = timing.resources.find((e) => e.name === url);
      files.push({
        path: url.replace(base, '') || 'index.html',
        bytes: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        beforeFirstHeatmap: !entry || entry.end <= timing.ready,
      });
    }
    await context.close();
    const sum = (list, key) => list.reduce((a, f) => a + f[key], 0);
    const critical = files.filter((f) => f.beforeFirstHeatmap);
    const weight = {
      files,
      bytes: sum(files, 'bytes'),
      gzip: sum(files, 'gzip'),
      brotli: sum(files, 'brotli'),
      critical: { bytes: sum(critical, 'bytes'), gzip: sum(critical, 'gzip'), brotli: sum(critical, 'brotli') },
      representative: trained,
    };

    // Navigation → first heatmap, cold, several times.
    const loads = quick ? 2 : 7;
    const firstHeatmap = [];
    for (let i = 0; i < loads; i++) {
      log(`page: load ${i + 1}/${loads}`);
      const opened = await openPage(browser, base);
      firstHeatmap.push(await opened.page.evaluate(() => window.__bench.firstFrame));
      await opened.context.close();
    }

    // Keystroke → redrawn page.
    const keystrokes = quick ? 16 : 80;
    const discard = quick ? 4 : 10;
    log(`page: ${keystrokes} keystrokes`);
    const opened = await openPage(browser, `${base}?text=${encodeURIComponent(SENTENCE)}`);
    await opened.page.waitForFunction(secondaryLoaded, null, { timeout: 180000 });
    const words = await opened.page.evaluate(() => window.__explorer.trace?.srcLen ?? 0);
    await opened.page.evaluate(keystrokeProbe);
    await opened.page.focus('#source-input');
    await opened.page.keyboard.press('Control+End');
    for (let i = 0; i < keystrokes; i++) {
      await opened.page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
      await opened.page.waitForFunction((n) => window.__keys.length >= n, i + 1, { polling: 5 });
    }
    const records = (await opened.page.evaluate(() => window.__keys)).slice(discard);
    const finalText = await opened.page.evaluate(() => window.__explorer.state.text);
    await opened.context.close();
    if (finalText !== SENTENCE) throw new Error(`keystroke test ended with "${finalText}"`);
    const busyOf = (r) => r.inputEnd - r.keydown + (r.frameEnd - r.frameStart);
    const busy = records.map(busyOf);
    // Keystrokes 0, 2, 4... typed "x" (the last word becomes unknown: the page also looks up close
    // known words for it), 1, 3, 5... were Backspace (every word known again).
    const typed = records.filter((_, i) => (i + discard) % 2 === 0).map(busyOf);
    const erased = records.filter((_, i) => (i + discard) % 2 === 1).map(busyOf);
    const latency = records.map((r) => r.frameEnd - r.eventTime);
    return {
      weight,
      firstHeatmap: summarize(firstHeatmap),
      keystroke: summarize(busy),
      keystrokeRender: summarize(records.map((r) => r.renderEnd - r.frameStart)),
      keystrokeTyped: summarize(typed),
      keystrokeErased: summarize(erased),
      keystrokeLatency: summarize(latency),
      keystrokeWords: words,
      sentence: SENTENCE,
      notes: trained
        ? ''
        : '**The trained model was missing: the page ran with the random stand-in model (float32, larger than the shipped int8 model) and without the baseline model, so the weight is not representative; timings use the same shapes.**',
    };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
