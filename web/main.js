// Boot and wiring. Loads the WebAssembly build (SIMD when the browser has it, else scalar) and
// the model, then keeps one small state object and redraws what depends on what changed, at most
// once per animation frame, and only the views on (or near) the screen.
//
// URL parameters: ?model=NAME (a file models/NAME.aem, default in config.js), ?wasm=scalar|simd,
// ?text=SENTENCE (the first sentence), and what a shared link carries: step, cell, view, temperature
// (lib/url-state.js).
//
// Test hook (read-only, see README.md): window.__explorer and <html data-status="loading|ready|error">.
import {
  DEFAULT_MODEL,
  BASELINE_MODEL,
  COPY_MODEL,
  REVERSE_MODEL,
  EVALUATION_URL,
  DRAW_MARGIN,
  LOAD_MARGIN,
  FIRST_SENTENCE,
  TOP_K,
  modelUrl,
  wasmDir,
} from './config.js';
import { chooseFlavour, fetchBytes, loadWasmModule, LoadError } from './lib/loader.js';
import { readTheme } from './lib/theme.js';
import { analyseTrace } from './lib/trace-data.js';
import { bytes } from './lib/format.js';
import { setUpThemeToggle } from './ui/theme-toggle.js';
import { createSentenceView } from './ui/sentence.js';
import { createHeatmapView } from './ui/heatmap-view.js';
import { createSummaryView } from './ui/summary.js';
import { createLegend } from './ui/legend.js';
import { createStep0View } from './ui/step0.js';
import { createWorkedView } from './ui/worked.js';
import { createStepper } from './ui/stepper.js';
import { createPanels } from './ui/panels.js';
import { createGallery } from './ui/gallery.js';
import { createWhatIfView } from './ui/whatif.js';
import { renderFooter } from './ui/footer.js';
import { createNearScreenTracker, whenNear } from './ui/visibility.js';
import { setUpLanguageToggle } from './ui/language-toggle.js';
import { createAnnouncer } from './ui/announcer.js';
import { createDataTablesView } from './ui/data-table.js';
import { parseUrlState } from './lib/url-state.js';
import { createShareView } from './ui/share.js';
import { t } from './lib/i18n.js';

const params = new URLSearchParams(location.search);
const linked = parseUrlState(location.search); // what a shared link asks for (lib/url-state.js)
const root = document.documentElement;

const state = {
  status: 'loading',
  error: '',
  flavour: chooseFlavour(params.get('wasm')),
  modelName: params.get('model') || DEFAULT_MODEL,
  text: linked.text ?? FIRST_SENTENCE,
  temperature: linked.temperature ?? 1,
  step: linked.step ?? 1,
  selectedCell: linked.cell ?? null,
  highlight: null,
  theme: null,
  module: null,
  explorer: null,
  info: null,
  trace: null,
  analysis: null,
  failure: null,
  // Models only some sections show: 'idle' until their section comes near the screen.
  baseline: { status: 'idle' },
  evaluation: { status: 'loading' },
  toys: { copy: { status: 'idle' }, reverse: { status: 'idle' } },
};

let views = [];
let gallery = null;
let frame = 0;
let needsTranslation = true;

function update(patch) {
  Object.assign(state, patch);
  if ('text' in patch || 'temperature' in patch) needsTranslation = true;
  if (!frame) frame = requestAnimationFrame(render);
}
const requestRender = () => update({});

function translate() {
  needsTranslation = false;
  const { explorer, text, temperature } = state;
  const result = explorer.translate(text, { temperature, topK: TOP_K });
  if (result.ok) {
    state.trace = result;
    state.analysis = analyseTrace(result);
    state.failure = null;
    state.step = Math.min(Math.max(1, state.step), result.steps);
  } else {
    state.trace = null;
    state.analysis = null;
    state.failure = result;
    state.step = 1;
  }
}

// A view that exposes `element` is drawn only while that element is near the screen; skipped, it
// is stale and drawn as soon as it comes near (README.md: the view contract): right after the
// observer reports, before the next frame, so a section never appears with old drawings.
const staleViews = new Set();
let catchingUp = false;
const nearScreen = createNearScreenTracker({
  margin: DRAW_MARGIN,
  onChange(element, near) {
    if (!near || catchingUp) return;
    if (!views.some((view) => view.element === element && staleViews.has(view))) return;
    catchingUp = true; // one render for all the elements of this report
    queueMicrotask(() => {
      catchingUp = false;
      cancelAnimationFrame(frame);
      render();
    });
  },
});

