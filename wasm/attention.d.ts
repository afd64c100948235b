// TypeScript declarations of the WebAssembly API (wasm/bindings.cpp).
//
// Ownership: `new module.Explorer()` is the only object you own; call `explorer.delete()` when
// done. Every array in a returned object is a copy (Float32Array / Int32Array / Uint8Array / Array)
// that no later call and no growth of the WebAssembly memory changes; nothing else needs freeing.
// The typed arrays of one result are views of one copied buffer (so `.buffer` is shared among
// them; use `.slice()` for a standalone array).
// Cost: tokenize, translate, score and beam each cross into WebAssembly once, whatever the length
// of the sentence (docs/architecture.md, "The boundary").
// Layouts are row-major; T = srcLen, S = steps, K = topK, d_h = contextSize, d_a = attnDim,
// d_s = decHidden, N = nodeCount.

export interface DecodeOptions {
  /** 1 = greedy (default), up to 16 (beam(): clamped to 1..8). */
  beamWidth?: number;
  /** Stop after this many output words (default and cap: the model's maxTgtLen). */
  maxLength?: number;
  /** Attention temperature τ > 0: α = softmax(e / τ). 1 = the model as trained. */
  temperature?: number;
  /** Candidate words recorded per step (default 5). */
  topK?: number;
  /**
   * What-if decoding (translate with beamWidth 1, and score): at output step `step` the decoder
   * uses `weights` as α_t instead of its softmax. Steps before it are exactly the unforced run's;
   * c_t, s_t, the word of step t and every later step follow from the forced weights (greedy).
   * If the output ends before step `step`, nothing is forced (`forcedStep` is 0).
   * Refused with `{ ok: false, error }`: weights of the wrong length, negative, NaN or infinite,
   * all zero, or not numbers; step < 1; a model without attention; beamWidth > 1; beam().
   */
  forcedAttention?: ForcedAttention;
}

export interface ForcedAttention {
  /** The output step t whose attention is forced, 1-based (1 = the first output word). */
  step: number;
  /** One non-negative weight per source token (srcLen of them); normalised to sum 1. */
  weights: ArrayLike<number>;
}

export interface Failure {
  ok: false;
  /** A sentence for the user; "" when `empty` is true. */
  error: string;
  /** True when the text has no words at all (not an error to show). */
  empty?: boolean;
}

export interface Tokens {
  tokens: string[];
  ids: Int32Array;
  unknown: boolean[];
  /** For each unknown word, up to 3 close known words (edit distance). */
  hints: string[][];
}

export interface Trace extends Tokens {
  ok: true;
  error: '';
  /** Number of words before clipping to maxSrcLen, or 0 when nothing was clipped. */
  clippedFrom: number;
  attention: boolean;
  srcLen: number;
  steps: number;
  contextSize: number;
  attnDim: number;
  decHidden: number;
  topK: number;
  outIds: Int32Array;
  /** y_1..y_S, including the final "</s>" when the model produced it. */
  outTokens: string[];
  /** The output words joined into readable English. */
  translation: string;
  /** p(y_t) of each output word (S); in score(), of each reference word and the final </s>. */
  tokenProbs: Float32Array;
  /** Σ_t log p(y_t). */
  logProb: number;
  /** The step whose α was forced (options.forcedAttention), or 0 when none was. */
  forcedStep: number;
  /** h_i (T x d_h). */
  encoderStates: Float32Array;
  /** U_a h_i (T x d_a); empty without attention. */
  keys: Float32Array;
  /** s_{t-1} (S x d_s). */
  sPrev: Float32Array;
  /**
   * W_a s_{t-1} (S x d_a). The score's inner parts W_a s_{t-1} + U_a h_i and their tanh
   * (S x T x d_a in all) are not in the trace: `explorer.scoreAnatomy(trace, t)` gives them for
   * the step being looked at.
   */
  question: Float32Array;
  /** e_ti (S x T). */
  scores: Float32Array;
  /** exp(e_ti/τ − m_t) (S x T). */
  expShifted: Float32Array;
  /** m_t = max_i e_ti/τ (S). */
  scoreMax: Float32Array;
  /** Σ_i exp(e_ti/τ − m_t) (S). */
  expSum: Float32Array;
  /**
   * α_ti (S x T): the alignment heatmap; empty without attention. At `forcedStep` it is the
   * forced (normalised) weights, while scores, expShifted, scoreMax and expSum stay the model's.
   */
  alpha: Float32Array;
  /** c_t (S x d_h). */
  context: Float32Array;
  /** s_t (S x d_s). */
  s: Float32Array;
  /** Most probable words per step, best first (S x K). */
  topkIds: Int32Array;
  topkWords: string[];
  topkProbs: Float32Array;
}

/**
 * Teacher forcing: the decoder is fed the reference words instead of its own choices. outTokens
 * are the reference words (unknown ones as "<unk>") followed by "</s>"; tokenProbs[t] is the
 * probability the model gives reference word t (the page's loss is −log tokenProbs[t]); alpha is
 * the attention the model uses while producing the reference.
 */
export interface ScoredTrace extends Trace {
  /** Reference words the model does not know (scored as <unk>). */
  unknownReferenceWords: string[];
}

