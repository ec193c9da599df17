// What is shown, as a function of the store's state: the status card, buttons, move list,
// replay bar, level menus, the explain panel (heatmap legend, evaluation), the game-over card
// and the board scene. `present(store)` only reads; the renderer puts the result on screen.

import { blackWinChance, isSearch, mateMoves, mateWinner, remainingLine } from './analysis.js';
import { BLACK, EMPTY, THREAT, WHITE } from './constants.js';
import { colorName, formatCount, language, levelLabel, partText, t } from './i18n.js';
import { hashOf } from './persist.js';
import { parsePoint, pointName } from './records.js';
import { pairs } from './store.js';

/** The whole view model of the page. */
export function present(store) {
  if (!store.game) return { status: status(store) };
  return new Presenter(store).model();
}

/** The status card's line: whose turn, the result, or the replay. */
function status(store) {
  if (!store.game) return { text: t('loading'), state: 'loading', stone: 0 };
  if (store.over) {
    const winner = store.winner;
    if (winner === 0) return { text: t('draw'), state: 'draw', stone: 0 };
    if (store.readOnly) return { text: t('fiveFor', { color: colorName(winner, true), n: store.game.move_count() }), state: 'replay', stone: winner };
    if (store.mode !== 'play') return { text: t('colorWins', { color: colorName(winner, true) }), state: 'won', stone: winner };
    return winner === store.human
      ? { text: t('youWin'), state: 'won', stone: winner }
      : { text: t('computerWins'), state: 'lost', stone: winner };
  }
  if (store.readOnly) {
    const ply = store.viewPly ?? store.game.move_count();
    return { text: t('replaying', { n: ply, total: store.game.move_count() }), state: 'replay', stone: ply % 2 === 1 ? BLACK : ply > 0 ? WHITE : 0 };
  }
  const side = store.game.side_to_move();
  if (store.mode === 'two') return { text: t('colorToMove', { color: colorName(side, true) }), state: 'human', stone: side };
  if (store.mode === 'watch') {
    if (store.watch.paused && !store.thinking) return { text: t('watchPaused', { color: colorName(side) }), state: 'human', stone: side };
    return { text: t('colorThinking', { color: colorName(side, true) }), state: 'thinking', stone: side };
  }
  if (side === store.human && !store.thinking) {
    return { text: t('yourMove', { color: colorName(store.human) }), state: 'human', stone: store.human };
  }
  return { text: t('thinking'), state: 'thinking', stone: store.computer };
}

// The game-over card covers about this share of the rows, at the bottom, top or middle.
const GAME_OVER_BAND = 0.3;
// The last moves a player wants to see when a game ends, besides the five.
const RECENT_MOVES = 6;

// The level menus' groups and the last point's breakdown, kept while they hold.
let menuCache = { key: null, groups: [] };
let whyCache = { key: null, why: null };

// Scores and threats come from the engine: computed once per position and level.
let explainCache = { key: null, scores: null, threats: null };

class Presenter {
  constructor(store) {
    this.store = store;
  }

