// `npm run bench` (via bench/run.sh): every benchmark in one invocation, then the Markdown tables
// that docs/benchmarks.md keeps (written between its GENERATED markers, and printed).
//
//   node bench/run.mjs --model MODEL.aem [--quick] [--only kernels,decode,page] [--rounds N]
//                      [--clock wall|cpu|auto] [--no-write: neither docs/benchmarks.md nor
//                      build/bench-results.json]
//   node bench/run.mjs --from-json build/bench-results.json   (re-renders an earlier run's tables)
//
// Method (docs/benchmarks.md says it for readers):
// - Everything that is compared runs in this process (the page's WASM modules, our benchmark
//   module's in-WASM loops, onnxruntime-web, the plain-JS model) or back to back from it (the two
//   native builds, as child processes), in interleaved rounds, so that a change in the machine's
//   load hits every contestant alike.
// - Every timed item is warmed up first (WebAssembly and JS start in baseline tiers and are
//   recompiled by the optimizing tiers while they run; those first runs are discarded).
// - Before anything is timed, the compared variants' outputs are checked against each other;
//   an item whose outputs disagree is reported as such and not timed.
// - Results are medians over all samples, with half the interquartile range as the spread.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

import { translateJs } from './js-decode.mjs';
import { readModelFile } from './model-file.mjs';
import { SENTENCE_LENGTHS, makeSentences } from './sentences.mjs';
import { createOrtModel } from './onnx-export.mjs';
import { PlainJsModel } from './plain-js-model.mjs';
import { Timer, summarize } from './timing.mjs';
import { TRACE_FLOAT_ARRAYS } from '../wasm/trace-fields.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------
// Options.
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
const modelPath = option('model', `${root}web/models/fr-en-attention.aem`);
const quick = flag('quick');
const only = new Set(option('only', 'kernels,decode,page').split(','));
let rounds = Number(option('rounds', quick ? 1 : 5));
const write = !flag('no-write');
let settings = quick
  ? {
      kernelSamples: 2,
      kernelWarmup: 1,
      kernelMinMs: 2,
      decodeSamples: 1,
      decodeWarmup: 1,
      decodeMinMs: 5,
    }
  : {
      kernelSamples: 3,
      kernelWarmup: 5,
      kernelMinMs: 5,
      decodeSamples: 3,
      decodeWarmup: 3,
      decodeMinMs: 25,
    };
// The clock: wall time, or the process's CPU time, which leaves out what other processes of a
// shared machine take from us (and adds what Node's helper threads, e.g. the garbage collector,
// spend for us). "auto": CPU time when the machine is busy when the run starts.
const loadAtStart = os.loadavg()[0];
const clockOption = option('clock', 'auto');
const clock =
  clockOption === 'auto' ? (loadAtStart > os.cpus().length * 0.5 ? 'cpu' : 'wall') : clockOption;
if (!['wall', 'cpu'].includes(clock)) throw new Error(`--clock must be wall, cpu or auto`);
const BEAMS = [1, 4];
const TOLERANCE = 1e-4; // |a − b| <= 1e-4 · max(1, |a|)

const log = (...args) => console.error('[bench]', ...args);

// A full garbage collection before each block of samples, so that every contestant starts from a
// clean heap and pays for its own garbage, not for what the previous one left behind.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');

// ---------------------------------------------------------------------------------------------
// The contestants' modules.
async function loadPageModule(flavour) {
  const dir = `${root}web/wasm/${flavour}`;
  globalThis.__dirname ??= dir; // Emscripten 3.1.6's ES-module glue still uses these in Node
  globalThis.require ??= require;
  const { default: create } = await import(`${dir}/attention.js`);
  return create({ wasmBinary: readFileSync(`${dir}/attention.wasm`) });
}

async function loadBenchModule(flavour, modelBytes) {
  const path = `${root}build/bench-wasm-${flavour}/ae_bench.cjs`;
  let lines = [];
  const module = await require(path)({
    print: (text) => lines.push(text),
    printErr: (text) => process.stderr.write(`${text}\n`),
  });
  module.FS.writeFile('/model.aem', modelBytes);
  return {
    name: `wasm-${flavour}`,
    run(args) {
      lines = [];
      module.callMain(args.map(String));
      return parseLines(lines, `ae_bench (wasm-${flavour})`);
    },
  };
}

function nativeBench(dir, name) {
  const binary = `${root}build/${dir}/ae_bench`;
  return {
    name,
    run(args) {
      const out = spawnSync(binary, args.map(String), { encoding: 'utf8', maxBuffer: 1 << 28 });
      if (out.status !== 0)
        throw new Error(`${binary} failed (${out.error ?? out.status}): ${out.stderr}`);
      return parseLines(out.stdout.trim().split('\n'), binary);
    },
  };
}

function parseLines(lines, who) {
  const objects = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  const error = objects.find((o) => o.kind === 'error');
  if (error) throw new Error(`${who}: ${error.error}`);
  return objects;
}

// ---------------------------------------------------------------------------------------------
// Agreement checks.
function worstDifference(a, b) {
  if (a.length !== b.length) return Infinity;
  let worst = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]) / Math.max(1, Math.abs(a[i]));
    if (!(d <= worst)) worst = Number.isNaN(d) ? Infinity : d;
  }
  return worst;
}

