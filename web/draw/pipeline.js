// The one-picture summary as a ring: s_{t−1} → e_ti → α_ti → c_t → (y_t, s_t) → back to the
// question, for one step of the current sentence. The French words sit in the middle, tinted by
// their weight α_ti. `phase` (0..1, or null when motion is reduced) places a pulse on the ring.
import { prepareCanvas, font, fitText, arrow, roundRect, drawSymbol } from '../lib/canvas.js';
import { viridis, inkOnViridis } from './palette.js';
import { t } from '../lib/i18n.js';

const TURN = 2 * Math.PI;
const START = -Math.PI / 2; // the question sits at the top

export function pipelineHeight(width) {
  return Math.round(Math.max(320, Math.min(470, width * 0.92)));
}

/**
 * @param data {{ step: number, steps: number, words: string[], prevWord: string, word: string,
 *   scores: number[], alpha: number[], contextDirection: number[] (2-D), phase: number|null,
 *   highlight?: string|null }}
 */
export function drawPipeline(canvas, data, { width, theme }) {
  const height = pipelineHeight(width);
  const ctx = prepareCanvas(canvas, width, height);
  const nodeW = Math.max(78, Math.min(112, width * 0.22));
  const nodeH = Math.round(nodeW * 0.66);
  const cx = width / 2;
  const cy = height / 2;
  const R = Math.min(width / 2 - nodeW / 2 - 6, height / 2 - nodeH / 2 - 6);
  const angleOf = (k) => START + (k * TURN) / 5;
  const nodes = [0, 1, 2, 3, 4].map((k) => ({
    x: cx + R * Math.cos(angleOf(k)) - nodeW / 2,
    y: cy + R * Math.sin(angleOf(k)) - nodeH / 2,
    w: nodeW,
    h: nodeH,
  }));
  const symbols = ['s', 'e', 'alpha', 'c', 'y'];
  const colours = [theme.symS, theme.symE, theme.ink, theme.symC, theme.ink];
  const captions = ['question', 'scores', 'weights', 'context', 'output'].map((name) =>
    t(`draw.pipeline.${name}`),
  );
  const phase = data.phase;
  const active = phase == null ? -1 : Math.floor(phase * 5) % 5;
  const last = data.step >= data.steps;

  // Arcs between neighbours along the ring; the fifth one closes the loop.
  const gapAngle = (nodeW * 0.62) / R;
  for (let k = 0; k < 5; k++) {
    const a0 = angleOf(k) + gapAngle;
    const a1 = angleOf(k + 1) - gapAngle;
    const loop = k === 4;
    ctx.strokeStyle = loop ? theme.symS : theme.muted;
    ctx.lineWidth = loop ? 2 : 1.6;
    ctx.setLineDash(loop ? [6, 5] : []);
    ctx.beginPath();
    ctx.arc(cx, cy, R, a0, a1 - 0.04);
    ctx.stroke();
    ctx.setLineDash([]);
    const ex = cx + R * Math.cos(a1);
    const ey = cy + R * Math.sin(a1);
    const tx = -Math.sin(a1);
    const ty = Math.cos(a1);
    arrow(ctx, ex - tx * 10, ey - ty * 10, ex, ey, {
      color: loop ? theme.symS : theme.muted,
      width: loop ? 2 : 1.6,
      head: 8,
    });
  }

  // The shelf of h_i in the middle, each word tinted by its weight at this step.
  drawShelf(ctx, data, theme, cx, cy, Math.max(40, R - nodeW * 0.62));

  nodes.forEach((n, k) => {
    const on = active === k || data.highlight === symbols[k];
    ctx.fillStyle = theme.card;
    ctx.strokeStyle = on ? colours[k] : theme.grid;
    ctx.lineWidth = on ? 3 : 1.5;
    roundRect(ctx, n.x, n.y, n.w, n.h, 10);
    ctx.fill();
    ctx.stroke();
    ctx.font = font(10, { weight: 600 });
    ctx.fillStyle = theme.muted;
    ctx.textAlign = 'center';
    ctx.fillText(fitText(ctx, captions[k].toUpperCase(), n.w - 8), n.x + n.w / 2, n.y + 10);
  });
  drawNodeContents(ctx, nodes, data, theme);

  // The loop's label, just outside the dashed arc.
  const loopAngle = angleOf(4.5);
  ctx.font = font(11);
  ctx.fillStyle = theme.symS;
  ctx.textAlign = 'center';
  const lx = cx + (R + 0) * Math.cos(loopAngle);
  const ly = cy + (R + 0) * Math.sin(loopAngle);
  const loopText = last ? t('draw.pipeline.end') : `t → ${data.step + 1}`;
  const lw = ctx.measureText(loopText).width + 8;
  ctx.fillStyle = theme.card;
  ctx.fillRect(lx - lw / 2, ly - 8, lw, 16);
  ctx.fillStyle = theme.symS;
  ctx.fillText(loopText, lx, ly);

  if (phase != null) {
    const a = START + phase * TURN;
    const px = cx + R * Math.cos(a);
    const py = cy + R * Math.sin(a);
    const glow = ctx.createRadialGradient(px, py, 0, px, py, 13);
    glow.addColorStop(0, theme.accent);
    glow.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.fillStyle = glow;
    ctx.beginPath();
    ctx.arc(px, py, 13, 0, TURN);
    ctx.fill();
  }
  return { width, height, active, nodes };
}

