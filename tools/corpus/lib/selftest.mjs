// Automated checks of a generated corpus:
//   - every token obeys the tokenization rules (tokenize.mjs), on both sides;
//   - every alignment item is well-formed and in range, and every token has at least one link;
//   - every SURE link joins a French and an English word that translate each other according to
//     a pair table built here from the grammar data (lexicon forms, function words, the authored
//     alignments of phrases/adverbs/frames/constructions) — independently of the code that
//     builds sentences, so an index or reordering bug shows up as a pair that is not a
//     translation;
//   - French -> English is a function; splits are disjoint; the required lines are in train.
import { tokenizeFr, tokenizeEn, checkTokensFr, checkTokensEn, PUNCT } from './tokenize.mjs';
import { agreeParticiple } from './lexicon.mjs';
import { lineOf } from './corpus.mjs';

function parseAlign(s) {
  if (!s) return [];
  return s.split(' ').map((x) => {
    const m = /^(\d+)([-?])(\d+)$/.exec(x);
    return m ? [+m[1], +m[3], m[2] === '-' ? 'S' : 'P'] : null;
  });
}

// Function words: French side | English side (all pairs allowed as sure links).
const FUNCTION_PAIRS = `
je j' | i ; tu | you ; il | he ; elle | she ; on | we ; nous | we us ; vous | you ; ils elles | they
me m' | me ; te t' | you ; le la l' | it the ; les | them the
un une | a an ; de d' | a an ; ce cet cette | this ; ces | these ; ce c' | it they
mon ma mes | my ; ton ta tes | your ; son sa ses | his her ; notre nos | our ; votre vos | your ; leur leurs | their
ne n' | not never cannot no ; pas | not cannot no ; jamais | never ; plus | anymore
à | to at in ; au aux | to at in the ; en | in to ; dans | in to ; de d' du des | from 's the
avec | with ; que qu' | that what ; qui | that who ; où | where ; quand | when ; pourquoi | why
comment | how ; combien | how many much ; quel quelle quels quelles | which ; y | there
moi | me ; toi | you ; lui | him ; elle | her ; eux elles | them
`;

// spelling variants produced by elision and vowel rules -> the written forms of the data
const UNELIDE = {
  "j'": ['je'],
  "m'": ['me'],
  "t'": ['te'],
  "s'": ['se', 'si'],
  "l'": ['le', 'la'],
  "d'": ['de'],
  "n'": ['ne'],
  "qu'": ['que'],
  "c'": ['ce'],
  cet: ['ce'],
  mon: ['ma'],
  ton: ['ta'],
  son: ['sa'],
  au: ['à', 'le'],
  aux: ['à', 'les'],
  du: ['de', 'le'],
  des: ['de', 'les'],
};

function addPairs(set, fs, es) {
  for (const f of fs) for (const e of es) set.add(`${f}\t${e}`);
}

