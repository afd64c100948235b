// The WebAssembly module through its JS API, in Node: the walkthrough's worked example, parity
// with the native build, ownership (copies, no heap growth over 10,000 translations), bad input,
// and what-if decoding (forced attention, the beam tree, teacher forcing) on the shipped model.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModule, loadExplorer, repoRoot } from './load-module.mjs';
import { TRACE_FLOAT_ARRAYS } from '../../wasm/trace-fields.mjs';

const native = (tool, ...args) =>
  execFileSync(join(repoRoot, 'build/native', tool), args, {
    encoding: 'utf8',
  });
const dir = mkdtempSync(join(tmpdir(), 'ae-wasm-test-'));
const attentionModel = join(dir, 'attention.aem');
const baselineModel = join(dir, 'baseline.aem');
const shippedModel = join(repoRoot, 'web/models/fr-en-attention.aem'); // what the page serves
const modules = {};

before(async () => {
  native('random_model', attentionModel, '--seed', '3');
  native('random_model', baselineModel, '--seed', '4', '--attention', '0');
  modules.simd = await loadModule('simd');
  modules.scalar = await loadModule('scalar');
});

function assertClose(actual, expected, tolerance, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; i++) {
    const diff = Math.abs(actual[i] - expected[i]);
    if (diff > tolerance)
      assert.fail(`${what}[${i}]: ${actual[i]} vs ${expected[i]} (|diff| ${diff} > ${tolerance})`);
  }
}

test('each build names its kernels and version', () => {
  assert.equal(modules.simd.kernelVariant(), 'wasm-simd128');
  assert.equal(modules.scalar.kernelVariant(), 'scalar');
  assert.match(modules.simd.version(), /^\d+\.\d+\.\d+$/);
});

for (const flavour of ['simd', 'scalar']) {
  test(`worked example of the walkthrough (${flavour}): scores 0.3, 2.1, 0.5 for je, suis, étudiant`, () => {
    const m = modules[flavour];
    const parts = m.softmaxParts(new Float32Array([0.3, 2.1, 0.5]));
    const scale = Math.exp(parts.max);
    const rawExp = Array.from(parts.expShifted, (x) => x * scale);
    assert.deepEqual(
      rawExp.map((x) => x.toFixed(3)),
      ['1.350', '8.166', '1.649'],
    );
    assert.equal((parts.sum * scale).toFixed(3), '11.165');
    assert.deepEqual(
      Array.from(parts.alpha, (a) => a.toFixed(2)),
      ['0.12', '0.73', '0.15'],
    );
    // c_2 = 0.12 h_1 + 0.73 h_2 + 0.15 h_3 with h as 2-D arrows.
    const h = new Float32Array([1, 0, 0, 1, -1, 0.5]);
    const c = m.blend(parts.alpha, h, 2);
    assert.ok(Math.abs(c[0] - (0.12 - 0.15)) < 0.01 && Math.abs(c[1] - (0.73 + 0.075)) < 0.01);
    assert.ok(Math.abs(c[0] - (parts.alpha[0] - parts.alpha[2])) < 1e-6);
  });
}

const CASES = [
  { model: attentionModel, text: 'w3 w4 w5 w6 w7' },
  { model: attentionModel, text: 'w10 w11 w3 w39 w20 w21 w5 w8 w9 w12 w13' },
  { model: attentionModel, text: 'w5', options: { beamWidth: 3 } },
  { model: attentionModel, text: 'w7 w8 w9', options: { temperature: 0.25 } },
  { model: attentionModel, text: 'w7 w8 w9', reference: 'w4 w5 w6 w7' },
  { model: baselineModel, text: 'w3 w4 w5 w6 w7 w8' },
];

