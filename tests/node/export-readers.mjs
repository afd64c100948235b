// Reading the exported files back, for the Node test (tests/node/export.test.mjs) and the browser
// test (tests/browser/share-export.test.mjs): a strict CSV reader, and the JSON export turned back
// into the API's Trace layout, so a test can compare it with the trace field by field.
import assert from 'node:assert/strict';

/** A strict RFC 4180 reader (quoted fields, doubled quotes, CRLF records). */
export function readCsv(text) {
  const records = [];
  let record = [];
  let field = '';
  let quoted = false;
  for (let k = 0; k < text.length; k++) {
    const ch = text[k];
    if (quoted) {
      if (ch === '"' && text[k + 1] === '"') {
        field += '"';
        k++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') {
      assert.equal(field, '', 'a quote only opens a field');
      quoted = true;
    } else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r') {
      assert.equal(text[k + 1], '\n', 'records end with CRLF');
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      k++;
    } else field += ch;
  }
  assert.ok(!quoted && field === '' && record.length === 0, 'the file ends with a whole record');
  return records;
}

/** Where the JSON export keeps each field of a Trace, flattened back to the API's layout. */
const FROM_JSON = {
  tokens: (j) => j.source.words,
  ids: (j) => j.source.ids,
  unknown: (j) => j.source.unknown,
  hints: (j) => j.source.suggestions,
  clippedFrom: (j) => j.source.clippedFrom,
  attention: (j) => j.attention,
  forcedStep: (j) => j.forcedStep,
  srcLen: (j) => j.sizes.sourceWords,
  steps: (j) => j.sizes.steps,
  contextSize: (j) => j.sizes.encoderState,
  attnDim: (j) => j.sizes.attention,
  decHidden: (j) => j.sizes.decoderState,
  topK: (j) => j.sizes.candidatesPerStep,
  outTokens: (j) => j.output.words,
  outIds: (j) => j.output.ids,
  translation: (j) => j.translation,
  logProb: (j) => j.output.logProbability,
  tokenProbs: (j) => j.decoder.map((d) => d.probability),
  encoderStates: (j) => j.encoder.flatMap((e) => e.state),
  keys: (j) => j.encoder.flatMap((e) => e.key),
  sPrev: (j) => j.decoder.flatMap((d) => d.previousState),
  question: (j) => j.decoder.flatMap((d) => d.query),
  scores: (j) => j.decoder.flatMap((d) => d.scores),
  expShifted: (j) => j.decoder.flatMap((d) => d.expShifted),
  scoreMax: (j) => (j.attention ? j.decoder.map((d) => d.maxScaledScore) : []),
  expSum: (j) => (j.attention ? j.decoder.map((d) => d.expSum) : []),
  alpha: (j) => j.decoder.flatMap((d) => d.alpha),
  context: (j) => j.decoder.flatMap((d) => d.context),
  s: (j) => j.decoder.flatMap((d) => d.state),
  topkIds: (j) => j.decoder.flatMap((d) => d.candidates.map((c) => c.id)),
  topkWords: (j) => j.decoder.flatMap((d) => d.candidates.map((c) => c.word)),
  topkProbs: (j) => j.decoder.flatMap((d) => d.candidates.map((c) => c.probability)),
};
/** The API's success flag and its empty error text: not part of what was computed. */
const NOT_EXPORTED = new Set(['ok', 'error']);

const plain = (value) => (ArrayBuffer.isView(value) ? Array.from(value) : value);

/**
 * Asserts that the parsed JSON export holds every field of `trace` (typed or plain arrays) with
 * exactly its values, and, for a trace with attention, each step's score parts before and after
 * the tanh exactly as `anatomies[t]` ({ preTanh, bent } of step t + 1, from scoreAnatomy) has them.
 */
export function assertJsonHoldsTrace(json, trace, anatomies) {
  for (const [key, value] of Object.entries(trace)) {
    if (NOT_EXPORTED.has(key)) continue;
    assert.ok(FROM_JSON[key], `the test knows where the trace field "${key}" is exported`);
    assert.deepEqual(FROM_JSON[key](json), plain(value), `field ${key}`);
  }
  assert.equal(json.decoder.length, trace.steps);
  json.decoder.forEach((d, t) => {
    const parts = trace.attention ? anatomies[t] : { preTanh: [], bent: [] };
    assert.deepEqual(d.beforeTanh.flat(), plain(parts.preTanh), `step ${t + 1} before the tanh`);
    assert.deepEqual(d.afterTanh.flat(), plain(parts.bent), `step ${t + 1} after the tanh`);
    if (trace.attention) assert.equal(d.beforeTanh.length, trace.srcLen);
  });
}
