// Panel 6: c_t enters the decoder twice — the state update s_t = f(s_{t−1}, y_{t−1}, c_t) and the
// output p(y_t) = g(y_{t−1}, s_t, c_t) — and the most probable next words, from which y_t is
// taken.
import { prepareCanvas, font, fitText, arrow, roundRect } from '../lib/canvas.js';
import { drawStrip, maxAbs } from './strip.js';
import { viridis } from './palette.js';
import { sub } from './vectors.js';
import { t, formatNumber } from '../lib/i18n.js';

/**
 * @param data {{ step: number, prevWord: string, word: string, sPrev: ArrayLike, s: ArrayLike,
 *   context: ArrayLike, topWords: string[], topProbs: number[], highlight?: string|null }}
 */
export function drawDecoder(canvas, data, { width, theme }) {
  const stacked = width < 640;
  const diagramW = stacked ? width : Math.round(width * 0.62);
  const barsX = stacked ? 0 : diagramW + 28;
  const barsW = stacked ? width : width - barsX;
  const K = data.topWords.length;
  const barRow = 26;
  const diagramH = 232;
  const barsTop = stacked ? diagramH + 16 : 8;
  const height = stacked
    ? barsTop + 24 + K * barRow + 8
    : Math.max(diagramH, barsTop + 24 + K * barRow + 8);
  const ctx = prepareCanvas(canvas, width, height);
  const step = data.step;
  const limit = maxAbs(data.sPrev, data.s);
  const neutral = theme.neutral;
  const cHighlight = data.highlight === 'c';

  const inW = Math.round(diagramW * 0.34);
  const boxW = Math.max(40, Math.round(diagramW * 0.13));
  const boxH = 46;
  const boxX = inW + Math.round((diagramW - inW - boxW) * 0.42);
  const outX = boxX + boxW + 22;
  const outW = diagramW - outX;
  const yS = 44;
  const yY = 118;
  const yC = 192;
  const fY = 58;
  const gY = 178;

  const label = (text, x, y, colour, size = 12, weight = 700, maxWidth = width - x) => {
    ctx.font = font(size, { weight });
    ctx.fillStyle = colour;
    ctx.textAlign = 'left';
    ctx.fillText(fitText(ctx, text, maxWidth), x, y);
  };
  // Inputs
  label(
    t('draw.decoder.question', { state: `s${sub(step - 1)}` }),
    0,
    yS - 22,
    theme.symS,
    12,
    700,
    boxX - 8,
  );
  drawStrip(ctx, data.sPrev, 0, yS - 11, inW, 22, { limit, neutral, outline: theme.grid });
  label('y' + sub(step - 1), 0, yY - 22, theme.muted);
  ctx.font = font(14, { weight: 600 });
  const word = fitText(ctx, t('draw.quoted', { word: data.prevWord }), inW - 8);
  const ww = ctx.measureText(word).width + 16;
  ctx.fillStyle = theme.faint;
  roundRect(ctx, 0, yY - 13, ww, 26, 6);
  ctx.fill();
  label(word, 8, yY, theme.ink, 14, 600);
  label(
    t('draw.decoder.context', { context: `c${sub(step)}`, count: data.context.length }),
    0,
    yC - 22,
    theme.symC,
    12,
    700,
    boxX - 8,
  );
  drawStrip(ctx, data.context, 0, yC - 11, inW, 22, {
    limit: maxAbs(data.context),
    neutral,
    outline: cHighlight ? theme.symC : theme.grid,
  });

  // The two boxes
  const box = (y, name, caption) => {
    ctx.fillStyle = theme.card;
    ctx.strokeStyle = theme.ink;
    ctx.lineWidth = 2;
    roundRect(ctx, boxX, y - boxH / 2, boxW, boxH, 10);
    ctx.fill();
    ctx.stroke();
    ctx.font = font(20, { weight: 700, math: true, italic: true });
    ctx.fillStyle = theme.ink;
    ctx.textAlign = 'center';
    ctx.fillText(name, boxX + boxW / 2, y - 2);
    ctx.font = font(10);
    ctx.fillStyle = theme.muted;
    ctx.fillText(caption, boxX + boxW / 2, y + boxH / 2 + 10);
  };
  const into = (x0, y0, y1, colour, w = 2) =>
    arrow(ctx, x0, y0, boxX - 2, y1, { color: colour, width: w, head: 8 });
  into(inW + 4, yS, fY - 8, theme.symS);
  into(ww + 6, yY, fY + 4, theme.muted, 1.5);
  into(ww + 6, yY, gY - 4, theme.muted, 1.5);
  // c_t, twice: the point of this panel, drawn thicker.
  into(inW + 4, yC, fY + 14, theme.symC, cHighlight ? 4.5 : 3);
  into(inW + 4, yC, gY + 8, theme.symC, cHighlight ? 4.5 : 3);
  box(fY, 'f', t('draw.decoder.update'));
  box(gY, 'g', t('draw.decoder.output'));
  // f → s_t, and s_t → g
  label(
    t('draw.decoder.nextQuestion', { state: `s${sub(step)}` }),
    outX,
    yS - 22,
    theme.symS,
    12,
    700,
    diagramW - outX,
  );
  drawStrip(ctx, data.s, outX, yS - 11, outW, 22, { limit, neutral, outline: theme.grid });
  arrow(ctx, boxX + boxW + 2, fY, outX - 2, yS, { color: theme.symS, width: 2, head: 8 });
  arrow(ctx, boxX + boxW / 2, fY + boxH / 2 + 14, boxX + boxW / 2, gY - boxH / 2 - 2, {
    color: theme.symS,
    width: 2,
    head: 8,
  });
  // g → p(y_t)
  ctx.font = font(12, { weight: 700 });
  const pText = `p(y${sub(step)})`;
  if (stacked) {
    arrow(ctx, boxX + boxW + 2, gY, outX + 30, gY, { color: theme.ink, width: 2, head: 8 });
    label(fitText(ctx, `${pText} ↓`, outW - 36), outX + 36, gY, theme.ink);
  } else {
    arrow(ctx, boxX + boxW + 2, gY, diagramW + 18, gY, { color: theme.ink, width: 2, head: 8 });
    label(pText, outX + 4, gY - 14, theme.ink);
    // loop note
    ctx.font = font(11);
    ctx.fillStyle = theme.muted;
    ctx.fillText(
      fitText(ctx, t('draw.decoder.loop', { state: `s${sub(step)}`, next: step + 1 }), outW),
      outX,
      yS + 26,
    );
  }

  // Top-k next words
  label(t('draw.decoder.likely', { word: `y${sub(step)}` }), barsX, barsTop + 8, theme.ink);
  ctx.font = font(13, { weight: 600 });
  let wordW = 0;
  for (const w of data.topWords) wordW = Math.max(wordW, ctx.measureText(w).width);
  const wordCol = Math.min(Math.ceil(wordW) + 12, barsW * 0.4);
  const barMax = barsW - wordCol - 48;
  data.topWords.forEach((w, k) => {
    const y = barsTop + 24 + k * barRow + barRow / 2;
    const p = data.topProbs[k];
    const chosen = w === data.word;
    ctx.font = font(13, { weight: chosen ? 700 : 400 });
    ctx.fillStyle = theme.ink;
    ctx.textAlign = 'right';
    ctx.fillText(fitText(ctx, w, wordCol - 8), barsX + wordCol - 8, y);
    ctx.fillStyle = viridis(p);
    roundRect(ctx, barsX + wordCol, y - 8, Math.max(2, p * barMax), 16, 3);
    ctx.fill();
    if (chosen) {
      ctx.strokeStyle = theme.ink;
      ctx.lineWidth = 2;
      ctx.stroke();
    }
    ctx.textAlign = 'left';
    ctx.fillStyle = theme.ink;
    ctx.fillText(formatNumber(p, 2), barsX + wordCol + Math.max(2, p * barMax) + 6, y);
  });
  return { width, height };
}
