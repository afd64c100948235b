// Accessibility in Chromium: axe-core (from node_modules) on the page, the iframe form and the
// custom element with no serious or critical violation; a keyboard-only walk-through with visible
// focus; the live region; the data tables behind the charts; the interface in English and French.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startServer } from '../../tools/serve.mjs';
import { EN } from '../../web/text/en.js';
import { FR } from '../../web/text/fr.js';
import {
  startHarness,
  settle,
  state,
  trace,
  hasModel,
  repoRoot,
  withPage as withFreshPage,
} from './harness.mjs';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const FR_EN = !hasModel('fr-en-attention') && 'web/models/fr-en-attention.aem is absent';
const COPY = '?model=toy-copy&text=a%20b%20c%20d';

let harness;
let fixtures; // the repository root, for the element's test pages (tests/browser/fixtures/)
before(async () => {
  harness = await startHarness();
  fixtures = await startServer({ root: repoRoot, port: 0 });
});
after(async () => {
  await harness?.close();
  if (fixtures) await new Promise((resolve) => fixtures.close(resolve));
});

/** A fresh page of the explorer (see harness.mjs). */
const withPage = (query, fn, options) => withFreshPage(harness, query, fn, options);

/**
 * Serious and critical axe violations in `page` (limited to `include` selectors if given).
 * The page's CSP (script-src 'self') refuses the inline <script> that page.addScriptTag() would
 * add, so axe's source is evaluated through the DevTools protocol, which the policy does not
 * govern (and which does not add axe to every page of the suite as an init script would).
 */
