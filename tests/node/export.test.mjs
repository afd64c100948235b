// The share-and-export helpers without a browser: the URL form of the page's state, the CSV and
// JSON of real traces (from the WebAssembly core), the SVG figure and the file names.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { loadModule, loadExplorer, repoRoot } from './load-module.mjs';
import { readCsv, assertJsonHoldsTrace } from './export-readers.mjs';
import {
  CSV_COLUMNS,
  csvField,
  traceToCsv,
  traceToJson,
  heatmapFigureData,
  exportFileName,
} from '../../web/lib/export.js';
import {
  parseUrlState,
  formatUrlState,
  cellInTrace,
  MAX_TEXT_IN_URL,
} from '../../web/lib/url-state.js';
import { layoutHeatmapFigure, figureToSvg, escapeXml } from '../../web/draw/heatmap-figure.js';
import { FIRST_SENTENCE, DEFAULT_MODEL } from '../../web/config.js';

const modelPath = (name) => `${repoRoot}web/models/${name}.aem`;
const needs = (name) => !existsSync(modelPath(name)) && `web/models/${name}.aem is not there`;
/** Tests measure text roughly: the layout only needs a plausible width. */
const estimate = (text, size) => text.length * size * 0.6;
const HOSTILE = 'le "chat" , <b> & l\'eau';

let module;
before(async () => {
  module = await loadModule('simd');
});

// The trace, the model's info and every step's score parts (scoreAnatomy needs the explorer,
// which is deleted here).
function translate(model, text, options = {}) {
  const explorer = loadExplorer(module, modelPath(model));
  try {
    const trace = explorer.translate(text, { topK: 5, ...options });
    assert.ok(trace.ok, trace.error);
    const anatomies = Array.from({ length: trace.attention ? trace.steps : 0 }, (_, t) => {
      const parts = explorer.scoreAnatomy(trace, t + 1);
      assert.ok(parts.ok, parts.error);
      return parts;
    });
    return { trace, info: explorer.info(), anatomies };
  } finally {
    explorer.delete();
  }
}

test('the URL carries sentence, step, cell, view and temperature, and reads back the same', () => {
  const state = {
    text: 'Le chat noir & "la" souris',
    step: 3,
    cell: { row: 2, col: 4 },
    view: 'loop',
    temperature: 0.5,
    model: 'toy-copy',
  };
  const search = formatUrlState(state, '?wasm=scalar&lang=fr&step=7');
  assert.match(search, /cell=3-5/, 't and i count from 1 in the link');
  const params = new URLSearchParams(search);
  assert.equal(params.get('wasm'), 'scalar', 'parameters the page does not own are kept');
  assert.equal(params.get('lang'), 'fr');
  assert.deepEqual(params.getAll('step'), ['3'], 'the old step is replaced, not repeated');
  const { model, ...rest } = state;
  assert.deepEqual(parseUrlState(search), rest);
  assert.equal(params.get('model'), model);
});

test('defaults stay out of the URL, so the plain page keeps a plain address', () => {
  const defaults = {
    text: FIRST_SENTENCE,
    step: 1,
    cell: null,
    view: 'translate',
  };
  assert.equal(formatUrlState({ ...defaults, temperature: 1, model: DEFAULT_MODEL }), '');
  assert.equal(formatUrlState({ ...defaults, text: '', temperature: 1 }), '?text=');
  assert.deepEqual(parseUrlState('?text='), { text: '' }, 'an empty sentence is a sentence');
});

test('malformed or out-of-range parameters are ignored, never an error', () => {
  for (const garbage of [
    'step=0',
    'step=-2',
    'step=2.5',
    'step=abc',
    'step=99999',
    'step=',
    'cell=0-1',
    'cell=2',
    'cell=2-',
    'cell=2-3-4',
    'cell=a-b',
    'cell=%3Cscript%3E',
    'view=nowhere',
    'view=__proto__',
    'view=constructor',
    'temperature=0',
    'temperature=1000',
    'temperature=NaN',
    'temperature=Infinity',
    'temperature=',
    'temperature=0.5x',
  ])
    assert.deepEqual(parseUrlState(`?${garbage}`), {}, garbage);
  assert.deepEqual(parseUrlState('?step=2&cell=oops&view=gallery'), {
    step: 2,
    view: 'gallery',
  });
});

