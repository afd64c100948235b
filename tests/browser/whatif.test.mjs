// The "What if…" chapter in Chromium: beam search tree, attention editing, teacher forcing, all
// driven from the keyboard. What the page shows is checked against the same WebAssembly build and
// model loaded here in Node (tests/node/load-module.mjs): the page must draw what the core
// computed, number for number.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, openPage, settle, state, trace, hasModel, webRoot } from './harness.mjs';
import { loadModule, loadExplorer } from '../node/load-module.mjs';
import { setOneWeight } from '../../web/ui/whatif-edit.js';
import { beamTreeSlots } from '../../web/draw/beam-tree.js';
import { fixed } from '../../web/lib/format.js';
import { diffWords } from '../../web/lib/word-diff.js';
import { TOP_K } from '../../web/config.js';

const noModel = !hasModel('fr-en-attention') && 'web/models/fr-en-attention.aem is absent';

// Greedy decoding commits to "an" (the likelier word at its step) and is stuck with "an new";
// a beam of 4 keeps "a" alive and finishes with "a new", the better sentence overall.
const BEAM_SENTENCE =
  "la nouvelle actrice malade qui cherche vos directeurs va acheter un nouveau piano orange pour l' avocat de ton serveur .";
const SENTENCE = 'Je suis étudiant';

let harness;
let api; // the core, in Node
before(async () => {
  harness = await startHarness();
  if (!noModel)
    api = loadExplorer(await loadModule('simd'), `${webRoot}/models/fr-en-attention.aem`);
});
after(async () => {
  api?.delete();
  await harness?.close();
});

test('the word diff marks only words outside the longest common subsequence', () => {
  const words = (text) => text.split(' ');
  assert.deepEqual(diffWords(words('i am a student'), words('i student')), {
    before: [false, true, true, false],
    after: [false, false],
  });
  // An inserted word does not mark the words after it as changed.
  assert.deepEqual(diffWords(words('i am a student'), words('i am not a student')).after, [
    false,
    false,
    true,
    false,
    false,
  ]);
  assert.deepEqual(diffWords(words('a b'), words('c d')), {
    before: [true, true],
    after: [true, true],
  });
  assert.deepEqual(diffWords([], words('a')), { before: [], after: [true] });
});

test('moving one weight keeps the others in proportion and the sum at 1', () => {
  const moved = setOneWeight([0.2, 0.6, 0.2], 1, 0.2);
  assert.ok(Math.abs(moved[0] - 0.4) < 1e-12 && Math.abs(moved[2] - 0.4) < 1e-12);
  assert.equal(moved[1], 0.2);
  // From a pinned row, lowering the pin spreads the rest evenly; values are clamped to [0, 1].
  assert.deepEqual(setOneWeight([0, 1, 0], 1, 0.5), [0.25, 0.5, 0.25]);
  assert.deepEqual(setOneWeight([0.5, 0.5], 0, 7), [1, 0]);
  assert.deepEqual(setOneWeight([0.5, 0.5], 0, -1), [0, 1]);
});

test('the beam tree layout never crosses two edges and runs the best path along the top', () => {
  let seed = 11;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let trial = 0; trial < 50; trial++) {
    // A random tree of 6 steps, up to 4 nodes a step, one path ranked best (rank 0).
    const nodes = [];
    let previous = [-1];
    for (let step = 1; step <= 6; step++) {
      const count = 1 + Math.floor(random() * 4);
      const current = [];
      for (let k = 0; k < count; k++) {
        const parent = previous[Math.floor(random() * previous.length)];
        nodes.push({ parent, step, rank: -1, logProb: -random() * 10 });
        current.push(nodes.length - 1);
      }
      previous = current;
    }
    for (let k = nodes.length - 1; k >= 0; k = nodes[k].parent) nodes[k].rank = 0;
    const { slots } = beamTreeSlots(nodes);
    const slot = (k) => (k < 0 ? -1 : slots[k]);
    for (const [a, node] of nodes.entries()) {
      if (node.rank === 0) assert.equal(slots[a], 0, 'the best path is the top row');
      for (const [b, other] of nodes.entries()) {
        if (other.step !== node.step || a === b) continue;
        assert.notEqual(slots[a], slots[b], 'one box per row of a column');
        // Two edges into the same column cross when their ends are in opposite orders.
        if (slot(node.parent) < slot(other.parent)) assert.ok(slots[a] < slots[b]);
      }
    }
  }
});

const hasBeam = () => typeof api?.beam === 'function';
const hasForcing = () =>
  api?.translate(SENTENCE, { forcedAttention: { step: 1, weights: [1, 0, 0] } }).forcedStep !==
  undefined;