async function axeViolations(page, include = null) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selectors) => {
    const context = selectors ? { include: selectors.map((s) => [s]) } : document;
    const result = await window.axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
    }));
  }, include);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const describeViolations = (list) =>
  list.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.join('\n  ')}`).join('\n');

/** Scrolls every chapter into view in turn (observers start animations, docks, lazy drawings). */
async function visitChapters(page) {
  for (const id of ['translate', 'step0', 'worked', 'loop', 'gallery']) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await settle(page);
  }
  await page.waitForFunction(() => {
    const g = window.__explorer.gallery;
    return window.__explorer.state.evaluation !== 'loading' && g && Object.values(g).every(Boolean);
  });
}

/** Opens every "Show as a table" on the page so axe checks the tables too. */
async function openAllTables(page) {
  await page.$$eval('details.data-table:not([hidden])', (all) => {
    for (const details of all) details.open = true;
  });
  await settle(page);
}

// ---- the interface text ----

test('English and French have the same keys and the same placeholders', () => {
  const placeholders = (text) => (text.match(/\{\w+\}/g) ?? []).sort().join(' ');
  assert.deepEqual(Object.keys(FR).sort(), Object.keys(EN).sort());
  for (const key of Object.keys(EN)) {
    assert.equal(typeof FR[key], typeof EN[key], key);
    if (typeof EN[key] === 'string')
      assert.equal(placeholders(FR[key]), placeholders(EN[key]), `placeholders of ${key}`);
  }
  // French typography: no plain space before a colon or a closing guillemet.
  for (const [key, text] of Object.entries(FR))
    if (typeof text === 'string') assert.doesNotMatch(text, / [:;?!»]|« /, key);
});

test('every key the page asks for with t() exists in English', () => {
  const dirs = ['web/ui', 'web/lib', 'web/draw', 'web'];
  const missing = [];
  let count = 0;
  for (const dir of dirs)
    for (const name of readdirSync(`${repoRoot}${dir}`).filter((f) => f.endsWith('.js'))) {
      const source = readFileSync(`${repoRoot}${dir}/${name}`, 'utf8');
      for (const [, key] of source.matchAll(/\bt\(\s*'([\w.]+)'/g)) {
        count++;
        if (!(key in EN)) missing.push(`${dir}/${name}: ${key}`);
      }
    }
  assert.deepEqual(missing, []);
  assert.ok(count > 20, `${count} uses of t()`);
});

test("index.html's own text is en.js's, key by key, so the two cannot drift apart", async () => {
  await withPage(COPY, async (page) => {
    const mismatches = await page.evaluate(async () => {
      const { EN } = await import('./text/en.js');
      const { richText } = await import('./lib/i18n.js');
      const html = await (await fetch('index.html')).text();
      const served = new DOMParser().parseFromString(html, 'text/html');
      const norm = (s) => s.replace(/\s+/g, ' ').trim();
      const out = [];
      for (const el of served.querySelectorAll('[data-i18n]')) {
        const expected = norm(richText(EN[el.dataset.i18n]).textContent);
        if (norm(el.textContent) !== expected)
          out.push(`${el.dataset.i18n}: "${norm(el.textContent)}"`);
      }
      for (const el of served.querySelectorAll('[data-i18n-attr]'))
        for (const pair of el.dataset.i18nAttr.split(/\s+/)) {
          const [attribute, key] = pair.split(':');
          if (el.getAttribute(attribute) !== EN[key]) out.push(`${key} (${attribute})`);
        }
      return { out, count: served.querySelectorAll('[data-i18n]').length };
    });
    assert.deepEqual(mismatches.out, []);
    assert.ok(mismatches.count > 30, `${mismatches.count} marked elements`);
  });
});

/** Texts the page writes itself (not index.html), one per module, for the language tests. */
const writtenTexts = async (page) => {
  await page.locator('#loop').scrollIntoViewIfNeeded(); // off-screen views are redrawn later
  await settle(page);
  return page.evaluate(() => {
    const text = (selector) => document.querySelector(selector)?.textContent.trim();
    return {
      stepLabel: text('#step-label'),
      softmax: text('#p4-text'),
      theme: text('.theme-toggle-label'),
      legend: text('.legend-item[data-symbol="h"]'),
      gallery: text('.gallery-item[data-case="uniform"] h3'),
      footer: text('#footer-model'),
      table: text('#heatmap-table summary'),
      stepButton: document.querySelector('.step-word').getAttribute('aria-label'),
    };
  });
};

test('?lang=fr shows the page in French; the header button switches language and is remembered', async () => {
  await withPage(`${COPY}&lang=fr`, async (page) => {
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    assert.equal(await page.textContent('#heatmap-title'), FR['heatmap.title']);
    assert.equal(await page.title(), FR['page.title']);
    assert.equal(await page.getAttribute('#source-tokens', 'aria-label'), FR['translate.tokens']);
    // Rich text keeps its formula markup.
    assert.equal(await page.locator('.heatmap-card .lede var').count(), 3);
    const french = await writtenTexts(page);
    assert.match(french.stepLabel, /^Étape t = 1 sur 5\u00a0: production de «\u00a0a\u00a0»$/);
    assert.match(french.softmax, /^Les scores bruts .* reçoit \d+\u00a0% de l’attention\.$/);
    assert.equal(french.theme, FR['theme.toDark']);
    assert.equal(french.legend, `hi${FR['legend.h.name']}`);
    assert.equal(french.gallery, FR['gallery.uniform.title']);
    assert.match(french.footer, /^Modèle toy-copy\.aem — avec attention\u00a0; vocabulaire/);
    assert.equal(french.table, FR['table.show']);
    assert.equal(french.stepButton, 'Étape 1\u00a0: a');

    const toggle = page.locator('#language-toggle');
    assert.equal((await toggle.textContent()).trim(), 'English');
    assert.equal(await toggle.getAttribute('lang'), 'en');
    await toggle.click();
    await settle(page);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.textContent('#heatmap-title'), EN['heatmap.title']);
    assert.equal((await toggle.textContent()).trim(), 'Français');
    assert.match(page.url(), /[?&]lang=en(&|$)/, 'the link names the language on screen');
    const english = await writtenTexts(page);
    assert.match(english.stepLabel, /^Step t = 1 of 5: producing “a”$/);
    assert.match(english.softmax, /^Raw scores /);
    assert.equal(english.theme, EN['theme.toDark']);
    assert.equal(english.gallery, EN['gallery.uniform.title']);
    assert.match(english.footer, /^Model toy-copy\.aem — with attention; vocabulary/);
    assert.equal(english.stepButton, 'Step 1: a');

    // Chosen with the button, French is remembered for the next visit without ?lang.
    await toggle.click();
    await page.goto(page.url().replace(/[?&]lang=\w+/, ''));
    await page.waitForFunction(() => document.documentElement.dataset.status === 'ready');
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  });
});

test('a browser that prefers French starts in French', async () => {
  await withPage(
    COPY,
    async (page) => {
      assert.equal(await page.getAttribute('html', 'lang'), 'fr');
      assert.equal(await page.textContent('.skip-link'), FR['page.skip']);
    },
    {
      before: (page) =>
        page.addInitScript(() => {
          Object.defineProperty(navigator, 'language', { get: () => 'fr-FR' });
          Object.defineProperty(navigator, 'languages', { get: () => ['fr-FR', 'fr'] });
        }),
    },
  );
});

// ---- axe-core ----

test(
  'axe: the page, light and dark, English and French, tables open, has no serious violation',
  { skip: FR_EN },
  async () => {
    for (const [query, colorScheme] of [
      ['', 'light'],
      ['?lang=fr', 'dark'],
    ]) {
      await withPage(
        query,
        async (page) => {
          const atLoad = await axeViolations(page);
          assert.equal(atLoad.length, 0, `${query} at load:\n${describeViolations(atLoad)}`);
          await visitChapters(page);
          await openAllTables(page);
          await page.keyboard.press('ArrowRight'); // a step later: the live region has spoken
          await settle(page);
          const scrolled = await axeViolations(page);
          assert.equal(scrolled.length, 0, `${query} scrolled:\n${describeViolations(scrolled)}`);
        },
        { colorScheme },
      );
    }
  },
);

/** Opens a page holding <attention-explorer> elements, with axe, once every one has settled. */
async function withElementPage(url, fn) {
  const context = await harness.browser.newContext({ reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(url);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('attention-explorer')].every((el) =>
          ['ready', 'error'].includes(el.dataset.status),
        ),
      null,
      { timeout: 60000 },
    );
    await fn(page);
    assert.deepEqual(problems, [], 'no page errors');
  } finally {
    await context.close();
  }
}

test('axe: the iframe form (embed.html) has no serious violation', { skip: FR_EN }, async () => {
  await withElementPage(
    `${harness.base}embed.html?s=je%20suis%20%C3%A9tudiant&view=full&t=2`,
    async (page) => {
      assert.equal(await page.getAttribute('attention-explorer', 'data-status'), 'ready');
      const violations = await axeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));
    },
  );
});

test(
  'axe: the <attention-explorer> elements of a course page have no serious violation',
  { skip: FR_EN },
  async () => {
    const port = fixtures.address().port;
    await withElementPage(
      `http://127.0.0.1:${port}/tests/browser/fixtures/two.html`,
      async (page) => {
        // Only the elements (a light one, a dark one, a failed one): the fixture's host rules are
        // deliberately garish, red on red, to prove they do not leak in.
        const violations = await axeViolations(page, ['attention-explorer']);
        assert.equal(violations.length, 0, describeViolations(violations));
      },
    );
  },
);

