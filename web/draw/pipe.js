// Step 0 pictogram: the French words feeding the decoder through one fixed-size vector (the
// narrow pipe), or each with its own line whose thickness is this step's attention weight.
import { prepareCanvas, font, fitText, roundRect } from '../lib/canvas.js';
import { wordColour } from './palette.js';
import { t } from '../lib/i18n.js';

/** @param data {{ words: string[], attention: boolean, alpha?: number[], output: string }} */
export function drawPipe(canvas, data, { width, theme }) {
  const T = data.words.length;
  const height = 150;
  const ctx = prepareCanvas(canvas, width, height);
  const encY = 24;
  const decY = height - 30;
  const slot = width / Math.max(1, T);
  const boxW = Math.min(64, slot - 4);
  ctx.font = font(12, { weight: 600 });
  const decW = Math.min(180, width * 0.5);
  const decX = (width - decW) / 2;
  if (!data.attention) {
    // Every word funnels into one thin pipe: the fixed context vector.
    const pipeX = width / 2;
    const pipeTop = 64;
    const pipeBottom = decY - 16;
    for (let i = 0; i < T; i++) {
      const x = (i + 0.5) * slot;
      ctx.strokeStyle = wordColour(i, theme.dark);
      ctx.globalAlpha = 0.5;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(x, encY + 12);
      ctx.bezierCurveTo(x, pipeTop - 8, pipeX, pipeTop - 20, pipeX, pipeTop);
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
    ctx.fillStyle = theme.muted;
    ctx.fillRect(pipeX - 3, pipeTop, 6, pipeBottom - pipeTop);
    ctx.font = font(11);
    ctx.textAlign = 'left';
    ctx.fillText(
      fitText(ctx, t('draw.pipe.vector'), width / 2 - 16),
      pipeX + 10,
      (pipeTop + pipeBottom) / 2,
    );
  } else {
    const alpha = data.alpha ?? [];
    for (let i = 0; i < T; i++) {
      const x = (i + 0.5) * slot;
      const a = alpha[i] ?? 1 / T;
      ctx.strokeStyle = wordColour(i, theme.dark);
      ctx.lineWidth = 1 + a * 9;
      ctx.globalAlpha = 0.35 + 0.65 * a;
      ctx.beginPath();
      ctx.moveTo(x, encY + 12);
      ctx.bezierCurveTo(x, decY - 50, width / 2, decY - 40, width / 2, decY - 14);
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
  }
  for (let i = 0; i < T; i++) {
    const x = (i + 0.5) * slot;
    ctx.fillStyle = theme.card;
    ctx.strokeStyle = wordColour(i, theme.dark);
    ctx.lineWidth = 2;
    roundRect(ctx, x - boxW / 2, encY - 12, boxW, 24, 6);
    ctx.fill();
    ctx.stroke();
    ctx.font = font(11, { weight: 600 });
    ctx.fillStyle = theme.ink;
    ctx.textAlign = 'center';
    ctx.fillText(fitText(ctx, data.words[i], boxW - 6), x, encY);
  }
  ctx.fillStyle = theme.card;
  ctx.strokeStyle = theme.ink;
  ctx.lineWidth = 2;
  roundRect(ctx, decX, decY - 14, decW, 28, 8);
  ctx.fill();
  ctx.stroke();
  ctx.font = font(12, { weight: 600 });
  ctx.fillStyle = theme.ink;
  ctx.textAlign = 'center';
  ctx.fillText(t('draw.pipe.decoder'), width / 2, decY);
  return { width, height };
}
