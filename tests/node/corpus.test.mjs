// Tests of the training-corpus generator (tools/corpus). Run: node --test tests/node/corpus.test.mjs
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../tools/corpus/generate.mjs';
import {
  tokenizeFr,
  tokenizeEn,
  checkTokensFr,
  checkTokensEn,
  ELISION_PREFIXES,
} from '../../tools/corpus/lib/tokenize.mjs';

const FILES = ['train.tsv', 'dev.tsv', 'test.tsv', 'test-long.tsv'];
const dirs = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'corpus-test-'));
  dirs.push(d);
  return d;
};
const quiet = (fn) => {
  const log = console.log;
  console.log = () => {};
  try {
    return fn();
  } finally {
    console.log = log;
  }
};
const read = (dir, f) => readFileSync(join(dir, f), 'utf8');
const parsed = new Map();
const lines = (dir, f) => {
  const key = join(dir, f);
  if (!parsed.has(key)) parsed.set(key, parse(dir, f));
  return parsed.get(key);
};
const parse = (dir, f) =>
  read(dir, f)
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [fr, en, al] = l.split('\t');
      return { fr: fr.split(' '), en: en.split(' '), al, line: l, file: f };
    });
const stats = (dir) => JSON.parse(read(dir, 'stats.json'));
// timing fields are the only part of stats.json that may differ between identical runs
const untimed = (s) =>
  JSON.stringify(s, (k, v) => (k === 'generation_ms' || k === 'ms' ? undefined : v));

