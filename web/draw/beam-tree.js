// The beam-search tree: one column per decoder step (left to right), one rounded box per
// hypothesis prefix the beam kept, an edge from each box to the prefix it extends. Fed plain
// data; returns where every box landed so the caller can put focusable elements on top.
//
// Layout: within a column, boxes are stacked in the depth-first order of the tree, children
// ordered by the rank of the final hypothesis they lead to (pruned branches last, likeliest
// first). Ordering every column by one depth-first walk means no two edges cross, and the best
// hypothesis, visited first, runs as a straight line along the top row.
import { prepareCanvas, font, fitText, roundRect } from '../lib/canvas.js';
import { formatSigned } from '../lib/i18n.js';

const PAD = 8;
const HEAD_H = 24;
const NODE_H = 36;
const ROW_GAP = 10;
const MIN_NODE_W = 58;
const MAX_NODE_W = 124;
const MIN_EDGE = 26;
const MAX_EDGE = 64;

/**
 * Display order of the nodes in each column (see the header).
 * @param nodes [{ parent, rank, logProb }] — rank: index of the best final hypothesis through
 *   the node, -1 when no final hypothesis goes through it (pruned)
 * @returns slot per node (its row within its column) and the number of rows used
 */
export function beamTreeSlots(nodes) {
  const children = nodes.map(() => []);
  const roots = [];
  nodes.forEach((node, k) => (node.parent >= 0 ? children[node.parent] : roots).push(k));
  const key = (k) => (nodes[k].rank < 0 ? Infinity : nodes[k].rank);
  const order = (list) =>
    list.sort((a, b) => key(a) - key(b) || nodes[b].logProb - nodes[a].logProb);
  const slots = new Array(nodes.length).fill(0);
  const used = new Map(); // column (depth) -> rows taken so far
  // Iterative depth-first walk: a beam of width 8 over 50 steps nests 50 deep.
  const stack = order(roots)
    .reverse()
    .map((k) => [k, 1]);
  let rows = 0;
  while (stack.length) {
    const [k, depth] = stack.pop();
    const slot = used.get(depth) ?? 0;
    slots[k] = slot;
    used.set(depth, slot + 1);
    rows = Math.max(rows, slot + 1);
    for (const child of order(children[k]).reverse()) stack.push([child, depth + 1]);
  }
  return { slots, rows };
}

/**
 * @param data {{ nodes: [{ parent, step, word, logProb, finished, rank, finalRank }],
 *   steps: number, startLabel: string, selected: number }}
 *   — parent -1: the node extends the start marker; rank: see beamTreeSlots; finalRank: the
 *   hypothesis (0 = best) that ends at this node, else -1; selected: a node index or -1
 * @param options {{ width: number, theme: object }} — width: the visible width; the drawing
 *   grows wider (the caller scrolls it) when the steps do not fit
 * @returns {{ width, height, root: box, nodes: box[] }} with box = { x, y, w, h }
 */
