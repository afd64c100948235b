// Builds sentence pairs with their alignment from the lexicon: noun phrases, clauses
// (declarative, questions, relative, infinitive, que-clauses, imperative), fixed phrases.
// Every function returns a Ph (phrase.mjs) whose tokens carry their links.
import { Tok, Ph, S, P, link, pair, alignPharaoh, join } from './phrase.mjs';
import { agreeParticiple } from './lexicon.mjs';
import { tokenizeFr, tokenizeEn } from './tokenize.mjs';

export class Retry extends Error {}
const retry = (why) => {
  throw new Retry(why);
};

const BE_PRES = { '1s': 'am', '3s': 'is', pl: 'are' };
const BE_PAST = { '1s': 'was', '3s': 'was', pl: 'were' };
const DO = { '1s': 'do', '3s': 'does', pl: 'do' };
const NOUN_FUNCTION = new Set(['de', "d'", 'à']);
const PREP_EN = new Set(['at', 'in', 'to', 'from', 'on']);

function toks(words, k = 'w', extra) {
  return words.map((t) => new Tok(t, k, extra));
}
function ftoks(text, k = 'w', extra) {
  return toks(tokenizeFr(text), k, extra);
}
function etoks(text, k = 'w', extra) {
  return toks(tokenizeEn(text), k, extra);
}
function hasAny(set, list) {
  for (const x of list) if (set.has(x)) return true;
  return false;
}

export class Builder {
  constructor(lex, rng) {
    this.lex = lex;
    this.rng = rng;
    this.verbByInf = new Map(lex.verbs.map((v) => [v.lemma, v]));
    this.etre = this.verbByInf.get('être');
    this.avoir = this.verbByInf.get('avoir');
    this.aller = this.verbByInf.get('aller');
    this.phrasesByTag = {};
    for (const p of lex.phrases) (this.phrasesByTag[p.tag] ||= []).push(p);
    this.nounsByTag = new Map();
    for (const n of lex.nouns)
      for (const t of n.tags) {
        if (!this.nounsByTag.has(t)) this.nounsByTag.set(t, []);
        this.nounsByTag.get(t).push(n);
      }
    this.nounCache = new Map();
    this.frameCache = new Map();
    for (const v of lex.verbs)
      for (const f of v.frames)
        f.slots = f.fr.filter((x) => x.type !== 'lit' && x.type !== 'V').map((x) => x.type);
    this.ageNumbers = lex.numbers.filter(
      (n) => n.v >= 2 && (n.v <= 20 || (n.v % 10 === 0 && n.v < 100)),
    );
    this.detNumbers = lex.numbers.filter(
      (n) => n.v >= 2 && (n.v <= 12 || n.v === 20 || n.v === 100),
    );
  }

  // ------------------------------------------------------------------------------ nouns
  // Nouns having one of the tags (and passing filter). Results are cached under `key` when the
  // caller gives one that names the filter.
  nounsWith(tags, filter, key) {
    const k0 = tags.join('/');
    let base = this.nounCache.get(k0);
    if (!base) {
      const seen = new Set();
      base = [];
      for (const t of tags)
        for (const n of this.nounsByTag.get(t) || []) {
          if (seen.has(n)) continue;
          seen.add(n);
          base.push(n);
        }
      this.nounCache.set(k0, base);
    }
    if (!filter) return base;
    if (!key) return base.filter(filter);
    const k = `${k0}|${key}`;
    let out = this.nounCache.get(k);
    if (!out) {
      out = base.filter(filter);
      this.nounCache.set(k, out);
    }
    return out;
  }

  // The noun itself (no determiner), in the number asked, with its internal links.
  nounPh(n, num, { poss = false } = {}) {
    const f = ftoks(num === 'pl' ? n.frpl : n.fr, 'noun');
    if (n.aspire) f[0].aspire = true;
    let enText = num === 'pl' ? n.enpl : n.en;
    if (poss && n.enposs) enText = num === 'pl' ? n.enposs.pl : n.enposs.sg;
    const e = etoks(enText, 'noun');
    let L;
    if (n.al) L = alignPharaoh(f, e, n.al);
    else {
      L = [];
      for (const x of f) link(L, x, e, NOUN_FUNCTION.has(x.t) ? P : S);
    }
    const ph = new Ph(f, e, L);
    ph.hf = f.filter((x) => !NOUN_FUNCTION.has(x.t));
    ph.he = e;
    return ph;
  }

  nameNP(g) {
    const cands = g ? this.lex.names.filter((x) => x.g === g) : this.lex.names;
    const nm = this.rng.pick(cands);
    const ph = pair(nm.f, nm.e, S, 'name', 'name');
    ph.hf = ph.f;
    ph.he = ph.e;
    ph.feat = {
      g: nm.g,
      n: 'sg',
      p: 3,
      eagr: '3s',
      human: true,
      tags: new Set(['human', 'any']),
      name: true,
    };
    return ph;
  }

  detOk(det, n) {
    const place = n.tags.has('city') || n.tags.has('country');
    if (n.tags.has('city')) return det === 'none';
    switch (det) {
      case 'def':
        return true;
      case 'indef':
        return !n.nocount && !place;
      case 'part':
        return n.mass && !n.plonly;
      case 'num':
        return !n.nocount && !n.plonly && !n.sgonly && !place;
      case 'poss':
      case 'sposs':
        return !place && !n.noposs;
      case 'dem':
        return !place;
      case 'none':
        return n.tags.has('language');
      default:
        return false;
    }
  }

