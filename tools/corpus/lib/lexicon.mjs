// Reads tools/corpus/grammar/*.txt into plain objects, with the regular French and English
// morphology (plurals, present tense, participles) filled in.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tokenizeFr, tokenizeEn } from './tokenize.mjs';

export const GRAMMAR_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'grammar');

function lines(dir, file) {
  const text = readFileSync(join(dir, file), 'utf8').normalize('NFC');
  const out = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\s+$/, '');
    if (!line.trim() || line.trim().startsWith('#')) return;
    out.push({ line, no: i + 1, file });
  });
  return out;
}

function cols(line, n) {
  const c = line.split('|').map((s) => s.trim());
  while (c.length < n) c.push('');
  return c;
}

function parseOpts(s) {
  const o = {};
  for (const part of s
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const m = /^([\w.]+)=(.*)$/.exec(part);
    if (m) o[m[1]] = m[2].trim();
    else o[part] = true;
  }
  return o;
}

function fail(l, msg) {
  throw new Error(`${l.file}:${l.no}: ${msg}\n  ${l.line}`);
}

// ---------------------------------------------------------------- morphology
export function frNounPlural(sg) {
  if (/[sxz]$/.test(sg)) return sg;
  if (/al$/.test(sg)) return sg.slice(0, -2) + 'aux';
  if (/(eau|au|eu)$/.test(sg)) return sg + 'x';
  return sg + 's';
}
export function frAdjPlural(sg) {
  if (/[sx]$/.test(sg)) return sg;
  if (/eau$/.test(sg)) return sg + 'x';
  if (/al$/.test(sg)) return sg.slice(0, -2) + 'aux';
  return sg + 's';
}
export function enPlural(sg) {
  const words = sg.split(' ');
  const w = words.pop();
  let p;
  if (/(s|x|z|ch|sh)$/.test(w)) p = w + 'es';
  else if (/[^aeiou]y$/.test(w)) p = w.slice(0, -1) + 'ies';
  else p = w + 's';
  return [...words, p].join(' ');
}
function frPresent(inf) {
  if (inf.endsWith('er')) {
    const st = inf.slice(0, -2);
    const nous = st.endsWith('g')
      ? st + 'eons'
      : st.endsWith('c')
        ? st.slice(0, -1) + 'çons'
        : st + 'ons';
    return [st + 'e', st + 'es', st + 'e', nous, st + 'ez', st + 'ent'];
  }
  if (inf.endsWith('ir')) {
    const st = inf.slice(0, -2);
    return [st + 'is', st + 'is', st + 'it', st + 'issons', st + 'issez', st + 'issent'];
  }
  if (inf.endsWith('re')) {
    const st = inf.slice(0, -2);
    return [st + 's', st + 's', st, st + 'ons', st + 'ez', st + 'ent'];
  }
  throw new Error(`cannot conjugate ${inf}: give pres=`);
}
function frParticiple(inf) {
  if (inf.endsWith('er')) return inf.slice(0, -2) + 'é';
  if (inf.endsWith('ir')) return inf.slice(0, -2) + 'i';
  if (inf.endsWith('re')) return inf.slice(0, -2) + 'u';
  throw new Error(`no participle for ${inf}`);
}
// Participle agreement: +e for feminine, +s for plural (not after a final s: pris, mis).
export function agreeParticiple(pp, g, n) {
  let w = pp;
  if (g === 'f') w += 'e';
  if (n === 'pl' && !(g !== 'f' && /s$/.test(pp))) w += 's';
  return w;
}

// ---------------------------------------------------------------- patterns (frames, constructions)
export function splitPattern(s) {
  return s.match(/\{[^}]*\}|\S+/g) || [];
}

function parseFrameElem(w, side) {
  if (w === 'V') return { type: 'V' };
  let m = /^V\[([\w ]+)\]$/.exec(w);
  if (m && side === 'en') return { type: 'V', en: m[1] };
  m = /^(OBJ|NP)(?::([\w/]+))?(?:\[([\w,]+)\])?$/.exec(w);
  if (m)
    return { type: m[1], tags: m[2] ? m[2].split('/') : null, dets: m[3] ? m[3].split(',') : null };
  m = /^LOC(?:\.(at|to|from))?(?::([\w/]+))?$/.exec(w);
  if (m) return { type: 'LOC', mode: m[1] || null, tags: m[2] ? m[2].split('/') : null };
  m = /^ADJ(?::(ce|nat))?$/.exec(w);
  if (m) return { type: 'ADJ', sub: m[1] || null };
  if (['PP', 'INF', 'QUE', 'ATTR', 'NUM'].includes(w)) return { type: w };
  return { type: 'lit', t: w };
}

