// The JS halves of Explorer.tokenize, translate, score, beam, scoreAnatomy (wasm/attention.d.ts).
//
// Linked into attention.js with --post-js (CMakeLists.txt), so it runs inside Emscripten's module
// factory, next to the runtime's HEAP views, and `new module.Explorer()` gets these methods
// wherever the module is used. Each method makes ONE call into WASM (the C++ halves in
// bindings.cpp), which leaves the whole result in WASM memory as JSON text, [RESULT, ARRAYS,
// NUMBERS] (wasm/reply.h says what each holds). Here the text is decoded and parsed at once, the
// fractional numbers are put in place, and all typed arrays of the result are copied out of WASM
// memory into ONE new buffer, of which each field is a view: results are copies, valid after the
// memory grows, and a translation costs a handful of allocations instead of a boundary crossing
// per value.

const replyDecoder = new TextDecoder();

// ARRAYS' typed kinds (0, 1, 2): the typed array type and the current HEAP view (looked up at
// each call: Emscripten replaces the views when the memory grows), with its element size as a
// shift. The 4-byte kinds come first in the result's one buffer, so every view of it is
// aligned. Kind 3, target words by id, is read from HEAP32 and looked up in the vocabulary.
const targetWordsKind = 3;
const replyArrayKinds = [
  { Type: Float32Array, heap: () => HEAPF32, shift: 2 },
  { Type: Int32Array, heap: () => HEAP32, shift: 2 },
  { Type: Uint8Array, heap: () => HEAPU8, shift: 0 },
];

// A double from the two 32-bit halves of its bits.
const doubleBits = new Uint32Array(2);
const doubleValue = new Float64Array(doubleBits.buffer);

// Sets the field at the end of `path` (entry[first..]: keys and indices) under `result`.
function setAtPath(result, entry, first, value) {
  let holder = result;
  for (let i = first; i < entry.length - 1; i++) holder = holder[entry[i]];
  holder[entry[entry.length - 1]] = value;
}

// The target vocabulary of each explorer's model, fetched once per model (load() forgets it).
const targetVocabularies = new WeakMap();
function targetVocabulary(explorer) {
  let words = targetVocabularies.get(explorer);
  if (words === undefined) {
    words = explorer['targetWords']();
    targetVocabularies.set(explorer, words);
  }
  return words;
}

function readReply(explorer, view) {
  const [result, arrays, numbers] = JSON.parse(replyDecoder.decode(view));
  for (const entry of numbers) {
    doubleBits[0] = entry[0];
    doubleBits[1] = entry[1];
    setAtPath(result, entry, 2, doubleValue[0]);
  }
  // One buffer for all typed arrays of the result: one allocation, whatever the number of fields.
  const lengths = [0, 0, 0];
  for (const entry of arrays) if (entry[0] !== targetWordsKind) lengths[entry[0]] += entry[2];
  const buffer = new ArrayBuffer(4 * (lengths[0] + lengths[1]) + lengths[2]);
  let byteOffset = 0;
  for (let kind = 0; kind < replyArrayKinds.length; kind++) {
    const { Type, heap, shift } = replyArrayKinds[kind];
    const copy = new Type(buffer, byteOffset, lengths[kind]);
    byteOffset += copy.byteLength;
    const memory = heap();
    let offset = 0;
    for (const entry of arrays) {
      if (entry[0] !== kind) continue;
      const start = entry[1] >> shift;
      const length = entry[2];
      copy.set(memory.subarray(start, start + length), offset);
      setAtPath(result, entry, 3, copy.subarray(offset, offset + length));
      offset += length;
    }
  }
  for (const entry of arrays) {
    if (entry[0] !== targetWordsKind) continue;
    const vocabulary = targetVocabulary(explorer);
    const ids = HEAP32.subarray(entry[1] >> 2, (entry[1] >> 2) + entry[2]);
    const words = new Array(ids.length);
    for (let i = 0; i < ids.length; i++) words[i] = vocabulary[ids[i]];
    setAtPath(result, entry, 3, words);
  }
  return result;
}

// Which explorer, and which of the models it loaded, made each trace: scoreAnatomy takes apart
// only traces of the explorer's current model, whose weights the recomputation uses.
// (Emscripten 3.1.6's optimizer of this file predates ?. and ??.)
const modelGenerations = new WeakMap();
const traceOrigins = new WeakMap();
const generationOf = (explorer) => modelGenerations.get(explorer) || 0;
function readTrace(explorer, view) {
  const trace = readReply(explorer, view);
  if (trace.ok) traceOrigins.set(trace, { explorer, generation: generationOf(explorer) });
  return trace;
}

// The decoding options as the C++ halves take them: plain numbers (reading a JS object's
// properties from C++ would cost boundary crossings), each the caller's where it is a number,
// else DecodeOptions' default; forcedAttention is passed on as it is (undefined when absent).
let decodeDefaults;
function numberOr(value, fallback) {
  return typeof value === 'number' ? value : fallback;
}
function decodeOptions(options) {
  if (decodeDefaults === undefined) decodeDefaults = Module['_decodeDefaults']();
  const given = options === undefined || options === null ? decodeDefaults : options;
  return {
    beamWidth: numberOr(given.beamWidth, decodeDefaults.beamWidth),
    maxLength: numberOr(given.maxLength, decodeDefaults.maxLength),
    temperature: numberOr(given.temperature, decodeDefaults.temperature),
    topK: numberOr(given.topK, decodeDefaults.topK),
    forcedAttention: given.forcedAttention,
  };
}

// Embind registers Explorer while the module's static constructors run, which addOnInit's
// callbacks follow (the constructors are put first once the WebAssembly is instantiated).
addOnInit(() => {
  const explorer = Module['Explorer'].prototype;
  const loadModel = explorer['load'];
  explorer['load'] = function (bytes) {
    const error = loadModel.call(this, bytes);
    if (error === '') {
      targetVocabularies.delete(this);
      modelGenerations.set(this, generationOf(this) + 1);
    }
    return error;
  };
  explorer['tokenize'] = function (text) {
    return readReply(this, this['_tokenize'](text));
  };
  explorer['translate'] = function (text, options) {
    const o = decodeOptions(options);
    return readTrace(
      this,
      this['_translate'](text, o.beamWidth, o.maxLength, o.temperature, o.topK, o.forcedAttention),
    );
  };
  explorer['score'] = function (text, reference, options) {
    const o = decodeOptions(options);
    return readTrace(
      this,
      this['_score'](
        text,
        reference,
        o.beamWidth,
        o.maxLength,
        o.temperature,
        o.topK,
        o.forcedAttention,
      ),
    );
  };
  explorer['scoreAnatomy'] = function (trace, step) {
    const origin = trace !== null && typeof trace === 'object' && traceOrigins.get(trace);
    if (!origin || origin.explorer !== this || origin.generation !== generationOf(this))
      return {
        ok: false,
        error: "scoreAnatomy takes a trace that this explorer's current model made.",
      };
    if (!Number.isInteger(step) || step < 1 || step > trace.steps)
      return {
        ok: false,
        error: `The step must be a whole number from 1 to ${trace.steps}.`,
      };
    const size = trace.attnDim;
    return this['_scoreAnatomy'](
      trace.question.subarray((step - 1) * size, step * size),
      trace.keys,
    );
  };
  explorer['beam'] = function (text, options) {
    const o = decodeOptions(options);
    return readReply(
      this,
      this['_beam'](text, o.beamWidth, o.maxLength, o.temperature, o.topK, o.forcedAttention),
    );
  };
});
