// The symbol checklist. Hovering or focusing a symbol highlights every place it is drawn
// (panels marked data-symbols, and emphasis inside the canvases); a click pins it. Each symbol's
// name and explanation are the interface texts legend.<id>.name and legend.<id>.text.
import { t, language } from '../lib/i18n.js';

export const SYMBOLS = [
  {
    id: 'h',
    base: 'h',
    sub: 'i',
    colour: '--sym-h',
  },
  {
    id: 's',
    base: 's',
    sub: 't−1',
    colour: '--sym-s',
  },
  {
    id: 'e',
    base: 'e',
    sub: 'ti',
    colour: '--sym-e',
  },
  {
    id: 'alpha',
    base: 'α',
    sub: 'ti',
    colour: '--ink',
  },
  {
    id: 'c',
    base: 'c',
    sub: 't',
    colour: '--sym-c',
  },
];

export function createLegend(list, { onHighlight }) {
  let pinned = null;
  const relabels = [];
  const items = SYMBOLS.map((symbol) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'legend-item';
    button.dataset.symbol = symbol.id;
    button.setAttribute('aria-pressed', 'false');
    button.style.setProperty('--legend-colour', `var(${symbol.colour})`);
    const chip = document.createElement('span');
    chip.className = 'legend-symbol';
    chip.append(symbol.base);
    const sub = document.createElement('sub');
    sub.textContent = symbol.sub;
    chip.append(sub);
    const text = document.createElement('span');
    button.append(chip, text);
    // The visible text is the accessible name (what speech-input users say); the explanation
    // is the description.
    const relabel = () => {
      text.textContent = t(`legend.${symbol.id}.name`);
      button.title = t('legend.hint', { text: t(`legend.${symbol.id}.text`) });
    };
    relabel();
    relabels.push(relabel);
    const show = () => onHighlight(symbol.id);
    const hide = () => onHighlight(pinned);
    button.addEventListener('pointerenter', show);
    button.addEventListener('focus', show);
    button.addEventListener('pointerleave', hide);
    button.addEventListener('blur', hide);
    button.addEventListener('click', () => {
      pinned = pinned === symbol.id ? null : symbol.id;
      for (const other of items)
        other.setAttribute('aria-pressed', String(other.dataset.symbol === pinned));
      onHighlight(pinned ?? symbol.id);
    });
    li.append(button);
    list.append(li);
    return button;
  });

  let shown; // the highlight the page is marked for (undefined: none marked yet)
  let labelledIn = language();
  return {
    /** Marks the drawings that show `symbol` (CSS ring in the symbol's colour). */
    render({ highlight }) {
      if (labelledIn !== language()) {
        labelledIn = language();
        for (const relabel of relabels) relabel();
      }
      if (highlight === shown) return;
      shown = highlight;
      const colour = SYMBOLS.find((s) => s.id === highlight)?.colour;
      for (const el of document.querySelectorAll('[data-symbols]')) {
        const on = Boolean(highlight) && el.dataset.symbols.split(' ').includes(highlight);
        el.classList.toggle('symbol-highlight', on);
        if (on) el.style.setProperty('--highlight-colour', `var(${colour})`);
      }
    },
  };
}
