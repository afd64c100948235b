// The page in headless Chromium (part 4 of `npm run bench`; alone: `node bench/page.mjs [--quick]`):
//   - weight: every file the default view requests (the first screen, not scrolled), compressed
//     as a static host would serve it (gzip -9 and brotli 11; our test server sends files
//     uncompressed), split into what the first heatmap needs and what loads after it; and,
//     separately, what scrolling to Step 0 and to the gallery loads on demand;
//   - navigation → first heatmap: from navigation start to the first animation frame after the
//     page reports itself ready (<html data-status="ready"> is set right after the first render,
//     which draws the heatmap), each load in a fresh browser context (cold HTTP and code caches);
//   - keystroke → redrawn page for a 10-word sentence: the main thread's busy time from the
//     keydown to the end of the frame that shows the new translation (the input handler, then the
//     page's animation-frame render: decode + every view's drawing, then style, layout and paint),
//     not counting the idle wait for that frame to begin, as wall time and as the main thread's
//     CPU time (Chromium's trace: the tasks that ran between the keydown and the end of that
//     frame), which a busy machine inflates far less. Keystrokes alternate between typing "x" at
//     the end (the last word becomes unknown) and Backspace. The latency including the wait for
//     the frame is reported too. The page is not scrolled: the views below the first screen are
//     not redrawn while typing (they catch up when scrolled into view).
//
// The page is served from web/ with tools/serve.mjs. While the trained model is missing, the page
// cannot start with its default model, so a stand-in directory (links to web/ plus the random
// model of the same shapes as models/fr-en-attention.aem) is served instead and the weight is
// marked as not representative.
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startServer } from '../tools/serve.mjs';
import { launchChromium } from '../tools/chromium.mjs';
import { summarize } from './timing.mjs';

const SENTENCE = 'Le chat noir mange une pomme rouge dans le jardin';

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

// What the first screen loads besides the model: the evaluation data (the baseline and the toy
// models wait until their sections come near).
const defaultViewLoaded = () => window.__explorer?.state.evaluation !== 'loading';

async function openPage(browser, url, onResponse) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (onResponse) page.on('response', onResponse);
  await page.addInitScript(readyProbe);
  await page.goto(url);
  await page.waitForFunction(
    () => ['ready', 'error'].includes(document.documentElement.dataset.status),
    null,
    { timeout: 180000 },
  );
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
  let waiting = null; // [count, resolve] of the driver's wait for the next record
  window.__keyRecorded = (count) =>
    new Promise((resolve) => {
      if (window.__keys.length >= count) resolve();
      else waiting = [count, resolve];
    });
  input.addEventListener(
    'keydown',
    (event) => {
      performance.mark('bench-key-start'); // in the trace: where this keystroke's CPU time starts
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
        performance.mark('bench-key-end');
        window.__keys.push(rec);
        if (waiting && window.__keys.length >= waiting[0]) waiting.splice(0)[1]();
      };
      channel.port2.postMessage(0);
    });
  });
}

// The JS boundary inside Chromium (part 3 runs in Node): translate() against its C++ half alone
// (`_translate`, which decodes and writes the reply but leaves it in WASM memory), and the one copy
// of the trace's arrays out of WASM memory that translate() makes, on a module of its own, in
// interleaved rounds. Runs in the page; returns milliseconds per call, one list per item.
async function boundaryProbe({ sentence, rounds }) {
  const { default: create } = await import('/wasm/simd/attention.js');
  const module = await create();
  const explorer = new module.Explorer();
  const model = await fetch('/models/fr-en-attention.aem');
  explorer.load(new Uint8Array(await model.arrayBuffer()));
  const d = module._decodeDefaults();
  const half = () =>
    explorer._translate(sentence, d.beamWidth, d.maxLength, d.temperature, d.topK, undefined);
  const reply = JSON.parse(new TextDecoder().decode(half()));
  const [arenaAddress, arenaBytes] = reply.slice(-2);
  const scratch = module._malloc(arenaBytes);
  const items = {
    api: () => explorer.translate(sentence),
    half,
    copy: () => module.HEAPU8.slice(arenaAddress, arenaAddress + arenaBytes),
    copyWithin: () => module.HEAPU8.copyWithin(scratch, arenaAddress, arenaAddress + arenaBytes),
  };
  const perCall = (fn, n) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) fn();
    return (performance.now() - start) / n;
  };
  const samples = Object.fromEntries(Object.keys(items).map((name) => [name, []]));
  for (let round = 0; round < rounds + 2; round++) {
    for (const [name, fn] of Object.entries(items)) {
      const ms = perCall(fn, name.startsWith('copy') ? 400 : 40);
      if (round >= 2) samples[name].push(ms); // the first two rounds warm up
    }
  }
  module._free(scratch);
  explorer.delete();
  return { samples, arenaBytes };
}

/**
 * Milliseconds of main-thread CPU per keystroke: the thread time of the renderer main thread's
 * events named `name` (by default its top-level tasks) that ran between each keystroke's two
 * marks (bench-key-start at the keydown, bench-key-end once its frame is painted). An event
 * inside another of the same name (an input event dispatched while the keypress is) counts once.
 */