export function drawBeamTree(canvas, data, { width: visibleWidth, theme }) {
  const { nodes, steps } = data;
  const measure = canvas.getContext('2d');
  measure.font = font(13, { weight: 700 });
  let widest = measure.measureText(data.startLabel).width;
  for (const node of nodes) widest = Math.max(widest, measure.measureText(node.word).width);
  const nodeW = Math.round(Math.min(MAX_NODE_W, Math.max(MIN_NODE_W, widest + 16)));
  // Spread the columns over the visible width when they fit, else scroll at the tightest spacing.
  const room = (visibleWidth - 2 * PAD - nodeW) / Math.max(1, steps) - nodeW;
  const edge = Math.round(Math.min(MAX_EDGE, Math.max(MIN_EDGE, room)));
  const colW = nodeW + edge;
  const width = Math.max(visibleWidth, 2 * PAD + nodeW + steps * colW);
  const { slots, rows } = beamTreeSlots(nodes);
  const height = HEAD_H + Math.max(1, rows) * (NODE_H + ROW_GAP) + PAD;
  const ctx = prepareCanvas(canvas, width, height);

  const boxAt = (column, slot) => ({
    x: PAD + column * colW,
    y: HEAD_H + slot * (NODE_H + ROW_GAP),
    w: nodeW,
    h: NODE_H,
  });
  const root = boxAt(0, 0);
  const boxes = nodes.map((node, k) => boxAt(node.step, slots[k]));

  ctx.font = font(12, { weight: 600 });
  ctx.fillStyle = theme.muted;
  ctx.textAlign = 'center';
  for (let t = 1; t <= steps; t++) ctx.fillText(`t = ${t}`, PAD + t * colW + nodeW / 2, HEAD_H / 2);

  // The selected node and its ancestors: the prefix whose attention the caller shows.
  const onSelectedPath = new Set();
  for (let k = data.selected; k >= 0; k = nodes[k].parent) onSelectedPath.add(k);

  // Edges first, pruned ones underneath, the best path on top.
  const drawOrder = nodes
    .map((_, k) => k)
    .sort(
      (a, b) =>
        edgeLayer(nodes[a], onSelectedPath.has(a)) - edgeLayer(nodes[b], onSelectedPath.has(b)),
    );
  for (const k of drawOrder) {
    const node = nodes[k];
    const from = node.parent >= 0 ? boxes[node.parent] : root;
    const to = boxes[k];
    const style = edgeStyle(node, onSelectedPath.has(k), theme);
    const x0 = from.x + from.w;
    const y0 = from.y + from.h / 2;
    const x1 = to.x;
    const y1 = to.y + to.h / 2;
    ctx.save();
    ctx.globalAlpha = style.alpha;
    ctx.strokeStyle = style.colour;
    ctx.lineWidth = style.width;
    ctx.setLineDash(style.dash);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.bezierCurveTo((x0 + x1) / 2, y0, (x0 + x1) / 2, y1, x1, y1);
    ctx.stroke();
    ctx.restore();
  }

  drawBox(ctx, root, {
    word: data.startLabel,
    detail: '0',
    theme,
    border: theme.muted,
    lineWidth: 1,
  });
  nodes.forEach((node, k) => {
    const box = boxes[k];
    const pruned = node.rank < 0;
    ctx.save();
    if (pruned && !onSelectedPath.has(k)) ctx.globalAlpha = 0.45;
    drawBox(ctx, box, {
      word: node.word,
      detail: formatSigned(node.logProb, 2),
      theme,
      border: node.rank === 0 ? theme.accent : pruned ? theme.grid : theme.ink,
      lineWidth: node.rank === 0 ? 2.5 : 1.2,
      bold: node.rank === 0,
      finished: node.finished,
    });
    ctx.restore();
    if (onSelectedPath.has(k)) {
      ctx.strokeStyle = theme.symC;
      ctx.lineWidth = k === data.selected ? 3 : 1.5;
      roundRect(ctx, box.x - 3.5, box.y - 3.5, box.w + 7, box.h + 7, 10);
      ctx.stroke();
    }
    if (node.finalRank >= 0) drawRankBadge(ctx, box, node.finalRank, node.rank === 0, theme);
  });
  return { width, height, root, nodes: boxes };
}

function edgeLayer(node, selected) {
  if (selected) return 3;
  if (node.rank === 0) return 2;
  return node.rank > 0 ? 1 : 0;
}

function edgeStyle(node, selected, theme) {
  if (node.rank === 0) return { colour: theme.accent, width: 3, alpha: 1, dash: [] };
  if (selected) return { colour: theme.symC, width: 2, alpha: 1, dash: [] };
  if (node.rank > 0) return { colour: theme.ink, width: 1.5, alpha: 0.75, dash: [] };
  return { colour: theme.muted, width: 1, alpha: 0.45, dash: [4, 3] };
}

function drawBox(
  ctx,
  box,
  { word, detail, theme, border, lineWidth, bold = false, finished = false },
) {
  ctx.fillStyle = theme.card;
  roundRect(ctx, box.x, box.y, box.w, box.h, 7);
  ctx.fill();
  ctx.strokeStyle = border;
  ctx.lineWidth = lineWidth;
  ctx.stroke();
  if (finished) {
    // A finished hypothesis gets a second, inner border: the sentence ends here.
    ctx.lineWidth = 1;
    roundRect(ctx, box.x + 3, box.y + 3, box.w - 6, box.h - 6, 5);
    ctx.stroke();
  }
  const cx = box.x + box.w / 2;
  ctx.textAlign = 'center';
  ctx.fillStyle = theme.ink;
  ctx.font = font(13, { weight: bold ? 700 : 600 });
  ctx.fillText(fitText(ctx, word, box.w - 10), cx, box.y + 12);
  ctx.fillStyle = theme.muted;
  ctx.font = font(11);
  ctx.fillText(detail, cx, box.y + box.h - 10);
}

/** The hypothesis number (1 = best) on the corner of the box where it ends. */
function drawRankBadge(ctx, box, finalRank, best, theme) {
  const r = 8;
  const x = box.x + box.w - 2;
  const y = box.y + 2;
  ctx.fillStyle = best ? theme.accent : theme.ink;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = theme.card;
  ctx.font = font(10, { weight: 700 });
  ctx.textAlign = 'center';
  ctx.fillText(String(finalRank + 1), x, y + 0.5);
}
