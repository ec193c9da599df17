// What the player has solved, kept in the browser:
//   { solved: { id: 'clean' | 'helped' }, at: { grade: id } }
// 'clean' without a hint, the solution or a wrong move; 'helped' otherwise (a clean solve
// later upgrades it). `at` is the puzzle last opened in each grade.

import { GRADES } from './puzzle-set.js';
import * as storage from './storage.js';

const ID = /^[0-9a-f]{12}$/;
// A cap on what is read back: storage written by anything else must not grow without end.
const MOST = 10_000;

/** The saved progress, each entry checked (storage may hold anything). */
export function loadProgress() {
  const saved = storage.load(storage.PUZZLES_KEY);
  const solved = {};
  const at = {};
  if (saved && typeof saved === 'object') {
    const entries = saved.solved && typeof saved.solved === 'object' ? Object.entries(saved.solved) : [];
    for (const [id, how] of entries.slice(0, MOST)) {
      if (ID.test(id) && (how === 'clean' || how === 'helped')) solved[id] = how;
    }
    for (const g of GRADES) {
      const id = saved.at?.[g];
      if (typeof id === 'string' && ID.test(id)) at[g] = id;
    }
  }
  return { solved, at };
}

export function saveProgress(progress) {
  return storage.save(storage.PUZZLES_KEY, progress);
}

/** Records a solve: a clean one wins over a helped one, never the other way. */
export function recordSolve(progress, id, clean) {
  if (progress.solved[id] !== 'clean') progress.solved[id] = clean ? 'clean' : 'helped';
}