async function withPage(text, fn) {
  const session = await openPage(harness, `?text=${encodeURIComponent(text)}`);
  try {
    const { page } = session;
    assert.equal((await state(page)).status, 'ready');
    await page.locator('#whatif').scrollIntoViewIfNeeded();
    await settle(page);
    await fn(page);
    assert.deepEqual(session.problems, [], 'no page errors, dialogs or CSP violations');
  } finally {
    await session.close();
  }
}

/** Opens a tab of the chapter with the keyboard (from the first tab, → until it is selected). */
async function openTab(page, name) {
  await page.focus('#whatif-tab-beam');
  for (let k = 0; k < 3; k++) {
    if ((await page.getAttribute(`#whatif-tab-${name}`, 'aria-selected')) === 'true') break;
    await page.keyboard.press('ArrowRight');
  }
  await settle(page);
  assert.equal(await page.getAttribute(`#whatif-tab-${name}`, 'aria-selected'), 'true');
  assert.equal(await page.isVisible(`#whatif-${name}`), true);
}

const selectedNode = (page) =>
  page.$eval('.beam-node[aria-selected="true"]', (node) => ({
    step: Number(node.dataset.step),
    word: node.dataset.word,
    role: node.dataset.role,
    focused: node === document.activeElement,
  }));

test(
  'beam width 4 finds the translation greedy decoding missed, and the tree shows both',
  { skip: noModel },
  async (t) => {
    if (!hasBeam()) return t.skip('this WebAssembly build has no explorer.beam()');
    const expected = api.beam(BEAM_SENTENCE, { beamWidth: 4 });
    assert.ok(expected.ok, expected.error);
    await withPage(BEAM_SENTENCE, async (page) => {
      await openTab(page, 'beam');
      assert.equal(await page.inputValue('#beam-width'), '4');
      await page.waitForSelector('.beam-node');
      const greedy = (await trace(page)).outTokens;
      const anStep = greedy.indexOf('an') + 1;
      assert.ok(anStep > 0 && greedy[anStep] === 'new', 'greedy says "an new"');

      // The list: the core's hypotheses, best first, with their scores.
      const listed = await page.$$eval('#beam-hypotheses li', (items) =>
        items.map((item) => ({
          translation: item.dataset.translation,
          score: Number(item.dataset.score),
          text: item.textContent,
        })),
      );
      assert.deepEqual(
        listed.map((h) => h.translation),
        expected.hypotheses.map((h) => h.translation),
      );
      listed.forEach((h, r) => {
        assert.equal(h.score, expected.hypotheses[r].score);
        assert.ok(h.text.includes(`score ${fixed(h.score, 3).replace('-', '−')}`), h.text);
      });
      const best = expected.hypotheses[0].translation;
      assert.match(best, /\ba new\b/);
      assert.notEqual(best, (await trace(page)).translation);
      assert.match(await page.textContent('#beam-verdict'), /missed/);

      // The tree: every node of the search, "a" on the best path where greedy took "an".
      const nodes = await page.$$eval('.beam-node', (items) =>
        items.map((item) => ({
          step: Number(item.dataset.step),
          word: item.dataset.word,
          role: item.dataset.role,
        })),
      );
      assert.equal(nodes.length, expected.nodeCount);
      const at = nodes.filter((node) => node.step === anStep);
      assert.ok(at.some((node) => node.word === 'a' && node.role === 'best'));
      assert.ok(at.some((node) => node.word === 'an' && node.role !== 'best'));

      // The best translation's end is selected first; its attention rows are the core's.
      const first = await selectedNode(page);
      assert.equal(first.role, 'best');
      assert.equal(first.word, '</s>');
      assert.match(await page.textContent('#beam-selected'), /final translation 1 of 4/);
      assert.equal(
        await page.getAttribute('#beam-attention canvas', 'data-outlined-row'),
        String(first.step - 1),
      );
    });
  },
);

