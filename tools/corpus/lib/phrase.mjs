// Phrases are pairs of token lists (French, English) with alignment links between token
// objects. Because links point at objects, not indices, a builder can put the French and the
// English tokens of a phrase wherever each language wants them (reordering), and the indices
// are computed once, at the end (finish()).

export class Tok {
  constructor(t, k = 'w', extra) {
    this.t = t; // text
    this.k = k; // kind: art, prep, de, poss, dem, pron, que, ne, ce, a (English a/an), adj, w ...
    this.aspire = false; // French: no elision before this word (h aspiré)
    this.vowel = undefined; // French: force vowel-initial (true) or not (false)
    this.mv = null; // French adjective: masculine form before a vowel (bel)
    this.noElide = false;
    this.noContract = false;
    this.i = undefined; // index in the final sentence (set by finish)
    if (extra) Object.assign(this, extra);
  }
}

export class Ph {
  constructor(f = [], e = [], L = []) {
    this.f = f; // French tokens
    this.e = e; // English tokens
    this.L = L; // links [frTok, enTok, 'S'|'P']
  }
}

export const S = 'S';
export const P = 'P';

// Link every token of a with every token of b.
export function link(L, a, b, type = S) {
  const as = Array.isArray(a) ? a : [a];
  const bs = Array.isArray(b) ? b : [b];
  for (const x of as) for (const y of bs) if (x && y) L.push([x, y, type]);
}

export function fr(text, k = 'w', extra) {
  return text
    .split(' ')
    .filter(Boolean)
    .map((t) => new Tok(t, k, extra));
}
export function en(text, k = 'w', extra) {
  return text
    .split(' ')
    .filter(Boolean)
    .map((t) => new Tok(t, k, extra));
}

// A word pair, all French tokens linked to all English tokens.
export function pair(frText, enText, type = S, fk = 'w', ek = 'w') {
  const f = fr(frText, fk);
  const e = en(enText, ek);
  const L = [];
  link(L, f, e, type);
  return new Ph(f, e, L);
}

// Apply a Pharaoh alignment string ("0-0 1?0") to token lists.
export function alignPharaoh(f, e, spec) {
  const L = [];
  for (const item of spec
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)) {
    const m = /^(\d+)([-?])(\d+)$/.exec(item);
    if (!m) throw new Error(`bad alignment item "${item}"`);
    const i = +m[1];
    const j = +m[3];
    if (i >= f.length || j >= e.length)
      throw new Error(
        `alignment ${item} out of range for "${f.map((x) => x.t).join(' ')}" / "${e.map((x) => x.t).join(' ')}"`,
      );
    L.push([f[i], e[j], m[2] === '-' ? S : P]);
  }
  return L;
}

// Concatenate phrases: French tokens in the order of fParts, English in the order of eParts.
// A part may be a Ph, an array of tokens (placed as-is), or null.
export function join(fParts, eParts, extraLinks = []) {
  const f = [];
  const e = [];
  const L = [];
  const seen = new Set();
  const addL = (p) => {
    if (p instanceof Ph && !seen.has(p)) {
      seen.add(p);
      L.push(...p.L);
    }
  };
  for (const p of fParts) {
    if (!p) continue;
    if (p instanceof Ph) {
      f.push(...p.f);
      addL(p);
    } else if (Array.isArray(p)) f.push(...p);
    else f.push(p);
  }
  for (const p of eParts) {
    if (!p) continue;
    if (p instanceof Ph) {
      e.push(...p.e);
      addL(p);
    } else if (Array.isArray(p)) e.push(...p);
    else e.push(p);
  }
  L.push(...extraLinks);
  return new Ph(f, e, L);
}

// ---------------------------------------------------------------------------------------------
// French spelling rules applied on the final token sequence: elision, contraction, cet/mon/bel.

const VOWELS = new Set([...'aeiouàâäéèêëîïôöùûüœæh']);

export function frVowelInitial(tok) {
  if (!tok) return false;
  if (tok.vowel !== undefined) return tok.vowel;
  if (tok.aspire) return false;
  const t = tok.t;
  if (t === 'y') return true;
  return VOWELS.has(t[0]);
}

const ELIDE = {
  je: "j'",
  me: "m'",
  te: "t'",
  se: "s'",
  le: "l'",
  la: "l'",
  de: "d'",
  ne: "n'",
  que: "qu'",
};