function keystrokeCpu(events, name = 'ThreadControllerImpl::RunTask') {
  const marks = events.filter(
    (e) => e.cat === 'blink.user_timing' && /^bench-key-(start|end)$/.test(e.name),
  );
  if (!marks.length) return [];
  const { pid, tid } = marks[0];
  const named = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === name)
    .filter((e) => e.tdur != null)
    .sort((a, b) => a.ts - b.ts);
  const outermost = [];
  for (const e of named) {
    const last = outermost[outermost.length - 1];
    if (!last || e.ts >= last.ts + last.dur) outermost.push(e);
  }
  const spans = [];
  let start = null;
  for (const mark of marks.sort((a, b) => a.ts - b.ts)) {
    if (mark.name === 'bench-key-start') start = mark.ts;
    else if (start != null) {
      spans.push([start, mark.ts]);
      start = null;
    }
  }
  // The keydown's own task began just before its mark: it is found by its end, not its start.
  return spans.map(([from, to]) =>
    outermost
      .filter((t) => t.ts + t.dur > from && t.ts < to)
      .reduce((ms, t) => ms + t.tdur / 1000, 0),
  );
}

// Where a keystroke's main-thread time goes, from Chromium's own trace events (a second series of
// keystrokes, traced in detail, which slows them a little: these are shares, not the timings).
const KEYSTROKE_PHASES = {
  total: 'ThreadControllerImpl::RunTask',
  input: 'EventDispatch', // the key events: the page's input handler and the browser's text editing
  render: 'FireAnimationFrame', // the page's animation-frame render: the decode and the views
  lifecycle: 'WebFrameWidgetImpl::UpdateLifecycle', // style, layout, pre-paint, paint
}; // the rest of the total: handing the frame to the compositor, and the tasks' own overhead

async function typeKeys(page, count) {
  for (let i = 0; i < count; i++) {
    // Asked before the key is pressed, so the driver's own call runs outside the measured span.
    const recorded = page.evaluate((n) => window.__keyRecorded(n), i + 1);
    await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
    await recorded;
  }
}