test(
  'the beam tree, the width and the greedy switch work from the keyboard alone',
  { skip: noModel },
  async (t) => {
    if (!hasBeam()) return t.skip('this WebAssembly build has no explorer.beam()');
    await withPage(BEAM_SENTENCE, async (page) => {
      await openTab(page, 'beam');
      await page.waitForSelector('.beam-node');
      const stepBefore = (await state(page)).step;

      // Tab reaches the selected box (one tab stop); Home goes to the top of step 1.
      await page.focus('#beam-width');
      await page.keyboard.press('Tab');
      let node = await selectedNode(page);
      assert.ok(node.focused, 'Tab lands on the selected box');
      await page.keyboard.press('Home');
      node = await selectedNode(page);
      assert.deepEqual([node.step, node.role, node.focused], [1, 'best', true]);
      // → follows the best path; ↓ goes to the next box of the column.
      await page.keyboard.press('ArrowRight');
      node = await selectedNode(page);
      assert.deepEqual([node.step, node.role], [2, 'best']);
      await page.keyboard.press('ArrowDown');
      node = await selectedNode(page);
      assert.equal(node.step, 2);
      assert.notEqual(node.role, 'best');
      await page.keyboard.press('ArrowLeft');
      node = await selectedNode(page);
      assert.equal(node.step, 1);
      await settle(page);
      assert.match(await page.textContent('#beam-selected'), /^Prefix “/);
      await page.keyboard.press('End');
      node = await selectedNode(page);
      assert.deepEqual([node.word, node.role], ['</s>', 'best']);
      assert.equal((await state(page)).step, stepBefore, 'the arrows did not move the stepper');

      // A final translation picked with Enter selects the end of its path.
      await page.focus('#beam-hypotheses li:nth-child(2) button');
      await page.keyboard.press('Enter');
      await settle(page);
      assert.equal(
        await page.getAttribute('#beam-hypotheses li:nth-child(2) button', 'aria-pressed'),
        'true',
      );
      assert.match(await page.textContent('#beam-selected'), /final translation 2 of/);

      // Width 5 with →, then greedy with the radio buttons: a chain equal to the greedy output.
      await page.focus('#beam-width');
      await page.keyboard.press('ArrowRight');
      await settle(page);
      assert.equal(await page.textContent('#beam-width-value'), '5');
      const wide = api.beam(BEAM_SENTENCE, { beamWidth: 5 });
      assert.equal(await page.locator('.beam-node').count(), wide.nodeCount);
      await page.focus('#beam-mode-beam');
      await page.keyboard.press('ArrowLeft');
      await settle(page);
      assert.equal(await page.isChecked('#beam-mode-greedy'), true);
      assert.equal(await page.isDisabled('#beam-width'), true);
      const chain = await page.$$eval('#beam-hypotheses li', (items) =>
        items.map((item) => item.dataset.translation),
      );
      assert.deepEqual(chain, [(await trace(page)).translation]);
      assert.equal(await page.locator('.beam-node').count(), (await trace(page)).steps);
      assert.match(await page.textContent('#beam-verdict'), /chain/);
    });
  },
);

/** The weights of step t of the page's own trace, as the model computed them. */
async function modelRow(page, t) {
  const { alpha, srcLen } = await trace(page);
  return alpha.slice((t - 1) * srcLen, t * srcLen);
}

const edited = (page) =>
  page.$eval('#edit-edited', (p) => ({
    translation: p.dataset.translation,
    forcedStep: p.dataset.forcedStep,
    marked: [...p.querySelectorAll('ins')].map((mark) => Number(mark.dataset.step)),
  }));

