// The review panel's view model: the progress while the worker searches; then the win-chance
// graph, each side's accuracy and classes, the class of the move shown, and its better line.

import { BLACK, WHITE } from './constants.js';
import { colorName, t } from './i18n.js';
import { pointName } from './records.js';
import { CLASSES } from './store-review.js';

const colorAt = (ply) => (ply % 2 === 0 ? BLACK : WHITE);
const percent = (p) => Math.round(100 * p);

/** null when no review of the game on the board is open. */
export function reviewModel(store) {
  const r = store.currentReview();
  if (!r?.open) return null;
  if (r.status === 'running') {
    return { status: 'running', percent: Math.round((100 * r.done) / r.total), text: t('reviewing', { done: r.done, total: r.total }) };
  }
  if (r.status === 'failed') return { status: 'failed', text: t('reviewFailed', { message: r.error }) };
  const { result } = r;
  const total = result.moves.length;
  const shown = r.line ? r.line.ply : store.viewPly ?? total;
  const sides = [BLACK, WHITE].map((color) => {
    const side = color === BLACK ? result.black : result.white;
    const accuracy = side.accuracy === null ? '–' : t('reviewAccuracy', { n: Math.round(side.accuracy) });
    return {
      color,
      title: t('reviewSide', { color: colorName(color, true), accuracy }),
      counts: CLASSES.filter((c) => side.counts[c] > 0).map((c) => ({ class: c, label: t(`class_${c}`), n: side.counts[c] })),
    };
  });
  return {
    status: 'done',
    graph: {
      chances: result.positions.map((p) => p.black_chance),
      marks: result.moves.map((m, i) => ({ ply: i + 1, class: m.class })),
      current: shown,
      label: t('reviewGraph'),
    },
    sides,
    chance: chanceText(result.positions[r.line ? shown - 1 : shown]),
    move: shown > 0 ? moveModel(result.moves[shown - 1], shown, r.line, store) : null,
    help: shown === total && !r.line ? t('reviewPickMove') : '',
  };
}

/** The chance of the position shown, or its proven result. */
function chanceText(position) {
  if (!position) return '';
  if (position.proven !== null) {
    const color = colorName(position.proven, true);
    return position.proven_in === null ? t('reviewWon', { color }) : t('reviewProven', { color, n: position.proven_in });
  }
  const black = percent(position.black_chance);
  return `${t('reviewChance', { color: colorName(BLACK, true), percent: black })} · ${t('reviewChance', { color: colorName(WHITE, true), percent: 100 - black })}`;
}

function moveModel(move, ply, line, store) {
  const text = t('reviewMove', { n: ply, point: pointName(...move.played), color: colorName(move.mover), class: t(`class_${move.class}`) });
  const drop = t('reviewDrop', { before: percent(move.before), after: percent(move.after) });
  const better = move.better ? pointName(...move.better) : null;
  const shownLine = line?.ply === ply ? line : null;
  return {
    class: move.class,
    text,
    drop,
    better: better ? t('reviewBetter', { point: better }) : null,
    showBetter: better ? t('reviewShowBetter', { point: better }) : null,
    // A missed win the puzzle solver proves: the position before it, on the puzzle page.
    puzzle: move.puzzle === true ? { href: puzzleHref(store, ply), text: t('reviewPuzzle') } : null,
    line: shownLine
      ? {
          text: t('reviewLine', { step: shownLine.step, total: move.line.length, points: move.line.slice(0, shownLine.step).map((p) => pointName(...p)).join(' ') }),
          canPrev: shownLine.step > 1,
          canNext: shownLine.step < move.line.length,
        }
      : null,
  };
}

/** The puzzle page's address for the position before move `ply` (from 1). */
function puzzleHref(store, ply) {
  const query = new URLSearchParams({ moves: store.moves().slice(0, ply - 1).join(' ') });
  if (store.game.size() !== 15) query.set('size', String(store.game.size()));
  if (store.game.rule() !== 'freestyle') query.set('rule', store.game.rule());
  return `puzzles.html?${query}`;
}

/** The better line's stones shown on the board (numbered from 1), or null. */
export function reviewLineStones(store) {
  const r = store.currentReview();
  const line = r?.line;
  const move = line && r.result?.moves[line.ply - 1];
  if (!move) return null;
  return move.line.slice(0, line.step).map(([x, y], i) => ({ x, y, color: colorAt(line.ply - 1 + i), n: i + 1 }));
}
