// HiDPI canvas set-up and the few text helpers every drawing module shares.

/**
 * Sizes `canvas` to cssWidth x cssHeight CSS pixels with a backing store scaled by
 * devicePixelRatio (so lines stay crisp on HiDPI screens) and returns a context whose units are
 * CSS pixels.
 */
export function prepareCanvas(canvas, cssWidth, cssHeight) {
  const ratio = Math.max(1, globalThis.devicePixelRatio || 1);
  const width = Math.max(1, Math.round(cssWidth * ratio));
  const height = Math.max(1, Math.round(cssHeight * ratio));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, cssWidth, cssHeight);
  ctx.textBaseline = 'middle';
  return ctx;
}

export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';
export const MATH_FAMILY = '"STIX Two Math", "Cambria Math", "Latin Modern Math", Georgia, serif';

export function font(size, { weight = 400, math = false, italic = false } = {}) {
  return `${italic ? 'italic ' : ''}${weight} ${size}px ${math ? MATH_FAMILY : FONT_FAMILY}`;
}

/** Shortens `text` with an ellipsis until it fits `maxWidth` at the context's current font. */
export function fitText(ctx, text, maxWidth) {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return low > 0 ? `${text.slice(0, low)}…` : '';
}

/** Draws an arrow from (x0, y0) to (x1, y1) with a head scaled to the line width. */
export function arrow(ctx, x0, y0, x1, y1, { color, width = 2, head = 8 } = {}) {
  const length = Math.hypot(x1 - x0, y1 - y0);
  if (length < 0.5) return;
  const ux = (x1 - x0) / length;
  const uy = (y1 - y0) / length;
  const h = Math.min(head, length * 0.6);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1 - ux * h * 0.8, y1 - uy * h * 0.8);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - ux * h - uy * h * 0.45, y1 - uy * h + ux * h * 0.45);
  ctx.lineTo(x1 - ux * h + uy * h * 0.45, y1 - uy * h - ux * h * 0.45);
  ctx.closePath();
  ctx.fill();
}

export function roundRect(ctx, x, y, w, h, r) {
  const radius = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}

/**
 * Draws a math symbol like s_{t−1}: an italic serif letter and a smaller upright subscript
 * (drawn, not taken from Unicode subscript glyphs, which many fonts lack). Returns its width.
 */
export function drawSymbol(
  ctx,
  base,
  subscript,
  x,
  y,
  { size = 16, colour, align = 'left', weight = 600 } = {},
) {
  ctx.font = font(size, { weight, math: true, italic: true });
  const baseW = ctx.measureText(base).width;
  const subFont = font(Math.round(size * 0.62), { weight });
  ctx.font = subFont;
  const subW = subscript ? ctx.measureText(subscript).width + 1 : 0;
  const total = baseW + subW;
  const left = align === 'center' ? x - total / 2 : align === 'right' ? x - total : x;
  const saved = ctx.textAlign;
  ctx.textAlign = 'left';
  ctx.fillStyle = colour;
  ctx.font = font(size, { weight, math: true, italic: true });
  ctx.fillText(base, left, y);
  if (subscript) {
    ctx.font = subFont;
    ctx.fillText(subscript, left + baseW + 1, y + size * 0.3);
  }
  ctx.textAlign = saved;
  return total;
}