  // Noun phrase. o: tags, dets, role (subj|obj|pobj|utt), neg, generic, owner (subject features
  // for sposs), size, allowName, num, noRel, noun
  np(o) {
    const rng = this.rng;
    const size = o.size ?? 1;
    const dets = o.dets || ['def', 'indef', 'poss', 'dem'];
    const tags = o.tags || ['any'];
    // first names for people
    if (
      (dets.includes('none') || o.allowName) &&
      tags.some((t) => t === 'human' || t === 'any') &&
      !o.noName &&
      rng.chance(o.role === 'subj' ? 0.35 : 0.45)
    ) {
      return this.nameNP(o.g);
    }
    let cands = this.nounsWith(
      tags,
      (n) => dets.some((d) => this.detOk(d, n)) && (!o.filter || o.filter(n)),
      o.filter && !o.filterKey ? null : `np:${dets.join(',')}:${o.filterKey || ''}`,
    );
    if (o.g) cands = cands.filter((n) => n.g === o.g);
    if (!cands.length) retry(`no noun for ${tags}`);
    const n = o.noun || rng.pick(cands);
    let det = o.det || rng.pick(dets.filter((d) => this.detOk(d, n)));
    if (det === 'sposs' && !(o.owner && o.owner.human && !o.owner.on)) det = 'def';
    let num;
    if (n.plonly) num = 'pl';
    else if (n.sgonly || n.nocount || det === 'part' || det === 'none') num = 'sg';
    else if (det === 'num') num = 'pl';
    else if ((n.unique || n.enposs) && (det === 'poss' || det === 'sposs')) num = 'sg';
    else num = o.num || (rng.chance(o.role === 'subj' ? 0.25 : 0.3) ? 'pl' : 'sg');
    if (n.mass && num === 'sg' && det === 'indef' && n.nocount) det = 'part';
    // "pas de" hides the number: an invariable noun (ours, souris, fils) stays singular there
    if (o.neg && (det === 'indef' || det === 'part') && n.frpl === n.fr && !n.plonly) num = 'sg';
    const g = n.g;
    const human = n.tags.has('human');
    const feat = {
      g,
      n: num,
      p: num === 'sg' ? 3 : 6,
      eagr: num === 'sg' ? '3s' : 'pl',
      human,
      tags: n.tags,
      noun: n,
    };

    const nounPh = this.nounPh(n, num, { poss: det === 'poss' || det === 'sposs' });
    const L = [];
    let detF = [];
    let detE = [];
    const place = n.tags.has('country');
    const enNoArticle = n.enbare || (o.generic && (num === 'pl' || n.mass)) || (place && !n.enthe);
    // adjectives
    let adjPre = null;
    let adjPost = null;
    const pAdj = [0.06, 0.3, 0.45, 0.55][Math.min(size, 3)];
    if (!o.noAdj && !place && !n.tags.has('city') && !n.tags.has('language') && rng.chance(pAdj)) {
      const a = this.pickAdj(n, null);
      if (a) {
        if (a.pos === 'pre') adjPre = a;
        else adjPost = a;
        if (size >= 2 && rng.chance(0.25)) {
          const b = this.pickAdj(n, a.pos === 'pre' ? 'post' : 'pre');
          if (b) {
            if (b.pos === 'pre') adjPre = b;
            else adjPost = b;
          }
        }
      }
    }
    const negDe = o.neg && (det === 'indef' || det === 'part');
    switch (det) {
      case 'def': {
        const A = this.lex.articles.definite;
        detF = [new Tok(num === 'pl' ? A.pl : g === 'm' ? A.m : A.f, 'art')];
        if (!enNoArticle) {
          detE = [new Tok('the', 'the')];
          link(L, detF, detE, S);
        } else link(L, detF, nounPh.he, P);
        break;
      }
      case 'indef': {
        const A = this.lex.articles.indefinite;
        if (negDe || (num === 'pl' && adjPre)) detF = [new Tok('de', 'de')];
        else detF = [new Tok(num === 'pl' ? A.pl : g === 'm' ? A.m : A.f, 'indef')];
        // after a negation, "de" + a noun that can be a mass noun reads as partitive: pas de café -> coffee
        if (num === 'sg' && !(negDe && n.mass)) {
          detE = [new Tok('a', 'a')];
          link(L, detF, detE, S);
        } else link(L, detF, nounPh.he, P);
        break;
      }
      case 'part': {
        if (negDe) detF = [new Tok('de', 'de')];
        else detF = [new Tok('de', 'de'), new Tok(g === 'm' ? 'le' : 'la', 'art')];
        link(L, detF, nounPh.he, P);
        break;
      }
      case 'poss':
      case 'sposs': {
        let owner;
        let ownerG = 'm';
        if (det === 'sposs') {
          owner = o.owner.p;
          ownerG = o.owner.g;
        } else {
          const sp = o.owner ? o.owner.p : 0;
          owner = rng.pick(
            [1, 1, 2, 4, 5, 6].filter(
              (x) =>
                !(x === 5 && sp === 2) &&
                !(x === 2 && sp === 5) &&
                !(x === 4 && sp === 1) &&
                !(x === 1 && sp === 4),
            ),
          );
        }
        const T = this.lex.possessive[owner];
        detF = [new Tok(num === 'pl' ? T.pl : g === 'm' ? T.m : T.f, 'poss')];
        const es = T.e.split('/');
        detE = [new Tok(es.length > 1 ? (ownerG === 'f' ? es[1] : es[0]) : es[0], 'poss')];
        link(L, detF, detE, S);
        break;
      }
      case 'dem': {
        const A = this.lex.articles.demonstrative;
        detF = [new Tok(num === 'pl' ? A.pl : g === 'm' ? A.m : A.f, 'dem')];
        detE = [new Tok(num === 'pl' ? A.epl : A.e, 'dem')];
        link(L, detF, detE, S);
        break;
      }
      case 'num': {
        const nb = rng.pick(this.detNumbers);
        detF = ftoks(nb.f, 'num');
        if (nb.aspire) detF[0].aspire = true;
        detE = etoks(nb.e, 'num');
        link(L, detF, detE, S);
        break;
      }
      case 'none':
        break;
      default:
        throw new Error(`det ${det}`);
    }
    const adjPh = (a) => {
      if (!a) return null;
      const form = num === 'pl' ? (g === 'm' ? a.mpl : a.fpl) : g === 'm' ? a.m : a.f;
      const ft = new Tok(form, 'adj');
      if (a.mv && g === 'm' && num === 'sg') ft.mv = a.mv;
      const et = etoks(human && a.human ? a.human : a.en, 'adj');
      const l = [];
      link(l, ft, et, S);
      return new Ph([ft], et, l);
    };
    const pre = adjPh(adjPre);
    const post = adjPh(adjPost);
    // English: opinion < size < age < colour < origin
    const [ea, eb] = adjPre && adjPost && adjPost.eo < adjPre.eo ? [post, pre] : [pre, post];

    // one post-modifier: possessor (de marie -> marie 's), place (sur la table), relative clause
    let mod = null;
    if (
      !place &&
      !o.noMods &&
      det === 'def' &&
      !n.tags.has('language') &&
      !n.tags.has('meal') &&
      !n.tags.has('sport') &&
      !n.enbare &&
      rng.chance([0, 0.1, 0.2, 0.25][Math.min(size, 3)])
    ) {
      mod = 'possessor';
    } else if (
      !place &&
      !o.noMods &&
      size >= 2 &&
      rng.chance(size >= 3 ? 0.2 : 0.1) &&
      hasAny(n.tags, ['portable', 'animal']) &&
      !hasAny(n.tags, ['building', 'home', 'vehicle', 'furniture', 'place', 'nonphys'])
    ) {
      mod = 'pp';
    } else if (!o.noRel && size >= 2 && rng.chance(size >= 3 ? 0.35 : 0.15)) {
      mod = 'rel';
    }
    let out;
    if (mod === 'possessor') {
      const owner = rng.chance(0.55)
        ? this.nameNP()
        : this.np({
            tags: ['family', 'friend', 'job'],
            dets: ['def', 'poss'],
            num: 'sg',
            size: 0,
            role: 'pobj',
            noMods: true,
            noRel: true,
            noAdj: true,
            noName: true,
          });
      const deF = new Tok('de', 'prep');
      const sE = new Tok("'s", 'w');
      link(L, deF, sE, S);
      // the French article has no English counterpart besides the possessive
      if (detE.length) {
        const drop = new Set(detE);
        for (let i = L.length - 1; i >= 0; i--) if (drop.has(L[i][1])) L.splice(i, 1);
        link(L, detF, sE, P);
        detE = [];
      }
      out = join([detF, pre, nounPh, post, deF, owner], [owner, sE, detE, ea, eb, nounPh], L);
    } else if (mod === 'pp') {
      const pp = this.spatialPP({ size: size - 2, small: true });
      out = join([detF, pre, nounPh, post, pp], [detE, ea, eb, nounPh, pp], L);
    } else if (mod === 'rel') {
      const rel = this.relClause(feat, size - 1);
      out = join([detF, pre, nounPh, post, rel], [detE, ea, eb, nounPh, rel], L);
    } else {
      out = join([detF, pre, nounPh, post], [detE, ea, eb, nounPh], L);
    }
    out.hf = nounPh.hf;
    out.he = nounPh.he;
    out.feat = feat;
    out.det = det;
    return out;
  }

  pickAdj(n, pos) {
    const k = `${n.fr}|${pos}`;
    this.adjCache ||= new Map();
    let cands = this.adjCache.get(k);
    if (!cands) {
      cands = this.lex.adjs.filter(
        (a) => !a.pred && (!pos || a.pos === pos) && hasAny(a.applies, n.tags),
      );
      this.adjCache.set(k, cands);
    }
    if (!cands.length) return null;
    const a = this.rng.pick(cands);
    // nationalities are rarer on things than on people
    if (a.nat && !n.tags.has('human') && this.rng.chance(0.7)) return null;
    return a;
  }

