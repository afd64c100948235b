// The drawing modules alone: each takes plain data (no WebAssembly), so they are imported into a
// bare page of the same origin and fed made-up numbers. Also the pure helpers, in Node.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness } from './harness.mjs';
import { linearProjection2d } from '../../web/lib/pca.js';
import { placeLabels, boxesOverlap } from '../../web/lib/labels.js';
import { viridisRgb } from '../../web/draw/palette.js';
import { THEMES } from '../../web/lib/theme.js';

let harness;
let page;
before(async () => {
  harness = await startHarness();
  const context = await harness.browser.newContext({
    viewport: { width: 1000, height: 800 },
    deviceScaleFactor: 2,
  });
  page = await context.newPage();
  await page.goto(`${harness.base}no-page-here`); // any same-origin document can import the modules
});
after(() => harness?.close());

test('the 2-D projection is linear: projecting a blend equals blending the projections', () => {
  const n = 6;
  const dim = 9;
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const rows = Float32Array.from({ length: n * dim }, random);
  const plane = linearProjection2d(rows, n, dim);
  const alpha = [0.05, 0.4, 0.1, 0.2, 0.15, 0.1];
  const blend = new Float32Array(dim);
  for (let i = 0; i < n; i++)
    for (let k = 0; k < dim; k++) blend[k] += alpha[i] * rows[i * dim + k];
  const projected = plane.project(blend);
  const summed = [0, 1].map((axis) => plane.points.reduce((s, p, i) => s + alpha[i] * p[axis], 0));
  assert.ok(Math.abs(projected[0] - summed[0]) < 1e-6 && Math.abs(projected[1] - summed[1]) < 1e-6);
  assert.deepEqual(plane.project(new Float32Array(dim)), [0, 0], 'the origin stays at the origin');
  const [u, v] = plane.basis;
  const dot = (a, b) => a.reduce((s, x, k) => s + x * b[k], 0);
  assert.ok(
    Math.abs(dot(u, u) - 1) < 1e-9 && Math.abs(dot(v, v) - 1) < 1e-9 && Math.abs(dot(u, v)) < 1e-9,
  );
  assert.ok(plane.explained > 0 && plane.explained <= 1 + 1e-9);
  assert.ok(
    Math.abs(linearProjection2d(rows, 2, dim).explained - 1) < 1e-9,
    'two vectors fit a plane exactly',
  );
});

test('label placement never overlaps and drops what does not fit', () => {
  const labels = Array.from({ length: 8 }, (_, id) => ({
    id,
    w: 40,
    h: 14,
    candidates: [
      { x: 10, y: 10 },
      { x: 10, y: 30 },
      { x: 60, y: 10 },
    ],
  }));
  const placed = [...placeLabels(labels, [], { x: 0, y: 0, w: 200, h: 100 }).values()];
  assert.equal(placed.length, 3);
  for (let a = 0; a < placed.length; a++)
    for (let b = a + 1; b < placed.length; b++) assert.ok(!boxesOverlap(placed[a], placed[b]));
});

test('viridis runs from dark purple to yellow', () => {
  const near = (got, want) => got.every((v, k) => Math.abs(v - want[k]) <= 6);
  assert.ok(near(viridisRgb(0), [68, 1, 84]), `viridis(0) = ${viridisRgb(0)}`);
  assert.ok(near(viridisRgb(0.5), [33, 145, 140]), `viridis(0.5) = ${viridisRgb(0.5)}`);
  assert.ok(near(viridisRgb(1), [253, 231, 37]), `viridis(1) = ${viridisRgb(1)}`);
});

const THEME = {
  ...THEMES.light,
  symH: '#2f6db5',
  symS: '#9c2f86',
  symE: '#b35c00',
  symC: '#c33c00',
  neutral: [238, 236, 230],
};

