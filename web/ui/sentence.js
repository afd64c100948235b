// The sentence input, the example chips, the translation, the words as the model read them
// (unknown ones marked, with "did you mean" hints) and the main temperature slider.
// User text only ever goes into the page through textContent / value.
import { EXAMPLES } from '../config.js';
import { wordColour } from '../draw/palette.js';
import { sliderToTemperature, temperatureToSlider, describeTemperature } from './temperature.js';
import { t, language } from '../lib/i18n.js';
import { shownWord } from '../lib/format.js';
import { updateData, updateText } from './dom-writes.js';

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

  // Each keystroke changes a word or two: the chips, hint boxes and texts that stay the same are
  // left alone, since every DOM write makes the browser restyle, lay out and repaint that part
  // of the page again (rebuilding them all on every keystroke made it redo the whole box).
  const chips = []; // one <span> per token, reused from one sentence to the next
  let shownHints = ''; // the key of the hint boxes on screen
  let shownStatus = '';
  let shownTemperature = null;
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
      showTemperature(temperature, lang);
      if (!trace) {
        showTokens(null, theme, lang);
        showHints(null, lang);
        showStatus('');
        const prompt = document.createElement('span');
        prompt.className = 'prompt';
        prompt.textContent =
          failure && !failure.empty && failure.error ? failure.error : t('sentence.prompt');
        translation.replaceChildren(prompt);
        translation.dataset.state = failure?.empty || !failure ? 'empty' : 'error';
        return;
      }
      updateText(translation, trace.translation || '…');
      updateData(translation, 'state', 'ok');
      showTokens(trace, theme, lang);
      showHints(trace, lang);
      showStatus(
        trace.clippedFrom > 0
          ? t('sentence.clipped', {
              srcLen: trace.srcLen,
              count: trace.clippedFrom.toLocaleString(lang),
            })
          : '',
      );
    },
  };

  function showTemperature(temperature, lang) {
    if (shownTemperature?.temperature === temperature && shownTemperature.lang === lang) return;
    shownTemperature = { temperature, lang };
    slider.value = String(temperatureToSlider(temperature));
    sliderValue.textContent = describeTemperature(temperature);
    slider.setAttribute('aria-valuetext', describeTemperature(temperature));
  }

  /** One chip per word as the model read it: unknown ones marked, the others in their colour. */
  function showTokens(trace, theme, lang) {
    const words = trace ? trace.tokens : [];
    while (chips.length > words.length) chips.pop().remove();
    words.forEach((token, i) => {
      let chip = chips[i];
      if (!chip) {
        chip = document.createElement('span');
        chip.dir = 'auto';
        chips.push(chip);
        tokens.append(chip);
      }
      const unknown = Boolean(trace.unknown[i]);
      const shownText = shownWord(token);
      const notes = [];
      if (shownText !== token)
        notes.push(t('sentence.longWord', { count: token.length.toLocaleString(lang) }));
      if (unknown) notes.push(t('sentence.unknownWord'));
      const className = unknown ? 'token unknown' : 'token';
      const colour = unknown ? '' : wordColour(i, theme?.dark);
      const title = notes.join('. ');
      updateText(chip, shownText);
      if (chip.className !== className) chip.className = className;
      if (chip.style.getPropertyValue('--token-colour') !== colour)
        chip.style.setProperty('--token-colour', colour);
      if (chip.title !== title) chip.title = title;
    });
  }

  /** A "did you mean" box per distinct unknown word, rebuilt only when those words change. */
  function showHints(trace, lang) {
    const boxes = [];
    const seen = new Set();
    trace?.tokens.forEach((token, i) => {
      if (!trace.unknown[i] || seen.has(token)) return;
      seen.add(token);
      boxes.push({ token, hints: trace.hints[i] ?? [] });
    });
    const key = JSON.stringify([lang, boxes]);
    if (key === shownHints) return;
    shownHints = key;
    hintsBox.replaceChildren(...boxes.map(({ token, hints }) => hintBox(token, hints)));
  }

  function hintBox(token, hints) {
    const box = document.createElement('p');
    box.className = 'hint-box';
    box.dataset.word = token;
    box.append(t('sentence.unknownBefore'), isolated(token), t('sentence.unknownAfter'));
    if (!hints.length) {
      box.append(t('sentence.readAsUnknown'));
      return box;
    }
    box.append(t('sentence.didYouMean'));
    hints.forEach((hint, k) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = hint;
      button.setAttribute('aria-label', t('sentence.replace', { word: shownWord(token), hint }));
      button.addEventListener('click', () => replaceWord(token, hint));
      box.append(button, t(k < hints.length - 1 ? 'sentence.hintSeparator' : 'sentence.hintEnd'));
    });
    return box;
  }

  /** The notice that a long text was cut to the words the model reads ('' for none). */
  function showStatus(text) {
    if (text === shownStatus) return;
    shownStatus = text;
    if (!text) {
      status.replaceChildren();
      return;
    }
    const notice = document.createElement('span');
    notice.className = 'notice';
    notice.id = 'clip-notice';
    notice.textContent = text;
    status.replaceChildren(notice);
  }
}
