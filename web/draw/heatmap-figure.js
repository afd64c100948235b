// The alignment heatmap as a standalone figure for slides and papers: a title, the source words on
// top, the output words at the left, one cell per α_ti and a colour scale. The figure is laid out
// once as a list of shapes, then either written out as SVG (vector) or painted on a canvas (PNG),
// so both exports are the same picture. The label and value rules are the on-screen heatmap's
// (draw/heatmap.js), the colours its viridis (draw/palette.js); the background is always white,
// whatever the page's theme, because the figure is meant for print and projectors. Its captions
// are in the interface language at the time of the export.
import { columnLabelLayout, VALUE_MIN_CELL } from './heatmap.js';
import { viridisRgb, inkOnViridis } from './palette.js';
import { FONT_FAMILY, font, fitText } from '../lib/canvas.js';
import { t, formatNumber } from '../lib/i18n.js';

const COLOURS = { background: '#ffffff', ink: '#1b1f2a', muted: '#596171' };
const MARGIN = 20;
const LABEL_SIZE = 13; // the size column labels are measured at (columnLabelLayout's contract)
const AXIS_SIZE = 12;
const TITLE = { size: 17, weight: 700, line: 23 };
const SUBTITLE = { size: 12.5, weight: 400, line: 18 };
const CELL = { max: 44, min: 16, gridBudget: 1200 };
const MAX_ROW_LABEL = 220;
const MAX_UPRIGHT_LABEL = 160;
const MIN_TEXT_WIDTH = 420;
const SCALE = { width: 260, height: 12, ticks: [0, 0.25, 0.5, 0.75, 1], stops: 11 };

