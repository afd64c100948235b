// <attention-explorer>: the alignment heatmap (and a small stepper) as one self-contained custom
// element. Every URL is resolved from this module's own URL, so the folder can be served from any
// sub-path; all instances on a page share one WebAssembly module and one loaded model per name.
// Styles live in a constructed stylesheet inside the shadow root (allowed under a strict CSP), and
// nothing is added to the page's globals.
import { chooseFlavour, fetchBytes, loadWasmModule } from '../lib/loader.js';
import { drawHeatmap } from '../draw/heatmap.js';
import { viridis } from '../draw/palette.js';
import { textIn } from '../lib/i18n.js';
import { THEMES } from '../lib/theme.js';

const WEB_ROOT = new URL('../', import.meta.url);
const MODELS = {
  attention: 'fr-en-attention',
  baseline: 'fr-en-baseline',
  copy: 'toy-copy',
  reverse: 'toy-reverse',
};
const DEFAULT_SENTENCE = 'je suis étudiant';

// ---- shared loading (module-level caches) ----

let modulePromise = null;
const modelPromises = new Map();

function loadModule() {
  modulePromise ??= loadWasmModule(new URL(`wasm/${chooseFlavour()}/`, WEB_ROOT).href);
  return modulePromise;
}

/** The file name of a model attribute: a short alias or a file name in models/. */
export function modelFile(name) {
  const key = (name || 'attention').trim();
  if (MODELS[key]) return MODELS[key];
  if (/^[A-Za-z0-9_-]+$/.test(key)) return key;
  return null;
}

function loadModel(file) {
  if (!modelPromises.has(file)) {
    const promise = (async () => {
      const [module, bytes] = await Promise.all([
        loadModule(),
        fetchBytes(new URL(`models/${file}.aem`, WEB_ROOT).href),
      ]);
      const explorer = new module.Explorer();
      const error = explorer.load(bytes);
      if (error) {
        explorer.delete();
        throw new Error(`models/${file}.aem could not be read (${error}).`);
      }
      return explorer;
    })();
    modelPromises.set(file, promise);
  }
  return modelPromises.get(file);
}

// ---- styles ----

const themeCss = (t) =>
  `--bg:${t.bg};--card:${t.card};--ink:${t.ink};--muted:${t.muted};--faint:${t.faint};` +
  `--grid:${t.grid};--accent:${t.accent};--focus:${t.focus};--error:${t.error};` +
  `color-scheme:${t.dark ? 'dark' : 'light'};`;

