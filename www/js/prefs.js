// The player's preferences, kept in the browser: language, the explain switches and
// tap-to-confirm. Read at start; saved whenever they change.

import { LANGUAGES, language, setLanguage } from './i18n.js';
import * as storage from './storage.js';

/** Saved preferences, each checked (storage may hold anything). */
export function loadPrefs() {
  const saved = storage.load(storage.PREFS_KEY);
  const prefs = saved && typeof saved === 'object' ? saved : {};
  const bool = (v) => v === true;
  return {
    lang: typeof prefs.lang === 'string' ? prefs.lang : null,
    heatmap: bool(prefs.heatmap),
    analysis: bool(prefs.analysis),
    numbers: bool(prefs.numbers),
    scores: bool(prefs.scores),
    tapConfirm: bool(prefs.tapConfirm),
  };
}

/**
 * Keeps `prefs` in step with the store (a subscriber) and runs the language menu. The
 * explain switches a link turned on are the link's, not the player's: only what the player
 * changes on the page is saved.
 */
export function bindPrefs(store, prefs, controls) {
  const select = controls.el.lang;
  select.replaceChildren(...LANGUAGES.map(([value, label]) => new Option(label, value)));
  select.value = language();
  const save = (changes) => {
    Object.assign(prefs, changes);
    storage.save(storage.PREFS_KEY, prefs);
  };
  select.addEventListener('change', () => {
    setLanguage(select.value);
    save({ lang: language() });
    store.relabel();
  });
  for (const key of ['heatmap', 'analysis', 'numbers', 'scores']) {
    controls.el[`explain-${key}`].addEventListener('change', (event) => {
      save({ [key]: event.target.checked });
      store.setExplain(key, event.target.checked);
    });
  }
  controls.el['tap-confirm'].addEventListener('change', (event) => {
    save({ tapConfirm: event.target.checked });
    store.setTapConfirm(event.target.checked);
  });
}
