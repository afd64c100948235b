// The WebAssembly module built with Emscripten's runtime checks (-sASSERTIONS=2,
// build/wasm-assertions, see tools/build.sh): it checks heap and Embind use as it runs and reports
// any misuse through printErr / console (an Embind leak warning, "Assertion failed", "Aborted").
// Translations, beam trees, forced attention, scores, tokenization and bad input go through it
// here, and the tests fail on anything it prints, on any trace with a NaN, an infinity or an α row
// not summing to 1, and on any heap or Embind handle left behind.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModule, loadExplorer, repoRoot } from './load-module.mjs';
import { TRACE_FLOAT_ARRAYS } from '../../wasm/trace-fields.mjs';

// Captured from before the module exists: its printErr defaults to console.warn as it was when
// the module was created, and Embind's leak warnings call console.warn directly.
const printed = [];
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  console[level] = (...args) => printed.push(`console.${level}: ${args.join(' ')}`);
}

const dir = mkdtempSync(join(tmpdir(), 'ae-assertions-test-'));
const models = {
  attention: join(dir, 'attention.aem'),
  baseline: join(dir, 'baseline.aem'),
  tiny: join(dir, 'tiny.aem'), // 3 target words: beams wider than the vocabulary
  'fr-en attention': join(repoRoot, 'web/models/fr-en-attention.aem'), // what the page serves
  'fr-en baseline': join(repoRoot, 'web/models/fr-en-baseline.aem'),
};
let m;

before(async () => {
  const randomModel = (path, ...args) =>
    execFileSync(join(repoRoot, 'build/native/random_model'), [path, ...args]);
  randomModel(models.attention, '--seed', '3');
  randomModel(models.baseline, '--seed', '4', '--attention', '0');
  randomModel(models.tiny, '--seed', '5', '--tgt-vocab', '3', '--scale', '3');
  m = await loadModule('simd', { assertions: true });
});

// Everything the module allocates and every JS value handle Embind holds for C++.
const footprint = () => ({
  heapBytesInUse: m.heapBytesInUse(),
  memoryBytes: m.HEAPU8.length,
  embindHandles: m.count_emval_handles(),
});

function assertQuiet(what) {
  assert.deepEqual(printed, [], `${what}: the module printed`);
}

after(() => assertQuiet('the whole file'));

function assertSafeTrace(trace, what) {
  assert.equal(trace.ok, true, `${what}: ${trace.error}`);
  for (const key of TRACE_FLOAT_ARRAYS) {
    const bad = trace[key].findIndex((x) => !Number.isFinite(x));
    assert.equal(bad, -1, `${what}: ${key}[${bad}] = ${trace[key][bad]}`);
  }
  assert.ok(Number.isFinite(trace.logProb), `${what}: logProb`);
  if (!trace.attention) return;
  assert.equal(trace.alpha.length, trace.steps * trace.srcLen, `${what}: alpha length`);
  for (let t = 0; t < trace.steps; t++) {
    let sum = 0;
    for (let i = 0; i < trace.srcLen; i++) sum += trace.alpha[t * trace.srcLen + i];
    assert.ok(Math.abs(sum - 1) <= 1e-6, `${what}: alpha row ${t} sums to ${sum}`);
  }
}

function assertSafeBeamTree(tree, what) {
  assert.equal(tree.ok, true, `${what}: ${tree.error}`);
  for (const key of ['nodeLogProb', 'nodeTokenProb', 'nodeAlpha']) {
    const bad = tree[key].findIndex((x) => !Number.isFinite(x));
    assert.equal(bad, -1, `${what}: ${key}[${bad}] = ${tree[key][bad]}`);
  }
  assert.ok(tree.hypotheses.length >= 1, `${what}: no hypothesis`);
  for (const hyp of tree.hypotheses) assert.ok(Number.isFinite(hyp.score), `${what}: score`);
}

