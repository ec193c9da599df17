// The modal dialogs: new game settings, loading a game from text, and resigning.

import { DEFAULT_RULE, RULES } from './constants.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Opens `dialog` and resolves with what `finish` was called with (null on Cancel or Esc). */
function run(dialog, setup) {
  return new Promise((resolve) => {
    const cleanups = [];
    const finish = (value) => {
      for (const cleanup of cleanups) cleanup();
      if (dialog.open) dialog.close();
      resolve(value);
    };
    const on = (target, type, handler) => {
      target.addEventListener(type, handler);
      cleanups.push(() => target.removeEventListener(type, handler));
    };
    on(dialog, 'close', () => finish(null));
    setup({ finish, on });
    dialog.showModal();
  });
}

/**
 * Asks for the settings of a new game, starting from `current`
 * (`{ mode: 'play'|'two'|'watch', first: 'human'|'computer', level, whiteLevel, rule, size }`); resolves to the chosen ones or null.
 * `method(id)` says how a level plays, for the line under the level menu.
 */
export function askNewGame(current, method) {
  const dialog = $('new-game-dialog');
  const form = $('settings');
  const { elements } = form;
  elements.first.value = current.first;
  elements.rule.value = RULES.includes(current.rule) ? current.rule : DEFAULT_RULE;
  const size = $('size');
  if (![...size.options].some((o) => Number(o.value) === current.size)) {
    size.add(new Option(`${current.size} × ${current.size}`, String(current.size)));
  }
  size.value = String(current.size);
  elements.mode.value = current.mode;
  const level = $('new-level');
  const white = $('new-level-white');
  level.value = current.level;
  white.value = current.whiteLevel;
  // The fields follow the players: who moves first against the computer; a level for each
  // colour when watching; the coach's level for two people.
  const showFields = () => {
    const mode = elements.mode.value;
    $('first-field').hidden = mode !== 'play';
    $('white-level-field').hidden = mode !== 'watch';
    $('new-level-label').textContent = t(mode === 'watch' ? 'blackLevel' : mode === 'two' ? 'coachLevel' : 'level');
    $('new-level-method').textContent = method(level.value);
    $('new-level-white-method').textContent = method(white.value);
  };
  showFields();

  return run(dialog, ({ finish, on }) => {
    on(form, 'submit', (event) => {
      event.preventDefault();
      const data = new FormData(form);
      finish({
        mode: ['play', 'two', 'watch'].includes(data.get('mode')) ? data.get('mode') : 'play',
        first: data.get('first') === 'computer' ? 'computer' : 'human',
        level: String(data.get('level')),
        whiteLevel: String(data.get('whiteLevel')),
        rule: String(data.get('rule')),
        size: Number(data.get('size')),
      });
    });
    on($('new-game-cancel'), 'click', () => finish(null));
    on(form, 'change', showFields);
  });
}

/**
 * Asks for a game as text. `load(text)` returns an error message to show (the dialog stays
 * open) or null when the game was loaded.
 */
export function askLoad(load) {
  const dialog = $('load-dialog');
  const text = $('load-text');
  const error = $('load-error');
  error.textContent = '';
  return run(dialog, ({ finish, on }) => {
    on($('load-form'), 'submit', (event) => {
      event.preventDefault();
      const message = load(text.value);
      if (message) error.textContent = message;
      else finish(true);
    });
    on($('load-cancel'), 'click', () => finish(null));
  });
}

/** Asks whether to resign: resolves to true on Resign, false on Cancel or Esc. */
export async function askResign() {
  const answer = await run($('resign-dialog'), ({ finish, on }) => {
    on($('resign-form'), 'submit', (event) => {
      event.preventDefault();
      finish(true);
    });
    on($('resign-cancel'), 'click', () => finish(false));
  });
  return answer === true;
}
