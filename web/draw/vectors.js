// Encoder states h_i as arrows in a 2-D linear projection (panel 1), and the context
// c_t = Σ α_ti h_i built from the same arrows scaled by α and laid tip to tail (panel 5).
// Both use the same frame, so an arrow has the same length and direction in the two pictures.
import { prepareCanvas, font, arrow, drawSymbol } from '../lib/canvas.js';
import { placeLabels, candidatesAround } from '../lib/labels.js';
import { wordColour } from './palette.js';
import { formatNumber } from '../lib/i18n.js';

const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';
export const sub = (n) => String(n).replace(/\d/g, (d) => SUBSCRIPT[d]);

/** Equal-scale frame containing the origin and every point. */
function frame(points, width, height, pad) {
  let minX = 0;
  let maxX = 0;
  let minY = 0;
  let maxY = 0;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const spanX = Math.max(maxX - minX, 1e-6);
  const spanY = Math.max(maxY - minY, 1e-6);
  const scale = Math.min((width - 2 * pad) / spanX, (height - 2 * pad) / spanY);
  const offsetX = (width - spanX * scale) / 2 - minX * scale;
  const offsetY = (height - spanY * scale) / 2 + maxY * scale;
  return { toX: (x) => offsetX + x * scale, toY: (y) => offsetY - y * scale, scale };
}

export function plotHeight(width) {
  return Math.round(Math.max(220, Math.min(380, width * 0.68)));
}

function drawAxes(ctx, f, width, height, theme) {
  ctx.strokeStyle = theme.grid;
  ctx.lineWidth = 1;
  ctx.setLineDash([3, 4]);
  ctx.beginPath();
  ctx.moveTo(0, f.toY(0));
  ctx.lineTo(width, f.toY(0));
  ctx.moveTo(f.toX(0), 0);
  ctx.lineTo(f.toX(0), height);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = theme.muted;
  ctx.beginPath();
  ctx.arc(f.toX(0), f.toY(0), 3, 0, 2 * Math.PI);
  ctx.fill();
}

/** Small boxes along a segment, so labels keep off the drawn arrows. */
function segmentObstacles(x0, y0, x1, y1, size = 6) {
  const length = Math.hypot(x1 - x0, y1 - y0);
  const n = Math.max(1, Math.ceil(length / 10));
  const out = [];
  for (let k = 0; k <= n; k++) {
    const x = x0 + ((x1 - x0) * k) / n;
    const y = y0 + ((y1 - y0) * k) / n;
    out.push({ x: x - size / 2, y: y - size / 2, w: size, h: size });
  }
  return out;
}

function labelBoxes(ctx, items, f, bounds, obstacles = []) {
  const labels = items.map((item) => {
    const w = ctx.measureText(item.text).width + 4;
    const h = 16;
    const dx = item.x - f.toX(0);
    const dy = item.y - f.toY(0);
    return {
      id: item.id,
      w,
      h,
      candidates: candidatesAround(item.x, item.y, w, h, dx || 1, dy, 5),
    };
  });
  return placeLabels(labels, obstacles, bounds);
}

/**
 * Panel 1. @param data {{ points: number[][], words: string[], highlight?: string|null,
 *   focus?: number[] | null }} — `focus` (optional) gives each word's α to fade the others.
 */
export function drawEncoderStates(canvas, data, { width, theme }) {
  const height = plotHeight(width);
  const ctx = prepareCanvas(canvas, width, height);
  const f = frame(data.points, width, height, 34);
  drawAxes(ctx, f, width, height, theme);
  const emphasise = data.highlight === 'h';
  const tips = [];
  data.points.forEach(([x, y], i) => {
    const colour = wordColour(i, theme.dark);
    arrow(ctx, f.toX(0), f.toY(0), f.toX(x), f.toY(y), {
      color: colour,
      width: emphasise ? 4 : 2.5,
      head: 10,
    });
    tips.push({ id: i, x: f.toX(x), y: f.toY(y), text: `h${sub(i + 1)} ${data.words[i]}` });
  });
  ctx.font = font(13, { weight: 600 });
  const arrows = tips.flatMap((tip) => segmentObstacles(f.toX(0), f.toY(0), tip.x, tip.y, 4));
  const placed = labelBoxes(ctx, tips, f, { x: 0, y: 0, w: width, h: height }, arrows);
  ctx.textAlign = 'left';
  for (const tip of tips) {
    const box = placed.get(tip.id);
    if (!box) continue;
    ctx.fillStyle = wordColour(tip.id, theme.dark);
    ctx.fillText(tip.text, box.x + 2, box.y + box.h / 2);
  }
  return { width, height, labelled: placed.size, labels: [...placed.values()] };
}

