// Where the game is kept: in the browser's storage (brought back on the next visit) and in
// the address (a link that reproduces it). Both follow the store as a subscriber; embeds
// keep nothing.

import { BLACK, MAX_MOVES, MAX_MOVES_TEXT, MAX_SIZE, MIN_SIZE, RULES, WHITE } from './constants.js';
import { compactMoves, parsePoint } from './records.js';
import * as storage from './storage.js';
import { gameHash } from './url-state.js';

/** The hash that reproduces the store's game. */
export function hashOf(store) {
  return gameHash({ ...store.settings(), moves: compactMoves(store.moves()) });
}

/** A link to the store's game on this page. */
export function shareLink(store) {
  const url = new URL(location.href);
  url.search = '';
  url.hash = hashOf(store);
  return url.href;
}

/** After every change of the game: save it and put it in the address. */
export function keepGame(store, { game }) {
  if (!game || store.embed || !store.game) return;
  const saved = storage.save(storage.GAME_KEY, {
    v: 1,
    ...store.settings(),
    moves: store.game.move_list().trim(),
    redo: store.redo,
    resigned: store.resigned,
  });
  // Storage switched off or full: say so, since the bare address will not bring the game back.
  store.noteSaved(saved);
  const hash = hashOf(store);
  if (location.hash !== hash) history.replaceState(history.state, '', hash);
}

/**
 * Starts the game saved by an earlier visit: `{ restored }`, and `broken` when what was
 * saved could not be used (it is then removed).
 */
export function restoreGame(store) {
  const saved = storage.load(storage.GAME_KEY);
  if (saved === null) return { restored: false };
  // Games saved before levels had that name say "opponent".
  const level = saved?.level ?? saved?.opponent;
  const valid =
    saved && typeof saved === 'object' && saved.v === 1 &&
    Number.isInteger(saved.size) && saved.size >= MIN_SIZE && saved.size <= MAX_SIZE &&
    RULES.includes(saved.rule) && store.levels.isLevel(level) &&
    (saved.human === BLACK || saved.human === WHITE) &&
    typeof saved.moves === 'string' && saved.moves.length <= MAX_MOVES_TEXT &&
    Array.isArray(saved.redo) && saved.redo.length <= MAX_MOVES && saved.redo.every((m) => parsePoint(m));
  if (valid) {
    const { size, rule, human, moves, redo } = saved;
    if (store.start({ size, rule, level, human, moves, redo, resigned: saved.resigned === true }) === null) {
      return { restored: true };
    }
  }
  storage.remove(storage.GAME_KEY);
  return { restored: false, broken: true };
}
