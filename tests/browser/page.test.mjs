// The explorer page in Chromium: translation, heatmap, stepper, gallery, worked example, the
// awkward inputs and the failure modes. Tests that need the trained French→English model skip
// (saying so) while web/models/fr-en-attention.aem is absent; the others use the toy models.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  startHarness,
  openPage,
  settle,
  state,
  trace,
  hasModel,
  webRoot,
  withPage as withFreshPage,
} from './harness.mjs';

let harness;
let shared; // one page on the toy copy model, reset before each test that uses it
before(async () => {
  harness = await startHarness();
  shared = await openPage(harness, COPY);
});
after(async () => {
  await shared?.close();
  await harness?.close();
});

const COPY = '?model=toy-copy&text=a%20b%20c%20d';

/** A fresh page of the explorer (see harness.mjs). */
const withPage = (query, fn, options) => withFreshPage(harness, query, fn, options);

/** The shared page, back to "a b c d", τ = 1, step 1, nothing hovered. */
async function withCopyPage(fn) {
  const { page, problems } = shared;
  await page.mouse.move(0, 0);
  await page.fill('#source-input', 'a b c d');
  await page.locator('#temperature').fill('333');
  await page.click('h1');
  await page.keyboard.press('Home');
  await settle(page);
  const before = problems.length;
  await fn(page);
  assert.deepEqual(problems.slice(before), [], 'no page errors, dialogs or CSP violations');
}

test(
  'the default model translates "Je suis étudiant" as the user types',
  { skip: !hasModel('fr-en-attention') && 'web/models/fr-en-attention.aem is not there yet' },
  async () => {
    await withPage('', async (page) => {
      assert.equal((await state(page)).status, 'ready');
      await page.fill('#source-input', '');
      await page.locator('#source-input').pressSequentially('Je suis');
      await page.waitForFunction(() => window.__explorer.state.text === 'Je suis');
      await settle(page);
      const partial = (await page.textContent('#translation')).trim().toLowerCase();
      assert.ok(partial.length > 0, 'translated while typing');
      await page.locator('#source-input').pressSequentially(' étudiant');
      await page.waitForFunction(() => window.__explorer.state.text === 'Je suis étudiant');
      await settle(page);
      const text = (await page.textContent('#translation')).trim().toLowerCase();
      assert.match(text, /^i am a student\.?$/);
      const t = await trace(page);
      assert.deepEqual(t.tokens, ['je', 'suis', 'étudiant']);
      // "am" (step 2) attends mostly to "suis".
      const row = t.alpha.slice(t.srcLen, 2 * t.srcLen);
      assert.equal(row.indexOf(Math.max(...row)), 1);
      assert.notEqual(partial, text);
      // Step 0: the same sentence through the model without attention, loaded once Step 0 nears.
      await page.locator('#compare-baseline').scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        ['ready', 'missing'].includes(window.__explorer.state.baseline),
      );
      assert.equal((await state(page)).baseline, 'ready');
      const baseline = await page.evaluate(() => window.__explorer.baselineTranslation);
      assert.ok(baseline.length > 0);
      // The model arrives between frames; Step 0 shows its translation at the next render.
      await page.waitForFunction(
        (expected) => document.getElementById('baseline-output').textContent.trim() === expected,
        baseline,
      );
      assert.match(
        await page.textContent('#footer-model'),
        /fr-en-attention\.aem — with attention/,
      );
    });
  },
);

test('the page starts with the SIMD build and names it in the footer', async () => {
  await withCopyPage(async (page) => {
    const s = await state(page);
    assert.equal(s.flavour, 'simd');
    assert.equal(s.kernel, 'wasm-simd128');
    assert.equal(await page.getAttribute('#footer-build', 'data-kernel'), 'wasm-simd128');
    assert.match(await page.textContent('#footer-model'), /toy-copy\.aem.*task: copy/);
  });
});

test('?wasm=scalar loads the scalar build', async () => {
  await withPage(`${COPY}&wasm=scalar`, async (page) => {
    const s = await state(page);
    assert.equal(s.flavour, 'scalar');
    assert.equal(s.kernel, 'scalar');
    assert.match(await page.textContent('#footer-build'), /kernels: scalar/);
    assert.equal((await page.textContent('#translation')).trim(), 'a b c d');
  });
});

