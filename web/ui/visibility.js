// Which parts of the page are on the screen or close to it. The page draws a view only while its
// element is near the screen (drawing all of them on every keystroke made typing slow), and loads
// the models that only some sections show when those sections come near.
//
// Margins are CSS rootMargin strings; percentages are of the viewport's height (vertical) and
// width (horizontal), e.g. '20% 0px' = "within a fifth of a screen above or below".

/**
 * Tracks elements and calls `onChange(element, near)` when one comes near the screen or leaves.
 * `isNear(element)` is what the observer last reported; until it has reported (it does so after
 * the next layout), the element's position is measured once, so the first render draws exactly
 * what is on the screen.
 */
export function createNearScreenTracker({ margin, onChange }) {
  const near = new Map(); // element → boolean, as last reported by the observer
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const was = near.get(entry.target);
        near.set(entry.target, entry.isIntersecting);
        if (was !== entry.isIntersecting) onChange(entry.target, entry.isIntersecting);
      }
    },
    { rootMargin: margin },
  );
  return {
    track(element) {
      observer.observe(element);
    },
    isNear(element) {
      return near.get(element) ?? measureNear(element, margin);
    },
  };
}

/** Calls `callback` once, the first time `element` comes within `margin` of the screen. */
export function whenNear(element, margin, callback) {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      callback();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
}

/** The observer's test, done by hand (forces a layout: only for elements it has not seen yet). */
function measureNear(element, margin) {
  if (element.getClientRects().length === 0) return false; // not rendered (display: none)
  const [top, right, bottom, left] = expandMargin(margin);
  const rect = element.getBoundingClientRect();
  const h = window.innerHeight;
  const w = window.innerWidth;
  return (
    rect.bottom >= -toPixels(top, h) &&
    rect.top <= h + toPixels(bottom, h) &&
    rect.right >= -toPixels(left, w) &&
    rect.left <= w + toPixels(right, w)
  );
}

/** CSS shorthand: 1 to 4 lengths → [top, right, bottom, left]. */
function expandMargin(margin) {
  const parts = margin.trim().split(/\s+/);
  const [top, right = top, bottom = top, left = right] = parts;
  return [top, right, bottom, left];
}

function toPixels(length, viewport) {
  const value = parseFloat(length);
  return length.endsWith('%') ? (value / 100) * viewport : value;
}