function parseLinks(s) {
  const out = [];
  for (const item of s.split(/\s+/).filter(Boolean)) {
    const m = /^(.+?)([=~])(.+)$/.exec(item);
    if (!m) throw new Error(`bad link "${item}"`);
    out.push({ f: m[1], e: m[3], type: m[2] === '=' ? 'S' : 'P' });
  }
  return out;
}

function parseFrame(l, text) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([^:]*):\s*(.*?)\s*=>\s*(.*?)\s*(?:::\s*(.*))?$/.exec(text);
  if (!m) fail(l, 'bad frame (WEIGHT [opts]: french => english [:: links])');
  const opts = {};
  for (const o of m[2].trim().split(/\s+/).filter(Boolean)) {
    const kv = /^(\w+)=(.*)$/.exec(o);
    if (kv) opts[kv[1]] = kv[2];
    else opts[o] = true;
  }
  const frEl = [];
  for (const w of splitPattern(m[3])) {
    const el = parseFrameElem(w, 'fr');
    if (el.type === 'lit') for (const t of tokenizeFr(w)) frEl.push({ type: 'lit', t });
    else frEl.push(el);
  }
  const enEl = [];
  for (const w of splitPattern(m[4])) {
    const el = parseFrameElem(w, 'en');
    if (el.type === 'lit') for (const t of tokenizeEn(w)) enEl.push({ type: 'lit', t });
    else enEl.push(el);
  }
  return {
    weight: +m[1],
    opts,
    fr: frEl,
    en: enEl,
    links: m[5] ? parseLinks(m[5]) : [],
    src: `${l.file}:${l.no}`,
  };
}

