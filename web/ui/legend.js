// The symbol checklist. Hovering or focusing a symbol highlights every place it is drawn
// (panels marked data-symbols, and emphasis inside the canvases); a click pins it.

export const SYMBOLS = [
  {
    id: 'h',
    base: 'h',
    sub: 'i',
    colour: '--sym-h',
    name: 'encoder state of word i',
    text: 'what the encoder kept of French word i',
  },
  {
    id: 's',
    base: 's',
    sub: 't−1',
    colour: '--sym-s',
    name: 'decoder state: the question',
    text: 'the decoder’s state before word t: its question',
  },
  {
    id: 'e',
    base: 'e',
    sub: 'ti',
    colour: '--sym-e',
    name: 'score of word i at step t',
    text: 'raw score of word i at step t, any real number',
  },
  {
    id: 'alpha',
    base: 'α',
    sub: 'ti',
    colour: '--ink',
    name: 'weight: 0 to 1, sums to 1',
    text: 'its weight, between 0 and 1; a step’s weights sum to 1',
  },
  {
    id: 'c',
    base: 'c',
    sub: 't',
    colour: '--sym-c',
    name: 'context Σᵢ αₜᵢ hᵢ',
    text: 'the context: the blend of the encoder states, weighted by α',
  },
];

export function createLegend(list, { onHighlight }) {
  let pinned = null;
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
    text.textContent = symbol.name;
    button.append(chip, text);
    button.title = symbol.text;
    button.setAttribute(
      'aria-label',
      `${symbol.base} ${symbol.sub}: ${symbol.text}. Highlight where it is drawn.`,
    );
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

  return {
    /** Marks the drawings that show `symbol` (CSS ring in the symbol's colour). */
    render({ highlight }) {
      const colour = SYMBOLS.find((s) => s.id === highlight)?.colour;
      for (const el of document.querySelectorAll('[data-symbols]')) {
        const on = Boolean(highlight) && el.dataset.symbols.split(' ').includes(highlight);
        el.classList.toggle('symbol-highlight', on);
        if (on) el.style.setProperty('--highlight-colour', `var(${colour})`);
      }
    },
  };
}