const CSS = `
:host { all: initial; display: block; box-sizing: border-box; min-width: 0; contain: content;
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; ${themeCss(THEMES.light)} }
:host([data-theme="dark"]) { ${themeCss(THEMES.dark)} }
:host([hidden]) { display: none; }
:host(:focus-visible) { outline: 3px solid var(--focus); outline-offset: 2px; }
* { box-sizing: border-box; }
.card { background: var(--card); color: var(--ink); border: 1px solid var(--grid); border-radius: 10px;
  padding: 12px 14px; height: 100%; overflow: auto; }
.row { margin: 0 0 6px; }
.label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; margin-right: 6px; }
.source, .translation { font-weight: 600; }
.translation { color: var(--accent); }
.status { color: var(--muted); margin: 8px 0; }
.error { color: var(--error); border-left: 3px solid var(--error); padding: 4px 8px; margin: 8px 0; }
canvas { display: block; margin: 8px 0; max-width: 100%; }
.controls { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 8px 0 4px; }
button { font: inherit; font-size: 14px; color: var(--ink); background: var(--faint); border: 1px solid var(--grid);
  border-radius: 6px; padding: 3px 10px; cursor: pointer; }
button:disabled { opacity: .5; cursor: default; }
button:focus-visible, a:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.caption { color: var(--ink); }
.bars { list-style: none; padding: 0; margin: 6px 0 0; }
.bars li { display: grid; grid-template-columns: minmax(3em, max-content) 1fr 3.5em; gap: 8px; align-items: center; font-size: 13px; }
.bar { height: 10px; border-radius: 3px; background: var(--faint); overflow: hidden; }
.bar > span { display: block; height: 100%; }
.pct { text-align: right; font-variant-numeric: tabular-nums; color: var(--muted); }
a { color: var(--accent); }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

let sheet = null;
function styleSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}

const el = (tag, props = {}, children = []) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else if (key.startsWith('aria-') || key === 'role' || key === 'part' || key.startsWith('data-'))
      node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) node.append(child);
  return node;
};

const percent = (a) => `${Math.round(a * 100)} %`;

// ---- the element ----

export class AttentionExplorerElement extends HTMLElement {
  static observedAttributes = ['sentence', 'step', 'view', 'model', 'theme', 'lang'];

  #root;
  #parts;
  #trace = null;
  #traceKey = '';
  #error = '';
  #step = 0;
  #width = 0;
  #pending = false;
  #generation = 0;
  #resize = null;
  #media = null;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.adoptedStyleSheets = [styleSheet()];
    const live = el('div', { className: 'sr-only', role: 'status', 'aria-live': 'polite' });
    const card = el('div', { className: 'card', part: 'card' });
    this.#root.append(card, live);
    this.#parts = { card, live };
    this.addEventListener('keydown', (event) => this.#onKey(event));
  }

  /** The current translation ("" until ready). */
  get translation() {
    return this.#trace?.translation ?? '';
  }

  /** The current 1-based step. */
  get currentStep() {
    return this.#step + 1;
  }

  connectedCallback() {
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    if (!this.hasAttribute('role')) this.setAttribute('role', 'group');
    this.#resize = new ResizeObserver((entries) => {
      const width = Math.floor(entries[0].contentRect.width);
      if (width !== this.#width) {
        this.#width = width;
        this.#schedule();
      }
    });
    this.#resize.observe(this);
    this.#media = globalThis.matchMedia?.('(prefers-color-scheme: dark)') ?? null;
    this.#media?.addEventListener('change', this.#onMedia);
    this.#schedule();
  }

  disconnectedCallback() {
    this.#resize?.disconnect();
    this.#media?.removeEventListener('change', this.#onMedia);
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    if (name === 'step') this.#step = this.#parseStep();
    this.#schedule();
  }

  #onMedia = () => this.#schedule();

  #parseStep() {
    const n = Number.parseInt(this.getAttribute('step') ?? '1', 10);
    return Number.isFinite(n) ? Math.max(0, n - 1) : 0;
  }

  #view() {
    const view = this.getAttribute('view');
    return view === 'stepper' || view === 'full' ? view : 'heatmap';
  }

  #themeName() {
    const theme = this.getAttribute('theme');
    if (theme === 'light' || theme === 'dark') return theme;
    return this.#media?.matches ? 'dark' : 'light';
  }

  #schedule() {
    if (this.#pending || !this.isConnected) return;
    this.#pending = true;
    queueMicrotask(() => {
      this.#pending = false;
      this.#update();
    });
  }

  async #update() {
    const sentence = this.getAttribute('sentence') ?? DEFAULT_SENTENCE;
    const file = modelFile(this.getAttribute('model'));
    const key = `${file}\u0000${sentence}`;
    this.dataset.theme = this.#themeName();
    if (key === this.#traceKey) {
      this.#render();
      return;
    }
    const generation = ++this.#generation;
    this.#traceKey = key;
    this.#trace = null;
    this.#error = '';
    this.dataset.status = 'loading';
    this.#render();
    try {
      if (!file) throw new Error(`"${this.getAttribute('model')}" is not a model name.`);
      const explorer = await loadModel(file);
      if (generation !== this.#generation) return;
      const trace = explorer.translate(sentence, { topK: 1 });
      if (!trace.ok) throw new Error(trace.empty ? this.#text('embed.typeSentence') : trace.error);
      this.#trace = trace;
      this.#step = Math.min(this.#parseStep(), Math.max(0, trace.steps - 1));
      this.dataset.status = 'ready';
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#error = this.#text('embed.couldNotStart', { reason: error?.message ?? error });
      this.dataset.status = 'error';
    }
    this.#render();
    if (this.#trace && this.#view() !== 'heatmap') this.#announce();
    this.dispatchEvent(new Event(this.#error ? 'error' : 'ready'));
  }

  #onKey(event) {
    if (!this.#trace || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key === 'Home') this.#go(-Infinity);
    else if (event.key === 'End') this.#go(Infinity);
    else if (moves[event.key]) this.#go(moves[event.key]);
    else return;
    event.preventDefault();
  }

  #go(delta) {
    const last = Math.max(0, (this.#trace?.steps ?? 1) - 1);
    const next = Math.min(last, Math.max(0, this.#step + delta));
    if (next === this.#step) return;
    this.#step = next;
    this.#render();
    this.#announce();
    this.dispatchEvent(new CustomEvent('stepchange', { detail: { step: next + 1 } }));
  }

  /** "step 2: 'am' takes 73 % of its attention from 'suis'". */
  describeStep() {
    const trace = this.#trace;
    if (!trace) return '';
    const t = this.#step;
    const word = trace.outTokens[t];
    if (!trace.alpha.length) return this.#text('embed.describeNoAttention', { step: t + 1, word });
    let best = 0;
    for (let i = 1; i < trace.srcLen; i++)
      if (trace.alpha[t * trace.srcLen + i] > trace.alpha[t * trace.srcLen + best]) best = i;
    const a = trace.alpha[t * trace.srcLen + best];
    const source = trace.tokens[best];
    return this.#text('embed.describe', { step: t + 1, word, percent: percent(a), source });
  }

  /** Interface text in the element's own language: its lang attribute, or its page's. */
  #text(key, params) {
    const lang = this.closest('[lang]')?.lang ?? '';
    return textIn(lang.toLowerCase().startsWith('fr') ? 'fr' : 'en', key, params);
  }

  #announce() {
    this.#parts.live.textContent = this.describeStep();
  }

  #render() {
    const { card } = this.#parts;
    const sentence = this.getAttribute('sentence') ?? DEFAULT_SENTENCE;
    const view = this.#view();
    const trace = this.#trace;
    this.setAttribute(
      'aria-label',
      trace
        ? this.#text('embed.elementTranslated', { sentence, translation: trace.translation })
        : this.#text('embed.element', { sentence }),
    );
    const nodes = [
      el('p', { className: 'row' }, [
        el('span', { className: 'label', text: this.#text('embed.source') }),
        el('span', { className: 'source', lang: 'fr', text: sentence }),
      ]),
    ];
    if (this.#error) {
      nodes.push(el('p', { className: 'error', role: 'alert', text: this.#error }));
    } else if (!trace) {
      nodes.push(el('p', { className: 'status', text: this.#text('embed.loading') }));
    } else {
      nodes.push(
        el('p', { className: 'row' }, [
          el('span', { className: 'label', text: this.#text('embed.target') }),
          el('span', { className: 'translation', lang: 'en', text: trace.translation }),
        ]),
      );
      nodes.push(...this.#heatmap(trace, view));
      if (view !== 'heatmap') nodes.push(...this.#stepper(trace));
      if (view === 'full') {
        const url = new URL('index.html', WEB_ROOT);
        url.searchParams.set('text', sentence);
        const file = modelFile(this.getAttribute('model'));
        if (file && file !== MODELS.attention) url.searchParams.set('model', file);
        nodes.push(
          el('p', { className: 'row' }, [
            el('a', {
              href: url.href,
              target: '_blank',
              rel: 'noopener',
              text: this.#text('embed.openFull'),
            }),
          ]),
        );
      }
    }
    const focused = this.#root.activeElement?.dataset?.action;
    card.replaceChildren(...nodes);
    if (focused) card.querySelector(`[data-action="${focused}"]`)?.focus();
  }

  #heatmap(trace, view) {
    if (!trace.alpha.length)
      return [el('p', { className: 'status', text: this.#text('embed.noAttention') })];
    const canvas = el('canvas', {
      role: 'img',
      'aria-label': this.#text('embed.heatmap', { rows: trace.steps, cols: trace.srcLen }),
    });
    const width = Math.max(120, (this.#width || this.clientWidth || 480) - 30);
    const theme = THEMES[this.#themeName()];
    const layout = drawHeatmap(
      canvas,
      {
        alpha: trace.alpha,
        rows: trace.steps,
        cols: trace.srcLen,
        rowLabels: trace.outTokens,
        colLabels: trace.tokens,
        outlinedRow: this.#step,
        hover: null,
      },
      { width, theme, maxCell: 48 },
    );
    canvas.dataset.rows = String(layout.rows);
    canvas.dataset.cols = String(layout.cols);
    return [canvas];
  }

  #stepper(trace) {
    const t = this.#step;
    const prev = el('button', {
      type: 'button',
      text: this.#text('embed.previous'),
      disabled: t === 0,
      'aria-label': this.#text('embed.previousLabel'),
      'data-action': 'prev',
    });
    const next = el('button', {
      type: 'button',
      text: this.#text('embed.next'),
      disabled: t >= trace.steps - 1,
      'aria-label': this.#text('embed.nextLabel'),
      'data-action': 'next',
    });
    prev.addEventListener('click', () => this.#go(-1));
    next.addEventListener('click', () => this.#go(1));
    const caption = el('span', {
      className: 'caption',
      text: this.#text('embed.caption', {
        step: t + 1,
        steps: trace.steps,
        word: trace.outTokens[t],
      }),
    });
    const nodes = [el('div', { className: 'controls' }, [prev, next, caption])];
    if (trace.alpha.length) {
      const list = el('ul', {
        className: 'bars',
        'aria-label': this.#text('embed.bars', { word: trace.outTokens[t] }),
      });
      for (let i = 0; i < trace.srcLen; i++) {
        const a = trace.alpha[t * trace.srcLen + i];
        const fill = el('span');
        fill.style.width = `${(a * 100).toFixed(1)}%`;
        fill.style.background = viridis(a);
        list.append(
          el('li', {}, [
            el('span', { text: trace.tokens[i], lang: 'fr' }),
            el('span', { className: 'bar', 'aria-hidden': 'true' }, [fill]),
            el('span', { className: 'pct', text: percent(a) }),
          ]),
        );
      }
      nodes.push(list);
    }
    return nodes;
  }
}

if (!customElements.get('attention-explorer'))
  customElements.define('attention-explorer', AttentionExplorerElement);
