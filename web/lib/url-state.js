// The part of the page's state a link carries, and its URL form (web/README.md, "URL parameters"):
//   ?text=je+suis+étudiant&step=2&cell=2-3&view=loop&temperature=0.5&model=toy-copy
// Reading never fails: a parameter that is missing, malformed or out of range is left out (the
// page then uses its default). Writing leaves out what equals the default, so the plain page
// keeps a plain address, and keeps parameters it does not own (e.g. ?wasm=scalar).
import { DEFAULT_MODEL, FIRST_SENTENCE, TEMPERATURE_MIN, TEMPERATURE_MAX } from '../config.js';

/**
 * The views a link can open on: the chapter the reader was looking at, by name, and where that
 * chapter is on the page. The page scrolls there when the link is opened.
 */
export const VIEWS = {
  translate: '#translate',
  heatmap: '.heatmap-card',
  step0: '#step0',
  worked: '#worked',
  loop: '#loop',
  gallery: '#gallery',
};
export const DEFAULT_VIEW = 'translate';

/** Longer sentences are cut in the link: the model reads at most a few dozen words anyway. */
export const MAX_TEXT_IN_URL = 2000;
const MAX_STEP = 9999;
const OWN = ['text', 'step', 'cell', 'view', 'temperature', 'model'];

/** 1..MAX_STEP written in plain digits, else null. */
function positiveInteger(text) {
  if (!/^\d{1,4}$/.test(text ?? '')) return null;
  const value = Number(text);
  return value >= 1 && value <= MAX_STEP ? value : null;
}

/**
 * The state a query string asks for: only the valid parts, as
 * `{ text?, step?, cell?: { row, col }, view?, temperature? }` (row and col count from 0; the
 * link counts from 1, like t and i on the page). `model` stays with the boot code, which
 * reports a model that cannot be loaded.
 */
export function parseUrlState(search) {
  const params = new URLSearchParams(search);
  const state = {};
  const text = params.get('text');
  if (text !== null) state.text = text;
  const step = positiveInteger(params.get('step'));
  if (step) state.step = step;
  const [t, i, extra] = (params.get('cell') ?? '').split('-').map(positiveInteger);
  if (t && i && extra === undefined) state.cell = { row: t - 1, col: i - 1 };
  const view = params.get('view');
  if (Object.hasOwn(VIEWS, view ?? '')) state.view = view;
  const temperature = params.has('temperature') ? Number(params.get('temperature')) : NaN;
  if (temperature >= TEMPERATURE_MIN && temperature <= TEMPERATURE_MAX)
    state.temperature = temperature;
  return state;
}

/** The text as the link carries it: at most MAX_TEXT_IN_URL characters, never half an emoji. */
function textForUrl(text) {
  if (text.length <= MAX_TEXT_IN_URL) return text;
  const cut = text.slice(0, MAX_TEXT_IN_URL);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The query string ("" or "?…") for `{ text, step, cell, view, temperature, model }`, keeping
 * the parameters of `previousSearch` this module does not own.
 */
export function formatUrlState(
  { text, step, cell, view, temperature, model },
  previousSearch = '',
) {
  const params = new URLSearchParams();
  if (text !== FIRST_SENTENCE) params.set('text', textForUrl(text));
  if (step > 1) params.set('step', String(step));
  if (cell) params.set('cell', `${cell.row + 1}-${cell.col + 1}`);
  if (view && view !== DEFAULT_VIEW) params.set('view', view);
  if (temperature !== 1) params.set('temperature', String(temperature));
  if (model && model !== DEFAULT_MODEL) params.set('model', model);
  for (const [key, value] of new URLSearchParams(previousSearch))
    if (!OWN.includes(key)) params.append(key, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether a selected cell { row, col } lies inside the trace's heatmap. */
export function cellInTrace(cell, trace) {
  return Boolean(
    cell &&
    trace?.attention &&
    cell.row >= 0 &&
    cell.col >= 0 &&
    cell.row < trace.steps &&
    cell.col < trace.srcLen,
  );
}
