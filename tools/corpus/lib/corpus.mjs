// Generates the splits (train, dev, test, test-long) and their statistics.
import { readFileSync } from 'node:fs';
import { join as pjoin } from 'node:path';
import { loadLexicon, GRAMMAR_DIR } from './lexicon.mjs';
import { Rng, hashSeed } from './prng.mjs';
import { Builder, Retry } from './builder.mjs';
import { finish } from './phrase.mjs';
import { expandConstruction } from './sentence.mjs';
import { tokenizeFr, tokenizeEn } from './tokenize.mjs';

// Length buckets (French tokens) and the complexity levels tried for each.
const Z_FOR = (lo) =>
  lo <= 5 ? [0] : lo <= 10 ? [0, 1] : lo <= 15 ? [1, 2] : lo <= 20 ? [2] : lo <= 30 ? [2, 3] : [3];

export const TRAIN_BUCKETS = [
  { lo: 1, hi: 5, w: 0.15 },
  { lo: 6, hi: 10, w: 0.37 },
  { lo: 11, hi: 15, w: 0.25 },
  { lo: 16, hi: 20, w: 0.13 },
  { lo: 21, hi: 30, w: 0.075 },
  { lo: 31, hi: 40, w: 0.025 },
];
export const TEST_BUCKETS = [
  { lo: 1, hi: 5 },
  { lo: 6, hi: 10 },
  { lo: 11, hi: 20 },
  { lo: 21, hi: 30 },
  { lo: 31, hi: 40 },
];

export class SentenceSampler {
  // buckets: the length ranges that will be asked for; a sentence generated for one range but
  // falling in another is kept (up to queueCap per range) for a later request.
  constructor(lex, seed, label, { heldout = false, buckets = TRAIN_BUCKETS, queueCap = 400 } = {}) {
    this.rng = new Rng(hashSeed(seed, label));
    this.b = new Builder(lex, this.rng);
    this.cons = lex.constructions.filter((c) => !(heldout && c.opts.has('trainonly')));
    this.buckets = buckets.map((x) => ({
      lo: x.lo,
      hi: x.hi,
      queue: [],
      stats: new Map(this.cons.map((c) => [c, [0, 0]])),
    }));
    this.queueCap = queueCap;
    this.retries = 0;
    this.attempts = 0;
    this.fromQueue = 0;
  }

  bucketOf(n) {
    return this.buckets.find((x) => n >= x.lo && n <= x.hi) || null;
  }

  // One sentence pair whose French length is within the bucket [lo, hi] that accept() takes,
  // or null after many attempts.
  sample(lo, hi, accept = () => true) {
    const bk = this.buckets.find((x) => x.lo === lo && x.hi === hi);
    if (!bk) throw new Error(`no bucket ${lo}-${hi}`);
    // queued sentences first (in order; those accept() refuses now are dropped)
    while (bk.queue.length) {
      const p = bk.queue.shift();
      if (accept(p)) {
        this.fromQueue++;
        return p;
      }
    }
    const st = bk.stats;
    const zs = Z_FOR(lo);
    for (let attempt = 0; attempt < 20000; attempt++) {
      this.attempts++;
      const cons = this.rng.pickW(this.cons, (c) => {
        const [t, h] = st.get(c);
        return c.weight * ((h + 0.5) / (t + 1));
      });
      const z = this.rng.pick(zs);
      const rec = st.get(cons);
      rec[0]++;
      let out;
      try {
        out = finish(expandConstruction(this.b, cons, z));
      } catch (e) {
        if (e instanceof Retry) {
          this.retries++;
          continue;
        }
        throw e;
      }
      out.cons = cons;
      const n = out.fr.length;
      if (n < lo || n > hi) {
        const other = this.bucketOf(n);
        if (other && other.queue.length < this.queueCap) other.queue.push(out);
        continue;
      }
      rec[1]++;
      if (!accept(out)) continue;
      return out;
    }
    return null;
  }
}

export function lineOf(p) {
  return `${p.fr.join(' ')}\t${p.en.join(' ')}\t${p.align}`;
}

function loadRequired(dir) {
  const text = readFileSync(pjoin(dir, 'required.txt'), 'utf8').normalize('NFC');
  const out = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const [f, e, al] = line.split('|').map((s) => s.trim());
    out.push({ fr: tokenizeFr(f), en: tokenizeEn(e), align: al });
  }
  return out;
}

