// Number formatting shared by the drawings and the DOM, so a value reads the same everywhere.
import { t } from './i18n.js';

export function fixed(value, digits = 2) {
  if (!Number.isFinite(value)) return String(value);
  const text = value.toFixed(digits);
  return Object.is(Number(text), -0) ? (0).toFixed(digits) : text; // no "-0.00"
}

/** Signed with a real minus sign: for scores, which can be negative. */
export function signed(value, digits = 2) {
  const text = fixed(value, digits);
  return text.startsWith('-') ? `−${text.slice(1)}` : text;
}

export function percent(value) {
  return `${Math.round(value * 100)}%`;
}

export function bytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * How the page writes a target-vocabulary token: the markers get readable names in the interface
 * language.
 */
export function displayWord(token) {
  if (token === '</s>') return t('word.end');
  if (token === '<s>') return t('word.start');
  if (token === '<unk>') return t('word.unknown');
  return token;
}

/** Words longer than this many characters (as a reader counts them) are shown shortened. */
const LONGEST_SHOWN_WORD = 25;
const graphemes = new Intl.Segmenter('fr', { granularity: 'grapheme' });

/**
 * A source token as the page shows it (chips, hints, heatmap labels). The tokenizer keeps any run of letters as one word, so
 * a pasted 100,000-letter "word" would otherwise make a chip 850,000 px wide, scroll the whole
 * page sideways and cost a second of layout per keystroke. The cut falls between graphemes, so an
 * emoji sequence or a letter with its accents is never split.
 */
export function shownWord(word) {
  if (word.length <= LONGEST_SHOWN_WORD) return word;
  let count = 0;
  for (const { index } of graphemes.segment(word)) {
    if (count++ === LONGEST_SHOWN_WORD) return `${word.slice(0, index)}…`;
  }
  return word;
}
