// The numbers behind every heatmap and bar chart as a real table, for screen readers, for the
// keyboard and for anyone who wants to read or copy a value: a <details> "Show as a table" under
// each chart. A table is built only while its <details> is open (and again only when its data
// changed), so a closed table costs nothing while the user types.
import { t, language, formatNumber, formatPercent, formatSigned } from '../lib/i18n.js';
import { row } from '../lib/trace-data.js';
import { displayWord } from '../lib/format.js';

const sameKey = (a, b) => a && b && a.length === b.length && a.every((v, k) => v === b[k]);

function cell(tag, text, scope) {
  const node = document.createElement(tag);
  node.textContent = text;
  if (scope) node.scope = scope;
  return node;
}

/**
 * @param model {{ caption: string, corner: string, columns: string[],
 *   rows: { head: string, cells: string[], current?: boolean }[],
 *   foot?: { head: string, cells: string[] } }}
 */
export function buildTable({ caption, corner, columns, rows, foot }) {
  const table = document.createElement('table');
  table.className = 'number-table data-table-grid';
  table.append(cell('caption', caption));
  const head = document.createElement('thead');
  const headRow = document.createElement('tr');
  headRow.append(cell('th', corner, 'col'), ...columns.map((c) => cell('th', c, 'col')));
  head.append(headRow);
  const body = document.createElement('tbody');
  for (const r of rows) {
    const tr = document.createElement('tr');
    if (r.current) {
      tr.className = 'current';
      tr.setAttribute('aria-current', 'step');
    }
    tr.append(cell('th', r.head, 'row'), ...r.cells.map((c) => cell('td', c)));
    body.append(tr);
  }
  table.append(head, body);
  if (foot) {
    const tfoot = document.createElement('tfoot');
    const tr = document.createElement('tr');
    tr.append(cell('th', foot.head, 'row'), ...foot.cells.map((c) => cell('td', c)));
    tfoot.append(tr);
    table.append(tfoot);
  }
  return table;
}

/**
 * A "Show as a table" disclosure appended to `parent`. update(key, build) hands it the table's
 * model lazily: build() runs when the disclosure is open and `key` (an array compared item by
 * item) differs from the key of the table on screen. onOpen() runs each time it is opened.
 */
export function createDataTable(parent, { onOpen } = {}) {
  const details = document.createElement('details');
  details.className = 'data-table';
  const summary = document.createElement('summary');
  // A wide table scrolls inside its own box; the box takes focus so the keyboard can scroll it.
  const scroller = document.createElement('div');
  scroller.className = 'table-scroll';
  scroller.tabIndex = 0;
  scroller.setAttribute('role', 'group');
  details.append(summary, scroller);
  parent.append(details);
  const relabel = () => {
    summary.textContent = t('table.show');
  };
  relabel();
  let pending = null;
  let shownKey = null;

  function flush() {
    if (!pending || sameKey(pending.key, shownKey)) return;
    const model = pending.build();
    scroller.replaceChildren(buildTable(model));
    scroller.setAttribute('aria-label', model.caption);
    shownKey = pending.key;
  }
  details.addEventListener('toggle', () => {
    if (!details.open) return;
    flush();
    onOpen?.();
  });

  return {
    element: details,
    /** After a language change: the summary's text (the table follows through its key). */
    relabel,
    update(key, build) {
      details.hidden = false;
      pending = { key, build };
      if (details.open) flush();
    },
    /** No data to show (no trace, a model without attention, a missing file). */
    hide() {
      details.hidden = true;
    },
  };
}

/** Rows = English words, columns = French words, cells = α as a percentage. */
function alignmentModel({ alpha, rows, cols, rowLabels, colLabels }, caption, currentRow = -1) {
  return {
    caption,
    corner: t('table.heatmap.corner'),
    columns: colLabels,
    rows: Array.from({ length: rows }, (_, r) => ({
      head:
        r === currentRow ? t('table.heatmap.currentStep', { word: rowLabels[r] }) : rowLabels[r],
      cells: Array.from({ length: cols }, (_, c) => formatPercent(alpha[r * cols + c])),
      current: r === currentRow,
    })),
  };
}

const hasAttention = (trace) => Boolean(trace && trace.attention && trace.alpha.length);

/**
 * The tables of the main page, as one view: the alignment heatmap, panel 4's softmax bars,
 * panel 6's next-word bars, Step 0's attention pipe and BLEU chart, and the gallery's heatmaps.
 * It reads the same state as the charts; `gallery` is the gallery view (for its snapshot()).
 */
