// What every per-source-word bar chart shares (the softmax panel, the editable weights): a
// zebra-striped row with the word at the left in its own colour, the heaviest word in bold.
import { font, fitText } from '../lib/canvas.js';
import { wordColour } from './palette.js';

/** Index of the largest value (the first one on ties). */
export function argmax(values) {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}

/** Row i's stripe (even rows) and its word label, fitted into labelW. */
export function drawWordRow(ctx, { i, y, rowH, width, word, labelW, heaviest, theme }) {
  if (i % 2 === 0) {
    ctx.fillStyle = theme.faint;
    ctx.globalAlpha = 0.5;
    ctx.fillRect(0, y, width, rowH);
    ctx.globalAlpha = 1;
  }
  ctx.font = font(13, { weight: heaviest ? 700 : 600 });
  ctx.fillStyle = wordColour(i, theme.dark);
  ctx.textAlign = 'left';
  ctx.fillText(fitText(ctx, word, labelW), 4, y + rowH / 2);
}
