// The theme as plain data for the drawing modules (they never read the DOM themselves).

const VARS = [
  'bg',
  'card',
  'ink',
  'muted',
  'faint',
  'grid',
  'accent',
  'focus',
  'sym-h',
  'sym-s',
  'sym-e',
  'sym-c',
];

export function readTheme(root = document.documentElement) {
  const style = getComputedStyle(root);
  const theme = {};
  for (const name of VARS) theme[camel(name)] = style.getPropertyValue(`--${name}`).trim();
  theme.neutral = style.getPropertyValue('--neutral').trim().split(/\s+/).map(Number);
  theme.dark =
    style.colorScheme === 'dark' || style.getPropertyValue('color-scheme').trim() === 'dark';
  return theme;
}

function camel(name) {
  return name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
}

/** The theme the page starts with: a saved choice, else the system preference. */
export function initialThemeChoice(storage = globalThis.localStorage) {
  try {
    const saved = storage?.getItem('attention-explorer-theme');
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // Storage can be disabled; the system preference applies.
  }
  return null;
}
