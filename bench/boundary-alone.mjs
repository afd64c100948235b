// The JS boundary as a page meets it: the JS API and the same decode loop inside WebAssembly,
// greedy, in a fresh Node process that holds nothing else (bench/run.mjs's part 3 runs in a
// process that also holds onnxruntime-web, the plain-JS model and four other modules, where the
// fresh buffers of every result also pay for that process's garbage collections).
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

const explorer = loadExplorer(await loadModule('simd'), modelPath);
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

console.log('| sentence | output steps | JS API | loop inside WASM | JS API ÷ loop |');
console.log('|---|---|---|---|---|');
for (const [i, text] of makeSentences(explorer).entries()) {
  const options = { maxLength: SENTENCE_LENGTHS[i] + 2 };
  const api = new Timer(() => explorer.translate(text, options), { minSampleMs: 25 });
  await api.warmup(3);
  const loop = [];
  for (let round = 0; round < rounds; round++) {
    await api.sample(3);
    loop.push(...loopSamples(text, options.maxLength));
  }
  const a = summarize(api.ms).median;
  const l = summarize(loop).median;
  const steps = explorer.translate(text, options).steps;
  const us = (ms) => `${(ms * 1000).toFixed(0)} µs`;
  console.log(
    `| ${SENTENCE_LENGTHS[i]} words | ${steps} | ${us(a)} | ${us(l)} | ${(a / l).toFixed(2)}× |`,
  );
}
