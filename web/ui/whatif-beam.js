// What if… the decoder kept several drafts? Greedy / beam switch and width, the beam tree
// (draw/beam-tree.js) with one focusable element per box, the final hypotheses with their
// scores, and the attention rows of the selected prefix. Everything drawn comes from
// explorer.beam(); the tree is recomputed only when the sentence, τ or the width change.
import { drawBeamTree, beamTreeSlots } from '../draw/beam-tree.js';
import { createCanvasHost } from './canvas-host.js';
import { createWhatIfHeatmap } from './whatif-heatmap.js';
import { displayWord } from '../lib/format.js';
import { t, language, onLanguageChange, formatNumber, formatSigned } from '../lib/i18n.js';
import { sentenceKey } from './whatif-sentence.js';

const DEFAULT_WIDTH = 4;

export function createBeamPart(panel, { requestRender }) {
  const greedyRadio = panel.querySelector('#beam-mode-greedy');
  const beamRadio = panel.querySelector('#beam-mode-beam');
  const widthInput = panel.querySelector('#beam-width');
  const widthValue = panel.querySelector('#beam-width-value');
  const verdict = panel.querySelector('#beam-verdict');
  const treeBox = panel.querySelector('#beam-tree');
  const results = panel.querySelector('#beam-results');
  const list = panel.querySelector('#beam-hypotheses');
  const selectedText = panel.querySelector('#beam-selected');

  const treeLabel = () => t('whatif.beam.tree');
  const host = createCanvasHost(treeBox, { label: treeLabel, onResize: requestRender });
  host.canvas.setAttribute('aria-hidden', 'true');
  host.canvas.style.maxWidth = 'none'; // wider than its box on purpose: the box scrolls
  const overlay = document.createElement('div');
  overlay.className = 'beam-overlay';
  overlay.setAttribute('role', 'tree');
  const nameOverlay = () => overlay.setAttribute('aria-label', treeLabel());
  nameOverlay();
  onLanguageChange(nameOverlay);
  treeBox.append(overlay);
  const empty = document.createElement('p');
  empty.className = 'unavailable';
  empty.hidden = true;
  treeBox.before(empty);
  const showData = (shown) => {
    empty.hidden = shown;
    for (const part of [verdict, treeBox, results]) part.hidden = !shown;
  };
  const heatmap = createWhatIfHeatmap(panel.querySelector('#beam-attention'), {
    label: () => t('whatif.beam.selectedCanvas'),
    onResize: requestRender,
  });

  let width = DEFAULT_WIDTH;
  let greedy = false;
  let computedFor = null; // sentenceKey() of the sentence the beam was computed for
  let computedWidth = 0;
  let beam = null; // toTree() of the last explorer.beam() result
  let selected = -1;
  let items = [];
  let labelled = null; // the beam and the language the words around the tree were written for
  let lastKey = null;

  const effectiveWidth = () => (greedy ? 1 : width);
  function syncControls() {
    greedyRadio.checked = greedy;
    beamRadio.checked = !greedy;
    widthInput.disabled = greedy;
    widthInput.value = String(width);
    widthValue.textContent = String(effectiveWidth());
  }
  syncControls();
  const onMode = () => {
    greedy = greedyRadio.checked;
    syncControls();
    requestRender();
  };
  greedyRadio.addEventListener('change', onMode);
  beamRadio.addEventListener('change', onMode);
  widthInput.addEventListener('input', () => {
    width = Number(widthInput.value);
    syncControls();
    requestRender();
  });

  // One tab stop in the tree (roving tabindex): the selected box.
  function setSelected(k) {
    selected = k;
    for (const [index, item] of items.entries()) {
      const on = index === k;
      item.setAttribute('aria-selected', String(on));
      item.tabIndex = on ? 0 : -1;
    }
  }
  function select(k, { focus = false } = {}) {
    if (!beam || k < 0 || k >= beam.nodes.length) return;
    setSelected(k);
    if (focus) items[k].focus();
    requestRender();
  }

  overlay.addEventListener('focusin', (event) => {
    const k = Number(event.target.dataset?.node);
    if (Number.isInteger(k) && k !== selected) select(k);
  });
  overlay.addEventListener('click', (event) => {
    const item = event.target.closest?.('.beam-node');
    if (item) select(Number(item.dataset.node), { focus: true });
  });
  overlay.addEventListener('keydown', (event) => {
    if (!beam || selected < 0) return;
    const next = neighbour(beam, selected, event.key);
    if (next === undefined) return;
    event.preventDefault(); // the arrows move in the tree here, not the page's stepper
    if (next >= 0) select(next, { focus: true });
  });
  list.addEventListener('click', (event) => {
    const button = event.target.closest?.('button[data-node]');
    if (button) select(Number(button.dataset.node));
  });

  function buildItems() {
    const fragment = document.createDocumentFragment();
    items = beam.nodes.map((node, k) => {
      const item = document.createElement('div');
      item.className = 'beam-node';
      item.setAttribute('role', 'treeitem');
      item.setAttribute('aria-level', String(node.step));
      item.dataset.node = String(k);
      item.dataset.step = String(node.step);
      item.dataset.word = node.token;
      item.dataset.role = node.rank === 0 ? 'best' : node.rank > 0 ? 'final' : 'pruned';
      item.tabIndex = -1;
      fragment.append(item);
      return item;
    });
    overlay.replaceChildren(fragment);
  }

  /** The words of the tree, the list and the verdict, in the interface language. */
  function label(trace) {
    beam.nodes.forEach((node, k) => {
      const role =
        node.rank === 0
          ? t('whatif.beam.roleBest')
          : node.rank > 0
            ? t('whatif.beam.roleFinal', { rank: node.rank + 1 })
            : t('whatif.beam.rolePruned');
      items[k].setAttribute(
        'aria-label',
        t('whatif.beam.node', {
          step: node.step,
          word: node.word,
          logProb: formatSigned(node.logProb, 2),
          prob: formatNumber(node.tokenProb, 2),
          role: node.finished ? t('whatif.beam.roleFinished', { role }) : role,
        }),
      );
    });
    buildList(trace);
    const best = beam.result.hypotheses[0]?.translation ?? '';
    const width = beam.width;
    verdict.textContent =
      width === 1
        ? t('whatif.beam.greedyChain', { translation: best })
        : best === trace.translation
          ? t('whatif.beam.agrees', { width, translation: best })
          : t('whatif.beam.differs', { width, translation: best, greedy: trace.translation });
  }

  function buildList(trace) {
    const { result } = beam;
    list.replaceChildren(
      ...result.hypotheses.map((h, r) => {
        const item = document.createElement('li');
        item.dataset.translation = h.translation;
        item.dataset.score = String(h.score);
        item.dataset.logProb = String(h.logProb);
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'beam-hypothesis';
        button.dataset.node = String(h.nodes[h.nodes.length - 1]);
        const sentence = document.createElement('span');
        sentence.className = 'beam-hypothesis-text';
        sentence.textContent = t('whatif.beam.hypothesis', {
          rank: r + 1,
          translation: h.translation,
        });
        const numbers = document.createElement('span');
        numbers.className = 'beam-hypothesis-numbers';
        numbers.textContent = t('whatif.beam.hypothesisScores', {
          logProb: formatSigned(h.logProb, 3),
          score: formatSigned(h.score, 3),
          words: h.nodes.length,
        });
        button.append(sentence, numbers);
        const badges = [];
        if (r === 0) badges.push(t('whatif.beam.bestBadge'));
        if (h.translation === trace.translation) badges.push(t('whatif.beam.greedyBadge'));
        for (const text of badges) {
          const badge = document.createElement('span');
          badge.className = 'beam-badge';
          badge.textContent = text;
          button.append(badge);
        }
        item.append(button);
        return item;
      }),
    );
  }

  function compute(state) {
    const { explorer, text, trace, temperature } = state;
    computedFor = sentenceKey(state);
    computedWidth = effectiveWidth();
    const result = explorer.beam(text, { beamWidth: computedWidth, temperature });
    beam = result.ok ? { ...toTree(result), width: computedWidth } : null;
    if (!beam) {
      empty.textContent = result.error || t('whatif.beam.noSentence');
      return;
    }
    buildItems();
    const best = result.hypotheses[0];
    setSelected(best ? best.nodes[best.nodes.length - 1] : 0);
  }

  function describeSelection() {
    const { result, nodes } = beam;
    const node = nodes[selected];
    const path = pathTo(nodes, selected);
    const parts = [
      t('whatif.beam.prefix', { words: path.map((k) => nodes[k].word).join(' ') }),
      t('whatif.beam.prefixProb', {
        logProb: formatSigned(node.logProb, 3),
        prob: formatNumber(Math.exp(node.logProb), 3),
      }),
      t('whatif.beam.wordProb', { word: node.word, prob: formatNumber(node.tokenProb, 3) }),
    ];
    if (node.finalRank >= 0)
      parts.push(
        t('whatif.beam.finalOf', {
          rank: node.finalRank + 1,
          count: result.hypotheses.length,
          score: formatSigned(result.hypotheses[node.finalRank].score, 3),
        }),
      );
    else if (node.rank < 0) parts.push(t('whatif.beam.prunedNote'));
    selectedText.textContent = parts.join(' ');
    return path;
  }

  return {
    render(state) {
      const { explorer, trace, theme } = state;
      const available = Boolean(trace) && typeof explorer?.beam === 'function';
      if (!available) {
        empty.textContent = t(trace ? 'whatif.beam.noBeam' : 'whatif.beam.noSentence');
        showData(false);
        beam = null;
        computedFor = null;
        return;
      }
      if (sentenceKey(state) !== computedFor || computedWidth !== effectiveWidth()) compute(state);
      showData(Boolean(beam));
      if (!beam) return;
      if (labelled?.beam !== beam || labelled.language !== language()) {
        labelled = { beam, language: language() };
        label(state.trace);
      }
      const key = [beam, selected, theme, host.width(), heatmap.width(), language()];
      if (lastKey && key.every((v, k) => v === lastKey[k])) return;
      lastKey = key;
      const layout = drawBeamTree(
        host.canvas,
        { nodes: beam.nodes, steps: beam.steps, startLabel: t('word.start'), selected },
        { width: host.width(), theme },
      );
      layout.nodes.forEach((box, k) => {
        const item = items[k];
        item.style.left = `${box.x}px`;
        item.style.top = `${box.y}px`;
        item.style.width = `${box.w}px`;
        item.style.height = `${box.h}px`;
      });
      for (const button of list.querySelectorAll('button[data-node]'))
        button.setAttribute('aria-pressed', String(Number(button.dataset.node) === selected));

      const path = describeSelection();
      const { result } = beam;
      const T = result.srcLen;
      const usable = result.nodeAlpha.length === result.nodeCount * T && T > 0;
      const alpha = new Float32Array(path.length * T);
      if (usable)
        path.forEach((k, r) => alpha.set(result.nodeAlpha.subarray(k * T, (k + 1) * T), r * T));
      heatmap.render(
        usable
          ? {
              alpha,
              rows: path.length,
              cols: T,
              rowLabels: path.map((k) => beam.nodes[k].word),
              colLabels: result.tokens,
              outlinedRow: path.length - 1,
            }
          : null,
        theme,
      );
    },
  };
}

