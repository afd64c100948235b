// Exports the model as two ONNX graphs, the way a user would ship it to onnxruntime-web: the
// encoder (run once per sentence) and one decoder step (run once per output word, driven by the
// decode loop in JavaScript, bench/js-decode.mjs). The step graph returns every quantity our trace
// records, so the comparison with our core is like for like: the page needs all of them.
//
// Built directly as ONNX protobuf messages (npm onnx-proto), opset 17. The GRUs use ONNX's GRU
// operator with linear_before_reset = 0, which is exactly our cell (core/layers.h) once the gates
// are reordered (ONNX: update z, reset r, candidate h; ours: r, z, n) and the update gate is
// negated: ONNX computes h' = (1 − z) ∘ n + z ∘ h, we compute h' = (1 − z) ∘ h + z ∘ n, and
// σ(−a) = 1 − σ(a).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { onnx } = require('onnx-proto');

const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;
const A = onnx.AttributeProto.AttributeType;

function floatTensor(name, dims, data) {
  const f32 = Float32Array.from(data);
  return { name, dims, dataType: FLOAT, rawData: new Uint8Array(f32.buffer) };
}
function int64Tensor(name, dims, values) {
  const i64 = BigInt64Array.from(values.map(BigInt));
  return { name, dims, dataType: INT64, rawData: new Uint8Array(i64.buffer) };
}
function attribute(name, value) {
  if (Array.isArray(value)) return { name, type: A.INTS, ints: value };
  if (typeof value === 'string')
    return { name, type: A.STRING, s: new TextEncoder().encode(value) };
  if (Number.isInteger(value)) return { name, type: A.INT, i: value };
  return { name, type: A.FLOAT, f: value };
}
function node(opType, input, output, attrs = {}) {
  return {
    opType,
    input,
    output,
    name: `${opType}_${output[0]}`,
    attribute: Object.entries(attrs).map(([k, v]) => attribute(k, v)),
  };
}
function valueInfo(name, elemType, dims) {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: {
          dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })),
        },
      },
    },
  };
}
function modelBytes(graph) {
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'attention-explorer bench',
    opsetImport: [{ domain: '', version: 17 }],
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

// ONNX GRU weights from ours: W (3H x I) rows [r; z; n] -> [1, 3H, I] rows [−z; r; n], same for U;
// bias [−b_z; b_r; b_n] then a zero recurrence bias.
function gruWeights(tensors, prefix) {
  const W = tensors.get(`${prefix}.W`);
  const U = tensors.get(`${prefix}.U`);
  const b = tensors.get(`${prefix}.b`).data;
  const H = U.cols;
  const reorder = (m) => {
    const cols = m.cols;
    const out = new Float32Array(3 * H * cols);
    const rows = (from, to, sign) => {
      for (let i = 0; i < H * cols; i++)
        out[to * H * cols + i] = sign * m.data[from * H * cols + i];
    };
    rows(1, 0, -1);
    rows(0, 1, 1);
    rows(2, 2, 1);
    return out;
  };
  const bias = new Float32Array(6 * H);
  for (let k = 0; k < H; k++) {
    bias[k] = -b[H + k];
    bias[H + k] = b[k];
    bias[2 * H + k] = b[2 * H + k];
  }
  return { W: reorder(W), U: reorder(U), B: bias, H, inputSize: W.cols };
}

/** @param {ReturnType<import('./model-file.mjs').readModelFile>} file */
export function exportOnnx(file) {
  const h = file.hyper;
  if (!h.attention) throw new Error('the ONNX export implements the attention model only');
  const E = h.embed;
  const H = h.enc_hidden;
  const C = 2 * H;
  const D = h.dec_hidden;
  const Ad = h.attn_dim;
  const L = h.out_hidden;
  const t = (name) => file.tensors.get(name);

  // Encoder: ids [T] -> states h_i [T, 2H], keys U_a h_i [T, A], s_0 [1, D].
  const fwd = gruWeights(file.tensors, 'enc_fwd');
  const bwd = gruWeights(file.tensors, 'enc_bwd');
  const encoder = modelBytes({
    name: 'encoder',
    initializer: [
      floatTensor('src_embed', [h.src_vocab, E], t('src_embed').data),
      floatTensor('enc_W', [2, 3 * H, E], [...fwd.W, ...bwd.W]),
      floatTensor('enc_R', [2, 3 * H, H], [...fwd.U, ...bwd.U]),
      floatTensor('enc_B', [2, 6 * H], [...fwd.B, ...bwd.B]),
      floatTensor('init_W', [D, H], t('init.W').data),
      floatTensor('init_b', [D], t('init.b').data),
      floatTensor('attn_U', [Ad, C], t('attn.U').data),
      int64Tensor('axis1', [1], [1]),
      int64Tensor('one', [], [1]),
      int64Tensor('states_shape', [2], [-1, C]),
    ],
    node: [
      node('Gather', ['src_embed', 'ids'], ['embedded']),
      node('Unsqueeze', ['embedded', 'axis1'], ['x']),
      node('GRU', ['x', 'enc_W', 'enc_R', 'enc_B'], ['Y', 'Y_h'], {
        direction: 'bidirectional',
        hidden_size: H,
        linear_before_reset: 0,
      }),
      node('Transpose', ['Y'], ['Y_t'], { perm: [0, 2, 1, 3] }),
      node('Reshape', ['Y_t', 'states_shape'], ['states']),
      node('Gather', ['Y_h', 'one'], ['backward_h1'], { axis: 0 }),
      node('Gemm', ['backward_h1', 'init_W', 'init_b'], ['s0_pre'], { transB: 1 }),
      node('Tanh', ['s0_pre'], ['s0']),
      node('Gemm', ['states', 'attn_U'], ['keys'], { transB: 1 }),
    ],
    input: [valueInfo('ids', INT64, ['T'])],
    output: [
      valueInfo('states', FLOAT, ['T', C]),
      valueInfo('keys', FLOAT, ['T', Ad]),
      valueInfo('s0', FLOAT, [1, D]),
    ],
  });

  // One decoder step: (s_{t-1}, y_{t-1}, keys, states) -> every traced quantity.
  const dec = gruWeights(file.tensors, 'dec');
  const K = 5; // the trace records the top 5 per step; beam search (width <= 5) uses them too
  const step = modelBytes({
    name: 'decoder_step',
    initializer: [
      floatTensor('attn_W', [Ad, D], t('attn.W').data),
      floatTensor('attn_v', [Ad, 1], t('attn.v').data),
      floatTensor('tgt_embed', [h.tgt_vocab, E], t('tgt_embed').data),
      floatTensor('dec_W', [1, 3 * D, E + C], dec.W),
      floatTensor('dec_R', [1, 3 * D, D], dec.U),
      floatTensor('dec_B', [1, 6 * D], dec.B),
      floatTensor('out_W', [2 * L, D + E + C], t('out.W').data),
      floatTensor('out_b', [2 * L], t('out.b').data),
      floatTensor('logit_W', [h.tgt_vocab, L], t('logit.W').data),
      floatTensor('logit_b', [h.tgt_vocab], t('logit.b').data),
      int64Tensor('axis0', [1], [0]),
      int64Tensor('axis1', [1], [1]),
      int64Tensor('row_shape', [2], [1, -1]),
      int64Tensor('pairs_shape', [3], [1, L, 2]),
      int64Tensor('k', [1], [K]),
    ],
    node: [
      node('Gemm', ['s_prev', 'attn_W'], ['question'], { transB: 1 }),
      node('Add', ['question', 'keys'], ['pre_tanh']),
      node('Tanh', ['pre_tanh'], ['bent']),
      node('MatMul', ['bent', 'attn_v'], ['scores_column']),
      node('Reshape', ['scores_column', 'row_shape'], ['scores']),
      node('ReduceMax', ['scores'], ['score_max'], { axes: [1], keepdims: 1 }),
      node('Sub', ['scores', 'score_max'], ['shifted']),
      node('Exp', ['shifted'], ['exp_shifted']),
      node('ReduceSum', ['exp_shifted', 'axis1'], ['exp_sum'], { keepdims: 1 }),
      node('Div', ['exp_shifted', 'exp_sum'], ['alpha']),
      node('MatMul', ['alpha', 'states'], ['context']),
      node('Gather', ['tgt_embed', 'y_prev'], ['y_embed']),
      node('Concat', ['y_embed', 'context'], ['dec_input'], { axis: 1 }),
      node('Unsqueeze', ['dec_input', 'axis0'], ['dec_x']),
      node('Unsqueeze', ['s_prev', 'axis0'], ['dec_h0']),
      node('GRU', ['dec_x', 'dec_W', 'dec_R', 'dec_B', '', 'dec_h0'], ['', 'dec_h'], {
        hidden_size: D,
        linear_before_reset: 0,
      }),
      node('Reshape', ['dec_h', 'row_shape'], ['s']),
      node('Concat', ['s', 'y_embed', 'context'], ['out_input'], { axis: 1 }),
      node('Gemm', ['out_input', 'out_W', 'out_b'], ['pre_maxout'], { transB: 1 }),
      node('Reshape', ['pre_maxout', 'pairs_shape'], ['pairs']),
      node('ReduceMax', ['pairs'], ['hidden'], { axes: [2], keepdims: 0 }),
      node('Gemm', ['hidden', 'logit_W', 'logit_b'], ['logits'], { transB: 1 }),
      node('Softmax', ['logits'], ['probs'], { axis: 1 }),
      node('TopK', ['probs', 'k'], ['topk_probs', 'topk_ids'], { axis: 1, largest: 1, sorted: 1 }),
    ],
    input: [
      valueInfo('s_prev', FLOAT, [1, D]),
      valueInfo('y_prev', INT64, [1]),
      valueInfo('keys', FLOAT, ['T', Ad]),
      valueInfo('states', FLOAT, ['T', C]),
    ],
    output: [
      valueInfo('question', FLOAT, [1, Ad]),
      valueInfo('scores', FLOAT, [1, 'T']),
      valueInfo('score_max', FLOAT, [1, 1]),
      valueInfo('exp_shifted', FLOAT, [1, 'T']),
      valueInfo('exp_sum', FLOAT, [1, 1]),
      valueInfo('alpha', FLOAT, [1, 'T']),
      valueInfo('context', FLOAT, [1, C]),
      valueInfo('s', FLOAT, [1, D]),
      valueInfo('probs', FLOAT, [1, h.tgt_vocab]),
      valueInfo('topk_probs', FLOAT, [1, K]),
      valueInfo('topk_ids', INT64, [1, K]),
    ],
  });
  return { encoder, step, topK: K };
}

/**
 * The exported graphs in onnxruntime-web (WASM backend; set ort.env.wasm.numThreads before),
 * as a model for bench/js-decode.mjs.
 */
export async function createOrtModel(ort, file) {
  const graphs = exportOnnx(file);
  const options = { executionProviders: ['wasm'], graphOptimizationLevel: 'all' };
  const encoder = await ort.InferenceSession.create(graphs.encoder, options);
  const step = await ort.InferenceSession.create(graphs.step, options);
  const D = file.hyper.dec_hidden;
  const Ad = file.hyper.attn_dim;
  const C = 2 * file.hyper.enc_hidden;
  return {
    hyper: { maxTgtLen: file.hyper.max_tgt_len },
    tgtVocab: file.tgtVocab,
    graphs,
    async encode(ids) {
      const T = ids.length;
      const out = await encoder.run({
        ids: new ort.Tensor('int64', BigInt64Array.from(Array.from(ids, BigInt)), [T]),
      });
      const states = out.states.data;
      const keys = out.keys.data;
      return {
        srcLen: T,
        states,
        keys,
        s0: out.s0.data,
        statesTensor: new ort.Tensor('float32', states, [T, C]),
        keysTensor: new ort.Tensor('float32', keys, [T, Ad]),
      };
    },
    async step(enc, sPrev, yPrev) {
      const out = await step.run({
        s_prev: new ort.Tensor('float32', sPrev, [1, D]),
        y_prev: new ort.Tensor('int64', BigInt64Array.of(BigInt(yPrev)), [1]),
        keys: enc.keysTensor,
        states: enc.statesTensor,
      });
      return {
        question: out.question.data,
        scores: out.scores.data,
        expShifted: out.exp_shifted.data,
        scoreMax: out.score_max.data[0],
        expSum: out.exp_sum.data[0],
        alpha: out.alpha.data,
        context: out.context.data,
        s: out.s.data,
        probs: out.probs.data,
        topkIds: Array.from(out.topk_ids.data, Number),
        topkProbs: Array.from(out.topk_probs.data),
      };
    },
  };
}