// ---------------------------------------------------------------- loader
export function loadLexicon(dir = GRAMMAR_DIR) {
  const lex = { dir };

  // nouns
  lex.nouns = lines(dir, 'nouns.txt').map((l) => {
    const [frs, g, ens, tags, o] = cols(l.line, 5);
    if (!frs || !/^[mf]$/.test(g) || !ens)
      fail(l, 'expected french | m/f | english | tags | options');
    const opts = parseOpts(o);
    const multi = frs.includes(' ');
    if (multi && !opts.pl && !opts.sgonly && !opts.plonly && !opts.nocount)
      fail(l, 'several-word noun needs pl=');
    const n = {
      fr: frs,
      g,
      en: ens,
      tags: new Set(tags.split(/\s+/).filter(Boolean)),
      frpl: opts.plonly ? frs : opts.pl || frNounPlural(frs),
      enpl: opts.enpl || (opts.plonly ? ens : enPlural(ens)),
      mass: !!opts.mass,
      nocount: !!opts.nocount,
      plonly: !!opts.plonly,
      sgonly: !!opts.sgonly,
      aspire: !!opts.aspire,
      enbare: !!opts.enbare,
      epicene: !!opts.epicene,
      enthe: !!opts.enthe,
      unique: !!opts.unique,
      enmass: !!opts.enmass,
      noposs: !!opts.noposs,
      prep: opts.prep || null,
      at: opts.at || null,
      to: opts.to || null,
      al: opts.al || null,
      src: `${l.file}:${l.no}`,
    };
    if (opts.enposs) {
      const [sg, pl] = opts.enposs.split('/');
      n.enposs = { sg, pl: pl || enPlural(sg) };
    }
    n.tags.add('any');
    // physical things (colours, weight, cleanliness apply to them)
    if ((n.tags.has('thing') || n.tags.has('clothes')) && !n.tags.has('nonphys'))
      n.tags.add('phys');
    // things one can carry, give, lose (not buildings, furniture, vehicles, plants)
    if (
      n.tags.has('phys') &&
      !['building', 'home', 'furniture', 'vehicle', 'place', 'house', 'plant'].some((t) =>
        n.tags.has(t),
      )
    )
      n.tags.add('portable');
    return n;
  });

  // adjectives
  lex.adjs = lines(dir, 'adjectives.txt').map((l) => {
    const [m, f, en, pos, applies, o] = cols(l.line, 6);
    if (!m || !f || !en || !/^(pre|post)$/.test(pos))
      fail(l, 'expected m | f | english | pre/post | tags | options');
    const opts = parseOpts(o);
    return {
      m,
      f,
      mpl: opts.inv ? m : opts.mpl || frAdjPlural(m),
      fpl: opts.inv ? f : opts.fpl || f + 's',
      en,
      human: opts.human || null,
      pos,
      applies: new Set(applies.split(/\s+/).filter(Boolean)),
      mv: opts.mv || null,
      ce: !!opts.ce,
      pred: !!opts.pred,
      nat: !!opts.nat,
      // English order when two adjectives meet: opinion 1, size 2, age 3, colour 5, origin 6
      eo: opts.eo ? +opts.eo : opts.nat ? 6 : 1,
      src: `${l.file}:${l.no}`,
    };
  });

  // verbs
  lex.verbs = [];
  lex.englishVerbs = new Map();
  let cur = null;
  for (const l of lines(dir, 'verbs.txt')) {
    if (/^english\s/.test(l.line)) {
      const [base, s3, past] = l.line
        .replace(/^english\s+/, '')
        .split(',')
        .map((s) => s.trim());
      lex.englishVerbs.set(base, { base, s3, past });
      continue;
    }
    if (/^verb\s/.test(l.line)) {
      const [head, ens, o] = cols(l.line.replace(/^verb\s+/, ''), 3);
      const opts = parseOpts(o);
      let inf = head;
      let refl = !!opts.refl;
      const rm = /^(se |s')(.+)$/.exec(head);
      if (rm) {
        inf = rm[2];
        refl = true;
      }
      const [base, s3, past] = ens.split(',').map((s) => s.trim());
      if (!base || !s3 || !past) fail(l, 'english forms: base, 3rd singular, past');
      cur = {
        inf,
        refl,
        lemma: head,
        en: { base, s3, past },
        pres: opts.pres ? opts.pres.split(/\s+/) : frPresent(inf),
        pp: opts.pp || frParticiple(inf),
        aux: refl ? 'être' : opts.aux || 'avoir',
        subj: opts.subj || 'human',
        tenses: new Set((opts.tenses || 'pres,pc,nf').split(',')),
        modal: !!opts.modal,
        enneg: opts.enneg || null,
        imp: !!opts.imp,
        manner: opts.manner === true ? true : opts.manner ? opts.manner.split('/') : false,
        loc: opts.loc === true ? true : opts.loc ? opts.loc.split('/') : false,
        noinf: !!opts.noinf,
        motion: !!opts.motion,
        with: !!opts.with,
        weight: opts.weight ? +opts.weight : 1,
        frames: [],
        src: `${l.file}:${l.no}`,
      };
      if (cur.pres.length !== 6) fail(l, 'pres= needs 6 forms');
      lex.verbs.push(cur);
      if (!lex.englishVerbs.has(base)) lex.englishVerbs.set(base, cur.en);
      continue;
    }
    if (!cur) fail(l, 'frame before any verb');
    const fr = parseFrame(l, l.line);
    fr.verb = cur;
    cur.frames.push(fr);
  }
  lex.englishVerbs.set('be', { base: 'be', s3: 'is', past: 'was', be: true });
  // A verb whose object decides the English verb (prendre un café -> have, prendre le bus ->
  // take) must keep that object visible: no le/la/les and no "que ...?" in its place.
  const HUMAN = ['human', 'family', 'friend', 'job'];
  for (const v of lex.verbs) {
    const thing = new Set();
    const human = new Set();
    for (const f of v.frames) {
      const o = f.fr.find((x) => x.type === 'OBJ');
      if (!o) continue;
      const V = f.en.find((x) => x.type === 'V');
      const e = (V && V.en) || v.en.base;
      if (o.tags.some((t) => !HUMAN.includes(t))) thing.add(e);
      if (o.tags.some((t) => HUMAN.includes(t))) human.add(e);
    }
    v.ambigThing = thing.size > 1;
    v.ambigHuman = human.size > 1;
  }
  for (const v of lex.verbs) {
    if (!v.frames.length) throw new Error(`verb ${v.lemma} has no frame`);
    for (const f of v.frames) {
      const e = f.en.find((x) => x.type === 'V');
      if (e && e.en && !lex.englishVerbs.has(e.en))
        throw new Error(`${f.src}: unknown English verb V[${e.en}]`);
    }
  }

  // function words
  lex.subjects = [];
  lex.objpron = [];
  lex.thingpron = [];
  lex.stressed = {};
  lex.possessive = {};
  lex.articles = {};
  for (const l of lines(dir, 'function.txt')) {
    const c = cols(l.line, 8);
    switch (c[0]) {
      case 'subject':
        lex.subjects.push({ f: c[1], e: c[2], p: +c[3], g: c[4], eagr: c[5], weight: +c[6] || 1 });
        break;
      case 'objpron':
        lex.objpron.push({ f: c[1], e: c[2], p: +c[3] });
        break;
      case 'thingpron':
        lex.thingpron.push({ f: c[1], e: c[2], g: c[3], n: c[4] });
        break;
      case 'reflexive':
        lex.reflexive = c.slice(1, 7);
        break;
      case 'stressed':
        lex.stressed[c[3]] = { f: c[1], e: c[2] };
        break;
      case 'possessive':
        lex.possessive[c[1]] = { m: c[2], f: c[3], pl: c[4], e: c[5] };
        break;
      case 'definite':
      case 'indefinite':
      case 'demonstrative':
        lex.articles[c[0]] = { m: c[1], f: c[2], pl: c[3], e: c[4], epl: c[5] };
        break;
      default:
        fail(l, `unknown table ${c[0]}`);
    }
  }

  lex.names = lines(dir, 'names.txt').map((l) => {
    const [f, e, g] = cols(l.line, 3);
    return { f, e, g };
  });
  lex.numbers = lines(dir, 'numbers.txt').map((l) => {
    const [f, e, v, o] = cols(l.line, 4);
    const opts = parseOpts(o);
    return { f, e, v: +v, ff: opts.f || f, aspire: !!opts.aspire };
  });

  lex.adverbs = {};
  for (const l of lines(dir, 'adverbs.txt')) {
    const [kind, f, e, tenses, al] = cols(l.line, 5);
    const item = { kind, f, e, tenses: new Set(tenses.split(/\s+/)), al, src: `${l.file}:${l.no}` };
    const nm = /\{NUM:(\d+)-(\d+)\}/.exec(f);
    if (nm) item.num = [+nm[1], +nm[2]];
    (lex.adverbs[kind] ||= []).push(item);
  }

  lex.preps = lines(dir, 'prepositions.txt').map((l) => {
    const [f, e, tags, al] = cols(l.line, 4);
    return { f, e, tags: tags.split(/\s+/).filter(Boolean), al };
  });

  lex.phrases = lines(dir, 'phrases.txt').map((l) => {
    const [tag, f, e, al] = cols(l.line, 4);
    return { tag, f, e, al, src: `${l.file}:${l.no}` };
  });

  lex.constructions = lines(dir, 'constructions.txt').map((l) => parseConstruction(l));
  return lex;
}

function parseConstruction(l) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([^:]*):\s*(.*?)\s*=>\s*(.*?)\s*(?:::\s*(.*))?$/.exec(l.line);
  if (!m) fail(l, 'bad construction (WEIGHT [options]: french => english [:: links])');
  const parseSide = (s, tok) => {
    const out = [];
    for (const w of splitPattern(s)) {
      if (w.startsWith('{')) {
        const parts = w.slice(1, -1).trim().split(/\s+/);
        const [name, label] = parts[0].split('#');
        const params = {};
        for (const p of parts.slice(1)) {
          const kv = /^(\w+)=(.*)$/.exec(p);
          if (kv) params[kv[1]] = kv[2];
          else params.tag = p;
        }
        out.push({ type: 'nt', name, label: label || null, params });
      } else for (const t of tok(w)) out.push({ type: 'lit', t });
    }
    return out;
  };
  const opts = new Set(m[2].trim().split(/\s+/).filter(Boolean));
  return {
    weight: +m[1],
    opts,
    fr: parseSide(m[3], tokenizeFr),
    en: parseSide(m[4], tokenizeEn),
    links: m[5] ? parseLinks(m[5]) : [],
    src: `${l.file}:${l.no}`,
    id: `${l.no}: ${m[3]}`,
  };
}
