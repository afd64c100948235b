// Step 7: four shapes attention can take, each produced by a real model in this page.
import { drawHeatmap } from '../draw/heatmap.js';
import { createCanvasHost } from './canvas-host.js';
import { sliderToTemperature, temperatureToSlider, describeTemperature } from './temperature.js';
import { heatmapData } from '../lib/trace-data.js';
import { t, language, onLanguageChange, formatNumber } from '../lib/i18n.js';
import { FIRST_SENTENCE, UNIFORM_TEMPERATURE } from '../config.js';

const LETTERS = 'a b c d e f g';
const ONE_WORD = 'bonjour';

function knows(explorer, word) {
  const tokens = explorer.tokenize(word);
  return Boolean(tokens.ok && tokens.tokens.length === 1 && !tokens.unknown[0]);
}

// Each case's title and text are the interface texts gallery.<id>.title and gallery.<id>.text.
const CASES = ['uniform', 'diagonal', 'single', 'anti'];

export function createGallery(grid, { requestRender }) {
  const items = {};
  let uniformTemperature = UNIFORM_TEMPERATURE;
  let oneWordDefault;
  const relabels = [];
  for (const id of CASES) {
    const item = document.createElement('article');
    item.className = 'gallery-item';
    item.dataset.case = id;
    item.dataset.symbols = 'alpha';
    const title = document.createElement('h3');
    const text = document.createElement('p');
    relabels.push(() => {
      title.textContent = t(`gallery.${id}.title`);
      text.textContent = t(`gallery.${id}.text`);
    });
    item.append(title, text);
    if (id === 'uniform') {
      const row = document.createElement('div');
      row.className = 'gallery-slider';
      const label = document.createElement('label');
      label.textContent = 'τ';
      label.htmlFor = 'uniform-temperature';
      const slider = document.createElement('input');
      slider.type = 'range';
      slider.id = 'uniform-temperature';
      slider.min = '0';
      slider.max = '1000';
      slider.value = String(temperatureToSlider(uniformTemperature));
      const value = document.createElement('output');
      value.htmlFor = 'uniform-temperature';
      const describe = () => {
        value.textContent = describeTemperature(uniformTemperature);
        slider.setAttribute('aria-valuetext', value.textContent);
      };
      relabels.push(describe);
      slider.addEventListener('input', () => {
        uniformTemperature = sliderToTemperature(slider.value);
        describe();
        items.uniform.key = null;
        requestRender();
      });
      row.append(label, slider, value);
      item.append(row);
    }
    const box = document.createElement('div');
    box.className = 'gallery-canvas';
    const source = document.createElement('p');
    source.className = 'gallery-source';
    item.append(box, source);
    grid.append(item);
    items[id] = {
      item,
      host: createCanvasHost(box, {
        label: () => t(`gallery.${id}.title`),
        onResize: requestRender,
      }),
      source,
      key: null,
      data: null,
    };
  }

  const relabel = () => relabels.forEach((write) => write());
  relabel();
  onLanguageChange(relabel);

  function show(id, trace, sourceText, theme) {
    const entry = items[id];
    if (!trace || !trace.ok || !trace.attention || !trace.alpha.length) {
      entry.host.canvas.hidden = true;
      entry.source.textContent = sourceText;
      entry.data = null;
      return;
    }
    entry.host.canvas.hidden = false;
    entry.data = heatmapData(trace);
    drawHeatmap(entry.host.canvas, entry.data, {
      width: entry.host.width(),
      theme,
      maxCell: 34,
      values: false,
    });
    entry.source.textContent = sourceText;
    entry.host.describe(
      entry.data.rowLabels
        .map((w, r) => {
          const row = trace.alpha.subarray(r * trace.srcLen, (r + 1) * trace.srcLen);
          return `${w}: ${Array.from(row, (a) => formatNumber(a, 2)).join(' ')}`;
        })
        .join(t('list.separator')),
    );
  }

  const fresh = (entry, key) => {
    if (entry.key && key.every((v, k) => v === entry.key[k])) return false;
    entry.key = key;
    return true;
  };

  return {
    element: grid.closest('section') ?? grid,
    render({ explorer, toys, text, trace, modelName, theme }) {
      if (!explorer) return;
      const sentence = trace ? text : FIRST_SENTENCE;
      const uniform = items.uniform;
      const lang = language();
      if (fresh(uniform, [sentence, uniformTemperature, theme, uniform.host.width(), lang])) {
        const result = explorer.translate(sentence, { temperature: uniformTemperature });
        show(
          'uniform',
          result,
          t('gallery.sourceTemperature', {
            model: modelName,
            sentence,
            temperature: describeTemperature(uniformTemperature),
          }),
          theme,
        );
      }
      // One word: a greeting the model can say on its own, else the first known word of the
      // sentence (the toy models know only letters).
      const single = items.single;
      oneWordDefault ??= knows(explorer, ONE_WORD) ? ONE_WORD : null;
      const oneWord =
        oneWordDefault ??
        (trace
          ? (trace.tokens[trace.unknown.indexOf(false)] ?? trace.tokens[0])
          : FIRST_SENTENCE.split(' ')[0]);
      if (fresh(single, [oneWord, theme, single.host.width(), lang])) {
        show(
          'single',
          explorer.translate(oneWord, { temperature: 1 }),
          t('gallery.source', { model: modelName, sentence: oneWord }),
          theme,
        );
      }
      for (const [id, toy] of [
        ['diagonal', toys.copy],
        ['anti', toys.reverse],
      ]) {
        const entry = items[id];
        if (!fresh(entry, [toy, theme, entry.host.width(), lang])) continue;
        if (toy?.explorer)
          show(
            id,
            toy.explorer.translate(LETTERS, {}),
            t('gallery.source', { model: toy.name, sentence: LETTERS }),
            theme,
          );
        else show(id, null, toy?.message ?? t('gallery.loadingToy'), theme);
      }
    },
    /** Plain data of each heatmap (read by the tests through window.__explorer). */
    snapshot() {
      return Object.fromEntries(
        Object.entries(items).map(([id, e]) => [
          id,
          e.data && {
            rows: e.data.rows,
            cols: e.data.cols,
            alpha: Array.from(e.data.alpha),
            rowLabels: e.data.rowLabels,
            colLabels: e.data.colLabels,
          },
        ]),
      );
    },
  };
}