test('hovering a heatmap cell shows the trace value and highlights its words', async () => {
  await withCopyPage(async (page) => {
    const t = await trace(page);
    assert.equal(t.translation, 'a b c d');
    for (const [row, col] of [
      [1, 1],
      [2, 3],
      [4, 0],
    ]) {
      await page.hover(`.heatmap-cell[data-row="${row}"][data-col="${col}"]`);
      const tooltip = page.locator('#heatmap-tooltip');
      await tooltip.waitFor({ state: 'visible' });
      const expected = t.alpha[row * t.srcLen + col];
      assert.equal(await tooltip.getAttribute('data-row'), String(row));
      assert.equal(await tooltip.getAttribute('data-col'), String(col));
      assert.match(await tooltip.textContent(), new RegExp(`α = ${expected.toFixed(3)}`));
      const label = await page.getAttribute(
        `.heatmap-cell[data-row="${row}"][data-col="${col}"]`,
        'aria-label',
      );
      assert.match(label, new RegExp(expected.toFixed(2)));
    }
    // The copy model attends to the same position: the tooltip of (2, 2) is the row's maximum.
    const row2 = t.alpha.slice(2 * t.srcLen, 3 * t.srcLen);
    assert.equal(row2.indexOf(Math.max(...row2)), 2);
  });
});

/** The colour of the canvas pixel on the top border of heatmap row r, as [r, g, b]. */
async function rowBorderPixel(page, r) {
  return page.evaluate((row) => {
    const cell = document
      .querySelector(`.heatmap-cell[data-row="${row}"][data-col="0"]`)
      .getBoundingClientRect();
    const canvas = document.querySelector('#heatmap canvas');
    const box = canvas.getBoundingClientRect();
    const ratio = canvas.width / box.width;
    const x = (cell.left - box.left + cell.width / 2) * ratio;
    const y = (cell.top - box.top + 0.5) * ratio;
    return Array.from(
      canvas.getContext('2d').getImageData(Math.floor(x), Math.floor(y), 1, 1).data.slice(0, 3),
    );
  }, r);
}

test('the keyboard steps through the decoder loop and the outlined row follows', async () => {
  await withCopyPage(async (page) => {
    const ink = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--ink').trim(),
    );
    const inkRgb = ink.match(/\w\w/g).map((h) => parseInt(h, 16));
    const isInk = (rgb) => rgb.every((v, k) => Math.abs(v - inkRgb[k]) < 40);
    assert.equal((await state(page)).step, 1);
    assert.ok(isInk(await rowBorderPixel(page, 0)), 'row 1 outlined at the start');
    assert.ok(!isInk(await rowBorderPixel(page, 2)), 'row 3 not outlined at the start');
    await page.click('h1'); // focus is on the page, not in a text field
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal((await state(page)).step, 3);
    assert.equal(await page.getAttribute('#heatmap canvas', 'data-outlined-row'), '2');
    assert.ok(isInk(await rowBorderPixel(page, 2)), 'row 3 outlined after → →');
    assert.ok(!isInk(await rowBorderPixel(page, 0)), 'row 1 no longer outlined');
    // The stepper, off screen while the keys were pressed, catches up when it comes into view.
    await page.locator('#stepper').scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      /Step t = 3 of 5/.test(document.querySelector('#step-label').textContent),
    );
    assert.match(await page.textContent('#step-label'), /Step t = 3 of 5: producing “c”/);
    assert.equal(
      await page.getAttribute('.step-word[aria-current="step"]', 'aria-label'),
      'Step 3: c',
    );
    await page.keyboard.press('End');
    await settle(page);
    assert.equal((await state(page)).step, 5);
    await page.keyboard.press('ArrowRight'); // stays on the last step
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft'); // stays on the first
    await settle(page);
    assert.equal((await state(page)).step, 1);
    // Arrow keys typed in the sentence box edit the text; they do not step.
    await page.focus('#source-input');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal((await state(page)).step, 1);
    // Next button and Enter on a heatmap cell move the stepper too.
    await page.click('button[aria-label="Next step"]');
    await settle(page);
    assert.equal((await state(page)).step, 2);
    await page.focus('.heatmap-cell[data-row="3"][data-col="3"]');
    await page.keyboard.press('Enter');
    await settle(page);
    assert.equal((await state(page)).step, 4);
  });
});

