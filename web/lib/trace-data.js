// Turns a flat Trace (row-major typed arrays, wasm/attention.d.ts) into the plain per-step data
// the drawing modules take. Nothing here calls WebAssembly.
import { linearProjection2d } from './pca.js';
import { displayWord, shownWord } from './format.js';

export const row = (array, index, width) => array.subarray(index * width, (index + 1) * width);
export const rows = (array, count, width) =>
  Array.from({ length: count }, (_, i) => row(array, i, width));

/**
 * What every step shares: the projections and the word lists. The projections are computed when
 * first read (a keystroke redraws only the views on screen, and most do not need them).
 */
export function analyseTrace(trace) {
  const T = trace.srcLen;
  const S = trace.steps;
  let hPlane;
  let sPlane;
  return {
    srcWords: trace.tokens.map(shownWord),
    // Named in the interface language when read (the markers' names change with it).
    get outWords() {
      return trace.outTokens.map(displayWord);
    },
    // y_0 is the start marker: what the decoder "said" before step 1.
    get saidWords() {
      return [displayWord('<s>'), ...trace.outTokens.slice(0, Math.max(0, S - 1)).map(displayWord)];
    },
    get hPlane() {
      return (hPlane ??= linearProjection2d(trace.encoderStates, T, trace.contextSize));
    },
    get sPlane() {
      if (sPlane === undefined)
        sPlane = S > 0 ? linearProjection2d(trace.sPrev, S, trace.decHidden) : null;
      return sPlane;
    },
  };
}

/** The alignment heatmap's data (web/draw/heatmap.js) of a whole trace: α with its word labels. */
export function heatmapData(trace) {
  return {
    alpha: trace.alpha,
    rows: trace.steps,
    cols: trace.srcLen,
    rowLabels: trace.outTokens.map(displayWord),
    colLabels: trace.tokens.map(shownWord),
  };
}

/** Everything about decoder step t (1-based). */
export function stepData(trace, analysis, t) {
  const T = trace.srcLen;
  const S = trace.steps;
  const i = Math.min(Math.max(1, t), S) - 1;
  const dA = trace.attnDim;
  const K = trace.topK;
  const attention = trace.attention && trace.alpha.length === S * T;
  const context = row(trace.context, i, trace.contextSize);
  return {
    step: i + 1,
    steps: S,
    attention,
    words: analysis.srcWords,
    prevWord: analysis.saidWords[i],
    word: analysis.outWords[i],
    sPrev: row(trace.sPrev, i, trace.decHidden),
    s: row(trace.s, i, trace.decHidden),
    question: attention ? row(trace.question, i, dA) : new Float32Array(0),
    keys: attention ? rows(trace.keys, T, dA) : [],
    scores: attention ? Array.from(row(trace.scores, i, T)) : [],
    expShifted: attention ? Array.from(row(trace.expShifted, i, T)) : [],
    expSum: attention ? trace.expSum[i] : 0,
    scoreMax: attention ? trace.scoreMax[i] : 0,
    alpha: attention ? Array.from(row(trace.alpha, i, T)) : [],
    context,
    contextPoint: analysis.hPlane.project(context),
    topWords: Array.from(trace.topkWords.slice(i * K, (i + 1) * K), displayWord),
    topProbs: Array.from(row(trace.topkProbs, i, K)),
  };
}