const hex = ([r, g, b]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * Lays the figure out.
 * @param data {{ alpha: ArrayLike<number>, rows: number, cols: number, rowLabels: string[],
 *   colLabels: string[], title: string, subtitle: string, description: string }}
 *   `title` becomes the SVG <title> (the sentence), `subtitle` a line under it, `description` the
 *   SVG <desc>.
 * @param measure {(text: string, size: number, weight: number) => number} text width in pixels
 *   (a canvas' measureText in the page; any estimate elsewhere).
 * @returns {{ width, height, title, description, items }} where each item is a `rect` (cells carry
 *   `cell: { row, col, alpha }`), a `text` or the colour `scale`.
 */
export function layoutHeatmapFigure(data, measure) {
  const { rows, cols } = data;
  const measurer = (size, weight = 400) => ({
    measureText: (text) => ({ width: measure(text, size, weight) }),
  });
  const cell = Math.max(
    CELL.min,
    Math.min(CELL.max, Math.floor(CELL.gridBudget / Math.max(1, rows, cols))),
  );
  const labelFit = measurer(LABEL_SIZE);
  const rowLabels = data.rowLabels.map((label) => fitText(labelFit, label, MAX_ROW_LABEL));
  const rowLabelW = Math.ceil(Math.max(0, ...rowLabels.map((l) => measure(l, LABEL_SIZE, 400))));
  const widestColumn = Math.max(0, ...data.colLabels.map((l) => measure(l, LABEL_SIZE, 400)));
  const columns = columnLabelLayout(widestColumn, cell);
  const columnsH = columns.visible ? Math.min(columns.height, MAX_UPRIGHT_LABEL + 10) : 4;
  const colLabels = data.colLabels.map((label) =>
    fitText(measurer(columns.size), label, columns.upright ? columnsH - 10 : cell - 4),
  );

  const axisW = AXIS_SIZE + 10; // the rotated caption of the output words
  const x0 = MARGIN + axisW + rowLabelW + 8;
  const gridW = cols * cell;
  const gridH = rows * cell;
  const scaleCaptionX = x0 + SCALE.width + 12;
  const width = Math.ceil(
    Math.max(
      x0 + gridW,
      MARGIN + MIN_TEXT_WIDTH,
      scaleCaptionX + measure(t('export.figure.scale'), AXIS_SIZE, 400),
    ) + MARGIN,
  );
  const textWidth = width - 2 * MARGIN;

  const items = [];
  const text = (x, y, content, { size, weight = 400, fill = COLOURS.ink, anchor, rotate }) =>
    items.push({ kind: 'text', x, y, text: content, size, weight, fill, anchor, rotate });

  let y = MARGIN;
  for (const [content, style, fill] of [
    [data.title, TITLE, COLOURS.ink],
    [data.subtitle, SUBTITLE, COLOURS.muted],
  ]) {
    for (const line of wrap(content, textWidth, (t) => measure(t, style.size, style.weight))) {
      text(MARGIN, y + style.line / 2, line, { ...style, fill, anchor: 'start' });
      y += style.line;
    }
  }
  y += 12;
  text(x0 + gridW / 2, y + AXIS_SIZE / 2, t('export.figure.sourceAxis'), {
    size: AXIS_SIZE,
    fill: COLOURS.muted,
    anchor: 'middle',
  });
  y += AXIS_SIZE + 8;
  const y0 = y + columnsH;

  if (columns.visible) {
    colLabels.forEach((label, c) => {
      const x = x0 + (c + 0.5) * cell;
      if (columns.upright)
        text(x, y0 - 5, label, { size: columns.size, anchor: 'start', rotate: -90 });
      else text(x, y + columnsH / 2, label, { size: columns.size, anchor: 'middle' });
    });
  }
  rowLabels.forEach((label, r) =>
    text(x0 - 8, y0 + (r + 0.5) * cell, label, { size: LABEL_SIZE, anchor: 'end' }),
  );
  text(MARGIN + AXIS_SIZE / 2, y0 + gridH / 2, t('export.figure.outputAxis'), {
    size: AXIS_SIZE,
    fill: COLOURS.muted,
    anchor: 'middle',
    rotate: 90,
  });

  const gap = 1; // a hairline of background between cells, as on screen
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const alpha = data.alpha[r * cols + c];
      items.push({
        kind: 'rect',
        x: x0 + c * cell + gap,
        y: y0 + r * cell + gap,
        width: cell - gap,
        height: cell - gap,
        fill: hex(viridisRgb(alpha)),
        cell: { row: r, col: c, alpha },
      });
      if (cell >= VALUE_MIN_CELL)
        text(
          x0 + (c + 0.5) * cell + gap / 2,
          y0 + (r + 0.5) * cell + gap / 2,
          formatNumber(alpha, 2),
          {
            size: 11,
            weight: 500,
            fill: inkOnViridis(alpha),
            anchor: 'middle',
          },
        );
    }
  }

  const scaleY = y0 + gridH + 20;
  const stops = Array.from({ length: SCALE.stops }, (_, k) => {
    const offset = k / (SCALE.stops - 1);
    return { offset, colour: hex(viridisRgb(offset)) };
  });
  items.push({ kind: 'scale', x: x0, y: scaleY, width: SCALE.width, height: SCALE.height, stops });
  for (const tick of SCALE.ticks) {
    const x = x0 + tick * SCALE.width;
    items.push({
      kind: 'rect',
      x: x - 0.5,
      y: scaleY + SCALE.height,
      width: 1,
      height: 4,
      fill: COLOURS.muted,
    });
    text(x, scaleY + SCALE.height + 12, String(tick), {
      size: 11,
      fill: COLOURS.muted,
      anchor: 'middle',
    });
  }
  text(scaleCaptionX, scaleY + SCALE.height / 2, t('export.figure.scale'), {
    size: AXIS_SIZE,
    fill: COLOURS.muted,
    anchor: 'start',
  });
  const height = Math.ceil(scaleY + SCALE.height + 20 + MARGIN);
  return { width, height, title: data.title, description: data.description, items };
}

