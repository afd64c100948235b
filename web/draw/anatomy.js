// Panel 3: the anatomy of the additive score e_ti = v_aᵀ tanh(W_a s_{t−1} + U_a h_i), one row per
// source word, on the model's real numbers, ending in the scores as dots on a number line.
import { prepareCanvas, font, fitText } from '../lib/canvas.js';
import { placeLabels } from '../lib/labels.js';
import { drawStrip, maxAbs } from './strip.js';
import { wordColour } from './palette.js';
import { t, formatSigned } from '../lib/i18n.js';

/**
 * @param data {{ words: string[], question: ArrayLike (W_a s_{t−1}, d_a), keys: ArrayLike[]
 *   (U_a h_i), preTanh: ArrayLike[], bent: ArrayLike[], scores: number[], step: number,
 *   highlight?: string|null }}
 */
export function drawAnatomy(canvas, data, { width, theme }) {
  const T = data.words.length;
  const narrow = width < 600;
  const limit = maxAbs(data.question, ...data.keys, ...data.preTanh);
  const neutral = theme.neutral;
  const measure = canvas.getContext('2d');
  measure.font = font(13, { weight: 600 });
  let wordW = 0;
  for (const w of data.words) wordW = Math.max(wordW, measure.measureText(w).width);
  const labelW = narrow ? 52 : Math.max(96, Math.min(Math.ceil(wordW) + 12, 130));
  const scoreW = narrow ? 0 : 58;
  const opW = narrow ? 0 : 30;
  const stripsW = width - labelW - scoreW - (narrow ? 0 : 2 * opW);
  const rowH = narrow ? 18 + 3 * 15 : 18;
  const rowGap = narrow ? 12 : 7;
  const headerH = narrow ? 44 : 60;
  const lineTop = headerH + T * (rowH + rowGap) + 16;
  const lineH = 110;
  const height = lineTop + lineH;
  const ctx = prepareCanvas(canvas, width, height);
  ctx.textAlign = 'left';

  // W_a s_{t−1}: the question, moved into the shared d_a space. One strip, reused for every row.
  const stripW = narrow ? width - labelW : stripsW / 3;
  const colX = narrow
    ? [labelW, labelW, labelW]
    : [labelW, labelW + stripW + opW, labelW + 2 * (stripW + opW)];
  ctx.font = font(12, { weight: 700 });
  ctx.fillStyle = theme.symS;
  ctx.fillText(narrow ? 'Wₐs' : `Wₐ s₍ₜ₋₁₎ (${data.question.length})`, 0, 10);
  drawStrip(ctx, data.question, colX[0], 2, stripW, 16, {
    limit,
    neutral,
    outline: data.highlight === 's' ? theme.symS : theme.grid,
  });
  if (!narrow) {
    ctx.font = font(11);
    ctx.fillStyle = theme.muted;
    ctx.fillText(fitText(ctx, t('draw.anatomy.question'), stripW * 2), colX[1], 10);
  }

  // Column headers.
  ctx.font = font(12, { weight: 600 });
  ctx.fillStyle = theme.muted;
  const headerY = headerH - 12;
  if (narrow) {
    ctx.fillText(fitText(ctx, t('draw.anatomy.perWord'), width - 70), 0, headerY);
  } else {
    const heads = [t('draw.anatomy.word'), t('draw.anatomy.sum'), t('draw.anatomy.tanh')];
    heads.forEach((h, k) => ctx.fillText(fitText(ctx, h, stripW + opW - 4), colX[k], headerY));
  }
  ctx.textAlign = 'right';
  ctx.fillText('vₐᵀ· → e', width, headerY);
  ctx.textAlign = 'left';

  const rows = [];
  for (let i = 0; i < T; i++) {
    const y = headerH + i * (rowH + rowGap);
    const colour = wordColour(i, theme.dark);
    const textY = narrow ? y + 8 : y + rowH / 2;
    ctx.font = font(13, { weight: 600 });
    ctx.fillStyle = colour;
    ctx.fillText(fitText(ctx, data.words[i], narrow ? width - 70 : labelW - 8), 0, textY);
    const strips = [data.keys[i], data.preTanh[i], data.bent[i]];
    const limits = [limit, limit, 1];
    strips.forEach((values, k) => {
      const sy = narrow ? y + 18 + k * 15 : y;
      drawStrip(ctx, values, colX[k], sy, stripW, narrow ? 12 : rowH, {
        limit: limits[k],
        neutral,
        outline: null,
      });
      if (narrow) {
        ctx.font = font(10);
        ctx.fillStyle = theme.muted;
        ctx.fillText(['Uₐhᵢ', '+ Wₐs', 'tanh'][k], 0, sy + 6);
      } else if (k < 2) {
        ctx.font = font(15, { weight: 700 });
        ctx.fillStyle = theme.muted;
        ctx.textAlign = 'center';
        ctx.fillText(k === 0 ? '+' : '→', colX[k] + stripW + opW / 2, y + rowH / 2);
        ctx.textAlign = 'left';
      }
    });
    ctx.font = font(13, { weight: 700 });
    ctx.fillStyle = theme.symE;
    ctx.textAlign = 'right';
    ctx.fillText(formatSigned(data.scores[i], 2), width, textY);
    ctx.textAlign = 'left';
    rows.push(y);
  }

  // The scores as dots on a number line.
  const scores = Array.from(data.scores);
  let lo = Math.min(0, ...scores);
  let hi = Math.max(0, ...scores);
  if (hi - lo < 1e-6) hi = lo + 1;
  const margin = (hi - lo) * 0.06;
  lo -= margin;
  hi += margin;
  const x0 = 14;
  const x1 = width - 14;
  const toX = (v) => x0 + ((v - lo) / (hi - lo)) * (x1 - x0);
  const axisY = lineTop + 78;
  ctx.font = font(12, { weight: 700 });
  ctx.fillStyle = theme.symE;
  ctx.fillText(t('draw.anatomy.line', { step: data.step }), 0, lineTop + 4);
  ctx.strokeStyle = data.highlight === 'e' ? theme.symE : theme.muted;
  ctx.lineWidth = data.highlight === 'e' ? 2.5 : 1.2;
  ctx.beginPath();
  ctx.moveTo(x0, axisY);
  ctx.lineTo(x1, axisY);
  ctx.stroke();
  // Ticks: 0 and the ends.
  ctx.font = font(11);
  ctx.fillStyle = theme.muted;
  ctx.textAlign = 'center';
  const ticks = niceTicks(lo, hi, Math.max(2, Math.floor(width / 90)));
  for (const v of ticks) {
    ctx.beginPath();
    ctx.moveTo(toX(v), axisY - 3);
    ctx.lineTo(toX(v), axisY + 3);
    ctx.stroke();
    ctx.fillText(formatSigned(v, tickDigits(ticks)), toX(v), axisY + 14);
  }
  // Dots, then labels above them without overlaps. Words whose dots (nearly) coincide share one
  // label, so no word silently loses its name.
  const dotR = 6;
  const order = scores.map((s, i) => i).sort((a, b) => scores[b] - scores[a]);
  const groups = [];
  for (const i of order) {
    const last = groups[groups.length - 1];
    if (last && Math.abs(toX(scores[last[0]]) - toX(scores[i])) < 2 * dotR) last.push(i);
    else groups.push([i]);
  }
  ctx.font = font(12, { weight: 600 });
  const labels = groups.map((members, g) => {
    const text = fitText(ctx, members.map((i) => data.words[i]).join(', '), width / 2);
    const w = ctx.measureText(text).width + 4;
    const cx = toX(scores[members[0]]);
    return {
      id: g,
      text,
      colour: members.length === 1 ? wordColour(members[0], theme.dark) : theme.ink,
      w,
      h: 15,
      candidates: [0, 1, 2, 3].flatMap((level) => [
        { x: cx - w / 2, y: axisY - dotR - 17 - level * 15 },
        { x: cx + 4, y: axisY - dotR - 17 - level * 15 },
        { x: cx - w - 4, y: axisY - dotR - 17 - level * 15 },
      ]),
    };
  });
  const placed = placeLabels(labels, [], {
    x: 0,
    y: lineTop + 10,
    w: width,
    h: axisY - lineTop - 10 - dotR,
  });
  for (const i of order.slice().reverse()) {
    ctx.fillStyle = wordColour(i, theme.dark);
    ctx.strokeStyle = theme.card;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(toX(scores[i]), axisY, dotR, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }
  ctx.textAlign = 'left';
  for (const label of labels) {
    const box = placed.get(label.id);
    if (!box) continue;
    ctx.font = font(12, { weight: 600 });
    ctx.fillStyle = label.colour;
    ctx.fillText(label.text, box.x + 2, box.y + box.h / 2);
  }
  return { width, height, rows, labels: [...placed.values()] };
}

/** Enough decimals to tell neighbouring ticks apart (0.05 → 2, 0.5 → 1, 2 → 0). */
export function tickDigits(ticks) {
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) : 1;
  return Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
}

/** About `count` round tick values covering [lo, hi]. */
export function niceTicks(lo, hi, count) {
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step)
    out.push(Number((Math.round(v / step) * step).toPrecision(12)));
  return out;
}
