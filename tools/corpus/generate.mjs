#!/usr/bin/env node
// Training-corpus generator: French -> English sentence pairs with gold word alignments, from
// the synchronous grammar in tools/corpus/grammar/. See tools/corpus/README.md.
//
//   node tools/corpus/generate.mjs [--seed 1] [--out data/corpus] [--train 150000]
//                                  [--dev 1000] [--test 2000] [--test-long 500] [--no-selftest]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus, lineOf } from './lib/corpus.mjs';
import { selfTest } from './lib/selftest.mjs';

export function parseArgs(argv) {
  const o = {
    seed: 1,
    out: 'data/corpus',
    train: 150000,
    dev: 1000,
    test: 2000,
    testLong: 500,
    selftest: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const int = () => {
      const v = val();
      if (!/^\d+$/.test(v)) throw new Error(`${a} needs a whole number, got "${v}"`);
      return parseInt(v, 10);
    };
    if (a === '--seed') o.seed = int();
    else if (a === '--out') o.out = val();
    else if (a === '--train') o.train = int();
    else if (a === '--dev') o.dev = int();
    else if (a === '--test') o.test = int();
    else if (a === '--test-long') o.testLong = int();
    else if (a === '--no-selftest') o.selftest = false;
    else if (a === '--help' || a === '-h') o.help = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

export function writeCorpus(outDir, result) {
  mkdirSync(outDir, { recursive: true });
  for (const name of ['train', 'dev', 'test', 'test-long']) {
    const lines = result.splits[name].map(lineOf);
    writeFileSync(join(outDir, `${name}.tsv`), lines.join('\n') + (lines.length ? '\n' : ''));
  }
  writeFileSync(join(outDir, 'stats.json'), JSON.stringify(result.stats, null, 2) + '\n');
}

export function run(argv) {
  const o = parseArgs(argv);
  if (o.help) {
    console.log(
      'usage: node tools/corpus/generate.mjs [--seed N] [--out DIR] [--train N] [--dev N] [--test N] [--test-long N] [--no-selftest]',
    );
    return 0;
  }
  const result = generateCorpus(o);
  if (o.selftest) {
    const t0 = performance.now();
    const report = selfTest(result);
    result.stats.selftest = { ...report.summary, ms: Math.round(performance.now() - t0) };
    if (report.errors.length) {
      console.error(`self-test FAILED (${report.errors.length} problems), first ones:`);
      for (const e of report.errors.slice(0, 20)) console.error('  ' + e);
      writeCorpus(o.out, result);
      return 1;
    }
  }
  writeCorpus(o.out, result);
  const s = result.stats;
  console.log(
    `wrote ${o.out}: train ${s.splits.train.pairs}, dev ${s.splits.dev.pairs}, test ${s.splits.test.pairs}, test-long ${s.splits['test-long'].pairs}; ` +
      `French forms ${s.vocabulary.french_word_forms}, English forms ${s.vocabulary.english_word_forms}; ${s.generation_ms} ms`,
  );
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.exitCode = run(process.argv.slice(2));
  } catch (e) {
    console.error(e.message);
    process.exitCode = 2;
  }
}