for (const flavour of ['simd', 'scalar']) {
  test(`WebAssembly (${flavour}) equals native within 1e-5 on random models`, () => {
    for (const c of CASES) {
      const explorer = loadExplorer(modules[flavour], c.model);
      const args = [c.model, c.text];
      if (c.options?.beamWidth) args.push('--beam', String(c.options.beamWidth));
      if (c.options?.temperature) args.push('--temperature', String(c.options.temperature));
      if (c.reference) args.push('--reference', c.reference);
      const expected = JSON.parse(native('trace', ...args));
      const actual = c.reference
        ? explorer.score(c.text, c.reference, c.options ?? {})
        : explorer.translate(c.text, c.options ?? {});
      explorer.delete();
      assert.ok(actual.ok, actual.error);
      assert.deepEqual(Array.from(actual.outIds), expected.outIds, `${c.text}: output words`);
      assert.equal(actual.translation, expected.translation);
      for (const key of TRACE_FLOAT_ARRAYS)
        assertClose(actual[key], expected[key], 1e-5, `${c.text} ${key}`);
    }
  });
}

test('10,000 translations leave the WebAssembly heap where it started', () => {
  const m = modules.simd;
  const explorer = loadExplorer(m, attentionModel);
  const sentences = [
    'w3 w4 w5',
    'w10 w11 w12 w13 w14 w15 w16 w17',
    'w5',
    'w9 w8 w7 w6 w5 w4 w3 w2',
  ];
  const run = (n) => {
    for (let i = 0; i < n; i++) {
      const trace = explorer.translate(sentences[i % sentences.length], {
        beamWidth: 1 + (i % 3),
      });
      assert.ok(trace.ok);
    }
  };
  run(100); // warm-up: buffers reach their working size
  const heapBefore = m.heapBytesInUse();
  const memoryBefore = m.HEAPU8.length;
  run(10_000);
  assert.equal(m.heapBytesInUse(), heapBefore, 'bytes in use by malloc');
  assert.equal(m.HEAPU8.length, memoryBefore, 'WebAssembly memory size');
  explorer.delete();
});

for (const flavour of ['simd', 'scalar']) {
  test(`scoreAnatomy (${flavour}) gives the decoder's own score parts, for its own traces only`, () => {
    const explorer = loadExplorer(modules[flavour], attentionModel);
    const other = loadExplorer(modules[flavour], attentionModel);
    for (const trace of [
      explorer.translate('w10 w11 w3 w39 w20 w21 w5', {}),
      explorer.translate('w7 w8 w9', { temperature: 0.25, beamWidth: 3 }),
      explorer.score('w7 w8 w9', 'w4 w5 w6 w7', {}),
    ]) {
      assert.ok(trace.ok, trace.error);
      const T = trace.srcLen;
      const A = trace.attnDim;
      for (let step = 1; step <= trace.steps; step++) {
        const parts = explorer.scoreAnatomy(trace, step);
        assert.ok(parts.ok, parts.error);
        assert.equal(parts.preTanh.length, T * A);
        // The same code on the same inputs: the scores are the trace's, bit for bit.
        assert.deepEqual(parts.scores, trace.scores.subarray((step - 1) * T, step * T));
        for (let i = 0; i < T; i++)
          for (let a = 0; a < A; a++) {
            const pre = Math.fround(trace.question[(step - 1) * A + a] + trace.keys[i * A + a]);
            assert.equal(parts.preTanh[i * A + a], pre);
            assert.ok(Math.abs(parts.bent[i * A + a] - Math.tanh(pre)) < 1e-6);
          }
      }
    }
    const trace = explorer.translate('w3 w4 w5', {});
    for (const step of [0, trace.steps + 1, 1.5, NaN, '1', undefined]) {
      const refused = explorer.scoreAnatomy(trace, step);
      assert.equal(refused.ok, false, `step ${String(step)}`);
      assert.match(refused.error, /step must be a whole number from 1 to/);
    }
    const notMine = /a trace that this explorer's current model made/;
    assert.match(other.scoreAnatomy(trace, 1).error, notMine, "another explorer's trace");
    assert.match(explorer.scoreAnatomy({ ...trace }, 1).error, notMine, 'a copy');
    assert.match(explorer.scoreAnatomy(null, 1).error, notMine);
    assert.match(explorer.scoreAnatomy(explorer.beam('w3 w4', {}), 1).error, notMine);
    assert.equal(explorer.load(readFileSync(attentionModel)), '');
    assert.match(explorer.scoreAnatomy(trace, 1).error, notMine, 'after loading a model');
    assert.ok(explorer.scoreAnatomy(explorer.translate('w3 w4 w5', {}), 1).ok);
    assert.notEqual(explorer.load(new Uint8Array([1, 2, 3])), '');
    assert.ok(
      explorer.scoreAnatomy(explorer.translate('w3 w4 w5', {}), 1).ok,
      'a failed load changes nothing',
    );
    const baseline = loadExplorer(modules[flavour], baselineModel);
    const plain = baseline.translate('w3 w4 w5', {});
    assert.match(baseline.scoreAnatomy(plain, 1).error, /no attention/);
    for (const e of [explorer, other, baseline]) e.delete();
  });
}

