// The alignment heatmap of the main sentence, made usable without a mouse: a grid of focusable
// cells (roving tabindex) lies over the canvas; hovering or focusing a cell shows its α in a
// tooltip and highlights its row and column words; Enter or a click moves the stepper there and
// selects the cell (state.selectedCell, carried by the page's URL): its tooltip and outline stay
// while nothing else is hovered; a second click or Escape clears it.
import { drawHeatmap, drawViridisScale } from '../draw/heatmap.js';
import { createCanvasHost } from './canvas-host.js';
import { updateData, updateHidden } from './dom-writes.js';
import { t, language, onLanguageChange, formatNumber } from '../lib/i18n.js';

export function createHeatmapView(container, { onPickStep, onSelectCell, requestRender }) {
  const host = createCanvasHost(container, {
    label: () => t('heatmap.canvas'),
    onResize: requestRender,
  });
  host.canvas.setAttribute('aria-hidden', 'true');
  const grid = document.createElement('div');
  grid.className = 'heatmap-grid';
  grid.setAttribute('role', 'grid');
  const nameGrid = () => grid.setAttribute('aria-label', t('heatmap.grid'));
  nameGrid();
  onLanguageChange(nameGrid);
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
  drawViridisScale(scaleCanvas, 200, 10); // depends on nothing: drawn once
  const empty = document.createElement('p');
  empty.className = 'unavailable';
  empty.hidden = true;
  container.after(scale, empty);

  let data = null;
  let layout = null;
  let hover = null;
  let selected = null;
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
    value.textContent = `α = ${formatNumber(a, 3)}`;
    const words = document.createElement('div');
    words.textContent = t('heatmap.tooltipWords', {
      target: data.rowLabels[row],
      source: data.colLabels[col],
    });
    const where = document.createElement('div');
    where.textContent = t('heatmap.where', { step: row + 1, position: col + 1 });
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

  // Steps to the cell's row and selects it; picking the selected cell again clears the selection.
  function pick(at) {
    const same = selected?.row === at.row && selected?.col === at.col;
    onSelectCell?.(same ? null : at);
    onPickStep(at.row + 1);
  }

  function setHover(next) {
    hover = next;
    const shown = hover ?? selected;
    if (shown) showTooltip(shown.row, shown.col);
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
    if (at) pick(at);
  });

  function makeCell(r, c) {
    const cell = document.createElement('div');
    cell.className = 'heatmap-cell';
    cell.setAttribute('role', 'gridcell');
    cell.tabIndex = -1;
    cell.dataset.row = String(r);
    cell.dataset.col = String(c);
    return cell;
  }

  // The cells flow into a CSS grid laid over the canvas's cell area, so a new sentence of another
  // shape only adds or removes the rows and columns that differ (typing changes the shape often,
  // and rebuilding a few hundred cells each time was most of a keystroke's cost).
  function reshapeCells(rows, cols) {
    while (cells.length > rows) {
      cells.pop();
      grid.lastElementChild.remove();
    }
    cells.forEach((rowCells, r) => {
      while (rowCells.length > cols) rowCells.pop().remove();
      for (let c = rowCells.length; c < cols; c++) {
        const cell = makeCell(r, c);
        rowCells.push(cell);
        grid.children[r].append(cell);
      }
    });
    while (cells.length < rows) {
      const r = cells.length;
      const rowEl = document.createElement('div');
      rowEl.className = 'heatmap-row';
      rowEl.setAttribute('role', 'row');
      const rowCells = Array.from({ length: cols }, (_, c) => makeCell(r, c));
      rowEl.append(...rowCells);
      grid.append(rowEl);
      cells.push(rowCells);
    }
    if (!tabStop?.isConnected) tabStop = null;
    focusCell = {
      row: Math.min(focusCell.row, rows - 1),
      col: Math.min(focusCell.col, cols - 1),
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
    else if (event.key === 'Escape' && selected) {
      onSelectCell?.(null);
      event.preventDefault();
      event.stopPropagation();
      return;
    } else if (event.key === 'Enter' || event.key === ' ') {
      pick({ row, col });
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

  let gridGeometry = null;
  let marked = { outlined: null, selected: null }; // the cells carrying aria-current / -selected

  function placeGrid() {
    const geometry = [layout.x0, layout.y0, layout.cellW * data.cols, layout.cellH * data.rows];
    if (gridGeometry && geometry.every((v, k) => v === gridGeometry[k])) return;
    gridGeometry = geometry;
    const [left, top, width, height] = geometry;
    Object.assign(grid.style, {
      left: `${left}px`,
      top: `${top}px`,
      width: `${width}px`,
      height: `${height}px`,
      gridTemplateColumns: `repeat(${data.cols}, 1fr)`,
      gridTemplateRows: `repeat(${data.rows}, 1fr)`,
    });
  }

  // What each cell's label was made from, so a keystroke relabels only the cells whose words or
  // rounded α changed (most stay "0.00" from one sentence to the next).
  const labelSources = new WeakMap(); // cell → its label's words, value and language

  /** The cells' labels carry α (they change with every sentence); the marks move with the step. */
  function labelCells() {
    const lang = language();
    for (let r = 0; r < data.rows; r++) {
      for (let c = 0; c < data.cols; c++) {
        const value = formatNumber(data.alpha[r * data.cols + c], 2);
        const source = `${lang}\n${data.rowLabels[r]}\n${data.colLabels[c]}\n${value}`;
        const cell = cells[r][c];
        if (labelSources.get(cell) === source) continue;
        labelSources.set(cell, source);
        cell.setAttribute(
          'aria-label',
          t('heatmap.cell', { target: data.rowLabels[r], source: data.colLabels[c], value }),
        );
      }
    }
    const outlined = cells[data.outlinedRow] ?? [];
    const selectedCell = selected ? cellAt(selected.row, selected.col) : null;
    const wasOutlined = marked.outlined ?? [];
    for (const cell of wasOutlined)
      if (!outlined.includes(cell)) cell.removeAttribute('aria-current');
    for (const cell of outlined)
      if (!wasOutlined.includes(cell)) cell.setAttribute('aria-current', 'step');
    if (marked.selected && marked.selected !== selectedCell)
      marked.selected.removeAttribute('aria-selected');
    selectedCell?.setAttribute('aria-selected', 'true');
    marked = { outlined: [...outlined], selected: selectedCell }; // a copy: reshaping edits rows
  }

  function draw() {
    if (!data) return;
    layout = drawHeatmap(
      host.canvas,
      { ...data, hover: hover ?? selected },
      { width: host.width(), theme: data.theme },
    );
    updateData(host.canvas, 'outlinedRow', String(layout.outlinedRow));
    container.style.height = `${layout.height}px`;
  }

  return {
    // The card, not the container: the container is hidden when there is nothing to draw.
    element: container.closest('.card') ?? container.parentElement,
    render({ trace, analysis, step, theme, selectedCell }) {
      const available = Boolean(trace && trace.attention && trace.alpha.length);
      const key = [trace, step, theme, host.width(), selectedCell, language()];
      if (lastKey && key.every((v, k) => v === lastKey[k])) return;
      lastKey = key;
      updateHidden(container, !available);
      updateHidden(scale, !available);
      updateHidden(empty, available || !trace);
      if (!available) {
        empty.textContent = trace ? t('heatmap.none') : '';
        data = null;
        tooltip.hidden = true;
        grid.replaceChildren();
        cells = [];
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
        reshapeCells(data.rows, data.cols);
      }
      selected =
        selectedCell && selectedCell.row < data.rows && selectedCell.col < data.cols
          ? selectedCell
          : null;
      if (selected && !hover) {
        focusCell = selected; // Tab into the grid lands on the selected cell
        updateTabStop();
      }
      draw();
      placeGrid();
      labelCells();
      const shown = hover ?? selected;
      if (shown) showTooltip(shown.row, shown.col);
      host.describe(
        analysis.outWords
          .map((w, r) => {
            let best = 0;
            for (let c = 1; c < trace.srcLen; c++)
              if (trace.alpha[r * trace.srcLen + c] > trace.alpha[r * trace.srcLen + best])
                best = c;
            return t('heatmap.describeRow', {
              word: w,
              source: analysis.srcWords[best],
              value: formatNumber(trace.alpha[r * trace.srcLen + best], 2),
            });
          })
          .join(t('list.separator')),
      );
    },
  };
}
