// Panel 4: softmax written out — each score e_ti, exp(e_ti/τ − max) (shifted so nothing
// overflows; the shift cancels in the division), their sum, and the weights α_ti as bars.
import { prepareCanvas, font, fitText, roundRect } from '../lib/canvas.js';
import { viridis } from './palette.js';
import { argmax, drawWordRow } from './word-row.js';
import { t, formatNumber, formatSigned } from '../lib/i18n.js';

/**
 * @param data {{ words: string[], scores: number[], expShifted: number[], expSum: number,
 *   alpha: number[], temperature: number, highlight?: string|null }}
 */
export function drawSoftmax(canvas, data, { width, theme }) {
  const T = data.words.length;
  const rowH = 26;
  const headH = 28;
  const footH = 58;
  const height = headH + T * rowH + footH;
  const ctx = prepareCanvas(canvas, width, height);
  const measure = ctx;
  measure.font = font(13, { weight: 600 });
  let wordW = 0;
  for (const w of data.words) wordW = Math.max(wordW, measure.measureText(w).width);
  const labelW = Math.min(Math.ceil(wordW) + 10, width * 0.24);
  const eW = 56;
  const rest = width - labelW - eW;
  const expW = Math.round(rest * 0.4);
  const alphaW = rest - expW;
  const xE = labelW + eW; // right edge of the e column
  const xExp = xE + 10;
  const xAlpha = labelW + eW + expW + 6;
  const tau = data.temperature;
  const expHead = Math.abs(tau - 1) < 1e-6 ? 'exp(e − max)' : 'exp(e/τ − max)';

  ctx.font = font(12, { weight: 600 });
  ctx.fillStyle = theme.muted;
  ctx.textAlign = 'right';
  ctx.fillText('e', xE, headH / 2);
  ctx.textAlign = 'left';
  ctx.fillText(fitText(ctx, expHead, expW - 12), xExp, headH / 2);
  ctx.fillText(t('draw.softmax.alpha'), xAlpha, headH / 2);

  const best = argmax(data.alpha);
  const emphasiseAlpha = data.highlight === 'alpha';
  for (let i = 0; i < T; i++) {
    const y = headH + i * rowH;
    const mid = y + rowH / 2;
    drawWordRow(ctx, {
      i,
      y,
      rowH,
      width,
      word: data.words[i],
      labelW: labelW - 8,
      heaviest: i === best,
      theme,
    });
    ctx.font = font(13, { weight: 600 });
    ctx.fillStyle = theme.symE;
    ctx.textAlign = 'right';
    ctx.fillText(formatSigned(data.scores[i], 2), xE, mid);
    // exp bar (values in (0, 1] after the shift)
    const ex = data.expShifted[i];
    const barMax = expW - 62;
    ctx.fillStyle = theme.grid;
    ctx.fillRect(xExp, mid - 5, Math.max(1, ex * barMax), 10);
    ctx.fillStyle = theme.ink;
    ctx.font = font(12);
    ctx.textAlign = 'left';
    ctx.fillText(formatNumber(ex, 3), xExp + Math.max(1, ex * barMax) + 5, mid);
    // α bar
    const a = data.alpha[i];
    const aMax = alphaW - 52;
    ctx.fillStyle = viridis(a);
    roundRect(ctx, xAlpha, mid - 8, Math.max(2, a * aMax), 16, 3);
    ctx.fill();
    if (emphasiseAlpha) {
      ctx.strokeStyle = theme.ink;
      ctx.lineWidth = 1.5;
      ctx.stroke();
    }
    ctx.fillStyle = theme.ink;
    ctx.font = font(13, { weight: i === best ? 700 : 400 });
    ctx.fillText(formatNumber(a, 2), xAlpha + Math.max(2, a * aMax) + 6, mid);
  }

  const sumY = headH + T * rowH + 18;
  let alphaSum = 0;
  for (let i = 0; i < T; i++) alphaSum += data.alpha[i];
  ctx.strokeStyle = theme.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, headH + T * rowH + 3);
  ctx.lineTo(width, headH + T * rowH + 3);
  ctx.stroke();
  ctx.font = font(13, { weight: 700 });
  ctx.fillStyle = theme.ink;
  ctx.textAlign = 'left';
  ctx.fillText(
    fitText(ctx, t('draw.softmax.sum', { value: formatNumber(data.expSum, 3) }), expW - 4),
    xExp,
    sumY,
  );
  ctx.fillText(`Σ α = ${formatNumber(alphaSum, 3)}`, xAlpha, sumY);
  ctx.font = font(12);
  ctx.fillStyle = theme.muted;
  ctx.fillText(fitText(ctx, t('draw.softmax.explain'), width), 0, sumY + 22);
  return { width, height, best };
}