test('bad input gives a clear message, never a crash', () => {
  const m = modules.simd;
  const explorer = new m.Explorer();
  assert.match(explorer.translate('bonjour', {}).error, /No model/);
  assert.match(explorer.load(new Uint8Array([1, 2, 3])), /truncated|not an attention-explorer/);
  assert.match(explorer.load(new Uint8Array(0)), /./);
  assert.equal(explorer.loaded(), false);
  assert.equal(explorer.load(readFileSync(attentionModel)), '');
  const empty = explorer.translate('   \u200b  ', {});
  assert.equal(empty.ok, false);
  assert.equal(empty.empty, true);
  const long = explorer.translate(
    Array.from({ length: 500 }, (_, i) => `w${3 + (i % 30)}`).join(' '),
    {},
  );
  assert.ok(long.ok);
  assert.equal(long.clippedFrom, 500);
  assert.equal(long.srcLen, 50);
  assert.match(explorer.translate('w3', { beamWidth: 99 }).error, /beam width/);
  assert.match(explorer.translate('w3', { temperature: -1 }).error, /temperature/);
  explorer.delete();
});

test('tokenizer through WebAssembly: elision, NFC, unknown words with hints', () => {
  const explorer = loadExplorer(modules.simd, attentionModel);
  const t = explorer.tokenize("J'ai vu E\u0301TUDIANT, w3 w33x !");
  assert.deepEqual(t.tokens, ["j'", 'ai', 'vu', 'étudiant', ',', 'w3', 'w33x', '!']);
  assert.deepEqual(t.unknown, [true, true, true, true, true, false, true, true]);
  assert.ok(t.hints[6].includes('w33'), `hints for w33x: ${t.hints[6]}`);
  explorer.delete();
});

// ---------------------------------------------------------------------------------------------
// The boundary: one copy per result, nothing shared with WebAssembly memory or between results.
test('results are copies: untouched by later calls and not views of WebAssembly memory', () => {
  const m = modules.simd;
  const explorer = loadExplorer(m, attentionModel);
  const first = explorer.translate('w3 w4 w5 w6', {});
  const kept = Object.fromEntries(TRACE_FLOAT_ARRAYS.map((key) => [key, Array.from(first[key])]));
  for (const key of [...TRACE_FLOAT_ARRAYS, 'ids', 'outIds', 'topkIds'])
    assert.notEqual(first[key].buffer, m.HEAPU8.buffer, `${key} is a view of WebAssembly memory`);
  explorer.translate('w10 w11 w12 w13 w14 w15 w16 w17 w18', {
    beamWidth: 4,
    topK: 9,
  });
  explorer.beam('w9 w8 w7', { beamWidth: 8 });
  for (const key of TRACE_FLOAT_ARRAYS)
    assert.deepEqual(Array.from(first[key]), kept[key], `${key} changed`);
  assert.ok(first.alpha instanceof Float32Array && first.outIds instanceof Int32Array);
  assert.ok(
    Array.isArray(first.tokens) && Array.isArray(first.unknown) && Array.isArray(first.hints),
  );
  explorer.delete();
});

