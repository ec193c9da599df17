// Where the game is kept: in the browser's storage (brought back on the next visit) and in
// the address (a link that reproduces it). Both follow the store as a subscriber; embeds
// keep nothing.

import { BLACK, HUMAN, MAX_MOVES, MAX_MOVES_TEXT, MAX_SIZE, MIN_SIZE, RULES, WHITE } from './constants.js';
import { compactMoves, parsePoint } from './records.js';
import * as storage from './storage.js';
import { gameHash, queryWithoutGame } from './url-state.js';

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
    resigned: Boolean(store.resigned),
    // The last search shown in the analysis panel, so a reload keeps it.
    report: store.report,
  });
  // Storage switched off or full: say so, since the bare address will not bring the game back.
  store.noteSaved(saved);
  const hash = hashOf(store);
  const search = queryWithoutGame(location.search);
  if (location.hash !== hash || location.search !== search) {
    history.replaceState(history.state, '', `${location.pathname}${search}${hash}`);
  }
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
  const player = (p) => p === HUMAN || store.levels.isLevel(p);
  const players = player(saved?.black) && player(saved?.white) ? { black: saved.black, white: saved.white } : {};
  if (valid) {
    const { size, rule, human, moves, redo } = saved;
    // Checked again by start(): an opening or choice that does not fit is dropped.
    const opening = typeof saved.opening === 'string' ? { opening: saved.opening, choice: typeof saved.choice === 'string' ? saved.choice : '' } : {};
    if (store.start({ size, rule, level, human, ...players, ...opening, moves, redo, resigned: saved.resigned === true }) === null) {
      keepSavedReport(store, saved);
      return { restored: true };
    }
  }
  storage.remove(storage.GAME_KEY);
  return { restored: false, broken: true };
}

/** What the browser keeps of the game (anything: storage may hold whatever). */
export function savedGame() {
  return storage.load(storage.GAME_KEY);
}

/**
 * Shows the search report of `saved` (read before the game started, since starting saves
 * anew) when it was made in this very game (same settings and moves): a reload, from
 * storage or from the game's own link, keeps the analysis panel.
 */
export function keepSavedReport(store, saved) {
  if (!saved || typeof saved !== 'object' || !store.game) return;
  const { size, rule, level, human, black, white } = store.settings();
  const same =
    saved.size === size && saved.rule === rule && (saved.level ?? saved.opponent) === level &&
    saved.human === human && (saved.black ?? black) === black && (saved.white ?? white) === white &&
    saved.moves === store.game.move_list().trim();
  if (same && isReport(saved.report, store.moves())) store.showReport(saved.report);
}

const isWhole = (v, min, max) => Number.isInteger(v) && v >= min && v <= max;
const isPoint = (p) => Array.isArray(p) && p.length === 2 && p.every((v) => isWhole(v, 0, MAX_SIZE - 1));

/**
 * Whether a saved search report can be shown again: the shape the engine gives (checked, as
 * storage may hold anything) and made in this game (its moves lead to the game's).
 */
function isReport(saved, moves) {
  if (!saved || typeof saved !== 'object') return false;
  const { report, color, source } = saved;
  const played = saved.moves;
  return (
    (color === BLACK || color === WHITE) && (source === 'computer' || source === 'hint') &&
    Array.isArray(played) && played.length <= moves.length && played.every((m, i) => m === moves[i]) &&
    report && typeof report === 'object' && (report.best === null || isPoint(report.best)) &&
    Array.isArray(report.pv) && report.pv.length <= MAX_MOVES && report.pv.every(isPoint) &&
    Number.isFinite(report.score) && (report.mate_in === null || Number.isInteger(report.mate_in)) &&
    ['depth', 'seldepth', 'nodes', 'nps', 'elapsed_ms'].every((k) => Number.isFinite(report[k]) && report[k] >= 0)
  );
}
