// A read-only alignment heatmap for the what-if chapter (the selected beam prefix, the edited
// translation, the reference): draw/heatmap.js on a canvas that follows its container's width,
// with the strongest source word of each row in the accessible description. `label` is a function
// giving the canvas's name in the interface language; the caller redraws on a language change.
import { drawHeatmap } from '../draw/heatmap.js';
import { createCanvasHost } from './canvas-host.js';
import { t, formatNumber } from '../lib/i18n.js';

export function createWhatIfHeatmap(container, { label, onResize }) {
  const host = createCanvasHost(container, { label, onResize });
  return {
    /** The width it draws at: part of the caller's "has anything changed" key. */
    width: () => host.width(),
    /** @param data {{ alpha, rows, cols, rowLabels, colLabels, outlinedRow }} or null to hide */
    render(data, theme) {
      container.hidden = !data;
      if (!data) return;
      const layout = drawHeatmap(host.canvas, data, { width: host.width(), theme, maxCell: 44 });
      host.canvas.dataset.outlinedRow = String(layout.outlinedRow);
      host.describe(
        data.rowLabels
          .map((word, r) => {
            let best = 0;
            for (let c = 1; c < data.cols; c++)
              if (data.alpha[r * data.cols + c] > data.alpha[r * data.cols + best]) best = c;
            return t('heatmap.describeRow', {
              word,
              source: data.colLabels[best],
              value: formatNumber(data.alpha[r * data.cols + best], 2),
            });
          })
          .join(t('list.separator')),
      );
    },
  };
}
