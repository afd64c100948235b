// English / French: starts in the language chooseLanguage() picks (?lang=, the remembered choice,
// the browser's preference) and switches with the header button, which offers the other language
// in its own words (its text and lang attribute come from the dictionaries, data-i18n).
import { initialLanguage, setLanguage, t } from '../lib/i18n.js';

export function setUpLanguageToggle(button, onChange) {
  setLanguage(initialLanguage());
  button.addEventListener('click', () => {
    const next = t('language.other');
    setLanguage(next, { remember: true });
    // A shared link that named a language keeps naming the one now on screen.
    const url = new URL(location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.set('lang', next);
      history.replaceState(history.state, '', url);
    }
    onChange();
  });
}
