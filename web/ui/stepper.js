// The stepper over the decoder loop: previous / play / next, one button per output word, and the
// keyboard (← → Home End anywhere on the page except where those keys already mean something).
import { PLAY_INTERVAL_MS } from '../config.js';

export function createStepper(container, { onStep }) {
  const controls = document.createElement('div');
  controls.className = 'stepper-controls';
  const button = (text, label) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'button';
    b.textContent = text;
    b.setAttribute('aria-label', label);
    return b;
  };
  const first = button('⇤', 'First step');
  const prev = button('← Previous', 'Previous step');
  const play = button('▶ Play', 'Play through the steps');
  play.classList.add('primary');
  const next = button('Next →', 'Next step');
  const last = button('⇥', 'Last step');
  const label = document.createElement('span');
  label.className = 'step-label';
  label.id = 'step-label';
  label.setAttribute('aria-live', 'polite');
  controls.append(first, prev, play, next, last, label);
  const words = document.createElement('div');
  words.className = 'step-words';
  words.setAttribute('role', 'group');
  words.setAttribute('aria-label', 'Output words: pick a step');
  container.append(controls, words);

  let step = 1;
  let steps = 0;
  let timer = null;
  let lastTrace = null;

  // The local step moves at once, so key presses faster than a frame are not lost.
  const go = (t) => {
    if (steps === 0) return;
    step = Math.max(1, Math.min(steps, t));
    onStep(step);
  };
  first.addEventListener('click', () => go(1));
  prev.addEventListener('click', () => go(step - 1));
  next.addEventListener('click', () => go(step + 1));
  last.addEventListener('click', () => go(steps));
  play.addEventListener('click', () => (timer ? stop() : start()));

  function start() {
    if (steps < 2) return;
    if (step >= steps) go(1);
    play.textContent = 'Pause';
    play.setAttribute('aria-label', 'Pause');
    timer = setInterval(() => {
      if (step >= steps) stop();
      else go(step + 1);
    }, PLAY_INTERVAL_MS);
  }
  function stop() {
    clearInterval(timer);
    timer = null;
    play.textContent = '▶ Play';
    play.setAttribute('aria-label', 'Play through the steps');
  }

  // Page-wide keys, except inside text fields, sliders, the heatmap grid and other widgets that
  // use the arrows themselves.
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest?.('input, textarea, select, [role="grid"], [contenteditable="true"]'))
      return;
    const keys = {
      ArrowLeft: () => go(step - 1),
      ArrowRight: () => go(step + 1),
      Home: () => go(1),
      End: () => go(steps),
    };
    if (!keys[event.key] || steps === 0) return;
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
  dock.setAttribute('aria-label', 'Decoder step');
  const dockPrev = button('←', 'Previous step');
  const dockNext = button('→', 'Next step');
  const dockLabel = document.createElement('span');
  dockLabel.className = 'step-dock-label';
  dock.append(dockPrev, dockLabel, dockNext);
  document.body.append(dock);
  dockPrev.addEventListener('click', () => go(step - 1));
  dockNext.addEventListener('click', () => go(step + 1));
  let panelsInView = false;
  let controlsInView = true;
  const updateDock = () => {
    dock.hidden = !(panelsInView && !controlsInView && steps > 0);
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

  return {
    render({ trace, analysis, step: current }) {
      updateDock();
      step = current;
      steps = trace ? trace.steps : 0;
      for (const b of [first, prev]) b.disabled = step <= 1 || steps === 0;
      for (const b of [next, last]) b.disabled = step >= steps || steps === 0;
      play.disabled = steps < 2;
      if (!trace) {
        stop();
        label.textContent = 'No sentence yet.';
        words.replaceChildren();
        lastTrace = null;
        return;
      }
      label.textContent = `Step t = ${step} of ${steps}: producing “${analysis.outWords[step - 1]}”`;
      dockLabel.textContent = `t = ${step} of ${steps}: “${analysis.outWords[step - 1]}”`;
      dockPrev.disabled = step <= 1;
      dockNext.disabled = step >= steps;
      label.dataset.step = String(step);
      if (lastTrace !== trace) {
        lastTrace = trace;
        words.replaceChildren(
          ...analysis.outWords.map((w, i) => {
            const b = document.createElement('button');
            b.type = 'button';
            b.className = 'step-word';
            b.textContent = w;
            b.setAttribute('aria-label', `Step ${i + 1}: ${w}`);
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