test('the heatmap paints each cell in viridis(α), outlines the step and sizes for HiDPI', async () => {
  const result = await page.evaluate(async (theme) => {
    const { drawHeatmap } = await import('/draw/heatmap.js');
    const { viridisRgb } = await import('/draw/palette.js');
    const canvas = document.createElement('canvas');
    document.body.append(canvas);
    const alpha = [0.9, 0.05, 0.05, 0.1, 0.8, 0.1, 0.2, 0.2, 0.6];
    const layout = drawHeatmap(
      canvas,
      {
        alpha,
        rows: 3,
        cols: 3,
        rowLabels: ['I', 'am', 'here'],
        colLabels: ['je', 'suis', 'là'],
        outlinedRow: 1,
        hover: null,
      },
      { width: 400, theme, values: false },
    );
    const ctx = canvas.getContext('2d');
    const ratio = canvas.width / 400;
    const misses = [];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        const x = (layout.x0 + (c + 0.5) * layout.cellW) * ratio;
        const y = (layout.y0 + (r + 0.5) * layout.cellH) * ratio;
        const got = Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
        const want = viridisRgb(alpha[r * 3 + c]);
        if (got.some((v, k) => Math.abs(v - want[k]) > 2)) misses.push({ r, c, got, want });
      }
    }
    return {
      misses,
      ratio,
      outlined: layout.outlinedRow,
      height: layout.height,
      cssHeight: canvas.style.height,
    };
  }, THEME);
  assert.deepEqual(result.misses, []);
  assert.equal(result.ratio, 2, 'backing store scaled by devicePixelRatio');
  assert.equal(result.outlined, 1);
  assert.equal(result.cssHeight, `${result.height}px`);
});

test("numbers drawn on canvas use the interface language's decimal sign", async () => {
  const drawn = await page.evaluate(async (theme) => {
    const { drawHeatmap } = await import('/draw/heatmap.js');
    const { drawSoftmax } = await import('/draw/softmax.js');
    const { setLanguage } = await import('/lib/i18n.js');
    const texts = [];
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      texts.push(String(text));
      return fillText.call(this, text, ...rest);
    };
    const draw = (lang) => {
      setLanguage(lang, { root: null });
      texts.length = 0;
      const canvas = document.createElement('canvas');
      drawHeatmap(
        canvas,
        { alpha: [0.73, 0.27], rows: 1, cols: 2, rowLabels: ['I'], colLabels: ['je', 'suis'] },
        { width: 400, theme, values: true },
      );
      drawSoftmax(
        document.createElement('canvas'),
        {
          words: ['je', 'suis'],
          scores: [-0.5, 1.25],
          expShifted: [0.18, 1],
          expSum: 1.18,
          alpha: [0.15, 0.85],
        },
        { width: 400, theme },
      );
      return texts.filter((text) => /\d/.test(text));
    };
    try {
      return { fr: draw('fr'), en: draw('en') };
    } finally {
      CanvasRenderingContext2D.prototype.fillText = fillText;
    }
  }, THEME);
  assert.ok(drawn.fr.includes('0,73') && drawn.fr.includes('−0,50'), drawn.fr.join(' | '));
  assert.ok(
    drawn.fr.every((text) => !/\d\.\d/.test(text)),
    drawn.fr.join(' | '),
  );
  assert.ok(drawn.en.includes('0.73') && drawn.en.includes('−0.50'), drawn.en.join(' | '));
});

