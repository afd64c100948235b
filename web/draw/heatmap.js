// The alignment heatmap: α_ti with output words as rows and source words as columns.
// Fed plain data; returns the layout so the caller can put focusable cells and a tooltip on top.
import { prepareCanvas, font, fitText, roundRect } from '../lib/canvas.js';
import { viridis, inkOnViridis } from './palette.js';
import { formatNumber } from '../lib/i18n.js';

/** Cells at least this many pixels wide also print their α (the exported figure follows it too). */
export const VALUE_MIN_CELL = 36;

/**
 * How the column labels (source words) sit above cells `cell` pixels wide, given the widest label
 * measured at 13 px: flat when it fits its column, else upright (labels never overlap), shrinking
 * with narrow columns and dropped below 8 px. `height` is the room they need above the grid.
 */
export function columnLabelLayout(widest, cell) {
  const upright = widest + 6 > cell;
  const size = upright ? Math.min(13, Math.max(0, cell - 2)) : 13;
  return { upright, size, visible: size >= 8, height: upright ? Math.ceil(widest) + 10 : 24 };
}

/**
 * @param data {{ alpha: ArrayLike<number>, rows: number, cols: number, rowLabels: string[],
 *   colLabels: string[], outlinedRow?: number, hover?: {row, col} | null }}
 * @param options {{ width: number, theme: object, maxCell?: number, minCell?: number,
 *   labels?: boolean, values?: boolean }}
 * @returns layout {{ width, height, x0, y0, cellW, cellH, rows, cols, outlinedRow, max }}
 */