// Compares a trace with the reference: same output words, every traced array within tolerance,
// same top-k words (up to the order of candidates whose probabilities tie within tolerance).
function compareTraces(ref, trace, fields = TRACE_FLOAT_ARRAYS) {
  if (String(ref.outIds) !== String(trace.outIds))
    return { ok: false, why: `output words differ (${ref.outIds} vs ${trace.outIds})` };
  let worst = 0;
  let worstField = '';
  for (const field of fields) {
    const d = worstDifference(ref[field], trace[field]);
    if (d > worst) [worst, worstField] = [d, field];
  }
  if (worst > TOLERANCE)
    return { ok: false, why: `${worstField} differs by ${worst.toExponential(2)}` };
  if (ref.topkIds && trace.topkIds) {
    for (let i = 0; i < ref.topkIds.length; i++) {
      if (ref.topkIds[i] === trace.topkIds[i]) continue;
      const j = Array.prototype.indexOf.call(trace.topkIds, ref.topkIds[i]);
      if (j < 0 || Math.abs(ref.topkProbs[i] - trace.topkProbs[i]) > TOLERANCE)
        return { ok: false, why: `top-k words differ at ${i}` };
    }
  }
  return { ok: true, worst };
}

// ---------------------------------------------------------------------------------------------
// Formatting.
function fmtTime(ms) {
  if (!Number.isFinite(ms)) return '—';
  if (ms < 1e-3) return `${(ms * 1e6).toPrecision(3)} ns`;
  if (ms < 1) return `${(ms * 1e3).toPrecision(3)} µs`;
  if (ms < 1000) return `${ms.toPrecision(3)} ms`;
  return `${(ms / 1000).toPrecision(3)} s`;
}
const fmtSummary = (s) => (s ? `${fmtTime(s.median)} ±${Math.round(s.spread * 100)}%` : '—');
const fmtRatio = (x) => (Number.isFinite(x) ? `${x >= 10 ? x.toFixed(0) : x.toFixed(2)}×` : '—');
const withSamples = (values) => ({ ...summarize(values), samples: values });
const geomean = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
const table = (header, rows) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

function shellLine(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .split('\n')[0]
      .trim();
  } catch {
    return 'not found';
  }
}

function machineInfo() {
  const cpus = os.cpus();
  let cpuModel = cpus[0]?.model ?? 'unknown';
  try {
    const flags = readFileSync('/proc/cpuinfo', 'utf8').match(/^flags\s*:(.*)$/m)?.[1] ?? '';
    const simd = ['sse4_2', 'avx2', 'fma', 'avx512f'].filter((f) => flags.split(' ').includes(f));
    cpuModel += ` (${simd.join(', ')})`;
  } catch {}
  return {
    cpu: cpuModel,
    cores: cpus.length,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    v8: process.versions.v8,
    gxx: shellLine('g++', ['--version']),
    emcc: `emcc ${shellLine('emcc', ['--version']).match(/\d+\.\d+\.\d+/)?.[0] ?? 'not found'}`,
    chromium: shellLine('/usr/bin/chromium', ['--version']),
    commit: shellLine('git', ['-C', root, 'rev-parse', '--short', 'HEAD']),
    dirty: shellLine('git', ['-C', root, 'status', '--porcelain']) !== '',
  };
}

// ---------------------------------------------------------------------------------------------
// 1. Kernels.
const KERNEL_BUILDS = [
  { key: 'wasm-simd128/simd', title: 'WASM SIMD128' },
  { key: 'wasm-scalar/scalar', title: 'WASM scalar' },
  { key: 'native-sse2/simd', title: 'native -O3 (SSE2)' },
  { key: 'native-march-native/simd', title: 'native -O3 -march=native' },
];

function kernelsBench(benches, hyper) {
  const shapeArgs = [
    '--embed',
    hyper.embed,
    '--enc-hidden',
    hyper.enc_hidden,
    '--dec-hidden',
    hyper.dec_hidden,
    '--attn-dim',
    hyper.attn_dim,
    '--out-hidden',
    hyper.out_hidden,
    '--tgt-vocab',
    hyper.tgt_vocab,
    '--src-len',
    20,
  ];
  // Outputs first: every variant of every build against the scalar reference of the WASM
  // scalar build.
  const outputs = new Map();
  for (const bench of benches)
    for (const line of bench.run(['kernels', ...shapeArgs, '--samples', 0]))
      outputs.set(`${line.build}/${line.variant}/${line.label}`, line);
  const disagree = new Map();
  for (const [key, line] of outputs) {
    const ref = outputs.get(`wasm-scalar/scalar/${line.label}`);
    const d = worstDifference(ref.output, line.output);
    if (d > TOLERANCE)
      disagree.set(key, `differs from the scalar reference by ${d.toExponential(2)}`);
  }
  log(`kernels: outputs checked, ${disagree.size} disagreement(s)`);
  // Timed rounds, interleaved finely: kernel by kernel, every build in turn.
  const samples = new Map();
  const caseCount = new Set([...outputs.values()].map((l) => l.case)).size;
  for (let round = 0; round < rounds; round++) {
    log(`kernels: round ${round + 1}/${rounds}`);
    for (let index = 0; index < caseCount; index++) {
      for (const bench of benches) {
        const lines = bench.run([
          'kernels',
          ...shapeArgs,
          '--clock',
          clock,
          '--case',
          index,
          '--samples',
          settings.kernelSamples,
          '--warmup',
          round === 0 ? settings.kernelWarmup : 1,
          '--min-sample-ms',
          settings.kernelMinMs,
        ]);
        for (const line of lines) {
          const key = `${line.build}/${line.variant}/${line.label}`;
          if (!samples.has(key)) samples.set(key, { line, ns: [] });
          samples.get(key).ns.push(...line.ns);
        }
      }
    }
  }
  const labels = [...new Set([...outputs.values()].map((l) => l.label))];
  const rows = labels.map((label) => {
    const first = [...outputs.values()].find((l) => l.label === label);
    const cell = {};
    for (const b of KERNEL_BUILDS) {
      const key = `${b.key}/${label}`;
      cell[b.key] = disagree.has(key)
        ? { error: disagree.get(key) }
        : samples.has(key)
          ? withSamples(samples.get(key).ns)
          : null;
    }
    // Also the scalar reference inside the native builds, for the record.
    for (const build of ['native-sse2', 'native-march-native', 'wasm-simd128']) {
      const key = `${build}/scalar/${label}`;
      if (samples.has(key)) cell[key] = withSamples(samples.get(key).ns);
    }
    return { label, kernel: first.kernel, rows: first.rows, cols: first.cols, cell };
  });
  return { rows, disagree: [...disagree.entries()] };
}