/**
 * Panel 5 and the worked example. @param data {{ points, words, alpha: number[],
 *   context?: number[] (the model's own c_t, projected), highlight?, contextLabel?: string }}
 */
export function drawContextSum(canvas, data, { width, theme, height: fixedHeight }) {
  const height = fixedHeight ?? plotHeight(width);
  const ctx = prepareCanvas(canvas, width, height);
  const f = frame(data.points, width, height, 34);
  drawAxes(ctx, f, width, height, theme);
  const highlight = data.highlight;
  // The full arrows, faint: what the blend draws from.
  ctx.globalAlpha = 0.22;
  data.points.forEach(([x, y], i) => {
    arrow(ctx, f.toX(0), f.toY(0), f.toX(x), f.toY(y), {
      color: wordColour(i, theme.dark),
      width: 2,
      head: 8,
    });
  });
  ctx.globalAlpha = 1;
  // α_i h_i tip to tail, in sentence order.
  let cx = 0;
  let cy = 0;
  const segments = [];
  const lines = [];
  data.points.forEach(([x, y], i) => {
    const a = data.alpha[i];
    const nx = cx + a * x;
    const ny = cy + a * y;
    const [x0, y0, x1, y1] = [f.toX(cx), f.toY(cy), f.toX(nx), f.toY(ny)];
    arrow(ctx, x0, y0, x1, y1, {
      color: wordColour(i, theme.dark),
      width: highlight === 'alpha' || highlight === 'h' ? 4 : 3,
      head: 9,
    });
    lines.push(...segmentObstacles(x0, y0, x1, y1, 4));
    if (a >= 0.05) {
      // Label beside the segment (perpendicular to it), never on it.
      segments.push({
        id: i,
        x: (x0 + x1) / 2,
        y: (y0 + y1) / 2,
        dx: -(y1 - y0),
        dy: x1 - x0,
        text: `${formatNumber(a, 2)} h${sub(i + 1)}`,
      });
    }
    cx = nx;
    cy = ny;
  });
  // The result, from the origin to the end of the chain.
  const cColour = theme.symC;
  const [ex, ey] = [f.toX(cx), f.toY(cy)];
  arrow(ctx, f.toX(0), f.toY(0), ex, ey, {
    color: cColour,
    width: highlight === 'c' ? 6 : 4,
    head: 12,
  });
  lines.push(...segmentObstacles(f.toX(0), f.toY(0), ex, ey, 4));
  if (data.context) {
    // The model's own c_t, projected: it lands on the end of the chain (linearity).
    ctx.strokeStyle = theme.ink;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(f.toX(data.context[0]), f.toY(data.context[1]), 7, 0, 2 * Math.PI);
    ctx.stroke();
  }
  const bounds = { x: 0, y: 0, w: width, h: height };
  const [cMain, cSub = ''] = (data.contextLabel ?? 'c_t').split('_');
  const cw = drawSymbol(ctx, cMain, cSub, -1000, -1000, { size: 16, colour: cColour }) + 6;
  const cPlaced = placeLabels(
    [
      {
        id: 'c',
        w: cw,
        h: 20,
        candidates: candidatesAround(ex, ey, cw, 20, ex - f.toX(0) || 1, ey - f.toY(0), 10),
      },
    ],
    lines,
    bounds,
  );
  const cBox = cPlaced.get('c');
  if (cBox)
    drawSymbol(ctx, cMain, cSub, cBox.x + 3, cBox.y + 9, {
      size: 16,
      colour: cColour,
      weight: 700,
    });
  ctx.font = font(12, { weight: 600 });
  const labels = segments.map((s) => {
    const w = ctx.measureText(s.text).width + 4;
    return {
      id: s.id,
      w,
      h: 16,
      candidates: [
        ...candidatesAround(s.x, s.y, w, 16, s.dx, s.dy, 4),
        ...candidatesAround(s.x, s.y, w, 16, -s.dx, -s.dy, 4),
      ],
    };
  });
  const placed = placeLabels(labels, [...lines, ...cPlaced.values()], bounds);
  ctx.textAlign = 'left';
  for (const segment of segments) {
    const box = placed.get(segment.id);
    if (!box) continue;
    ctx.fillStyle = wordColour(segment.id, theme.dark);
    ctx.fillText(segment.text, box.x + 2, box.y + box.h / 2);
  }
  return { width, height, end: [cx, cy], labels: [...placed.values(), ...cPlaced.values()] };
}