test('output words follow the model loaded last', () => {
  const explorer = loadExplorer(modules.simd, attentionModel);
  const wordsOf = (ids) => Array.from(ids, (id) => explorer.targetWords()[id]);
  const random = explorer.translate('w3 w4 w5', {});
  assert.deepEqual(random.outTokens, wordsOf(random.outIds));
  assert.equal(explorer.load(readFileSync(shippedModel)), '');
  const trace = explorer.translate('je suis étudiant', {});
  assert.deepEqual(trace.outTokens, ['i', 'am', 'a', 'student', '</s>']);
  assert.deepEqual(trace.topkWords, wordsOf(trace.topkIds));
  explorer.delete();
});

test('options may be left out', () => {
  const explorer = loadExplorer(modules.simd, attentionModel);
  assert.equal(
    explorer.translate('w3 w4').translation,
    explorer.translate('w3 w4', {}).translation,
  );
  assert.equal(explorer.beam('w3 w4').beamWidth, 1);
  assert.ok(explorer.score('w3 w4', 'w5').ok);
  explorer.delete();
});

// ---------------------------------------------------------------------------------------------
// What-if decoding on the shipped model (the page's "edit attention" and "beam tree").
const oneHot = (length, at) => Array.from({ length }, (_, i) => (i === at ? 1 : 0));

test('forcing the attention of "je suis étudiant" changes the words that follow', () => {
  const explorer = loadExplorer(modules.simd, shippedModel);
  const text = 'je suis étudiant';
  const base = explorer.translate(text, {});
  assert.deepEqual(base.outTokens, ['i', 'am', 'a', 'student', '</s>']);
  assert.equal(base.forcedStep, 0);
  // Step 2 ("am") looks at "suis"; pinned to "étudiant", the decoder goes on differently.
  const pinned = explorer.translate(text, {
    forcedAttention: { step: 2, weights: oneHot(3, 2) },
  });
  assert.ok(pinned.ok, pinned.error);
  assert.equal(pinned.forcedStep, 2);
  assert.deepEqual(pinned.outTokens.slice(0, 1), base.outTokens.slice(0, 1), 'step 1 is unchanged');
  assert.deepEqual(Array.from(pinned.alpha.subarray(0, 3)), Array.from(base.alpha.subarray(0, 3)));
  assert.deepEqual(Array.from(pinned.alpha.subarray(3, 6)), [0, 0, 1], 'the forced row');
  assert.deepEqual(
    Array.from(pinned.scores.subarray(3, 6)),
    Array.from(base.scores.subarray(3, 6)),
    "the model's own scores at the forced step",
  );
  const C = pinned.contextSize;
  assert.deepEqual(
    Array.from(pinned.context.subarray(C, 2 * C)),
    Array.from(pinned.encoderStates.subarray(2 * C, 3 * C)),
    'c_2 = h_3 exactly',
  );
  assert.notEqual(pinned.translation, base.translation);
  // Step 4 ("student") pinned to "je": the word of that step changes.
  const child = explorer.translate(text, {
    forcedAttention: { step: 4, weights: new Float32Array([5, 0, 0]) },
  });
  assert.deepEqual(child.outTokens.slice(0, 3), ['i', 'am', 'a']);
  assert.notEqual(child.outTokens[3], 'student');
  // Any weights: normalised; a step past the end of the output forces nothing.
  const spread = explorer.translate(text, {
    forcedAttention: { step: 1, weights: [1, 1, 2] },
  });
  assert.deepEqual(Array.from(spread.alpha.subarray(0, 3)), [0.25, 0.25, 0.5]);
  const late = explorer.translate(text, {
    forcedAttention: { step: 40, weights: [1, 1, 1] },
  });
  assert.equal(late.forcedStep, 0);
  assert.equal(late.translation, base.translation);
  // Teacher forcing takes the same option.
  const scored = explorer.score(text, pinned.translation, {
    forcedAttention: { step: 2, weights: oneHot(3, 2) },
  });
  assert.deepEqual(Array.from(scored.tokenProbs), Array.from(pinned.tokenProbs));
  explorer.delete();
});