function kernelsMarkdown(result) {
  const ns = (s) => (s && s.median ? s.median : NaN);
  const cellText = (s) =>
    s?.error
      ? `outputs differ: ${s.error}`
      : s
        ? fmtSummary({ ...s, median: s.median / 1e6 })
        : '—';
  const header = [
    'Kernel (where the model uses it)',
    'shape',
    ...KERNEL_BUILDS.map((b) => b.title),
    'WASM SIMD speed-up over WASM scalar',
    'WASM SIMD speed ÷ native SSE2 speed',
  ];
  const rows = result.rows.map((r) => {
    const simd = r.cell['wasm-simd128/simd'];
    const scalar = r.cell['wasm-scalar/scalar'];
    const sse = r.cell['native-sse2/simd'];
    return [
      `${r.kernel}: ${r.label}`,
      r.rows > 1 ? `${r.rows}×${r.cols}` : `${r.cols}`,
      ...KERNEL_BUILDS.map((b) => cellText(r.cell[b.key])),
      fmtRatio(ns(scalar) / ns(simd)),
      fmtRatio(ns(sse) / ns(simd)),
    ];
  });
  return table(header, rows);
}

// ---------------------------------------------------------------------------------------------
// 2 and 3. End-to-end decoding, and the JS boundary.

async function decodeBench({ modelBytes, file, pageModules, benches }) {
  const explorers = {};
  for (const [flavour, module] of Object.entries(pageModules)) {
    explorers[flavour] = new module.Explorer();
    const error = explorers[flavour].load(modelBytes);
    if (error) throw new Error(`cannot load the model: ${error}`);
  }
  const sentences = makeSentences(explorers.simd);
  const cases = [];
  for (const [i, text] of sentences.entries())
    for (const beam of BEAMS) {
      const words = SENTENCE_LENGTHS[i];
      cases.push({ words, beam, text, options: { beamWidth: beam, maxLength: words + 2 } });
    }

  const ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  const ortModel = await createOrtModel(ort, file);
  const plainModel = new PlainJsModel(file);

  const contestants = [
    {
      key: 'api-simd',
      title: 'WASM SIMD (JS API)',
      async: false,
      make: (c) => () => explorers.simd.translate(c.text, c.options),
    },
    {
      key: 'api-scalar',
      title: 'WASM scalar (JS API)',
      async: false,
      make: (c) => () => explorers.scalar.translate(c.text, c.options),
    },
    {
      key: 'ort',
      title: 'onnxruntime-web (WASM, 1 thread)',
      async: true,
      make: (c) => () => translateJs(ortModel, c.ids, c.options),
    },
    {
      key: 'plain-js',
      title: 'plain JS',
      async: true,
      make: (c) => () => translateJs(plainModel, c.ids, c.options),
    },
  ];
  const loops = [
    {
      key: 'loop-wasm-simd128',
      title: 'WASM SIMD (loop inside WASM)',
      bench: benches.wasmSimd,
      model: '/model.aem',
    },
    {
      key: 'loop-wasm-scalar',
      title: 'WASM scalar (loop inside WASM)',
      bench: benches.wasmScalar,
      model: '/model.aem',
    },
    {
      key: 'loop-native-sse2',
      title: 'native -O3 (SSE2)',
      bench: benches.nativeSse,
      model: modelPath,
      native: true,
    },
    {
      key: 'loop-native-march-native',
      title: 'native -O3 -march=native',
      bench: benches.nativeMarch,
      model: modelPath,
      native: true,
    },
  ];
  const caseArg = (c) => `${c.beam}:${c.options.maxLength}:${c.text}`;

  // Outputs first. The reference is the page's module (WASM SIMD through the JS API).
  for (const c of cases) {
    c.ref = explorers.simd.translate(c.text, c.options);
    if (!c.ref.ok) throw new Error(`cannot translate "${c.text}": ${c.ref.error}`);
    c.ids = Array.from(c.ref.ids);
    c.steps = c.ref.steps;
    c.check = {};
    c.check['api-simd'] = { ok: true, worst: 0 };
    c.check['api-scalar'] = compareTraces(c.ref, explorers.scalar.translate(c.text, c.options));
    c.check.ort = compareTraces(c.ref, await translateJs(ortModel, c.ids, c.options));
    c.check['plain-js'] = compareTraces(c.ref, await translateJs(plainModel, c.ids, c.options));
  }
  for (const loop of loops) {
    const lines = loop.bench.run(['decode', loop.model, '--samples', 0, ...cases.map(caseArg)]);
    lines.forEach((line, i) => {
      cases[i].check[loop.key] = compareTraces(cases[i].ref, line, ['tokenProbs', 'alpha']);
    });
  }
  const failed = cases.flatMap((c) =>
    Object.entries(c.check)
      .filter(([, v]) => !v.ok)
      .map(([k, v]) => `${c.words} words beam ${c.beam}, ${k}: ${v.why}`),
  );
  log(`decode: outputs checked, ${failed.length} disagreement(s)`);
  for (const f of failed) log(`  ${f}`);

  // Timers (JS side), warmed up once; then interleaved rounds with the C++/WASM loops.
  for (const c of cases) {
    c.timers = {};
    for (const k of contestants)
      if (c.check[k.key].ok)
        c.timers[k.key] = new Timer(k.make(c), {
          async: k.async,
          minSampleMs: settings.decodeMinMs,
          clock,
        });
  }
  log('decode: warming up');
  for (const c of cases)
    for (const t of Object.values(c.timers)) await t.warmup(settings.decodeWarmup);
  const loopSamples = new Map();
  const sampleLoop = (loop, c, i, round) => {
    if (!c.check[loop.key].ok) return;
    collectGarbage();
    const [line] = loop.bench.run([
      'decode',
      loop.model,
      '--clock',
      clock,
      '--samples',
      settings.decodeSamples,
      '--warmup',
      round === 0 ? settings.decodeWarmup : 1,
      '--min-sample-ms',
      settings.decodeMinMs,
      caseArg(c),
    ]);
    const key = `${loop.key}/${i}`;
    if (!loopSamples.has(key)) loopSamples.set(key, []);
    loopSamples.get(key).push(...line.ns.map((ns) => ns / 1e6));
  };
  // First the rounds of everything that runs in this process, then the rounds of the native
  // builds' processes: a JS block timed right after a native process had run for a second or
  // more came out up to 1.5x slower for the rest of the block on this machine (the WASM loops
  // were not hit, the JS API was), which would have charged the JS contestants for the order.
  const inProcess = loops.filter((loop) => !loop.native);
  const native = loops.filter((loop) => loop.native);
  for (let round = 0; round < rounds; round++) {
    for (const [i, c] of cases.entries()) {
      log(`decode: round ${round + 1}/${rounds}, ${c.words} words, beam ${c.beam}`);
      // Each block starts with a discarded sample, as the loops' blocks do (--warmup 1 below).
      for (const t of Object.values(c.timers)) {
        collectGarbage();
        await t.sample(settings.decodeSamples, 1);
      }
      for (const loop of inProcess) sampleLoop(loop, c, i, round);
    }
  }
  for (let round = 0; round < rounds; round++)
    for (const [i, c] of cases.entries()) {
      log(`decode: native round ${round + 1}/${rounds}, ${c.words} words, beam ${c.beam}`);
      for (const loop of native) sampleLoop(loop, c, i, round);
    }
  const results = cases.map((c, i) => {
    const times = {};
    for (const [key, t] of Object.entries(c.timers)) times[key] = withSamples(t.ms);
    for (const loop of loops)
      if (loopSamples.has(`${loop.key}/${i}`))
        times[loop.key] = withSamples(loopSamples.get(`${loop.key}/${i}`));
    const check = Object.fromEntries(
      Object.entries(c.check).map(([k, v]) => [k, v.ok ? 'ok' : v.why]),
    );
    return {
      words: c.words,
      beam: c.beam,
      maxLength: c.options.maxLength,
      steps: c.steps,
      text: c.text,
      translation: c.ref.translation,
      times,
      check,
    };
  });
  return {
    contestants: [...contestants, ...loops].map(({ key, title }) => ({ key, title })),
    cases: results,
  };
}

