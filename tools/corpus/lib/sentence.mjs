// Expands a sentence construction (constructions.txt) into a sentence pair.
import { Tok, Ph, S, P, join } from './phrase.mjs';
import { PUNCT } from './tokenize.mjs';

export function buildNonterminal(b, el, z, first) {
  const p = el.params;
  switch (el.name) {
    case 'CL':
      return b.declClause({
        tense: p.tense,
        neg: p.neg,
        time: p.time,
        subj: p.subj,
        size: z,
        first,
      });
    case 'Q':
      return b.question({ kind: p.kind, size: z });
    case 'IMP':
      return b.imperative({ p: p.p, neg: p.neg, size: z });
    case 'EXIST':
      return b.exist({ q: p.q, neg: p.neg, size: z });
    case 'NP':
      return b.utteranceNP({ size: z, tags: p.tag ? p.tag.split('/') : null });
    case 'PHRASE':
      return b.phrase(p.tag);
    case 'NAME':
      return b.nameNP(p.g);
    default:
      throw new Error(`unknown nonterminal {${el.name}}`);
  }
}

export function expandConstruction(b, cons, z) {
  const frNT = [];
  const fParts = [];
  const litF = [];
  for (const el of cons.fr) {
    if (el.type === 'lit') {
      const t = new Tok(el.t, 'lit');
      litF.push(t);
      fParts.push(t);
    } else {
      const ph = buildNonterminal(b, el, z, fParts.length === 0);
      frNT.push({ el, ph, used: false });
      fParts.push(ph);
    }
  }
  const eParts = [];
  const litE = [];
  for (const el of cons.en) {
    if (el.type === 'lit') {
      const t = new Tok(el.t, el.t === 'a' ? 'a' : 'lit');
      litE.push(t);
      eParts.push(t);
    } else {
      const m = frNT.find(
        (x) => !x.used && x.el.name === el.name && (x.el.label || null) === (el.label || null),
      );
      if (!m) throw new Error(`${cons.src}: English {${el.name}} has no French counterpart`);
      m.used = true;
      eParts.push(m.ph);
    }
  }
  const unused = frNT.find((x) => !x.used);
  if (unused) throw new Error(`${cons.src}: French {${unused.el.name}} has no English counterpart`);
  // literal links
  const L = [];
  const take = (list, name, used) => {
    const m = /^(.*?)(?:@(\d+))?$/.exec(name);
    const k = m[2] ? +m[2] : 1;
    const hits = list.filter((t) => t.t === m[1]);
    const t = hits[k - 1];
    if (!t) throw new Error(`${cons.src}: link word "${name}" not found`);
    used.add(t);
    return t;
  };
  const usedF = new Set();
  const usedE = new Set();
  for (const lk of cons.links) L.push([take(litF, lk.f, usedF), take(litE, lk.e, usedE), lk.type]);
  // identical punctuation, in order
  const fp = litF.filter((t) => PUNCT.has(t.t) && !usedF.has(t));
  const ep = litE.filter((t) => PUNCT.has(t.t) && !usedE.has(t));
  for (const t of fp) {
    const j = ep.findIndex((x) => x.t === t.t);
    if (j >= 0) {
      L.push([t, ep[j], S]);
      usedF.add(t);
      usedE.add(ep[j]);
      ep.splice(j, 1);
    }
  }
  for (const t of litF)
    if (!usedF.has(t)) throw new Error(`${cons.src}: French literal "${t.t}" has no link`);
  for (const t of litE)
    if (!usedE.has(t)) throw new Error(`${cons.src}: English literal "${t.t}" has no link`);
  return join(fParts, eParts, L);
}
