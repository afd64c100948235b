// Boot and wiring. Loads the WebAssembly build (SIMD when the browser has it, else scalar) and
// the model, then keeps one small state object and redraws what depends on what changed, at most
// once per animation frame.
//
// URL parameters: ?model=NAME (a file models/NAME.aem, default in config.js), ?wasm=scalar|simd,
// ?text=SENTENCE (the first sentence).
//
// Test hook (read-only, see README.md): window.__explorer and <html data-status="loading|ready|error">.
import {
  DEFAULT_MODEL,
  BASELINE_MODEL,
  COPY_MODEL,
  REVERSE_MODEL,
  EVALUATION_URL,
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
import { renderFooter } from './ui/footer.js';

const params = new URLSearchParams(location.search);
const root = document.documentElement;

const state = {
  status: 'loading',
  error: '',
  flavour: chooseFlavour(params.get('wasm')),
  modelName: params.get('model') || DEFAULT_MODEL,
  text: params.get('text') ?? FIRST_SENTENCE,
  temperature: 1,
  step: 1,
  highlight: null,
  theme: null,
  module: null,
  explorer: null,
  info: null,
  trace: null,
  analysis: null,
  failure: null,
  baseline: { status: 'loading' },
  evaluation: { status: 'loading' },
  toys: { copy: null, reverse: null },
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
  const base = state.baseline;
  if (base.explorer) {
    const other = base.explorer.translate(text, { topK: TOP_K });
    state.baseline = { ...base, trace: other.ok ? other : null };
  }
}

function render() {
  frame = 0;
  if (state.status !== 'ready') return;
  if (needsTranslation) translate();
  for (const view of views) view.render(state);
  root.dataset.step = String(state.step);
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
    throw new LoadError(`${url} is not a usable model file: ${error}`, { url });
  }
  return explorer;
}

const progressText = (what) => (received, total) =>
  setLoading(
    `${what}: ${bytes(received)}${total ? ` of ${bytes(total)}` : ''}`,
    total ? received / total : null,
  );

async function boot() {
  root.dataset.status = 'loading';
  setUpThemeToggle(document.getElementById('theme-toggle'), () => update({ theme: readTheme() }));
  if (!/^[a-z0-9][a-z0-9-]*$/.test(state.modelName)) {
    fail(
      `“${state.modelName}” is not a model name this page can load (letters, digits and dashes only).`,
    );
    return;
  }
  let module;
  try {
    setLoading(`Loading the translator (WebAssembly, ${state.flavour} build)…`, null);
    module = await loadWasmModule(
      wasmDir(state.flavour),
      progressText(`Downloading the WebAssembly ${state.flavour} build`),
    );
    setLoading(`Loading the model ${state.modelName}…`, null);
    state.explorer = await loadExplorer(
      module,
      state.modelName,
      progressText(`Downloading the model ${state.modelName}.aem`),
    );
  } catch (error) {
    fail(
      error instanceof LoadError
        ? error.message
        : `Unexpected error while loading: ${error?.message ?? error}`,
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
    sentence,
    createHeatmapView(document.getElementById('heatmap'), { onPickStep: onStep, requestRender }),
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
    createStepper(document.getElementById('stepper'), { onStep }),
    createPanels({ requestRender }),
    gallery,
  ];
  state.status = 'ready';
  render();
  root.dataset.status = 'ready';
  loadSecondary(module);
}

/** What the page can live without: each failure is shown where its drawing would be. */
function loadSecondary(module) {
  const optional = async (name) => {
    try {
      return { status: 'ready', name, explorer: await loadExplorer(module, name) };
    } catch (error) {
      return { status: 'missing', name, message: `${error.message}` };
    }
  };
  const baselineName = state.info.attention ? BASELINE_MODEL : null;
  (baselineName
    ? optional(baselineName)
    : Promise.resolve({ status: 'missing', message: 'The loaded model itself has no attention.' })
  ).then((baseline) => {
    if (baseline.status === 'missing' && baselineName)
      baseline.message = `The model without attention could not be loaded: ${baseline.message}`;
    needsTranslation = true;
    update({ baseline });
  });
  Promise.all([optional(COPY_MODEL), optional(REVERSE_MODEL)]).then(([copy, reverse]) =>
    update({ toys: { copy, reverse } }),
  );
  fetch(EVALUATION_URL)
    .then((response) =>
      response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`)),
    )
    .then((data) => update({ evaluation: { status: 'ready', data } }))
    .catch(() => update({ evaluation: { status: 'missing' } }));
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
      steps: state.trace?.steps ?? 0,
      highlight: state.highlight,
      baseline: state.baseline.status,
      evaluation: state.evaluation.status,
      toys: {
        copy: state.toys.copy?.status ?? 'loading',
        reverse: state.toys.reverse?.status ?? 'loading',
      },
    });
  },
  /** The current trace with typed arrays as plain arrays (a copy). */
  get trace() {
    return state.trace
      ? Object.fromEntries(Object.entries(state.trace).map(([k, v]) => [k, plain(v)]))
      : null;
  },
  get baselineTranslation() {
    return state.baseline.trace?.translation ?? null;
  },
  get gallery() {
    return gallery?.snapshot() ?? null;
  },
});

boot();