test('bad forced attention gives a clear error, never a crash', () => {
  const explorer = loadExplorer(modules.simd, shippedModel);
  const text = 'je suis étudiant';
  const cases = [
    [{ step: 2, weights: [1, 1] }, /2 weights but the sentence has 3 words/],
    [{ step: 2, weights: new Float64Array(4) }, /4 weights/],
    [{ step: 2, weights: [1, -1, 1] }, /non-negative/],
    [{ step: 2, weights: [1, NaN, 1] }, /weight 2 is not a number/],
    [{ step: 2, weights: [1, Infinity, 1] }, /finite/],
    [{ step: 2, weights: [0, 0, 0] }, /not all be zero/],
    [{ step: 2, weights: [1, 'x', 1] }, /weight 2 is not a number/],
    [{ step: 2, weights: [1n, 2n, 3n] }, /weight 1 is not a number/],
    [{ step: 0, weights: [1, 1, 1] }, /step >= 1/],
    [{ step: -3, weights: [1, 1, 1] }, /step >= 1/],
    [{ step: '2', weights: [1, 1, 1] }, /step >= 1/],
    [{ step: 2 }, /weights/],
    [{ step: 2, weights: 3 }, /weights/],
    [{ step: 2, weights: { length: 1e12 } }, /weights/],
    [5, /forcedAttention must be/],
  ];
  for (const [forcedAttention, message] of cases) {
    const result = explorer.translate(text, { forcedAttention });
    assert.equal(
      result.ok,
      false,
      `accepted ${String(forcedAttention?.weights ?? forcedAttention)}`,
    );
    assert.match(result.error, message);
  }
  const greedyOnly = { forcedAttention: { step: 1, weights: [1, 1, 1] } };
  assert.match(explorer.translate(text, { ...greedyOnly, beamWidth: 3 }).error, /greedy/);
  assert.match(explorer.beam(text, greedyOnly).error, /greedy/);
  explorer.delete();
  const baseline = loadExplorer(modules.simd, join(repoRoot, 'web/models/fr-en-baseline.aem'));
  assert.match(baseline.translate(text, greedyOnly).error, /no attention/);
  baseline.delete();
});