  model() {
    const store = this.store;
    const { game } = store;
    const forbidden = store.forbidden();
    const detail = this.detail(forbidden);
    const moves = store.moves();
    const canReplay = store.canReplay();
    const editable = !store.readOnly;
    const shownPly = store.viewPly ?? moves.length;
    const shown = store.shownGame();
    const { explain } = store;
    const data = explain.heatmap || explain.analysis || explain.scores ? this.explainData(shown) : null;
    const target = store.preview ?? store.cursor ?? store.hover;
    const heatValue = target && data?.scores ? data.scores[target.y * shown.size() + target.x] : undefined;
    const current = explain.analysis ? this.currentReport() : null;
    return {
      status: { ...this.status(), detail: detail?.text ?? '', detailKind: detail?.kind },
      // Watching, moves come one after another: no search line or Move now button coming
      // and going, which would move the pause button about under the pointer.
      thinking: store.thinking && store.mode !== 'watch'
        ? { line: this.searchLine(), canMoveNow: Boolean(store.thinking.report?.best) }
        : null,
      buttons: {
        'new-game': true,
        undo: editable && store.humanMoveCount() > 0,
        redo: editable && store.redo.length > 0 && !store.over && !store.thinking,
        hint: store.humanToMove() && !store.hinting,
        swap: editable && !store.over && store.mode === 'play',
        resign: editable && !store.over && store.mode === 'play',
        'copy-moves': moves.length > 0,
        'export-psq': moves.length > 0,
      },
      moves: { moves, shown: shownPly, pickable: canReplay },
      replay: canReplay ? { ply: shownPly, total: moves.length } : null,
      mode: store.mode,
      watch: store.mode === 'watch' && !store.over && !store.readOnly
        ? { paused: store.watch.paused, canStep: store.watch.paused && !store.thinking, ms: store.watch.ms }
        : null,
      level: game.level(),
      levelMethod: levelLabel(store.levels.info(game.level())),
      levelMenu: this.levelMenu(),
      gameOver: this.gameOverModel(),
      breakdown: (explain.heatmap || explain.scores) && heatValue !== undefined && heatValue >= 0
        ? this.breakdownModel(shown, target)
        : null,
      heat: {
        visible: explain.heatmap || explain.scores,
        text:
          heatValue !== undefined && heatValue >= 0
            ? t('heatPoint', { point: pointName(target.x, target.y), score: heatValue })
            : t('heatHover'),
      },
      analysis: explain.analysis ? this.analysisModel(current) : null,
      explain: { ...explain },
      tapConfirm: store.tapConfirm,
      saveOff: store.saveOff,
      record: store.record,
      openFull: store.embed ? `./${hashOf(store)}` : null,
      board: {
        interactive: store.humanToMove(),
        label: t('boardLabel', { size: shown.size() }),
        scene: this.scene(shown, forbidden, data, current, target),
      },
    };
  }
  status() {
    return status(this.store);
  }

  detail(forbidden) {
    const store = this.store;
    if (store.notice) return store.notice;
    if (!store.game) return null;
    if (store.over && !store.readOnly) {
      if (store.resigned) return { text: t('youResigned'), kind: 'info' };
      if (store.winner === 0) return { text: t('boardFull'), kind: 'info' };
      return { text: t('fiveFor', { color: colorName(store.winner, true), n: store.game.move_count() }), kind: 'info' };
    }
    if (store.readOnly) return { text: t('replayHelp'), kind: 'info' };
    if (store.preview) return { text: t('tapAgain', { point: pointName(store.preview.x, store.preview.y) }), kind: 'info' };
    const seen = store.report;
    if (store.mode === 'play' && seen?.source === 'computer' && (seen.report.lost || mateWinner(seen.report, seen.color) === store.human)) {
      // The computer found no defence: it still plays the longest resistance it can.
      const known = seen.report.mate_in !== null && seen.report.mate_in !== undefined;
      return known
        ? { text: t('computerSeesLoss', { n: mateMoves(seen.report) }), kind: 'info' }
        : { text: t('computerSeesLossSomehow'), kind: 'info' };
    }
    if (forbidden.length > 0) return { text: t('renjuHint'), kind: 'info' };
    if (store.game.move_count() === 0 && store.isHuman(BLACK) && !store.thinking) {
      return { text: t('openingHint'), kind: 'info' };
    }
    return null;
  }

  searchLine() {
    const report = this.store.thinking?.report;
    if (!isSearch(report)) return t('searchStart');
    return t('searchLine', {
      depth: report.depth,
      nodes: formatCount(report.nodes),
      best: report.best ? pointName(...report.best) : '–',
    });
  }

  /** Scores and threats of the shown position, computed once per position and level. */
  explainData(shown) {
    const store = this.store;
    const key = `${store.gameId}|${store.gen}|${store.viewPly}|${shown.level()}`;
    if (explainCache.key !== key) {
      const over = shown.is_over();
      explainCache = {
        key,
        scores: over ? null : shown.scores(),
        threats: over ? [] : threatList(shown.threats()),
      };
    }
    return explainCache;
  }

  /** The report to explain: the live search, else the last computer move's or the hint's. */
  currentReport() {
    const store = this.store;
    if (store.viewPly !== null) return null;
    const live = store.thinking?.report;
    if (isSearch(live)) return { report: live, color: store.game.side_to_move(), moves: store.moves(), source: 'computer' };
    return store.report && isSearch(store.report.report) ? store.report : null;
  }