export function drawHeatmap(canvas, data, options) {
  const { theme, width, maxCell = 58, minCell = 6, labels = true, values = true } = options;
  const { rows, cols } = data;
  const measure = canvas.getContext('2d');
  const labelFont = font(13);
  // Measured bold: the outlined and hovered rows are drawn bold and must fit too.
  measure.font = font(13, { weight: 700 });
  const pad = 6;
  let rowLabelW = 0;
  if (labels) {
    for (const label of data.rowLabels)
      rowLabelW = Math.max(rowLabelW, measure.measureText(label).width);
    rowLabelW = Math.min(Math.ceil(rowLabelW) + 2 * pad, Math.max(56, width * 0.3));
  }
  const cell = Math.max(
    minCell,
    Math.min(maxCell, Math.floor((width - rowLabelW - 2) / Math.max(1, cols))),
  );
  measure.font = labelFont;
  let colLabelW = 0;
  for (const label of labels ? data.colLabels : [])
    colLabelW = Math.max(colLabelW, measure.measureText(label).width);
  const columns = labels ? columnLabelLayout(colLabelW, cell) : null;
  const upright = Boolean(columns?.upright);
  const labelSize = columns?.size ?? 13;
  const showColLabels = Boolean(columns?.visible);
  const topH = !labels ? 0 : showColLabels ? Math.min(columns.height, 110) : 4;
  const gridW = cell * cols;
  const x0 = rowLabelW;
  const y0 = topH;
  const height = y0 + cell * rows + 2;
  const ctx = prepareCanvas(canvas, width, height);

  let max = 0;
  for (let k = 0; k < rows * cols; k++) max = Math.max(max, data.alpha[k]);

  // Cells, then their values on top: a second pass, so that the font is set once, not per cell
  // (this drawing runs on every keystroke).
  const gap = cell >= 14 ? 1 : 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      ctx.fillStyle = viridis(data.alpha[r * cols + c]);
      ctx.fillRect(x0 + c * cell + gap, y0 + r * cell + gap, cell - gap, cell - gap);
    }
  }
  if (values && cell >= VALUE_MIN_CELL) {
    ctx.font = font(cell >= 48 ? 12 : 11, { weight: 500 });
    ctx.textAlign = 'center';
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const a = data.alpha[r * cols + c];
        ctx.fillStyle = inkOnViridis(a);
        ctx.fillText(
          formatNumber(a, 2),
          x0 + (c + 0.5) * cell + gap / 2,
          y0 + (r + 0.5) * cell + gap / 2,
        );
      }
    }
  }

  const hover = data.hover;
  // Highlight the hovered cell's row and column words.
  if (labels) {
    ctx.font = labelFont;
    for (let r = 0; r < rows; r++) {
      const isHover = hover && hover.row === r;
      const isOutlined = data.outlinedRow === r;
      const y = y0 + (r + 0.5) * cell;
      if (isHover) {
        ctx.fillStyle = theme.faint;
        roundRect(ctx, 1, y - Math.min(cell, 20) / 2, rowLabelW - 4, Math.min(cell, 20), 4);
        ctx.fill();
      }
      if (cell < 9) continue; // too dense to label every row: the tooltip names it
      ctx.font = font(Math.min(13, cell - 1), { weight: isOutlined || isHover ? 700 : 400 });
      ctx.fillStyle = isOutlined || isHover ? theme.ink : theme.muted;
      ctx.textAlign = 'right';
      ctx.fillText(fitText(ctx, data.rowLabels[r], rowLabelW - 2 * pad), rowLabelW - pad, y);
    }
    if (showColLabels) {
      for (let c = 0; c < cols; c++) {
        const isHover = hover && hover.col === c;
        const x = x0 + (c + 0.5) * cell;
        ctx.font = font(labelSize, { weight: isHover ? 700 : 400 });
        ctx.fillStyle = isHover ? theme.ink : theme.muted;
        if (upright) {
          if (isHover) {
            ctx.fillStyle = theme.faint;
            ctx.fillRect(x - cell / 2 + 1, 0, cell - 2, topH - 2);
            ctx.fillStyle = theme.ink;
          }
          ctx.save();
          ctx.translate(x, topH - 5);
          ctx.rotate(-Math.PI / 2);
          ctx.textAlign = 'left';
          ctx.fillText(fitText(ctx, data.colLabels[c], topH - 8), 0, 0);
          ctx.restore();
        } else {
          if (isHover) {
            ctx.fillStyle = theme.faint;
            roundRect(ctx, x - cell / 2 + 1, 1, cell - 2, topH - 4, 4);
            ctx.fill();
            ctx.fillStyle = theme.ink;
          }
          ctx.textAlign = 'center';
          ctx.fillText(fitText(ctx, data.colLabels[c], cell - 4), x, topH / 2);
        }
      }
    }
  }

  // The current decoder step: its whole row outlined.
  if (data.outlinedRow >= 0 && data.outlinedRow < rows) {
    ctx.strokeStyle = theme.ink;
    ctx.lineWidth = 2.5;
    ctx.strokeRect(x0 + 0.5, y0 + data.outlinedRow * cell + 0.5, gridW - 0.5, cell);
  }
  if (hover && hover.row >= 0 && hover.col >= 0) {
    ctx.strokeStyle = theme.card;
    ctx.lineWidth = 3;
    ctx.strokeRect(x0 + hover.col * cell + 1.5, y0 + hover.row * cell + 1.5, cell - 2, cell - 2);
    ctx.strokeStyle = theme.ink;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(x0 + hover.col * cell + 1.5, y0 + hover.row * cell + 1.5, cell - 2, cell - 2);
  }
  return {
    width,
    height,
    x0,
    y0,
    cellW: cell,
    cellH: cell,
    rows,
    cols,
    outlinedRow: data.outlinedRow ?? -1,
    max,
  };
}

/** A horizontal viridis bar from 0 to 1, for the colour legend next to a heatmap. */
export function drawViridisScale(canvas, width, height) {
  const ctx = prepareCanvas(canvas, width, height);
  for (let x = 0; x < width; x++) {
    ctx.fillStyle = viridis(x / Math.max(1, width - 1));
    ctx.fillRect(x, 0, 1.5, height);
  }
}
