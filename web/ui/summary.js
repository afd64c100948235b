// The one-picture summary, animated along the current sentence: a pulse runs through
// s_{t−1} → e → α → c_t → (y_t, s_t) and back, one output word per lap. Still (following the
// stepper) when the user prefers reduced motion, when paused, and when scrolled out of view.
import { drawPipeline } from '../draw/pipeline.js';
import { createCanvasHost } from './canvas-host.js';
import { updateData, updateHidden } from './dom-writes.js';
import { stepData } from '../lib/trace-data.js';
import { t, language } from '../lib/i18n.js';

const LAP_MS = 2600;

export function createSummaryView(container, { requestRender }) {
  const host = createCanvasHost(container, {
    label: () => t('summary.canvas'),
    onResize: requestRender,
  });
  const controls = document.createElement('div');
  controls.className = 'summary-controls';
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'button';
  const note = document.createElement('span');
  controls.append(toggle, note);
  container.after(controls);

  const reduced = matchMedia('(prefers-reduced-motion: reduce)');
  let playing = !reduced.matches;
  let visible = false;
  let frame = 0;
  let started = 0;
  let lastArgs = null;
  let lastKey = null;

  new IntersectionObserver((entries) => {
    visible = entries.some((e) => e.isIntersecting);
    schedule();
  }).observe(container);
  reduced.addEventListener('change', () => {
    playing = !reduced.matches;
    schedule();
  });
  toggle.addEventListener('click', () => {
    playing = !playing;
    started = performance.now();
    schedule();
  });

  function animating() {
    return (
      playing &&
      visible &&
      !reduced.matches &&
      lastArgs?.trace?.attention &&
      lastArgs.trace.alpha.length > 0
    );
  }

  function schedule() {
    updateControls();
    if (animating() && !frame) {
      started ||= performance.now();
      frame = requestAnimationFrame(tick);
    }
    if (!animating()) draw(null, lastArgs?.step ?? 1);
  }

  // Called on every redraw: the text is written only when it changes (each write is a DOM change
  // the browser must restyle and lay out).
  let controlsFor = null;
  function updateControls() {
    const key = `${playing} ${reduced.matches} ${language()}`;
    if (key === controlsFor) return;
    controlsFor = key;
    toggle.textContent = t(playing ? 'summary.pause' : 'summary.animate');
    toggle.setAttribute('aria-pressed', String(playing));
    toggle.disabled = reduced.matches;
    note.textContent = t(
      reduced.matches ? 'summary.reduced' : playing ? 'summary.playing' : 'summary.following',
    );
  }

  function tick(now) {
    frame = 0;
    if (!animating()) return schedule();
    const steps = lastArgs.trace.steps;
    const elapsed = now - started;
    const lap = Math.floor(elapsed / LAP_MS);
    draw((elapsed % LAP_MS) / LAP_MS, (lap % steps) + 1);
    frame = requestAnimationFrame(tick);
  }

  function draw(phase, step) {
    if (!lastArgs) return;
    const { trace, analysis, theme, highlight } = lastArgs;
    updateHidden(container, !(trace && trace.attention && trace.alpha.length));
    if (container.hidden) return;
    const d = stepData(trace, analysis, step);
    drawPipeline(
      host.canvas,
      {
        step: d.step,
        steps: d.steps,
        words: d.words,
        prevWord: d.prevWord,
        word: d.word,
        scores: d.scores,
        alpha: d.alpha,
        contextDirection: d.contextPoint,
        phase,
        highlight,
      },
      { width: host.width(), theme },
    );
    updateData(host.canvas, 'step', String(d.step));
    host.describe(t('summary.describe', { step: d.step, previous: d.step - 1, word: d.word }));
  }

  return {
    // The card, not the container: the container is hidden when there is nothing to draw.
    element: container.closest('.card') ?? container.parentElement,
    render(args) {
      const key = [args.trace, args.step, args.theme, args.highlight, host.width(), language()];
      if (lastKey && key.every((v, k) => v === lastKey[k])) return;
      if (lastArgs?.trace !== args.trace) started = performance.now();
      lastKey = key;
      lastArgs = args;
      schedule();
    },
  };
}
