// The walkthrough's worked example, recomputed by the WebAssembly softmax and blend, beside what
// the trained model actually computes for "je suis étudiant" at t = 2.
import { createCanvasHost } from './canvas-host.js';
import { drawContextSum, sub } from '../draw/vectors.js';
import { linearProjection2d } from '../lib/pca.js';
import { displayWord, fixed, signed } from '../lib/format.js';

const WORDS = ['Je', 'suis', 'étudiant'];
const SCORES = [0.3, 2.1, 0.5];
const SENTENCE = 'je suis étudiant';
const STEP = 2;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

/** A table of e, exp(e), α with the sum row; numbers as text so they can be read and copied. */
function numberTable(words, scores, exps, alpha, sum, caption, digits = 1) {
  const table = el('table', 'number-table');
  table.append(el('caption', 'visually-hidden', caption));
  const head = el('thead');
  const hr = el('tr');
  for (const h of ['word i', `e${sub(STEP)}ᵢ`, `exp(e${sub(STEP)}ᵢ)`, `α${sub(STEP)}ᵢ`]) {
    const th = el('th', null, h);
    th.scope = 'col';
    hr.append(th);
  }
  head.append(hr);
  const body = el('tbody');
  let best = 0;
  alpha.forEach((a, i) => {
    if (a > alpha[best]) best = i;
  });
  words.forEach((w, i) => {
    const tr = el('tr', i === best ? 'best' : null);
    tr.dataset.word = w;
    tr.append(
      el('td', null, w),
      el('td', 'score', signed(scores[i], digits)),
      el('td', 'exp', fixed(exps[i], 3)),
      el('td', 'alpha', fixed(alpha[i], 2)),
    );
    body.append(tr);
  });
  const foot = el('tfoot');
  const fr = el('tr');
  fr.append(
    el('td', null, 'sum'),
    el('td'),
    el('td', 'exp-sum', fixed(sum, 3)),
    el(
      'td',
      'alpha-sum',
      fixed(
        alpha.reduce((s, a) => s + a, 0),
        2,
      ),
    ),
  );
  foot.append(fr);
  table.append(head, body, foot);
  return table;
}

function blendEquation(alpha) {
  const p = el('p', 'equation');
  p.append(`c${sub(STEP)} = ` + alpha.map((a, i) => `${fixed(a, 2)} h${sub(i + 1)}`).join(' + '));
  return p;
}

/** One sentence comparing the model's focus with the walkthrough's. */
function describeSharpness(modelAlpha, handAlpha, words) {
  const top = modelAlpha.indexOf(Math.max(...modelAlpha));
  const sharper = Math.max(...modelAlpha) > Math.max(...handAlpha);
  return (
    `The model’s own weights: ${sharper ? 'sharper' : 'softer'} than the walkthrough’s, with ` +
    `${Math.round(modelAlpha[top] * 100)}% on “${words[top]}”, so c${sub(STEP)} leans ${sharper ? 'even more ' : ''}towards h${sub(top + 1)} ` +
    `(the ring is the model’s own c${sub(STEP)}, projected).`
  );
}

export function createWorkedView({ requestRender }) {
  const hand = document.getElementById('worked-hand');
  const model = document.getElementById('worked-model');
  const plots = [];
  let lastKey = null;

  function build(module, explorer) {
    // By hand: scores → softmaxParts (exp(e − max), its sum, α). exp(e) itself is exp(e − max)·exp(max).
    const parts = module.softmaxParts(new Float32Array(SCORES));
    const lift = Math.exp(parts.max);
    const exps = Array.from(parts.expShifted, (x) => x * lift);
    const alpha = Array.from(parts.alpha);
    hand.replaceChildren(
      el('h3', null, 'The walkthrough’s numbers'),
      numberTable(
        WORDS,
        SCORES,
        exps,
        alpha,
        parts.sum * lift,
        'Worked example: scores, exponentials and weights',
      ),
      el(
        'p',
        'hint',
        `Each α is exp(e) ÷ ${fixed(parts.sum * lift, 3)}: “suis” takes most of the attention, as “am” translates it.`,
      ),
      blendEquation(alpha),
    );
    hand.dataset.ready = 'true';

    // The model, on the same sentence.
    const trace = explorer.translate(SENTENCE, { temperature: 1 });
    const out = [el('h3', null, 'What the trained model computes')];
    if (!trace.ok || !trace.attention || trace.steps < STEP) {
      out.push(
        el(
          'p',
          'unavailable',
          trace.ok
            ? 'This model does not produce a second word with attention for this sentence.'
            : trace.error,
        ),
      );
      model.replaceChildren(...out);
      return;
    }
    const T = trace.srcLen;
    const row = (a) => Array.from(a.subarray((STEP - 1) * T, STEP * T));
    const scores = row(trace.scores);
    const lift2 = Math.exp(trace.scoreMax[STEP - 1]);
    const modelExps = row(trace.expShifted).map((x) => x * lift2);
    const modelAlpha = row(trace.alpha);
    const unknown = trace.tokens.filter((_, i) => trace.unknown[i]);
    out.push(
      el(
        'p',
        null,
        `For “${SENTENCE}” the model says “${trace.translation}”. At t = ${STEP} it produces “${displayWord(trace.outTokens[STEP - 1])}”, with these numbers:`,
      ),
      numberTable(
        trace.tokens,
        scores,
        modelExps,
        modelAlpha,
        trace.expSum[STEP - 1] * lift2,
        'The trained model at step 2',
        2,
      ),
      blendEquation(modelAlpha),
    );
    if (unknown.length)
      out.push(
        el(
          'p',
          'notice',
          `This model does not know ${unknown.map((w) => `“${w}”`).join(', ')}: it reads them as unknown.`,
        ),
      );
    model.replaceChildren(...out);
    model.dataset.ready = 'true';
    // Two pictures on the same plane: the walkthrough's α and the model's own α, each blending
    // the model's h_i (the first with the WebAssembly `blend`).
    const plane = linearProjection2d(trace.encoderStates, T, trace.contextSize);
    const picture = (column, weights, context, caption, label) => {
      const box = el('div', 'panel-canvas');
      column.append(box, el('p', 'hint', caption));
      const host = createCanvasHost(box, { label, onResize: requestRender });
      plots.push({
        host,
        data: {
          points: plane.points,
          words: trace.tokens,
          alpha: weights,
          context,
          contextLabel: `c_${STEP}`,
        },
      });
    };
    if (T === 3) {
      const blended = module.blend(new Float32Array(alpha), trace.encoderStates, trace.contextSize);
      picture(
        hand,
        alpha,
        plane.project(blended),
        'The walkthrough’s weights applied to the model’s own h₁, h₂, h₃, blended in WebAssembly (the ring is that blend, projected).',
        'The worked example blend as arrows',
      );
    }
    picture(
      model,
      modelAlpha,
      plane.project(
        trace.context.subarray((STEP - 1) * trace.contextSize, STEP * trace.contextSize),
      ),
      describeSharpness(modelAlpha, alpha, trace.tokens),
      'The trained model blend as arrows',
    );
  }

  return {
    render({ module, explorer, theme }) {
      if (!module || !explorer) return;
      if (!hand.dataset.ready) build(module, explorer);
      const key = [theme, ...plots.map((p) => p.host.width())];
      if (lastKey && key.every((v, k) => v === lastKey[k])) return;
      lastKey = key;
      for (const { host, data } of plots) {
        const width = host.width();
        drawContextSum(host.canvas, data, {
          width,
          theme,
          height: Math.min(260, Math.round(width * 0.6)),
        });
      }
    },
  };
}