/** One finalist of a beam search: the path from the first word to its last. */
export interface BeamHypothesis {
  /** Node ids from the first word to the last (root to leaf). */
  nodes: Int32Array;
  /** The words along the path, including the final "</s>" when the hypothesis finished. */
  words: string[];
  /** The words joined into readable English. */
  translation: string;
  /** log P of the whole output. */
  logProb: number;
  /** What the beam ranks by: logProb / words.length ("</s>" counts), so that short outputs are not favoured for being short. */
  score: number;
}

/**
 * The search tree of a beam search. Its nodes are the hypotheses that entered the beam at some
 * step (not every candidate that was scored and pruned): node n is the output prefix ending with
 * nodeWords[n], extending the prefix of node nodeParent[n].
 */
export interface BeamTree extends Tokens {
  ok: true;
  error: '';
  /** Number of words before clipping to maxSrcLen, or 0 when nothing was clipped. */
  clippedFrom: number;
  srcLen: number;
  /** The width used: options.beamWidth clamped to 1..8. */
  beamWidth: number;
  nodeCount: number;
  /** The node whose prefix this node extends; -1 for the nodes of the first step (N). */
  nodeParent: Int32Array;
  /** The 1-based output position of the node's word (N). */
  nodeStep: Int32Array;
  nodeWordId: Int32Array;
  nodeWords: string[];
  /** Cumulative log P of the prefix ending at the node (N). */
  nodeLogProb: Float32Array;
  /** P of the node's word given its parent's prefix (N). */
  nodeTokenProb: Float32Array;
  /** 1 where the node's word is "</s>" (N). */
  nodeFinished: Uint8Array;
  /** The attention row used when the node's word was emitted (N x T); empty without attention. */
  nodeAlpha: Float32Array;
  /** The finalists, best first: the finished hypotheses, or the unfinished ones when none finished within maxLength. hypotheses[0].translation is translate(text, { beamWidth }).translation. */
  hypotheses: BeamHypothesis[];
}

export interface ModelInfo {
  ok: true;
  attention: boolean;
  srcVocab: number;
  tgtVocab: number;
  embed: number;
  encHidden: number;
  contextSize: number;
  decHidden: number;
  attnDim: number;
  outHidden: number;
  maxSrcLen: number;
  maxTgtLen: number;
  metadata: Record<string, string>;
}

export interface Explorer {
  /** Loads a model file (docs/weights-format.md); returns "" or an error message. */
  load(bytes: Uint8Array): string;
  loaded(): boolean;
  info(): ModelInfo | Failure;
  tokenize(text: string): (Tokens & { ok: boolean; error: string }) | Failure;
  translate(text: string, options?: DecodeOptions): Trace | Failure;
  /** Teacher forcing: the trace of the model producing `reference` (see ScoredTrace). */
  score(text: string, reference: string, options?: DecodeOptions): ScoredTrace | Failure;
  /** Beam search with its search tree (options.beamWidth clamped to 1..8; default 1). */
  beam(text: string, options?: DecodeOptions): BeamTree | Failure;
  /**
   * The inner parts of the attention scores of step `step` (1-based) of a trace that this
   * explorer's current model made (translate or score), recomputed from the trace's question and
   * keys by the same code as the decoder, so they are bit for bit what it computed then.
   * Refused with `{ ok: false, error }` for another explorer's or model's trace, a step outside
   * 1..steps, or a model without attention.
   */
  scoreAnatomy(trace: Trace, step: number): ScoreAnatomy | Failure;
  sourceWords(): string[];
  targetWords(): string[];
  delete(): void;
}

/** The additive score e_ti = v_aᵀ tanh(W_a s_{t-1} + U_a h_i) of one step, taken apart. */
export interface ScoreAnatomy {
  ok: true;
  error: '';
  /** W_a s_{t-1} + U_a h_i (T x d_a). */
  preTanh: Float32Array;
  /** tanh of preTanh (T x d_a). */
  bent: Float32Array;
  /** e_ti = v_aᵀ bent_i (T): the same numbers as the trace's scores of that step. */
  scores: Float32Array;
}

export interface SoftmaxParts {
  ok: true;
  max: number;
  sum: number;
  expShifted: Float32Array;
  alpha: Float32Array;
}

export interface AttentionModule {
  Explorer: { new (): Explorer };
  /** Step 4 of the walkthrough on any scores. */
  softmaxParts(scores: Float32Array | number[]): SoftmaxParts | Failure;
  /** Step 5: Σ_i alpha_i v_i for vectors given row by row (alpha.length x dim). */
  blend(
    alpha: Float32Array | number[],
    vectors: Float32Array | number[],
    dim: number,
  ): Float32Array | Failure;
  version(): string;
  /** "wasm-simd128" or "scalar". */
  kernelVariant(): string;
  /** Bytes allocated inside the module (for leak checks). */
  heapBytesInUse(): number;
  HEAPU8: Uint8Array;
}

export interface ModuleOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
  onAbort?: (what: unknown) => void;
}

export default function createAttentionModule(options?: ModuleOptions): Promise<AttentionModule>;
