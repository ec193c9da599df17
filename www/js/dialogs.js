// The modal dialogs: new game settings, loading a game from text, and resigning.

import { DEFAULT_RULE, RULES } from './constants.js';
import { t } from './i18n.js';
import { RENJU_OPENINGS, SWAPS } from './opening.js';
import { openingLabel } from './presenter.js';

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
  const opening = $('opening');
  let openingRule = null;
  // The openings follow the rule: swaps for freestyle and standard, the 26 canonical
  // openings for renju; a choice that still fits is kept.
  const fillOpenings = (wanted) => {
    const rule = elements.rule.value;
    if (rule === openingRule && wanted === undefined) return;
    const keep = wanted ?? opening.value;
    openingRule = rule;
    const option = (value, label, title = '') => Object.assign(new Option(label, value), { title });
    const options = [option('none', t('openingNone'))];
    if (rule === 'renju') {
      options.push(option('random', t('openingRandom')));
      for (const kind of ['direct', 'indirect']) {
        const group = document.createElement('optgroup');
        group.label = t(kind === 'direct' ? 'openingDirect' : 'openingIndirect');
        group.append(...RENJU_OPENINGS.filter((o) => o.kind === kind).map((o) => option(o.id, openingLabel(o))));
        options.push(group);
      }
    } else {
      options.push(...SWAPS.map((id) => option(id, t(id), t(`${id}Title`))));
    }
    opening.replaceChildren(...options);
    opening.value = [...opening.querySelectorAll('option')].some((o) => o.value === keep) ? keep : 'none';
  };
  fillOpenings(current.opening ?? 'none');

  const showFields = () => {
    const mode = elements.mode.value;
    fillOpenings();
    const swap = SWAPS.includes(opening.value);
    $('opening-note').textContent = t(elements.rule.value === 'renju' ? 'openingNoteRenju' : 'openingNote');
    $('first-legend').textContent = t(swap ? 'firstSwap' : 'firstMove');
    $('first-human').textContent = t(swap ? 'firstSwapHuman' : 'firstHuman');
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
        opening: String(data.get('opening') ?? 'none'),
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
