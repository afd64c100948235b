// BLEU by source-sentence length, one group of bars per length bucket (Step 0).
import { prepareCanvas, font, fitText, roundRect } from '../lib/canvas.js';
import { niceTicks } from './anatomy.js';
import { t, formatNumber } from '../lib/i18n.js';

/**
 * @param data {{ buckets: string[], counts?: number[], series: { name: string, values: number[], colour: string }[] }}
 */
export function drawBleuChart(canvas, data, { width, theme }) {
  const height = Math.round(Math.max(220, Math.min(320, width * 0.45)));
  const ctx = prepareCanvas(canvas, width, height);
  const left = 40;
  const top = 34;
  const bottom = data.counts ? 54 : 40;
  const plotW = width - left - 8;
  const plotH = height - top - bottom;
  let max = 0;
  for (const s of data.series)
    for (const v of s.values) if (Number.isFinite(v)) max = Math.max(max, v);
  const ticks = niceTicks(0, Math.max(max * 1.08, 1), 4);
  // The axis must reach past the tallest bar.
  while (ticks[ticks.length - 1] < max * 1.08)
    ticks.push(ticks[ticks.length - 1] + (ticks[1] - ticks[0] || 1));
  const top1 = ticks[ticks.length - 1];
  const toY = (v) => top + plotH - (v / top1) * plotH;

  ctx.font = font(11);
  ctx.textAlign = 'right';
  for (const v of ticks) {
    ctx.strokeStyle = theme.faint;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(left, toY(v));
    ctx.lineTo(width - 8, toY(v));
    ctx.stroke();
    ctx.fillStyle = theme.muted;
    ctx.fillText(String(v), left - 6, toY(v));
  }
  // Legend, top left.
  let lx = left;
  ctx.textAlign = 'left';
  ctx.font = font(12, { weight: 600 });
  for (const s of data.series) {
    ctx.fillStyle = s.colour;
    roundRect(ctx, lx, 8, 12, 12, 3);
    ctx.fill();
    ctx.fillStyle = theme.ink;
    ctx.fillText(s.name, lx + 17, 14);
    lx += ctx.measureText(s.name).width + 40;
  }
  const groupW = plotW / data.buckets.length;
  const n = data.series.length;
  const barW = Math.min(52, (groupW * 0.74) / n);
  data.buckets.forEach((bucket, b) => {
    const gx = left + b * groupW + (groupW - barW * n) / 2;
    data.series.forEach((s, k) => {
      const v = s.values[b];
      if (!Number.isFinite(v)) return;
      const x = gx + k * barW;
      ctx.fillStyle = s.colour;
      roundRect(ctx, x + 1, toY(v), barW - 2, Math.max(1, toY(0) - toY(v)), 3);
      ctx.fill();
      if (barW >= 22) {
        ctx.font = font(10, { weight: 600 });
        ctx.fillStyle = theme.ink;
        ctx.textAlign = 'center';
        ctx.fillText(formatNumber(v, 1), x + barW / 2, toY(v) - 8);
      }
    });
    ctx.font = font(12);
    ctx.fillStyle = theme.muted;
    ctx.textAlign = 'center';
    ctx.fillText(fitText(ctx, bucket, groupW - 4), left + (b + 0.5) * groupW, height - bottom + 14);
    if (data.counts?.[b]) {
      ctx.font = font(10);
      ctx.fillText(
        fitText(ctx, t('draw.bleu.sentences', { count: data.counts[b] }), groupW - 4),
        left + (b + 0.5) * groupW,
        height - bottom + 28,
      );
    }
  });
  ctx.fillText(t('draw.bleu.axis'), left + plotW / 2, height - 10);
  ctx.save();
  ctx.translate(11, top + plotH / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText('BLEU', 0, 0);
  ctx.restore();
  return { width, height };
}