test('a pasted novel is cut in the link without splitting a character', () => {
  const text = `${'a'.repeat(MAX_TEXT_IN_URL - 1)}😀 and more`;
  const back = parseUrlState(formatUrlState({ text, step: 1, temperature: 1 })).text;
  assert.equal(
    back,
    'a'.repeat(MAX_TEXT_IN_URL - 1),
    'the emoji that straddles the cut is dropped',
  );
});

test('a selected cell counts only inside the heatmap of a trace with attention', () => {
  const trace = { attention: true, steps: 4, srcLen: 3 };
  assert.ok(cellInTrace({ row: 3, col: 2 }, trace));
  assert.ok(!cellInTrace({ row: 4, col: 0 }, trace));
  assert.ok(!cellInTrace({ row: 0, col: 3 }, trace));
  assert.ok(!cellInTrace({ row: 0, col: 0 }, { ...trace, attention: false }));
  assert.ok(!cellInTrace({ row: 0, col: 0 }, null));
  assert.ok(!cellInTrace(null, trace));
});

test('CSV fields are quoted exactly when they must be', () => {
  assert.equal(csvField('chat'), 'chat');
  assert.equal(csvField(0.25), '0.25');
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('"'), '""""');
  assert.equal(csvField('two\nlines'), '"two\nlines"');
  assert.equal(csvField('<&>'), '<&>');
});

test(
  'the CSV has one row per step and source word, and reads back as the trace',
  { skip: needs('fr-en-attention') },
  () => {
    const { trace } = translate('fr-en-attention', HOSTILE);
    assert.ok(trace.tokens.includes('"') && trace.tokens.includes(','), 'words that need quoting');
    const [header, ...rows] = readCsv(traceToCsv(trace));
    assert.deepEqual(header, CSV_COLUMNS);
    assert.equal(rows.length, trace.steps * trace.srcLen);
    rows.forEach((row, k) => {
      const t = Math.floor(k / trace.srcLen);
      const i = k % trace.srcLen;
      assert.deepEqual(row.slice(0, 4), [
        String(t + 1),
        trace.outTokens[t],
        String(i + 1),
        trace.tokens[i],
      ]);
      assert.equal(Number(row[4]), trace.scores[k], `score of row ${k}`);
      assert.equal(Number(row[5]), trace.alpha[k], `alpha of row ${k}`);
    });
  },
);

function assertJsonExport({ trace, info, anatomies }, modelName) {
  const scoreAnatomy = (step) => anatomies[step - 1];
  const settings = { sentence: HOSTILE, modelName, info, temperature: 0.7, scoreAnatomy };
  const json = JSON.parse(traceToJson(trace, settings));
  assert.equal(json.sentence, HOSTILE);
  assert.equal(json.temperature, 0.7);
  assert.equal(json.model.file, modelName);
  assert.equal(json.model.contextSize, info.contextSize);
  assert.deepEqual(json.model.metadata, info.metadata);
  assert.ok(!('ok' in json.model));
  assertJsonHoldsTrace(json, trace, anatomies);
}

test(
  'the JSON holds every value of the trace, exactly, under readable names',
  { skip: needs('fr-en-attention') },
  () => {
    const translated = translate('fr-en-attention', HOSTILE, {
      temperature: 0.7,
    });
    assertJsonExport(translated, 'fr-en-attention');
    const { trace, info, anatomies } = translated;
    const text = traceToJson(trace, {
      sentence: HOSTILE,
      modelName: 'x',
      info,
      temperature: 1,
      scoreAnatomy: (step) => anatomies[step - 1],
    });
    assert.doesNotMatch(
      text,
      /^\s*-?[\d.e+-]+,?$/m,
      'no line holds a lone number: arrays of numbers stay on one line each',
    );
  },
);

