// Step 0: the same sentence through the model without attention and the model with it, and
// BLEU by sentence length from models/evaluation.json (never invented when the file is missing).
import { createCanvasHost } from './canvas-host.js';
import { drawPipe } from '../draw/pipe.js';
import { drawBleuChart } from '../draw/bleu-chart.js';
import { fixed } from '../lib/format.js';
import { LONG_EXAMPLE } from '../config.js';

export function createStep0View({ requestRender, onText }) {
  const make = (id, label) =>
    createCanvasHost(document.getElementById(id), { label, onResize: requestRender });
  const pipeBaseline = make(
    'pipe-baseline',
    'Without attention: every word squeezed through one vector',
  );
  const pipeAttention = make(
    'pipe-attention',
    'With attention: a line from every word, as thick as its weight',
  );
  const chartBox = document.getElementById('bleu-chart');
  const chart = createCanvasHost(chartBox, {
    label: 'BLEU by sentence length',
    onResize: requestRender,
  });
  const unavailable = document.createElement('p');
  unavailable.className = 'unavailable';
  unavailable.id = 'bleu-unavailable';
  chartBox.after(unavailable);
  const baselineOut = document.getElementById('baseline-output');
  const attentionOut = document.getElementById('attention-output');
  document.getElementById('try-long').addEventListener('click', () => onText(LONG_EXAMPLE));
  let lastKey = null;

  const setOutput = (el, text, muted = false) => {
    el.replaceChildren();
    const span = document.createElement('span');
    span.textContent = text;
    if (muted) span.className = 'muted';
    el.append(span);
  };

  return {
    render({ trace, analysis, step, baseline, evaluation, theme }) {
      const widths = [pipeBaseline.width(), chart.width()];
      const key = [trace, step, baseline, evaluation, theme, ...widths];
      if (lastKey && key.every((v, k) => v === lastKey[k])) return;
      lastKey = key;
      const words = trace ? analysis.srcWords : [];
      const row =
        trace && trace.attention && trace.alpha.length
          ? Array.from(trace.alpha.subarray((step - 1) * trace.srcLen, step * trace.srcLen))
          : null;
      drawPipe(
        pipeBaseline.canvas,
        { words, attention: false },
        { width: pipeBaseline.width(), theme },
      );
      drawPipe(
        pipeAttention.canvas,
        { words, attention: true, alpha: row },
        { width: pipeAttention.width(), theme },
      );
      if (!trace) {
        setOutput(attentionOut, 'Type a sentence above.', true);
        setOutput(baselineOut, 'Type a sentence above.', true);
      } else {
        setOutput(attentionOut, trace.translation);
        if (baseline.status === 'ready' && baseline.trace)
          setOutput(baselineOut, baseline.trace.translation);
        else if (baseline.status === 'loading')
          setOutput(baselineOut, 'Loading the model without attention…', true);
        else
          setOutput(
            baselineOut,
            baseline.message ?? 'The model without attention is not available.',
            true,
          );
      }

      const data = evaluation?.data;
      const ok =
        data &&
        Array.isArray(data.buckets) &&
        Array.isArray(data.attention?.bleu) &&
        Array.isArray(data.baseline?.bleu) &&
        data.attention.bleu.length === data.buckets.length;
      chartBox.hidden = !ok;
      unavailable.hidden = Boolean(ok);
      if (!ok) {
        unavailable.textContent =
          evaluation?.status === 'loading'
            ? 'Loading the evaluation…'
            : 'Evaluation not available yet (models/evaluation.json is missing), so no scores are shown.';
        return;
      }
      drawBleuChart(
        chart.canvas,
        {
          buckets: data.buckets,
          counts: Array.isArray(data.counts) ? data.counts : undefined,
          series: [
            { name: 'without attention', values: data.baseline.bleu, colour: theme.muted },
            { name: 'with attention', values: data.attention.bleu, colour: theme.symC },
          ],
        },
        { width: chart.width(), theme },
      );
      const whole = [
        Number.isFinite(data.attention.testBleu)
          ? `with attention ${fixed(data.attention.testBleu, 1)}`
          : null,
        Number.isFinite(data.baseline.testBleu)
          ? `without ${fixed(data.baseline.testBleu, 1)}`
          : null,
      ].filter(Boolean);
      document.getElementById('bleu-caption').textContent =
        'BLEU on held-out test sentences (higher is better), grouped by the number of French words' +
        (whole.length ? `. Whole test set: ${whole.join(', ')}.` : '.');
      chart.describe(
        data.buckets
          .map(
            (b, k) =>
              `${b} words: with attention ${fixed(data.attention.bleu[k], 1)}, without ${fixed(data.baseline.bleu[k], 1)}`,
          )
          .join('; '),
      );
    },
  };
}
