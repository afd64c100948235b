// The six panels of one decoder step, each a drawing module fed plain slices of the trace.
import { createCanvasHost } from './canvas-host.js';
import { drawEncoderStates, drawContextSum, sub } from '../draw/vectors.js';
import { drawQuestion } from '../draw/question.js';
import { drawAnatomy } from '../draw/anatomy.js';
import { drawSoftmax } from '../draw/softmax.js';
import { drawDecoder } from '../draw/decoder.js';
import { stepData } from '../lib/trace-data.js';
import { fixed, percent, signed } from '../lib/format.js';

export function createPanels({ requestRender }) {
  const make = (id, label) =>
    createCanvasHost(document.getElementById(id), { label, onResize: requestRender });
  const hosts = {
    states: make('panel-states', 'Encoder states as arrows'),
    question: make('panel-question', 'The decoder state before this step'),
    anatomy: make('panel-anatomy', 'How each score is computed'),
    softmax: make('panel-softmax', 'Softmax of the scores'),
    context: make('panel-context', 'The context vector as a sum of scaled arrows'),
    decoder: make('panel-decoder', 'The context entering the decoder'),
  };
  const text = (id, value) => {
    document.getElementById(id).textContent = value;
  };
  const panels = [...document.querySelectorAll('#loop .panel')];
  let lastKey = null;

  return {
    render({ trace, analysis, step, theme, highlight, temperature }) {
      const widths = Object.values(hosts).map((h) => h.width());
      const key = [trace, step, theme, highlight, ...widths];
      if (lastKey && key.every((v, k) => v === lastKey[k])) return;
      lastKey = key;
      const usable = Boolean(trace && trace.attention && trace.alpha.length);
      for (const panel of panels) panel.hidden = !usable;
      if (!usable) return;
      const d = stepData(trace, analysis, step);
      const t = d.step;
      const hp = analysis.hPlane;

      drawEncoderStates(
        hosts.states.canvas,
        { points: hp.points, words: d.words, highlight },
        { width: hosts.states.width(), theme },
      );
      text(
        'p1-text',
        `One arrow per French word: the encoder's summary of the sentence around that word, ${trace.contextSize} numbers each, ` +
          `flattened onto the plane that keeps the most of them (${percent(hp.explained)} of their squared length). ` +
          'The flattening is linear, so adding arrows here is the same as adding the real vectors. ' +
          'Attention never changes these arrows; it only decides how much of each to take.',
      );
      hosts.states.describe(
        d.words
          .map(
            (w, i) =>
              `h${i + 1} for ${w} at (${fixed(hp.points[i][0])}, ${fixed(hp.points[i][1])})`,
          )
          .join('; '),
      );

      drawQuestion(
        hosts.question.canvas,
        {
          state: d.sPrev,
          step: t,
          trajectory: analysis.sPlane.points,
          saidWords: analysis.saidWords,
          highlight,
        },
        { width: hosts.question.width(), theme },
      );
      text(
        'p2-text',
        `About to produce word ${t}, the decoder holds s${sub(t - 1)}, the state it reached after “${d.prevWord}”. ` +
          `It can only ask with this one: s${sub(t)} does not exist yet, because building it needs the answer.`,
      );
      hosts.question.describe(`s${t - 1}: ${trace.decHidden} numbers, after ${d.prevWord}.`);

      drawAnatomy(
        hosts.anatomy.canvas,
        {
          words: d.words,
          question: d.question,
          keys: d.keys,
          preTanh: d.preTanh,
          bent: d.bent,
          scores: d.scores,
          step: t,
          highlight,
        },
        { width: hosts.anatomy.width(), theme },
      );
      let best = 0;
      for (let i = 1; i < d.words.length; i++) if (d.scores[i] > d.scores[best]) best = i;
      text(
        'p3-text',
        `Wₐ moves the question and Uₐ moves each word into one shared space of ${trace.attnDim} numbers, so they can be added ` +
          '(blue below zero, orange above). tanh bends the sum, letting the match be subtler than “pointing the same way”, and ' +
          `the dot product with vₐ reads one number out of it: the score. Highest now: “${d.words[best]}” (${signed(d.scores[best])}).`,
      );
      hosts.anatomy.describe(
        d.words.map((w, i) => `e${t},${i + 1} for ${w} = ${signed(d.scores[i])}`).join('; '),
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
        'Raw scores can be any size and any sign. exp makes them all positive and widens the gaps; dividing each by their sum ' +
          `turns them into shares between 0 and 1 that add up to exactly 1. Here “${d.words[top]}” gets ${percent(d.alpha[top])} of the attention.`,
      );
      hosts.softmax.describe(
        d.words.map((w, i) => `α${t},${i + 1} for ${w} = ${fixed(d.alpha[i], 3)}`).join('; '),
      );

      drawContextSum(
        hosts.context.canvas,
        {
          points: hp.points,
          words: d.words,
          alpha: d.alpha,
          context: d.contextPoint,
          highlight,
          contextLabel: `c_${t}`,
        },
        { width: hosts.context.width(), theme },
      );
      // Long sentences: write the terms that matter, and count the rest.
      const shown = d.alpha.map((a, i) => [a, i]).filter(([a]) => d.words.length <= 6 || a >= 0.05);
      const hidden = d.words.length - shown.length;
      const terms =
        shown.map(([a, i]) => `${fixed(a, 2)} h${sub(i + 1)}`).join(' + ') +
        (hidden ? ` + ${hidden} terms under 0.05` : '');
      text(
        'p5-text',
        `Each arrow shrunk to its share, laid tip to tail: c${sub(t)} = ${terms}. The chain ends exactly where the model's own c${sub(t)} ` +
          '(ringed) lands, and it leans towards the words that got the most attention. A blend rather than a hard pick, so a ' +
          'small change of a score moves the result a little: that smoothness is what lets training improve it.',
      );
      hosts.context.describe(`c${t} = ${terms}`);

      drawDecoder(
        hosts.decoder.canvas,
        {
          step: t,
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
        `c${sub(t)} is used twice. Once to update the memory, s${sub(t)} = f(s${sub(t - 1)}, y${sub(t - 1)}, c${sub(t)}): what to remember. ` +
          `Once to choose the word, p(y${sub(t)}) = g(y${sub(t - 1)}, s${sub(t)}, c${sub(t)}): what to say now. ` +
          (t < d.steps
            ? `The most likely word, “${d.word}”, is said, and s${sub(t)} becomes the question of step ${t + 1}.`
            : `The most likely word is the end marker, so the sentence is finished and the loop stops.`),
      );
      hosts.decoder.describe(
        d.topWords.map((w, k) => `${w} ${fixed(d.topProbs[k], 2)}`).join('; '),
      );
    },
  };
}
