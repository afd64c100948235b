// What the page exports, as plain strings and data (no DOM, so Node tests can check every byte):
// the trace as CSV and as JSON, the data of the heatmap figure (draw/heatmap-figure.js) and the
// file names. Numbers are written with JavaScript's shortest round-trip form, so reading a file
// back gives exactly the trace's values.
import { heatmapData } from './trace-data.js';
import { t, formatNumber } from './i18n.js';

/** How every exported file's name starts: ASCII, the same in every interface language. */
const FILE_PREFIX = 'attention';

/** The CSV columns: one row per (decoder step t, source word i); positions count from 1. */
export const CSV_COLUMNS = [
  'step',
  'output_word',
  'source_position',
  'source_word',
  'score',
  'alpha',
];

/** RFC 4180 quoting: fields with a comma, a quote or a line break are quoted, quotes doubled. */
export function csvField(value) {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The trace as CSV: a header, then steps × srcLen rows in step order (score = e_ti before the
 * temperature, alpha = α_ti after it). Words are the model's tokens ("</s>" is the end marker).
 * Lines end with CRLF, as RFC 4180 and spreadsheets expect. Needs a trace with attention.
 */
export function traceToCsv(trace) {
  const T = trace.srcLen;
  const lines = [CSV_COLUMNS.join(',')];
  for (let t = 0; t < trace.steps; t++) {
    for (let i = 0; i < T; i++) {
      const k = t * T + i;
      const fields = [
        t + 1,
        trace.outTokens[t],
        i + 1,
        trace.tokens[i],
        trace.scores[k],
        trace.alpha[k],
      ];
      lines.push(fields.map(csvField).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Row r (`width` numbers) of a flat row-major array; empty when the array has no such row. */
function rowOf(array, r, width) {
  return array.length >= (r + 1) * width
    ? Array.from(array.subarray(r * width, (r + 1) * width))
    : [];
}

/**
 * The whole trace (as returned by translate(), typed arrays) as one readable object: the sentence
 * and settings, the model, then the encoder (one entry per source word) and the decoder (one entry
 * per step) with every intermediate value of the attention, named after what it is. The field
 * `notation` maps those names to the symbols of the page. Without attention, the attention's
 * values are empty arrays and null. The trace does not carry the score's inner parts (before and
 * after the tanh); `scoreAnatomy(step)` (1-based; the explorer's method bound to this trace)
 * recomputes them for each step.
 */
export function traceToObject(trace, { sentence, modelName, info, temperature, scoreAnatomy }) {
  const T = trace.srcLen;
  const S = trace.steps;
  const dA = trace.attnDim;
  const K = trace.topK;
  const modelInfo = { ...info };
  delete modelInfo.ok; // the API's success flag, not a property of the model
  const perSource = (array) =>
    Array.from({ length: array.length ? T : 0 }, (_, i) => rowOf(array, i, dA));
  const noParts = { preTanh: new Float32Array(0), bent: new Float32Array(0) };
  const scoreParts = (t) => {
    if (!trace.attention) return noParts;
    const parts = scoreAnatomy(t + 1);
    if (!parts.ok) throw new Error(parts.error);
    return parts;
  };
  return {
    format: 'attention-explorer trace',
    version: 1,
    sentence,
    temperature,
    // 0: the decoder's own softmax at every step; t: α_t was set by hand (what-if decoding).
    forcedStep: trace.forcedStep,
    model: { file: modelName, ...modelInfo },
    translation: trace.translation,
    attention: trace.attention,
    sizes: {
      sourceWords: T,
      steps: S,
      encoderState: trace.contextSize,
      attention: dA,
      decoderState: trace.decHidden,
      candidatesPerStep: K,
    },
    notation: {
      'encoder[].state': 'h_i',
      'encoder[].key': 'U_a h_i',
      'decoder[].previousState': 's_{t−1}',
      'decoder[].query': 'W_a s_{t−1}',
      'decoder[].beforeTanh': 'W_a s_{t−1} + U_a h_i, one row per source word',
      'decoder[].afterTanh': 'tanh(W_a s_{t−1} + U_a h_i), one row per source word',
      'decoder[].scores': 'e_ti = v_aᵀ tanh(W_a s_{t−1} + U_a h_i)',
      'decoder[].maxScaledScore': 'm_t = max_i e_ti / τ',
      'decoder[].expShifted': 'exp(e_ti / τ − m_t)',
      'decoder[].expSum': 'Σ_i exp(e_ti / τ − m_t)',
      'decoder[].alpha': 'α_ti = softmax_i(e_ti / τ)',
      'decoder[].context': 'c_t = Σ_i α_ti h_i',
      'decoder[].state': 's_t',
      'decoder[].probability': 'p(y_t)',
    },
    source: {
      words: trace.tokens,
      ids: Array.from(trace.ids),
      unknown: trace.unknown,
      suggestions: trace.hints,
      clippedFrom: trace.clippedFrom,
    },
    output: {
      words: trace.outTokens,
      ids: Array.from(trace.outIds),
      logProbability: trace.logProb,
    },
    encoder: trace.tokens.map((word, i) => ({
      position: i + 1,
      word,
      state: rowOf(trace.encoderStates, i, trace.contextSize),
      key: rowOf(trace.keys, i, dA),
    })),
    decoder: Array.from({ length: S }, (_, t) => scoreParts(t)).map((parts, t) => ({
      step: t + 1,
      word: trace.outTokens[t],
      id: trace.outIds[t],
      probability: trace.tokenProbs[t],
      previousState: rowOf(trace.sPrev, t, trace.decHidden),
      query: rowOf(trace.question, t, dA),
      beforeTanh: perSource(parts.preTanh),
      afterTanh: perSource(parts.bent),
      scores: rowOf(trace.scores, t, T),
      maxScaledScore: trace.scoreMax.length ? trace.scoreMax[t] : null,
      expShifted: rowOf(trace.expShifted, t, T),
      expSum: trace.expSum.length ? trace.expSum[t] : null,
      alpha: rowOf(trace.alpha, t, T),
      context: rowOf(trace.context, t, trace.contextSize),
      state: rowOf(trace.s, t, trace.decHidden),
      candidates: Array.from({ length: K }, (_, k) => ({
        word: trace.topkWords[t * K + k],
        id: trace.topkIds[t * K + k],
        probability: trace.topkProbs[t * K + k],
      })),
    })),
  };
}

/**
 * JSON indented by structure, with every array of plain values on one line: a 128-number state
 * stays one line instead of 128.
 */
export function readableJson(value, indent = '') {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return JSON.stringify(value);
    return `[\n${value.map((v) => inner + readableJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (!entries.length) return '{}';
    const body = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${readableJson(v, inner)}`);
    return `{\n${body.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

export function traceToJson(trace, settings) {
  return `${readableJson(traceToObject(trace, settings))}\n`;
}

/** The data of the heatmap figure: the words as the page shows them, the sentence as the title. */
export function heatmapFigureData(trace, { sentence, modelName, temperature }) {
  return {
    ...heatmapData(trace),
    // A pasted page is clipped by the model: the title is then the words it read, not the page.
    title: trace.clippedFrom > 0 ? `${trace.tokens.join(' ')} …` : sentence.trim(),
    subtitle: t(
      temperature === 1 ? 'export.figure.subtitle' : 'export.figure.subtitleTemperature',
      // τ to two decimals, as the page shows it; the JSON export has its exact value.
      { translation: trace.translation, model: modelName, temperature: formatNumber(temperature) },
    ),
    description: t('export.figure.description', { rows: trace.steps, cols: trace.srcLen }),
  };
}

/**
 * "attention-je-suis-etudiant.svg": the sentence's first words, lower-case, accents dropped,
 * anything but letters and digits turned into dashes, at most about 48 characters.
 */
export function exportFileName(sentence, extension) {
  const slug = sentence
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  let short = slug;
  if (short.length > 48) {
    short = short.slice(0, 48);
    const lastDash = short.lastIndexOf('-');
    if (lastDash > 0) short = short.slice(0, lastDash);
  }
  return `${short ? `${FILE_PREFIX}-${short}` : FILE_PREFIX}.${extension}`;
}