test('the edge-case gallery draws four real heatmaps with the expected shapes', async () => {
  await withCopyPage(async (page) => {
    await page.locator('#gallery').scrollIntoViewIfNeeded(); // its toy models load from there
    await page.waitForFunction(() => {
      const g = window.__explorer.gallery;
      return g && Object.values(g).every(Boolean);
    });
    const g = await page.evaluate(() => window.__explorer.gallery);
    assert.deepEqual(Object.keys(g).sort(), ['anti', 'diagonal', 'single', 'uniform']);
    const argmax = (m, r) => {
      const row = m.alpha.slice(r * m.cols, (r + 1) * m.cols);
      return row.indexOf(Math.max(...row));
    };
    // Rows before the end marker: the diagonal looks at its own position, the anti-diagonal at the mirror one.
    for (let r = 0; r < g.diagonal.cols; r++)
      assert.equal(argmax(g.diagonal, r), r, `diagonal row ${r}`);
    for (let r = 0; r < g.anti.cols; r++)
      assert.equal(argmax(g.anti, r), g.anti.cols - 1 - r, `anti-diagonal row ${r}`);
    assert.equal(g.single.cols, 1);
    for (const a of g.single.alpha) assert.ok(Math.abs(a - 1) < 1e-6);
    for (let r = 0; r < g.uniform.rows; r++) {
      const row = g.uniform.alpha.slice(r * g.uniform.cols, (r + 1) * g.uniform.cols);
      assert.ok(Math.max(...row) - Math.min(...row) < 0.1, `uniform row ${r} is nearly flat`);
    }
    const sizes = await page.$$eval('.gallery-item canvas', (cs) =>
      cs.map((c) => [c.width, c.height, c.hidden]),
    );
    assert.equal(sizes.length, 4);
    for (const [w, h, hidden] of sizes) assert.ok(w > 50 && h > 30 && !hidden);
    // The uniform case's own slider sharpens it back.
    await page.locator('#uniform-temperature').fill('0');
    await page.waitForFunction(
      (before) => window.__explorer.gallery.uniform.alpha.join() !== before,
      g.uniform.alpha.join(),
    );
    const sharp = await page.evaluate(() => window.__explorer.gallery.uniform);
    const first = sharp.alpha.slice(0, sharp.cols);
    assert.ok(Math.max(...first) - Math.min(...first) > 0.5, 'τ = 0.1 is sharp');
  });
});

test('the models only Step 0 and the gallery show load when those sections come near', async () => {
  // With the trained model as the page's model the toy copy model is on demand too; on the toy
  // copy page it is the page's own model.
  const query = hasModel('fr-en-attention') ? '' : COPY;
  const onDemand = ['fr-en-baseline.aem', 'toy-reverse.aem', ...(query ? [] : ['toy-copy.aem'])];
  const requested = [];
  let releaseBaseline;
  const baselineHeld = new Promise((resolve) => (releaseBaseline = resolve));
  await withPage(
    query,
    async (page) => {
      const fetched = () => requested.filter((name) => onDemand.includes(name));
      await settle(page);
      await page.waitForTimeout(300);
      assert.deepEqual(fetched(), [], 'the first screen downloads none of them');
      const start = await state(page);
      assert.equal(start.baseline, 'idle');
      assert.deepEqual(start.toys, { copy: 'idle', reverse: 'idle' });

      // Step 0 comes near: the baseline (and only it) is requested; the spot where its
      // translation goes says so while it downloads.
      await page.locator('#compare-baseline').scrollIntoViewIfNeeded();
      await page.waitForFunction(() => window.__explorer.state.baseline === 'loading');
      await settle(page);
      assert.match(await page.textContent('#baseline-output'), /Loading the model without/);
      releaseBaseline();
      await page.waitForFunction(() =>
        ['ready', 'missing'].includes(window.__explorer.state.baseline),
      );
      assert.deepEqual(fetched(), ['fr-en-baseline.aem']);
      await settle(page);
      if ((await state(page)).baseline === 'ready') {
        const baseline = await page.evaluate(() => window.__explorer.baselineTranslation);
        assert.ok(baseline.length > 0);
        assert.equal((await page.textContent('#baseline-output')).trim(), baseline);
      } else {
        assert.match(await page.textContent('#baseline-output'), /could not be loaded/);
      }

      // The gallery comes near: the toys load; the reverse one fails here and says so where
      // its heatmap would be, and the rest of the gallery is drawn.
      await page.locator('#gallery').scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        Object.values(window.__explorer.state.toys).every((s) => s === 'ready' || s === 'missing'),
      );
      assert.deepEqual(await state(page).then((s) => s.toys), {
        copy: 'ready',
        reverse: 'missing',
      });
      assert.deepEqual(fetched().sort(), [...onDemand].sort());
      await page.waitForFunction(() =>
        /toy-reverse\.aem could not be loaded/.test(
          document.querySelector('.gallery-item[data-case="anti"] .gallery-source').textContent,
        ),
      );
      const gallery = await page.evaluate(() => window.__explorer.gallery);
      assert.ok(gallery.diagonal && gallery.uniform && gallery.single);
      assert.equal(gallery.anti, null);
    },
    {
      before: async (page) => {
        page.on('request', (request) => requested.push(request.url().split('/').pop()));
        await page.route('**/models/fr-en-baseline.aem', async (route) => {
          await baselineHeld;
          await route.continue();
        });
        await page.route('**/models/toy-reverse.aem', (route) =>
          route.fulfill({ status: 404, body: 'not found' }),
        );
      },
    },
  );
});

