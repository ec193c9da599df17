// The puzzle set (puzzles.txt, made by `puzzles generate`): one puzzle a line,
//   id grade rule moves… | line…
// the line being the shortest win (the winner's moves with the forced blocks between them).
// Read with care: a line that does not read is left out, never half-kept.

import { parsePoint, pointName as nameOf } from './records.js';

export const GRADES = [1, 2, 3, 4];
const ID = /^[0-9a-f]{12}$/;

/** `[x, y]` of a point name such as `h8` on a board of `size`, or null. */
export function pointOf(name, size = 15) {
  const p = parsePoint(name);
  return p && p[0] < size && p[1] < size ? p : null;
}

/** The name of `[x, y]`. */
export function pointName([x, y]) {
  return nameOf(x, y);
}

/** One puzzle of a line of the file, or null. */
export function parsePuzzle(text) {
  const line = text.trim();
  if (!line || line.startsWith('#')) return null;
  const [head, tail] = line.split('|');
  if (tail === undefined) return null;
  const [id, grade, rule, ...moves] = head.trim().split(/\s+/);
  const g = Number(grade);
  if (!ID.test(id ?? '') || !GRADES.includes(g) || !['freestyle', 'standard'].includes(rule)) return null;
  const win = tail.trim().split(/\s+/).filter(Boolean);
  const points = [...moves, ...win].map((m) => pointOf(m));
  if (moves.length === 0 || win.length === 0 || points.includes(null)) return null;
  return { id, grade: g, rule, size: 15, moves: moves.join(' '), line: win.map((m) => pointOf(m)) };
}

/** The set: `{ all, byGrade: { 1: […], … }, byId: Map }`, puzzles in file order. */
export function parseSet(text) {
  const all = String(text).split('\n').map(parsePuzzle).filter(Boolean);
  const byGrade = Object.fromEntries(GRADES.map((g) => [g, all.filter((p) => p.grade === g)]));
  return { all, byGrade, byId: new Map(all.map((p) => [p.id, p])) };
}

/** Moves of the winner in a line (the five included). */
export function attackLength(line) {
  return Math.ceil(line.length / 2);
}
