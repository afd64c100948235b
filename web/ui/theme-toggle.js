// Light / dark: follows the system until the user picks one with the toggle (remembered).
import { initialThemeChoice } from '../lib/theme.js';
import { t, onLanguageChange } from '../lib/i18n.js';

export function setUpThemeToggle(button, onChange) {
  const root = document.documentElement;
  const system = matchMedia('(prefers-color-scheme: dark)');
  const label = button.querySelector('.theme-toggle-label');
  let choice = initialThemeChoice();
  const isDark = () => (choice ? choice === 'dark' : system.matches);
  const relabel = () => {
    label.textContent = t(isDark() ? 'theme.toLight' : 'theme.toDark');
  };
  // The dark palette's stylesheet applies by its media: the system's preference until a choice.
  const darkPalette = document.getElementById('dark-palette');
  const apply = () => {
    if (choice) root.dataset.theme = choice;
    else delete root.dataset.theme;
    darkPalette.media = choice ? (choice === 'dark' ? 'all' : 'not all') : system.media;
    button.setAttribute('aria-pressed', String(isDark()));
    relabel();
    onChange();
  };
  onLanguageChange(relabel);
  button.addEventListener('click', () => {
    choice = isDark() ? 'light' : 'dark';
    try {
      localStorage.setItem('attention-explorer-theme', choice);
    } catch {
      // not remembered, still applied
    }
    apply();
  });
  system.addEventListener('change', apply);
  apply();
}