function decodeMarkdown(result) {
  const cell = (c, key) =>
    c.check[key] !== 'ok' ? `not timed: ${c.check[key]}` : fmtSummary(c.times[key]);
  const r = (c, a, b) => c.times[a]?.median / c.times[b]?.median;
  const both = (c, other, otherLoop) =>
    `${fmtRatio(r(c, other, 'api-simd'))} / ${fmtRatio(r(c, otherLoop ?? other, 'loop-wasm-simd128'))}`;
  const order = [
    'api-simd',
    'loop-wasm-simd128',
    'api-scalar',
    'loop-native-sse2',
    'loop-native-march-native',
    'ort',
    'plain-js',
  ];
  const titles = Object.fromEntries(result.contestants.map((c) => [c.key, c.title]));
  const header = [
    'Sentence',
    'output steps',
    ...order.map((k) => titles[k]),
    'SIMD speed-up over scalar (API / loop)',
    'ORT time ÷ ours (API / loop)',
    'plain-JS time ÷ ours (API / loop)',
    'our speed ÷ native SSE2 (loops)',
  ];
  const rows = result.cases.map((c) => [
    `${c.words} words, ${c.beam === 1 ? 'greedy' : `beam ${c.beam}`}`,
    String(c.steps),
    ...order.map((k) => cell(c, k)),
    both(c, 'api-scalar', 'loop-wasm-scalar'),
    both(c, 'ort'),
    both(c, 'plain-js'),
    fmtRatio(r(c, 'loop-native-sse2', 'loop-wasm-simd128')),
  ]);
  return table(header, rows);
}

function boundaryMarkdown(result) {
  const header = [
    'Sentence',
    'output steps',
    'JS API, per token',
    'loop inside WASM, per token',
    'JS API ÷ in-WASM',
    'same for the scalar build',
  ];
  const rows = result.cases.map((c) => {
    const per = (key) => (c.times[key] ? c.times[key].median / c.steps : NaN);
    return [
      `${c.words} words, ${c.beam === 1 ? 'greedy' : `beam ${c.beam}`}`,
      String(c.steps),
      fmtTime(per('api-simd')),
      fmtTime(per('loop-wasm-simd128')),
      fmtRatio(per('api-simd') / per('loop-wasm-simd128')),
      fmtRatio(per('api-scalar') / per('loop-wasm-scalar')),
    ];
  });
  return table(header, rows);
}

