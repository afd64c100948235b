// The model's forward pass written the straightforward way in plain JavaScript: Float32Array
// weights, nested loops, Math.tanh / Math.exp, fresh arrays for every step's outputs. This is what
// a page would do without WebAssembly; bench/run.mjs times it against our WASM core on the same
// weights, driven by the same decode loop (bench/js-decode.mjs).
//
// Formulas: core/layers.h (the notation of Bahdanau et al., 2015).

const sigmoid = (x) => 1 / (1 + Math.exp(-x));

export class PlainJsModel {
  /** @param {ReturnType<import('./model-file.mjs').readModelFile>} file */
  constructor(file) {
    const h = file.hyper;
    if (!h.attention) throw new Error('the plain-JS model implements the attention model only');
    this.hyper = {
      embed: h.embed,
      encHidden: h.enc_hidden,
      contextSize: 2 * h.enc_hidden,
      decHidden: h.dec_hidden,
      attnDim: h.attn_dim,
      outHidden: h.out_hidden,
      tgtVocab: h.tgt_vocab,
      maxTgtLen: h.max_tgt_len,
    };
    this.tgtVocab = file.tgtVocab;
    const t = (name) => file.tensors.get(name).data;
    this.srcEmbed = t('src_embed');
    this.tgtEmbed = t('tgt_embed');
    this.encFwd = { W: t('enc_fwd.W'), U: t('enc_fwd.U'), b: t('enc_fwd.b') };
    this.encBwd = { W: t('enc_bwd.W'), U: t('enc_bwd.U'), b: t('enc_bwd.b') };
    this.dec = { W: t('dec.W'), U: t('dec.U'), b: t('dec.b') };
    this.initW = t('init.W');
    this.initB = t('init.b');
    this.attnW = t('attn.W');
    this.attnU = t('attn.U');
    this.attnV = t('attn.v');
    this.outW = t('out.W');
    this.outB = t('out.b');
    this.logitW = t('logit.W');
    this.logitB = t('logit.b');
  }

  // h' = GRU(h, x):  r, z = σ(W x + U h + b);  n = tanh(W_n x + U_n (r ∘ h) + b_n);
  //                  h' = (1 − z) ∘ h + z ∘ n
  gru(p, x, h) {
    const H = h.length;
    const I = x.length;
    const gates = new Float32Array(3 * H);
    for (let r = 0; r < 3 * H; r++) {
      let sum = p.b[r];
      for (let c = 0; c < I; c++) sum += p.W[r * I + c] * x[c];
      if (r < 2 * H) for (let c = 0; c < H; c++) sum += p.U[r * H + c] * h[c];
      gates[r] = r < 2 * H ? sigmoid(sum) : sum;
    }
    const out = new Float32Array(H);
    for (let k = 0; k < H; k++) {
      let sum = 0;
      for (let c = 0; c < H; c++) sum += p.U[(2 * H + k) * H + c] * gates[c] * h[c];
      const n = Math.tanh(gates[2 * H + k] + sum);
      const z = gates[H + k];
      out[k] = (1 - z) * h[k] + z * n;
    }
    return out;
  }

  // Bidirectional encoder, h_i = [→h_i ; ←h_i], s_0 = tanh(W_s ←h_1 + b_s), keys U_a h_i.
  encode(ids) {
    const { embed: E, encHidden: H, contextSize: C, decHidden: D, attnDim: A } = this.hyper;
    const T = ids.length;
    const states = new Float32Array(T * C);
    const embedding = (i) => this.srcEmbed.subarray(ids[i] * E, (ids[i] + 1) * E);
    let h = new Float32Array(H);
    for (let i = 0; i < T; i++) {
      h = this.gru(this.encFwd, embedding(i), h);
      states.set(h, i * C);
    }
    h = new Float32Array(H);
    for (let i = T - 1; i >= 0; i--) {
      h = this.gru(this.encBwd, embedding(i), h);
      states.set(h, i * C + H);
    }
    const s0 = new Float32Array(D);
    for (let r = 0; r < D; r++) {
      let sum = this.initB[r];
      for (let c = 0; c < H; c++) sum += this.initW[r * H + c] * h[c];
      s0[r] = Math.tanh(sum);
    }
    const keys = new Float32Array(T * A);
    for (let i = 0; i < T; i++)
      for (let a = 0; a < A; a++) {
        let sum = 0;
        for (let c = 0; c < C; c++) sum += this.attnU[a * C + c] * states[i * C + c];
        keys[i * A + a] = sum;
      }
    return { srcLen: T, states, keys, s0 };
  }

  // One decoder step: question, scores, softmax, context, state update f, output g.
  step(enc, sPrev, yPrev) {
    const {
      embed: E,
      contextSize: C,
      decHidden: D,
      attnDim: A,
      outHidden: L,
      tgtVocab: V,
    } = this.hyper;
    const T = enc.srcLen;
    const question = new Float32Array(A);
    for (let a = 0; a < A; a++) {
      let sum = 0;
      for (let c = 0; c < D; c++) sum += this.attnW[a * D + c] * sPrev[c];
      question[a] = sum;
    }
    const scores = new Float32Array(T);
    for (let i = 0; i < T; i++) {
      let score = 0;
      for (let a = 0; a < A; a++)
        score += this.attnV[a] * Math.tanh(question[a] + enc.keys[i * A + a]);
      scores[i] = score;
    }
    let scoreMax = -Infinity;
    for (let i = 0; i < T; i++) scoreMax = Math.max(scoreMax, scores[i]);
    const expShifted = new Float32Array(T);
    let expSum = 0;
    for (let i = 0; i < T; i++) expSum += expShifted[i] = Math.exp(scores[i] - scoreMax);
    const alpha = new Float32Array(T);
    for (let i = 0; i < T; i++) alpha[i] = expShifted[i] / expSum;
    const context = new Float32Array(C);
    for (let i = 0; i < T; i++)
      for (let c = 0; c < C; c++) context[c] += alpha[i] * enc.states[i * C + c];

    const yEmbed = this.tgtEmbed.subarray(yPrev * E, (yPrev + 1) * E);
    const decInput = new Float32Array(E + C);
    decInput.set(yEmbed, 0);
    decInput.set(context, E);
    const s = this.gru(this.dec, decInput, sPrev);

    const outInput = new Float32Array(D + E + C);
    outInput.set(s, 0);
    outInput.set(yEmbed, D);
    outInput.set(context, D + E);
    const I = D + E + C;
    const hidden = new Float32Array(L);
    for (let j = 0; j < L; j++) {
      let u0 = this.outB[2 * j];
      let u1 = this.outB[2 * j + 1];
      for (let c = 0; c < I; c++) {
        u0 += this.outW[2 * j * I + c] * outInput[c];
        u1 += this.outW[(2 * j + 1) * I + c] * outInput[c];
      }
      hidden[j] = Math.max(u0, u1);
    }
    const probs = new Float32Array(V);
    let logitMax = -Infinity;
    for (let v = 0; v < V; v++) {
      let sum = this.logitB[v];
      for (let j = 0; j < L; j++) sum += this.logitW[v * L + j] * hidden[j];
      probs[v] = sum;
      logitMax = Math.max(logitMax, sum);
    }
    let total = 0;
    for (let v = 0; v < V; v++) total += probs[v] = Math.exp(probs[v] - logitMax);
    for (let v = 0; v < V; v++) probs[v] /= total;
    return {
      question,
      scores,
      expShifted,
      scoreMax,
      expSum,
      alpha,
      context,
      s,
      probs,
    };
  }
}
