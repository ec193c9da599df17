// The read-only hook for automated tests and the budget script (window.gomokuPage, see
// main.js): the game and page state as plain data.

import { language } from './i18n.js';
import { LINE_STONES } from './presenter.js';
import { pairs } from './store.js';

export function snapshot(store, { controls, view }) {
  const { game } = store;
  if (!game) return null;
  const last = Array.from(game.last_move());
  const thinking = store.thinking?.report;
  const over = store.over;
  return {
    board: Array.from(game.board()),
    size: game.size(),
    rule: game.rule(),
    level: game.level(),
    human: store.human,
    mode: store.mode,
    black: store.players[1],
    white: store.players[2],
    paused: store.watch.paused,
    sideToMove: game.side_to_move(),
    busy: Boolean(store.thinking),
    workers: store.ai.started,
    idle: !store.thinking && (over || store.readOnly || store.actor() === 'human' || (store.mode === 'watch' && (store.watch.paused || store.limitReached()))),
    opening: store.opening ? { ...store.opening } : null,
    renjuOpening: store.renjuOpening,
    swapChoice: store.humanChoice(),
    gameInfo: controls.el['status-game'].textContent,
    over,
    winner: store.winner,
    draw: game.is_draw(),
    drawReason: store.drawReason,
    resigned: Boolean(store.resigned),
    moves: game.move_list().trim(),
    moveCount: game.move_count(),
    lastMove: last.length === 2 ? last : null,
    winningLine: pairs(game.winning_line()),
    forbidden: pairs(game.forbidden_points()),
    thinking: thinking ? { depth: thinking.depth, nodes: thinking.nodes, best: thinking.best } : null,
    hinting: Boolean(store.hinting),
    hint: store.hint,
    redo: store.redo.length,
    viewPly: store.viewPly,
    review: store.review ? { status: store.review.status, done: store.review.done, total: store.review.total, open: store.review.open, line: store.review.line, current: Boolean(store.currentReview()), classes: store.review.result?.moves.map((m) => m.class) ?? null, puzzles: store.review.result?.moves.map((m) => m.puzzle === true) ?? null } : null,
    readOnly: store.readOnly,
    embed: store.embed,
    explain: { ...store.explain },
    report: store.report ? { ...store.report.report, color: store.report.color, source: store.report.source } : null,
    lang: language(),
    gen: store.gen,
    status: controls.el.status.textContent,
    detail: controls.el['status-detail'].textContent,
    announcement: controls.el.announcer.textContent,
    painted: view.painted,
    lineStones: LINE_STONES, // most stones of the best line drawn on the board
    gameId: store.gameId,
  };
}
