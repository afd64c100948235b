// The WebAssembly module through its JS API, in Node: the walkthrough's worked example, parity
// with the native build, ownership (no heap growth over 10,000 translations) and bad input.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModule, loadExplorer, repoRoot } from './load-module.mjs';

const native = (tool, ...args) => execFileSync(join(repoRoot, 'build/native', tool), args, { encoding: 'utf8' });
const dir = mkdtempSync(join(tmpdir(), 'ae-wasm-test-'));
const attentionModel = join(dir, 'attention.aem');
const baselineModel = join(dir, 'baseline.aem');
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
    if (diff > tolerance) assert.fail(`${what}[${i}]: ${actual[i]} vs ${expected[i]} (|diff| ${diff} > ${tolerance})`);
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
    assert.deepEqual(rawExp.map((x) => x.toFixed(3)), ['1.350', '8.166', '1.649']);
    assert.equal((parts.sum * scale).toFixed(3), '11.165');
    assert.deepEqual(Array.from(parts.alpha, (a) => a.toFixed(2)), ['0.12', '0.73', '0.15']);
    // c_2 = 0.12 h_1 + 0.73 h_2 + 0.15 h_3 with h as 2-D arrows.
    const h = new Float32Array([1, 0, 0, 1, -1, 0.5]);
    const c = m.blend(parts.alpha, h, 2);
    assert.ok(Math.abs(c[0] - (0.12 - 0.15)) < 0.01 && Math.abs(c[1] - (0.73 + 0.075)) < 0.01);
    assert.ok(Math.abs(c[0] - (parts.alpha[0] - parts.alpha[2])) < 1e-6);
  });
}

const TRACED = ['tokenProbs', 'encoderStates', 'keys', 'sPrev', 'question', 'preTanh', 'bent', 'scores',
  'expShifted', 'scoreMax', 'expSum', 'alpha', 'context', 's', 'topkProbs'];
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
      const actual = c.reference ? explorer.score(c.text, c.reference, c.options ?? {}) : explorer.translate(c.text, c.options ?? {});
      explorer.delete();
      assert.ok(actual.ok, actual.error);
      assert.deepEqual(Array.from(actual.outIds), expected.outIds, `${c.text}: output words`);
      assert.equal(actual.translation, expected.translation);
      for (const key of TRACED) assertClose(actual[key], expected[key], 1e-5, `${c.text} ${key}`);
    }
  });
}

test('10,000 translations leave the WebAssembly heap where it started', () => {
  const m = modules.simd;
  const explorer = loadExplorer(m, attentionModel);
  const sentences = ['w3 w4 w5', 'w10 w11 w12 w13 w14 w15 w16 w17', 'w5', 'w9 w8 w7 w6 w5 w4 w3 w2'];
  const run = (n) => {
    for (let i = 0; i < n; i++) {
      const trace = explorer.translate(sentences[i % sentences.length], { beamWidth: 1 + (i % 3) });
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
  const long = explorer.translate(Array.from({ length: 500 }, (_, i) => `w${3 + (i % 30)}`).join(' '), {});
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