// The same boundary in the browser (measured by part 4, bench/page.mjs), where a result's fresh
// buffer costs far more than in Node on this machine.
function chromiumBoundaryMarkdown(page) {
  const b = page && !page.skipped ? page.boundary : null;
  if (!b) return [];
  const kib = (b.arenaBytes / 1024).toFixed(1);
  return [
    `In headless Chromium (part 4's page, its ${page.keystrokeWords}-word sentence, greedy, on a module of its own), \`translate()\` takes ${fmtSummary(b.api)} per call and its C++ half alone (\`_translate\`: the decode and the reply, left in WASM memory) ${fmtSummary(b.half)}, so the JavaScript side costs ${fmtTime(b.api.median - b.half.median)} there. Most of it is the one copy of the trace's ${kib} KiB into a fresh buffer (\`HEAPU8.slice\`, timed alone: ${fmtSummary(b.copy)}; the same bytes copied within WASM memory: ${fmtSummary(b.copyWithin)}): writing into newly allocated memory is slow on this virtual machine. \`node bench/boundary-alone.mjs\` splits the same way in Node.`,
    '',
  ];
}

// A sentence on where a keystroke's main-thread time goes (bench/page.mjs's detailed trace).
function phaseShares(phases) {
  if (!phases) return '';
  const ms = (phase) => `${phases[phase].median.toFixed(1)} ms`;
  const { total, input, render, lifecycle } = phases;
  const rest = total.median - input.median - render.median - lifecycle.median;
  return `In a detailed trace of further keystrokes (which tracing slows to ${ms('total')} each), the key events take ${ms('input')} (the browser's text editing and the page's input handler), the render ${ms('render')}, style, layout and paint ${ms('lifecycle')}, and the commit of the frame and the tasks' overhead the remaining ${rest.toFixed(1)} ms.`;
}

