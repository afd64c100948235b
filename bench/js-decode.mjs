// The decoder loop in JavaScript, around any implementation of the model's two pieces
// (`encode(ids)` and `step(enc, sPrev, yPrev)`, synchronous or returning promises): what a user
// shipping the model with onnxruntime-web, or in plain JS, would write. It is the algorithm of
// core/decoder.cpp step for step (greedy; beam search over whole hypotheses, then a teacher-forced
// re-run of the best one that records the trace), and it returns the same trace fields as the
// WASM API (wasm/attention.d.ts), so that bench/run.mjs can compare them number by number.

const BOS = 1;
const EOS = 2;

// Indices of the k largest values, largest first (first index wins ties, like the C++ loops).
export function topIndices(values, k) {
  const picked = [];
  for (let slot = 0; slot < k; slot++) {
    let best = -1;
    for (let i = 0; i < values.length; i++) {
      if (best >= 0 && values[i] <= values[best]) continue;
      if (picked.includes(i)) continue;
      best = i;
    }
    picked.push(best);
  }
  return picked;
}

function concat(chunks, Type) {
  let n = 0;
  for (const c of chunks) n += c.length;
  const out = new Type(n);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * @param {{hyper: {maxTgtLen: number}, tgtVocab: string[], encode: Function, step: Function}} model
 *   step(enc, sPrev, yPrev) returns {question, scores, expShifted, scoreMax, expSum,
 *   alpha, context, s, probs} and optionally {topkIds, topkProbs} (best first, at least
 *   max(topK, beamWidth) of them).
 */
export async function translateJs(model, ids, { beamWidth = 1, maxLength = 0, topK = 5 } = {}) {
  const limit = model.hyper.maxTgtLen;
  const maxLen = maxLength > 0 ? Math.min(maxLength, limit) : limit;
  const enc = await model.encode(ids);
  const k = Math.max(topK, beamWidth);
  const top = (out) => {
    if (out.topkIds) return { ids: out.topkIds, probs: out.topkProbs };
    const picked = topIndices(out.probs, k);
    return { ids: picked, probs: picked.map((i) => out.probs[i]) };
  };

  // Beam search (Decoder::beam_search) picks the output; greedy decides as it goes.
  let forced = null;
  if (beamWidth > 1) {
    let live = [{ tokens: [], state: enc.s0, logProb: 0 }];
    const finished = [];
    for (let t = 0; t < maxLen && live.length > 0; t++) {
      const candidates = [];
      const nextStates = [];
      for (let b = 0; b < live.length; b++) {
        const hyp = live[b];
        const yPrev = hyp.tokens.length ? hyp.tokens[hyp.tokens.length - 1] : BOS;
        const out = await model.step(enc, hyp.state, yPrev);
        nextStates.push(out.s);
        const best = top(out);
        for (let j = 0; j < beamWidth; j++)
          candidates.push({
            parent: b,
            token: best.ids[j],
            logProb: hyp.logProb + Math.fround(Math.log(Math.max(best.probs[j], 1e-30))),
          });
      }
      candidates.sort((a, c) => c.logProb - a.logProb);
      const next = [];
      for (const c of candidates) {
        if (next.length + finished.length >= beamWidth) break;
        const hyp = {
          tokens: [...live[c.parent].tokens, c.token],
          state: nextStates[c.parent],
          logProb: c.logProb,
        };
        (c.token === EOS ? finished : next).push(hyp);
      }
      live = next;
    }
    const pool = finished.length ? finished : live;
    const normalized = (h) => h.logProb / Math.max(1, h.tokens.length);
    let chosen = pool[0];
    for (const h of pool) if (normalized(h) > normalized(chosen)) chosen = h;
    forced = chosen.tokens;
  }

  // The recorded run: greedy, or the best hypothesis teacher-forced.
  const rec = {
    outIds: [],
    tokenProbs: [],
    sPrev: [],
    question: [],
    scores: [],
    expShifted: [],
    scoreMax: [],
    expSum: [],
    alpha: [],
    context: [],
    s: [],
    topkIds: [],
    topkProbs: [],
  };
  let logProb = 0;
  let state = enc.s0;
  let y = BOS;
  const steps = forced ? forced.length : maxLen;
  for (let t = 0; t < steps && (forced || y !== EOS); t++) {
    const out = await model.step(enc, state, y);
    const best = top(out);
    const chosen = forced ? forced[t] : best.ids[0];
    const p = out.probs[chosen];
    rec.outIds.push(chosen);
    rec.tokenProbs.push(p);
    logProb += Math.fround(Math.log(Math.max(p, 1e-30)));
    rec.sPrev.push(state);
    for (const key of ['question', 'scores', 'expShifted', 'alpha', 'context', 's'])
      rec[key].push(out[key]);
    rec.scoreMax.push(out.scoreMax);
    rec.expSum.push(out.expSum);
    rec.topkIds.push(best.ids.slice(0, topK));
    rec.topkProbs.push(best.probs.slice(0, topK));
    state = out.s;
    y = chosen;
  }
  const outTokens = rec.outIds.map((id) => model.tgtVocab[id]);
  return {
    ok: true,
    srcLen: ids.length,
    steps: rec.outIds.length,
    outIds: Int32Array.from(rec.outIds),
    outTokens,
    translation: outTokens.filter((w) => w !== '</s>').join(' '),
    tokenProbs: Float32Array.from(rec.tokenProbs),
    logProb,
    encoderStates: enc.states,
    keys: enc.keys,
    sPrev: concat(rec.sPrev, Float32Array),
    question: concat(rec.question, Float32Array),
    scores: concat(rec.scores, Float32Array),
    expShifted: concat(rec.expShifted, Float32Array),
    scoreMax: Float32Array.from(rec.scoreMax),
    expSum: Float32Array.from(rec.expSum),
    alpha: concat(rec.alpha, Float32Array),
    context: concat(rec.context, Float32Array),
    s: concat(rec.s, Float32Array),
    topkIds: concat(rec.topkIds, Int32Array),
    topkProbs: concat(rec.topkProbs, Float32Array),
  };
}