function drawShelf(ctx, data, theme, cx, cy, radius) {
  const T = data.words.length;
  const maxW = radius * 1.6;
  const size = T > 12 ? 10 : 12;
  ctx.font = font(size, { weight: 600 });
  const chipH = size + 8;
  // Wrap the words into centred rows that fit the inner circle.
  const widths = data.words.map((w) => Math.min(maxW * 0.5, ctx.measureText(w).width + 10));
  const rows = [];
  let current = [];
  let used = 0;
  widths.forEach((w, i) => {
    if (current.length && used + w + 4 > maxW) {
      rows.push(current);
      current = [];
      used = 0;
    }
    current.push(i);
    used += w + 4;
  });
  if (current.length) rows.push(current);
  const maxRows = Math.floor((radius * 1.5) / (chipH + 4));
  let total = rows.length * (chipH + 4);
  if (rows.length > maxRows) {
    // Too many words to write: one viridis dot per word instead.
    const per = Math.ceil(Math.sqrt(T));
    const step = Math.min(14, (radius * 1.3) / per);
    total = Math.ceil(T / per) * step;
    for (let i = 0; i < T; i++) {
      const x = cx + ((i % per) - (per - 1) / 2) * step;
      const y = cy + (Math.floor(i / per) - (Math.ceil(T / per) - 1) / 2) * step;
      ctx.fillStyle = viridis(data.alpha[i] ?? 0);
      ctx.beginPath();
      ctx.arc(x, y, step * 0.4, 0, TURN);
      ctx.fill();
    }
  } else {
    let y = cy - total / 2 + 2;
    for (const row of rows) {
      const rowW = row.reduce((s, i) => s + widths[i] + 4, -4);
      let x = cx - rowW / 2;
      for (const i of row) {
        const a = data.alpha[i] ?? 0;
        ctx.fillStyle = viridis(a);
        roundRect(ctx, x, y, widths[i], chipH, 5);
        ctx.fill();
        ctx.fillStyle = inkOnViridis(a);
        ctx.textAlign = 'center';
        ctx.font = font(size, { weight: 600 });
        ctx.fillText(fitText(ctx, data.words[i], widths[i] - 6), x + widths[i] / 2, y + chipH / 2);
        x += widths[i] + 4;
      }
      y += chipH + 4;
    }
  }
  ctx.font = font(10);
  ctx.fillStyle = theme.muted;
  ctx.textAlign = 'center';
  const captionY = cy + total / 2 + 10;
  ctx.fillText(t('draw.pipeline.tinted'), cx, captionY);
}

function drawNodeContents(ctx, nodes, data, theme) {
  const step = data.step;
  const [sNode, eNode, aNode, cNode, yNode] = nodes;
  const mid = (n) => n.x + n.w / 2;
  const body = (n) => n.y + 16 + (n.h - 16) / 2;

  drawSymbol(ctx, 's', String(step - 1), mid(sNode), body(sNode) - 6, {
    size: 20,
    colour: theme.symS,
    align: 'center',
  });
  ctx.font = font(10);
  ctx.fillStyle = theme.muted;
  ctx.textAlign = 'center';
  ctx.fillText(
    fitText(ctx, t('draw.after', { word: data.prevWord }), sNode.w - 8),
    mid(sNode),
    sNode.y + sNode.h - 10,
  );

  const T = data.words.length;
  const pad = 8;
  const bw = (eNode.w - 2 * pad) / Math.max(1, T);
  let maxAbs = 1e-6;
  for (const e of data.scores) maxAbs = Math.max(maxAbs, Math.abs(e));
  const zeroY = body(eNode);
  const half = (eNode.h - 22) / 2;
  for (let i = 0; i < T; i++) {
    const h = (data.scores[i] / maxAbs) * half;
    ctx.fillStyle = theme.symE;
    ctx.fillRect(
      eNode.x + pad + i * bw + bw * 0.15,
      Math.min(zeroY, zeroY - h),
      Math.max(1, bw * 0.7),
      Math.max(1, Math.abs(h)),
    );
  }
  ctx.strokeStyle = theme.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(eNode.x + pad, zeroY);
  ctx.lineTo(eNode.x + eNode.w - pad, zeroY);
  ctx.stroke();

  const base = aNode.y + aNode.h - 6;
  for (let i = 0; i < T; i++) {
    const a = data.alpha[i] ?? 0;
    const h = Math.max(1, a * (aNode.h - 24));
    ctx.fillStyle = viridis(a);
    ctx.fillRect(aNode.x + pad + i * bw + bw * 0.1, base - h, Math.max(1, bw * 0.8), h);
  }

  const [dx, dy] = data.contextDirection;
  const len = Math.hypot(dx, dy) || 1;
  const r = Math.min(cNode.w * 0.3, (cNode.h - 18) / 2);
  const ax = cNode.x + cNode.w * 0.38;
  const ay = body(cNode);
  arrow(
    ctx,
    ax - (dx / len) * r * 0.7,
    ay + (dy / len) * r * 0.7,
    ax + (dx / len) * r,
    ay - (dy / len) * r,
    {
      color: theme.symC,
      width: 3.5,
      head: 9,
    },
  );
  drawSymbol(ctx, 'c', String(step), cNode.x + cNode.w - 10, ay, {
    size: 18,
    colour: theme.symC,
    align: 'right',
  });

  ctx.font = font(15, { weight: 700 });
  ctx.fillStyle = theme.ink;
  ctx.textAlign = 'center';
  ctx.fillText(fitText(ctx, data.word, yNode.w - 10), mid(yNode), body(yNode) - 7);
  const w = drawSymbol(ctx, 's', String(step), -1000, -1000, { size: 14, colour: theme.symS });
  ctx.font = font(11);
  ctx.fillStyle = theme.symS;
  ctx.fillText('+', mid(yNode) - w / 2 - 6, yNode.y + yNode.h - 11);
  drawSymbol(ctx, 's', String(step), mid(yNode), yNode.y + yNode.h - 12, {
    size: 14,
    colour: theme.symS,
    align: 'center',
  });
}