// ---------------------------------------------------------------------------------------------
// Targets.
function targets(results) {
  const out = [];
  // The 10-word sentence, greedy: the page's keystroke case, quoted in the explanations.
  const tenGreedy = results.decode?.cases.find((c) => c.words === 10 && c.beam === 1);
  const add = (target, values, threshold, higherIsBetter, how, why) => {
    const finite = values.filter((v) => Number.isFinite(v.value));
    if (finite.length === 0) {
      out.push([target, 'not measured', '—', why.missing ?? '']);
      return;
    }
    const worst = finite.reduce((a, b) =>
      (higherIsBetter ? b.value < a.value : b.value > a.value) ? b : a,
    );
    const holds = finite.every((v) =>
      higherIsBetter ? v.value >= threshold : v.value <= threshold,
    );
    const measured =
      `${how(worst.value)} worst (${worst.name})` +
      (finite.length > 1 ? `; geometric mean ${how(geomean(finite.map((v) => v.value)))}` : '');
    out.push([target, measured, holds ? 'holds' : '**missed**', holds ? '' : (why.missed ?? '')]);
  };
  const k = results.kernels;
  if (k) {
    const gemv = k.rows.filter((r) => r.kernel === 'gemv');
    const m = (r, key) => r.cell[key]?.median;
    add(
      'WASM SIMD ≥ 3× WASM scalar on the GEMV kernels at model shapes',
      gemv.map((r) => ({
        name: r.label,
        value: m(r, 'wasm-scalar/scalar') / m(r, 'wasm-simd128/simd'),
      })),
      3,
      true,
      fmtRatio,
      {
        missed:
          'see the kernel table: the smallest GEMVs are dominated by per-call and per-row overhead (loop set-up, horizontal sums), which SIMD does not shrink.',
      },
    );
    add(
      'WASM SIMD ≥ 0.7× native 128-bit (SSE2 -O3) on the same kernels',
      gemv.map((r) => ({
        name: r.label,
        value: m(r, 'native-sse2/simd') / m(r, 'wasm-simd128/simd'),
      })),
      0.7,
      true,
      fmtRatio,
      {
        missed: `this is the same 128-bit source (core/simd128.h), so the gap is the WebAssembly engine's code generation against GCC -O3. V8 (${results.machine.v8}) hoists all loads of a loop body ahead of the arithmetic and has 15 vector registers, so a GEMV block that keeps more than about 14 vectors live spills accumulators to the stack; core/kernels_simd.cpp's gemv keeps 4 row accumulators and 10 loads per 8 columns, which fits (checked with node --print-wasm-code). The other kernels (dot, axpy, tanh, sigmoid, softmax) reach ${fmtRatio(Math.min(...k.rows.filter((r) => r.kernel !== 'gemv').map((r) => m(r, 'native-sse2/simd') / m(r, 'wasm-simd128/simd'))))} or better.`,
      },
    );
  }
  const d = results.decode;
  if (d) {
    const ratio = (a, b) =>
      d.cases.map((c) => ({
        name: `${c.words} words ${c.beam === 1 ? 'greedy' : `beam ${c.beam}`}`,
        value: c.times[a]?.median / c.times[b]?.median,
      }));
    const range = (a, b) => {
      const v = ratio(a, b)
        .map((x) => x.value)
        .filter(Number.isFinite);
      return v.length ? `${fmtRatio(Math.min(...v))}–${fmtRatio(Math.max(...v))}` : '—';
    };
    const boundary = range('api-simd', 'loop-wasm-simd128');
    // The kernel table's GEMVs that run once per decoder step (its question W_a s, its GRU, its
    // output layer), summed: the arithmetic floor of one output word.
    const stepGemvs = (k?.rows ?? []).filter(
      (r) =>
        r.kernel === 'gemv' &&
        /^(attention question|decoder GRU|output maxout|logits)/.test(r.label),
    );
    const simdMs = (r) => r.cell['wasm-simd128/simd']?.median / 1e6; // the kernel table is in ns
    const stepGemvMs = stepGemvs.reduce((sum, r) => sum + simdMs(r), 0) || NaN;
    const stepGemvSpeed = fmtRatio(
      stepGemvs.reduce((sum, r) => sum + r.cell['native-sse2/simd']?.median / 1e6, 0) / stepGemvMs,
    );
    const perToken = (key) =>
      `${(((tenGreedy?.times[key]?.median ?? NaN) / (tenGreedy?.steps ?? NaN)) * 1000).toFixed(0)} µs`;
    add(
      'WASM SIMD ≥ 2× WASM scalar end to end (JS API, full trace)',
      ratio('api-scalar', 'api-simd'),
      2,
      true,
      fmtRatio,
      {
        missed: `the JS API's conversion of the trace to JS objects costs the same in both builds and dilutes the ratio (the loops inside WASM alone: ${range('loop-wasm-scalar', 'loop-wasm-simd128')}); the rest of the decode also does work SIMD does not touch (copying every step's trace, the top-k scan over the vocabulary, beam bookkeeping).`,
      },
    );
    add(
      'Our WASM core ≥ 5× faster than onnxruntime-web per translated sentence',
      ratio('ort', 'api-simd'),
      5,
      true,
      fmtRatio,
      {
        missed: `onnxruntime-web runs the same matrix–vector products with good WASM SIMD kernels of its own (MLAS); what it adds is a fixed cost per session.run() (tensors in, 11 outputs out, graph execution), once per step and hypothesis: for the 10-word sentence, greedy, it takes ${perToken('ort')} per output word where our loop inside WASM takes ${perToken('loop-wasm-simd128')}, most of which is the arithmetic itself (the kernel table's matrix–vector products of a decoder step alone add up to ${fmtTime(stepGemvMs)}, at ${stepGemvSpeed} the speed of native SSE2). Against the loop the ratio is ${range('ort', 'loop-wasm-simd128')}. 5× would need our whole step at about a fifth of onnxruntime-web's, below what its arithmetic costs at our kernels' speed; what could still close it: batching the beam's hypotheses into matrix–matrix products (beam search only), fused multiply-add (relaxed SIMD, not in Emscripten 3.1.6).`,
        missing: 'onnxruntime-web did not run',
      },
    );
    add(
      'Our WASM core ≥ 10× faster than plain JavaScript',
      ratio('plain-js', 'api-simd'),
      10,
      true,
      fmtRatio,
      {
        missed: `V8's optimizing compiler runs the plain-JS loops well; against the decode loop inside WASM the ratio is ${range('plain-js', 'loop-wasm-simd128')}, so what our JS API adds to the loop (it takes ${boundary} the loop's time) is what pulls it under 10×.`,
      },
    );
    const ten = d.cases.filter((c) => c.beam === 1);
    add(
      'JS-API per-token cost ≤ 1.10× the in-WASM loop',
      ten.map((c) => ({
        name: `${c.words} words greedy`,
        value: c.times['api-simd']?.median / c.times['loop-wasm-simd128']?.median,
      })),
      1.1,
      false,
      fmtRatio,
      {
        missed:
          "translate() crosses into WebAssembly once and reads the trace through one copy: the C++ half copies the trace's arrays into one arena and writes a JSON text under a kilobyte (the strings and where each array lies), and wasm/explorer.js parses it, slices the arena out of WASM memory once and makes each array a view of that copy. What remains is a fixed cost per call, 5–10 µs in C++ (writing the reply) and 10–15 µs in JavaScript (the parse, the fresh buffer, some twenty views) in Node on this machine (`node bench/boundary-alone.mjs` splits it), so it weighs only where few output words share it: 3 for the 5-word sentence, where a call's whole budget at 1.10× is about 10 µs. In Chromium the fresh buffer costs more (the note under the table). Returning views of WASM memory instead of a copy would save the buffer, at the price of results that the next call overwrites or that the memory's growth detaches (the page keeps several traces at once).",
      },
    );
  }
  const p = results.page;
  if (p && !p.skipped) {
    if (p.weight.representative)
      add(
        'Default page weight ≤ 1 MB compressed (gzip -9)',
        [{ name: 'default view', value: p.weight.gzip / 1e6 }],
        1,
        false,
        (v) => `${v.toFixed(3)} MB`,
        {
          missed: `the attention model's int8 weights barely compress; what the first heatmap needs is ${(p.weight.critical.gzip / 1e6).toFixed(3)} MB (the baseline and toy models already load only when their sections come near the window).`,
        },
      );
    else
      out.push([
        'Default page weight ≤ 1 MB compressed',
        'not measured',
        '—',
        'the trained model was missing (see the page section)',
      ]);
    add(
      'Keystroke-to-redraw median < ½ frame (8.3 ms), 10-word sentence, headless Chromium: the decode + draw of the page (its animation-frame render)',
      [{ name: 'median', value: p.keystrokeRender.median }],
      16.7 / 2,
      false,
      (v) => `${v.toFixed(2)} ms`,
      { missed: 'the decode and the views on screen take longer than half a frame.' },
    );
    add(
      "The same, counting all the main thread does for the keystroke (the input handler, the render, and the browser's text editing, style, layout, paint and commit)",
      [{ name: 'median', value: p.keystroke.median }],
      16.7 / 2,
      false,
      (v) => `${v.toFixed(2)} ms`,
      {
        missed: `only the views near the window are drawn on a keystroke, and they write to the DOM only what changed; the page's animation-frame render (the decode, ~${(tenGreedy?.times['api-simd']?.median ?? NaN).toFixed(1)} ms per the decoding table, plus the heatmap, the sentence chips and the summary) takes ${p.keystrokeRender.median.toFixed(1)} ms of it. The rest is Chromium's work for the keystroke. ${phaseShares(p.keystrokePhases)} The headless browser has no GPU, so it also rasterises the redrawn canvases in software. Drawing the heatmap and summary canvases on an OffscreenCanvas in a worker would take their drawing and rasterising off the main thread.${results.clock === 'cpu' ? ' (These page timings are wall time on a busy machine.)' : ''}`,
      },
    );
  } else {
    out.push([
      'Page: weight ≤ 1 MB, keystroke-to-redraw < ½ frame',
      'not measured',
      '—',
      p?.skipped ?? 'not run',
    ]);
  }
  return table(['Target', 'Measured (this run)', 'Result', 'Why, where missed'], out);
}