function render() {
  frame = 0;
  if (state.status !== 'ready') return;
  if (needsTranslation) translate();
  for (const view of views) {
    if (view.element && !nearScreen.isNear(view.element)) {
      staleViews.add(view);
    } else {
      staleViews.delete(view);
      view.render(state);
    }
  }
  if (root.dataset.step !== String(state.step)) root.dataset.step = String(state.step);
}

function setLoading(text, fraction) {
  document.getElementById('loading-text').textContent = text;
  const progress = document.getElementById('loading-progress');
  if (fraction == null) progress.removeAttribute('value');
  else progress.value = fraction;
}

function fail(message) {
  state.status = 'error';
  state.error = message;
  root.dataset.status = 'error';
  document.getElementById('loading').hidden = true;
  document.getElementById('app').hidden = true;
  document.getElementById('failure').hidden = false;
  document.getElementById('failure-text').textContent = message;
}

async function loadExplorer(module, name, onProgress) {
  const url = modelUrl(name);
  const data = await fetchBytes(url, onProgress);
  const explorer = new module.Explorer();
  const error = explorer.load(data);
  if (error) {
    explorer.delete();
    throw new LoadError(t('load.unusableModel', { url, error }), { url });
  }
  return explorer;
}

const progressText = (what) => (received, total) =>
  setLoading(
    total
      ? t('load.progressOf', { what, received: bytes(received), total: bytes(total) })
      : t('load.progress', { what, received: bytes(received) }),
    total ? received / total : null,
  );

async function boot() {
  root.dataset.status = 'loading';
  setUpLanguageToggle(document.getElementById('language-toggle'), requestRender);
  setUpThemeToggle(document.getElementById('theme-toggle'), () => update({ theme: readTheme() }));
  if (!/^[a-z0-9][a-z0-9-]*$/.test(state.modelName)) {
    fail(t('load.badModelName', { name: state.modelName }));
    return;
  }
  let module;
  try {
    setLoading(t('load.wasm', { flavour: state.flavour }), null);
    module = await loadWasmModule(
      wasmDir(state.flavour),
      progressText(t('load.wasmDownload', { flavour: state.flavour })),
    );
    setLoading(t('load.model', { name: state.modelName }), null);
    state.explorer = await loadExplorer(
      module,
      state.modelName,
      progressText(t('load.modelDownload', { name: state.modelName })),
    );
  } catch (error) {
    fail(
      error instanceof LoadError
        ? error.message
        : t('load.unexpected', { message: error?.message ?? error }),
    );
    return;
  }
  state.module = module;
  state.info = state.explorer.info();
  state.theme = readTheme();
  document.getElementById('loading').hidden = true;
  document.getElementById('app').hidden = false;
  renderFooter({ module, flavour: state.flavour, info: state.info, modelName: state.modelName });

  const sentence = createSentenceView({
    onText: (text) => update({ text }),
    onTemperature: (temperature) => update({ temperature }),
  });
  sentence.setText(state.text);
  const onStep = (step) => update({ step });
  gallery = createGallery(document.getElementById('gallery-grid'), { requestRender });
  views = [
    createShareView(document.getElementById('share-export'), { requested: linked, update }),
    sentence,
    createHeatmapView(document.getElementById('heatmap'), {
      onPickStep: onStep,
      onSelectCell: (selectedCell) => update({ selectedCell }),
      requestRender,
    }),
    createSummaryView(document.getElementById('summary'), { requestRender }),
    createLegend(document.getElementById('legend-list'), {
      onHighlight: (highlight) => update({ highlight }),
    }),
    createStep0View({
      requestRender,
      onText: (text) => {
        sentence.setText(text);
        update({ text });
      },
    }),
    createWorkedView({ requestRender }),
    createStepper(document.getElementById('stepper'), {
      onStep,
      position: () => ({ step: state.step, steps: state.trace?.steps ?? 0 }),
    }),
    createPanels({ requestRender }),
    createWhatIfView(document.getElementById('whatif'), { requestRender }),
    gallery,
    createAnnouncer(document.getElementById('announcer')),
    createDataTablesView({ gallery, requestRender }),
  ];
  for (const view of views) if (view.element) nearScreen.track(view.element);
  state.status = 'ready';
  render();
  root.dataset.status = 'ready';
  loadOnDemand(module);
}

