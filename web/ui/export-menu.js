// The download buttons next to the heatmap: the heatmap as a PNG (painted at twice its size, so it
// stays sharp on slides) or an SVG, the trace as CSV or JSON. Each file is made from the current
// trace when its button is pressed and handed to the browser through a Blob URL and <a download>.
import { layoutHeatmapFigure, figureToSvg, paintFigure } from '../draw/heatmap-figure.js';
import { traceToCsv, traceToJson, heatmapFigureData, exportFileName } from '../lib/export.js';
import { font } from '../lib/canvas.js';
import { t, onLanguageChange } from '../lib/i18n.js';
import { updateHidden } from './dom-writes.js';

/** Each button group: its visible name and its full name, by key. */
const GROUPS = {
  heatmap: { visible: 'export.heatmap', label: 'export.heatmapLabel' },
  trace: { visible: 'export.trace', label: 'export.traceLabel' },
};

/** The PNG's pixels per figure pixel. */
export const PNG_SCALE = 2;
/** Long enough for the browser to have started the download before the Blob URL is freed. */
const REVOKE_DELAY_MS = 60_000;

const measureContext = document.createElement('canvas').getContext('2d');
function measure(text, size, weight) {
  measureContext.font = font(size, { weight });
  return measureContext.measureText(text).width;
}

function pngBlob(figure) {
  const canvas = document.createElement('canvas');
  canvas.width = figure.width * PNG_SCALE;
  canvas.height = figure.height * PNG_SCALE;
  const ctx = canvas.getContext('2d');
  ctx.scale(PNG_SCALE, PNG_SCALE);
  paintFigure(ctx, figure);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(t('export.noImage')))),
      'image/png',
    ),
  );
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}

/**
 * What each format needs and how its file is made from the page's state. A format's button says
 * its name (the same in every language) and explains itself in its title (text key export.NAME).
 */
const FORMATS = {
  png: {
    needsAttention: true,
    make: (state) => pngBlob(figureOf(state)),
  },
  svg: {
    needsAttention: true,
    make: (state) => new Blob([figureToSvg(figureOf(state))], { type: 'image/svg+xml' }),
  },
  csv: {
    needsAttention: true,
    // A byte-order mark, so spreadsheet programs read the accents as UTF-8.
    make: (state) => new Blob(['\uFEFF', traceToCsv(state.trace)], { type: 'text/csv' }),
  },
  json: {
    needsAttention: false,
    make: (state) =>
      new Blob([traceToJson(state.trace, settingsOf(state))], { type: 'application/json' }),
  },
};

function settingsOf(state) {
  return {
    sentence: state.text,
    modelName: state.modelName,
    info: state.info,
    temperature: state.temperature,
    scoreAnatomy: (step) => state.explorer.scoreAnatomy(state.trace, step),
  };
}

function figureOf(state) {
  return layoutHeatmapFigure(heatmapFigureData(state.trace, settingsOf(state)), measure);
}

/**
 * Adds the two button groups to `container`; `say(message)` shows a short confirmation or error.
 * Returns a view (render(state)).
 */
export function createExportMenu(container, { say }) {
  let state = null;
  const buttons = {};
  const relabels = [];
  const group = (keys, formats) => {
    const element = document.createElement('div');
    element.className = 'share-group';
    element.setAttribute('role', 'group');
    const label = document.createElement('span');
    label.className = 'share-group-label';
    label.setAttribute('aria-hidden', 'true'); // the group's aria-label says it in full
    element.append(label);
    relabels.push(() => {
      element.setAttribute('aria-label', t(keys.label));
      label.textContent = t(keys.visible);
    });
    for (const format of formats) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'button';
      button.dataset.export = format;
      button.textContent = format.toUpperCase();
      relabels.push(() => (button.title = t(`export.${format}`)));
      button.addEventListener('click', () => save(format));
      buttons[format] = button;
      element.append(button);
    }
    return element;
  };
  const note = document.createElement('p');
  note.className = 'hint share-note';
  note.hidden = true;
  relabels.push(() => (note.textContent = t('export.noAttention')));
  container.append(
    group(GROUPS.heatmap, ['png', 'svg']),
    group(GROUPS.trace, ['csv', 'json']),
    note,
  );
  const relabel = () => relabels.forEach((write) => write());
  relabel();
  onLanguageChange(relabel);

  async function save(format) {
    if (!state?.trace) return;
    const name = exportFileName(state.text, format);
    try {
      download(await FORMATS[format].make(state), name);
      say(t('export.saved', { name }));
    } catch (error) {
      say(t('export.failed', { name, message: error?.message ?? String(error) }));
    }
  }

  let shownFor; // the trace the buttons were last set for
  return {
    render(current) {
      state = current;
      const { trace } = current;
      if (trace === shownFor) return;
      shownFor = trace;
      const attention = Boolean(trace?.attention && trace.alpha.length);
      for (const [format, button] of Object.entries(buttons))
        button.disabled = !trace || (FORMATS[format].needsAttention && !attention);
      updateHidden(note, !trace || attention);
    },
  };
}
