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

/**
 * The light and dark palettes as data, for drawings that cannot read the page's stylesheet: the
 * embedded element (inside its shadow root) and the drawing modules' tests. The same colours as
 * style.css's custom properties.
 */
export const THEMES = {
  light: {
    bg: '#f3f2ee',
    card: '#ffffff',
    ink: '#1b1f2a',
    muted: '#596171',
    faint: '#ebe9e3',
    grid: '#d6d3cb',
    accent: '#2f4fb3',
    focus: '#2f4fb3',
    error: '#a1262b',
    dark: false,
  },
  dark: {
    bg: '#0d1016',
    card: '#161b24',
    ink: '#e7e9ef',
    muted: '#a2a9b8',
    faint: '#202733',
    grid: '#2e3645',
    accent: '#8fa8ff',
    focus: '#9fb4ff',
    error: '#ff9a9a',
    dark: true,
  },
};
