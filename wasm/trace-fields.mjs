// The float arrays of a trace (wasm/attention.d.ts), for the programs that compare or check
// traces field by field: the Node tests and the benchmarks' "same outputs first" check.
export const TRACE_FLOAT_ARRAYS = Object.freeze([
  'tokenProbs',
  'encoderStates',
  'keys',
  'sPrev',
  'question',
  'scores',
  'expShifted',
  'scoreMax',
  'expSum',
  'alpha',
  'context',
  's',
  'topkProbs',
]);