/**
 * What the page can live without, loaded when its section comes near the screen (the default view
 * downloads only what the first screen shows). Each failure is shown where its drawing would be.
 */
function loadOnDemand(module) {
  const optional = async (name) => {
    try {
      return { status: 'ready', name, explorer: await loadExplorer(module, name) };
    } catch (error) {
      return { status: 'missing', name, message: `${error.message}` };
    }
  };
  if (!state.info.attention) {
    update({
      baseline: { status: 'missing', message: t('load.modelHasNoAttention') },
    });
  } else {
    whenNear(document.getElementById('compare-baseline'), LOAD_MARGIN, async () => {
      update({ baseline: { status: 'loading' } });
      const baseline = await optional(BASELINE_MODEL);
      if (baseline.status === 'missing')
        baseline.message = t('load.baselineFailed', { message: baseline.message });
      update({ baseline: baseline.explorer ? withLazyTranslation(baseline) : baseline });
    });
  }
  whenNear(document.getElementById('gallery'), LOAD_MARGIN, async () => {
    update({ toys: { copy: { status: 'loading' }, reverse: { status: 'loading' } } });
    const [copy, reverse] = await Promise.all([optional(COPY_MODEL), optional(REVERSE_MODEL)]);
    update({ toys: { copy, reverse } });
  });
  fetch(EVALUATION_URL)
    .then((response) =>
      response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`)),
    )
    .then((data) => update({ evaluation: { status: 'ready', data } }))
    .catch(() => update({ evaluation: { status: 'missing' } }));
}

/**
 * The loaded baseline with `trace`: its translation of the current sentence, made when a view
 * reads it (views render only near the screen, so typing far from Step 0 does not pay for it) and
 * kept until the sentence changes.
 */
function withLazyTranslation(baseline) {
  let made = { text: null, trace: null };
  return {
    ...baseline,
    get trace() {
      if (made.text !== state.text) {
        const result = baseline.explorer.translate(state.text, { topK: TOP_K });
        made = { text: state.text, trace: result.ok ? result : null };
      }
      return made.trace;
    },
  };
}

// Read-only view for tests and the curious; nothing in it can change the page.
const plain = (value) => (ArrayBuffer.isView(value) ? Array.from(value) : value);
window.__explorer = Object.freeze({
  get state() {
    return Object.freeze({
      status: state.status,
      error: state.error,
      flavour: state.flavour,
      kernel: state.module?.kernelVariant() ?? null,
      model: state.modelName,
      text: state.text,
      temperature: state.temperature,
      step: state.step,
      selectedCell: state.selectedCell && { ...state.selectedCell },
      steps: state.trace?.steps ?? 0,
      highlight: state.highlight,
      baseline: state.baseline.status,
      evaluation: state.evaluation.status,
      toys: { copy: state.toys.copy.status, reverse: state.toys.reverse.status },
    });
  },
  /** The current trace with typed arrays as plain arrays (a copy). */
  get trace() {
    return state.trace
      ? Object.fromEntries(Object.entries(state.trace).map(([k, v]) => [k, plain(v)]))
      : null;
  },
  /** The score's inner parts of step t (1-based) of the current trace, as plain arrays (a copy). */
  scoreAnatomy(step) {
    const parts = state.trace && state.explorer.scoreAnatomy(state.trace, step);
    return parts?.ok ? { preTanh: plain(parts.preTanh), bent: plain(parts.bent) } : null;
  },
  get baselineTranslation() {
    return state.baseline.trace?.translation ?? null;
  },
  get gallery() {
    return gallery?.snapshot() ?? null;
  },
  /** What the WebAssembly module holds, for leak tests: malloc's bytes, memory, Embind handles. */
  get wasmHeap() {
    const module = state.module;
    return module
      ? Object.freeze({
          bytesInUse: module.heapBytesInUse(),
          memoryBytes: module.HEAPU8.length,
          embindHandles: module.count_emval_handles(),
        })
      : null;
  },
});

boot();
