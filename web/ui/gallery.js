// Step 7: four shapes attention can take, each produced by a real model in this page.
import { drawHeatmap } from '../draw/heatmap.js';
import { createCanvasHost } from './canvas-host.js';
import { sliderToTemperature, temperatureToSlider, describeTemperature } from './temperature.js';
import { displayWord, fixed } from '../lib/format.js';
import { FIRST_SENTENCE, UNIFORM_TEMPERATURE } from '../config.js';

const LETTERS = 'a b c d e f g';
const ONE_WORD = 'bonjour';

function knows(explorer, word) {
  const tokens = explorer.tokenize(word);
  return Boolean(tokens.ok && tokens.tokens.length === 1 && !tokens.unknown[0]);
}

const CASES = [
  {
    id: 'uniform',
    title: 'Uniform: looking everywhere at once',
    text: 'At a very high temperature τ the scores are divided down until they barely differ, so every word gets about the same share. The context becomes a plain average, as blurry as the single fixed vector of Step 0, and the translation comes apart.',
  },
  {
    id: 'diagonal',
    title: 'Sharp diagonal: word for word',
    text: 'A model trained to copy its input looks at word t to write word t, and at almost nothing else: the ideal alignment when both languages keep the same order.',
  },
  {
    id: 'single',
    title: 'A single hot cell: nothing to choose',
    text: 'With a one-word sentence softmax has a single score to normalise, so α = 1 exactly, at every step: the context is simply h₁.',
  },
  {
    id: 'anti',
    title: 'Anti-diagonal: reading backwards',
    text: 'A model trained to reverse its input writes its first word while looking at the last one. Attention is not tied to position: it reaches wherever the answer is.',
  },
];

export function createGallery(grid, { requestRender }) {
  const items = {};
  let uniformTemperature = UNIFORM_TEMPERATURE;
  let oneWordDefault;
  for (const c of CASES) {
    const item = document.createElement('article');
    item.className = 'gallery-item';
    item.dataset.case = c.id;
    item.dataset.symbols = 'alpha';
    const title = document.createElement('h3');
    title.textContent = c.title;
    const text = document.createElement('p');
    text.textContent = c.text;
    item.append(title, text);
    if (c.id === 'uniform') {
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
      value.textContent = describeTemperature(uniformTemperature);
      slider.addEventListener('input', () => {
        uniformTemperature = sliderToTemperature(slider.value);
        value.textContent = describeTemperature(uniformTemperature);
        slider.setAttribute('aria-valuetext', value.textContent);
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
    items[c.id] = {
      item,
      host: createCanvasHost(box, { label: c.title, onResize: requestRender }),
      source,
      key: null,
      data: null,
    };
  }

  function heatmapData(trace) {
    return {
      alpha: trace.alpha,
      rows: trace.steps,
      cols: trace.srcLen,
      rowLabels: trace.outTokens.map(displayWord),
      colLabels: trace.tokens,
      outlinedRow: -1,
    };
  }

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
        .map(
          (w, r) =>
            `${w}: ${Array.from(trace.alpha.subarray(r * trace.srcLen, (r + 1) * trace.srcLen), (a) => fixed(a, 2)).join(' ')}`,
        )
        .join('; '),
    );
  }

  const fresh = (entry, key) => {
    if (entry.key && key.every((v, k) => v === entry.key[k])) return false;
    entry.key = key;
    return true;
  };

  return {
    render({ explorer, toys, text, trace, modelName, theme }) {
      if (!explorer) return;
      const sentence = trace ? text : FIRST_SENTENCE;
      const uniform = items.uniform;
      if (fresh(uniform, [sentence, uniformTemperature, theme, uniform.host.width()])) {
        const result = explorer.translate(sentence, { temperature: uniformTemperature });
        show(
          'uniform',
          result,
          `${modelName}, “${sentence}”, ${describeTemperature(uniformTemperature)}`,
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
      if (fresh(single, [oneWord, theme, single.host.width()])) {
        show(
          'single',
          explorer.translate(oneWord, { temperature: 1 }),
          `${modelName}, “${oneWord}”`,
          theme,
        );
      }
      for (const [id, toy] of [
        ['diagonal', toys.copy],
        ['anti', toys.reverse],
      ]) {
        const entry = items[id];
        if (!fresh(entry, [toy, theme, entry.host.width()])) continue;
        if (toy?.explorer)
          show(id, toy.explorer.translate(LETTERS, {}), `${toy.name}, “${LETTERS}”`, theme);
        else show(id, null, toy?.message ?? 'Loading the toy model…', theme);
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