export function generateCorpus({
  seed = 1,
  train = 150000,
  dev = 1000,
  test = 2000,
  testLong = 500,
  grammarDir = GRAMMAR_DIR,
  maxDup = 6,
} = {}) {
  const t0 = performance.now();
  const lex = loadLexicon(grammarDir);
  const required = loadRequired(grammarDir);
  const frToEn = new Map(); // determinism of English given French, across all splits
  const conflicts = [];
  const consistent = (p) => {
    const f = p.fr.join(' ');
    const e = p.en.join(' ');
    const prev = frToEn.get(f);
    if (prev === undefined) {
      frToEn.set(f, e);
      return true;
    }
    if (prev !== e) {
      if (conflicts.length < 50)
        conflicts.push({ fr: f, en: [prev, e], cons: p.cons && p.cons.id });
      return false;
    }
    return true;
  };
  for (const r of required) frToEn.set(r.fr.join(' '), r.en.join(' '));
  // when the grammar itself produces a required sentence, it must give the same line
  const requiredLine = new Map(required.map((r) => [r.fr.join(' '), lineOf(r)]));
  const requiredMismatch = [];
  const checkRequired = (p) => {
    const want = requiredLine.get(p.fr.join(' '));
    if (want && want !== lineOf(p) && requiredMismatch.length < 10)
      requiredMismatch.push({ want, got: lineOf(p) });
  };

  // held-out sets first, from their own random stream: they do not depend on --train
  const held = new SentenceSampler(lex, seed, 'heldout', {
    heldout: true,
    buckets: [...TEST_BUCKETS, ...TRAIN_BUCKETS],
  });
  const heldSet = new Set(required.map((r) => r.fr.join(' ')));
  const takeUnique = (p) => {
    const f = p.fr.join(' ');
    checkRequired(p);
    if (heldSet.has(f)) return false;
    if (!consistent(p)) return false;
    heldSet.add(f);
    return true;
  };
  const splits = { test: [], 'test-long': [], dev: [] };
  const perBucket = Math.floor(test / TEST_BUCKETS.length);
  TEST_BUCKETS.forEach((bk, i) => {
    const n =
      i === TEST_BUCKETS.length - 1 ? test - perBucket * (TEST_BUCKETS.length - 1) : perBucket;
    for (let k = 0; k < n; k++) {
      const p = held.sample(bk.lo, bk.hi, takeUnique);
      if (!p) throw new Error(`could not fill test bucket ${bk.lo}-${bk.hi}`);
      splits.test.push(p);
    }
  });
  for (let k = 0; k < testLong; k++) {
    const p = held.sample(31, 40, takeUnique);
    if (!p) throw new Error('could not fill test-long');
    splits['test-long'].push(p);
  }
  for (let k = 0; k < dev; k++) {
    const bk = held.rng.pickW(TRAIN_BUCKETS, (x) => x.w);
    const p = held.sample(bk.lo, bk.hi, takeUnique);
    if (!p) throw new Error('could not fill dev');
    splits.dev.push(p);
  }
  // shuffle test/dev so buckets are mixed (deterministic)
  for (const name of ['test', 'dev']) {
    const a = splits[name];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(held.rng.next() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
  }

  // training set
  const tr = new SentenceSampler(lex, seed, 'train');
  const count = new Map();
  let dupFallback = 0;
  const trainOut = [];
  for (let k = 0; k < train; k++) {
    const bk = tr.rng.pickW(TRAIN_BUCKETS, (x) => x.w);
    let relaxed = false;
    let tries = 0;
    const p = tr.sample(bk.lo, bk.hi, (q) => {
      const f = q.fr.join(' ');
      checkRequired(q);
      if (heldSet.has(f)) return false;
      const c = count.get(f) || 0;
      tries++;
      if (c >= maxDup && !relaxed) {
        if (tries > 200) {
          relaxed = true;
          dupFallback++;
        } else return false;
      }
      if (!consistent(q)) return false;
      count.set(f, c + 1);
      return true;
    });
    if (!p) throw new Error(`could not fill train bucket ${bk.lo}-${bk.hi}`);
    trainOut.push(p);
  }
  // the walkthrough sentences must be in train
  const reqRng = new Rng(hashSeed(seed, 'required'));
  for (const r of required) {
    const f = r.fr.join(' ');
    if (trainOut.some((p) => p.fr.join(' ') === f)) continue;
    if (!trainOut.length) break;
    const at = Math.floor(reqRng.next() * trainOut.length);
    trainOut[at] = { ...r, cons: { id: 'required.txt' } };
  }
  splits.train = trainOut;

  const ms = performance.now() - t0;
  const stats = computeStats(splits, {
    seed,
    ms,
    conflicts,
    dupFallback,
    samplers: { heldout: held, train: tr },
  });
  stats.checks.required_lines = required.length;
  stats.checks.required_generated_differently = requiredMismatch;
  return { splits, stats, lex };
}

function hist(lens) {
  const h = {};
  for (const n of lens) h[n] = (h[n] || 0) + 1;
  return h;
}
function bucketHist(lens) {
  const b = { '1-5': 0, '6-10': 0, '11-20': 0, '21-30': 0, '31-40': 0, '41+': 0 };
  for (const n of lens) {
    const k =
      n <= 5
        ? '1-5'
        : n <= 10
          ? '6-10'
          : n <= 20
            ? '11-20'
            : n <= 30
              ? '21-30'
              : n <= 40
                ? '31-40'
                : '41+';
    b[k]++;
  }
  return b;
}
const wordCache = new Map();
const isWord = (t) => {
  let v = wordCache.get(t);
  if (v === undefined) {
    v = /[\p{L}\p{N}]/u.test(t);
    wordCache.set(t, v);
  }
  return v;
};

export function computeStats(splits, { seed, ms, conflicts, dupFallback, samplers }) {
  const out = { seed, generation_ms: Math.round(ms), splits: {} };
  const frAll = new Set();
  const enAll = new Set();
  const frTrain = new Set();
  const enTrain = new Set();
  const consUse = {};
  for (const [name, list] of Object.entries(splits)) {
    const frLens = list.map((p) => p.fr.length);
    const enLens = list.map((p) => p.en.length);
    const frV = new Set();
    const enV = new Set();
    let sure = 0;
    let possible = 0;
    for (const p of list) {
      for (const t of p.fr) if (isWord(t)) frV.add(t);
      for (const t of p.en) if (isWord(t)) enV.add(t);
      for (const a of p.align.split(' '))
        if (a.includes('-')) sure++;
        else if (a.includes('?')) possible++;
      if (name === 'train') consUse[p.cons.id] = (consUse[p.cons.id] || 0) + 1;
    }
    frV.forEach((t) => frAll.add(t));
    enV.forEach((t) => enAll.add(t));
    if (name === 'train') {
      frV.forEach((t) => frTrain.add(t));
      enV.forEach((t) => enTrain.add(t));
    }
    const sum = (a) => a.reduce((x, y) => x + y, 0);
    out.splits[name] = {
      pairs: list.length,
      distinct_french: new Set(list.map((p) => p.fr.join(' '))).size,
      french_tokens: sum(frLens),
      english_tokens: sum(enLens),
      mean_french_length: +(sum(frLens) / Math.max(1, list.length)).toFixed(2),
      mean_english_length: +(sum(enLens) / Math.max(1, list.length)).toFixed(2),
      max_french_length: frLens.reduce((a, b) => Math.max(a, b), 0),
      share_over_20: +(frLens.filter((n) => n > 20).length / Math.max(1, list.length)).toFixed(4),
      french_word_forms: frV.size,
      english_word_forms: enV.size,
      sure_links: sure,
      possible_links: possible,
      length_buckets: bucketHist(frLens),
      length_histogram: hist(frLens),
    };
  }
  const unseen = (name) => {
    const list = splits[name] || [];
    let tok = 0;
    let oov = 0;
    for (const p of list)
      for (const t of p.fr)
        if (isWord(t)) {
          tok++;
          if (!frTrain.has(t)) oov++;
        }
    return tok ? +(oov / tok).toFixed(5) : 0;
  };
  out.vocabulary = {
    french_word_forms: frAll.size,
    english_word_forms: enAll.size,
    french_word_forms_train: frTrain.size,
    english_word_forms_train: enTrain.size,
    french_token_types_train_with_punct:
      frTrain.size +
      [...new Set(splits.train.flatMap((p) => p.fr.filter((t) => !isWord(t))))].length,
    english_token_types_train_with_punct:
      enTrain.size +
      [...new Set(splits.train.flatMap((p) => p.en.filter((t) => !isWord(t))))].length,
    test_french_tokens_unseen_in_train: unseen('test'),
    dev_french_tokens_unseen_in_train: unseen('dev'),
  };
  out.checks = {
    english_conflicts: conflicts.length,
    conflict_examples: conflicts.slice(0, 10),
    train_duplicate_cap_relaxed: dupFallback,
    test_in_train: countOverlap(splits.test, splits.train),
    dev_in_train: countOverlap(splits.dev, splits.train),
    test_long_in_train: countOverlap(splits['test-long'], splits.train),
  };
  out.sampler = Object.fromEntries(
    Object.entries(samplers).map(([k, s]) => [
      k,
      { attempts: s.attempts, retries: s.retries, from_queue: s.fromQueue },
    ]),
  );
  out.constructions_train = Object.fromEntries(Object.entries(consUse).sort((a, b) => b[1] - a[1]));
  return out;
}

let overlapCache = { list: null, set: null };
function countOverlap(a, b) {
  if (!a || !b) return 0;
  if (overlapCache.list !== b)
    overlapCache = { list: b, set: new Set(b.map((p) => p.fr.join(' '))) };
  const s = overlapCache.set;
  return a.filter((p) => s.has(p.fr.join(' '))).length;
}