test('views off screen are not redrawn while typing and catch up when scrolled into view', async () => {
  await withCopyPage(async (page) => {
    const softmaxText = () => page.textContent('#panel-softmax > p.visually-hidden');
    const stepWords = () =>
      page.$$eval('.step-word', (buttons) => buttons.map((b) => b.textContent));
    await page.locator('#panel-softmax').scrollIntoViewIfNeeded();
    await settle(page);
    assert.match(await softmaxText(), /for a = .*for d = /);
    assert.deepEqual((await stepWords()).slice(0, 4), ['a', 'b', 'c', 'd']);

    // Back at the sentence, far above: the heatmap follows at once, the panels do not.
    await page.locator('#translate').scrollIntoViewIfNeeded();
    await settle(page);
    await page.fill('#source-input', 'e f g');
    await settle(page);
    assert.equal((await page.textContent('#translation')).trim(), 'e f g');
    assert.equal(await page.locator('.heatmap-cell[data-row="0"]').count(), 3);
    assert.match(await softmaxText(), /for a = /, 'not redrawn while off screen');

    // Scrolled back: every panel and the stepper show the new sentence.
    await page.locator('#panel-softmax').scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      /for e = .*for g = /.test(
        document.querySelector('#panel-softmax > p.visually-hidden').textContent,
      ),
    );
    assert.deepEqual((await stepWords()).slice(0, 3), ['e', 'f', 'g']);
    assert.match(await page.textContent('#panel-states > p.visually-hidden'), /for e .*for g /);
  });
});

test('the worked example shows the walkthrough numbers computed by WebAssembly', async () => {
  await withCopyPage(async (page) => {
    await page.locator('#worked').scrollIntoViewIfNeeded();
    await page.waitForSelector('#worked-hand[data-ready="true"]');
    const cells = await page.$$eval('#worked-hand tbody tr', (rows) =>
      rows.map((r) => [...r.cells].map((c) => c.textContent)),
    );
    assert.deepEqual(cells, [
      ['Je', '0.3', '1.350', '0.12'],
      ['suis', '2.1', '8.166', '0.73'],
      ['étudiant', '0.5', '1.649', '0.15'],
    ]);
    assert.equal(await page.textContent('#worked-hand .exp-sum'), '11.165');
    assert.equal(await page.textContent('#worked-hand .alpha-sum'), '1.00');
    assert.equal(
      await page.textContent('#worked-hand .equation'),
      'c₂ = 0.12 h₁ + 0.73 h₂ + 0.15 h₃',
    );
    // Beside it, the loaded model's own step 2 for "je suis étudiant": α read from its trace.
    const modelRows = await page.$$eval('#worked-model tbody tr', (rows) =>
      rows.map((r) => [...r.cells].map((c) => c.textContent)),
    );
    assert.equal(modelRows.length, 3);
    const sum = modelRows.reduce((s, r) => s + Number(r[3]), 0);
    assert.ok(Math.abs(sum - 1) <= 0.02);
  });
});