let A; // seed 1, small train, with self-test
let B; // seed 1 again
let C; // seed 2
let M; // seed 1, moderate train, for vocabulary and construction coverage
before(() => {
  A = tmp();
  B = tmp();
  C = tmp();
  M = tmp();
  assert.equal(
    quiet(() => run(['--seed', '1', '--train', '2000', '--out', A])),
    0,
    'generator (with self-test) failed',
  );
  assert.equal(
    quiet(() => run(['--seed', '1', '--train', '2000', '--out', B])),
    0,
  );
  assert.equal(
    quiet(() => run(['--seed', '2', '--train', '2000', '--out', C, '--no-selftest'])),
    0,
  );
  assert.equal(
    quiet(() => run(['--train', '20000', '--out', M])),
    0,
    'moderate run (default seed, with self-test) failed',
  );
});
process.on('exit', () => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

test('same seed gives identical files; another seed gives different ones', () => {
  for (const f of FILES)
    assert.equal(read(A, f), read(B, f), `${f} differs between two runs with seed 1`);
  assert.equal(untimed(stats(A)), untimed(stats(B)));
  for (const f of FILES)
    assert.notEqual(read(A, f), read(C, f), `${f} is the same for seeds 1 and 2`);
});

test('split sizes and the walkthrough sentence', () => {
  assert.equal(lines(A, 'train.tsv').length, 2000);
  assert.equal(lines(A, 'dev.tsv').length, 1000);
  assert.equal(lines(A, 'test.tsv').length, 2000);
  assert.equal(lines(A, 'test-long.tsv').length, 500);
  for (const dir of [A, C, M]) {
    const train = read(dir, 'train.tsv').split('\n');
    assert.ok(
      train.includes('je suis étudiant\ti am a student\t0-0 1-1 2?2 2-3'),
      'walkthrough line missing',
    );
  }
  for (const f of ['dev.tsv', 'test.tsv', 'test-long.tsv'])
    assert.ok(!lines(A, f).some((p) => p.fr.join(' ') === 'je suis étudiant'));
});

test('every alignment is Pharaoh, in range, and covers every token', () => {
  for (const dir of [A, M]) {
    for (const f of FILES) {
      for (const p of lines(dir, f)) {
        const fCov = new Array(p.fr.length).fill(false);
        const eCov = new Array(p.en.length).fill(false);
        for (const item of p.al.split(' ')) {
          const m = /^(\d+)([-?])(\d+)$/.exec(item);
          assert.ok(m, `${f}: bad alignment item "${item}" in ${p.line}`);
          const i = +m[1];
          const j = +m[3];
          assert.ok(i < p.fr.length && j < p.en.length, `${f}: ${item} out of range in ${p.line}`);
          fCov[i] = eCov[j] = true;
        }
        assert.ok(fCov.every(Boolean) && eCov.every(Boolean), `${f}: unaligned token in ${p.line}`);
      }
    }
  }
});

test('tokens follow the tokenization rules', () => {
  const punct = /^[.,!?;:()"«»…\[\]/]$/;
  for (const dir of [A, M]) {
    for (const f of FILES) {
      for (const p of lines(dir, f)) {
        for (const side of [p.fr, p.en]) {
          for (const t of side) {
            assert.ok(t.length > 0, `empty token in ${p.line}`);
            assert.equal(t, t.normalize('NFC').toLowerCase(), `not lower-case NFC: ${t}`);
            assert.ok(!/[’‘\s]/.test(t), `bad character in token "${t}"`);
            if (/[.,!?;:]/.test(t))
              assert.match(t, punct, `punctuation glued to a word: "${t}" in ${p.line}`);
          }
        }
        for (const t of p.fr) {
          // an elided clitic is its own token, and nothing else ends with an apostrophe
          if (t.endsWith("'")) assert.ok(ELISION_PREFIXES.includes(t), `"${t}" in ${p.line}`);
          assert.ok(
            !ELISION_PREFIXES.some((e) => t.startsWith(e) && t.length > e.length),
            `elision not split: "${t}" in ${p.line}`,
          );
        }
        for (const t of p.en)
          assert.ok(
            !/'/.test(t) || t === "'s" || t === "o'clock",
            `English token with apostrophe: "${t}" in ${p.line}`,
          );
        assert.ok(
          !p.en.some((t) => /^(don't|doesn't|didn't|can't|isn't|aren't|won't)$/.test(t)),
          `contraction in ${p.line}`,
        );
        assert.equal(checkTokensFr(p.fr), null, p.line);
        assert.equal(checkTokensEn(p.en), null, p.line);
        // writing the sentence as a student would and tokenizing it gives the same tokens
        assert.deepEqual(tokenizeFr(p.fr.join(' ')), p.fr);
        assert.deepEqual(tokenizeEn(p.en.join(' ')), p.en);
      }
    }
  }
  assert.deepEqual(tokenizeFr("J'ai vu l'homme, qu'il aime ! Est-ce que c'est aujourd'hui ?"), [
    "j'",
    'ai',
    'vu',
    "l'",
    'homme',
    ',',
    "qu'",
    'il',
    'aime',
    '!',
    'est-ce',
    'que',
    "c'",
    'est',
    "aujourd'hui",
    '?',
  ]);
  assert.deepEqual(tokenizeEn("Marie's book."), ['marie', "'s", 'book', '.']);
});

test('held-out sentences never appear in train; held-out sets are disjoint', () => {
  for (const dir of [A, M]) {
    const train = new Set(lines(dir, 'train.tsv').map((p) => p.fr.join(' ')));
    const seen = new Set();
    for (const f of ['dev.tsv', 'test.tsv', 'test-long.tsv']) {
      for (const p of lines(dir, f)) {
        const s = p.fr.join(' ');
        assert.ok(!train.has(s), `${f} sentence in train: ${s}`);
        assert.ok(!seen.has(s), `held-out sentence repeated: ${s}`);
        seen.add(s);
      }
    }
  }
});

test('one English sentence per French sentence', () => {
  const m = new Map();
  for (const f of FILES)
    for (const p of lines(M, f)) {
      const fr = p.fr.join(' ');
      const en = p.en.join(' ');
      assert.ok(
        !m.has(fr) || m.get(fr) === en,
        `two translations for "${fr}": "${m.get(fr)}" / "${en}"`,
      );
      m.set(fr, en);
    }
  assert.equal(stats(M).checks.english_conflicts, 0);
});

test('lengths: 1 to 40 tokens, test buckets of at least 100, train mostly short', () => {
  const all = FILES.flatMap((f) => lines(A, f));
  const lens = new Set(all.map((p) => p.fr.length));
  assert.ok(lens.has(1), 'no one-token sentence');
  assert.ok(Math.max(...lens) >= 40, 'no sentence of 40 tokens');
  for (let n = 1; n <= 40; n++) assert.ok(lens.has(n), `no sentence of length ${n}`);
  const test = lines(A, 'test.tsv').map((p) => p.fr.length);
  for (const [lo, hi] of [
    [1, 5],
    [6, 10],
    [11, 20],
    [21, 30],
    [31, 40],
  ]) {
    const n = test.filter((x) => x >= lo && x <= hi).length;
    assert.ok(n >= 100, `test bucket ${lo}-${hi} has ${n} sentences`);
  }
  assert.ok(lines(A, 'test-long.tsv').every((p) => p.fr.length >= 31 && p.fr.length <= 40));
  const s = stats(M).splits.train;
  assert.ok(
    s.mean_french_length >= 10 && s.mean_french_length <= 12.5,
    `train mean length ${s.mean_french_length}`,
  );
  assert.ok(
    s.share_over_20 >= 0.05 && s.share_over_20 <= 0.15,
    `train share over 20 tokens ${s.share_over_20}`,
  );
  assert.ok(s.max_french_length >= 31);
});

test('vocabulary: at least 1,000 French word forms, English kept under 1,500', () => {
  const s = stats(M);
  assert.ok(
    s.vocabulary.french_word_forms >= 1000,
    `French forms ${s.vocabulary.french_word_forms}`,
  );
  assert.ok(
    s.vocabulary.english_word_forms <= 1500,
    `English forms ${s.vocabulary.english_word_forms}`,
  );
  assert.ok(s.vocabulary.english_word_forms >= 700);
  assert.equal(s.selftest.problems, 0);
});

// ------------------------------------------------------------------ constructions
let all = null;
const ALL = () => (all ||= FILES.flatMap((f) => lines(M, f)));
const has = (p, fr, en) =>
  p.fr.join(' ').includes(fr) && (en === null || ` ${p.en.join(' ')} `.includes(` ${en} `));
const links = (p) =>
  p.al.split(' ').map((x) => {
    const m = /^(\d+)([-?])(\d+)$/.exec(x);
    return { i: +m[1], j: +m[3], sure: m[2] === '-' };
  });
const sure = (p, i, j) => links(p).some((l) => l.i === i && l.j === j && l.sure);
const idx = (toks, seq, from = 0) => {
  for (let k = from; k + seq.length <= toks.length; k++)
    if (seq.every((w, d) => toks[k + d] === w)) return k;
  return -1;
};
const find = (pred) => ALL().find(pred);

test('walkthrough examples with their alignment', () => {
  const train = read(M, 'train.tsv').split('\n');
  for (const l of [
    'un chat noir\ta black cat\t0-0 1-2 2-1',
    'une petite maison\ta small house\t0-0 1-1 2-2',
    'je le vois .\ti see it .\t0-0 1-2 2-1 3-3',
    "le livre de marie\tmarie 's book\t0?1 1-2 2-1 3-0",
  ]) {
    assert.ok(train.includes(l), `missing: ${l}`);
  }
  assert.deepEqual(stats(M).checks.required_generated_differently, []);
});

test('negation ne ... pas -> do not / does not / did not, both French words linked to "not"', () => {
  for (const aux of ['do', 'does', 'did']) {
    const p = find((q) => {
      const i = q.fr.findIndex((t) => t === 'ne' || t === "n'");
      const j = q.en.indexOf('not');
      return (
        i >= 0 &&
        j > 0 &&
        q.en[j - 1] === aux &&
        q.fr[i + 2] === 'pas' &&
        sure(q, i, j) &&
        sure(q, i + 2, j)
      );
    });
    assert.ok(p, `no negation with "${aux} not"`);
  }
  const p = find(
    (q) => q.fr.join(' ') === 'je ne sais pas .' || q.fr.join(' ') === 'je ne sais pas',
  );
  assert.ok(p && p.en.join(' ').startsWith('i do not know'));
});

test('passé composé with être agrees; English simple past', () => {
  const p = find((q) => has(q, 'elle est allée', 'she went'));
  assert.ok(p, 'no "elle est allée" -> "she went"');
  assert.ok(
    find((q) => has(q, 'elles sont allées', 'they went')) ||
      find((q) => has(q, 'elles sont parties', 'they left')),
  );
  assert.ok(find((q) => has(q, "j' ai mangé", 'i ate')));
  assert.ok(find((q) => has(q, "je n' ai pas mangé", 'i did not eat')));
  // no agreement error: "elle est allé" never appears
  assert.ok(!find((q) => / elle est allé( |$)/.test(` ${q.fr.join(' ')} `)));
});

test('near future: aller + infinitive -> is going to', () => {
  assert.ok(
    find(
      (q) => q.fr.join(' ').startsWith('je vais ') && q.en.join(' ').startsWith('i am going to '),
    ),
  );
  assert.ok(find((q) => has(q, 'il va ', 'he is going to')));
  assert.ok(find((q) => has(q, 'nous allons ', 'we are going to')));
});

test('adjective after the noun -> crossing alignment; before the noun -> parallel', () => {
  const p = find((q) => {
    const i = idx(q.fr, ['un', 'chat', 'noir']);
    const j = idx(q.en, ['a', 'black', 'cat']);
    return i >= 0 && j >= 0 && sure(q, i, j) && sure(q, i + 1, j + 2) && sure(q, i + 2, j + 1);
  });
  assert.ok(p, 'no "un chat noir" with a crossing alignment');
  const q2 = find((q) => {
    const i = idx(q.fr, ['une', 'petite', 'maison']);
    const j = idx(q.en, ['a', 'small', 'house']);
    return i >= 0 && j >= 0 && sure(q, i + 1, j + 1) && sure(q, i + 2, j + 2);
  });
  assert.ok(q2, 'no "une petite maison" -> "a small house"');
  // some generated (not required) sentence with a colour after the noun, crossing
  const colours = { noir: 'black', blanc: 'white', rouge: 'red', vert: 'green', bleu: 'blue' };
  const g = find(
    (q) =>
      q.fr.length > 3 &&
      Object.entries(colours).some(([f, e]) => {
        const i = q.fr.indexOf(f);
        const j = q.en.indexOf(e);
        return i > 0 && j >= 0 && j + 1 < q.en.length && sure(q, i, j) && sure(q, i - 1, j + 1);
      }),
  );
  assert.ok(g, 'no generated noun + colour with crossing links');
});

test('object pronoun before the verb -> after it in English', () => {
  assert.ok(find((q) => q.fr.join(' ') === 'je le vois .' && q.en.join(' ') === 'i see it .'));
  const p = find((q) => {
    const i = q.fr.findIndex(
      (t, k) =>
        (t === 'le' || t === 'la' || t === "l'") &&
        k > 0 &&
        ['je', 'tu', 'il', 'elle', 'nous', 'vous', 'ils', 'elles'].includes(q.fr[k - 1]) &&
        q.fr.length > 4,
    );
    if (i < 0) return false;
    const j = q.en.indexOf('it');
    return j > 1 && sure(q, i, j) && links(q).some((l) => l.i === i + 1 && l.j < j && l.sure);
  });
  assert.ok(p, "no generated clitic le/la/l' with reordering");
});

test("de possession -> English possessive 's", () => {
  assert.ok(
    find((q) => q.fr.join(' ') === 'le livre de marie' && q.en.join(' ') === "marie 's book"),
  );
  const names = new Set([
    'marie',
    'pierre',
    'paul',
    'sophie',
    'julie',
    'thomas',
    'claire',
    'nicolas',
    'anne',
    'louis',
  ]);
  const p = find((q) => {
    const i = q.fr.indexOf('de');
    return (
      i > 1 &&
      names.has(q.fr[i + 1]) &&
      q.en.includes(q.fr[i + 1]) &&
      q.en[q.en.indexOf(q.fr[i + 1]) + 1] === "'s" &&
      q.fr.length > 4
    );
  });
  assert.ok(p, 'no generated "X de NAME" -> "NAME \'s X"');
});

test('questions: est-ce que, inversion, wh-words', () => {
  assert.ok(
    find(
      (q) =>
        q.fr[0] === 'est-ce' &&
        q.fr[1].startsWith('qu') &&
        ['do', 'does', 'did', 'is', 'are', 'am'].includes(q.en[0]) &&
        q.fr.at(-1) === '?',
    ),
  );
  assert.ok(
    find((q) => /^[a-zéèêâîôûç]+-tu$/.test(q.fr[0]) && q.en[1] === 'you' && q.fr.at(-1) === '?'),
    'no inversion with tu',
  );
  for (const [fw, ew] of [
    ['où', 'where'],
    ['quand', 'when'],
    ['pourquoi', 'why'],
    ['combien', 'how'],
    ['qui', 'who'],
  ]) {
    assert.ok(
      find((q) => q.fr[0] === fw && q.en[0] === ew && sure(q, 0, 0)),
      `no question with ${fw}`,
    );
  }
  assert.ok(
    find((q) => (q.fr[0] === 'que' || q.fr[0] === "qu'") && q.en[0] === 'what'),
    'no question with que',
  );
});

test("partitive: du / de la / de l' + noun -> bare English noun", () => {
  const p = find((q) => {
    const i = q.fr.indexOf('du');
    return (
      i > 0 &&
      q.fr[i + 1] === 'pain' &&
      q.en.includes('bread') &&
      !q.en.includes('some') &&
      q.en[q.en.indexOf('bread') - 1] !== 'the'
    );
  });
  assert.ok(p, 'no "du pain" -> "bread"');
  assert.ok(find((q) => has(q, "de l' eau", 'water')));
  assert.ok(
    find((q) => has(q, 'pas de ', null) && q.en.includes('not')),
    'no "pas de" after a negation',
  );
});

test('contractions, possessives, demonstratives, numbers, relative clauses', () => {
  assert.ok(find((q) => has(q, 'au ', null)));
  assert.ok(find((q) => has(q, ' aux ', null)));
  for (const [f, e] of [
    ['mon', 'my'],
    ['ma', 'my'],
    ['mes', 'my'],
    ['ton', 'your'],
    ['notre', 'our'],
    ['leur', 'their'],
    ['ce', 'this'],
    ['cette', 'this'],
    ['ces', 'these'],
    ['cet', 'this'],
  ]) {
    assert.ok(
      find((q) => q.fr.includes(f) && q.en.includes(e)),
      `no ${f} -> ${e}`,
    );
  }
  assert.ok(find((q) => has(q, 'deux ', 'two')));
  assert.ok(
    find((q) => q.fr.includes('qui') && q.en.includes('that') && q.fr[0] !== 'qui'),
    'no relative qui',
  );
  assert.ok(find((q) => q.fr.includes('parce') && q.en.includes('because')));
  assert.ok(find((q) => q.fr.length === 1 && ['bonjour', 'merci', 'oui', 'non'].includes(q.fr[0])));
});