export function createDataTablesView({ gallery, requestRender }) {
  const at = (id) => createDataTable(document.getElementById(id));
  const tables = {
    heatmap: at('heatmap-table'),
    softmax: at('softmax-table'),
    next: at('next-table'),
    pipe: at('pipe-table'),
    bleu: at('bleu-table'),
  };
  const galleryTables = new Map(); // case id -> table, added as the gallery's items appear

  function renderTrace({ trace, analysis, step, temperature }, lang) {
    if (!hasAttention(trace)) {
      for (const name of ['heatmap', 'softmax', 'next', 'pipe']) tables[name].hide();
      return;
    }
    const T = trace.srcLen;
    const i = step - 1;
    const words = analysis.srcWords;
    const word = analysis.outWords[i];
    tables.heatmap.update([trace, step, lang], () =>
      alignmentModel(
        {
          alpha: trace.alpha,
          rows: trace.steps,
          cols: T,
          rowLabels: analysis.outWords,
          colLabels: words,
        },
        t('table.heatmap.caption'),
        i,
      ),
    );
    tables.softmax.update([trace, step, lang, temperature], () => {
      const scores = row(trace.scores, i, T);
      const exps = row(trace.expShifted, i, T);
      const alpha = row(trace.alpha, i, T);
      return {
        caption: t('table.softmax.caption', { step, word }),
        corner: t('table.frenchWord'),
        columns: [
          t('table.softmax.score'),
          t(temperature === 1 ? 'table.softmax.exp' : 'table.softmax.expTemperature'),
          t('table.softmax.alpha'),
        ],
        rows: words.map((w, k) => ({
          head: w,
          cells: [formatSigned(scores[k], 2), formatNumber(exps[k], 3), formatNumber(alpha[k], 3)],
        })),
        foot: {
          head: t('table.sum'),
          cells: [
            '',
            formatNumber(trace.expSum[i], 3),
            formatNumber(
              alpha.reduce((s, a) => s + a, 0),
              3,
            ),
          ],
        },
      };
    });
    tables.next.update([trace, step, lang], () => {
      const K = trace.topK;
      const candidates = Array.from(trace.topkWords.slice(i * K, (i + 1) * K), displayWord);
      const probabilities = row(trace.topkProbs, i, K);
      return {
        caption: t('table.next.caption', { step }),
        corner: t('table.next.word'),
        columns: [t('table.next.probability')],
        rows: candidates.map((w, k) => ({ head: w, cells: [formatNumber(probabilities[k], 3)] })),
      };
    });
    tables.pipe.update([trace, step, lang], () => ({
      caption: t('table.pipe.caption', { step, word }),
      corner: t('table.frenchWord'),
      columns: [t('table.pipe.alpha')],
      rows: words.map((w, k) => ({ head: w, cells: [formatPercent(trace.alpha[i * T + k])] })),
    }));
  }

  function renderBleu(evaluation, lang) {
    const data = evaluation?.data;
    const usable =
      data &&
      Array.isArray(data.buckets) &&
      Array.isArray(data.attention?.bleu) &&
      Array.isArray(data.baseline?.bleu) &&
      data.attention.bleu.length === data.buckets.length;
    if (!usable) return tables.bleu.hide();
    const counts = Array.isArray(data.counts) ? data.counts : null;
    tables.bleu.update([evaluation, lang], () => ({
      caption: t('table.bleu.caption'),
      corner: t('table.bleu.bucket'),
      columns: [
        ...(counts ? [t('table.bleu.count')] : []),
        t('table.bleu.without'),
        t('table.bleu.with'),
      ],
      rows: data.buckets.map((bucket, k) => ({
        head: String(bucket),
        cells: [
          ...(counts ? [String(counts[k])] : []),
          formatNumber(data.baseline.bleu[k], 1),
          formatNumber(data.attention.bleu[k], 1),
        ],
      })),
    }));
  }

  function renderGallery(lang) {
    for (const item of document.querySelectorAll('.gallery-item[data-case]')) {
      if (!galleryTables.has(item.dataset.case))
        galleryTables.set(item.dataset.case, createDataTable(item, { onOpen: requestRender }));
    }
    // The snapshot copies every map's numbers: taken only while one of these tables is open
    // (opening one asks for a render, which lands here).
    const open = [...galleryTables].filter(([, table]) => table.element.open);
    if (!open.length) return;
    const snapshot = gallery.snapshot();
    for (const [id, table] of open) {
      const data = snapshot[id];
      if (!data) {
        table.hide();
        continue;
      }
      const title = document.querySelector(`.gallery-item[data-case="${id}"] h3`)?.textContent;
      table.update(
        [lang, title, data.rows, data.cols, data.alpha.join(), data.rowLabels.join()],
        () => alignmentModel(data, t('table.gallery.caption', { title })),
      );
    }
  }

  let labelledIn = language();
  return {
    render(state) {
      const lang = language();
      if (lang !== labelledIn) {
        labelledIn = lang;
        for (const table of [...Object.values(tables), ...galleryTables.values()]) table.relabel();
      }
      renderTrace(state, lang);
      renderBleu(state.evaluation, lang);
      renderGallery(lang);
    },
  };
}