test('unknown words are marked with a hint, never an error dialog', async () => {
  await withCopyPage(async (page) => {
    await page.fill('#source-input', 'a xyz b');
    await page.waitForSelector('.token.unknown');
    assert.equal(await page.textContent('.token.unknown'), 'xyz');
    const hint = page.locator('.hint-box[data-word="xyz"]');
    assert.match(await hint.textContent(), /“xyz” is not a word this model knows — did you mean/);
    const suggestions = await hint.locator('button').allTextContents();
    assert.ok(suggestions.length >= 1);
    await hint.locator('button').first().click();
    await page.waitForFunction(() => !document.querySelector('.token.unknown'));
    assert.equal(await page.inputValue('#source-input'), `a ${suggestions[0]} b`);
  });
});

test('a keystroke writes to the page only what it changes', async () => {
  await withCopyPage(async (page) => {
    await page.fill('#source-input', 'a b c d e');
    await settle(page);
    await page.evaluate(() => {
      window.__writes = [];
      new MutationObserver((records) => {
        for (const record of records) {
          const element =
            record.target.nodeType === 1 ? record.target : record.target.parentElement;
          window.__writes.push({
            where: element.closest('.token')
              ? `chip ${[...element.closest('#source-tokens').children].indexOf(element.closest('.token'))}`
              : `${element.tagName.toLowerCase()}.${element.className}`,
            attribute: record.attributeName,
            // An attribute written with the value it already had: work for the browser, no change.
            unchanged:
              record.type === 'attributes' &&
              record.oldValue === element.getAttribute(record.attributeName),
          });
        }
      }).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeOldValue: true,
      });
    });
    await page.focus('#source-input');
    await page.keyboard.press('End');
    await page.keyboard.type('x'); // the last word becomes unknown: "ex"
    await page.waitForSelector('.token.unknown');
    await settle(page);
    const writes = await page.evaluate(() => window.__writes);
    assert.deepEqual(
      writes.filter((w) => w.unchanged),
      [],
      'no attribute is rewritten with its own value',
    );
    const chips = new Set(writes.filter((w) => w.where.startsWith('chip')).map((w) => w.where));
    assert.deepEqual([...chips], ['chip 4'], 'only the chip of the edited word is touched');
    assert.ok(
      writes.some((w) => w.where === 'div.source-hints'),
      'the hint box appeared',
    );
  });
});

test('user text is inserted as text, never as HTML', async () => {
  await withCopyPage(async (page) => {
    await page.fill('#source-input', '<img src=x onerror=alert(1)> a');
    await settle(page);
    assert.equal(await page.locator('#app img').count(), 0);
    assert.ok((await page.textContent('#source-tokens')).includes('<img'));
  });
});

test('an empty sentence gives a friendly prompt, not an error', async () => {
  await withCopyPage(async (page) => {
    await page.fill('#source-input', '   ');
    await settle(page);
    assert.match(await page.textContent('#translation'), /Type a French sentence/);
    assert.equal(await page.getAttribute('#translation', 'data-state'), 'empty');
    assert.equal((await state(page)).steps, 0);
    assert.equal(await page.isVisible('#failure'), false);
    assert.equal(await page.isVisible('#heatmap'), false);
    await page.fill('#source-input', 'b a');
    await settle(page);
    assert.equal((await page.textContent('#translation')).trim(), 'b a');
  });
});

