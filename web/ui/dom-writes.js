// DOM writes for the views that run on every keystroke, skipped when they would change nothing:
// setting `hidden` to the value it already has still makes the browser restyle the element, and
// equal text written again replaces the text node, which is laid out and painted again.

export function updateHidden(element, hidden) {
  if (element.hidden !== hidden) element.hidden = hidden;
}

export function updateText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

export function updateData(element, key, value) {
  if (element.dataset[key] !== value) element.dataset[key] = value;
}
