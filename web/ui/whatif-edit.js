// What if… step t had looked elsewhere? The user takes over α_t (drag a bar, or send all of it
// to one French word); the core decodes again from step t with those weights
// (explorer.translate with forcedAttention) and the page sets the two translations side by side,
// with the edited heatmap below.
import { drawWeightBars } from '../draw/weight-bars.js';
import { createCanvasHost } from './canvas-host.js';
import { createWhatIfHeatmap } from './whatif-heatmap.js';
import { diffWords } from '../lib/word-diff.js';
import { displayWord, fixed } from '../lib/format.js';
import { t, language, formatNumber } from '../lib/i18n.js';
import { TOP_K } from '../config.js';
import { sentenceKey } from './whatif-sentence.js';

/** "{count} new words" in the interface language's plural form ("one" or "other" keys). */
function counted(key, count) {
  const form = new Intl.PluralRules(language()).select(count) === 'one' ? 'one' : 'other';
  return t(`${key}.${form}`, { count });
}

const KEY_STEPS = { ArrowRight: 0.05, ArrowUp: 0.05, ArrowLeft: -0.05, ArrowDown: -0.05 };
const PAGE_STEP = 0.25;

/**
 * Sets weight i to `value` and scales the others so that they keep their proportions and the
 * whole still adds up to 1 (spread evenly when they were all 0). Needs two or more weights.
 */
export function setOneWeight(weights, i, value) {
  const v = Math.min(1, Math.max(0, value));
  let rest = 0;
  weights.forEach((w, j) => (rest += j === i ? 0 : w));
  const n = weights.length;
  return weights.map((w, j) =>
    j === i ? v : rest > 1e-9 ? (w * (1 - v)) / rest : (1 - v) / (n - 1),
  );
}