test('a 500-word paste is clipped with a visible notice and the page stays responsive', async () => {
  await withCopyPage(async (page) => {
    const words = Array.from({ length: 500 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[i % 26]);
    // Timed inside the page (paste → translated and redrawn), not across the test's round trips.
    const ms = await page.evaluate(async (text) => {
      const input = document.querySelector('#source-input');
      const started = performance.now();
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return performance.now() - started;
    }, words.join(' '));
    assert.ok(ms < 3000, `paste to redraw took ${Math.round(ms)} ms`);
    await page.waitForSelector('#clip-notice');
    assert.match(await page.textContent('#clip-notice'), /first 30 of your 500 words/);
    const t = await trace(page);
    assert.equal(t.clippedFrom, 500);
    assert.equal(t.srcLen, 30);
    assert.equal(
      await page.inputValue('#source-input'),
      words.join(' '),
      'the text itself is kept',
    );
    // Still answering: the next edit translates at once.
    await page.fill('#source-input', 'c d');
    await page.waitForFunction(
      () => document.querySelector('#translation').textContent.trim() === 'c d',
    );
    assert.equal(await page.locator('#clip-notice').count(), 0);
  });
});

test('the temperature slider flattens attention', async () => {
  await withCopyPage(async (page) => {
    const sharp = await trace(page);
    await page.locator('#temperature').fill('1000');
    await settle(page);
    assert.equal((await state(page)).temperature, 100);
    const flat = await trace(page);
    assert.ok(Math.max(...flat.alpha.slice(0, 4)) < Math.max(...sharp.alpha.slice(0, 4)) - 0.5);
    assert.match(await page.textContent('#temperature-value'), /τ = 100/);
  });
});

test('a symbol in the checklist highlights where it is drawn', async () => {
  await withCopyPage(async (page) => {
    await page.hover('.legend-item[data-symbol="alpha"]');
    await settle(page);
    assert.ok(
      await page
        .locator('.heatmap-card')
        .evaluate((el) => el.classList.contains('symbol-highlight')),
    );
    assert.ok(
      !(await page
        .locator('.panel[data-symbols="s"]')
        .evaluate((el) => el.classList.contains('symbol-highlight'))),
    );
    await page.focus('.legend-item[data-symbol="s"]');
    await settle(page);
    assert.ok(
      await page
        .locator('.panel[data-symbols="s"]')
        .evaluate((el) => el.classList.contains('symbol-highlight')),
    );
    assert.equal((await state(page)).highlight, 's');
  });
});

test("the palettes as data (lib/theme.js) are the page stylesheet's, light and dark", async () => {
  await withPage(COPY, async (page) => {
    const palette = () =>
      page.evaluate(async () => {
        const { THEMES } = await import('./lib/theme.js');
        const style = getComputedStyle(document.documentElement);
        const name = style.colorScheme === 'dark' ? 'dark' : 'light';
        const css = {};
        for (const key of Object.keys(THEMES[name]))
          if (key !== 'dark') css[key] = style.getPropertyValue(`--${key}`).trim();
        const { dark, ...data } = THEMES[name];
        return { name, css, data };
      });
    const light = await palette();
    assert.equal(light.name, 'light');
    assert.deepEqual(light.css, light.data);
    await page.click('#theme-toggle');
    await settle(page);
    const dark = await palette();
    assert.equal(dark.name, 'dark');
    assert.deepEqual(dark.css, dark.data);
  });
});

test('the theme toggle switches to dark and the canvases follow', async () => {
  await withPage(COPY, async (page) => {
    const pixel = () =>
      page.evaluate(() => {
        const c = document.querySelector('#panel-states canvas');
        return Array.from(c.getContext('2d').getImageData(2, 2, 1, 1).data);
      });
    await page.click('#theme-toggle');
    await settle(page);
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(bg, 'rgb(13, 16, 22)');
    // The heatmap row labels are drawn in the theme's colours: light text on dark now.
    const label = await page.evaluate(() => {
      const c = document.querySelector('#heatmap canvas');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let brightest = 0;
      for (let i = 0; i < d.length; i += 4)
        if (d[i + 3] > 200 && d[i] === d[i + 1]) brightest = Math.max(brightest, d[i]);
      return brightest;
    });
    assert.ok(label > 150);
    assert.ok(Array.isArray(await pixel()));
  });
});

test('Step 0 compares with the model without attention and never invents BLEU scores', async () => {
  // Both cases are always checked: the page as served, and the other case through a route.
  const evaluation = (() => {
    try {
      return JSON.parse(readFileSync(`${webRoot}/models/evaluation.json`, 'utf8'));
    } catch {
      return null;
    }
  })();
  const fake = {
    buckets: ['1-5', '6-10', '11-20', '21-30', '31-40'],
    attention: { bleu: [40, 38, 35, 30, 28], testBleu: 34 },
    baseline: { bleu: [39, 33, 22, 12, 8], testBleu: 24 },
  };
  const expectChart = async (page, data) => {
    await page.locator('#bleu-caption').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => window.__explorer.state.evaluation === 'ready');
    await settle(page);
    assert.equal(await page.isVisible('#bleu-chart canvas'), true);
    assert.equal(await page.isVisible('#bleu-unavailable'), false);
    const caption = await page.textContent('#bleu-caption');
    assert.ok(caption.includes(`with attention ${data.attention.testBleu.toFixed(1)}`), caption);
    assert.ok(caption.includes(`without ${data.baseline.testBleu.toFixed(1)}`), caption);
  };
  const expectNoChart = async (page) => {
    await page.locator('#bleu-caption').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => window.__explorer.state.evaluation === 'missing');
    await settle(page);
    assert.match(await page.textContent('#bleu-unavailable'), /Evaluation not available/);
    assert.equal(await page.isVisible('#bleu-chart'), false);
  };
  await withCopyPage(async (page) => {
    await page.locator('#compare-baseline').scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      ['ready', 'missing'].includes(window.__explorer.state.baseline),
    );
    assert.match(await page.textContent('#attention-output'), /a b c d/);
    if (hasModel('fr-en-baseline')) {
      assert.equal((await state(page)).baseline, 'ready');
      const baseline = await page.evaluate(() => window.__explorer.baselineTranslation);
      assert.equal((await page.textContent('#baseline-output')).trim(), baseline);
    } else {
      assert.match(await page.textContent('#baseline-output'), /could not be loaded/);
    }
    if (evaluation) await expectChart(page, evaluation);
    else await expectNoChart(page);
  });
  await withPage(COPY, (page) => (evaluation ? expectNoChart(page) : expectChart(page, fake)), {
    before: (page) =>
      page.route('**/models/evaluation.json', (route) =>
        evaluation
          ? route.fulfill({ status: 404, body: 'not found' })
          : route.fulfill({ json: fake }),
      ),
  });
});