// ---- keyboard ----

/** The focused element: a readable name and whether its focus ring is drawn. */
const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return {
      name:
        el.id ||
        el.getAttribute('aria-label') ||
        `${el.tagName.toLowerCase()}.${el.className}` + `:${el.textContent.trim().slice(0, 30)}`,
      tag: el.tagName,
      className: el.className,
      inTable: Boolean(el.closest('#heatmap-table')),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      visible: box.width > 0 && box.height > 0,
    };
  });

test(
  'keyboard only: Tab to the sentence, type, step, open a table, with a visible focus ring on each stop',
  { skip: FR_EN },
  async () => {
    await withPage('', async (page) => {
      const stops = [];
      const tabTo = async (predicate, limit = 20) => {
        for (let k = 0; k < limit; k++) {
          await page.keyboard.press('Tab');
          const now = await focused(page);
          stops.push(now);
          assert.ok(now.visible, `${now.name} is on screen when focused`);
          assert.ok(now.outline, `${now.name} shows a focus ring`);
          if (predicate(now)) return now;
        }
        assert.fail(`not reached in ${limit} Tab presses: ${stops.map((s) => s.name).join(' → ')}`);
      };
      await tabTo((f) => f.name === 'source-input');
      assert.deepEqual(
        stops.slice(0, 3).map((s) => s.name),
        ['a.skip-link:' + EN['page.skip'], 'language-toggle', 'theme-toggle'],
      );
      await page.keyboard.press('Control+A');
      await page.keyboard.type('le chat noir mange une pomme');
      await page.waitForFunction(
        () => window.__explorer.state.text === 'le chat noir mange une pomme',
      );
      await settle(page);
      const t = await trace(page);
      assert.ok(t.steps >= 4, t.translation);
      // Out of the text box (where the arrows move the caret), then step with the arrows.
      await tabTo((f) => f.tag === 'BUTTON');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await settle(page);
      assert.equal((await state(page)).step, 3);
      await page.waitForFunction(() =>
        /^Step 3: /.test(document.getElementById('announcer').textContent),
      );
      // On to the heatmap's table, and open it with Enter.
      await tabTo((f) => f.inTable);
      await page.keyboard.press('Enter');
      assert.equal(await page.locator('#heatmap-table details').getAttribute('open'), '');
      const table = page.locator('#heatmap-table table');
      assert.equal(await table.locator('tbody tr').count(), t.steps);
      assert.equal(await table.locator('thead th[scope="col"]').count(), t.srcLen + 1);
      assert.equal(await table.locator('tr[aria-current="step"] th').getAttribute('scope'), 'row');
      assert.match(await table.locator('tr[aria-current="step"] th').textContent(), /.+/);
      // The heatmap's grid is one Tab stop on the way, entered with the keyboard too.
      assert.ok(
        stops.some((s) => s.className === 'heatmap-cell'),
        'the heatmap grid is reachable',
      );
      // Its wide table scrolls in a box the keyboard can reach.
      await tabTo((f) => f.tag === 'DIV' && f.inTable);
    });
  },
);

