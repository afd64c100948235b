// What a screen reader hears as the page changes, through one polite live region: a short
// sentence when the decoder step changes (stepper, keyboard, a heatmap cell), and the new
// translation once the user pauses typing (announcing every keystroke would talk over them).
import { t, formatPercent } from '../lib/i18n.js';

/** Quiet time after the last change of the translation before it is read out. */
export const TRANSLATION_QUIET_MS = 900;

/** "Step 2: “am” takes 73 % of its attention from “suis”", in the interface language. */
export function describeStep(trace, outWords, step) {
  const row = step - 1;
  const word = outWords[row];
  if (!trace.attention || !trace.alpha.length) return t('announce.stepNoAttention', { step, word });
  const T = trace.srcLen;
  let best = 0;
  for (let i = 1; i < T; i++) if (trace.alpha[row * T + i] > trace.alpha[row * T + best]) best = i;
  return t('announce.step', {
    step,
    word,
    percent: formatPercent(trace.alpha[row * T + best]),
    source: trace.tokens[best],
  });
}

export function createAnnouncer(region) {
  let seen = null; // the trace and step of the last render
  let spokenTranslation = null;
  let timer = 0;
  const say = (text) => {
    region.textContent = text;
  };

  return {
    render({ trace, analysis, step }) {
      // The first render is the page loading: it is read as a page, there is no change to tell.
      if (!seen) {
        seen = { trace, step };
        spokenTranslation = trace?.translation ?? null;
        return;
      }
      if (trace !== seen.trace) {
        clearTimeout(timer);
        const translation = trace?.translation;
        if (translation && translation !== spokenTranslation) {
          timer = setTimeout(() => {
            spokenTranslation = translation;
            say(t('announce.translation', { translation }));
          }, TRANSLATION_QUIET_MS);
        }
      } else if (trace && step !== seen.step) {
        say(describeStep(trace, analysis.outWords, step));
      }
      seen = { trace, step };
    },
  };
}