const SENTENCES = [
  "J'ai vu l'homme, qu'il aime !",
  'E\u0301TUDIANT e\u0301le\u0300ve \u00c7A',
  'Je t\u2019aime \u{1F600}\u2764\uFE0F \u{1F468}\u200D\u{1F469}\u200D\u{1F467} \u{1F1EB}\u{1F1F7}',
  'je\u200bsuis\u00ad \u202b\u05e9\u05dc\u05d5\u05dd\u202c \u0645\u0631\u062d\u0628\u0627',
  '<img src=x onerror="alert(1)"> </textarea><script>alert(1)</script>',
  'w3 w4 w5 w6 w7',
  'w10 w11 w3 w39 w20 w21 w5 w8 w9 w12 w13',
  'w5',
  'x'.repeat(100_000),
  Array.from({ length: 20_000 }, (_, i) => `w${3 + (i % 37)}`).join(' '),
];
const OPTIONS = [
  {},
  { beamWidth: 3 },
  { beamWidth: 8, topK: 50 },
  { temperature: 1e-3 },
  { temperature: 1e3, maxLength: 4 },
  { beamWidth: 16, temperature: 1e-30 },
];

test('translations, scores and tokenization run quietly and give finite, normalised traces', () => {
  for (const [name, path] of Object.entries(models)) {
    const explorer = loadExplorer(m, path);
    for (const text of SENTENCES) {
      // tokenize() looks up hints for every unknown word of the whole text (translate() only for
      // the words it keeps), at the cost of an edit distance per vocabulary word each.
      if (text.length <= 1000) {
        const tokens = explorer.tokenize(text);
        assert.equal(tokens.tokens.length, tokens.ids.length);
      }
      for (const options of OPTIONS) {
        const what = `${name} model, "${text.slice(0, 30)}", ${JSON.stringify(options)}`;
        const trace = explorer.translate(text, options);
        assertSafeTrace(trace, `translate: ${what}`);
        assertSafeTrace(explorer.score(text, 'w4 w5 unknown-word .', options), `score: ${what}`);
        assertSafeBeamTree(explorer.beam(text, options), `beam: ${what}`);
        if (trace.attention) {
          // Pinning the last step's attention to the last word.
          const weights = Array.from({ length: trace.srcLen }, (_, i) =>
            i === trace.srcLen - 1 ? 1 : 0,
          );
          const forced = {
            ...options,
            beamWidth: 1,
            forcedAttention: { step: trace.steps, weights },
          };
          assertSafeTrace(explorer.translate(text, forced), `forced: ${what}`);
        }
      }
    }
    explorer.delete();
  }
  assertQuiet('translating');
});

test('10,000 translations leave the heap and the Embind handles where they started', (t) => {
  const explorer = loadExplorer(m, models.attention);
  const sentences = ['w3 w4 w5', 'w10 w11 w12 w13 w14 w15 w16 w17', 'w5', "J'ai vu l'homme !"];
  const run = (n) => {
    for (let i = 0; i < n; i++) {
      const options = {
        beamWidth: 1 + (i % 3),
        temperature: [1, 0.1, 10][i % 3],
      };
      assert.ok(explorer.translate(sentences[i % sentences.length], options).ok);
    }
  };
  run(100); // warm-up: buffers reach their working size
  const before = footprint();
  run(10_000);
  const afterwards = footprint();
  t.diagnostic(`before ${JSON.stringify(before)}, after ${JSON.stringify(afterwards)}`);
  assert.deepEqual(afterwards, before);
  explorer.delete();
  assertQuiet('10,000 translations');
});

