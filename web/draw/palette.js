// Every colour scale of the page, in one module.
// - weights (α, probabilities): viridis — perceptually uniform and readable with any colour vision;
// - signed vector entries (strips): a blue ↔ orange diverging scale through the theme's neutral;
// - one colour per source word: Paul Tol's "muted" qualitative set (colour-blind safe).

// Polynomial fit of matplotlib's viridis (max error well under one 8-bit step).
const VIRIDIS = [
  [0.2777273272234177, 0.005407344544966578, 0.3340998053353061],
  [0.1050930431085774, 1.404613529898575, 1.384590162594685],
  [-0.3308618287255563, 0.214847559468213, 0.09509516302823659],
  [-4.634230498983486, -5.799100973351585, -19.33244095627987],
  [6.228269936347081, 14.17993336680509, 56.69055260068105],
  [4.776384997670288, -13.74514537774601, -65.35303263337234],
  [-5.435455855934631, 4.645852612178535, 26.3124352495832],
];

/** RGB (0..255) of viridis at t in [0, 1]. */
export function viridisRgb(t) {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0));
  return [0, 1, 2].map((channel) => {
    let value = 0;
    for (let k = VIRIDIS.length - 1; k >= 0; k--) value = value * x + VIRIDIS[k][channel];
    return Math.round(255 * Math.min(1, Math.max(0, value)));
  });
}

export function viridis(t) {
  const [r, g, b] = viridisRgb(t);
  return `rgb(${r} ${g} ${b})`;
}

/** Black or white, whichever reads better on viridis(t). */
export function inkOnViridis(t) {
  const [r, g, b] = viridisRgb(t);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 140 ? '#111' : '#fff';
}

const NEGATIVE = [33, 102, 172]; // #2166ac
const POSITIVE = [204, 102, 0]; // a deep orange, distinct from blue for all colour visions

/** Colour of a signed value in [-limit, limit], through `neutral` ([r, g, b]) at 0. */
export function diverging(value, limit, neutral = [240, 240, 240]) {
  const t = limit > 0 ? Math.max(-1, Math.min(1, value / limit)) : 0;
  const end = t < 0 ? NEGATIVE : POSITIVE;
  const w = Math.sqrt(Math.abs(t)); // small values stay visible
  const mix = (k) => Math.round(neutral[k] + (end[k] - neutral[k]) * w);
  return `rgb(${mix(0)} ${mix(1)} ${mix(2)})`;
}

export const DIVERGING_ENDS = {
  negative: `rgb(${NEGATIVE.join(' ')})`,
  positive: `rgb(${POSITIVE.join(' ')})`,
};

const WORD_COLOURS = [
  '#332288',
  '#44AA99',
  '#CC6677',
  '#999933',
  '#88CCEE',
  '#AA4499',
  '#117733',
  '#DDCC77',
  '#882255',
];
const WORD_COLOURS_DARK = [
  '#8c7fe0',
  '#44AA99',
  '#CC6677',
  '#b5b545',
  '#88CCEE',
  '#c665b3',
  '#3fae5f',
  '#DDCC77',
  '#c2517f',
];

/** The colour of source word i (arrows, dots, bars all use it, so a word is one colour). */
export function wordColour(i, dark = false) {
  const set = dark ? WORD_COLOURS_DARK : WORD_COLOURS;
  return set[i % set.length];
}
