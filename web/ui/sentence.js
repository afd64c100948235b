// The sentence input, the example chips, the translation, the words as the model read them
// (unknown ones marked, with "did you mean" hints) and the main temperature slider.
// User text only ever goes into the page through textContent / value.
import { EXAMPLES } from '../config.js';
import { wordColour } from '../draw/palette.js';
import { sliderToTemperature, temperatureToSlider, describeTemperature } from './temperature.js';
import { t, language } from '../lib/i18n.js';
import { shownWord } from '../lib/format.js';

/** The word in its own direction, so a Hebrew or Arabic word does not reorder the quotes. */
function isolated(word) {
  const bdi = document.createElement('bdi');
  bdi.textContent = shownWord(word);
  return bdi;
}

export function createSentenceView({ onText, onTemperature }) {
  const input = document.getElementById('source-input');
  const examples = document.getElementById('examples');
  const translation = document.getElementById('translation');
  const tokens = document.getElementById('source-tokens');
  const status = document.getElementById('source-status');
  const hintsBox = document.getElementById('source-hints');
  const slider = document.getElementById('temperature');
  const sliderValue = document.getElementById('temperature-value');
  // Students paste Arabic or Hebrew too: the box follows the direction of what is typed in it.
  input.dir = 'auto';

  input.addEventListener('input', () => onText(input.value));
  for (const sentence of EXAMPLES) {
    const chip = document.createElement('button');
    chip.type = 'button';
    chip.className = 'chip';
    chip.textContent = sentence;
    chip.addEventListener('click', () => {
      input.value = sentence;
      onText(sentence);
      input.focus();
    });
    examples.append(chip);
  }
  slider.addEventListener('input', () => onTemperature(sliderToTemperature(slider.value)));

  function replaceWord(word, replacement) {
    // The tokenizer lower-cases, so match the word case-insensitively, as a whole word.
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu');
    if (!pattern.test(input.value)) return;
    input.value = input.value.replace(pattern, replacement);
    onText(input.value);
    input.focus();
  }

  let last = {};
  return {
    setText(text) {
      input.value = text;
    },
    render({ text, trace, failure, temperature, theme }) {
      const lang = language();
      if (
        last.trace === trace &&
        last.failure === failure &&
        last.temperature === temperature &&
        last.theme === theme &&
        last.lang === lang
      )
        return;
      last = { trace, failure, temperature, theme, lang };
      if (input.value !== text) input.value = text;
      slider.value = String(temperatureToSlider(temperature));
      sliderValue.textContent = describeTemperature(temperature);
      slider.setAttribute('aria-valuetext', describeTemperature(temperature));
      tokens.replaceChildren();
      hintsBox.replaceChildren();
      status.replaceChildren();
      if (!trace) {
        const prompt = document.createElement('span');
        prompt.className = 'prompt';
        prompt.textContent =
          failure && !failure.empty && failure.error ? failure.error : t('sentence.prompt');
        translation.replaceChildren(prompt);
        translation.dataset.state = failure?.empty || !failure ? 'empty' : 'error';
        return;
      }
      translation.dataset.state = 'ok';
      translation.textContent = trace.translation || '…';
      trace.tokens.forEach((token, i) => {
        const chip = document.createElement('span');
        chip.className = trace.unknown[i] ? 'token unknown' : 'token';
        chip.dir = 'auto';
        chip.textContent = shownWord(token);
        const notes = [];
        if (chip.textContent !== token)
          notes.push(t('sentence.longWord', { count: token.length.toLocaleString(lang) }));
        if (trace.unknown[i]) notes.push(t('sentence.unknownWord'));
        else chip.style.setProperty('--token-colour', wordColour(i, theme?.dark));
        if (notes.length) chip.title = notes.join('. ');
        tokens.append(chip);
      });
      const seen = new Set();
      trace.tokens.forEach((token, i) => {
        if (!trace.unknown[i] || seen.has(token)) return;
        seen.add(token);
        const box = document.createElement('p');
        box.className = 'hint-box';
        box.dataset.word = token;
        box.append(t('sentence.unknownBefore'), isolated(token), t('sentence.unknownAfter'));
        const hints = trace.hints[i] ?? [];
        if (hints.length) {
          box.append(t('sentence.didYouMean'));
          hints.forEach((hint, k) => {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = hint;
            button.setAttribute(
              'aria-label',
              t('sentence.replace', { word: shownWord(token), hint }),
            );
            button.addEventListener('click', () => replaceWord(token, hint));
            box.append(
              button,
              t(k < hints.length - 1 ? 'sentence.hintSeparator' : 'sentence.hintEnd'),
            );
          });
        } else {
          box.append(t('sentence.readAsUnknown'));
        }
        hintsBox.append(box);
      });
      if (trace.clippedFrom > 0) {
        const notice = document.createElement('span');
        notice.className = 'notice';
        notice.id = 'clip-notice';
        notice.textContent = t('sentence.clipped', {
          srcLen: trace.srcLen,
          count: trace.clippedFrom.toLocaleString(lang),
        });
        status.append(notice);
      }
    },
  };
}
