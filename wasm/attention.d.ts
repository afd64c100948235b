// TypeScript declarations of the WebAssembly API (wasm/bindings.cpp).
//
// Ownership: `new module.Explorer()` is the only object you own; call `explorer.delete()` when
// done. Every array in a returned object is a fresh copy (Float32Array / Int32Array / Array), so it
// stays valid after later calls and after the WebAssembly memory grows; nothing else needs freeing.
// Layouts are row-major; T = srcLen, S = steps, K = topK, d_h = contextSize, d_a = attnDim,
// d_s = decHidden.

export interface DecodeOptions {
  /** 1 = greedy (default), up to 16. */
  beamWidth?: number;
  /** Stop after this many output words (default and cap: the model's maxTgtLen). */
  maxLength?: number;
  /** Attention temperature τ > 0: α = softmax(e / τ). 1 = the model as trained. */
  temperature?: number;
  /** Candidate words recorded per step (default 5). */
  topK?: number;
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
  /** p(y_t) of each output (or forced) word (S). */
  tokenProbs: Float32Array;
  logProb: number;
  /** h_i (T x d_h). */
  encoderStates: Float32Array;
  /** U_a h_i (T x d_a); empty without attention. */
  keys: Float32Array;
  /** s_{t-1} (S x d_s). */
  sPrev: Float32Array;
  /** W_a s_{t-1} (S x d_a). */
  question: Float32Array;
  /** W_a s_{t-1} + U_a h_i (S x T x d_a). */
  preTanh: Float32Array;
  /** tanh of preTanh (S x T x d_a). */
  bent: Float32Array;
  /** e_ti (S x T). */
  scores: Float32Array;
  /** exp(e_ti/τ − m_t) (S x T). */
  expShifted: Float32Array;
  /** m_t = max_i e_ti/τ (S). */
  scoreMax: Float32Array;
  /** Σ_i exp(e_ti/τ − m_t) (S). */
  expSum: Float32Array;
  /** α_ti (S x T): the alignment heatmap; empty without attention. */
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

export interface ScoredTrace extends Trace {
  /** Reference words the model does not know (scored as <unk>). */
  unknownReferenceWords: string[];
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
  /** Teacher forcing: the trace of the model producing `reference`. */
  score(text: string, reference: string, options?: DecodeOptions): ScoredTrace | Failure;
  sourceWords(): string[];
  targetWords(): string[];
  delete(): void;
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
  blend(alpha: Float32Array | number[], vectors: Float32Array | number[], dim: number): Float32Array | Failure;
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