// ---------------------------------------------------------------------------------------------
function pageMarkdown(p) {
  if (!p) return '_Not run (`--only` excluded it)._';
  if (p.skipped) return `_Not measured: ${p.skipped}_`;
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const files = [...p.weight.files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => [
      `\`${f.path}\`${f.beforeFirstHeatmap ? '' : ' (after the first heatmap)'}`,
      kb(f.bytes),
      kb(f.gzip),
      kb(f.brotli),
    ]);
  files.push([
    '**needed for the first heatmap**',
    kb(p.weight.critical.bytes),
    kb(p.weight.critical.gzip),
    kb(p.weight.critical.brotli),
  ]);
  files.push([
    '**the whole default view**',
    `**${kb(p.weight.bytes)}**`,
    `**${kb(p.weight.gzip)}**`,
    `**${kb(p.weight.brotli)}**`,
  ]);
  const onDemand = p.weight.onDemand?.files ?? [];
  const later = onDemand.map((f) => [`\`${f.path}\``, kb(f.bytes), kb(f.gzip), kb(f.brotli)]);
  if (onDemand.length)
    later.push([
      '**loaded on demand**',
      kb(p.weight.onDemand.bytes),
      kb(p.weight.onDemand.gzip),
      kb(p.weight.onDemand.brotli),
    ]);
  const frame = 1000 / 60;
  const row = (what, s, share = true) => [
    what,
    `${s.median.toFixed(2)} ms`,
    `±${Math.round(s.spread * 100)}%`,
    String(s.n),
    share ? `${(s.median / frame).toFixed(2)} frame` : '—',
  ];
  return [
    p.notes || '',
    '',
    `Default view: the ${p.weight.files.length} files Chromium fetched for it without scrolling (the page, its scripts, the WASM build, the model and the evaluation data). The test server does not compress; the sizes are those files compressed with gzip -9 and brotli (quality 11), as a static host would serve them.`,
    '',
    table(['File', 'bytes', 'gzip', 'brotli'], files),
    '',
    ...(onDemand.length
      ? [
          'Loaded only when their sections come near the window (Step 0 compares with the model without attention; the gallery runs the toy models):',
          '',
          table(['File', 'bytes', 'gzip', 'brotli'], later),
          '',
        ]
      : []),
    `Timings in headless Chromium (${p.keystrokeWords}-word sentence "${p.sentence}" for the keystrokes; typing "x" at its end and Backspace in turn):`,
    '',
    table(
      ['Headless Chromium', 'median', 'spread', 'samples', 'share of a 16.7 ms frame'],
      [
        row('navigation → first heatmap on screen (cold load)', p.firstHeatmap, false),
        row(
          '**keystroke → redrawn page** (main-thread work: input handler + decode + draw + style/layout/paint)',
          p.keystroke,
        ),
        ...(p.keystrokeCpu
          ? [row('… the same keystrokes as main-thread CPU time (Chromium trace)', p.keystrokeCpu)]
          : []),
        row(
          "… of which the page's animation-frame render (decode + the views near the window)",
          p.keystrokeRender,
        ),
        row('… typing "x" (last word unknown)', p.keystrokeTyped),
        row('… Backspace (every word known)', p.keystrokeErased),
        row('keystroke → redrawn page including the wait for the next frame', p.keystrokeLatency),
      ],
    ),
  ].join('\n');
}

