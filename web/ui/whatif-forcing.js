// What if… the model were handed the right answer? Teacher forcing: explorer.score() feeds the
// reference translation word by word and returns p of each reference word; the page shows each
// loss −log p, their total, mean and the perplexity, the words the model does not know, and the
// attention it uses while reading the reference.
import { createWhatIfHeatmap } from './whatif-heatmap.js';
import { displayWord } from '../lib/format.js';
import { t, language, formatNumber } from '../lib/i18n.js';
import { TOP_K } from '../config.js';

export function createForcingPart(panel, { requestRender }) {
  const input = panel.querySelector('#forcing-reference');
  const resetButton = panel.querySelector('#forcing-reset');
  const unknownNotice = panel.querySelector('#forcing-unknown');
  const summary = panel.querySelector('#forcing-summary');
  const compare = panel.querySelector('#forcing-compare');
  const rows = panel.querySelector('#forcing-rows');
  // What stays when there is nothing to score: the introduction, the input and its notice.
  const dataParts = [...panel.children].filter(
    (child) => !child.matches(':first-child, .forcing-controls, #forcing-unknown'),
  );
  const heatmapBox = panel.querySelector('#forcing-heatmap');
  const heatmapTitle = heatmapBox.previousElementSibling;
  const heatmap = createWhatIfHeatmap(heatmapBox, {
    label: () => t('whatif.forcing.heatmap'),
    onResize: requestRender,
  });
  const empty = document.createElement('p');
  empty.className = 'unavailable';
  empty.hidden = true;
  panel.append(empty);

  let reference = '';
  let typed = false; // true once the user has written their own reference for this sentence
  let referenceFor = null; // the French sentence the reference belongs to
  let lastKey = null;

  input.addEventListener('input', () => {
    reference = input.value;
    typed = true;
    requestRender();
  });
  resetButton.addEventListener('click', () => {
    typed = false;
    referenceFor = null; // taken again from the model's translation on the next render
    requestRender();
  });

  const showData = (shown, message = '') => {
    for (const part of dataParts) part.hidden = !shown;
    empty.hidden = shown;
    empty.textContent = message;
  };

  function showSummary(losses) {
    const total = losses.reduce((sum, loss) => sum + loss, 0);
    const mean = total / losses.length;
    const entries = [
      [t('whatif.forcing.total'), formatNumber(total, 3), 'total'],
      [t('whatif.forcing.mean'), formatNumber(mean, 3), 'mean'],
      [t('whatif.forcing.perplexity'), formatNumber(Math.exp(mean), 2), 'perplexity'],
      [
        t('whatif.forcing.count'),
        t('whatif.forcing.countValue', { count: losses.length }),
        'count',
      ],
    ];
    summary.replaceChildren(
      ...entries.map(([term, value, name]) => {
        const group = document.createElement('div');
        const dt = document.createElement('dt');
        dt.textContent = term;
        const dd = document.createElement('dd');
        dd.textContent = value;
        dd.dataset.value = name;
        group.append(dt, dd);
        return group;
      }),
    );
    summary.dataset.total = String(total);
    summary.dataset.mean = String(mean);
    summary.dataset.perplexity = String(Math.exp(mean));
  }

  function showRows(scored, losses) {
    const K = scored.topK;
    // A word the model gives p = 0 (underflow) has an infinite loss: its bar is simply full.
    const worst = Math.max(1e-9, ...losses.filter(Number.isFinite));
    rows.replaceChildren(
      ...scored.outTokens.map((token, k) => {
        const row = document.createElement('tr');
        const p = scored.tokenProbs[k];
        row.dataset.word = token;
        row.dataset.prob = String(p);
        row.dataset.loss = String(losses[k]);
        const word = document.createElement('th');
        word.scope = 'row';
        word.textContent = displayWord(token);
        const prob = document.createElement('td');
        prob.textContent = formatNumber(p, 3);
        const loss = document.createElement('td');
        loss.textContent = formatNumber(losses[k], 3);
        const barCell = document.createElement('td');
        barCell.className = 'forcing-bar-cell';
        const bar = document.createElement('span');
        bar.className = 'forcing-bar';
        bar.style.width = `${Math.min(100, (100 * losses[k]) / worst)}%`;
        barCell.append(bar);
        const pick = document.createElement('td');
        const pickId = K > 0 ? scored.topkIds[k * K] : -1;
        const same = pickId === scored.outIds[k];
        pick.className = same ? 'forcing-same' : 'forcing-other';
        pick.textContent = same
          ? t('whatif.forcing.samePick')
          : t('whatif.forcing.otherPick', {
              word: displayWord(scored.topkWords[k * K]),
              prob: formatNumber(scored.topkProbs[k * K], 3),
            });
        row.append(word, prob, loss, barCell, pick);
        return row;
      }),
    );
  }

  return {
    render(state) {
      const { explorer, trace, theme } = state;
      if (!trace) return showData(false, t('whatif.forcing.noSentence'));
      // The reference starts as the model's own translation, and follows it (τ moves it) until
      // the user types their own; a new French sentence starts over (a new τ does not: the
      // reference is still a translation of the same sentence).
      if (state.text !== referenceFor) {
        referenceFor = state.text;
        typed = false;
      }
      if (!typed) reference = trace.translation;
      if (input.value !== reference) input.value = reference;
      const key = [trace, reference, theme, heatmap.width(), language()];
      if (lastKey && key.every((v, k) => v === lastKey[k])) return;
      lastKey = key;
      resetButton.disabled = reference === trace.translation;

      if (!reference.trim()) return showData(false, t('whatif.forcing.emptyReference'));
      const scored = explorer.score(state.text, reference, {
        temperature: state.temperature,
        topK: TOP_K,
      });
      if (!scored.ok) {
        unknownNotice.hidden = true;
        return showData(false, t('whatif.forcing.failed', { error: scored.error }));
      }
      showData(true);
      const unknown = scored.unknownReferenceWords ?? [];
      unknownNotice.hidden = unknown.length === 0;
      unknownNotice.textContent = unknown.length
        ? t('whatif.forcing.unknown', {
            words: [...new Set(unknown)].map((word) => t('draw.quoted', { word })).join(', '),
          })
        : '';
      unknownNotice.dataset.words = unknown.join(' ');

      const losses = Array.from(scored.tokenProbs, (p) => -Math.log(p));
      showSummary(losses);
      showRows(scored, losses);
      const worst = losses.indexOf(Math.max(...losses));
      const own = Array.from(trace.tokenProbs, (p) => -Math.log(p));
      const ownMean = own.reduce((sum, loss) => sum + loss, 0) / Math.max(1, own.length);
      compare.textContent = [
        t('whatif.forcing.surprise', {
          word: displayWord(scored.outTokens[worst]),
          loss: formatNumber(losses[worst], 3),
        }),
        t('whatif.forcing.compare', {
          mean: formatNumber(ownMean, 3),
          perplexity: formatNumber(Math.exp(ownMean), 2),
        }),
      ].join(' ');
      const attention = scored.attention && scored.alpha.length > 0;
      heatmapTitle.hidden = !attention;
      heatmap.render(
        attention
          ? {
              alpha: scored.alpha,
              rows: scored.steps,
              cols: scored.srcLen,
              rowLabels: scored.outTokens.map(displayWord),
              colLabels: scored.tokens,
              outlinedRow: -1,
            }
          : null,
        theme,
      );
    },
  };
}