test('every drawing module draws plain data at phone and projector widths without overlapping labels', async () => {
  const report = await page.evaluate(async (theme) => {
    const { drawEncoderStates, drawContextSum } = await import('/draw/vectors.js');
    const { drawQuestion } = await import('/draw/question.js');
    const { drawAnatomy } = await import('/draw/anatomy.js');
    const { drawSoftmax } = await import('/draw/softmax.js');
    const { drawDecoder } = await import('/draw/decoder.js');
    const { drawPipeline } = await import('/draw/pipeline.js');
    const { drawBleuChart } = await import('/draw/bleu-chart.js');
    const { drawPipe } = await import('/draw/pipe.js');
    const words = ['le', 'chat', 'noir', 'mange', 'une', 'pomme', 'rouge', 'dans', 'le', 'jardin'];
    const T = words.length;
    const vec = (n, s) => Float32Array.from({ length: n }, (_, k) => Math.sin(k * 1.7 + s));
    // Arrows bunched together on purpose: their labels must still not collide.
    const points = words.map((_, i) => [1 + 0.02 * i, 0.5 + 0.01 * i]);
    const alpha = words.map((_, i) => (i === 2 ? 0.55 : 0.05));
    const scores = words.map((_, i) => (i === 2 ? 2.5 : 0.1 * i - 0.3));
    const overlaps = (boxes) => {
      for (let a = 0; a < boxes.length; a++)
        for (let b = a + 1; b < boxes.length; b++) {
          const p = boxes[a];
          const q = boxes[b];
          if (p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h) return true;
        }
      return false;
    };
    const out = [];
    for (const width of [320, 1100]) {
      const draws = {
        states: (c) => drawEncoderStates(c, { points, words }, { width, theme }),
        context: (c) =>
          drawContextSum(c, { points, words, alpha, context: [1, 0.5] }, { width, theme }),
        question: (c) =>
          drawQuestion(
            c,
            {
              state: vec(32, 1),
              step: 3,
              trajectory: [
                [0, 0],
                [1, 0.2],
                [1.1, 0.3],
                [1.5, -0.2],
              ],
              saidWords: ['⟨start⟩', 'the', 'black', 'cat'],
            },
            { width, theme },
          ),
        anatomy: (c) =>
          drawAnatomy(
            c,
            {
              words,
              question: vec(16, 2),
              keys: words.map((_, i) => vec(16, i)),
              preTanh: words.map((_, i) => vec(16, i + 2)),
              bent: words.map((_, i) => vec(16, i + 3).map(Math.tanh)),
              scores,
              step: 3,
            },
            { width, theme },
          ),
        softmax: (c) =>
          drawSoftmax(
            c,
            {
              words,
              scores,
              expShifted: scores.map((s) => Math.exp(s - 2.5)),
              expSum: 2.1,
              alpha,
              temperature: 1,
            },
            { width, theme },
          ),
        decoder: (c) =>
          drawDecoder(
            c,
            {
              step: 3,
              prevWord: 'black',
              word: 'cat',
              sPrev: vec(32, 1),
              s: vec(32, 2),
              context: vec(64, 3),
              topWords: ['cat', 'dog', 'car', 'the', 'a'],
              topProbs: [0.8, 0.1, 0.05, 0.03, 0.02],
            },
            { width, theme },
          ),
        pipeline: (c) =>
          drawPipeline(
            c,
            {
              step: 3,
              steps: 7,
              words,
              prevWord: 'black',
              word: 'cat',
              scores,
              alpha,
              contextDirection: [1, 0.4],
              phase: 0.3,
            },
            { width, theme },
          ),
        bleu: (c) =>
          drawBleuChart(
            c,
            {
              buckets: ['1-5', '6-10', '11-20', '21-30', '31-40'],
              series: [
                { name: 'without', values: [30, 25, 18, 12, 9], colour: '#888' },
                { name: 'with', values: [31, 30, 28, 26, 25], colour: '#c33c00' },
              ],
            },
            { width, theme },
          ),
        pipe: (c) => drawPipe(c, { words, attention: true, alpha }, { width, theme }),
      };
      for (const [name, draw] of Object.entries(draws)) {
        const canvas = document.createElement('canvas');
        const layout = draw(canvas);
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let inked = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) inked++;
        const labels = layout.labels ?? [];
        const outside = labels.some(
          (b) => b.x < 0 || b.y < 0 || b.x + b.w > width + 0.5 || b.y + b.h > layout.height + 0.5,
        );
        out.push({
          name,
          width,
          cssWidth: canvas.style.width,
          inked,
          overlap: overlaps(labels),
          outside,
          labels: labels.length,
        });
      }
    }
    return out;
  }, THEME);
  for (const r of report) {
    assert.equal(r.cssWidth, `${r.width}px`, `${r.name} @${r.width}: fills the width`);
    assert.ok(r.inked > 500, `${r.name} @${r.width}: drew something`);
    assert.ok(!r.overlap, `${r.name} @${r.width}: labels overlap`);
    assert.ok(!r.outside, `${r.name} @${r.width}: a label leaves the canvas`);
  }
  const states = report.filter((r) => r.name === 'states');
  assert.ok(
    states.every((r) => r.labels >= 3),
    'bunched arrows keep some labels',
  );
});
