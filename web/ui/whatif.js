// The "What if…" chapter: three experiments on the same sentence, one tab each (beam search,
// attention editing, teacher forcing). Only the open tab computes and draws, so the chapter
// costs nothing while the user is elsewhere.
import { createBeamPart } from './whatif-beam.js';
import { createEditPart } from './whatif-edit.js';
import { createForcingPart } from './whatif-forcing.js';

export function createWhatIfView(section, { requestRender }) {
  const tabs = [...section.querySelectorAll('[role="tab"]')];
  const panelOf = (tab) => section.querySelector(`#${tab.getAttribute('aria-controls')}`);
  const parts = new Map([
    ['whatif-beam', createBeamPart(section.querySelector('#whatif-beam'), { requestRender })],
    ['whatif-edit', createEditPart(section.querySelector('#whatif-edit'), { requestRender })],
    [
      'whatif-forcing',
      createForcingPart(section.querySelector('#whatif-forcing'), { requestRender }),
    ],
  ]);
  let open = tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0];

  function choose(tab, { focus = false } = {}) {
    open = tab;
    for (const each of tabs) {
      const selected = each === tab;
      each.setAttribute('aria-selected', String(selected));
      each.tabIndex = selected ? 0 : -1;
      panelOf(each).hidden = !selected;
    }
    if (focus) tab.focus();
    requestRender();
  }
  choose(open);

  section.querySelector('[role="tablist"]').addEventListener('click', (event) => {
    const tab = event.target.closest?.('[role="tab"]');
    if (tab) choose(tab);
  });
  // Tabs follow focus: ← → move between them (wrapping), Home / End go to the ends.
  section.querySelector('[role="tablist"]').addEventListener('keydown', (event) => {
    const at = tabs.indexOf(event.target);
    const moves = {
      ArrowLeft: (at - 1 + tabs.length) % tabs.length,
      ArrowRight: (at + 1) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    if (at < 0 || !(event.key in moves)) return;
    event.preventDefault(); // the arrows switch tabs here, not the page's stepper
    choose(tabs[moves[event.key]], { focus: true });
  });

  return {
    element: section,
    render(state) {
      parts.get(open.getAttribute('aria-controls')).render(state);
    },
  };
}
