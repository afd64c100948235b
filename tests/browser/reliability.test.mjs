// Reliability of the page itself (issue 7), in Chromium with the trained French→English model:
// a long typing session leaves the WebAssembly and JS heaps where they were, and hostile text
// (right-to-left scripts, emoji, zero-width, control and bidi characters, lone surrogates,
// combining marks, HTML, 100,000-character pastes, rapid typing) is shown as text, never as NaN,
// and keeps the page answering. Each test prints its numbers as diagnostics
// (`node --test tests/browser/reliability.test.mjs`); docs/reliability.md quotes the last run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { EXAMPLES } from '../../web/config.js';
import { startHarness, openPage, settle, state, hasModel } from './harness.mjs';

const skip = !hasModel('fr-en-attention') && 'web/models/fr-en-attention.aem is not there yet';

let harness;
before(async () => {
  harness = await startHarness();
});
after(() => harness?.close());

/**
 * Opens the default page and waits until what it loads on its own has arrived. The page draws
 * only the views near the screen and loads the models of other sections when they come near;
 * `wholePage` makes the window as tall as the page, so that every view draws on every change and
 * every model loads.
 */
async function openExplorer({ wholePage }) {
  const session = await openPage(harness, '');
  const { page } = session;
  if (wholePage) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 1280, height: height + 400 });
  }
  await page.waitForFunction(
    (loadedOrNot) => {
      const s = window.__explorer.state;
      return [s.baseline, s.evaluation, s.toys.copy, s.toys.reverse].every((status) =>
        loadedOrNot.includes(status),
      );
    },
    wholePage ? ['ready', 'missing'] : ['ready', 'missing', 'idle'],
    { timeout: 30000 },
  );
  await settle(page);
  return session;
}

// ---------------------------------------------------------------------------------------------
// Keystrokes. A key press is a round trip to the renderer, so keys are sent in small overlapping
// batches, as a fast typist's are: the renderer takes each batch in order and the page redraws
// between batches (at most once per frame), instead of once per key. Keys that need a modifier,
// and characters the US layout lacks (é, ’, which Playwright types as text input), go alone.
const BATCH = 16;
const batchable = (key) => key === 'Backspace' || /^[\x20-\x7e]$/.test(key);

async function pressKeys(page, keys) {
  let batch = [];
  const flush = async () => {
    await Promise.all(batch.map((key) => page.keyboard.press(key)));
    batch = [];
  };
  for (const key of keys) {
    if (!batchable(key)) {
      await flush();
      if (key.length === 1) await page.keyboard.type(key);
      else await page.keyboard.press(key);
      continue;
    }
    batch.push(key);
    if (batch.length === BATCH) await flush();
  }
  await flush();
}

const typing = (text) => Array.from(text);
const clearing = ['Control+A', 'Backspace'];

// ---------------------------------------------------------------------------------------------
// 1. A long session.

const SENTENCES = [
  ...EXAMPLES,
  'Nous allons à la plage demain matin',
  'Les enfants jouent dans le parc avec leurs amis',
  'Elle lit un livre intéressant',
  'Mon frère travaille à Paris depuis deux ans',
  'Je ne sais pas où il est',
  "Qu'est-ce que tu manges ce soir ?",
];
/** Where every measurement is taken: the same sentence, so the page holds the same trace. */
const HOME_SENTENCE = 'Je suis étudiant';
/**
 * The module keeps each explorer's trace buffers at their high-water mark (the longest sentence
 * and output seen so far), so the warm-up first pastes the most the models read, 50 words, in two
 * sentences that the model with attention and the one without (when its section is on screen)
 * answer with their longest output, 64 words (the test prints the lengths): after that, no
 * sentence typed can grow them.
 */
const LONGEST_INPUTS = [
  Array.from({ length: 50 }, (_, i) => SENTENCES[i % SENTENCES.length].split(' ')[i % 3]).join(' '),
  'le '.repeat(50),
];
const SESSION_KEYSTROKES = 2000;
const WARM_UP_KEYSTROKES = 1000;
const QUARTERS = 4;
/**
 * A leak grows the WebAssembly heap in every quarter of the session: one malloc chunk (≥ 16
 * bytes) kept per translation adds more than 16 × the redraws of a quarter (≥ SESSION_KEYSTROKES
 * / BATCH / QUARTERS = 31), so over this many bytes. Buffers reused from one translation to the
 * next grow only to their high-water mark instead: the trace's (reached by the warm-up's pastes),
 * the views' own (beams, scores, forced attention), and word strings that keep the capacity of
 * the longest word their slot held. Which prefixes of a sentence get translated depends on when
 * frames fall between keys, so some quarters still raise them, less and less (seen: 8, 0.5, 8, 0
 * kB; then flat within 32 bytes for 10,000 more keystrokes). So at least one quarter must stay
 * within this, and the session must end within WASM_HIGH_WATER_BYTES of the high-water mark seen
 * before it (after the pastes or after the warm-up typing).
 */
