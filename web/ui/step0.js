// Step 0: the same sentence through the model without attention and the model with it, and
// BLEU by sentence length from models/evaluation.json (never invented when the file is missing).
import { createCanvasHost } from './canvas-host.js';
import { drawPipe } from '../draw/pipe.js';
import { drawBleuChart } from '../draw/bleu-chart.js';
import { t, language, formatNumber } from '../lib/i18n.js';
import { LONG_EXAMPLE } from '../config.js';

export function createStep0View({ requestRender, onText }) {
  const make = (id, labelKey) =>
    createCanvasHost(document.getElementById(id), {
      label: () => t(labelKey),
      onResize: requestRender,
    });
  const pipeBaseline = make('pipe-baseline', 'step0.pipeWithout');
  const pipeAttention = make('pipe-attention', 'step0.pipeWith');
  const chart = make('bleu-chart', 'step0.bleuCanvas');
  const chartBox = chart.container;
  const unavailable = document.createElement('p');
  unavailable.className = 'unavailable';
  unavailable.id = 'bleu-unavailable';
  chartBox.after(unavailable);
  const baselineOut = document.getElementById('baseline-output');
  const attentionOut = document.getElementById('attention-output');
  document.getElementById('try-long').addEventListener('click', () => onText(LONG_EXAMPLE));
  const same = (a, b) => a && a.length === b.length && a.every((v, k) => v === b[k]);
  let compareKey = null;
  let chartKey = null;

  const setOutput = (el, text, muted = false) => {
    el.replaceChildren();
    const span = document.createElement('span');
    span.textContent = text;
    if (muted) span.className = 'muted';
    el.append(span);
  };

  function renderComparison({ trace, analysis, step, baseline, theme }) {
    const key = [
      trace,
      step,
      baseline,
      theme,
      pipeBaseline.width(),
      pipeAttention.width(),
      language(),
    ];
    if (same(compareKey, key)) return;
    compareKey = key;
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
      setOutput(attentionOut, t('step0.typeAbove'), true);
      setOutput(baselineOut, t('step0.typeAbove'), true);
      return;
    }
    setOutput(attentionOut, trace.translation);
    // 'idle' is only ever drawn for an instant: coming near the screen starts the download.
    if (baseline.status === 'ready' && baseline.trace)
      setOutput(baselineOut, baseline.trace.translation);
    else if (baseline.status === 'loading' || baseline.status === 'idle')
      setOutput(baselineOut, t('step0.baselineLoading'), true);
    else setOutput(baselineOut, baseline.message ?? t('step0.baselineMissing'), true);
  }

  // The chart does not depend on the sentence: typing does not redraw it.
  function renderChart({ evaluation, theme }) {
    const key = [evaluation, theme, chart.width(), language()];
    if (same(chartKey, key)) return;
    chartKey = key;
    const data = evaluation?.data;
    const ok =
      data &&
      Array.isArray(data.buckets) &&
      Array.isArray(data.attention?.bleu) &&
      Array.isArray(data.baseline?.bleu) &&
      data.attention.bleu.length === data.buckets.length;
    chartBox.hidden = !ok;
    unavailable.hidden = Boolean(ok);
    const caption = document.getElementById('bleu-caption');
    if (!ok) {
      caption.textContent = t('step0.bleuCaption');
      unavailable.textContent = t(
        evaluation?.status === 'loading' ? 'step0.evaluationLoading' : 'step0.evaluationMissing',
      );
      return;
    }
    drawBleuChart(
      chart.canvas,
      {
        buckets: data.buckets,
        counts: Array.isArray(data.counts) ? data.counts : undefined,
        series: [
          { name: t('step0.seriesWithout'), values: data.baseline.bleu, colour: theme.muted },
          { name: t('step0.seriesWith'), values: data.attention.bleu, colour: theme.symC },
        ],
      },
      { width: chart.width(), theme },
    );
    const whole = [
      Number.isFinite(data.attention.testBleu)
        ? t('step0.wholeWith', { bleu: formatNumber(data.attention.testBleu, 1) })
        : null,
      Number.isFinite(data.baseline.testBleu)
        ? t('step0.wholeWithout', { bleu: formatNumber(data.baseline.testBleu, 1) })
        : null,
    ].filter(Boolean);
    caption.textContent = whole.length
      ? t('step0.bleuCaptionWhole', { scores: whole.join(', ') })
      : t('step0.bleuCaption');
    chart.describe(
      data.buckets
        .map((bucket, k) =>
          t('step0.bleuBucket', {
            bucket,
            with: formatNumber(data.attention.bleu[k], 1),
            without: formatNumber(data.baseline.bleu[k], 1),
          }),
        )
        .join(t('list.separator')),
    );
  }

  return {
    element: document.getElementById('step0'),
    render(state) {
      renderComparison(state);
      renderChart(state);
    },
  };
}
