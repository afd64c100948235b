// The JS halves of Explorer.tokenize, translate, score, beam, scoreAnatomy (wasm/attention.d.ts).
//
// Linked into attention.js with --post-js (CMakeLists.txt), so it runs inside Emscripten's module
// factory, next to the runtime's HEAP views, and `new module.Explorer()` gets these methods
// wherever the module is used. Each method makes ONE call into WASM (the C++ halves in
// bindings.cpp), which leaves the whole result in WASM memory: a JSON text, [RESULT, FIELDS,
// ARENA_ADDRESS, ARENA_BYTES], and an arena holding every array's elements (wasm/reply.h says
// what each holds). Here the text is decoded and parsed at once, the arena is copied out of WASM
// memory into ONE new buffer, and FIELDS puts in RESULT each typed array, as a view of that
// buffer, each list of target words and each fractional number: results are copies, valid after the
// memory grows, and a translation costs a handful of allocations and one copy instead of a
// boundary crossing per value.

const replyDecoder = new TextDecoder();

// FIELDS' kinds: 0, 1, 2 are these typed arrays; 3 is an Int32Array of target word ids, whose
// words are looked up in the vocabulary; 4 is a number given by the two halves of its bits.
const replyArrayTypes = [Float32Array, Int32Array, Uint8Array];
const targetWordsKind = 3;
const doubleBits = new Uint32Array(2);
const doubleValue = new Float64Array(doubleBits.buffer);

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
  const [result, fields, arenaAddress, arenaBytes] = JSON.parse(replyDecoder.decode(view));
  const arena = HEAPU8.slice(arenaAddress, arenaAddress + arenaBytes).buffer;
  for (let i = 0; i < fields.length;) {
    const kind = fields[i];
    const a = fields[i + 1];
    const b = fields[i + 2];
    const key = i + 3 + fields[i + 3]; // the index of the field's own key; its holders before it
    let holder = result;
    for (let level = i + 4; level < key; level++) holder = holder[fields[level]];
    i = key + 1;
    if (kind < targetWordsKind) {
      holder[fields[key]] = new replyArrayTypes[kind](arena, a, b);
    } else if (kind === targetWordsKind) {
      const vocabulary = targetVocabulary(explorer);
      const ids = new Int32Array(arena, a, b);
      const words = new Array(b);
      for (let w = 0; w < b; w++) words[w] = vocabulary[ids[w]];
      holder[fields[key]] = words;
    } else {
      doubleBits[0] = a;
      doubleBits[1] = b;
      holder[fields[key]] = doubleValue[0];
    }
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
