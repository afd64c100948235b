// Every URL and tunable the page depends on, in one place.

/** The model the page translates with unless `?model=NAME` names another file in models/. */
export const DEFAULT_MODEL = 'fr-en-attention';
/** Same architecture without attention: Step 0 compares it with the default model. */
export const BASELINE_MODEL = 'fr-en-baseline';
/** Toy models used by the edge-case gallery (vocabulary: the letters a..z). */
export const COPY_MODEL = 'toy-copy';
export const REVERSE_MODEL = 'toy-reverse';

/**
 * How close to the screen a view must be to be drawn (an off-screen view is drawn when it comes
 * this near), and how close a section must be for the model only it shows (the baseline, the
 * toys) to start downloading. CSS rootMargin: percentages are of the screen's height.
 */
export const DRAW_MARGIN = '20% 0px';
export const LOAD_MARGIN = '50% 0px';

export const modelUrl = (name) => `models/${name}.aem`;
export const EVALUATION_URL = 'models/evaluation.json';
export const wasmDir = (flavour) => `wasm/${flavour}/`;

export const EXAMPLES = [
  'Je suis étudiant',
  'Le chat noir mange une pomme rouge',
  'Ma sœur a acheté une nouvelle voiture blanche hier',
  "Il fait beau aujourd'hui",
  'Le petit garçon regarde le chien noir dans le jardin de sa grand-mère',
];
export const FIRST_SENTENCE = EXAMPLES[0];
/** Step 0's long sentence: where one fixed vector runs out of room. */
export const LONG_EXAMPLE =
  'Hier soir, mes parents ont mangé du pain et du fromage dans la cuisine avec nos voisins';

/** Candidate next words recorded per step (panel 6). */
export const TOP_K = 5;
/** Range of the attention temperature sliders (log scale). */
export const TEMPERATURE_MIN = 0.1;
export const TEMPERATURE_MAX = 100;
/** How flat the "uniform" edge case starts. */
export const UNIFORM_TEMPERATURE = 50;
/** Milliseconds per decoder step when the stepper plays. */
export const PLAY_INTERVAL_MS = 1400;
