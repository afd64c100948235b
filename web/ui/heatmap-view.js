// The alignment heatmap of the main sentence, made usable without a mouse: a grid of focusable
// cells (roving tabindex) lies over the canvas; hovering or focusing a cell shows its α in a
// tooltip and highlights its row and column words; Enter or a click moves the stepper there.
import { drawHeatmap, drawViridisScale } from '../draw/heatmap.js';
import { createCanvasHost } from './canvas-host.js';
import { fixed } from '../lib/format.js';

export function createHeatmapView(container, { onPickStep, requestRender }) {
  const host = createCanvasHost(container, { label: 'Alignment heatmap', onResize: requestRender });
  host.canvas.setAttribute('aria-hidden', 'true');
  const grid = document.createElement('div');
  grid.className = 'heatmap-grid';
  grid.setAttribute('role', 'grid');
  grid.setAttribute(
    'aria-label',
    'Attention weights: rows are English words, columns French words',
  );
  const tooltip = document.createElement('div');
  tooltip.className = 'tooltip';
  tooltip.setAttribute('role', 'tooltip');
  tooltip.id = 'heatmap-tooltip';
  tooltip.hidden = true;
  container.append(grid, tooltip);
  const scale = document.createElement('div');
  scale.className = 'colour-scale';
  const scaleCanvas = document.createElement('canvas');
  scaleCanvas.setAttribute('aria-hidden', 'true');
  const zero = document.createElement('span');
  zero.textContent = 'α = 0';
  const one = document.createElement('span');
  one.textContent = '1';
  scale.append(zero, scaleCanvas, one);
  const empty = document.createElement('p');
  empty.className = 'unavailable';
  empty.hidden = true;
  container.after(scale, empty);

  let data = null;
  let layout = null;
  let hover = null;
  let focusCell = { row: 0, col: 0 };
  let cells = [];
  let lastKey = null;

  function cellAt(row, col) {
    return cells[row]?.[col];
  }

  function showTooltip(row, col) {
    if (!data || !layout) return;
    const a = data.alpha[row * data.cols + col];
    tooltip.replaceChildren();
    const value = document.createElement('strong');
    value.textContent = `α = ${fixed(a, 3)}`;
    const words = document.createElement('div');
    words.textContent = `“${data.rowLabels[row]}” ← “${data.colLabels[col]}”`;
    const where = document.createElement('div');
    where.textContent = `step t = ${row + 1}, French word i = ${col + 1}`;
    tooltip.append(value, words, where);
    tooltip.dataset.row = String(row);
    tooltip.dataset.col = String(col);
    tooltip.dataset.value = String(a);
    tooltip.hidden = false;
    const x = layout.x0 + (col + 1) * layout.cellW + 8;
    const y = layout.y0 + row * layout.cellH;
    const width = tooltip.offsetWidth;
    const left = x + width > container.clientWidth ? layout.x0 + col * layout.cellW - width - 8 : x;
    tooltip.style.left = `${Math.max(0, left)}px`;
    tooltip.style.top = `${Math.max(0, y)}px`;
  }

  function setHover(next) {
    hover = next;
    if (next) showTooltip(next.row, next.col);
    else tooltip.hidden = true;
    draw();
  }

  // One listener per kind on the grid (not per cell): a long sentence has a thousand cells.
  const cellOf = (event) => {
    const cell = event.target.closest?.('.heatmap-cell');
    return cell ? { row: Number(cell.dataset.row), col: Number(cell.dataset.col) } : null;
  };
  grid.addEventListener('pointerover', (event) => {
    const at = cellOf(event);
    if (at && (hover?.row !== at.row || hover?.col !== at.col)) setHover(at);
  });
  grid.addEventListener('focusin', (event) => {
    const at = cellOf(event);
    if (!at) return;
    focusCell = at;
    updateTabStop();
    setHover(at);
  });
  grid.addEventListener('click', (event) => {
    const at = cellOf(event);
    if (at) onPickStep(at.row + 1);
  });

  function buildCells() {
    const fragment = document.createDocumentFragment();
    cells = [];
    for (let r = 0; r < data.rows; r++) {
      const rowEl = document.createElement('div');
      rowEl.className = 'heatmap-row';
      rowEl.setAttribute('role', 'row');
      const rowCells = [];
      for (let c = 0; c < data.cols; c++) {
        const cell = document.createElement('div');
        cell.className = 'heatmap-cell';
        cell.setAttribute('role', 'gridcell');
        cell.tabIndex = -1;
        cell.dataset.row = String(r);
        cell.dataset.col = String(c);
        rowEl.append(cell);
        rowCells.push(cell);
      }
      fragment.append(rowEl);
      cells.push(rowCells);
    }
    grid.replaceChildren(fragment);
    tabStop = null;
    focusCell = {
      row: Math.min(focusCell.row, data.rows - 1),
      col: Math.min(focusCell.col, data.cols - 1),
    };
    updateTabStop();
  }

  let tabStop = null;
  function updateTabStop() {
    const next = cellAt(focusCell.row, focusCell.col);
    if (next === tabStop) return;
    if (tabStop) tabStop.tabIndex = -1;
    if (next) next.tabIndex = 0;
    tabStop = next;
  }

  grid.addEventListener('pointerleave', () => {
    if (!grid.contains(document.activeElement)) setHover(null);
  });
  grid.addEventListener('focusout', (event) => {
    if (!grid.contains(event.relatedTarget)) setHover(null);
  });
  grid.addEventListener('keydown', (event) => {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    let { row, col } = focusCell;
    if (moves[event.key]) {
      row += moves[event.key][0];
      col += moves[event.key][1];
    } else if (event.key === 'Home') col = 0;
    else if (event.key === 'End') col = data.cols - 1;
    else if (event.key === 'Enter' || event.key === ' ') {
      onPickStep(row + 1);
      event.preventDefault();
      event.stopPropagation();
      return;
    } else return;
    event.preventDefault();
    event.stopPropagation(); // the arrows move within the grid here, not the stepper
    row = Math.max(0, Math.min(data.rows - 1, row));
    col = Math.max(0, Math.min(data.cols - 1, col));
    cellAt(row, col)?.focus();
  });

  function positionCells() {
    for (let r = 0; r < data.rows; r++) {
      for (let c = 0; c < data.cols; c++) {
        const cell = cells[r][c];
        cell.style.left = `${layout.x0 + c * layout.cellW}px`;
        cell.style.top = `${layout.y0 + r * layout.cellH}px`;
        cell.style.width = `${layout.cellW}px`;
        cell.style.height = `${layout.cellH}px`;
        const a = data.alpha[r * data.cols + c];
        cell.setAttribute(
          'aria-label',
          `${data.rowLabels[r]} from ${data.colLabels[c]}: α ${fixed(a, 2)}`,
        );
        if (r === data.outlinedRow) cell.setAttribute('aria-current', 'step');
        else cell.removeAttribute('aria-current');
      }
    }
  }

  function draw() {
    if (!data) return;
    layout = drawHeatmap(
      host.canvas,
      { ...data, hover },
      { width: host.width(), theme: data.theme },
    );
    host.canvas.dataset.outlinedRow = String(layout.outlinedRow);
    container.style.height = `${layout.height}px`;
  }

  return {
    render({ trace, analysis, step, theme }) {
      const available = Boolean(trace && trace.attention && trace.alpha.length);
      const key = [trace, step, theme, host.width()];
      if (lastKey && key.every((v, k) => v === lastKey[k])) return;
      lastKey = key;
      container.hidden = !available;
      scale.hidden = !available;
      empty.hidden = available || !trace;
      if (!available) {
        empty.textContent = trace
          ? 'This model has no attention, so there is no alignment to draw.'
          : '';
        data = null;
        tooltip.hidden = true;
        grid.replaceChildren();
        return;
      }
      const shapeChanged = !data || data.rows !== trace.steps || data.cols !== trace.srcLen;
      data = {
        alpha: trace.alpha,
        rows: trace.steps,
        cols: trace.srcLen,
        rowLabels: analysis.outWords,
        colLabels: analysis.srcWords,
        outlinedRow: step - 1,
        theme,
      };
      if (shapeChanged) {
        hover = null;
        tooltip.hidden = true;
        buildCells();
      }
      draw();
      positionCells();
      if (hover) showTooltip(hover.row, hover.col);
      drawViridisScale(scaleCanvas, 200, 10);
      host.describe(
        analysis.outWords
          .map((w, r) => {
            let best = 0;
            for (let c = 1; c < trace.srcLen; c++)
              if (trace.alpha[r * trace.srcLen + c] > trace.alpha[r * trace.srcLen + best])
                best = c;
            return `${w}: mostly ${analysis.srcWords[best]} (${fixed(trace.alpha[r * trace.srcLen + best], 2)})`;
          })
          .join('; '),
      );
    },
  };
}
