// web/embed.html?s=…&t=…&view=…&model=…&theme=…: one <attention-explorer> filling the frame.
import './attention-explorer.js';

const params = new URLSearchParams(globalThis.location.search);
const explorer = document.querySelector('attention-explorer');
const attributes = { s: 'sentence', t: 'step', view: 'view', model: 'model', theme: 'theme' };
for (const [param, attribute] of Object.entries(attributes)) {
  const value = params.get(param);
  if (value !== null) explorer.setAttribute(attribute, value);
}
explorer.hidden = false;