test(
  'pinning the attention of a step to another word changes the next word, as the core re-decodes it',
  { skip: noModel },
  async (t) => {
    if (!hasForcing()) return t.skip('this WebAssembly build cannot force attention weights');
    // Step 2 ("am") made to look only at "étudiant".
    const step = 2;
    const word = 2;
    const weights = [0, 0, 1];
    const expected = api.translate(SENTENCE, {
      topK: TOP_K,
      temperature: 1,
      forcedAttention: { step, weights },
    });
    assert.ok(expected.ok, expected.error);
    await withPage(SENTENCE, async (page) => {
      const original = await trace(page);
      assert.notEqual(expected.outTokens[step - 1], original.outTokens[step - 1]);
      await openTab(page, 'edit');

      // Keyboard only: the step list, then the pin toolbar (one tab stop, arrows inside).
      await page.focus('#edit-step');
      await page.keyboard.press('ArrowDown');
      await settle(page);
      assert.equal(await page.inputValue('#edit-step'), String(step));
      assert.match(await page.textContent('#edit-status'), /^Step 2 \(“am”\)/);
      await page.focus('#edit-pins button[data-word="0"]');
      for (let k = 0; k < word; k++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await settle(page);

      const shown = await edited(page);
      assert.equal(shown.translation, expected.translation);
      assert.notEqual(shown.translation, original.translation);
      assert.equal(shown.forcedStep, String(step));
      assert.equal(
        await page.textContent(`#edit-edited .edit-forced[data-step="${step}"]`),
        expected.outTokens[step - 1],
      );
      // Words the edit dropped are struck out on the original's side, new ones marked on the edit's.
      const diff = diffWords(original.outTokens, expected.outTokens);
      const steps = (flags) => flags.flatMap((changed, k) => (changed ? [k + 1] : []));
      assert.ok(diff.before.includes(true) || diff.after.includes(true));
      assert.deepEqual(shown.marked, steps(diff.after));
      assert.deepEqual(
        await page.$$eval('#edit-original del', (marks) =>
          marks.map((mark) => Number(mark.dataset.step)),
        ),
        steps(diff.before),
      );
      assert.equal(
        await page.getAttribute(`#edit-pins button[data-word="${word}"]`, 'aria-pressed'),
        'true',
      );
      assert.match(await page.textContent('#edit-status'), /now says/);
      assert.equal(
        await page.getAttribute('#edit-heatmap canvas', 'data-outlined-row'),
        String(step - 1),
      );
      assert.equal(
        await page.textContent('#edit-original'),
        original.outTokens.map((w) => (w === '</s>' ? '⟨end⟩' : w)).join(' '),
      );

      // Reset, from the keyboard, brings the model's own weights back.
      await page.focus('#edit-reset');
      await page.keyboard.press('Enter');
      await settle(page);
      assert.equal((await edited(page)).translation, original.translation);
      assert.equal(await page.isDisabled('#edit-reset'), true);
      assert.equal((await state(page)).step, 1, 'the arrows did not move the stepper');
    });
  },
);

test(
  'moving one bar rescales the others to sum 1 and the core decodes with exactly those weights',
  { skip: noModel },
  async (t) => {
    if (!hasForcing()) return t.skip('this WebAssembly build cannot force attention weights');
    await withPage(SENTENCE, async (page) => {
      await openTab(page, 'edit');
      const row = await modelRow(page, 1);
      // Keys on the bar of "étudiant" at step 1: Page Up twice (+0.25 each), ← once (−0.05).
      let expectedWeights = row;
      for (const delta of [0.25, 0.25, -0.05])
        expectedWeights = setOneWeight(expectedWeights, 2, expectedWeights[2] + delta);
      const sliders = page.locator('#edit-bars [role="slider"]');
      await sliders.nth(2).focus();
      for (const key of ['PageUp', 'PageUp', 'ArrowLeft']) await page.keyboard.press(key);
      await settle(page);
      const values = await sliders.evaluateAll((all) =>
        all.map((slider) => Number(slider.getAttribute('aria-valuenow'))),
      );
      assert.deepEqual(
        values,
        expectedWeights.map((w) => Number(fixed(w, 2))),
      );
      assert.ok(Math.abs(expectedWeights.reduce((a, b) => a + b) - 1) < 1e-9);
      const expected = api.translate(SENTENCE, {
        topK: TOP_K,
        temperature: 1,
        forcedAttention: { step: 1, weights: expectedWeights },
      });
      assert.equal((await edited(page)).translation, expected.translation);

      // The mouse: pressing on a word's name sends all attention to it; dragging a bar sets it.
      const box = await page.locator('#edit-bars canvas').boundingBox();
      const rowY = async (i) => {
        const r = await sliders.nth(i).boundingBox();
        return r.y + r.height / 2;
      };
      await page.mouse.click(box.x + 8, await rowY(1));
      await settle(page);
      assert.deepEqual(
        await sliders.evaluateAll((all) => all.map((s) => s.getAttribute('aria-valuenow'))),
        ['0.00', '1.00', '0.00'],
      );
      const pinned = api.translate(SENTENCE, {
        topK: TOP_K,
        temperature: 1,
        forcedAttention: { step: 1, weights: [0, 1, 0] },
      });
      assert.equal((await edited(page)).translation, pinned.translation);
      // From the bar's far end (all of it) back to about the middle of the bar's track.
      const bar = await sliders.nth(0).boundingBox();
      await page.mouse.move(bar.x + bar.width - 2, await rowY(0));
      await page.mouse.down();
      await page.mouse.move(bar.x + bar.width * 0.6, await rowY(0), { steps: 4 });
      await page.mouse.up();
      await settle(page);
      const dragged = await sliders.evaluateAll((all) =>
        all.map((s) => Number(s.getAttribute('aria-valuenow'))),
      );
      assert.ok(dragged[0] > 0.05 && dragged[0] < 0.95, `dragged to ${dragged[0]}`);
      assert.ok(Math.abs(dragged.reduce((a, b) => a + b) - 1) <= 0.011);
    });
  },
);

test(
  'teacher forcing shows −log p of every reference word, exactly as the core scores them',
  { skip: noModel },
  async () => {
    await withPage(SENTENCE, async (page) => {
      await openTab(page, 'forcing');
      const own = (await trace(page)).translation;
      assert.equal(await page.inputValue('#forcing-reference'), own, 'pre-filled');
      assert.equal(await page.isDisabled('#forcing-reset'), true);

      const check = async (reference) => {
        const scored = api.score(SENTENCE, reference, { temperature: 1, topK: TOP_K });
        assert.ok(scored.ok, scored.error);
        const rows = await page.$$eval('#forcing-rows tr', (all) =>
          all.map((row) => ({
            word: row.dataset.word,
            prob: Number(row.dataset.prob),
            loss: Number(row.dataset.loss),
            cells: [...row.children].map((cell) => cell.textContent),
          })),
        );
        assert.deepEqual(
          rows.map((row) => row.word),
          scored.outTokens,
        );
        const losses = Array.from(scored.tokenProbs, (p) => -Math.log(p));
        rows.forEach((row, k) => {
          assert.equal(row.prob, scored.tokenProbs[k]);
          assert.equal(row.loss, losses[k]);
          assert.equal(row.cells[1], fixed(scored.tokenProbs[k], 3));
          assert.equal(row.cells[2], fixed(losses[k], 3));
        });
        const total = losses.reduce((a, b) => a + b, 0);
        const mean = total / losses.length;
        const summary = await page.$$eval('#forcing-summary dd', (all) =>
          Object.fromEntries(all.map((dd) => [dd.dataset.value, dd.textContent])),
        );
        assert.equal(summary.total, fixed(total, 3));
        assert.equal(summary.mean, fixed(mean, 3));
        assert.equal(summary.perplexity, fixed(Math.exp(mean), 2));
        assert.match(summary.count, new RegExp(`^${losses.length}\\b`));
        return scored;
      };
      await check(own);

      // Keyboard: type another reference; its words are scored, "the" costs more than "a".
      await page.focus('#forcing-reference');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('i am the student');
      await settle(page);
      const other = await check('i am the student');
      assert.ok(other.tokenProbs[2] < 0.5, '"the" surprises the model');
      assert.equal(await page.isHidden('#forcing-unknown'), true);
      assert.match(await page.textContent('#forcing-compare'), /most surprising word .*“the”/);

      // A word outside the model's vocabulary is announced, and still scored (as <unk>).
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('i am a zorglub');
      await settle(page);
      const unknown = await check('i am a zorglub');
      assert.deepEqual(unknown.unknownReferenceWords, ['zorglub']);
      assert.equal(await page.isVisible('#forcing-unknown'), true);
      assert.match(await page.textContent('#forcing-unknown'), /“zorglub”/);
      assert.equal(
        await page.getAttribute('#forcing-unknown', 'role'),
        'status',
        'announced to screen readers',
      );

      // The reset button (keyboard) brings back the model's own translation.
      await page.focus('#forcing-reset');
      await page.keyboard.press('Enter');
      await settle(page);
      assert.equal(await page.inputValue('#forcing-reference'), own);
      await check(own);

      // A typed reference belongs to its sentence: another sentence starts from its translation.
      await page.fill('#forcing-reference', 'i am the student');
      await page.fill('#source-input', 'Le chat noir mange une pomme rouge');
      await page.locator('#whatif').scrollIntoViewIfNeeded();
      await settle(page);
      const next = (await trace(page)).translation;
      assert.match(next, /cat/);
      assert.equal(await page.inputValue('#forcing-reference'), next);
    });
  },
);

test(
  'the tabs switch with the arrow keys and leave the page stepper alone',
  { skip: noModel },
  async () => {
    await withPage(SENTENCE, async (page) => {
      await page.focus('#whatif-tab-beam');
      const stepBefore = (await state(page)).step;
      const selected = () =>
        page.$$eval('#whatif [role="tab"]', (tabs) =>
          tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true').map((tab) => tab.id),
        );
      await page.keyboard.press('ArrowRight');
      assert.deepEqual(await selected(), ['whatif-tab-edit']);
      assert.equal(await page.isVisible('#whatif-edit'), true);
      assert.equal(await page.isHidden('#whatif-beam'), true);
      await page.keyboard.press('End');
      assert.deepEqual(await selected(), ['whatif-tab-forcing']);
      await page.keyboard.press('ArrowRight'); // wraps around
      assert.deepEqual(await selected(), ['whatif-tab-beam']);
      await page.keyboard.press('ArrowLeft');
      assert.deepEqual(await selected(), ['whatif-tab-forcing']);
      assert.equal(
        await page.evaluate(() => document.activeElement.id),
        'whatif-tab-forcing',
        'focus follows the selected tab',
      );
      // Tab leaves the tab list for the open panel's first control.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'forcing-reference');
      assert.equal((await state(page)).step, stepBefore);
    });
  },
);