  /**
   * Ghost stones of the best line still ahead, numbered 1, 2, … from now; with move numbers
   * on the board, they carry the numbers those moves would have, so one board shows one
   * numbering.
   */
  principalVariation(current) {
    if (!current) return [];
    const now = this.store.moves();
    if (now.length < current.moves.length || current.moves.some((m, i) => now[i] !== m)) return [];
    const played = now.slice(current.moves.length);
    const rest = remainingLine(current.report.pv, played, pointName) ?? [];
    const board = this.store.game.board();
    const size = this.store.game.size();
    const start = current.moves.length + played.length; // ply of rest[0]
    const colorAt = (ply) => (ply % 2 === 0 ? BLACK : WHITE);
    return rest
      .map(([x, y], i) => ({ x, y, color: colorAt(start + i), n: (this.store.explain.numbers ? start : 0) + i + 1 }))
      .filter(({ x, y }) => board[y * size + x] === EMPTY);
  }

  analysisModel(current) {
    const store = this.store;
    if (!current) {
      const searches = store.levels.searches(store.game.level());
      return { blackPercent: null, left: '', right: '', mate: null, stats: t(searches ? 'evalNone' : 'evalArticle'), line: null };
    }
    const { report, color, moves, source } = current;
    const black = Math.round(blackWinChance(report, color) * 100);
    const winner = mateWinner(report, color);
    const seconds = report.elapsed_ms >= 1000 ? `${(report.elapsed_ms / 1000).toFixed(1)} s` : `${report.elapsed_ms} ms`;
    return {
      blackPercent: black,
      left: t('winChance', { color: colorName(BLACK, true), percent: black }),
      right: t('winChance', { color: colorName(WHITE, true), percent: 100 - black }),
      mate: winner ? t('mateIn', { color: colorName(winner, true), n: mateMoves(report) }) : null,
      stats: `${t('searchStats', { depth: report.depth, nodes: formatCount(report.nodes), time: seconds })} · ${t('searchOf', {
        who: t(source === 'hint' ? 'whoHint' : 'whoComputer'),
        n: moves.length + 1,
      })}`,
      line: report.pv.map(([x, y]) => pointName(x, y)).join(' '),
      words: this.evaluationWords(report, color),
    };
  }

  /**
   * The evaluation in words: who is ahead and why, from the threats on the board (the threat
   * classes the evaluation weighs) and how far the search looked.
   */
  evaluationWords(report, color) {
    const store = this.store;
    const threats = store.game.is_over() ? [] : this.explainData(store.game).threats;
    const winner = mateWinner(report, color);
    const black = blackWinChance(report, color);
    const ahead = winner || (black >= 0.6 ? BLACK : black <= 0.4 ? WHITE : 0);
    const lead = winner
      ? t('wordsForced', { color: colorName(winner, true), n: mateMoves(report) })
      : ahead
        ? t('wordsAhead', { color: colorName(ahead, true) })
        : t('wordsEven');
    const count = (c, kinds) => threats.filter((th) => th.color === c && kinds.includes(th.kind)).length;
    const side = (c) => {
      const fours = count(c, [THREAT.four, THREAT.openFour, THREAT.fourThree, THREAT.five]);
      const threes = count(c, [THREAT.three, THREAT.doubleThree]);
      return t('wordsThreats', { color: colorName(c, true), fours, threes });
    };
    const looked = t('wordsLooked', { depth: report.depth, nodes: formatCount(report.nodes) });
    return `${lead} ${side(BLACK)} ${side(WHITE)} ${looked}`;
  }

  /** The level menus' groups, made again only when the language or the extra levels change. */
  levelMenu() {
    const { store } = this;
    const key = `${language()}|${store.levelsExtra.join(',')}`;
    if (menuCache.key !== key) menuCache = { key, groups: store.levels.grouped(store.levelsExtra) };
    return menuCache;
  }