/** Greedy word wrap; a single word wider than the line is left whole. */
function wrap(content, maxWidth, width) {
  const lines = [];
  let line = '';
  for (const word of content.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && width(candidate) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * XML-safe text: the five special characters escaped, and the code points XML 1.0 forbids (control
 * characters, lone surrogates, U+FFFE/U+FFFF — a pasted sentence can hold any of them) replaced
 * by U+FFFD, so the file always parses.
 */
export function escapeXml(value) {
  return String(value)
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    )
    .replace(
      /[&<>"']/g,
      (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
    );
}

const num = (value) => String(Math.round(value * 100) / 100);

/** The figure as a standalone SVG document (one <rect class="cell"> per α_ti). */
export function figureToSvg(figure) {
  const { width, height } = figure;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="attention-figure-title attention-figure-desc" font-family="${escapeXml(FONT_FAMILY)}">`,
    `<title id="attention-figure-title">${escapeXml(figure.title)}</title>`,
    `<desc id="attention-figure-desc">${escapeXml(figure.description)}</desc>`,
    `<rect width="${width}" height="${height}" fill="${COLOURS.background}"/>`,
  ];
  for (const item of figure.items) {
    if (item.kind === 'rect') {
      const box = `x="${num(item.x)}" y="${num(item.y)}" width="${num(item.width)}" height="${num(item.height)}"`;
      out.push(
        item.cell
          ? `<rect class="cell" data-row="${item.cell.row}" data-col="${item.cell.col}" data-alpha="${item.cell.alpha}" ${box} fill="${item.fill}"/>`
          : `<rect ${box} fill="${item.fill}"/>`,
      );
    } else if (item.kind === 'scale') {
      const stops = item.stops
        .map((s) => `<stop offset="${num(s.offset)}" stop-color="${s.colour}"/>`)
        .join('');
      out.push(
        `<defs><linearGradient id="attention-figure-scale" x1="0" y1="0" x2="1" y2="0">${stops}</linearGradient></defs>`,
        `<rect x="${num(item.x)}" y="${num(item.y)}" width="${num(item.width)}" height="${num(item.height)}" fill="url(#attention-figure-scale)"/>`,
      );
    } else {
      // dy = 0.35em puts the middle of the letters on y, like the canvas' textBaseline 'middle'.
      const turn = item.rotate
        ? ` transform="rotate(${item.rotate} ${num(item.x)} ${num(item.y)})"`
        : '';
      const weight = item.weight !== 400 ? ` font-weight="${item.weight}"` : '';
      out.push(
        `<text x="${num(item.x)}" y="${num(item.y)}" dy="0.35em" font-size="${item.size}"${weight} text-anchor="${item.anchor}" fill="${item.fill}"${turn}>${escapeXml(item.text)}</text>`,
      );
    }
  }
  out.push('</svg>', '');
  return out.join('\n');
}

/** Paints the figure on a 2-D context whose units are the figure's pixels. */
export function paintFigure(ctx, figure) {
  ctx.fillStyle = COLOURS.background;
  ctx.fillRect(0, 0, figure.width, figure.height);
  ctx.textBaseline = 'middle';
  for (const item of figure.items) {
    if (item.kind === 'rect') {
      ctx.fillStyle = item.fill;
      ctx.fillRect(item.x, item.y, item.width, item.height);
    } else if (item.kind === 'scale') {
      const gradient = ctx.createLinearGradient(item.x, 0, item.x + item.width, 0);
      for (const stop of item.stops) gradient.addColorStop(stop.offset, stop.colour);
      ctx.fillStyle = gradient;
      ctx.fillRect(item.x, item.y, item.width, item.height);
    } else {
      ctx.save();
      ctx.translate(item.x, item.y);
      if (item.rotate) ctx.rotate((item.rotate * Math.PI) / 180);
      ctx.font = font(item.size, { weight: item.weight });
      ctx.fillStyle = item.fill;
      ctx.textAlign =
        item.anchor === 'middle' ? 'center' : item.anchor === 'end' ? 'right' : 'left';
      ctx.fillText(item.text, 0, 0);
      ctx.restore();
    }
  }
}
