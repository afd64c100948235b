// The six panels of one decoder step, each a drawing module fed plain slices of the trace.
import { createCanvasHost } from './canvas-host.js';
import { drawEncoderStates, drawContextSum, sub } from '../draw/vectors.js';
import { drawQuestion } from '../draw/question.js';
import { drawAnatomy } from '../draw/anatomy.js';
import { drawSoftmax } from '../draw/softmax.js';
import { drawDecoder } from '../draw/decoder.js';
import { rows, stepData } from '../lib/trace-data.js';
import { t, language, formatNumber, formatPercent, formatSigned } from '../lib/i18n.js';

export function createPanels({ requestRender }) {
  // Each canvas is named by the interface text panels.<name>.canvas.
  const make = (name) =>
    createCanvasHost(document.getElementById(`panel-${name}`), {
      label: () => t(`panels.${name}.canvas`),
      onResize: requestRender,
    });
  const hosts = {
    states: make('states'),
    question: make('question'),
    anatomy: make('anatomy'),
    softmax: make('softmax'),
    context: make('context'),
    decoder: make('decoder'),
  };
  const text = (id, value) => {
    document.getElementById(id).textContent = value;
  };
  const panels = [...document.querySelectorAll('#loop .panel')];
  let lastKey = null;

  return {
    // The whole chapter, which stays on the page when the panels are hidden (no attention).
    element: document.getElementById('loop'),
    render({ explorer, trace, analysis, step, theme, highlight, temperature }) {
      const widths = Object.values(hosts).map((h) => h.width());
      const key = [trace, step, theme, highlight, language(), ...widths];
      if (lastKey && key.every((v, k) => v === lastKey[k])) return;
      lastKey = key;
      const usable = Boolean(trace && trace.attention && trace.alpha.length);
      for (const panel of panels) panel.hidden = !usable;
      if (!usable) return;
      const d = stepData(trace, analysis, step);
      const now = d.step;
      const nowSub = sub(now);
      const previousSub = sub(now - 1);
      const hp = analysis.hPlane;
      const list = (items) => items.join(t('list.separator'));

      drawEncoderStates(
        hosts.states.canvas,
        { points: hp.points, words: d.words, highlight },
        { width: hosts.states.width(), theme },
      );
      text(
        'p1-text',
        t('panels.states.text', { size: trace.contextSize, kept: formatPercent(hp.explained) }),
      );
      hosts.states.describe(
        list(
          d.words.map((word, i) =>
            t('panels.states.point', {
              i: i + 1,
              word,
              x: formatNumber(hp.points[i][0]),
              y: formatNumber(hp.points[i][1]),
            }),
          ),
        ),
      );

      drawQuestion(
        hosts.question.canvas,
        {
          state: d.sPrev,
          step: now,
          trajectory: analysis.sPlane.points,
          saidWords: analysis.saidWords,
          highlight,
        },
        { width: hosts.question.width(), theme },
      );
      text(
        'p2-text',
        t('panels.question.text', {
          t: now,
          tSub: nowSub,
          previousSub,
          previousWord: d.prevWord,
        }),
      );
      hosts.question.describe(
        t('panels.question.describe', {
          previous: now - 1,
          size: trace.decHidden,
          previousWord: d.prevWord,
        }),
      );

      // The score's inner parts are not in the trace: the core recomputes them for this step.
      const parts = explorer.scoreAnatomy(trace, now);
      if (!parts.ok) throw new Error(parts.error);
      drawAnatomy(
        hosts.anatomy.canvas,
        {
          words: d.words,
          question: d.question,
          keys: d.keys,
          preTanh: rows(parts.preTanh, trace.srcLen, trace.attnDim),
          bent: rows(parts.bent, trace.srcLen, trace.attnDim),
          scores: d.scores,
          step: now,
          highlight,
        },
        { width: hosts.anatomy.width(), theme },
      );
      let best = 0;
      for (let i = 1; i < d.words.length; i++) if (d.scores[i] > d.scores[best]) best = i;
      text(
        'p3-text',
        t('panels.anatomy.text', {
          size: trace.attnDim,
          word: d.words[best],
          score: formatSigned(d.scores[best]),
        }),
      );
      hosts.anatomy.describe(
        list(
          d.words.map((word, i) =>
            t('panels.anatomy.score', { t: now, i: i + 1, word, score: formatSigned(d.scores[i]) }),
          ),
        ),
      );

      drawSoftmax(
        hosts.softmax.canvas,
        {
          words: d.words,
          scores: d.scores,
          expShifted: d.expShifted,
          expSum: d.expSum,
          alpha: d.alpha,
          temperature,
          highlight,
        },
        { width: hosts.softmax.width(), theme },
      );
      let top = 0;
      for (let i = 1; i < d.words.length; i++) if (d.alpha[i] > d.alpha[top]) top = i;
      text(
        'p4-text',
        t('panels.softmax.text', { word: d.words[top], percent: formatPercent(d.alpha[top]) }),
      );
      hosts.softmax.describe(
        list(
          d.words.map((word, i) =>
            t('panels.softmax.weight', {
              t: now,
              i: i + 1,
              word,
              value: formatNumber(d.alpha[i], 3),
            }),
          ),
        ),
      );

      drawContextSum(
        hosts.context.canvas,
        {
          points: hp.points,
          words: d.words,
          alpha: d.alpha,
          context: d.contextPoint,
          highlight,
          contextLabel: `c_${now}`,
        },
        { width: hosts.context.width(), theme },
      );
      // Long sentences: write the terms that matter, and count the rest.
      const shown = d.alpha.map((a, i) => [a, i]).filter(([a]) => d.words.length <= 6 || a >= 0.05);
      const hidden = d.words.length - shown.length;
      const terms =
        shown.map(([a, i]) => `${formatNumber(a, 2)} h${sub(i + 1)}`).join(' + ') +
        (hidden
          ? ` + ${t('panels.context.hidden', { count: hidden, threshold: formatNumber(0.05, 2) })}`
          : '');
      text('p5-text', t('panels.context.text', { tSub: nowSub, terms }));
      hosts.context.describe(`c${now} = ${terms}`);

      drawDecoder(
        hosts.decoder.canvas,
        {
          step: now,
          prevWord: d.prevWord,
          word: d.word,
          sPrev: d.sPrev,
          s: d.s,
          context: d.context,
          topWords: d.topWords,
          topProbs: d.topProbs,
          highlight,
        },
        { width: hosts.decoder.width(), theme },
      );
      text(
        'p6-text',
        `${t('panels.decoder.text', { tSub: nowSub, previousSub })} ${
          now < d.steps
            ? t('panels.decoder.next', { word: d.word, tSub: nowSub, next: now + 1 })
            : t('panels.decoder.end')
        }`,
      );
      hosts.decoder.describe(
        list(d.topWords.map((w, k) => `${w} ${formatNumber(d.topProbs[k], 2)}`)),
      );
    },
  };
}
