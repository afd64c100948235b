// Panel 2: the decoder's question s_{t−1} — its numbers as a strip, and where it sits among the
// questions of the other steps (a 2-D linear projection of every s_{t−1} of the sentence).
import { prepareCanvas, font, fitText } from '../lib/canvas.js';
import { placeLabels, candidatesAround } from '../lib/labels.js';
import { drawStrip, maxAbs } from './strip.js';
import { sub } from './vectors.js';
import { t } from '../lib/i18n.js';

/**
 * @param data {{ state: ArrayLike<number> (s_{t−1}), step: number (t, 1-based),
 *   trajectory: number[][] (projected s_0..s_{S−1}), saidWords: string[] (y_0..y_{S−1}),
 *   highlight?: string|null }}
 */
export function drawQuestion(canvas, data, { width, theme }) {
  const stripTop = 26;
  const stripH = 26;
  const plotTop = stripTop + stripH + 34;
  const plotH = Math.round(Math.max(170, Math.min(260, width * 0.45)));
  const height = plotTop + plotH;
  const ctx = prepareCanvas(canvas, width, height);
  const colour = theme.symS;
  const step = data.step;

  ctx.font = font(13, { weight: 700 });
  ctx.fillStyle = colour;
  ctx.textAlign = 'left';
  const name = `s${sub(step - 1)}`;
  ctx.fillText(name, 0, 12);
  ctx.font = font(12);
  ctx.fillStyle = theme.muted;
  const nameW = ctx.measureText(name).width + 8;
  ctx.fillText(
    fitText(
      ctx,
      t('draw.question.numbers', { count: data.state.length, word: data.saidWords[step - 1] }),
      width - nameW - 14,
    ),
    nameW + 6,
    12,
  );
  drawStrip(ctx, data.state, 0, stripTop, width, stripH, {
    limit: maxAbs(data.state),
    neutral: theme.neutral,
    outline: data.highlight === 's' ? colour : theme.grid,
  });

  // Trajectory of the question across the sentence.
  ctx.font = font(12);
  ctx.fillStyle = theme.muted;
  ctx.fillText(t('draw.question.path'), 0, plotTop - 14);
  const pts = data.trajectory;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [x, y] of pts) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const pad = 26;
  const spanX = Math.max(maxX - minX, 1e-6);
  const spanY = Math.max(maxY - minY, 1e-6);
  const scale = Math.min((width - 2 * pad) / spanX, (plotH - 2 * pad) / spanY);
  const toX = (x) => (width - spanX * scale) / 2 + (x - minX) * scale;
  const toY = (y) => plotTop + (plotH + spanY * scale) / 2 - (y - minY) * scale;
  ctx.strokeStyle = theme.grid;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  pts.forEach(([x, y], k) => (k ? ctx.lineTo(toX(x), toY(y)) : ctx.moveTo(toX(x), toY(y))));
  ctx.stroke();
  const labels = [];
  const obstacles = [];
  pts.forEach(([x, y], k) => {
    const current = k === step - 1;
    const r = current ? 7 : 4;
    ctx.fillStyle = current ? colour : k < step - 1 ? theme.muted : theme.grid;
    ctx.beginPath();
    ctx.arc(toX(x), toY(y), r, 0, 2 * Math.PI);
    ctx.fill();
    obstacles.push({ x: toX(x) - r, y: toY(y) - r, w: 2 * r, h: 2 * r });
  });
  // The current question's label first, so it always wins a spot.
  const order = [step - 1, ...pts.keys()].filter((k, i, a) => a.indexOf(k) === i);
  for (const k of order) {
    const current = k === step - 1;
    ctx.font = font(current ? 13 : 11, { weight: current ? 700 : 400 });
    const text = current
      ? t('draw.stateAfter', { state: `s${sub(k)}`, word: data.saidWords[k] })
      : data.saidWords[k];
    const w = ctx.measureText(text).width + 4;
    labels.push({
      id: k,
      text,
      w,
      h: current ? 18 : 15,
      current,
      candidates: candidatesAround(toX(pts[k][0]), toY(pts[k][1]), w, current ? 18 : 15, 1, -1, 6),
    });
  }
  const placed = placeLabels(labels, obstacles, { x: 0, y: plotTop, w: width, h: plotH });
  for (const label of labels) {
    const box = placed.get(label.id);
    if (!box) continue;
    ctx.font = font(label.current ? 13 : 11, { weight: label.current ? 700 : 400 });
    ctx.fillStyle = label.current ? colour : theme.muted;
    ctx.fillText(label.text, box.x + 2, box.y + box.h / 2);
  }
  return { width, height, labels: [...placed.values()] };
}
