// The stepper over the decoder loop: previous / play / next, one button per output word, and the
// keyboard (← → Home End anywhere on the page except where those keys already mean something).
// Screen readers hear each step from the page's live region (ui/announcer.js), not from here.
import { PLAY_INTERVAL_MS } from '../config.js';
import { t, language, onLanguageChange } from '../lib/i18n.js';

/**
 * `position()` is the page's current `{ step, steps }`: the keys and buttons move from there even
 * while the stepper itself is off screen and not redrawn.
 */
export function createStepper(container, { onStep, position }) {
  const controls = document.createElement('div');
  controls.className = 'stepper-controls';
  // Buttons get their words in relabel(); a symbol (⇤ ⇥ ← →) is the same in every language.
  const button = (symbol = '') => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'button';
    b.textContent = symbol;
    return b;
  };
  const first = button('⇤');
  const prev = button();
  const play = button();
  play.classList.add('primary');
  const next = button();
  const last = button('⇥');
  const label = document.createElement('span');
  label.className = 'step-label';
  label.id = 'step-label';
  controls.append(first, prev, play, next, last, label);
  const words = document.createElement('div');
  words.className = 'step-words';
  words.setAttribute('role', 'group');
  container.append(controls, words);

  let timer = null;
  let lastTrace = null;

  // onStep changes the page's step at once, so key presses faster than a frame are not lost.
  const go = (target) => {
    const { steps } = position();
    if (steps === 0) return;
    onStep(Math.max(1, Math.min(steps, target)));
  };
  const goBy = (delta) => go(position().step + delta);
  first.addEventListener('click', () => go(1));
  prev.addEventListener('click', () => goBy(-1));
  next.addEventListener('click', () => goBy(1));
  last.addEventListener('click', () => go(position().steps));
  play.addEventListener('click', () => (timer ? stop() : start()));

  function start() {
    const { step, steps } = position();
    if (steps < 2) return;
    if (step >= steps) go(1);
    timer = setInterval(() => {
      const { step, steps } = position();
      if (step >= steps) stop();
      else go(step + 1);
    }, PLAY_INTERVAL_MS);
    labelPlay();
  }
  function stop() {
    clearInterval(timer);
    timer = null;
    labelPlay();
  }
  function labelPlay() {
    play.textContent = t(timer ? 'stepper.pause' : 'stepper.play');
    play.setAttribute('aria-label', t(timer ? 'stepper.pause' : 'stepper.playLabel'));
  }

  // Page-wide keys, except inside text fields, sliders, the heatmap grid and other widgets that
  // use the arrows themselves.
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest?.('input, textarea, select, [role="grid"], [contenteditable="true"]'))
      return;
    const keys = {
      ArrowLeft: () => goBy(-1),
      ArrowRight: () => goBy(1),
      Home: () => go(1),
      End: () => go(position().steps),
    };
    if (!keys[event.key] || position().steps === 0) return;
    event.preventDefault();
    stop();
    keys[event.key]();
  });

  // A small dock at the bottom of the screen while the panels are in view but the controls above
  // are not, so stepping never needs a scroll back up.
  const dock = document.createElement('div');
  dock.className = 'step-dock';
  dock.hidden = true;
  dock.setAttribute('role', 'group');
  const dockPrev = button('←');
  const dockNext = button('→');
  const dockLabel = document.createElement('span');
  dockLabel.className = 'step-dock-label';
  dock.append(dockPrev, dockLabel, dockNext);
  document.body.append(dock);
  dockPrev.addEventListener('click', () => goBy(-1));
  dockNext.addEventListener('click', () => goBy(1));
  let panelsInView = false;
  let controlsInView = true;
  const updateDock = () => {
    dock.hidden = !(panelsInView && !controlsInView && position().steps > 0);
  };
  new IntersectionObserver(([entry]) => {
    controlsInView = entry.isIntersecting;
    updateDock();
  }).observe(container);
  const panels = document.querySelector('.panels');
  if (panels) {
    // Only while the panels fill the upper part of the screen, so the dock never hides the
    // sections after them.
    new IntersectionObserver(
      ([entry]) => {
        panelsInView = entry.isIntersecting;
        updateDock();
      },
      { rootMargin: '0px 0px -35% 0px' },
    ).observe(panels);
  }

  function relabel() {
    const name = (element, key) => element.setAttribute('aria-label', t(key));
    prev.textContent = t('stepper.previous');
    next.textContent = t('stepper.next');
    name(first, 'stepper.first');
    name(prev, 'stepper.previousLabel');
    name(next, 'stepper.nextLabel');
    name(last, 'stepper.last');
    name(dockPrev, 'stepper.previousLabel');
    name(dockNext, 'stepper.nextLabel');
    name(words, 'stepper.words');
    name(dock, 'stepper.dock');
    labelPlay();
  }
  relabel();
  onLanguageChange(relabel);
  let wordsLanguage = null;

  return {
    // The chapter holds the controls and the panels the dock serves.
    element: document.getElementById('loop') ?? container,
    render({ trace, analysis, step }) {
      updateDock();
      const steps = trace ? trace.steps : 0;
      for (const b of [first, prev]) b.disabled = step <= 1 || steps === 0;
      for (const b of [next, last]) b.disabled = step >= steps || steps === 0;
      play.disabled = steps < 2;
      if (!trace) {
        stop();
        label.textContent = t('stepper.empty');
        words.replaceChildren();
        lastTrace = null;
        return;
      }
      const word = analysis.outWords[step - 1];
      label.textContent = t('stepper.label', { step, steps, word });
      dockLabel.textContent = t('stepper.dockLabel', { step, steps, word });
      dockPrev.disabled = step <= 1;
      dockNext.disabled = step >= steps;
      label.dataset.step = String(step);
      if (lastTrace !== trace || wordsLanguage !== language()) {
        lastTrace = trace;
        wordsLanguage = language();
        words.replaceChildren(
          ...analysis.outWords.map((w, i) => {
            const b = document.createElement('button');
            b.type = 'button';
            b.className = 'step-word';
            b.textContent = w;
            b.setAttribute('aria-label', t('stepper.word', { step: i + 1, word: w }));
            b.addEventListener('click', () => go(i + 1));
            return b;
          }),
        );
      }
      [...words.children].forEach((b, i) => {
        if (i + 1 === step) b.setAttribute('aria-current', 'step');
        else b.removeAttribute('aria-current');
        b.classList.toggle('done', i + 1 < step);
      });
    },
    stop,
  };
}
