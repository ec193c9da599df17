// Turns the App's state into what is shown: the status card, buttons, move list, replay bar,
// the explain panel (heatmap legend, evaluation) and the board scene.

import { BLACK, blackWinChance, isSearch, mateMoves, mateWinner, remainingLine } from './analysis.js';
import { EMPTY } from './board-view.js';
import { colorName, formatCount, t } from './i18n.js';
import { pointName } from './records.js';

/** Splits a flat [x0, y0, x1, y1, …] array into [[x0, y0], …]. */
export function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}

export class Presenter {
  constructor(app) {
    this.app = app;
    this.cache = { key: null, scores: null, threats: null };
  }

  status() {
    const app = this.app;
    if (!app.game) return { text: t('loading'), state: 'loading', stone: 0 };
    if (app.over) {
      const winner = app.winner;
      if (winner === 0) return { text: t('draw'), state: 'draw', stone: 0 };
      if (app.readOnly) return { text: t('fiveFor', { color: colorName(winner, true), n: app.game.move_count() }), state: 'replay', stone: winner };
      return winner === app.human
        ? { text: t('youWin'), state: 'won', stone: winner }
        : { text: t('computerWins'), state: 'lost', stone: winner };
    }
    if (app.readOnly) {
      const ply = app.viewPly ?? app.game.move_count();
      return { text: t('replaying', { n: ply, total: app.game.move_count() }), state: 'replay', stone: ply % 2 === 1 ? 1 : ply > 0 ? 2 : 0 };
    }
    if (app.game.side_to_move() === app.human && !app.thinking) {
      return { text: t('yourMove', { color: colorName(app.human) }), state: 'human', stone: app.human };
    }
    return { text: t('thinking'), state: 'thinking', stone: app.computer };
  }

  detail(forbidden) {
    const app = this.app;
    if (app.notice) return app.notice;
    if (!app.game) return null;
    if (app.over && !app.readOnly) {
      if (app.resigned) return { text: t('youResigned'), kind: 'info' };
      if (app.winner === 0) return { text: t('boardFull'), kind: 'info' };
      return { text: t('fiveFor', { color: colorName(app.winner, true), n: app.game.move_count() }), kind: 'info' };
    }
    if (app.readOnly) return { text: t('replayHelp'), kind: 'info' };
    if (app.preview) return { text: t('tapAgain', { point: pointName(app.preview.x, app.preview.y) }), kind: 'info' };
    if (forbidden.length > 0) return { text: t('renjuHint'), kind: 'info' };
    if (app.game.move_count() === 0 && app.human === BLACK && !app.thinking) {
      return { text: t('openingHint'), kind: 'info' };
    }
    return null;
  }

  /** Forbidden points are shown only when they constrain the human (black, to move). */
  forbidden() {
    const app = this.app;
    if (!app.humanToMove() || app.human !== BLACK) return [];
    return pairs(Array.from(app.game.forbidden_points()));
  }

  searchLine() {
    const report = this.app.thinking?.report;
    if (!isSearch(report)) return t('searchStart');
    return t('searchLine', {
      depth: report.depth,
      nodes: formatCount(report.nodes),
      best: report.best ? pointName(...report.best) : '–',
    });
  }

  /** Scores and threats of the shown position, computed once per position and level. */
  explainData(shown) {
    const app = this.app;
    const key = `${app.gameId}|${app.gen}|${app.viewPly}|${shown.opponent()}`;
    if (this.cache.key !== key) {
      const over = shown.is_over();
      this.cache = {
        key,
        scores: over ? null : shown.scores(),
        threats: over ? [] : threatList(shown.threats()),
      };
    }
    return this.cache;
  }

  /** The report to explain: the live search, else the last computer move's or the hint's. */
  currentReport() {
    const app = this.app;
    if (app.viewPly !== null) return null;
    const live = app.thinking?.report;
    if (isSearch(live)) return { report: live, color: app.computer, moves: app.moves(), source: 'computer' };
    return app.report && isSearch(app.report.report) ? app.report : null;
  }

  /** Numbered ghost stones of the best line still ahead. */
  principalVariation(current) {
    if (!current) return [];
    const now = this.app.moves();
    if (now.length < current.moves.length || current.moves.some((m, i) => now[i] !== m)) return [];
    const played = now.slice(current.moves.length);
    const rest = remainingLine(current.report.pv, played, pointName) ?? [];
    const board = this.app.game.board();
    const size = this.app.game.size();
    const start = current.moves.length + played.length; // ply of rest[0]
    const colorAt = (ply) => (ply % 2 === 0 ? 1 : 2);
    return rest
      .map(([x, y], i) => ({ x, y, color: colorAt(start + i), n: i + 1 }))
      .filter(({ x, y }) => board[y * size + x] === EMPTY);
  }

  analysisModel(current) {
    const app = this.app;
    if (!current) {
      const searches = app.Game.opponent_searches(app.game.opponent());
      return { blackPercent: null, left: '', right: '', mate: null, stats: t(searches ? 'evalNone' : 'evalArticle'), line: null };
    }
    const { report, color, moves, source } = current;
    const black = Math.round(blackWinChance(report, color) * 100);
    const winner = mateWinner(report, color);
    const seconds = report.elapsed_ms >= 1000 ? `${(report.elapsed_ms / 1000).toFixed(1)} s` : `${report.elapsed_ms} ms`;
    return {
      blackPercent: black,
      left: t('winChance', { color: colorName(1, true), percent: black }),
      right: t('winChance', { color: colorName(2, true), percent: 100 - black }),
      mate: winner ? t('mateIn', { color: colorName(winner, true), n: mateMoves(report) }) : null,
      stats: `${t('searchStats', { depth: report.depth, nodes: formatCount(report.nodes), time: seconds })} · ${t('searchOf', {
        who: t(source === 'hint' ? 'whoHint' : 'whoComputer'),
        n: moves.length + 1,
      })}`,
      line: report.pv.map(([x, y]) => pointName(x, y)).join(' '),
    };
  }