/** The beam result as plain tree data for draw/beam-tree.js. */
function toTree(result) {
  const n = result.nodeCount;
  const rank = new Int32Array(n).fill(-1);
  const finalRank = new Int32Array(n).fill(-1);
  // Hypotheses come best first, so the first one to claim a node is its best rank.
  result.hypotheses.forEach((h, r) => {
    for (const k of h.nodes) if (rank[k] < 0) rank[k] = r;
    if (h.nodes.length) finalRank[h.nodes[h.nodes.length - 1]] = r;
  });
  const nodes = Array.from({ length: n }, (_, k) => ({
    parent: result.nodeParent[k],
    step: result.nodeStep[k],
    token: result.nodeWords[k],
    word: displayWord(result.nodeWords[k]),
    logProb: result.nodeLogProb[k],
    tokenProb: result.nodeTokenProb[k],
    finished: result.nodeFinished[k] === 1,
    rank: rank[k],
    finalRank: finalRank[k],
  }));
  let steps = 0;
  for (const node of nodes) steps = Math.max(steps, node.step);
  return { result, nodes, steps, slots: beamTreeSlots(nodes).slots };
}

function pathTo(nodes, k) {
  const path = [];
  for (let at = k; at >= 0; at = nodes[at].parent) path.push(at);
  return path.reverse();
}

/**
 * The node a key moves to from node k, in the order the tree is drawn: ← its parent, → its first
 * child, ↑ ↓ the boxes above and below in its column, Home the top of the first column, End the
 * end of the best translation. -1: the key is the tree's but leads nowhere; undefined: not a key
 * of the tree.
 */
function neighbour({ nodes, slots, result }, k, key) {
  const find = (test) => {
    let found = -1;
    nodes.forEach((node, index) => {
      if (test(node, index) && (found < 0 || slots[index] < slots[found])) found = index;
    });
    return found;
  };
  switch (key) {
    case 'ArrowLeft':
      return nodes[k].parent;
    case 'ArrowRight':
      return find((node) => node.parent === k);
    case 'ArrowUp':
    case 'ArrowDown': {
      const slot = slots[k] + (key === 'ArrowUp' ? -1 : 1);
      return find((node, index) => node.step === nodes[k].step && slots[index] === slot);
    }
    case 'Home':
      return find((node) => node.step === 1);
    case 'End': {
      const best = result.hypotheses[0];
      return best ? best.nodes[best.nodes.length - 1] : -1;
    }
    default:
      return undefined;
  }
}