test('a missing model shows what failed instead of a blank page', async () => {
  await withPage('?model=no-such-model', async (page) => {
    assert.equal((await state(page)).status, 'error');
    assert.equal(await page.isVisible('#failure'), true);
    assert.match(
      await page.textContent('#failure-text'),
      /models\/no-such-model\.aem could not be loaded \(HTTP 404, file not found\)/,
    );
    assert.equal(await page.isVisible('#app'), false);
  });
});

test('a damaged model file and a missing WebAssembly file are reported by name', async () => {
  await withPage(
    COPY,
    async (page) => {
      assert.match(
        await page.textContent('#failure-text'),
        /models\/toy-copy\.aem is not a usable model file: /,
      );
    },
    {
      before: (page) =>
        page.route('**/models/toy-copy.aem', (route) =>
          route.fulfill({ body: Buffer.from('definitely not a model') }),
        ),
    },
  );
  await withPage(
    COPY,
    async (page) => {
      assert.match(
        await page.textContent('#failure-text'),
        /attention\.wasm could not be loaded \(HTTP 404, file not found\)/,
      );
    },
    {
      before: (page) =>
        page.route('**/attention.wasm', (route) =>
          route.fulfill({ status: 404, body: 'not found' }),
        ),
    },
  );
});

test('the summary animates unless the user prefers reduced motion', async () => {
  const snapshot = (page) =>
    page.evaluate(() => document.querySelector('#summary canvas').toDataURL());
  await withCopyPage(async (page) => {
    await page.locator('#summary').scrollIntoViewIfNeeded();
    const a = await snapshot(page);
    await page.waitForTimeout(300);
    assert.equal(await snapshot(page), a, 'still with reduced motion');
  });
  await withPage(
    COPY,
    async (page) => {
      await page.locator('#summary').scrollIntoViewIfNeeded();
      const a = await snapshot(page);
      await page.waitForTimeout(300);
      assert.notEqual(await snapshot(page), a, 'moving otherwise');
    },
    { reducedMotion: 'no-preference' },
  );
});

test('index.html has no inline script and declares the CSP', () => {
  const html = readFileSync(`${webRoot}/index.html`, 'utf8');
  assert.match(
    html,
    /<meta\s+http-equiv="Content-Security-Policy"[^>]*script-src 'self' 'wasm-unsafe-eval'/,
  );
  for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [])
    assert.match(tag, /^<script[^>]*\bsrc=[^>]*><\/script>$/);
  assert.doesNotMatch(html, /\son[a-z]+=/i, 'no inline event handlers');
  assert.doesNotMatch(html, /\sstyle=/i, 'no inline styles');
});