  gameOverModel() {
    const app = this.app;
    if (!app.over || app.readOnly || app.gameOverDismissed || app.viewPly !== null) return null;
    const winner = app.winner;
    const n = app.game.move_count();
    const place = this.gameOverPlace();
    if (app.resigned) return { title: t('gameOverResigned'), detail: t('computerWins'), stone: winner, outcome: 'lost', place };
    if (winner === 0) return { title: t('gameOverDraw'), detail: t('boardFull'), stone: 0, outcome: 'draw', place };
    return {
      title: t(winner === app.human ? 'gameOverWin' : 'gameOverLoss'),
      detail: t('fiveFor', { color: colorName(winner, true), n }),
      stone: winner,
      outcome: winner === app.human ? 'won' : 'lost',
      place,
    };
  }

  /** The card goes over the top or bottom rows, whichever hides less (above all, not the five). */
  gameOverPlace() {
    const game = this.app.game;
    const size = game.size();
    const board = game.board();
    const band = Math.ceil(size * 0.3);
    const five = new Set(pairs(Array.from(game.winning_line())).map(([x, y]) => y * size + x));
    const cost = (rows) => {
      let sum = 0;
      for (const y of rows) {
        for (let x = 0; x < size; x++) {
          const i = y * size + x;
          if (board[i] !== EMPTY) sum += five.has(i) ? 20 : 1;
        }
      }
      return sum;
    };
    const range = (from, count) => Array.from({ length: count }, (_, i) => from + i);
    // y = 0 is the bottom row.
    return cost(range(size - band, band)) < cost(range(0, band)) ? 'top' : 'bottom';
  }

  render() {
    const app = this.app;
    const { controls, game } = app;
    if (!game) return;
    const forbidden = this.forbidden();
    const detail = this.detail(forbidden);
    controls.setStatus({ ...this.status(), detail: detail?.text ?? '', detailKind: detail?.kind });
    controls.setThinking(app.thinking ? this.searchLine() : null, Boolean(app.thinking?.report?.best));

    const moves = app.moves();
    const canReplay = app.canReplay();
    const editable = !app.readOnly;
    controls.setButtons({
      'new-game': true,
      undo: editable && app.humanMoveCount() > 0,
      redo: editable && app.redo.length > 0 && !app.over && !app.thinking,
      hint: app.humanToMove() && !app.hinting,
      swap: editable && !app.over,
      resign: editable && !app.over,
      'copy-moves': moves.length > 0,
      'export-psq': moves.length > 0,
    });
    const shownPly = app.viewPly ?? moves.length;
    controls.setMoves(moves, { shown: shownPly, onPick: canReplay ? (ply) => app.stepReplay(ply) : null });
    controls.setReplay(canReplay ? { ply: shownPly, total: moves.length } : null);
    controls.el.opponent.value = game.opponent();
    controls.setGameOver(this.gameOverModel());

    const shown = app.shownGame();
    const { explain } = app;
    const data = explain.heatmap || explain.analysis ? this.explainData(shown) : null;
    const target = app.preview ?? app.cursor ?? app.hover;
    const heatValue = target && data?.scores ? data.scores[target.y * shown.size() + target.x] : undefined;
    controls.setHeat(
      explain.heatmap,
      heatValue !== undefined && heatValue >= 0
        ? t('heatPoint', { point: pointName(target.x, target.y), score: heatValue })
        : t('heatHover'),
    );
    const current = explain.analysis ? this.currentReport() : null;
    controls.setAnalysis(explain.analysis ? this.analysisModel(current) : null);

    const canvas = app.view.canvas;
    canvas.dataset.interactive = String(app.humanToMove());
    const label = t('boardLabel', { size: shown.size() });
    if (canvas.getAttribute('aria-label') !== label) canvas.setAttribute('aria-label', label);
    app.view.render(this.scene(shown, forbidden, data, current, target));
  }

  scene(shown, forbidden, data, current, target) {
    const app = this.app;
    const board = shown.board();
    const size = shown.size();
    const last = Array.from(shown.last_move());
    const ghost =
      target && app.humanToMove() && board[target.y * size + target.x] === EMPTY
        ? { x: target.x, y: target.y, color: app.human, confirm: app.preview !== null }
        : null;
    let numbers = null;
    if (app.explain.numbers) {
      numbers = new Array(size * size).fill(0);
      const shownMoves = app.moves().slice(0, app.viewPly ?? undefined);
      shownMoves.forEach((name, i) => {
        const x = name.charCodeAt(0) - 97;
        const y = Number(name.slice(1)) - 1;
        numbers[y * size + x] = i + 1;
      });
    }
    return {
      board,
      size,
      lastMove: last.length === 2 ? last : null,
      winningLine: pairs(Array.from(shown.winning_line())),
      forbidden,
      ghost,
      cursor: app.cursor,
      numbers,
      heatmap: app.explain.heatmap && data?.scores ? { values: data.scores, hover: target } : null,
      threats: app.explain.analysis ? data.threats : [],
      pv: app.explain.analysis ? this.principalVariation(current) : [],
      hint: app.hint && app.humanToMove() ? app.hint : null,
    };
  }
}

function threatList(flat) {
  const out = [];
  for (let i = 0; i + 3 < flat.length; i += 4) {
    out.push({ x: flat[i], y: flat[i + 1], color: flat[i + 2], kind: flat[i + 3] });
  }
  return out;
}
