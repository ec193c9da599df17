// Reading a search report (see the engine's last_report): who is ahead and by how much.

import { BLACK, other } from './constants.js';

// The evaluation is fitted to game results as P(win) = sigmoid(score / scale); the tuner
// (`tune fit`) finds a scale of about 1,700, so a score of 400 reads as a 56% chance.
const SCORE_SCALE = 1700;

/** Whether the report comes from a search (article levels only name their move). */
export function isSearch(report) {
  return Boolean(report) && (report.depth > 0 || report.nodes > 0 || report.mate_in !== null);
}

/** The colour that wins by force, or 0. `color` is the side the report's score is for. */
export function mateWinner(report, color) {
  if (report.mate_in === null || report.mate_in === undefined) return 0;
  return report.mate_in > 0 ? color : other(color);
}

/** Moves (of the winner) until five: mate_in counts plies of both sides. */
export function mateMoves(report) {
  return Math.ceil(Math.abs(report.mate_in) / 2);
}

/** The chance to win in [0, 1] of the side a `score` is for (no proven result). */
export function winChance(score) {
  return 1 / (1 + Math.exp(-score / SCORE_SCALE));
}

/** Black's chance to win in [0, 1]: a proven result is certain, else sigmoid(score / SCORE_SCALE). */
export function blackWinChance(report, color) {
  const winner = mateWinner(report, color);
  if (winner) return winner === BLACK ? 1 : 0;
  const p = winChance(report.score);
  return color === BLACK ? p : 1 - p;
}

/**
 * The part of a best line still ahead after the moves played since the search, or null
 * once the game has left the line. `played` are the move names since the search began.
 */
export function remainingLine(pv, played, pointName) {
  const names = pv.map(([x, y]) => pointName(x, y));
  if (played.length > names.length) return null;
  for (let i = 0; i < played.length; i++) if (played[i] !== names[i]) return null;
  return pv.slice(played.length);
}
