// Editable attention weights of one decoder step: one row per source word, the model's own α_ti
// as a dashed outline and the weight the user set as a filled bar over it. Fed plain data;
// returns the geometry the caller needs to turn a pointer position into a weight.
import { prepareCanvas, font, roundRect } from '../lib/canvas.js';
import { viridis } from './palette.js';
import { argmax, drawWordRow } from './word-row.js';
import { formatNumber } from '../lib/i18n.js';

const ROW_H = 30;
const HEAD_H = 26;
const VALUE_W = 92;
const MAX_BAR_W = 520; // wider bars only make a drag coarser to read

/**
 * @param data {{ words: string[], original: number[], edited: number[] | null,
 *   labels: { original: string, edited: string } }} — edited null: the model's weights stand
 * @param options {{ width: number, theme: object }}
 * @returns {{ width, height, barX, barW, rowH, headH }}: row i spans headH + i·rowH … +rowH and
 *   weight w is drawn up to barX + w·barW
 */
export function drawWeightBars(canvas, data, { width, theme }) {
  const { words, original, edited } = data;
  const T = words.length;
  const height = HEAD_H + T * ROW_H + 4;
  const ctx = prepareCanvas(canvas, width, height);
  ctx.font = font(13, { weight: 700 });
  let wordW = 0;
  for (const w of words) wordW = Math.max(wordW, ctx.measureText(w).width);
  const labelW = Math.min(Math.ceil(wordW) + 14, Math.round(width * 0.28));
  const barX = labelW;
  const barW = Math.max(40, Math.min(MAX_BAR_W, width - labelW - VALUE_W));

  // Legend: what the outline and the fill mean.
  ctx.font = font(12, { weight: 600 });
  ctx.textAlign = 'left';
  ctx.fillStyle = theme.muted;
  ctx.strokeStyle = theme.ink;
  ctx.lineWidth = 1.2;
  ctx.setLineDash([4, 3]);
  ctx.strokeRect(barX + 0.5, HEAD_H / 2 - 5, 18, 10);
  ctx.setLineDash([]);
  let x = barX + 24;
  ctx.fillText(data.labels.original, x, HEAD_H / 2);
  if (edited) {
    x += ctx.measureText(data.labels.original).width + 18;
    ctx.fillStyle = viridis(0.6);
    ctx.fillRect(x, HEAD_H / 2 - 5, 18, 10);
    ctx.fillStyle = theme.muted;
    ctx.fillText(data.labels.edited, x + 24, HEAD_H / 2);
  }

  const shown = edited ?? original;
  const top = argmax(shown);
  for (let i = 0; i < T; i++) {
    const y = HEAD_H + i * ROW_H;
    const mid = y + ROW_H / 2;
    drawWordRow(ctx, {
      i,
      y,
      rowH: ROW_H,
      width,
      word: words[i],
      labelW: labelW - 10,
      heaviest: i === top,
      theme,
    });

    const w = shown[i];
    ctx.fillStyle = viridis(w);
    roundRect(ctx, barX, mid - 8, Math.max(2, w * barW), 16, 3);
    ctx.fill();
    // The model's own weight stays visible as an outline once the bar has been moved.
    ctx.strokeStyle = theme.ink;
    ctx.lineWidth = 1.2;
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(barX + 0.5, mid - 10.5, Math.max(2, original[i] * barW), 21);
    ctx.setLineDash([]);

    ctx.fillStyle = theme.ink;
    ctx.font = font(12, { weight: i === top ? 700 : 400 });
    ctx.textAlign = 'left';
    const value = edited
      ? `${formatNumber(original[i], 2)} → ${formatNumber(w, 2)}`
      : formatNumber(w, 2);
    ctx.fillText(value, barX + barW + 8, mid);
  }
  return { width, height, barX, barW, rowH: ROW_H, headH: HEAD_H };
}