const WASM_FLAT_BYTES = 256;
const WASM_HIGH_WATER_BYTES = 128 * 1024;
/** Elements in the document may differ by what the last frame showed; a leak adds dozens. */
const ELEMENT_TOLERANCE = 4;
/**
 * What V8's heap may gain: V8 keeps compiling the page's code as it runs and grows its caches
 * (number to string, interned strings), 250–450 kB over the session. Heap snapshots taken while
 * writing this test showed nothing else growing: the page's own objects, closures and arrays
 * stayed within ±40 between 800 and 2,000 keystrokes.
 */
const JS_HEAP_TOLERANCE_BYTES = 1024 * 1024;
/**
 * The buffers behind typed arrays hold the traces (a 10-word sentence's is ~100 kB): one kept per
 * redraw would add megabytes. Measured: a few kB either way.
 */
const ARRAY_BUFFER_TOLERANCE_BYTES = 256 * 1024;

/**
 * `count` keystrokes of a student at work: clear the box, type a sentence, rub out its last word
 * and type it again, next sentence; the last keystrokes type HOME_SENTENCE. Returns the keys and
 * the checkpoints after which a sentence is complete: where the test checks the page.
 */
function sessionKeys(count, firstSentence) {
  const ending = [...clearing, ...typing(HOME_SENTENCE)];
  const keys = [];
  const checkpoints = [];
  for (let i = firstSentence; keys.length < count - ending.length; i++) {
    const sentence = SENTENCES[i % SENTENCES.length];
    const lastWord = sentence.slice(sentence.lastIndexOf(' ') + 1);
    keys.push(...clearing, ...typing(sentence));
    keys.push(...Array(lastWord.length).fill('Backspace'), ...typing(lastWord));
    checkpoints.push({ at: keys.length, text: sentence });
  }
  keys.length = count - ending.length; // the sentence cut short here is cleared by the ending
  keys.push(...ending);
  return {
    keys,
    checkpoints: [
      ...checkpoints.filter(({ at }) => at <= count - ending.length),
      { at: count, text: HOME_SENTENCE },
    ],
  };
}

/**
 * Types `count` keystrokes from the `firstSentence`-th sentence on, checking after each sentence
 * that no keystroke was lost and that the page translated it. Returns where it stopped.
 */
async function typeSession(page, count, firstSentence = 0) {
  const { keys, checkpoints } = sessionKeys(count, firstSentence);
  let done = 0;
  for (const { at, text } of checkpoints) {
    await pressKeys(page, keys.slice(done, at));
    done = at;
    assert.equal(await page.inputValue('#source-input'), text, 'every keystroke arrived, in order');
    await page.waitForFunction((typed) => window.__explorer.state.text === typed, text);
    await settle(page);
    const shown = await page.evaluate(() => {
      const tr = window.__explorer.trace;
      return {
        chips: document.querySelectorAll('#source-tokens .token').length,
        translation: document.querySelector('#translation').textContent.trim(),
        trace: tr && { words: tr.tokens.length, translation: tr.translation },
      };
    });
    assert.ok(shown.trace, `"${text}" was translated`);
    assert.equal(shown.chips, shown.trace.words, `"${text}": one chip per word`);
    assert.equal(shown.translation, shown.trace.translation, `"${text}": the translation is shown`);
  }
  assert.equal(keys.length, count);
  return firstSentence + checkpoints.length - 1;
}

/**
 * The WebAssembly heap, and after garbage collection the JS heap (V8's, and the buffers behind
 * typed arrays), the elements in the document and the event listeners. Not Chromium's count of
 * DOM nodes: the text box's undo history (Chromium's, up to 1,000 steps) keeps the text nodes
 * each edit replaced, ~2 per sentence typed.
 */