// ---- the live region ----

const announced = (page) => page.textContent('#announcer');

test('the live region describes each step, and the translation once typing pauses', async () => {
  await withPage(COPY, async (page) => {
    assert.equal(await page.getAttribute('#announcer', 'role'), 'status');
    assert.equal(await announced(page), '', 'nothing to announce at load');
    await page.click('h1');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    const t = await trace(page);
    const row = t.alpha.slice(t.srcLen, 2 * t.srcLen);
    const best = row.indexOf(Math.max(...row));
    assert.equal(
      await announced(page),
      `Step 2: “b” takes ${Math.round(row[best] * 100)}\u00a0% of its attention from “${t.tokens[best]}”`,
    );
    // A heatmap cell picked with the mouse moves the step: announced the same way.
    await page.click('.heatmap-cell[data-row="3"][data-col="0"]');
    await settle(page);
    assert.match(await announced(page), /^Step 4: “d” takes \d+\u00a0% of its attention from “d”$/);

    // Typing: one announcement after the pause, not one per keystroke.
    await page.evaluate(() => {
      const region = document.getElementById('announcer');
      window.__announcements = [];
      new MutationObserver(() => window.__announcements.push(region.textContent)).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.fill('#source-input', '');
    await page.locator('#source-input').pressSequentially('c b a', { delay: 120 });
    await page.waitForFunction(() => window.__announcements.length > 0, null, { timeout: 5000 });
    await page.waitForTimeout(1200);
    assert.deepEqual(await page.evaluate(() => window.__announcements), ['Translation: c b a']);
  });
});

test('the markers of the output are named in the interface language, and follow a switch', async () => {
  await withPage(`${COPY}&lang=fr`, async (page) => {
    const lastRow = () =>
      page.evaluate(() => {
        const cells = [...document.querySelectorAll('#heatmap [role="gridcell"]')];
        return cells.at(-1)?.getAttribute('aria-label') ?? '';
      });
    assert.match(await lastRow(), /⟨fin⟩/);
    await page.click('#language-toggle');
    await settle(page);
    assert.match(await lastRow(), /⟨end⟩/);
    assert.doesNotMatch(await lastRow(), /⟨fin⟩/);
  });
});

test('the live region speaks French in French', async () => {
  await withPage(`${COPY}&lang=fr`, async (page) => {
    await page.click('h1');
    await page.keyboard.press('End');
    await settle(page);
    assert.match(
      await announced(page),
      /^Étape 5\u00a0: «\u00a0⟨fin⟩\u00a0» porte \d+\u00a0% de son attention sur «\u00a0[a-d]\u00a0»$/,
    );
  });
});

// ---- the data tables ----

/** The table under `selector` as rows of cell texts (header row first), once it is built. */
const tableCells = async (page, selector) => {
  await page.waitForSelector(`${selector} table`);
  return page.$$eval(`${selector} table tr`, (rows) =>
    rows.map((r) => [...r.cells].map((c) => c.textContent)),
  );
};

test('every chart has a table: built when opened, following the step, in the page language', async () => {
  await withPage(COPY, async (page) => {
    // Closed tables cost nothing: no table is built until its disclosure opens.
    assert.equal(await page.locator('details.data-table table').count(), 0);
    const summaries = await page.$$eval('details.data-table summary', (all) =>
      all.map((s) => s.textContent),
    );
    assert.ok(summaries.length >= 9, `${summaries.length} tables (5 charts + 4 gallery maps)`);
    assert.ok(summaries.every((s) => s === EN['table.show']));
    await page.click('#heatmap-table summary');
    const t = await trace(page);
    const cells = await tableCells(page, '#heatmap-table');
    assert.deepEqual(cells[0].slice(1), t.tokens);
    for (let r = 0; r < t.steps; r++)
      for (let c = 0; c < t.srcLen; c++)
        assert.equal(cells[r + 1][c + 1], `${Math.round(t.alpha[r * t.srcLen + c] * 100)}\u00a0%`);
    assert.match(cells[1][0], /\(current step\)$/);
    // Still open, it follows the step.
    await page.click('h1');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal(
      await page.getAttribute('#heatmap-table tr[aria-current="step"]', 'aria-current'),
      'step',
    );
    assert.match((await tableCells(page, '#heatmap-table'))[2][0], /\(current step\)$/);

    // Panel 4's bars: e, exp(e − max) and α per French word, with the sums.
    await page.click('#softmax-table summary');
    const softmax = await tableCells(page, '#softmax-table');
    const i = 1; // step 2
    assert.equal(softmax.length, t.srcLen + 2);
    for (let k = 0; k < t.srcLen; k++) {
      assert.equal(softmax[k + 1][0], t.tokens[k]);
      assert.equal(softmax[k + 1][3], t.alpha[i * t.srcLen + k].toFixed(3));
    }
    assert.equal(softmax.at(-1)[3], '1.000');

    // Step 0's BLEU chart, when the evaluation is there.
    await page.locator('#step0').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => window.__explorer.state.evaluation !== 'loading');
    if ((await state(page)).evaluation === 'ready') {
      await page.click('#bleu-table summary');
      assert.ok((await tableCells(page, '#bleu-table')).length > 2);
    }

    // A gallery map: its table holds the same α as its heatmap.
    await page.locator('#gallery').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => window.__explorer.gallery?.diagonal);
    await page.click('.gallery-item[data-case="diagonal"] summary');
    await page.waitForSelector('.gallery-item[data-case="diagonal"] table');
    const g = await page.evaluate(() => window.__explorer.gallery.diagonal);
    const diagonal = await tableCells(page, '.gallery-item[data-case="diagonal"]');
    assert.deepEqual(diagonal[0].slice(1), g.colLabels);
    assert.equal(diagonal[1][1], `${Math.round(g.alpha[0] * 100)}\u00a0%`);

    // In French: captions, headers and decimal commas.
    await page.click('#language-toggle');
    await settle(page);
    assert.equal(await page.textContent('#softmax-table summary'), FR['table.show']);
    assert.match(await page.textContent('#softmax-table caption'), /^Étape 2, production de/);
    assert.match((await tableCells(page, '#softmax-table')).at(-1)[3], /^1,000$/);
  });
});