// Each bad call must come back as an error object (or, for a value of the wrong JS type, an
// Embind TypeError/BindingError thrown before any C++ runs), never abort the module, print
// anything or leave memory behind.
test('bad input gives an error, never an abort, a message on the console or a leak', (t) => {
  const explorer = new m.Explorer();
  assert.match(explorer.translate('bonjour', {}).error, /No model/);
  assert.match(explorer.score('bonjour', 'hello', {}).error, /No model/);
  const good = readFileSync(models.attention);
  const flipped = Uint8Array.from(good);
  flipped[100] ^= 0xff;
  for (const bytes of [
    new Uint8Array(0),
    new Uint8Array([1, 2, 3]),
    good.subarray(0, 500),
    flipped,
    Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7919) & 0xff),
  ]) {
    assert.match(explorer.load(bytes), /./, `load of ${bytes.length} bad bytes`);
  }
  for (const notBytes of [
    undefined,
    null,
    42,
    'AEMODEL',
    { length: -1 },
    { length: 1e12 },
    [1, 2, 3],
  ]) {
    assert.match(explorer.load(notBytes), /Uint8Array/, `load(${JSON.stringify(notBytes)})`);
  }
  assert.equal(explorer.loaded(), false);
  assert.equal(explorer.load(good), '');

  const errors = [
    ['   \u200b  ', {}, /^$/],
    ['w3', { beamWidth: 0 }, /beam width/],
    ['w3', { beamWidth: 17 }, /beam width/],
    ['w3', { beamWidth: 1e10 }, /beam width/],
    ['w3', { beamWidth: -1e10 }, /beam width/],
    ['w3', { beamWidth: NaN }, /beam width/],
    ['w3', { beamWidth: Infinity }, /beam width/],
    ['w3', { temperature: 0 }, /temperature/],
    ['w3', { temperature: -1 }, /temperature/],
    ['w3', { temperature: NaN }, /temperature/],
    ['w3', { temperature: Infinity }, /temperature/],
    ['w3', { temperature: 1e39 }, /temperature/], // beyond float: infinite
  ];
  const accepted = [
    { temperature: 1e-45 },
    { maxLength: -5 },
    { maxLength: 1e12 },
    { maxLength: -Infinity },
    { topK: -3 },
    { topK: 1e9 },
    { topK: NaN },
    { beamWidth: '3' },
    null,
    undefined,
    'x',
    5,
    [],
  ];
  const calls = errors.length + accepted.length + 18; // + the single calls below
  const once = () => {
    for (const [text, options, message] of errors) {
      const result = explorer.translate(text, options);
      assert.equal(result.ok, false, `${JSON.stringify(options)} accepted`);
      assert.match(result.error, message, JSON.stringify(options));
    }
    for (const options of accepted)
      assertSafeTrace(explorer.translate('w3 w4', options), String(JSON.stringify(options)));
    assertSafeTrace(explorer.score('w3 w4', '', {}), 'empty reference');
    assert.deepEqual(explorer.score('w3', 'w4 zzz', {}).unknownReferenceWords, ['zzz']);
    assert.throws(() => explorer.translate(42, {}), /non-string/);
    assertSafeTrace(explorer.translate('w3'), 'options left out');
    for (const forcedAttention of [
      5,
      { step: 1 },
      { step: 0, weights: [1] },
      { step: 1, weights: [1, 2] },
      { step: 1, weights: [-1] },
      { step: 1, weights: [NaN] },
      { step: 1, weights: [0] },
      { step: 1, weights: [1n] },
      { step: 1, weights: [Symbol('x')] },
      { step: 1, weights: { length: 1e12 } },
    ]) {
      assert.equal(explorer.translate('w3', { forcedAttention }).ok, false);
    }
    assert.equal(explorer.beam('w3', { forcedAttention: { step: 1, weights: [1] } }).ok, false);
    assert.match(m.softmaxParts([]).error, /at least one/);
    assert.match(m.blend([1], [1, 2], 3).error, /alpha.length \* dim/);
    const parts = m.softmaxParts([1e30, -1e30, 3.4e38, -3.4e38, 0]);
    assert.ok(
      parts.alpha.every(Number.isFinite) &&
        Math.abs(parts.alpha.reduce((a, b) => a + b) - 1) <= 1e-6,
    );
  };
  once(); // warm-up
  const before = footprint();
  for (let i = 0; i < 20; i++) once();
  const afterwards = footprint();
  t.diagnostic(
    `${calls} bad calls, 21 times each; before ${JSON.stringify(before)}, ` +
      `after ${JSON.stringify(afterwards)}`,
  );
  assert.deepEqual(afterwards, before);

  explorer.delete();
  assert.throws(() => explorer.translate('w3', {}), /deleted/);
  assert.throws(() => explorer.delete(), /deleted/);
  assertQuiet('bad input');
});
