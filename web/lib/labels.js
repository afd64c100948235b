// Greedy label placement: text on canvas must never overlap. Each label tries its candidate
// positions in order and takes the first whose box is free; a label with no free spot is dropped
// (the same value is always reachable another way: tooltip, table or accessible text).

export function boxesOverlap(a, b, gap = 2) {
  return (
    a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap
  );
}

/**
 * @param labels [{ id, w, h, candidates: [{x, y}] }] — x, y are the top-left corner of the box
 * @param obstacles boxes already taken (other text, the plot frame's labels, ...)
 * @param bounds {x, y, w, h} every label must stay inside
 * @returns Map id -> {x, y, w, h} for the labels that could be placed
 */
export function placeLabels(labels, obstacles = [], bounds = null) {
  const taken = [...obstacles];
  const placed = new Map();
  for (const label of labels) {
    for (const c of label.candidates) {
      const box = { x: c.x, y: c.y, w: label.w, h: label.h };
      if (bounds && !inside(box, bounds)) continue;
      if (taken.some((t) => boxesOverlap(box, t))) continue;
      taken.push(box);
      placed.set(label.id, box);
      break;
    }
  }
  return placed;
}

function inside(box, bounds) {
  return (
    box.x >= bounds.x &&
    box.y >= bounds.y &&
    box.x + box.w <= bounds.x + bounds.w &&
    box.y + box.h <= bounds.y + bounds.h
  );
}

/** Candidate boxes around an anchor point, nearest first, starting in direction (dx, dy). */
export function candidatesAround(x, y, w, h, dx = 1, dy = 0, distance = 6) {
  const out = [];
  const angle0 = Math.atan2(dy, dx);
  for (const ring of [distance, distance + 10, distance + 22]) {
    for (let k = 0; k < 12; k++) {
      const a = angle0 + ((k % 2 ? -1 : 1) * Math.ceil(k / 2) * Math.PI) / 6;
      const cx = x + Math.cos(a) * (ring + w / 2);
      const cy = y + Math.sin(a) * (ring + h / 2);
      out.push({ x: cx - w / 2, y: cy - h / 2 });
    }
  }
  return out;
}