export function createEditPart(panel, { requestRender }) {
  const stepSelect = panel.querySelector('#edit-step');
  const resetButton = panel.querySelector('#edit-reset');
  const pins = panel.querySelector('#edit-pins');
  const barsBox = panel.querySelector('#edit-bars');
  const status = panel.querySelector('#edit-status');
  const originalText = panel.querySelector('#edit-original');
  const editedText = panel.querySelector('#edit-edited');
  // Everything but the introduction depends on a sentence with attention to edit.
  const dataParts = [...panel.children].slice(1);

  const host = createCanvasHost(barsBox, { label: '', onResize: requestRender });
  host.canvas.setAttribute('aria-hidden', 'true');
  const overlay = document.createElement('div');
  overlay.className = 'edit-overlay';
  overlay.setAttribute('role', 'group');
  barsBox.append(overlay);
  const heatmap = createWhatIfHeatmap(panel.querySelector('#edit-heatmap'), {
    label: () => t('whatif.edit.heatmap'),
    onResize: requestRender,
  });
  const empty = document.createElement('p');
  empty.className = 'unavailable';
  empty.hidden = true;
  panel.append(empty);

  let editedSentence = null; // sentenceKey() of the trace being edited
  let step = 1;
  let original = []; // α_t as the model computed it
  let weights = null; // the user's α_t, or null when unedited
  let edited = null; // the forced translation for `weights`
  let sliders = [];
  let pinButtons = [];
  let layout = null;
  let dragging = -1;
  let lastKey = null;
  let labelledIn = null; // the language of the step menu and the word buttons

  const showData = (shown, message = '') => {
    for (const part of dataParts) part.hidden = !shown;
    empty.hidden = shown;
    empty.textContent = message;
  };

  function edit(next) {
    weights = next;
    requestRender();
  }
  const setWeight = (i, value) => edit(setOneWeight(weights ?? original, i, value));
  const pin = (i) => edit(original.map((_, j) => (j === i ? 1 : 0)));

  stepSelect.addEventListener('change', () => {
    step = Number(stepSelect.value);
    weights = null;
    requestRender();
  });
  resetButton.addEventListener('click', () => edit(null));

  pins.addEventListener('click', (event) => {
    const button = event.target.closest?.('button[data-word]');
    if (button) pin(Number(button.dataset.word));
  });
  // The pin buttons are one toolbar: one tab stop, the arrows move between them.
  pins.addEventListener('keydown', (event) => {
    const at = pinButtons.indexOf(document.activeElement);
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: pinButtons.length - 1 };
    if (at < 0 || !(event.key in moves)) return;
    event.preventDefault();
    const next = pinButtons[Math.max(0, Math.min(pinButtons.length - 1, moves[event.key]))];
    for (const button of pinButtons) button.tabIndex = button === next ? 0 : -1;
    next.focus();
  });

  overlay.addEventListener('keydown', (event) => {
    const i = sliders.indexOf(event.target);
    if (i < 0) return;
    const current = (weights ?? original)[i];
    let value;
    if (event.key in KEY_STEPS) value = current + KEY_STEPS[event.key];
    else if (event.key === 'PageUp') value = current + PAGE_STEP;
    else if (event.key === 'PageDown') value = current - PAGE_STEP;
    else if (event.key === 'Home') value = 0;
    else if (event.key === 'End' || event.key === 'Enter') value = 1;
    else return;
    event.preventDefault(); // the arrows move this bar here, not the page's stepper
    if (value >= 1) pin(i);
    else setWeight(i, value);
  });

  // Dragging: the bar follows the pointer; pressing on a word's name sends everything to it.
  const valueAt = (event) => {
    const x = event.clientX - host.canvas.getBoundingClientRect().left;
    return (x - layout.barX) / layout.barW;
  };
  overlay.addEventListener('pointerdown', (event) => {
    const i = sliders.indexOf(event.target);
    if (i < 0 || !layout || event.button !== 0) return;
    event.preventDefault();
    sliders[i].focus();
    const value = valueAt(event);
    if (value < 0) {
      pin(i);
      return;
    }
    dragging = i;
    sliders[i].setPointerCapture(event.pointerId);
    setWeight(i, value);
  });
  overlay.addEventListener('pointermove', (event) => {
    if (dragging >= 0) setWeight(dragging, valueAt(event));
  });
  const stopDragging = () => (dragging = -1);
  overlay.addEventListener('pointerup', stopDragging);
  overlay.addEventListener('pointercancel', stopDragging);

  function rebuild(trace) {
    const words = trace.tokens;
    stepSelect.replaceChildren(
      ...trace.outTokens.map((token, k) => {
        const option = document.createElement('option');
        option.value = String(k + 1);
        option.textContent = t('whatif.edit.stepOption', { step: k + 1, word: displayWord(token) });
        return option;
      }),
    );
    const title = document.createElement('span');
    title.className = 'edit-pins-title';
    title.textContent = t('whatif.edit.pinsTitle');
    pinButtons = words.map((word, i) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'chip';
      button.dataset.word = String(i);
      button.tabIndex = i === 0 ? 0 : -1;
      button.textContent = word;
      button.setAttribute('aria-label', t('whatif.edit.pin', { word }));
      return button;
    });
    pins.replaceChildren(title, ...pinButtons);
    sliders = words.map((word) => {
      const slider = document.createElement('div');
      slider.className = 'edit-slider';
      slider.setAttribute('role', 'slider');
      slider.tabIndex = 0;
      slider.setAttribute('aria-label', t('whatif.edit.slider', { word }));
      slider.setAttribute('aria-valuemin', '0');
      slider.setAttribute('aria-valuemax', '1');
      return slider;
    });
    overlay.replaceChildren(...sliders);
  }

  function decode(state) {
    const result = state.explorer.translate(state.text, {
      temperature: state.temperature,
      topK: TOP_K,
      forcedAttention: { step, weights: Array.from(weights) },
    });
    return result.ok && result.forcedStep === undefined
      ? { ok: false, error: t('whatif.edit.noForcing'), unsupported: true }
      : result;
  }

  /**
   * One sentence as words; the words of `changed` in `tag`: <del> for the words the edit dropped
   * from the model's translation, <ins> for the ones it brought in.
   */
  function showSentence(target, tokens, changed, tag, forcedIndex) {
    target.replaceChildren(
      ...tokens.flatMap((token, k) => {
        const word = document.createElement(changed[k] ? tag : 'span');
        word.className = 'edit-word';
        word.dataset.step = String(k + 1);
        word.textContent = displayWord(token);
        if (token === '</s>') word.classList.add('edit-end');
        if (changed[k])
          word.title = t(tag === 'del' ? 'whatif.edit.droppedWord' : 'whatif.edit.newWord');
        if (k === forcedIndex) {
          word.classList.add('edit-forced');
          word.title = t('whatif.edit.forcedWord', { step: k + 1 });
        }
        return k ? [' ', word] : [word];
      }),
    );
  }

  function describe(trace) {
    const forced = step - 1;
    if (!weights) {
      status.textContent = t('whatif.edit.unedited', {
        step,
        word: displayWord(trace.outTokens[forced]),
      });
      return;
    }
    if (!edited.ok) {
      status.textContent = t('whatif.edit.failed', { error: edited.error });
      return;
    }
    const diff = diffWords(trace.outTokens, edited.outTokens);
    const count = t('whatif.edit.differCount', {
      added: counted('whatif.edit.added', diff.after.filter(Boolean).length),
      removed: counted('whatif.edit.removed', diff.before.filter(Boolean).length),
    });
    const before = trace.outTokens[forced];
    const now = edited.outTokens[forced];
    status.textContent =
      trace.translation === edited.translation
        ? t('whatif.edit.unchanged', { step })
        : now !== before
          ? t('whatif.edit.nextChanged', {
              step,
              before: displayWord(before),
              after: displayWord(now ?? ''),
              count,
            })
          : t('whatif.edit.laterChanged', { step, word: displayWord(now), count });
  }

  return {
    render(state) {
      const { explorer, trace, theme } = state;
      if (!trace) return showData(false, t('whatif.edit.noSentence'));
      if (!trace.attention || !trace.alpha.length)
        return showData(false, t('whatif.edit.noAttention'));
      if (trace.srcLen < 2) return showData(false, t('whatif.edit.oneWord'));
      // A new trace of the same sentence and τ (the page re-translates when the baseline model
      // arrives) has the same numbers: the edit, and the focus on its controls, survive it.
      const sentence = sentenceKey(state);
      if (sentence !== editedSentence) {
        editedSentence = sentence;
        step = Math.min(Math.max(1, step), trace.steps);
        weights = null;
      }
      // Rebuilt for a new sentence or language only, so the edit and the focus on a control
      // survive everything else.
      if (sentence !== labelledIn?.sentence || language() !== labelledIn.language) {
        labelledIn = { sentence, language: language() };
        rebuild(trace);
      }
      const T = trace.srcLen;
      original = Array.from(trace.alpha.subarray((step - 1) * T, step * T));
      const key = [trace, step, weights, theme, host.width(), heatmap.width(), language()];
      if (lastKey && key.every((v, k) => v === lastKey[k])) return;
      if (!lastKey || key[0] !== lastKey[0] || key[1] !== lastKey[1] || key[2] !== lastKey[2])
        edited = weights ? decode(state) : null;
      lastKey = key;
      if (edited?.unsupported) return showData(false, t('whatif.edit.noForcing'));
      showData(true);
      stepSelect.value = String(step);
      resetButton.disabled = !weights;

      const shown = weights ?? original;
      const weightText = (i) =>
        t('whatif.edit.sliderValue', {
          value: formatNumber(shown[i], 2),
          original: formatNumber(original[i], 2),
        });
      layout = drawWeightBars(
        host.canvas,
        {
          words: trace.tokens,
          original,
          edited: weights,
          labels: {
            original: t('whatif.edit.legendOriginal'),
            edited: t('whatif.edit.legendEdited'),
          },
        },
        { width: host.width(), theme },
      );
      overlay.setAttribute('aria-label', t('whatif.edit.bars', { step }));
      sliders.forEach((slider, i) => {
        slider.style.top = `${layout.headH + i * layout.rowH}px`;
        slider.style.height = `${layout.rowH}px`;
        slider.style.width = `${layout.barX + layout.barW}px`;
        slider.setAttribute('aria-valuenow', fixed(shown[i], 2));
        slider.setAttribute('aria-valuetext', weightText(i));
      });
      pinButtons.forEach((button, i) =>
        button.setAttribute('aria-pressed', String(Boolean(weights) && weights[i] === 1)),
      );
      host.describe(
        trace.tokens
          .map((word, i) => t('whatif.edit.describeBar', { word, value: weightText(i) }))
          .join(t('list.separator')),
      );

      const after = edited?.ok ? edited : trace;
      const diff = diffWords(trace.outTokens, after.outTokens);
      showSentence(originalText, trace.outTokens, diff.before, 'del', -1);
      showSentence(editedText, after.outTokens, diff.after, 'ins', weights ? step - 1 : -1);
      originalText.dataset.translation = trace.translation;
      editedText.dataset.translation = after.translation;
      editedText.dataset.forcedStep = weights ? String(step) : '';
      describe(trace);
      heatmap.render(
        {
          alpha: after.alpha,
          rows: after.steps,
          cols: after.srcLen,
          rowLabels: after.outTokens.map(displayWord),
          colLabels: after.tokens,
          outlinedRow: step - 1,
        },
        theme,
      );
    },
  };
}
