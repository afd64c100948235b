// Sharing: the address bar follows what the reader sees (sentence, step, selected heatmap cell,
// temperature, model and the chapter in view; lib/url-state.js), so a copied link reopens the same
// view; the "Copy link" button; and the download buttons (export-menu.js) in the same toolbar.
// The address is updated with history.replaceState a moment after the last change: typing or
// stepping never floods the history, and the Back button still leaves the page.
//
// Register it first in main.js' views: on its first render it drops what the link asked for but
// the trace cannot show (a step past the end, a cell outside the heatmap) before the other views
// draw it.
import { VIEWS, DEFAULT_VIEW, formatUrlState, cellInTrace } from '../lib/url-state.js';
import { createExportMenu } from './export-menu.js';
import { t, onLanguageChange } from '../lib/i18n.js';

/** Quiet time before the address follows a change. */
const URL_DELAY_MS = 400;
const MESSAGE_MS = 5000;
/** A chapter is "in view" once its top has passed this line (px from the top of the window). */
const VIEW_LINE_PX = 160;
/** What tells that the reader, not the page, is moving around. */
const TAKEOVER_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'];

/**
 * `requested`: what the link the page was opened with asked for (parseUrlState); `update(patch)`
 * changes the page's state.
 */
export function createShareView(container, { requested, update }) {
  // A group, not a toolbar: a toolbar promises arrow-key moves, and the arrows step the decoder.
  container.setAttribute('role', 'group');
  const copyButton = document.createElement('button');
  copyButton.type = 'button';
  copyButton.className = 'button';
  copyButton.id = 'copy-link';
  const linkField = document.createElement('input');
  linkField.type = 'text';
  linkField.readOnly = true;
  linkField.className = 'text-field share-link';
  linkField.id = 'share-link';
  linkField.hidden = true;
  const status = document.createElement('p');
  status.className = 'share-status';
  status.id = 'share-status';
  status.setAttribute('role', 'status');
  container.append(copyButton, linkField);
  const exportMenu = createExportMenu(container, { say });
  container.append(status);
  function relabel() {
    container.setAttribute('aria-label', t('share.group'));
    copyButton.textContent = t('share.copyLink');
    copyButton.title = t('share.copyLinkTitle');
    linkField.setAttribute('aria-label', t('share.linkField'));
  }
  relabel();
  onLanguageChange(relabel);

  let messageTimer = 0;
  function say(message) {
    status.textContent = message;
    clearTimeout(messageTimer);
    messageTimer = setTimeout(() => (status.textContent = ''), MESSAGE_MS);
  }

  let state = null; // the page's live state object, as last rendered
  let view = requested.view ?? DEFAULT_VIEW;
  let urlTimer = 0;
  function writeUrl() {
    clearTimeout(urlTimer);
    const search = formatUrlState(
      {
        text: state.text,
        step: state.step,
        cell: state.selectedCell,
        view,
        temperature: state.temperature,
        model: state.modelName,
      },
      location.search,
    );
    if (search !== location.search)
      history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }
  const scheduleUrl = () => {
    clearTimeout(urlTimer);
    urlTimer = setTimeout(writeUrl, URL_DELAY_MS);
  };

  copyButton.addEventListener('click', async () => {
    if (state) {
      view = viewInWindow(); // a scroll whose frame has not run yet still counts
      writeUrl();
    }
    const link = location.href;
    try {
      await navigator.clipboard.writeText(link);
      linkField.hidden = true;
      say(t('share.copied'));
    } catch {
      // No clipboard access (an insecure origin, a denied permission, an old browser): the link
      // is shown selected, one key press away from the clipboard.
      linkField.value = link;
      linkField.hidden = false;
      linkField.focus();
      linkField.select();
      say(t('share.copyByHand'));
    }
  });
  linkField.addEventListener('blur', () => (linkField.hidden = true));

  // The chapter in view: the last one whose top has passed the line, or, scrolled to the very
  // bottom, the last one that shows at all (a short last chapter never reaches the line).
  const sections = Object.entries(VIEWS)
    .map(([name, selector]) => [name, document.querySelector(selector)])
    .filter(([, element]) => element);
  function viewInWindow() {
    const bottom = scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
    let current = DEFAULT_VIEW;
    for (const [name, element] of sections) {
      const top = element.getBoundingClientRect().top;
      if (top <= VIEW_LINE_PX || (bottom && top < innerHeight)) current = name;
    }
    return current;
  }
  let scrollFrame = 0;
  function followScroll() {
    scrollFrame = 0;
    const next = viewInWindow();
    if (next === view) return;
    view = next;
    scheduleUrl();
  }

  const followView = () =>
    addEventListener('scroll', () => (scrollFrame ||= requestAnimationFrame(followScroll)), {
      passive: true,
    });

  /**
   * Brings the linked chapter to the top of the window and keeps it there while the page grows
   * above it (sections are drawn as they come near the screen, some models load late), until the
   * reader scrolls, clicks or presses a key; from then on the address follows the reader.
   */
  function holdView(element) {
    const bringBack = () => element.scrollIntoView({ block: 'start' });
    bringBack();
    const growth = new ResizeObserver(bringBack);
    growth.observe(document.body);
    const release = () => {
      growth.disconnect();
      for (const type of TAKEOVER_EVENTS) removeEventListener(type, release, true);
      followView();
    };
    for (const type of TAKEOVER_EVENTS)
      addEventListener(type, release, { capture: true, passive: true });
  }

  /** The first render: drop what the trace cannot show, then go to the linked chapter. */
  function restore(current) {
    if (requested.step && current.trace && requested.step > current.trace.steps)
      update({ step: 1 });
    const linked = sections.find(([name]) => name === view && name !== DEFAULT_VIEW)?.[1];
    // After this frame's render, when the other views have drawn.
    requestAnimationFrame(() => (linked ? holdView(linked) : followView()));
  }

  let lastKey = null;
  return {
    render(current) {
      if (!state) restore(current);
      state = current;
      if (current.selectedCell && !cellInTrace(current.selectedCell, current.trace))
        update({ selectedCell: null });
      const key = [
        current.text,
        current.step,
        current.selectedCell,
        current.temperature,
        current.modelName,
      ];
      if (!lastKey || key.some((value, k) => value !== lastKey[k])) scheduleUrl();
      lastKey = key;
      exportMenu.render(current);
    },
  };
}