async function footprint(page, cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const { backingStorageSize } = await cdp.send('Runtime.getHeapUsage');
  return {
    ...(await page.evaluate(() => window.__explorer.wasmHeap)),
    jsHeapUsedBytes: metrics.find((m) => m.name === 'JSHeapUsedSize').value,
    arrayBufferBytes: backingStorageSize,
    elements: await page.evaluate(() => document.getElementsByTagName('*').length),
    elementsByParent: await page.evaluate(() => {
      const counts = {};
      for (const element of document.getElementsByTagName('*')) {
        const parent = element.parentElement;
        const key = `${parent ? parent.id || parent.className || parent.tagName : ''} > ${element.tagName}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return counts;
    }),
    eventListeners: metrics.find((m) => m.name === 'JSEventListeners').value,
  };
}

test(
  `${SESSION_KEYSTROKES.toLocaleString('en')} keystrokes leave the WebAssembly and JS heaps where they were`,
  { skip },
  async (t) => {
    const { page, problems, close } = await openExplorer({ wholePage: false });
    try {
      // The models loaded on demand (Step 0's model without attention, the gallery's toys) take
      // ~2.5 MB of the WebAssembly heap when they arrive: load them now, not mid-session.
      for (const section of ['#compare-baseline', '#gallery'])
        await page.locator(section).scrollIntoViewIfNeeded();
      await page.waitForFunction(() => {
        const s = window.__explorer.state;
        return [s.baseline, s.toys.copy, s.toys.reverse].every((x) => x === 'ready');
      });
      await page.evaluate(() => window.scrollTo(0, 0));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      // Counts the page's redraws of the translation while the keys go in.
      await page.evaluate(() => {
        window.__translationRedraws = 0;
        new MutationObserver(() => window.__translationRedraws++).observe(
          document.querySelector('#translation'),
          { childList: true, characterData: true, subtree: true },
        );
      });
      for (const text of LONGEST_INPUTS) {
        await page.fill('#source-input', text);
        await page.waitForFunction(
          (typed) => window.__explorer.state.text === typed && window.__explorer.trace,
          text,
        );
        await settle(page);
        const { srcLen, steps } = await page.evaluate(() => window.__explorer.trace);
        t.diagnostic(`warm-up paste: ${srcLen} words → ${steps} output words`);
      }
      // The trace's buffers are at their largest now (50 words in, 60+ words out).
      const afterPastes = await footprint(page, cdp);
      // Then typing, so that V8 compiles what the page runs and the views' buffers grow.
      await page.focus('#source-input');
      let sentence = await typeSession(page, WARM_UP_KEYSTROKES);
      t.diagnostic(`warm-up: ${WARM_UP_KEYSTROKES} keystrokes`);

      const before = await footprint(page, cdp);
      const redrawsBefore = await page.evaluate(() => window.__translationRedraws);
      const started = performance.now();
      const quarters = [before];
      for (let q = 0; q < QUARTERS; q++) {
        sentence = await typeSession(page, SESSION_KEYSTROKES / QUARTERS, sentence);
        quarters.push(await footprint(page, cdp));
      }
      const seconds = (performance.now() - started) / 1000;
      const redraws = (await page.evaluate(() => window.__translationRedraws)) - redrawsBefore;
      const after = quarters.at(-1);
      t.diagnostic(
        `${SESSION_KEYSTROKES} keystrokes in ${seconds.toFixed(1)} s, ${redraws} redraws of the translation`,
      );
      const summary = ({ elementsByParent, ...numbers }) => JSON.stringify(numbers);
      t.diagnostic(`before: ${summary(before)}`);
      t.diagnostic(`after:  ${summary(after)}`);
      const steps = quarters.slice(1).map((q, i) => q.bytesInUse - quarters[i].bytesInUse);
      t.diagnostic(`WebAssembly bytes in use after the warm-up pastes: ${afterPastes.bytesInUse}`);
      t.diagnostic(`WebAssembly bytes in use, change per quarter: ${steps.join(', ')}`);

      assert.ok(redraws >= SESSION_KEYSTROKES / BATCH, 'the page redrew while the keys went in');
      assert.ok(
        steps.some((step) => step <= WASM_FLAT_BYTES) &&
          after.bytesInUse - Math.max(before.bytesInUse, afterPastes.bytesInUse) <=
            WASM_HIGH_WATER_BYTES,
        `malloc bytes in use (WebAssembly) grew with the keystrokes: ${steps.join(', ')} per quarter`,
      );
      for (const quarter of quarters)
        assert.equal(quarter.memoryBytes, before.memoryBytes, 'WebAssembly memory size');
      assert.equal(after.embindHandles, before.embindHandles, 'Embind value handles');
      assert.ok(
        Math.abs(after.jsHeapUsedBytes - before.jsHeapUsedBytes) <= JS_HEAP_TOLERANCE_BYTES,
        `JS heap after GC: ${before.jsHeapUsedBytes} → ${after.jsHeapUsedBytes} bytes`,
      );
      assert.ok(
        Math.abs(after.arrayBufferBytes - before.arrayBufferBytes) <= ARRAY_BUFFER_TOLERANCE_BYTES,
        `typed-array buffers: ${before.arrayBufferBytes} → ${after.arrayBufferBytes} bytes`,
      );
      const grown = Object.keys({ ...before.elementsByParent, ...after.elementsByParent }).filter(
        (key) => before.elementsByParent[key] !== after.elementsByParent[key],
      );
      // A leak adds elements with every sentence (dozens over the session); a couple may come
      // and go with what the last frame showed (seen once: 458 → 460).
      assert.ok(
        Math.abs(after.elements - before.elements) <= ELEMENT_TOLERANCE,
        `elements in the document: ${before.elements} → ${after.elements} (changed: ${grown.map((key) => `${key} ${before.elementsByParent[key] ?? 0} → ${after.elementsByParent[key] ?? 0}`).join('; ')})`,
      );
      assert.equal(after.eventListeners, before.eventListeners, 'event listeners');
      // Still translating correctly at the end.
      assert.equal((await state(page)).text, HOME_SENTENCE);
      assert.match((await page.textContent('#translation')).trim(), /^i am a student\.?$/);
      assert.deepEqual(problems, [], 'no page errors, dialogs or CSP violations');
    } finally {
      await close();
    }
  },
);

// ---------------------------------------------------------------------------------------------
// 2. Hostile text.

const C0_CONTROLS = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');
const INJECTION =
  '<img src=x onerror="window.__injected=1"> </script><script>window.__injected=2</script> ' +
  '"><svg onload="window.__injected=3"> javascript:window.__injected=4 le chat';
const HOSTILE_MIX =
  'le chat מרחבא مرحبا 👩‍👩‍👧‍👦🇫🇷 e\u0301te\u0301\u200B\u200D\uFEFF\u202E noir\u0007\u001b[31m ';
const HUNDRED_THOUSAND = 100_000;
const repeatTo = (text, length) => text.repeat(Math.ceil(length / text.length)).slice(0, length);
const FRENCH_PASTE = {
  name: '100,000 characters of French',
  text: repeatTo('le chat noir mange une pomme rouge ', HUNDRED_THOUSAND),
  big: true,
};

/**
 * Each goes into the box the way a student's text would: through the clipboard (Ctrl+V), or,
 * for lone surrogates, which the clipboard cannot carry, as an editing command (what a paste
 * or an input method does). `rtl`: the box should turn right-to-left. `empty`: nothing to
 * translate once invisible characters are dropped.
 */
const HOSTILE_INPUTS = [
  { name: 'Arabic', text: 'مرحبا بالعالم، كيف حالك؟', rtl: true },
  { name: 'Hebrew inside French', text: 'le chat שלום עולם mange' },
  {
    name: 'bidi overrides and isolates',
    text: 'le \u202Echat noir\u202C mange \u2067une\u2069 pomme',
  },
  {
    name: 'emoji: ZWJ sequences, flags, skin tones, keycaps',
    text: 'le chat 👩‍👩‍👧‍👦 mange 🇫🇷 une 👍🏽 pomme 1️⃣ 🏳️‍🌈',
  },
  {
    name: 'zero-width characters',
    text: 'le\u200Bchat\u200C noir\u200D mange\uFEFF une\u2060 pomme',
  },
  {
    name: 'nothing but invisible characters',
    text: '\u200B\u200D\uFEFF\u2060 \u200B',
    empty: true,
  },
  {
    name: 'C0 controls, DEL, C1 controls',
    text: `le${C0_CONTROLS}chat\u007F noir\u0085\u009F mange`,
  },
  {
    name: 'lone surrogates',
    text: 'le \uD800 chat \uDFFF noir \uDC00\uD800 mange',
    via: 'editing command',
  },
  {
    name: 'combining marks, alone and 500 on one letter',
    text: `\u0301\u0308 le chat e\u0301te\u0301 Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗̻ a${'\u0301'.repeat(500)}`,
  },
  { name: 'HTML and script', text: INJECTION },
  FRENCH_PASTE,
  { name: 'a 100,000-letter word', text: 'x'.repeat(HUNDRED_THOUSAND), big: true },
  {
    name: '100,000 characters of all of the above',
    text: repeatTo(HOSTILE_MIX, HUNDRED_THOUSAND),
    big: true,
  },
];
/**
 * Input to the frame after the page redrew it, with every view on the screen and drawing. The
 * page's own worst case is its longest sentence, 50 words, which it clips every paste to; a
 * 100,000-character paste adds Chromium's work on the text box and the tokenizer's on the text.
 */
const SMALL_INPUT_BUDGET_MS = 3000;
const PASTE_BUDGET_MS = 8000;

/** Puts `text` in the sentence box in place of what is there, as described above. */
async function enterText(page, { text, via = 'clipboard' }) {
  // As UTF-16 code units: a lone surrogate would not survive the trip as a string.
  const units = Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
  await page.focus('#source-input');
  await page.keyboard.press('Control+A');
  const inPage = await page.evaluate(
    async ({ units, via }) => {
      let value = '';
      for (let i = 0; i < units.length; i += 4096)
        value += String.fromCharCode(...units.slice(i, i + 4096));
      if (via === 'clipboard') await navigator.clipboard.writeText(value);
      else document.execCommand('insertText', false, value);
      return value.length;
    },
    { units, via },
  );
  assert.equal(inPage, text.length);
  if (via === 'clipboard') await page.keyboard.press('Control+V');
}

/** Records, for each input event, the time until the frame after the page's redraw. */
function recordInputToFrame(page) {
  return page.evaluate(() => {
    window.__inputToFrame = [];
    document.addEventListener(
      'input',
      () => {
        const started = performance.now();
        // Asked for before the page's own request, so this runs first in the frame that
        // redraws; the frame after it comes once the redraw is done.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => window.__inputToFrame.push(performance.now() - started)),
        );
      },
      true,
    );
  });
}

async function nextInputToFrame(page, seen) {
  await page.waitForFunction((n) => window.__inputToFrame.length > n, seen, { timeout: 60000 });
  return page.evaluate(() => window.__inputToFrame.at(-1));
}

/** What the page shows, and the parts of the trace the test checks, gathered in one go. */
function readPage(page) {
  return page.evaluate(() => {
    const tr = window.__explorer.trace;
    const app = document.querySelector('#app');
    const attributes = [...app.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((attribute) => attribute.value),
    );
    const input = document.querySelector('#source-input');
    return {
      boxValue: input.value,
      boxDirection: getComputedStyle(input).direction,
      text: app.textContent,
      attributes,
      chips: [...document.querySelectorAll('#source-tokens .token')].map((chip) => ({
        text: chip.textContent,
        direction: getComputedStyle(chip).direction,
      })),
      translationState: document.querySelector('#translation').dataset.state,
      notice: document.querySelector('#clip-notice')?.textContent ?? null,
      noticeVisible: Boolean(document.querySelector('#clip-notice')?.checkVisibility()),
      markup: document.querySelectorAll('img, script, svg, iframe, object, embed, style').length,
      columnLabels: [...document.querySelectorAll('.heatmap-cell[data-row="0"]')].map((cell) =>
        cell.getAttribute('aria-label'),
      ),
      injected: window.__injected ?? null,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      trace: tr && {
        tokens: tr.tokens,
        translation: tr.translation,
        srcLen: tr.srcLen,
        clippedFrom: tr.clippedFrom,
        notFinite: ['alpha', 'scores', 'context', 'tokenProbs', 'topkProbs'].filter(
          (key) => !tr[key].every(Number.isFinite),
        ),
      },
    };
  });
}

const graphemeCount = (text) =>
  [...new Intl.Segmenter('fr', { granularity: 'grapheme' }).segment(text)].length;

test(
  'hostile text is shown as text, never as NaN, clipped with a notice, and the page keeps answering',
  { skip },
  async (t) => {
    const { page, context, problems, close } = await openExplorer({ wholePage: true });
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: harness.base,
      });
      await recordInputToFrame(page);
      const markupBefore = (await readPage(page)).markup;
      let inputs = 0;
      for (const input of HOSTILE_INPUTS) {
        const what = input.name;
        await enterText(page, input);
        const ms = await nextInputToFrame(page, inputs++);
        const shown = await readPage(page);
        const tr = shown.trace;
        assert.equal((await state(page)).text, shown.boxValue, `${what}: the page read the box`);
        t.diagnostic(
          `${what}: ${input.text.length.toLocaleString('en')} characters → ` +
            (tr
              ? `${tr.tokens.length} word${tr.tokens.length === 1 ? '' : 's'}${tr.clippedFrom ? ` (of ${tr.clippedFrom.toLocaleString('en')})` : ''}, “${tr.translation.slice(0, 40)}”`
              : 'nothing to translate') +
            `; input to frame ${Math.round(ms)} ms`,
        );
        assert.ok(
          ms < (input.big ? PASTE_BUDGET_MS : SMALL_INPUT_BUDGET_MS),
          `${what}: input to frame took ${Math.round(ms)} ms`,
        );
        assert.ok(shown.boxValue.length > 0, `${what}: the text arrived in the box`);

        // Shown as text: no markup added, nothing run, every word a chip of its own text.
        assert.equal(shown.markup, markupBefore, `${what}: no element made from the text`);
        assert.equal(shown.injected, null, `${what}: nothing in the text ran`);
        assert.doesNotMatch(shown.text, /\bNaN\b|Infinity|undefined/, `${what}: page text`);
        for (const value of shown.attributes)
          assert.doesNotMatch(value, /\bNaN\b|Infinity|undefined/, `${what}: attribute`);
        assert.ok(shown.overflow <= 0, `${what}: the page does not scroll sideways`);
        if (input.rtl) assert.equal(shown.boxDirection, 'rtl', `${what}: the box turns RTL`);

        if (input.empty) {
          assert.equal(tr, null, `${what}: nothing to translate`);
          assert.equal(shown.translationState, 'empty', `${what}: the friendly prompt`);
          continue;
        }
        assert.ok(tr, `${what}: translated`);
        assert.deepEqual(tr.notFinite, [], `${what}: NaN or infinity in the trace`);
        assert.equal(shown.chips.length, tr.tokens.length, `${what}: one chip per word`);
        tr.tokens.forEach((token, i) => {
          const { text, direction } = shown.chips[i];
          if (text === token) return;
          assert.ok(
            text.endsWith('…') && token.startsWith(text.slice(0, -1)),
            `${what}: chip ${i} shows “${text.slice(0, 40)}” for “${token.slice(0, 40)}”`,
          );
          assert.ok(graphemeCount(text) <= 26, `${what}: a long word is shortened`);
          if (/^\p{Script=Arabic}/u.test(token)) assert.equal(direction, 'rtl');
        });
        // The heatmap names each column by its word as text, shortened like its chip.
        tr.tokens.forEach((token, i) =>
          assert.ok(
            shown.columnLabels[i].includes(shown.chips[i].text),
            `${what}: heatmap column ${i} is labelled with its word`,
          ),
        );
        if (tr.clippedFrom > 0) {
          assert.ok(shown.noticeVisible, `${what}: the clipping notice is visible`);
          assert.ok(shown.notice.includes(String(tr.srcLen)), `${what}: notice names the limit`);
          assert.ok(
            shown.notice.includes(tr.clippedFrom.toLocaleString('en')),
            `${what}: notice names the words pasted`,
          );
        } else {
          assert.equal(shown.notice, null, `${what}: no clipping notice`);
        }
      }

      // Right after a 100,000-character paste, rapid typing still goes in and is translated.
      await enterText(page, FRENCH_PASTE);
      await nextInputToFrame(page, inputs++);
      const typed = ' le chat noir';
      const typedAt = await page.evaluate(() => window.__inputToFrame.length);
      await pressKeys(page, typing(typed));
      await page.waitForFunction((end) => window.__explorer.state.text.endsWith(end), typed);
      const afterTyping = await nextInputToFrame(page, typedAt);
      assert.ok(afterTyping < PASTE_BUDGET_MS, `typing after the paste: ${afterTyping} ms`);
      assert.ok((await readPage(page)).noticeVisible, 'still clipped, still saying so');
      await pressKeys(page, [...clearing, ...typing('le chat noir')]);
      await page.waitForFunction(() => window.__explorer.state.text === 'le chat noir');
      await settle(page);
      assert.equal((await page.textContent('#translation')).trim(), 'the black cat');
      assert.equal((await readPage(page)).notice, null, 'the notice goes with the long text');
      t.diagnostic(
        `${HOSTILE_INPUTS.length} hostile inputs; typing “${typed.trim()}” right after a 100,000-character paste: last key to frame ${Math.round(afterTyping)} ms`,
      );
      assert.deepEqual(problems, [], 'no page errors, dialogs or CSP violations');
    } finally {
      await close();
    }
  },
);