function mergeToks(a, b, text, L) {
  const m = new Tok(text, 'merged');
  for (const l of L) if (l[0] === a || l[0] === b) l[0] = m;
  return m;
}

export function frenchSurface(ph) {
  let f = ph.f;
  const L = ph.L;
  // 1. elision and vowel forms, right to left (the next word's final form decides)
  for (let i = f.length - 2; i >= 0; i--) {
    const tok = f[i];
    const next = f[i + 1];
    if (tok.noElide) continue;
    const v = frVowelInitial(next);
    if (!v) continue;
    const t = tok.t;
    if (tok.k === 'dem' && t === 'ce') tok.t = 'cet';
    else if (tok.k === 'poss' && (t === 'ma' || t === 'ta' || t === 'sa'))
      tok.t = 'm' === t[0] ? 'mon' : t[0] === 't' ? 'ton' : 'son';
    else if (tok.k === 'adj' && tok.mv) tok.t = tok.mv;
    else if (tok.k === 'ce' && t === 'ce' && /^(est|était)/.test(next.t)) tok.t = "c'";
    else if (t === 'si' && (next.t === 'il' || next.t === 'ils')) tok.t = "s'";
    else if (
      ELIDE[t] &&
      tok.k !== 'stressed' &&
      tok.k !== 'dem' &&
      tok.k !== 'ce' &&
      tok.k !== 'adj'
    ) {
      if ((t === 'le' || t === 'la') && !(tok.k === 'art' || tok.k === 'pron')) continue;
      tok.t = ELIDE[t];
    }
  }
  // 2. contraction à/de + le/les (articles only)
  const out = [];
  for (let i = 0; i < f.length; i++) {
    const a = f[i];
    const b = f[i + 1];
    if (
      b &&
      b.k === 'art' &&
      (a.t === 'à' || a.t === 'de') &&
      (b.t === 'le' || b.t === 'les') &&
      !a.noContract
    ) {
      const text = a.t === 'à' ? (b.t === 'le' ? 'au' : 'aux') : b.t === 'le' ? 'du' : 'des';
      out.push(mergeToks(a, b, text, L));
      i++;
    } else out.push(a);
  }
  ph.f = out;
  return ph;
}

// English a -> an before a vowel sound.
const AN_EXCEPT = /^(uni|use|usu|uti|eu|one|once|ewe|u\b)/;
const AN_FORCE = /^(hour|honest|honou?r|heir)/;
export function englishSurface(ph) {
  const e = ph.e;
  for (let i = 0; i < e.length - 1; i++) {
    if (e[i].k !== 'a') continue;
    const w = e[i + 1].t;
    const vowel = (/^[aeiou]/.test(w) && !AN_EXCEPT.test(w)) || AN_FORCE.test(w);
    e[i].t = vowel ? 'an' : 'a';
  }
  return ph;
}

// Final token strings and a Pharaoh alignment string. Every link must point at tokens present
// in the sentence (checked).
export function finish(ph) {
  frenchSurface(ph);
  englishSurface(ph);
  const nf = ph.f.length;
  const ne = ph.e.length;
  // token -> index, stored on the token (each token object is used once per sentence)
  for (let i = 0; i < nf; i++) ph.f[i].i = i;
  for (let j = 0; j < ne; j++) ph.e[j].i = j;
  const best = new Map();
  for (const [a, b, type] of ph.L) {
    const i = a.i;
    const j = b.i;
    if (i === undefined || j === undefined || ph.f[i] !== a || ph.e[j] !== b) {
      throw new Error(
        `dangling link ${a?.t}/${b?.t} in "${ph.f.map((t) => t.t).join(' ')}" ||| "${ph.e.map((t) => t.t).join(' ')}"`,
      );
    }
    const key = i * 1000 + j;
    if (best.get(key) !== S) best.set(key, type);
  }
  const links = [...best.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([k, type]) => [Math.floor(k / 1000), k % 1000, type]);
  return {
    fr: ph.f.map((t) => t.t),
    en: ph.e.map((t) => t.t),
    links,
    align: links.map(([i, j, type]) => `${i}${type === S ? '-' : '?'}${j}`).join(' '),
  };
}