export async function benchPage({ root, quick, log, modelPath }) {
  if (!existsSync(`${root}web/index.html`))
    return { skipped: 'web/index.html does not exist yet.' };
  const trained = existsSync(`${root}web/models/fr-en-attention.aem`);
  if (!trained && !modelPath)
    return { skipped: 'the trained model web/models/fr-en-attention.aem is missing.' };
  const webRoot = trained ? `${root}web` : standInRoot(root, modelPath);
  const server = await startServer({ root: webRoot, port: 0 });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await launchChromium();
  try {
    // Weight, on a first load: the first screen, then what scrolling to Step 0 and to the gallery
    // loads on demand.
    log('page: weight');
    const bodies = [];
    const { context, page } = await openPage(browser, base, (response) => bodies.push(response));
    await page.waitForFunction(defaultViewLoaded, null, { timeout: 180000 });
    await page.waitForTimeout(1000);
    const timing = await page.evaluate(() => ({
      ready: window.__bench.ready,
      resources: performance
        .getEntriesByType('resource')
        .map((e) => ({ name: e.name, end: e.responseEnd })),
    }));
    const defaultView = bodies.splice(0);
    await page.locator('#compare-baseline').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => ['ready', 'missing'].includes(window.__explorer.state.baseline),
      null,
      { timeout: 180000 },
    );
    await page.locator('#gallery').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () =>
        Object.values(window.__explorer.state.toys).every((s) => s === 'ready' || s === 'missing'),
      null,
      { timeout: 180000 },
    );
    await page.waitForTimeout(500);
    // The favicon is the browser's own late request: it belongs to the default view.
    const late = bodies.splice(0);
    const onDemandBodies = late.filter((response) =>
      new URL(response.url()).pathname.startsWith('/models/'),
    );
    defaultView.push(...late.filter((response) => !onDemandBodies.includes(response)));
    const describe = async (responses, phase) => {
      const out = [];
      for (const response of responses) {
        if (response.status() !== 200) continue;
        const body = await response.body().catch(() => null);
        if (!body) continue;
        const url = response.url();
        const entry = timing.resources.find((e) => e.name === url);
        out.push({
          path: url.replace(base, '') || 'index.html',
          bytes: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
            .length,
          beforeFirstHeatmap: phase === 'default' && (!entry || entry.end <= timing.ready),
        });
      }
      return out;
    };
    const files = await describe(defaultView, 'default');
    const onDemandFiles = await describe(onDemandBodies, 'on demand');
    await context.close();
    const sum = (list, key) => list.reduce((a, f) => a + f[key], 0);
    const sums = (list) => ({
      bytes: sum(list, 'bytes'),
      gzip: sum(list, 'gzip'),
      brotli: sum(list, 'brotli'),
    });
    const weight = {
      files,
      ...sums(files),
      critical: sums(files.filter((f) => f.beforeFirstHeatmap)),
      onDemand: { files: onDemandFiles, ...sums(onDemandFiles) },
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

    // Keystroke → redrawn page, traced for the main thread's CPU time.
    const keystrokes = quick ? 16 : 80;
    const discard = quick ? 4 : 10;
    log(`page: ${keystrokes} keystrokes`);
    const opened = await openPage(browser, `${base}?text=${encodeURIComponent(SENTENCE)}`);
    await opened.page.waitForFunction(defaultViewLoaded, null, { timeout: 180000 });
    const words = await opened.page.evaluate(() => window.__explorer.trace?.srcLen ?? 0);
    await opened.page.evaluate(keystrokeProbe);
    await opened.page.focus('#source-input');
    await opened.page.keyboard.press('Control+End');
    await browser.startTracing(opened.page, { categories: ['toplevel', 'blink.user_timing'] });
    await typeKeys(opened.page, keystrokes);
    const cpu = keystrokeCpu(
      JSON.parse((await browser.stopTracing()).toString()).traceEvents,
    ).slice(discard);
    const records = (await opened.page.evaluate(() => window.__keys)).slice(discard);
    log('page: keystrokes traced in detail');
    await opened.page.evaluate(() => {
      window.__keys = []; // the probe installed above records this series from 1 again
    });
    await browser.startTracing(opened.page, {
      categories: ['toplevel', 'blink.user_timing', 'devtools.timeline', 'blink', 'cc'],
    });
    await typeKeys(opened.page, quick ? 8 : 30);
    const detailed = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    const phases = Object.fromEntries(
      Object.entries(KEYSTROKE_PHASES).map(([phase, name]) => [
        phase,
        summarize(keystrokeCpu(detailed, name).slice(2)),
      ]),
    );
    const finalText = await opened.page.evaluate(() => window.__explorer.state.text);
    log('page: the JS boundary');
    const boundary = await opened.page.evaluate(boundaryProbe, {
      sentence: SENTENCE,
      rounds: quick ? 3 : 15,
    });
    await opened.context.close();
    if (finalText !== SENTENCE) throw new Error(`keystroke test ended with "${finalText}"`);
    if (cpu.length !== records.length)
      throw new Error(
        `the trace has ${cpu.length} keystrokes, the page recorded ${records.length}`,
      );
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
      keystrokeCpu: summarize(cpu),
      keystrokeRender: summarize(records.map((r) => r.renderEnd - r.frameStart)),
      keystrokeTyped: summarize(typed),
      keystrokeErased: summarize(erased),
      keystrokeLatency: summarize(latency),
      keystrokeWords: words,
      keystrokePhases: phases,
      boundary: {
        ...Object.fromEntries(
          Object.entries(boundary.samples).map(([name, ms]) => [name, summarize(ms)]),
        ),
        arenaBytes: boundary.arenaBytes,
      },
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

// `node bench/page.mjs [--quick]`: this part alone, printed (docs/benchmarks.md is left alone).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const quick = process.argv.includes('--quick');
  const result = await benchPage({ root, quick, log: (line) => console.error(line) });
  if (result.skipped) {
    console.log(`page benchmark skipped: ${result.skipped}`);
  } else {
    const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
    const ms = (s) =>
      `median ${s.median.toFixed(2)} ms (±${Math.round(s.spread * 100)}%, n=${s.n})`;
    const { weight: w } = result;
    console.log(
      `default view: ${w.files.length} files, ${kb(w.bytes)}, gzip ${kb(w.gzip)} (${(w.gzip / 1e6).toFixed(3)} MB), brotli ${kb(w.brotli)}`,
    );
    console.log(`  of which before the first heatmap: gzip ${kb(w.critical.gzip)}`);
    console.log(
      `on demand (Step 0 and gallery scrolled into view): ${w.onDemand.files.map((f) => f.path).join(', ') || 'nothing'}, gzip ${kb(w.onDemand.gzip)}`,
    );
    console.log(`navigation → first heatmap: ${ms(result.firstHeatmap)}`);
    console.log(
      `keystroke → redrawn page, wall: ${ms(result.keystroke)}; main-thread CPU: ${ms(result.keystrokeCpu)}`,
    );
    console.log(
      `  animation-frame render: ${ms(result.keystrokeRender)}; latency incl. the wait for the frame: ${ms(result.keystrokeLatency)}`,
    );
    const phases = Object.entries(result.keystrokePhases)
      .map(([phase, summary]) => `${phase} ${summary.median.toFixed(2)} ms`)
      .join(', ');
    console.log(`  where a traced keystroke's main-thread time goes (medians): ${phases}`);
    const { api, half, copy, copyWithin, arenaBytes } = result.boundary;
    const us = (ms) => `${(ms * 1000).toFixed(1)} µs`;
    console.log(
      `translate() in Chromium: JS API ${us(api.median)}, C++ half alone ${us(half.median)}, JS side ${us(api.median - half.median)}, of which the copy of ${kb(arenaBytes)} ${us(copy.median)} (within WASM memory: ${us(copyWithin.median)})`,
    );
  }
}
