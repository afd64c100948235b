// The walkthrough's worked example, recomputed by the WebAssembly softmax and blend, beside what
// the trained model actually computes for "je suis étudiant" at t = 2.
import { createCanvasHost } from './canvas-host.js';
import { drawContextSum, sub } from '../draw/vectors.js';
import { linearProjection2d } from '../lib/pca.js';
import { displayWord } from '../lib/format.js';
import { t, language, formatNumber, formatPercent, formatSigned } from '../lib/i18n.js';

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
  for (const h of [t('worked.word'), `e${sub(STEP)}ᵢ`, `exp(e${sub(STEP)}ᵢ)`, `α${sub(STEP)}ᵢ`]) {
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
      el('td', 'score', formatSigned(scores[i], digits)),
      el('td', 'exp', formatNumber(exps[i], 3)),
      el('td', 'alpha', formatNumber(alpha[i], 2)),
    );
    body.append(tr);
  });
  const foot = el('tfoot');
  const fr = el('tr');
  fr.append(
    el('td', null, t('table.sum')),
    el('td'),
    el('td', 'exp-sum', formatNumber(sum, 3)),
    el(
      'td',
      'alpha-sum',
      formatNumber(
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
  p.append(
    `c${sub(STEP)} = ` + alpha.map((a, i) => `${formatNumber(a, 2)} h${sub(i + 1)}`).join(' + '),
  );
  return p;
}

/** One sentence comparing the model's focus with the walkthrough's. */
function describeSharpness(modelAlpha, handAlpha, words) {
  const top = modelAlpha.indexOf(Math.max(...modelAlpha));
  const sharper = Math.max(...modelAlpha) > Math.max(...handAlpha);
  return t(sharper ? 'worked.sharper' : 'worked.softer', {
    percent: formatPercent(modelAlpha[top]),
    word: words[top],
    stepSub: sub(STEP),
    topSub: sub(top + 1),
  });
}

export function createWorkedView({ requestRender }) {
  const hand = document.getElementById('worked-hand');
  const model = document.getElementById('worked-model');
  const plots = [];
  let lastKey = null;
  let builtIn = null; // the interface language of the columns' text

  function build(module, explorer) {
    // By hand: scores → softmaxParts (exp(e − max), its sum, α). exp(e) itself is exp(e − max)·exp(max).
    const parts = module.softmaxParts(new Float32Array(SCORES));
    const lift = Math.exp(parts.max);
    const exps = Array.from(parts.expShifted, (x) => x * lift);
    const alpha = Array.from(parts.alpha);
    hand.replaceChildren(
      el('h3', null, t('worked.handTitle')),
      numberTable(WORDS, SCORES, exps, alpha, parts.sum * lift, t('worked.handCaption')),
      el('p', 'hint', t('worked.handHint', { sum: formatNumber(parts.sum * lift, 3) })),
      blendEquation(alpha),
    );
    hand.dataset.ready = 'true';

    // The model, on the same sentence.
    const trace = explorer.translate(SENTENCE, { temperature: 1 });
    const out = [el('h3', null, t('worked.modelTitle'))];
    if (!trace.ok || !trace.attention || trace.steps < STEP) {
      out.push(el('p', 'unavailable', trace.ok ? t('worked.noSecondWord') : trace.error));
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
        t('worked.modelIntro', {
          sentence: SENTENCE,
          translation: trace.translation,
          step: STEP,
          word: displayWord(trace.outTokens[STEP - 1]),
        }),
      ),
      numberTable(
        trace.tokens,
        scores,
        modelExps,
        modelAlpha,
        trace.expSum[STEP - 1] * lift2,
        t('worked.modelCaption', { step: STEP }),
        2,
      ),
      blendEquation(modelAlpha),
    );
    if (unknown.length)
      out.push(
        el(
          'p',
          'notice',
          t('worked.unknown', {
            words: unknown.map((word) => t('worked.quoted', { word })).join(', '),
          }),
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
      picture(hand, alpha, plane.project(blended), t('worked.handPicture'), () =>
        t('worked.handCanvas'),
      );
    }
    picture(
      model,
      modelAlpha,
      plane.project(
        trace.context.subarray((STEP - 1) * trace.contextSize, STEP * trace.contextSize),
      ),
      describeSharpness(modelAlpha, alpha, trace.tokens),
      () => t('worked.modelCanvas'),
    );
  }

  return {
    element: document.getElementById('worked'),
    render({ module, explorer, theme }) {
      if (!module || !explorer) return;
      // Built once, and again in another interface language (the pictures come anew with it).
      if (builtIn !== language()) {
        builtIn = language();
        plots.length = 0;
        lastKey = null;
        build(module, explorer);
      }
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