test('beam tree: hypotheses best first, the best one is what translate() returns', () => {
  const explorer = loadExplorer(modules.simd, shippedModel);
  for (const text of ['je suis étudiant', 'elle mange une pomme', "j'ai vu l'homme qu'il aime"]) {
    for (const beamWidth of [1, 2, 4, 8]) {
      const tree = explorer.beam(text, { beamWidth });
      const what = `"${text}", width ${beamWidth}`;
      assert.ok(tree.ok, tree.error);
      assert.equal(tree.beamWidth, beamWidth);
      assert.equal(
        tree.hypotheses[0].translation,
        explorer.translate(text, { beamWidth }).translation,
        what,
      );
      const N = tree.nodeCount,
        T = tree.srcLen;
      for (const [key, Type] of [
        ['nodeParent', Int32Array],
        ['nodeStep', Int32Array],
        ['nodeWordId', Int32Array],
        ['nodeLogProb', Float32Array],
        ['nodeTokenProb', Float32Array],
        ['nodeFinished', Uint8Array],
      ]) {
        assert.ok(tree[key] instanceof Type && tree[key].length === N, `${what}: ${key}`);
      }
      assert.equal(tree.nodeAlpha.length, N * T);
      assert.equal(tree.nodeWords.length, N);
      for (let n = 0; n < N; n++) {
        const parent = tree.nodeParent[n];
        assert.equal(tree.nodeStep[n], parent < 0 ? 1 : tree.nodeStep[parent] + 1);
        assert.equal(tree.nodeFinished[n], tree.nodeWords[n] === '</s>' ? 1 : 0);
        const logP = (parent < 0 ? 0 : tree.nodeLogProb[parent]) + Math.log(tree.nodeTokenProb[n]);
        assert.ok(Math.abs(tree.nodeLogProb[n] - logP) < 1e-4, `${what}: node ${n} log P`);
      }
      for (const [k, hyp] of tree.hypotheses.entries()) {
        const leaf = hyp.nodes[hyp.nodes.length - 1];
        assert.deepEqual(
          hyp.words,
          Array.from(hyp.nodes, (n) => tree.nodeWords[n]),
        );
        assert.equal(tree.nodeParent[hyp.nodes[0]], -1);
        assert.ok(Math.abs(hyp.logProb - tree.nodeLogProb[leaf]) < 1e-4);
        assert.ok(Math.abs(hyp.score - hyp.logProb / hyp.words.length) < 1e-12);
        if (k > 0) assert.ok(tree.hypotheses[k - 1].score >= hyp.score, `${what}: order`);
      }
    }
  }
  // "je suis étudiant" has a known alternative in its beam of 4.
  const tree = explorer.beam('je suis étudiant', { beamWidth: 4 });
  assert.equal(tree.hypotheses[0].translation, 'i am a student');
  assert.ok(tree.hypotheses.length > 1);
  // Widths are clamped to 1..8; errors and empty input as in translate().
  assert.equal(explorer.beam('je suis étudiant', { beamWidth: 50 }).beamWidth, 8);
  assert.equal(explorer.beam('je suis étudiant', { beamWidth: 0 }).beamWidth, 1);
  assert.equal(explorer.beam('je suis étudiant', { beamWidth: NaN }).beamWidth, 1);
  assert.deepEqual(explorer.beam('   ', {}), {
    ok: false,
    error: '',
    empty: true,
  });
  assert.match(explorer.beam('je', { temperature: -1 }).error, /temperature/);
  explorer.delete();
});

test('teacher forcing gives the probability of each reference word', () => {
  const explorer = loadExplorer(modules.simd, shippedModel);
  const translated = explorer.translate('je suis étudiant', {});
  const scored = explorer.score('je suis étudiant', 'i am a student', {});
  assert.deepEqual(scored.outTokens, translated.outTokens);
  assert.deepEqual(Array.from(scored.tokenProbs), Array.from(translated.tokenProbs));
  const wrong = explorer.score('je suis étudiant', 'i am a teacher', {});
  assert.deepEqual(wrong.outTokens, ['i', 'am', 'a', 'teacher', '</s>']);
  assert.equal(wrong.tokenProbs.length, 5);
  assert.ok(wrong.tokenProbs[3] < 0.01, `p(teacher) = ${wrong.tokenProbs[3]}`);
  const logProb = Array.from(wrong.tokenProbs).reduce((sum, p) => sum + Math.log(p), 0);
  assert.ok(Math.abs(wrong.logProb - logProb) < 1e-4);
  explorer.delete();
});

test('beam trees, forced attention, scores and their anatomy leave the WebAssembly heap where it started', () => {
  const m = modules.simd;
  const explorer = loadExplorer(m, attentionModel);
  const run = (n) => {
    for (let i = 0; i < n; i++) {
      assert.ok(
        explorer.beam(['w3 w4 w5', 'w10 w11 w12 w13 w14'][i % 2], {
          beamWidth: 1 + (i % 8),
        }).ok,
      );
      assert.ok(
        explorer.translate('w3 w4 w5', {
          forcedAttention: { step: 1 + (i % 3), weights: [1, i % 5, 2] },
        }).ok,
      );
      const scored = explorer.score('w3 w4 w5', 'w6 w7', {});
      assert.ok(scored.ok);
      assert.ok(explorer.scoreAnatomy(scored, 1 + (i % scored.steps)).ok);
    }
  };
  run(50);
  const heapBefore = m.heapBytesInUse();
  run(1000);
  assert.equal(m.heapBytesInUse(), heapBefore);
  explorer.delete();
});