  /** How the level makes its score of `point`, in its article's terms (null where it has no table). */
  breakdownModel(shown, point) {
    // Asked of the engine once per position, level and point, not on every render.
    const at = `${shown.level()}|${shown.move_list()}|${point.x},${point.y}`;
    if (whyCache.key !== at) whyCache = { key: at, why: shown.explain?.(point.x, point.y) ?? null };
    const { why } = whyCache;
    if (!why) return null;
    const signed = (v) => (v > 0 ? `+${v}` : String(v));
    const rows = why.parts.map((part) => ({ text: partText(part), value: signed(part.value) }));
    return {
      key: `${at}|${language()}`,
      title: t('heatPoint', { point: pointName(point.x, point.y), score: why.total }),
      // Over the half of the board away from the point (y = 0 is the bottom row).
      place: point.y >= shown.size() / 2 ? 'bottom' : 'top',
      rows,
      rule: t(why.combine === 'max' ? 'breakdownMax' : 'breakdownSum', { article: why.article, total: why.total }),
    };
  }

  gameOverModel() {
    const store = this.store;
    if (!store.over || store.readOnly || store.gameOverDismissed || store.viewPly !== null) return null;
    const winner = store.winner;
    const n = store.game.move_count();
    const place = this.gameOverPlace();
    if (store.resigned) return { title: t('gameOverResigned'), detail: t('computerWins'), stone: winner, outcome: 'lost', place };
    if (winner === 0) return { title: t('gameOverDraw'), detail: t('boardFull'), stone: 0, outcome: 'draw', place };
    if (store.mode !== 'play') {
      const title = t('colorWins', { color: colorName(winner, true) });
      return { title, detail: t('fiveFor', { color: colorName(winner, true), n }), stone: winner, outcome: 'won', place };
    }
    return {
      title: t(winner === store.human ? 'gameOverWin' : 'gameOverLoss'),
      detail: t('fiveFor', { color: colorName(winner, true), n }),
      stone: winner,
      outcome: winner === store.human ? 'won' : 'lost',
      place,
    };
  }

  /**
   * The card goes over the bottom, top or middle rows, whichever hides least: above all not
   * the five, then not the last moves (what a player looks at when a game ends), then the
   * fewest stones.
   */
  gameOverPlace() {
    const game = this.store.game;
    const size = game.size();
    const board = game.board();
    const band = Math.ceil(size * GAME_OVER_BAND);
    const five = new Set(pairs(game.winning_line()).map(([x, y]) => y * size + x));
    const recent = new Set(
      this.store.moves().slice(-RECENT_MOVES).map((name) => {
        const [x, y] = parsePoint(name);
        return y * size + x;
      }),
    );
    const weight = (i) => (five.has(i) ? 400 : recent.has(i) ? 20 : 1);
    const cost = (rows) => {
      let sum = 0;
      for (const y of rows) {
        for (let x = 0; x < size; x++) {
          const i = y * size + x;
          if (board[i] !== EMPTY) sum += weight(i);
        }
      }
      return sum;
    };
    const range = (from, count) => Array.from({ length: count }, (_, i) => from + i);
    // y = 0 is the bottom row. The edges first: the middle only when it hides less.
    const places = [
      ['bottom', range(0, band)],
      ['top', range(size - band, band)],
      ['middle', range(Math.floor((size - band) / 2), band)],
    ];
    let best = places[0];
    for (const place of places) if (cost(place[1]) < cost(best[1])) best = place;
    return best[0];
  }

  scene(shown, forbidden, data, current, target) {
    const store = this.store;
    const board = shown.board();
    const size = shown.size();
    const last = Array.from(shown.last_move());
    const ghost =
      target && store.humanToMove() && board[target.y * size + target.x] === EMPTY
        ? { x: target.x, y: target.y, color: shown.side_to_move(), confirm: store.preview !== null }
        : null;
    let numbers = null;
    if (store.explain.numbers) {
      numbers = new Array(size * size).fill(0);
      const shownMoves = store.moves().slice(0, store.viewPly ?? undefined);
      shownMoves.forEach((name, i) => {
        const [x, y] = parsePoint(name);
        numbers[y * size + x] = i + 1;
      });
    }
    return {
      board,
      size,
      lastMove: last.length === 2 ? last : null,
      winningLine: pairs(shown.winning_line()),
      forbidden,
      ghost,
      cursor: store.cursor,
      numbers,
      heatmap: store.explain.heatmap && data?.scores ? { values: data.scores, hover: target } : null,
      scores: store.explain.scores && data?.scores ? data.scores : null,
      threats: store.explain.analysis ? data.threats : [],
      pv: store.explain.analysis ? this.principalVariation(current) : [],
      hint: store.hint && store.humanToMove() ? store.hint : null,
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
