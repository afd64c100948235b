// A canvas that fills its container's width and asks to be redrawn when that width changes.
// The accessible description of what is drawn lives in a visually hidden paragraph next to it
// (screen readers get the numbers; the canvas is presentational). `label` is the canvas's name,
// or a function giving it in the interface language (asked again when the language changes).
import { onLanguageChange } from '../lib/i18n.js';
import { updateText } from './dom-writes.js';

export function createCanvasHost(container, { label = '', onResize } = {}) {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('role', 'img');
  const name = () =>
    canvas.setAttribute('aria-label', typeof label === 'function' ? label() : label);
  name();
  if (typeof label === 'function') onLanguageChange(name);
  // Off-screen views are redrawn only when they come back near the screen: until then a drawing
  // made for a wider window is squeezed into its box instead of widening the page.
  canvas.style.maxWidth = '100%';
  const description = document.createElement('p');
  description.className = 'visually-hidden';
  container.append(canvas, description);
  // The width comes from the observer, not from clientWidth at draw time: reading layout while
  // the page is being redrawn forces a reflow per canvas and made typing sluggish.
  let lastWidth = 0;
  const observer = new ResizeObserver(([entry]) => {
    const width = Math.floor(entry.contentRect.width);
    if (width !== lastWidth && width > 0) {
      lastWidth = width;
      onResize?.();
    }
  });
  observer.observe(container);
  return {
    canvas,
    container,
    width: () => Math.max(200, lastWidth || Math.floor(container.clientWidth)),
    describe(text) {
      updateText(description, text);
    },
  };
}
