// Tokenization rules shared by the generator, the self-test and (by specification) the C++
// tokenizer in core/tokenizer.h. See tools/corpus/README.md, "Tokenization".

// Words that are cut after their apostrophe when they start a written word (j'ai -> j' ai).
export const ELISION_PREFIXES = [
  "jusqu'",
  "lorsqu'",
  "puisqu'",
  "qu'",
  "j'",
  'l',
  "d'",
  "n'",
  "s'",
  "c'",
  "m'",
  "t'",
].map((p) => (p.endsWith("'") ? p : p + "'"));

// Characters that are always tokens of their own.
export const PUNCT = new Set([
  '.',
  ',',
  '!',
  '?',
  ';',
  ':',
  '(',
  ')',
  '"',
  '«',
  '»',
  '…',
  '[',
  ']',
  '/',
]);

export function normalize(text) {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u2019\u2018\u02bc\u00b4`]/g, "'"); // typographic apostrophes -> straight
}

function splitElision(word) {
  const out = [];
  let w = word;
  for (;;) {
    const p = ELISION_PREFIXES.find((pre) => w.startsWith(pre) && w.length > pre.length);
    if (!p) break;
    out.push(p);
    w = w.slice(p.length);
  }
  if (w) out.push(w);
  return out;
}

// French: NFC + lower-case; whitespace and punctuation separate tokens; a word starting with an
// elided clitic (j' l' d' n' s' c' m' t' qu' jusqu' lorsqu' puisqu') is cut after the apostrophe;
// hyphens and other apostrophes stay inside words (est-ce, peut-être, aujourd'hui).
export function tokenizeFr(text) {
  const out = [];
  for (const chunk of normalize(text).split(/\s+/u)) {
    if (!chunk) continue;
    let word = '';
    const flush = () => {
      if (word) out.push(...splitElision(word));
      word = '';
    };
    for (const ch of chunk) {
      if (PUNCT.has(ch)) {
        flush();
        out.push(ch);
      } else word += ch;
    }
    flush();
  }
  return out;
}

// English: NFC + lower-case; whitespace and punctuation separate tokens; the possessive 's is a
// token of its own (marie's -> marie 's). Other apostrophes stay (o'clock).
export function tokenizeEn(text) {
  const out = [];
  for (const chunk of normalize(text).split(/\s+/u)) {
    if (!chunk) continue;
    let word = '';
    const flush = () => {
      if (!word) return;
      if (word.length > 2 && word.endsWith("'s")) out.push(word.slice(0, -2), "'s");
      else out.push(word);
      word = '';
    };
    for (const ch of chunk) {
      if (PUNCT.has(ch)) {
        flush();
        out.push(ch);
      } else word += ch;
    }
    flush();
  }
  return out;
}

// The way a student would write the tokens (used to check that tokenizing gives them back).
export function detokenizeFr(tokens) {
  let s = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (i > 0) {
      const prev = tokens[i - 1];
      const glue = prev.endsWith("'") && ELISION_PREFIXES.includes(prev);
      const before = t === '.' || t === ',' || t === ')' || t === '…';
      if (!glue && !before) s += ' ';
    }
    s += t;
  }
  return s;
}

export function detokenizeEn(tokens) {
  let s = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (i > 0 && t !== "'s" && t !== '.' && t !== ',') s += ' ';
    s += t;
  }
  return s;
}

const FR_WORD = /^[a-zàâäçéèêëîïôöùûüÿœæ0-9]+(?:['-][a-zàâäçéèêëîïôöùûüÿœæ0-9]+)*'?$/u;
const EN_WORD = /^(?:'s|[a-z0-9]+(?:['-][a-z0-9]+)*)$/;

// Returns null when the token list obeys the rules, else a message.
export function checkTokensFr(tokens) {
  for (const t of tokens) {
    if (PUNCT.has(t)) continue;
    if (!FR_WORD.test(t)) return `bad French token "${t}"`;
    if (t !== t.normalize('NFC') || t !== t.toLowerCase()) return `not NFC lower-case: "${t}"`;
    if (t.endsWith("'") && !ELISION_PREFIXES.includes(t)) return `apostrophe at end of "${t}"`;
    const p = ELISION_PREFIXES.find((pre) => t.startsWith(pre) && t.length > pre.length);
    if (p) return `elision not split in "${t}"`;
  }
  const again = tokenizeFr(detokenizeFr(tokens));
  if (again.join(' ') !== tokens.join(' '))
    return `round trip: "${tokens.join(' ')}" -> "${again.join(' ')}"`;
  return null;
}

export function checkTokensEn(tokens) {
  for (const t of tokens) {
    if (PUNCT.has(t)) continue;
    if (!EN_WORD.test(t)) return `bad English token "${t}"`;
  }
  const again = tokenizeEn(detokenizeEn(tokens));
  if (again.join(' ') !== tokens.join(' '))
    return `round trip: "${tokens.join(' ')}" -> "${again.join(' ')}"`;
  return null;
}