export function buildPairTable(lex) {
  const ok = new Set();
  for (const group of FUNCTION_PAIRS.split(/[;\n]/)) {
    const [f, e] = group.split('|').map((x) => x.trim().split(/\s+/));
    if (f && e) addPairs(ok, f, e);
  }
  const fw = (text) => tokenizeFr(text);
  const ew = (text) => tokenizeEn(text);
  // nouns (with the forms after elision of nothing: nouns are not elided)
  for (const n of lex.nouns) {
    const f = [...fw(n.fr), ...fw(n.frpl)].filter((t) => !['de', "d'", 'à'].includes(t));
    const e = [
      ...ew(n.en),
      ...ew(n.enpl),
      ...(n.enposs ? [...ew(n.enposs.sg), ...ew(n.enposs.pl)] : []),
    ];
    addPairs(ok, f, e);
    if (n.at) addPairs(ok, f, ew(n.at));
    if (n.to) addPairs(ok, f, ew(n.to));
  }
  for (const a of lex.adjs)
    addPairs(ok, [a.m, a.f, a.mpl, a.fpl, a.mv].filter(Boolean), [
      ...ew(a.en),
      ...(a.human ? ew(a.human) : []),
    ]);
  for (const nm of lex.names) addPairs(ok, [nm.f], [nm.e]);
  for (const nb of lex.numbers) addPairs(ok, [nb.f, nb.ff], ew(nb.e));
  // verbs: every French form x every English word of the verb (and of its V[...] overrides)
  const pronouns = ['tu', 'il', 'elle', 'on', 'nous', 'vous', 'ils', 'elles', 'ce'];
  const inverted = (form) =>
    pronouns.map(
      (p) => `${form}${/[ae]$/.test(form) && ['il', 'elle', 'on'].includes(p) ? '-t' : ''}-${p}`,
    );
  const PRON_EN = {
    tu: ['you'],
    il: ['he'],
    elle: ['she'],
    on: ['we'],
    nous: ['we'],
    vous: ['you'],
    ils: ['they'],
    elles: ['they'],
    ce: ['it', 'they'],
  };
  for (const v of lex.verbs)
    for (const form of v.pres)
      for (const p of pronouns)
        addPairs(
          ok,
          inverted(form).filter((x) => x.endsWith(`-${p}`)),
          PRON_EN[p],
        );
  const verbForms = (v) => {
    const out = new Set([v.inf, ...v.pres]);
    for (const g of ['m', 'f']) for (const n of ['sg', 'pl']) out.add(agreeParticiple(v.pp, g, n));
    for (const f of v.pres) inverted(f).forEach((x) => out.add(x));
    out.add(v.pres[1].replace(/es$/, 'e'));
    if (v.pres[1] === 'vas') out.add('va');
    return [...out];
  };
  const enForms = (en) => [en.base, en.s3, en.past].flatMap((x) => ew(x));
  const BE = ['be', 'am', 'is', 'are', 'was', 'were'];
  for (const v of lex.verbs) {
    const fs = verbForms(v);
    const es = new Set(enForms(v.en));
    if (v.enneg) es.add(v.enneg);
    for (const fr of v.frames) {
      const V = fr.en.find((x) => x.type === 'V');
      if (V && V.en)
        (V.en === 'be' ? BE : enForms(lex.englishVerbs.get(V.en))).forEach((x) => es.add(x));
      for (const lk of fr.links) {
        if (lk.type !== 'S') continue;
        const f = lk.f === 'V' ? fs : [lk.f];
        const e = lk.e === 'V' ? [...es] : /^[A-Z]+$/.test(lk.e) ? [] : [lk.e];
        addPairs(ok, f, e);
      }
    }
    if (v.lemma === 'être') BE.forEach((x) => es.add(x));
    addPairs(ok, fs, [...es]);
    // auxiliaries: être/avoir carry tense (did, was); aller carries the near future
    if (v.lemma === 'être' || v.lemma === 'avoir') addPairs(ok, fs, ['did', ...BE]);
    if (v.lemma === 'aller') addPairs(ok, fs, ['am', 'is', 'are', 'going']);
  }
  addPairs(ok, ['eu', 'a', 'a-t-il', 'avoir'], BE);
  addPairs(ok, ['va', 'vais'], ['going']);
  // authored alignments: phrases, adverbs, prepositions, constructions
  const fromPharaoh = (f, e, al) => {
    for (const item of (al || '').split(/[\s,]+/).filter(Boolean)) {
      const m = /^(\d+)-(\d+)$/.exec(item);
      if (m && f[+m[1]] && e[+m[2]]) ok.add(`${f[+m[1]]}\t${e[+m[2]]}`);
    }
  };
  for (const p of lex.phrases) {
    const f = fw(p.f);
    const e = ew(p.e);
    if (!p.al) addPairs(ok, f, e);
    fromPharaoh(f, e, p.al);
  }
  for (const list of Object.values(lex.adverbs))
    for (const a of list) {
      const f = fw(a.f.replace(/\{NUM:[^}]*\}/, 'NUM'));
      const e = ew(a.e.replace('{NUM}', 'NUM'));
      if (!a.al) addPairs(ok, f, e);
      fromPharaoh(f, e, a.al);
    }
  for (const p of lex.preps) {
    const f = fw(p.f);
    const e = ew(p.e);
    if (!p.al) addPairs(ok, f, e);
    fromPharaoh(f, e, p.al);
  }
  for (const c of lex.constructions)
    for (const lk of c.links)
      if (lk.type === 'S') ok.add(`${lk.f.replace(/@\d+$/, '')}\t${lk.e.replace(/@\d+$/, '')}`);
  for (const p of PUNCT) ok.add(`${p}\t${p}`);
  return ok;
}