  // ------------------------------------------------------------------------------ places
  placePP(mode, tags) {
    const rng = this.rng;
    let cands = this.nounsWith(tags || ['place', 'city', 'country'], (n) => n.prep, 'prep');
    if (mode === 'from') cands = cands.filter((n) => n.tags.has('city') || n.tags.has('country'));
    if (!cands.length) retry('no place');
    // cities and countries less often than ordinary places
    const n = rng.pickW(cands, (x) => (x.tags.has('city') || x.tags.has('country') ? 0.5 : 1));
    const num = n.plonly ? 'pl' : 'sg';
    const nounPh = this.nounPh(n, num);
    const L = [];
    let f = [];
    let eText;
    const isCity = n.tags.has('city');
    const isCountry = n.tags.has('country');
    const enName = nounPh.he.map((t) => t.t).join(' ');
    const art = () => new Tok(num === 'pl' ? 'les' : n.g === 'm' ? 'le' : 'la', 'art');
    if (mode === 'from') {
      const de = new Tok('de', 'prep');
      f = n.prep === 'en' || isCity ? [de] : [de, art()];
      eText = `from ${n.enthe ? 'the ' : ''}${enName}`;
    } else if (isCity) {
      f = [new Tok('à', 'prep')];
      eText = `${mode === 'to' ? 'to' : 'in'} ${enName}`;
    } else if (isCountry) {
      f = n.prep === 'en' ? [new Tok('en', 'prep')] : [new Tok('à', 'prep'), art()];
      eText = `${mode === 'to' ? 'to' : 'in'} ${n.enthe ? 'the ' : ''}${enName}`;
    } else if (n.prep === 'dans') {
      f = [new Tok('dans', 'prep'), art()];
      eText = `${mode === 'to' ? 'to' : 'in'} the ${enName}`;
    } else {
      f = [new Tok('à', 'prep'), art()];
      if (mode === 'to') eText = n.to || `to the ${enName}`;
      else eText = n.at || `at the ${enName}`;
    }
    const e = etoks(eText);
    const prepE = PREP_EN.has(e[0].t) ? e[0] : null;
    const theE = e.find((t) => t.t === 'the');
    const rest = e.filter((t) => t !== prepE && t !== theE);
    const [p0, artF] = f;
    if (prepE) link(L, p0, prepE, S);
    else link(L, p0, rest, P);
    if (artF) {
      if (theE) link(L, artF, theE, S);
      else link(L, artF, rest, P);
    } else if (theE) link(L, p0, theE, P);
    for (const x of nounPh.f) link(L, x, rest, NOUN_FUNCTION.has(x.t) ? P : S);
    const ph = new Ph([...f, ...nounPh.f], e, L);
    ph.hf = nounPh.hf;
    ph.he = rest;
    return ph;
  }

  spatialPP({ size = 0, small = false } = {}) {
    const rng = this.rng;
    const SMALL = ['furniture', 'container', 'room'];
    const prep = rng.pick(
      small ? this.lex.preps.filter((x) => x.tags.some((t) => SMALL.includes(t))) : this.lex.preps,
    );
    const pf = ftoks(prep.f, 'prep');
    const pe = etoks(prep.e, 'prep');
    const L = prep.al
      ? alignPharaoh(pf, pe, prep.al)
      : (() => {
          const l = [];
          link(l, pf, pe, S);
          return l;
        })();
    const lm = this.np({
      tags: small ? prep.tags.filter((t) => SMALL.includes(t)) : prep.tags,
      dets: ['def', 'def', 'poss'],
      size: Math.max(0, size),
      role: 'pobj',
      noMods: true,
      noRel: true,
      noName: true,
    });
    const ph = join([pf, lm], [pe, lm], L);
    ph.hf = lm.hf;
    ph.he = lm.he;
    return ph;
  }

