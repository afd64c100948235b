// Interface language. Every word of the interface lives in web/text/en.js and web/text/fr.js;
// code asks for a text by its key, t(key, { name: value }). The static page text is marked in
// index.html with data-i18n="key" (element content) and data-i18n-attr="attribute:key …"
// (attributes); translateDocument() fills both. index.html keeps its English text so the page
// reads before the scripts run; a test checks that text against en.js so the two cannot drift.
import { EN } from '../text/en.js';
import { FR } from '../text/fr.js';
import { fixed } from './format.js';

export const DICTIONARIES = Object.freeze({ en: EN, fr: FR });
export const LANGUAGES = Object.freeze(Object.keys(DICTIONARIES));
const STORAGE_KEY = 'attention-explorer-language';

let current = 'en';
const listeners = new Set();

/**
 * The language to start in: ?lang= when it names one, else a choice remembered from the toggle,
 * else French for a browser that prefers French, else English.
 */
export function chooseLanguage({ requested = null, stored = null, preferred = [] } = {}) {
  for (const candidate of [requested, stored]) if (LANGUAGES.includes(candidate)) return candidate;
  const first = preferred.find(Boolean) ?? '';
  return first.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** chooseLanguage() fed from the page: its URL, its storage and the browser's preferences. */
export function initialLanguage(search = globalThis.location?.search ?? '') {
  let stored = null;
  try {
    stored = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    // Storage can be disabled; the browser preference applies.
  }
  const nav = globalThis.navigator;
  return chooseLanguage({
    requested: new URLSearchParams(search).get('lang'),
    stored,
    preferred: nav?.languages?.length ? nav.languages : [nav?.language],
  });
}

export const language = () => current;

/**
 * The text of `key` in the current language with {name} placeholders filled from `params`.
 * A key missing from French falls back to English; a key missing everywhere is a bug and throws,
 * so a typo cannot ship as a blank label.
 */
export function t(key, params = {}) {
  return textIn(current, key, params);
}

/** t() in a given language: for an embedded explorer, which follows its own lang attribute. */
export function textIn(lang, key, params = {}) {
  const entry = (DICTIONARIES[lang] ?? EN)[key] ?? EN[key];
  if (entry === undefined) throw new Error(`No interface text for "${key}"`);
  const text = typeof entry === 'function' ? entry(params) : entry;
  return text.replace(/\{(\w+)\}/g, (match, name) =>
    name in params ? String(params[name]) : match,
  );
}

/** A number with `digits` decimals and the current language's decimal sign ("0,73" in French). */
export function formatNumber(value, digits = 2) {
  const text = fixed(value, digits);
  return current === 'fr' ? text.replace('.', ',') : text;
}

/** A score with a real minus sign ("−0.50"), as format.js's signed() in the current language. */
export function formatSigned(value, digits = 2) {
  return formatNumber(value, digits).replace(/^-/, '−');
}

/** A share as a whole percentage, "73 %", with a no-break space so it never wraps. */
export function formatPercent(share) {
  return `${Math.round(share * 100)}\u00a0%`;
}

/** Switches the interface language: <html lang>, the static text, then every listener. */
export function setLanguage(next, { remember = false, root = globalThis.document } = {}) {
  if (!LANGUAGES.includes(next)) throw new Error(`Unknown interface language "${next}"`);
  current = next;
  if (remember) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, next);
    } catch {
      // not remembered, still applied
    }
  }
  if (root) {
    root.documentElement.lang = next;
    translateDocument(root);
  }
  for (const listener of listeners) listener(next);
}

/** Calls `listener(language)` after every setLanguage(); returns the unsubscribe function. */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fills every [data-i18n] element and [data-i18n-attr] attribute under `root`. */
export function translateDocument(root = globalThis.document) {
  for (const element of root.querySelectorAll('[data-i18n]'))
    element.replaceChildren(richText(t(element.dataset.i18n), element.ownerDocument));
  for (const element of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of element.dataset.i18nAttr.trim().split(/\s+/)) {
      const [attribute, key] = pair.split(':');
      element.setAttribute(attribute, t(key));
    }
  }
}

// The only markup the dictionaries may use: the page's formula notation and inline code.
const INLINE_TAGS = new Set(['VAR', 'SUB', 'SUP', 'Q', 'CODE', 'EM', 'STRONG']);

/**
 * Dictionary text as DOM nodes. Our own strings may carry a few inline tags (see INLINE_TAGS);
 * anything else (an attribute, another tag) is reduced to its text, so a dictionary entry can
 * never add scripts, handlers or styles. User text never comes through here: it goes in with
 * textContent.
 */
export function richText(text, doc = globalThis.document) {
  const fragment = doc.createDocumentFragment();
  if (!text.includes('<')) {
    fragment.append(text);
    return fragment;
  }
  const parsed = new DOMParser().parseFromString(`<body>${text}</body>`, 'text/html').body;
  const copy = (from, to) => {
    for (const node of from.childNodes) {
      if (node.nodeType === 3) to.append(node.data);
      else if (node.nodeType === 1 && INLINE_TAGS.has(node.tagName)) {
        const element = doc.createElement(node.tagName.toLowerCase());
        copy(node, element);
        to.append(element);
      } else if (node.nodeType === 1) copy(node, to);
    }
  };
  copy(parsed, fragment);
  return fragment;
}
