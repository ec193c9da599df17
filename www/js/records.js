// Game records: move notation ("h8 i9 j10") and Piskvork PSQ files.
// Notation: column letter from the left, row number from the bottom (a1 is bottom-left).
// PSQ: one "x,y,time" line a move, x from the left and y from the TOP, both from 1.

import { LETTERS, MAX_SIZE, MIN_SIZE } from './constants.js';

/** Name of a point in move notation, e.g. (7, 7) → "h8". */
export function pointName(x, y) {
  return `${LETTERS[x]}${y + 1}`;
}

/** Point of a move name ("h8" → [7, 7]), or null. */
export function parsePoint(name) {
  // Saved games can hold any JSON here: a non-string names no point (and is never converted,
  // which can throw). Rows end at 20, the largest board.
  if (typeof name !== 'string') return null;
  const match = /^([a-t])([1-9]|1\d|20)$/.exec(name);
  return match ? [LETTERS.indexOf(match[1]), Number(match[2]) - 1] : null;
}

/** Move names of a list as the engine writes it ("h8 i9"). */
export function splitMoves(text) {
  return text.trim() ? text.trim().split(/\s+/) : [];
}

/** The compact form used in links: "h8i9j10" (each move starts with its letter). */
export function compactMoves(moves) {
  return moves.join('');
}

/** Whether text looks like a PSQ record rather than a move list. */
export function isPsq(text) {
  return /^\s*Piskvorky\b/i.test(text);
}

/**
 * Reads a PSQ record. Returns `{ size, moves: ["h8", …] }` or throws an Error whose
 * `key` and `params` name the problem for the i18n table.
 */
export function parsePsq(text) {
  const lines = text.split(/\r?\n/);
  const header = /^\s*Piskvorky\s+(\d+)\s*x\s*(\d+)/i.exec(lines[0] ?? '');
  if (!header) throw problem('psqBadHeader');
  const [width, height] = [Number(header[1]), Number(header[2])];
  if (width !== height || width < MIN_SIZE || width > MAX_SIZE) throw problem('psqBadSize', { size: `${width}×${height}` });
  const size = width;
  const moves = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trim();
    const move = /^(\d+)\s*,\s*(\d+)(?:\s*,\s*-?\d+)?$/.exec(line);
    if (!move) break; // the moves end where engine names or "-1" begin
    const [x, top] = [Number(move[1]) - 1, Number(move[2]) - 1];
    if (x < 0 || top < 0 || x >= size || top >= size) throw problem('psqBadMove', { line: i + 1 });
    moves.push(pointName(x, size - 1 - top));
  }
  // Loading an empty record would silently replace the game in play with nothing.
  if (moves.length === 0) throw problem('psqNoMoves');
  return { size, moves };
}

/** Writes a PSQ record of `moves` on a `size` board (times are unknown: 0). */
export function formatPsq(moves, size) {
  const lines = [`Piskvorky ${size}x${size}, 11:11, 0`];
  for (const name of moves) {
    const point = parsePoint(name);
    if (point) lines.push(`${point[0] + 1},${size - point[1]},0`);
  }
  lines.push('-1', '');
  return lines.join('\n');
}

function problem(key, params = {}) {
  return Object.assign(new Error(key), { key, params });
}