export function selfTest(result, { maxErrors = 200 } = {}) {
  const { splits, lex } = result;
  const errors = [];
  const err = (m) => {
    if (errors.length < maxErrors) errors.push(m);
  };
  const pairs = buildPairTable(lex);
  const badPairs = new Map();
  let lines = 0;
  let sure = 0;
  let possible = 0;
  const frToEn = new Map();
  for (const [name, list] of Object.entries(splits)) {
    for (const p of list) {
      lines++;
      const where = `${name}: ${p.fr.join(' ')}`;
      const ef = checkTokensFr(p.fr);
      if (ef) err(`${where}: ${ef}`);
      const ee = checkTokensEn(p.en);
      if (ee) err(`${where}: ${ee}`);
      const links = parseAlign(p.align);
      const fCov = new Array(p.fr.length).fill(false);
      const eCov = new Array(p.en.length).fill(false);
      const seen = new Set();
      for (const l of links) {
        if (!l) {
          err(`${where}: malformed alignment "${p.align}"`);
          continue;
        }
        const [i, j, t] = l;
        if (i >= p.fr.length || j >= p.en.length) {
          err(`${where}: link ${i}-${j} out of range`);
          continue;
        }
        if (seen.has(`${i},${j}`)) err(`${where}: duplicate link ${i},${j}`);
        seen.add(`${i},${j}`);
        fCov[i] = true;
        eCov[j] = true;
        if (t === 'S') {
          sure++;
          const key = `${p.fr[i]}\t${p.en[j]}`;
          const base = UNELIDE[p.fr[i]];
          if (!pairs.has(key) && !(base && base.some((b) => pairs.has(`${b}\t${p.en[j]}`)))) {
            const b = badPairs.get(key) || { n: 0, ex: where + ' ||| ' + p.en.join(' ') };
            b.n++;
            badPairs.set(key, b);
          }
        } else possible++;
      }
      fCov.forEach((c, i) => c || err(`${where}: French token ${i} "${p.fr[i]}" unaligned`));
      eCov.forEach(
        (c, j) =>
          c || err(`${where}: English token ${j} "${p.en[j]}" unaligned (${p.en.join(' ')})`),
      );
      const f = p.fr.join(' ');
      const e = p.en.join(' ');
      if (frToEn.has(f) && frToEn.get(f) !== e)
        err(`two English sentences for "${f}": "${frToEn.get(f)}" / "${e}"`);
      frToEn.set(f, e);
    }
  }
  for (const [k, v] of [...badPairs.entries()].sort((a, b) => b[1].n - a[1].n)) {
    err(
      `sure link between words that are not translations: ${k.replace('\t', ' <-> ')} (${v.n}x), e.g. ${v.ex}`,
    );
  }
  // splits
  const train = new Set(splits.train.map((p) => p.fr.join(' ')));
  for (const name of ['dev', 'test', 'test-long']) {
    const n = splits[name].filter((p) => train.has(p.fr.join(' '))).length;
    if (n) err(`${n} ${name} sentences also in train`);
  }
  const held = new Set();
  for (const name of ['dev', 'test', 'test-long'])
    for (const p of splits[name]) {
      const f = p.fr.join(' ');
      if (held.has(f)) err(`held-out sentence repeated: ${f}`);
      held.add(f);
    }
  if (
    splits.train.length &&
    !splits.train.some((p) => lineOf(p) === 'je suis étudiant\ti am a student\t0-0 1-1 2?2 2-3')
  )
    err('walkthrough line missing from train');
  for (const m of result.stats?.checks?.required_generated_differently || [])
    err(`grammar generates a required sentence differently: ${m.got} (required: ${m.want})`);
  if (result.stats?.checks?.english_conflicts)
    err(
      `${result.stats.checks.english_conflicts} French sentences were generated with two English translations (dropped); e.g. ${JSON.stringify(result.stats.checks.conflict_examples[0])}`,
    );
  return {
    errors,
    summary: {
      lines,
      sure_links: sure,
      possible_links: possible,
      pair_table_size: pairs.size,
      problems: errors.length,
      non_translation_sure_pairs: badPairs.size,
    },
  };
}
