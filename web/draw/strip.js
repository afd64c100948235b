// A vector drawn as a strip of coloured cells (blue < 0 < orange), the page's way of showing
// "these d numbers" when they are too many to print.
import { diverging } from './palette.js';

export function drawStrip(ctx, values, x, y, w, h, { limit, neutral, outline }) {
  const n = values.length;
  const cellW = w / Math.max(1, n);
  for (let k = 0; k < n; k++) {
    ctx.fillStyle = diverging(values[k], limit, neutral);
    // Overlap by a hair so fractional cells leave no seams.
    ctx.fillRect(x + k * cellW, y, cellW + 0.6, h);
  }
  if (outline) {
    ctx.strokeStyle = outline;
    ctx.lineWidth = 1;
    ctx.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
  }
}

export function maxAbs(...arrays) {
  let m = 0;
  for (const a of arrays) for (let k = 0; k < a.length; k++) m = Math.max(m, Math.abs(a[k]));
  return m || 1;
}
