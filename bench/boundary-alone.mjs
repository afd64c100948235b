// The JS boundary as a page meets it: the JS API and the same decode loop inside WebAssembly,
// greedy, in a fresh Node process that holds nothing else (bench/run.mjs's part 3 runs in a
// process that also holds onnxruntime-web, the plain-JS model and four other modules, where the
// fresh buffers of every result also pay for that process's garbage collections). It also splits
// the JS API's extra cost in two with the C++ half alone (`_translate`, which decodes and writes
// the reply but leaves it in WASM memory): the C++ reply is its time minus the loop's, the JS side
// the API's minus its.
//   node bench/boundary-alone.mjs [rounds]   (after npm run bench built build/bench-wasm-simd)
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadModule, loadExplorer } from '../tests/node/load-module.mjs';
import { SENTENCE_LENGTHS, makeSentences } from './sentences.mjs';
import { Timer, summarize } from './timing.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const modelPath = `${root}web/models/fr-en-attention.aem`;
const rounds = Number(process.argv[2] ?? 5);
const require = createRequire(import.meta.url);

const module = await loadModule('simd');
const explorer = loadExplorer(module, modelPath);
const defaults = module._decodeDefaults();
let printed = [];
const loopModule = await require(`${root}build/bench-wasm-simd/ae_bench.cjs`)({
  print: (text) => printed.push(text),
  printErr: (text) => process.stderr.write(`${text}\n`),
});
loopModule.FS.writeFile('/model.aem', readFileSync(modelPath));
/** ms per sentence of `ae_bench decode` inside WebAssembly, one sample per element. */
function loopSamples(text, maxLength) {
  printed = [];
  loopModule.callMain([
    'decode',
    '/model.aem',
    '--samples',
    '3',
    '--warmup',
    '1',
    '--min-sample-ms',
    '25',
    `1:${maxLength}:${text}`,
  ]);
  const line = printed.map((l) => JSON.parse(l)).find((o) => o.ns);
  return line.ns.map((ns) => ns / 1e6);
}

console.log(
  '| sentence | output steps | JS API | C++ half alone | loop inside WASM | JS API ÷ loop | C++ reply | JS side |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const [i, text] of makeSentences(explorer).entries()) {
  const options = { maxLength: SENTENCE_LENGTHS[i] + 2 };
  const api = new Timer(() => explorer.translate(text, options), { minSampleMs: 25 });
  // The C++ half with the options translate() passes it, its reply left unread.
  const { beamWidth, temperature, topK } = defaults;
  const half = new Timer(
    () => explorer._translate(text, beamWidth, options.maxLength, temperature, topK, undefined),
    { minSampleMs: 25 },
  );
  await api.warmup(3);
  await half.warmup(3);
  const loop = [];
  for (let round = 0; round < rounds; round++) {
    await api.sample(3);
    await half.sample(3);
    loop.push(...loopSamples(text, options.maxLength));
  }
  const a = summarize(api.ms).median;
  const h = summarize(half.ms).median;
  const l = summarize(loop).median;
  const steps = explorer.translate(text, options).steps;
  const us = (ms) => `${(ms * 1000).toFixed(0)} µs`;
  console.log(
    `| ${SENTENCE_LENGTHS[i]} words | ${steps} | ${us(a)} | ${us(h)} | ${us(l)} | ${(a / l).toFixed(2)}× | ${us(h - l)} | ${us(a - h)} |`,
  );
}