  // ------------------------------------------------------------------------------ adverbs
  adverb(kind, tense, only) {
    const key = `${kind}|${tense}|${only || ''}`;
    this.advCache ||= new Map();
    let list = this.advCache.get(key);
    if (!list) {
      list = (this.lex.adverbs[kind] || []).filter(
        (a) =>
          (!tense || a.tenses.has('any') || a.tenses.has(tense)) && (!only || only.includes(a.f)),
      );
      this.advCache.set(key, list);
    }
    if (!list.length) return null;
    const a = this.rng.pick(list);
    let fText = a.f;
    let eText = a.e;
    if (a.num) {
      const nb = this.rng.pick(this.lex.numbers.filter((x) => x.v >= a.num[0] && x.v <= a.num[1]));
      fText = fText.replace(/\{NUM:[^}]*\}/, nb.f);
      eText = eText.replace('{NUM}', nb.e);
    }
    const f = ftoks(fText, 'adv');
    const e = etoks(eText, 'adv');
    let L;
    if (a.al) L = alignPharaoh(f, e, a.al);
    else {
      L = [];
      link(L, f, e, S);
    }
    return new Ph(f, e, L);
  }

  // ------------------------------------------------------------------------------ subjects
  pronounSubject({ exclude = [], g } = {}) {
    const key = `${exclude.join(',')}|${g || ''}`;
    this.pronCache ||= new Map();
    let cands = this.pronCache.get(key);
    if (!cands) {
      cands = this.lex.subjects.filter(
        (s) => !exclude.includes(s.f) && (!g || s.g === '*' || s.g === g),
      );
      this.pronCache.set(key, cands);
    }
    const s = this.rng.pickW(cands);
    const gender = s.g === '*' ? g || (this.rng.chance(0.5) ? 'm' : 'f') : s.g;
    const num = s.p >= 4 ? 'pl' : 'sg';
    const ph = pair(s.f, s.e, S, 'pron', 'pron');
    ph.hf = ph.f;
    ph.he = ph.e;
    ph.feat = {
      g: gender,
      n: num,
      p: s.p,
      eagr: s.eagr,
      human: true,
      tags: new Set(['human', 'any']),
      pron: s,
      on: s.f === 'on',
    };
    return ph;
  }

  // subject for a frame: cls human|animate|any|thing
  subject(cls, { size = 1, pronOnly = false, exclude = [], noPron = false } = {}) {
    const rng = this.rng;
    const tagsFor = {
      human: ['human'],
      animate: ['human', 'animal'],
      any: ['human', 'animal', 'thing', 'food', 'drink', 'clothes', 'place'],
      thing: ['thing', 'food', 'drink', 'clothes', 'animal', 'building', 'city'],
    }[cls];
    const pronOk = cls !== 'thing' && !noPron;
    if (pronOnly || (pronOk && rng.chance(size === 0 ? 0.8 : size === 1 ? 0.6 : 0.45))) {
      return this.pronounSubject({ exclude });
    }
    const sub = this.np({
      tags: tagsFor,
      dets: ['def', 'def', 'poss', 'dem', 'indef', 'num'],
      role: 'subj',
      size,
      allowName: cls !== 'thing',
      filter: (n) =>
        !n.tags.has('country') &&
        !n.tags.has('language') &&
        !n.tags.has('meal') &&
        !n.tags.has('sport') &&
        !n.tags.has('abstract'),
      filterKey: 'subj',
    });
    return sub;
  }

  // ------------------------------------------------------------------------------ frames
  frameSlots(frame) {
    return frame.slots;
  }

  pickFrame(c) {
    // c: tense, neg, q (bool), wh, subjCls (function cls -> bool), nested (no INF/QUE), imp, relObjTags, noCe, ce
    const rng = this.rng;
    const ok = (v, f) => {
      const tenses = f.opts.tenses ? new Set(f.opts.tenses.split(',')) : v.tenses;
      if (
        c.tense &&
        c.tense !== 'inf' &&
        c.tense !== 'imp' &&
        !(tenses.has(c.tense) && v.tenses.has(c.tense))
      )
        return false;
      if (c.neg && f.opts.noneg) return false;
      if (c.q && f.opts.noq) return false;
      const subj = f.opts.subj || v.subj;
      if (c.ce) {
        if (subj !== 'ce') return false;
      } else if (subj === 'ce') return false;
      if (c.subjOk && !c.subjOk(subj)) return false;
      const slots = this.frameSlots(f);
      if (c.nested && (slots.includes('INF') || slots.includes('QUE'))) return false;
      if (c.nested && (v.modal || (v.noinf && c.tense === 'inf'))) return false;
      if (c.noQue && slots.includes('QUE')) return false;
      if (
        c.imp &&
        (!v.imp ||
          v.refl ||
          f.opts.bare ||
          slots.includes('QUE') ||
          slots.includes('ADJ') ||
          slots.includes('ATTR'))
      )
        return false;
      if (c.needSlot && !c.needSlot(f, v)) return false;
      if (c.noAdj && (slots.includes('ADJ') || slots.includes('ATTR') || slots.includes('NUM')))
        return false;
      return true;
    };
    if ((c.subjOk || c.needSlot) && !c.fkey) throw new Error('pickFrame: a predicate needs fkey');
    const key = `${c.tense}|${!!c.neg}|${!!c.q}|${!!c.ce}|${!!c.nested}|${!!c.imp}|${!!c.noRefl}|${!!c.noQue}|${!!c.noAdj}|${c.fkey || ''}`;
    let verbs = this.frameCache.get(key);
    if (!verbs) {
      verbs = [];
      for (const v of this.lex.verbs) {
        if (c.noRefl && v.refl) continue;
        const fs = v.frames.filter((f) => ok(v, f));
        if (fs.length) verbs.push({ v, fs, weight: v.weight });
      }
      this.frameCache.set(key, verbs);
    }
    if (!verbs.length) retry('no frame');
    const { v, fs } = rng.pickW(verbs);
    return rng.pickW(fs);
  }

  // ------------------------------------------------------------------------------ clauses
  pickTense(allowed) {
    const t = this.rng.pickKey({ pres: 0.5, pc: 0.3, nf: 0.2 });
    return !allowed || allowed.includes(t) ? t : allowed[0];
  }

  // Declarative clause. o: tense, neg (true/false/undefined), time (front|end|no), size, subj (pron|noun)
  declClause(o = {}) {
    const rng = this.rng;
    const size = o.size ?? 1;
    const tense = o.tense || this.pickTense();
    let neg = o.neg === 'yes' ? true : o.neg === 'no' ? false : rng.chance(0.2);
    const ce = !o.subjKind && tense === 'pres' && rng.chance(0.05);
    const frame = this.pickFrame({ tense, neg, ce });
    return this.buildClause({
      frame,
      tense,
      neg,
      mode: 'decl',
      size,
      time: o.time,
      subjKind: o.subj,
      ce,
      first: o.first,
    });
  }

  // Choose everything for a clause around a frame and realize it.
  buildClause(c0) {
    let c = c0;
    const rng = this.rng;
    const { frame, tense, size = 1 } = c;
    const verb = frame.verb;
    const slots = this.frameSlots(frame);
    const subjCls = frame.opts.subj || verb.subj;
    const bare = !!frame.opts.bare;
    const negKind = c.neg
      ? c.mode === 'decl' && !bare && tense !== 'nf' && !verb.modal && rng.chance(0.2)
        ? rng.pick(['jamais', 'plus'])
        : 'pas'
      : null;

    // subject
    let subj = c.subj;
    if (!subj && c.mode !== 'inf' && c.mode !== 'imp') {
      if (subjCls === 'ce')
        subj = null; // decided with the NP below
      else {
        const exclude = [];
        if (c.mode === 'inv') exclude.push('je', 'on', 'nous');
        if (
          slots.includes('ADJ') ||
          slots.includes('ATTR') ||
          slots.includes('NUM') ||
          verb.refl ||
          (tense === 'pc' && verb.aux === 'être')
        )
          exclude.push('on');
        const pronOnly = c.mode === 'inv' || c.subjKind === 'pron';
        subj = this.subject(subjCls === 'ce' ? 'thing' : subjCls, {
          size: Math.max(0, size - 1),
          pronOnly,
          exclude,
          noPron: c.subjKind === 'noun',
        });
      }
    }

    // Inverting a rare present-tense verb with il/elle/ils/elles makes a token of its own for each
    // pair (mange-t-il): keep those to frequent verbs, use est-ce que for the others.
    if (
      c.mode === 'inv' &&
      tense === 'pres' &&
      subj &&
      subj.feat.pron &&
      !['tu', 'vous'].includes(subj.feat.pron.f) &&
      verb.weight < 3
    ) {
      c = { ...c, mode: 'esk', eskToks: [new Tok('est-ce', 'w'), new Tok('que', 'que')] };
    }

    // object: clitic, gap or noun phrase
    const hasObj = slots.includes('OBJ');
    const objEl = frame.fr.find((x) => x.type === 'OBJ');
    let clitic = null;
    let agree = null; // participle agreement with a preceding direct object
    if (c.gap === 'OBJ') agree = c.gapAgree || null;
    else if (hasObj && !c.noClitic && rng.chance(0.14)) {
      const human = objEl.tags.some((t) => ['human', 'family', 'friend', 'job'].includes(t));
      if (human && rng.chance(0.6) && subj && !verb.ambigHuman) {
        const sp = subj.feat.p;
        const opts = this.lex.objpron.filter(
          (x) =>
            x.p !== sp &&
            !([2, 5].includes(x.p) && [2, 5].includes(sp)) &&
            !(x.p === 4 && subj.feat.on) &&
            !(x.p === 1 && sp === 4) &&
            !(x.p === 4 && sp === 1),
        );
        if (opts.length) {
          const op = rng.pick(opts);
          const ph = pair(op.f, op.e, S, 'pron', 'pron');
          clitic = ph;
          agree = { g: rng.chance(0.5) ? 'm' : 'f', n: op.p >= 4 ? 'pl' : 'sg' };
        }
      } else if (
        (!human || objEl.tags.some((t) => !['human', 'family', 'friend', 'job'].includes(t))) &&
        !verb.ambigThing
      ) {
        const tp = rng.pick(this.lex.thingpron);
        clitic = pair(tp.f, tp.e, S, 'pron', 'pron');
        agree = { g: tp.g === '*' ? (rng.chance(0.5) ? 'm' : 'f') : tp.g, n: tp.n };
      }
    }

    // ce subject: c'est + NP / adjective
    if (subjCls === 'ce') {
      const ceTok = new Tok('ce', 'ce');
      subj = new Ph([ceTok], [], []);
      subj.feat = {
        p: 3,
        g: 'm',
        n: 'sg',
        eagr: '3s',
        human: false,
        tags: new Set(['thing']),
        ce: true,
      };
    }

    // slots
    const slotPh = new Map(); // frame element -> Ph
    const mainSubjFeat = subj ? subj.feat : c.subjFeat;
    for (const el of frame.fr) {
      if (el.type === 'lit' || el.type === 'V') continue;
      if (el === objEl && (c.gap === 'OBJ' || clitic)) continue;
      if (el.type === 'LOC' && c.gap === 'LOC') continue;
      let ph;
      switch (el.type) {
        case 'OBJ':
          ph = this.np({
            tags: el.tags,
            dets: el.dets,
            role: 'obj',
            neg: !!negKind || c.negScope,
            generic: frame.opts.generic,
            owner: mainSubjFeat,
            size: Math.max(0, size - 1) + (rng.chance(0.3) ? 1 : 0),
          });
          break;
        case 'NP':
          ph = this.np({
            tags: el.tags,
            dets: el.dets,
            role: 'pobj',
            owner: mainSubjFeat,
            size: Math.max(0, size - 1),
          });
          break;
        case 'LOC':
          ph = this.placePP(el.mode || 'at', el.tags);
          break;
        case 'PP':
          ph = this.spatialPP({ size: size - 1, small: true });
          break;
        case 'INF':
          ph = this.infClause(mainSubjFeat, { size: Math.max(0, size - 1), negScope: !!negKind });
          break;
        case 'QUE':
          ph = this.queClause(Math.max(0, size - 1));
          break;
        case 'ADJ':
          ph = this.predAdj(mainSubjFeat, el.sub);
          break;
        case 'ATTR':
          ph = this.attr(mainSubjFeat);
          break;
        case 'NUM': {
          const nb = rng.pick(this.ageNumbers);
          ph = pair(nb.f, nb.e, S, 'num', 'num');
          ph.hf = ph.f;
          ph.he = ph.e;
          break;
        }
        default:
          throw new Error(`slot ${el.type}`);
      }
      slotPh.set(el, ph);
    }
    if (subjCls === 'ce') {
      // c'est un chat / ce sont mes livres / c'est bon
      const np = [...slotPh.values()][0];
      const pl = np.feat && np.feat.n === 'pl';
      subj.feat.n = pl ? 'pl' : 'sg';
      subj.feat.eagr = pl ? 'pl' : '3s';
      subj.feat.p = pl ? 6 : 3;
      const eTok = new Tok(pl ? 'they' : 'it', 'pron');
      subj.e = [eTok];
      link(subj.L, subj.f[0], eTok, S);
      if (c.mode === 'inv' && pl) retry('sont-ce');
    }

    // adjuncts
    const adj = {};
    const inMain = c.mode !== 'rel' && c.mode !== 'inf' && !bare;
    const pTime = [0.04, 0.18, 0.3, 0.4][Math.min(size, 3)];
    if (
      inMain &&
      c.time !== 'no' &&
      !c.noTime &&
      (c.time === 'front' || c.time === 'end' || rng.chance(pTime))
    ) {
      adj.time = this.adverb('time', tense);
      adj.timeFront = c.time === 'front' || (c.time !== 'end' && c.first && rng.chance(0.3));
    }
    if (
      !bare &&
      tense === 'pres' &&
      !negKind &&
      !verb.modal &&
      c.mode !== 'inf' &&
      subjCls !== 'ce' &&
      rng.chance(size >= 1 ? 0.07 : 0.02)
    )
      adj.freq = this.adverb('freq', tense);
    if (!bare && verb.manner && !negKind && !adj.freq && rng.chance(0.15))
      adj.manner = this.adverb('manner', tense, verb.manner === true ? null : verb.manner);
    const pAdjunct = bare ? 0 : [0.03, 0.15, 0.3, 0.4][Math.min(size, 3)];
    if (verb.with && negKind !== 'plus' && rng.chance(pAdjunct))
      adj.with = this.withPh(mainSubjFeat);
    if (verb.loc && !slots.includes('LOC') && negKind !== 'plus' && rng.chance(pAdjunct))
      adj.loc = rng.chance(0.75)
        ? this.placePP('at', verb.loc === true ? null : verb.loc)
        : this.adverb('place', tense);
    if (verb.motion && c.gap !== 'transport' && negKind !== 'plus' && rng.chance(pAdjunct * 0.8))
      adj.transport = this.adverb('transport', tense);

    return this.realize({ ...c, verb, frame, subj, clitic, agree, slotPh, adj, negKind });
  }

  withPh(subjFeat) {
    const rng = this.rng;
    const avec = new Tok('avec', 'prep');
    const withE = new Tok('with', 'prep');
    const L = [];
    link(L, avec, withE, S);
    let np;
    if (rng.chance(0.25)) {
      const keys = Object.keys(this.lex.stressed).filter(
        (k) => !subjFeat || parseInt(k, 10) !== subjFeat.p,
      );
      const s = this.lex.stressed[rng.pick(keys)];
      np = pair(s.f, s.e, S, 'stressed', 'pron');
    } else
      np = this.np({
        tags: ['family', 'friend', 'pet'],
        dets: ['sposs', 'sposs', 'poss', 'def', 'none'],
        role: 'pobj',
        size: 0,
        noRel: true,
        noMods: true,
        owner: subjFeat,
      });
    return join([avec, np], [withE, np], L);
  }

  predAdj(subj, sub) {
    const rng = this.rng;
    let cands;
    if (sub === 'ce') cands = this.lex.adjs.filter((a) => a.ce);
    else if (sub === 'nat') cands = this.lex.adjs.filter((a) => a.nat);
    else cands = this.lex.adjs.filter((a) => !a.nat && hasAny(a.applies, subj.tags));
    if (!cands.length) retry('no adjective');
    const a = rng.pick(cands);
    const g = sub === 'ce' ? 'm' : subj.g;
    const num = sub === 'ce' ? 'sg' : subj.n;
    const form = num === 'pl' ? (g === 'm' ? a.mpl : a.fpl) : g === 'm' ? a.m : a.f;
    const ft = new Tok(form, 'adj');
    const et = etoks(subj.human && a.human ? a.human : a.en, 'adj');
    const L = [];
    link(L, ft, et, S);
    const ph = new Ph([ft], et, L);
    ph.hf = [ft];
    ph.he = et;
    return ph;
  }

  attr(subj) {
    const rng = this.rng;
    const cands = this.nounsWith(['job'], (n) => n.g === subj.g || n.epicene, `attr:${subj.g}`);
    const n = rng.pick(cands);
    const num = subj.n;
    const nounPh = this.nounPh(n, num);
    if (num === 'sg') {
      const a = new Tok('a', 'a');
      const L = [...nounPh.L];
      link(L, nounPh.hf, a, P);
      const ph = new Ph(nounPh.f, [a, ...nounPh.e], L);
      ph.hf = nounPh.hf;
      ph.he = nounPh.he;
      return ph;
    }
    return nounPh;
  }

  infClause(mainSubj, { size = 0, negScope = false } = {}) {
    const frame = this.pickFrame({
      nested: true,
      tense: 'inf',
      subjOk: (s) => s !== 'ce' && s !== 'thing',
      fkey: 'inf',
    });
    return this.buildClause({
      frame,
      tense: 'inf',
      mode: 'inf',
      size,
      subjFeat: mainSubj,
      negScope,
      noTime: true,
    });
  }

  queClause(size) {
    const q = new Tok('que', 'que');
    const that = new Tok('that', 'w');
    const L = [];
    link(L, q, that, S);
    const cl = this.declClause({ size: Math.min(size, 1), time: 'no' });
    return join([q, cl], [that, cl], L);
  }

  relClause(ante, size) {
    const rng = this.rng;
    const tense = rng.chance(0.65) ? 'pres' : 'pc';
    const anteCls = ante.human ? 'human' : ante.tags.has('animal') ? 'animal' : 'thing';
    if (rng.chance(0.55)) {
      // qui: the antecedent is the subject
      const frame = this.pickFrame({
        tense,
        nested: true,
        subjOk: (s) =>
          anteCls === 'human'
            ? ['human', 'animate', 'any'].includes(s)
            : anteCls === 'animal'
              ? ['animate', 'any'].includes(s)
              : s === 'thing' || s === 'any',
        fkey: `relsubj:${anteCls}`,
      });
      const qui = new Tok('qui', 'rel');
      const that = new Tok('that', 'rel');
      const subj = new Ph([qui], [that], [[qui, that, S]]);
      subj.feat = { ...ante };
      return this.buildClause({
        frame,
        tense,
        neg: false,
        mode: 'rel',
        size: Math.max(0, size - 1),
        subj,
        noClitic: true,
      });
    }
    // que: the antecedent is the object
    const frame = this.pickFrame({
      tense,
      nested: true,
      needSlot: (f) => {
        const o = f.fr.find((x) => x.type === 'OBJ');
        return o && hasAny(ante.tags, o.tags) && !f.opts.generic;
      },
      fkey: `relobj:${ante.name ? 'name' : ante.noun ? ante.noun.fr : [...ante.tags].join('/')}`,
    });
    const que = new Tok('que', 'que');
    const that = new Tok('that', 'rel');
    const wh = new Ph([que], [that], [[que, that, S]]);
    return this.buildClause({
      frame,
      tense,
      neg: false,
      mode: 'rel',
      size: 0,
      wh,
      gap: 'OBJ',
      gapAgree: { g: ante.g, n: ante.n },
      noClitic: true,
      subjKind: 'pron',
    });
  }

  // ------------------------------------------------------------------------------ realization
  // Lays out French and English for a clause whose parts are all chosen.
  realize(c) {
    const { verb, frame, tense, subj, clitic, slotPh, adj, negKind } = c;
    const mode = c.mode; // decl | inv | esk | into | rel | inf | imp | whsubj | stylinv
    const vEl = frame.en.find((x) => x.type === 'V');
    const en = vEl && vEl.en ? this.lex.englishVerbs.get(vEl.en) : verb.en;
    const isBe = en.base === 'be';
    const sf = subj ? subj.feat : c.subjFeat;
    const p = sf ? sf.p : 3;
    const agr = sf ? sf.eagr : '3s';
    const L = [];
    const question = ['inv', 'esk', 'into', 'stylinv'].includes(mode);

    // ---------------- French verb group
    const fv = []; // French tokens of the verb group in order
    let ne = null;
    let negF = null;
    let carrier = null; // token carrying tense (and inversion)
    let lexical = []; // French tokens carrying the verb's meaning
    const refl = verb.refl ? new Tok(this.lex.reflexive[p - 1], 'pron') : null;
    const cl = clitic ? clitic.f : [];
    if (negKind) {
      ne = new Tok('ne', 'ne');
      negF = new Tok(negKind, 'neg');
    }
    const invert = (form) => {
      if (mode !== 'inv') return form;
      const pron = sf.ce ? 'ce' : sf.pron.f;
      const t = /[ae]$/.test(form) && ['il', 'elle', 'on'].includes(pron) ? '-t' : '';
      return `${form}${t}-${pron}`;
    };
    let pcAux = null;
    let pcPart = null;
    let allerTok = null;
    let infTok = null;
    if (tense === 'pres') {
      carrier = new Tok(invert(verb.pres[p - 1]), 'v');
      lexical = [carrier];
      fv.push(ne, refl, ...cl, carrier, negF);
    } else if (tense === 'pc') {
      const auxV = verb.aux === 'être' ? this.etre : this.avoir;
      pcAux = new Tok(invert(auxV.pres[p - 1]), 'v');
      let g = 'm';
      let n = 'sg';
      if (verb.aux === 'être') {
        g = sf.g;
        n = sf.n;
      } else if (c.agree) {
        g = c.agree.g;
        n = c.agree.n;
      }
      pcPart = new Tok(agreeParticiple(verb.pp, g, n), 'v');
      carrier = pcAux;
      lexical = [pcPart];
      fv.push(
        ne,
        refl,
        ...cl,
        pcAux,
        negF,
        adj.freq ? adj.freq.f : null,
        adj.manner ? adj.manner.f : null,
        pcPart,
      );
    } else if (tense === 'nf') {
      allerTok = new Tok(invert(this.aller.pres[p - 1]), 'v');
      infTok = new Tok(verb.inf, 'v');
      carrier = allerTok;
      lexical = [infTok];
      fv.push(ne, allerTok, negF, adj.manner ? adj.manner.f : null, refl, ...cl, infTok);
    } else if (tense === 'inf') {
      infTok = new Tok(verb.inf, 'v');
      lexical = [infTok];
      fv.push(refl, ...cl, infTok);
    } else if (tense === 'imp') {
      let form = c.impP === 'tu' ? verb.pres[1] : verb.pres[4];
      if (c.impP === 'tu') {
        if (form === 'vas') form = 'va';
        else if (/es$/.test(form)) form = form.slice(0, -1);
      }
      carrier = new Tok(form, 'v');
      lexical = [carrier];
      fv.push(ne, carrier, negF);
    }
    if (tense === 'pres' && (adj.freq || adj.manner)) {
      fv.push(adj.freq ? adj.freq.f : null, adj.manner ? adj.manner.f : null);
    }

    // ---------------- English verb group
    const eFront = [];
    const eRest = [];
    let eMain = [];
    const T = (t, k = 'w') => new Tok(t, k);
    const mainForm = (form) => etoks(en[form] || en.base, 'v');
    let notTok = null;
    let neverTok = null;
    let anymore = null;
    const freqE = adj.freq ? adj.freq.e : [];
    if (negKind === 'jamais') neverTok = T('never');
    else if (negKind) notTok = T('not');
    if (negKind === 'plus') anymore = T('anymore');
    const qFront = question;
    if (tense === 'imp') {
      eMain = mainForm('base');
      if (negKind) {
        const d = T('do');
        eRest.push(d, notTok, ...eMain);
        link(L, carrier, d, P);
      } else eRest.push(...eMain);
    } else if (tense === 'inf') {
      eMain = mainForm('base');
      eRest.push(...eMain);
    } else if (isBe) {
      if (tense === 'nf') {
        const am = T(BE_PRES[agr]);
        const going = T('going');
        const to = T('to');
        eMain = [T('be', 'v')];
        link(L, allerTok, [am, going], S);
        link(L, allerTok, to, P);
        if (qFront) eFront.push(am);
        else eRest.push(am);
        eRest.push(notTok || neverTok, going, to, ...eMain);
      } else {
        const b = T(tense === 'pres' ? BE_PRES[agr] : BE_PAST[agr], 'v');
        eMain = [b];
        if (tense === 'pc') link(L, pcAux, b, P);
        if (qFront) eFront.push(b);
        else eRest.push(b);
        eRest.push(notTok || neverTok, ...freqE);
      }
    } else if (verb.modal) {
      const words = etoks(en.base, 'v');
      eMain = words;
      if (negKind && verb.enneg && !qFront) {
        const cn = T(verb.enneg, 'v');
        eMain = [cn];
        eRest.push(cn);
        link(L, [ne, negF], cn, S);
        notTok = null;
      } else if (qFront) {
        eFront.push(words[0]);
        eRest.push(notTok, ...words.slice(1));
      } else eRest.push(words[0], notTok, ...words.slice(1));
    } else if (tense === 'nf') {
      const am = T(BE_PRES[agr]);
      const going = T('going');
      const to = T('to');
      eMain = mainForm('base');
      link(L, allerTok, [am, going], S);
      link(L, allerTok, to, P);
      if (qFront) eFront.push(am);
      else eRest.push(am);
      eRest.push(notTok || neverTok, going, to, ...eMain);
    } else {
      // present or past of an ordinary verb
      const needDo = qFront || negKind === 'pas' || negKind === 'plus';
      if (needDo) {
        const d = T(tense === 'pc' ? 'did' : DO[agr]);
        eMain = mainForm('base');
        if (tense === 'pc') link(L, pcAux, d, S);
        else link(L, carrier, d, P);
        if (qFront) eFront.push(d);
        else eRest.push(d);
        eRest.push(notTok, ...freqE, ...eMain);
        if (mode === 'esk') link(L, c.eskToks, d, P);
      } else {
        eMain = mainForm(tense === 'pc' ? 'past' : agr === '3s' ? 's3' : 'base');
        if (tense === 'pc') link(L, pcAux, eMain, P);
        eRest.push(neverTok, ...freqE, ...eMain);
      }
    }
    if (mode === 'esk' && eFront.length) link(L, c.eskToks, eFront, P);
    // verb meaning
    link(L, lexical, eMain, S);
    if (refl) link(L, refl, eMain, P);
    if (notTok) link(L, [ne, negKind === 'plus' ? null : negF], notTok, S);
    if (neverTok) link(L, [ne, negF], neverTok, S);
    if (anymore) link(L, negF, anymore, S);
    if (mode === 'inv' && subj) link(L, carrier, subj.e, S);

    // ---------------- frame elements
    const frOut = [];
    const enOut = [];
    const litF = [];
    const litE = [];
    for (const el of frame.fr) {
      if (el.type === 'V') frOut.push(...fv);
      else if (el.type === 'lit') {
        const t = new Tok(el.t, 'lit');
        litF.push(t);
        frOut.push(t);
      } else {
        const ph = slotPh.get(el);
        if (ph) frOut.push(ph);
      }
    }
    const objEl = frame.fr.find((x) => x.type === 'OBJ');
    const enSlotCount = {};
    const frSlotsByType = {};
    for (const el of frame.fr)
      if (el.type !== 'lit' && el.type !== 'V') (frSlotsByType[el.type] ||= []).push(el);
    const slotFor = (type, idx) => (frSlotsByType[type] || [])[idx];
    let vPlaced = false;
    for (const el of frame.en) {
      if (el.type === 'V') {
        vPlaced = true;
        enOut.push('VG');
      } else if (el.type === 'lit') {
        const t = new Tok(el.t, el.t === 'a' ? 'a' : 'lit');
        litE.push(t);
        enOut.push(t);
      } else {
        const i = (enSlotCount[el.type] = (enSlotCount[el.type] ?? -1) + 1);
        const fel = slotFor(el.type, i);
        if (!fel)
          throw new Error(`${frame.src}: English slot ${el.type} has no French counterpart`);
        if (fel === objEl && clitic) enOut.push(clitic);
        else {
          const ph = slotPh.get(fel);
          if (ph) enOut.push(ph);
        }
      }
    }
    if (!vPlaced) throw new Error(`${frame.src}: no V in English`);
    // literal links
    const nth = (list, name) => {
      const m = /^(.*?)(?:@(\d+))?$/.exec(name);
      const t = list.filter((x) => x.t === m[1])[(m[2] ? +m[2] : 1) - 1];
      return t ? [t] : [];
    };
    const resolveF = (name) => {
      if (name === 'V') return lexical;
      const el = frame.fr.find((x) => x.type === name);
      if (el) {
        const ph = el === objEl && clitic ? clitic : slotPh.get(el);
        return ph ? ph.hf || ph.f : [];
      }
      return nth(litF, name);
    };
    const resolveE = (name) => {
      if (name === 'V') return eMain;
      if (/^[A-Z]+$/.test(name)) {
        const el = frame.fr.find((x) => x.type === name);
        const ph = el && (el === objEl && clitic ? clitic : slotPh.get(el));
        return ph ? ph.he || ph.e : [];
      }
      return nth(litE, name);
    };
    const linkedF = new Set();
    const linkedE = new Set();
    for (const lk of frame.links) {
      const a = resolveF(lk.f);
      const b = resolveE(lk.e);
      link(L, a, b, lk.type);
      a.forEach((x) => linkedF.add(x));
      b.forEach((x) => linkedE.add(x));
    }
    for (const t of litF) if (!linkedF.has(t)) link(L, t, eMain, P);
    for (const t of litE) if (!linkedE.has(t)) link(L, lexical, t, P);

    // ---------------- assemble
    const fParts = [];
    const eParts = [];
    if (adj.time && adj.timeFront) {
      const comma = new Tok(',', 'p');
      const commaE = new Tok(',', 'p');
      L.push([comma, commaE, S]);
      fParts.push(adj.time, comma);
      eParts.push(adj.time, commaE);
    }
    if (c.wh) {
      fParts.push(c.wh);
      eParts.push(c.wh);
    }
    if (mode === 'esk') fParts.push(c.eskToks);
    const subjF = subj && mode !== 'inv' && mode !== 'stylinv' ? subj : null;
    if (subjF) fParts.push(subjF);
    // French: verb group and frame in order
    const frBody = frOut.map((x) => x);
    if (mode === 'stylinv') frBody.push(subj);
    fParts.push(...frBody);
    // English: [front] subject rest frame
    const subjE = subj && mode === 'inv' ? subj.e : subj;
    if (question) eParts.push(eFront, subjE, eRest.filter(Boolean));
    else eParts.push(subjE, eRest.filter(Boolean));
    // English frame elements after V
    for (const x of enOut) if (x !== 'VG') eParts.push(x);
    // adjuncts (French order: with, loc, transport, time; English: manner, anymore, ...)
    if (adj.manner && tense !== 'pres' && tense !== 'pc' && tense !== 'nf') fParts.push(adj.manner);
    if (adj.manner) eParts.push(adj.manner);
    if (adj.freq && tense !== 'pres' && tense !== 'pc') fParts.push(adj.freq);
    if (anymore) eParts.push([anymore]);
    for (const k of ['with', 'loc', 'transport']) {
      if (adj[k]) {
        fParts.push(adj[k]);
        eParts.push(adj[k]);
      }
    }
    if (adj.time && !adj.timeFront) {
      fParts.push(adj.time);
      eParts.push(adj.time);
    }
    // The verb-group French tokens are raw tokens inside frOut; collect the phrases whose links
    // must be kept (clitic, adverbs, subject) through join.
    if (adj.freq) L.push(...adj.freq.L);
    if (clitic) L.push(...clitic.L);
    const out = join(fParts, eParts, L);
    out.f = out.f.filter(Boolean);
    out.e = out.e.filter(Boolean);
    out.hf = lexical;
    out.he = eMain;
    return out;
  }
  // ------------------------------------------------------------------------------ questions
  question(o = {}) {
    const rng = this.rng;
    const size = o.size ?? 1;
    const kind = o.kind || (rng.chance(0.45) ? 'yn' : 'wh');
    const tense = this.pickTense();
    const esk = () => [new Tok('est-ce', 'w'), new Tok('que', 'que')];
    const time = rng.chance(0.12) ? 'end' : 'no';
    if (kind === 'yn') {
      const mode = rng.pickKey({ inv: 0.4, esk: 0.4, into: 0.2 });
      const ce = tense === 'pres' && rng.chance(0.06);
      const frame = this.pickFrame({ tense, q: true, ce });
      return this.buildClause({
        frame,
        tense,
        neg: false,
        mode,
        size,
        eskToks: mode === 'esk' ? esk() : null,
        time,
      });
    }
    const w = rng.pickKey({
      où: 3,
      quand: 2,
      pourquoi: 2,
      comment: 1,
      quis: 2,
      quio: 1,
      que: 3,
      combien: 1.5,
      quel: 1.5,
    });
    let mode = rng.chance(0.5) ? 'inv' : 'esk';
    const whPh = (f, e) => {
      const ph = pair(f, e, S, f === 'que' ? 'que' : 'wh', 'wh');
      return ph;
    };
    const objTags = (f) => {
      const o2 = f.fr.find((x) => x.type === 'OBJ');
      return o2 ? o2.tags : null;
    };
    const HUMAN = ['human', 'family', 'friend', 'job'];
    switch (w) {
      case 'où': {
        const frame = this.pickFrame({
          tense,
          q: true,
          needSlot: (f) => f.fr.some((x) => x.type === 'LOC' && x.mode !== 'from'),
          fkey: 'où',
        });
        const wh = whPh('où', 'where');
        if (frame.verb === this.etre && tense === 'pres' && rng.chance(0.5)) {
          const subj = this.subject('animate', { size: Math.max(0, size - 1), noPron: true });
          return this.buildClause({
            frame,
            tense,
            neg: false,
            mode: 'stylinv',
            size,
            wh,
            gap: 'LOC',
            subj,
            time: 'no',
          });
        }
        return this.buildClause({
          frame,
          tense,
          neg: false,
          mode,
          size,
          wh,
          gap: 'LOC',
          eskToks: mode === 'esk' ? esk() : null,
          time,
        });
      }
      case 'quand':
      case 'pourquoi':
      case 'comment': {
        const neg = w === 'pourquoi' && rng.chance(0.3);
        const frame = this.pickFrame({
          tense,
          q: true,
          neg,
          needSlot: w === 'comment' ? (f, v) => v.motion : null,
          fkey: w === 'comment' ? 'comment' : null,
        });
        const wh = whPh(w, { quand: 'when', pourquoi: 'why', comment: 'how' }[w]);
        return this.buildClause({
          frame,
          tense,
          neg,
          mode,
          size,
          wh,
          gap: w === 'comment' ? 'transport' : null,
          eskToks: mode === 'esk' ? esk() : null,
          time: w === 'quand' ? 'no' : time,
        });
      }
      case 'quis': {
        const frame = this.pickFrame({
          tense,
          q: true,
          subjOk: (s) => ['human', 'animate', 'any'].includes(s),
          fkey: 'quis',
        });
        const subj = whPh('qui', 'who');
        subj.feat = {
          p: 3,
          g: 'm',
          n: 'sg',
          eagr: '3s',
          human: true,
          tags: new Set(['human', 'any']),
        };
        return this.buildClause({ frame, tense, neg: false, mode: 'decl', size, subj, time });
      }
      case 'quio':
      case 'que':
      case 'combien':
      case 'quel': {
        const frame = this.pickFrame({
          tense,
          q: true,
          needSlot: (f) => {
            const t = objTags(f);
            if (!t) return false;
            if (w === 'quio') return t.some((x) => HUMAN.includes(x)) && !f.verb.ambigHuman;
            if (!t.some((x) => !HUMAN.includes(x))) return false;
            if (w === 'que' && f.verb.ambigThing) return false;
            if (w === 'combien') {
              const d = f.fr.find((x) => x.type === 'OBJ').dets || [];
              return d.includes('indef') || d.includes('num') || d.includes('part');
            }
            return true;
          },
          fkey: w,
        });
        // Questions on the object: "quio" (qui asking for the object: who) and que (what).
        const objectWord = { quio: ['qui', 'who'], que: ['que', 'what'] }[w];
        if (objectWord) {
          const wh = whPh(...objectWord);
          return this.buildClause({
            frame,
            tense,
            neg: false,
            mode,
            size,
            wh,
            gap: 'OBJ',
            gapAgree: { g: 'm', n: 'sg' },
            eskToks: mode === 'esk' ? esk() : null,
            time,
          });
        }
        const tags = objTags(frame).filter((x) => !HUMAN.includes(x));
        const nouns = this.nounsWith(
          tags,
          (n) =>
            !n.tags.has('human') &&
            !n.tags.has('city') &&
            !n.tags.has('country') &&
            !n.tags.has('language') &&
            !n.enbare &&
            (w === 'quel' || !n.sgonly || n.mass),
          `wh:${w}`,
        );
        if (!nouns.length) retry('no noun for wh');
        const n = rng.pick(nouns);
        let num;
        let wh;
        if (w === 'combien') {
          const mass = n.nocount || (n.mass && rng.chance(0.5));
          num = n.plonly || !mass ? 'pl' : 'sg';
          const nounPh = this.nounPh(n, num);
          const comb = new Tok('combien', 'wh');
          const de = new Tok('de', 'de');
          const how = new Tok('how', 'wh');
          const many = new Tok(num === 'pl' && !n.nocount && !n.enmass ? 'many' : 'much', 'wh');
          const L = [
            [comb, how, S],
            [comb, many, S],
            [de, many, P],
          ];
          wh = join([comb, de, nounPh], [how, many, nounPh], L);
        } else {
          num = n.plonly ? 'pl' : n.sgonly || n.nocount ? 'sg' : rng.chance(0.25) ? 'pl' : 'sg';
          const nounPh = this.nounPh(n, num);
          const q = new Tok(
            num === 'pl' ? (n.g === 'm' ? 'quels' : 'quelles') : n.g === 'm' ? 'quel' : 'quelle',
            'wh',
          );
          const which = new Tok('which', 'wh');
          wh = join([q, nounPh], [which, nounPh], [[q, which, S]]);
        }
        return this.buildClause({
          frame,
          tense,
          neg: false,
          mode,
          size,
          wh,
          gap: 'OBJ',
          gapAgree: { g: n.g, n: num },
          eskToks: mode === 'esk' ? esk() : null,
          time,
        });
      }
      default:
        throw new Error(w);
    }
  }

  imperative(o = {}) {
    const rng = this.rng;
    const p = o.p || (rng.chance(0.6) ? 'tu' : 'vous');
    const neg = o.neg === 'yes' ? true : o.neg === 'no' ? false : rng.chance(0.2);
    const frame = this.pickFrame({ imp: true, neg, tense: 'imp' });
    const subjFeat = {
      p: p === 'tu' ? 2 : 5,
      g: rng.chance(0.5) ? 'm' : 'f',
      n: p === 'tu' ? 'sg' : 'pl',
      eagr: 'pl',
      human: true,
      tags: new Set(['human', 'any']),
    };
    return this.buildClause({
      frame,
      tense: 'imp',
      neg,
      mode: 'imp',
      impP: p,
      subjFeat,
      size: o.size ?? 1,
      noClitic: true,
      time: 'no',
    });
  }

  // il y a / there is
  exist(o = {}) {
    const rng = this.rng;
    const size = o.size ?? 1;
    const q = o.q || 'no';
    const tense = q === 'inv' ? 'pres' : rng.pickKey({ pres: 0.75, pc: 0.1, nf: 0.15 });
    const neg =
      tense !== 'nf' && q === 'no' && (o.neg === 'yes' || (o.neg !== 'no' && rng.chance(0.25)));
    const np = this.np({
      tags: ['animal', 'thing', 'food', 'drink', 'clothes', 'human'],
      dets: neg ? ['indef', 'part'] : ['indef', 'indef', 'num', 'part'],
      role: 'obj',
      neg,
      size: Math.max(0, size - 1),
      filter: (n) => !n.tags.has('abstract') && !n.tags.has('language'),
      filterKey: 'exist',
    });
    const L = [];
    const T = (t, k = 'w') => new Tok(t, k);
    const il = T('il', 'pron');
    const y = T('y', 'y');
    const there = T('there');
    link(L, y, there, S);
    const agr = np.feat.n === 'pl' ? 'pl' : '3s';
    let ne = null;
    let pas = null;
    let no = null;
    if (neg) {
      ne = T('ne', 'ne');
      pas = T('pas', 'neg');
      no = T('no');
      link(L, [ne, pas], no, S);
      if (np.e.length && np.e[0].k === 'a') {
        const a = np.e[0];
        np.e = np.e.slice(1);
        np.L = np.L.filter((l) => l[1] !== a);
      }
      const de = np.f.find((t) => t.k === 'de');
      if (de) link(L, de, no, P);
    }
    let f;
    let eFront = [];
    let eRest = [];
    if (tense === 'pres') {
      const a = T(q === 'inv' ? 'a-t-il' : 'a', 'v');
      const be = T(BE_PRES[agr]);
      link(L, a, be, S);
      if (q === 'inv') {
        link(L, a, there, P);
        f = [y, a];
      } else f = [il, ne, y, a, pas];
      if (q === 'no') eRest = [there, be, no];
      else eFront = [be, there];
    } else if (tense === 'pc') {
      const a = T('a', 'v');
      const eu = T('eu', 'v');
      const be = T(BE_PAST[agr]);
      link(L, eu, be, S);
      link(L, a, be, P);
      f = [il, ne, y, a, pas, eu];
      if (q === 'no') eRest = [there, be, no];
      else eFront = [be, there];
    } else {
      const va = T('va', 'v');
      const avoir = T('avoir', 'v');
      const be = T(BE_PRES[agr]);
      const going = T('going');
      const to = T('to');
      const beInf = T('be');
      link(L, va, [be, going], S);
      link(L, va, to, P);
      link(L, avoir, beInf, S);
      f = [il, va, y, avoir];
      if (q === 'no') eRest = [there, be, going, to, beInf];
      else {
        eFront = [be, there];
        eRest = [going, to, beInf];
      }
    }
    if (q !== 'inv') link(L, il, there, P);
    let esk = [];
    if (q === 'esk') {
      esk = [T('est-ce'), T('que', 'que')];
      link(L, esk, eFront[0], P);
    }
    let loc = null;
    if (rng.chance(0.6))
      loc = rng.chance(0.5) ? this.placePP('at') : this.spatialPP({ size: size - 1 });
    return join([...esk, ...f, np, loc], [...eFront, ...eRest, np, loc], L);
  }

  utteranceNP(o = {}) {
    const rng = this.rng;
    const tags = o.tags || ['animal', 'thing', 'food', 'drink', 'clothes', 'human', 'place'];
    if (rng.chance(0.12)) {
      const n = rng.pick(
        this.nounsWith(tags, (x) => !x.tags.has('city') && !x.tags.has('country'), 'bare'),
      );
      const num = n.plonly
        ? 'pl'
        : n.sgonly || n.nocount || n.frpl === n.fr
          ? 'sg'
          : rng.chance(0.3)
            ? 'pl'
            : 'sg';
      return this.nounPh(n, num);
    }
    return this.np({
      tags,
      dets: ['def', 'indef', 'poss', 'dem', 'num', 'part'],
      role: 'utt',
      size: o.size ?? 1,
      filter: (n) => !n.tags.has('city') && !n.tags.has('language'),
      filterKey: 'utt',
    });
  }

  phrase(tag) {
    const list = tag ? this.phrasesByTag[tag] : this.lex.phrases;
    if (!list) throw new Error(`no phrase with tag ${tag}`);
    const p = this.rng.pick(list);
    return this.phraseFromEntry(p);
  }

  phraseFromEntry(p) {
    const f = ftoks(p.f, 'lit');
    const e = etoks(p.e, 'lit');
    let L;
    if (p.al) L = alignPharaoh(f, e, p.al);
    else {
      if (f.length !== 1 || e.length !== 1) throw new Error(`${p.src}: several words need links`);
      L = [[f[0], e[0], S]];
    }
    // keep the phrase's own spelling (no elision/contraction changes)
    for (const t of f) ((t.noElide = true), (t.noContract = true));
    return new Ph(f, e, L);
  }
}