test(
  'the JSON of a model without attention has empty attention fields',
  { skip: needs('fr-en-baseline') },
  () => {
    const translated = translate('fr-en-baseline', HOSTILE);
    assert.equal(translated.trace.attention, false);
    assertJsonExport(translated, 'fr-en-baseline');
  },
);

test('XML escaping covers markup characters and strips what XML forbids', () => {
  assert.equal(escapeXml(`<b a="1">&'`), '&lt;b a=&quot;1&quot;&gt;&amp;&apos;');
  assert.equal(escapeXml('a\u0001b\u0000c'), 'a\uFFFDb\uFFFDc');
  assert.equal(escapeXml('tab\tnew\nline'), 'tab\tnew\nline', 'allowed whitespace stays');
  assert.equal(escapeXml('😀\uD800x'), '😀\uFFFDx', 'a lone surrogate is replaced, a pair kept');
});

test(
  'the SVG figure has one cell per α and the words escaped',
  { skip: needs('fr-en-attention') },
  () => {
    const { trace } = translate('fr-en-attention', HOSTILE);
    const data = heatmapFigureData(trace, {
      sentence: HOSTILE,
      modelName: 'fr-en-attention',
      temperature: 1,
    });
    const figure = layoutHeatmapFigure(data, estimate);
    const svg = figureToSvg(figure);
    const cells = [
      ...svg.matchAll(/<rect class="cell" data-row="(\d+)" data-col="(\d+)" data-alpha="([^"]+)"/g),
    ];
    assert.equal(cells.length, trace.steps * trace.srcLen);
    for (const [, row, col, alpha] of cells)
      assert.equal(Number(alpha), trace.alpha[Number(row) * trace.srcLen + Number(col)]);
    assert.match(
      svg,
      /<title id="attention-figure-title">le &quot;chat&quot; , &lt;b&gt; &amp; l&apos;eau<\/title>/,
    );
    for (const word of ['&lt;', '&gt;', '&amp;', '&quot;'])
      assert.match(svg, new RegExp(`>${word}</text>`), `the source word ${word} is a label`);
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    assert.ok(
      texts.every((t) => !/[<>"]|&(?!(amp|lt|gt|quot|apos);)/.test(t)),
      'no raw markup in text',
    );
    const box = svg.match(/<svg [^>]*width="(\d+)" height="(\d+)"/);
    assert.deepEqual([Number(box[1]), Number(box[2])], [figure.width, figure.height]);
    // Every shape lies inside the figure.
    for (const item of figure.items.filter((i) => i.kind !== 'text'))
      assert.ok(item.x >= 0 && item.y >= 0 && item.x + item.width <= figure.width + 1e-9);
  },
);

test("export file names are the sentence's first words, plain and short", () => {
  assert.equal(exportFileName('Je suis étudiant', 'svg'), 'attention-je-suis-etudiant.svg');
  assert.equal(exportFileName("  L'œuf, c'est « bon » !", 'csv'), 'attention-l-œuf-c-est-bon.csv');
  assert.equal(exportFileName('<>&"', 'json'), 'attention.json');
  assert.equal(exportFileName('', 'png'), 'attention.png');
  const long = exportFileName(
    'le petit garçon regarde le chien noir dans le jardin de sa grand-mère',
    'png',
  );
  assert.equal(long, 'attention-le-petit-garcon-regarde-le-chien-noir-dans-le.png');
});

test(
  'a clipped paste titles the figure with the words the model read',
  {
    skip: needs('toy-copy'),
  },
  () => {
    const pasted = Array.from({ length: 200 }, (_, k) => 'abc'[k % 3]).join(' ');
    const { trace } = translate('toy-copy', pasted);
    assert.ok(trace.clippedFrom === 200 && trace.srcLen < 200);
    const data = heatmapFigureData(trace, {
      sentence: pasted,
      modelName: 'toy-copy',
      temperature: 1,
    });
    assert.equal(data.title, `${trace.tokens.join(' ')} …`);
    assert.equal(
      heatmapFigureData(translate('toy-copy', ' a b ').trace, {
        sentence: ' a b ',
        modelName: 'toy-copy',
        temperature: 1,
      }).title,
      'a b',
    );
  },
);