function markdown(results) {
  const m = results.machine;
  const s = results.settings;
  const lines = [
    `Run of ${results.date} at commit \`${m.commit}\`${m.dirty ? ' (with uncommitted changes)' : ''}, ${results.quick ? '**quick mode: few samples, numbers are rough**' : `${rounds} interleaved rounds`}.`,
    '',
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memory}; ${m.os}. Load average ${results.loadBefore.map((x) => x.toFixed(2)).join(' / ')} before the run and ${results.loadAfter.map((x) => x.toFixed(2)).join(' / ')} after (1 / 5 / 15 min)${results.loadBefore[0] > 0.5 ? ': the machine was shared with other work during this run, so absolute times are inflated and spreads wider; ratios come from interleaved samples and are the numbers to read' : ''}.`,
    `- Toolchains: Node ${m.node} (V8 ${m.v8}); ${m.emcc}; ${m.gxx}; ${m.chromium}.`,
    `- Model: \`${results.model.path}\` (${results.model.kind}): embed ${results.model.hyper.embed}, encoder ${results.model.hyper.enc_hidden}×2, decoder ${results.model.hyper.dec_hidden}, attention ${results.model.hyper.attn_dim}, maxout ${results.model.hyper.out_hidden}, vocabularies ${results.model.hyper.src_vocab} / ${results.model.hyper.tgt_vocab}.`,
    `- Clock: ${results.clock === 'cpu' ? "**CPU time of the benchmarking process** (user + system), because the machine was busy when the run started (load average above half the core count): wall time would mostly measure the other work. On an idle machine the two agree for this single-threaded code, except that CPU time also counts what Node's helper threads (garbage collection) spend for the JS contestants" : 'wall time (the machine was quiet when the run started)'}. The page timings (part 4) are wall time in Chromium.`,
    `- Sampling: kernels ${s.kernelSamples} samples per round of ≥ ${s.kernelMinMs} ms after ${s.kernelWarmup} warm-up samples; decoding ${s.decodeSamples} samples per round of ≥ ${s.decodeMinMs} ms after ${s.decodeWarmup} warm-up samples. Times are medians ± half the interquartile range.`,
    '',
    '### 1. Kernels (time per call)',
    '',
    results.kernels ? kernelsMarkdown(results.kernels) : '_Not run._',
    '',
    '### 2. End-to-end decoding with the full trace (time per sentence)',
    '',
    results.decode
      ? [
          `Sentences are in-vocabulary words of the model (e.g. the 10-word one: "${results.decode.cases.find((c) => c.words === 10)?.text}"), decoded up to their length + 2 output words; "ours" is the WASM SIMD module through its JS API, what the page runs. The native columns and the in-WASM loops time tokenize + \`Decoder::translate\` in C++; the JS API adds the conversion of the trace to JS objects. onnxruntime-web and plain JS get the token ids and return the same trace (every array within ${TOLERANCE} of ours, checked before timing).`,
          '',
          decodeMarkdown(results.decode),
        ].join('\n')
      : '_Not run._',
    '',
    '### 3. The JS boundary (per output token)',
    '',
    results.decode ? boundaryMarkdown(results.decode) : '_Not run._',
    '',
    ...chromiumBoundaryMarkdown(results.page),
    '### 4. The page',
    '',
    pageMarkdown(results.page),
    '',
    '### Targets',
    '',
    targets(results),
  ];
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
async function main() {
  const fromJson = option('from-json', null);
  if (fromJson) {
    // Only re-render the Markdown of an earlier run (e.g. after changing this file's tables).
    const results = JSON.parse(readFileSync(fromJson, 'utf8'));
    settings = results.settings;
    rounds = results.rounds ?? rounds;
    return finish(results);
  }
  if (!existsSync(modelPath)) throw new Error(`no model at ${modelPath} (bench/run.sh makes one)`);
  const modelBytes = readFileSync(modelPath);
  const file = readModelFile(modelBytes);
  const results = {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    quick,
    clock,
    rounds,
    settings,
    machine: machineInfo(),
    loadBefore: os.loadavg(),
    model: {
      path: modelPath.replace(root, ''),
      kind:
        file.metadata.find(([k]) => k === 'name')?.[1] === 'random test model'
          ? "random weights, the shipped model's shapes"
          : (file.metadata.find(([k]) => k === 'name')?.[1] ?? 'model'),
      hyper: file.hyper,
    },
  };
  const benches = {
    wasmSimd: await loadBenchModule('simd', modelBytes),
    wasmScalar: await loadBenchModule('scalar', modelBytes),
    nativeSse: nativeBench('bench-sse', 'native-sse2'),
    nativeMarch: nativeBench('bench-native', 'native-march-native'),
  };
  if (only.has('kernels'))
    results.kernels = kernelsBench(
      [benches.wasmSimd, benches.wasmScalar, benches.nativeSse, benches.nativeMarch],
      file.hyper,
    );
  if (only.has('decode')) {
    const pageModules = {
      simd: await loadPageModule('simd'),
      scalar: await loadPageModule('scalar'),
    };
    results.decode = await decodeBench({ modelBytes, file, pageModules, benches });
  }
  if (only.has('page')) {
    const { benchPage } = await import('./page.mjs');
    try {
      results.page = await benchPage({ root, quick, log, modelPath });
    } catch (error) {
      log(`page: ${error.stack ?? error}`);
      results.page = {
        skipped: `the page benchmark failed: ${String(error.message).split('\n')[0]}`,
      };
    }
  }
  results.loadAfter = os.loadavg();
  if (write) {
    mkdirSync(`${root}build`, { recursive: true });
    writeFileSync(`${root}build/bench-results.json`, JSON.stringify(results, null, 1));
  }
  return finish(results);
}

function finish(results) {
  const md = markdown(results);
  if (write) {
    const docPath = `${root}docs/benchmarks.md`;
    const begin = '<!-- BEGIN GENERATED by bench/run.mjs: do not edit by hand -->';
    const end = '<!-- END GENERATED -->';
    const doc = existsSync(docPath)
      ? readFileSync(docPath, 'utf8')
      : `# Benchmarks\n\n${begin}\n${end}\n`;
    const a = doc.indexOf(begin);
    const b = doc.indexOf(end);
    if (a < 0 || b < a) throw new Error(`${docPath} lacks the GENERATED markers`);
    writeFileSync(docPath, `${doc.slice(0, a + begin.length)}\n${md}\n${doc.slice(b)}`);
    log('wrote docs/benchmarks.md and build/bench-results.json');
  }
  console.log(md);
  process.exit(0); // onnxruntime-web keeps handles open
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
