// What is shown, as a function of the store's state: the status card, buttons, move list,
// replay bar, level menus, the explain panel (heatmap legend, evaluation), the game-over card
// and the board scene. `present(store)` only reads; the renderer puts the result on screen.

import { blackWinChance, isSearch, mateMoves, mateWinner, remainingLine } from './analysis.js';
import { BLACK, EMPTY, HUMAN, NO_LEGAL_MOVE, THREAT, WHITE } from './constants.js';
import { colorName, formatCount, language, levelLabel, partText, t } from './i18n.js';
import { renjuOpening } from './opening.js';
import { hashOf } from './persist.js';
import { parsePoint, pointName } from './records.js';
import { reviewLineStones, reviewModel } from './review-model.js';
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
  const step = store.openingStep();
  if (step) return openingStatus(store, step);
  const side = store.game.side_to_move();
  if (store.mode === 'two') return { text: t('colorToMove', { color: colorName(side, true) }), state: 'human', stone: side };
  if (store.mode === 'watch') {
    if (store.limitReached()) return { text: t('watchLimit', { n: store.limit }), state: 'replay', stone: 0 };
    if (store.watch.paused && !store.thinking) return { text: t('watchPaused', { color: colorName(side) }), state: 'human', stone: side };
    return { text: t('colorThinking', { color: colorName(side, true) }), state: 'thinking', stone: side };
  }
  if (side === store.human && !store.thinking) {
    return { text: t('yourMove', { color: colorName(store.human) }), state: 'human', stone: store.human };
  }
  return { text: t('thinking'), state: 'thinking', stone: store.computer };
}

/** The status during a swap opening: who places stones or chooses, and how far along. */
function openingStatus(store, step) {
  const opening = t(store.opening.kind);
  const side = store.game.side_to_move();
  if (store.actor() !== HUMAN) {
    return { text: t(step.step === 'place' ? 'swapComputerPlaces' : 'swapComputerChooses', { opening }), state: 'thinking', stone: 0 };
  }
  const who = t(store.mode === 'two' ? (step.seat === 'first' ? 'swapWhoFirst' : 'swapWhoSecond') : 'swapWhoYou');
  if (step.step === 'choose') return { text: t('swapChoose', { opening, who }), state: 'human', stone: 0 };
  const total = step.seat === 'first' ? 3 : 2;
  const n = total - step.left + 1;
  return { text: t('swapPlace', { opening, who, n, total, color: colorName(side) }), state: 'human', stone: side };
}

/** What a person does now in a swap opening. */
function openingHelp(store, step) {
  if (step.step === 'place') return t(step.seat === 'first' ? 'swapPlaceHelp' : 'swapAddHelp');
  if (step.seat === 'first') return t('swapChooseHelpLast');
  return t(step.options.includes('two') ? 'swapChooseHelp2' : 'swapChooseHelp1');
}

/** A canonical renju opening's name in the page's language: "Kagetsu (4D)", "花月（直指4）". */
export function openingLabel(opening) {
  if (language() === 'zh-CN') {
    return t('openingName', { name: opening.zh, number: opening.number, kind: t(opening.kind === 'direct' ? 'openingDirectShort' : 'openingIndirectShort') });
  }
  const name = opening.id[0].toUpperCase() + opening.id.slice(1);
  return t('openingName', { name, number: opening.number, kind: opening.kind === 'direct' ? 'D' : 'I' });
}

/** Why a finished game is a draw, in words. */
function drawText(store) {
  return t(store.drawReason === NO_LEGAL_MOVE ? 'noLegalPoint' : 'boardFull');
}

// The best line's first moves drawn as stones on the board: enough to read a plan, few
// enough to leave the position (and its threat badges) in view. The panel lists the rest.
export const LINE_STONES = 6;

// The level menus' groups and the last point's breakdown, kept while they hold.
let menuCache = { key: null, groups: [] };
let whyCache = { key: null, why: null };

// Scores and threats come from the engine: computed once per position and level, kept for
// each store (several boards on one page each have their own).
const explainCaches = new WeakMap();

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
    const pointed = store.preview ?? store.cursor ?? store.hover ?? store.inspect;
    // A link's point= may lie off a smaller board.
    const target = pointed && pointed.x < shown.size() && pointed.y < shown.size() ? pointed : null;
    const heatValue = target && data?.scores ? data.scores[target.y * shown.size() + target.x] : undefined;
    const current = explain.analysis ? this.currentReport() : null;
    return {
      status: { ...this.status(), game: this.gameInfo(), detail: detail?.text ?? '', detailKind: detail?.kind },
      // Watching, moves come one after another: no search line or Move now button coming
      // and going, which would move the pause button about under the pointer.
      thinking: store.thinking && store.mode !== 'watch'
        ? { line: this.searchLine(), canMoveNow: Boolean(store.thinking.report?.best) }
        : null,
      buttons: {
        'new-game': true,
        undo: editable && store.humanMoveCount() > 0,
        redo: editable && store.redo.length > 0 && !store.over && !store.thinking,
        hint: store.humanToMove() && !store.hinting && !store.openingStep(),
        'switch-colors': editable && !store.over && store.mode === 'play' && !store.openingStep(),
        resign: editable && !store.over && store.mode === 'play',
        'copy-moves': moves.length > 0,
        'export-psq': moves.length > 0,
        'review-start': moves.length > 0 && !store.currentReview()?.open,
      },
      moves: { moves, shown: shownPly, pickable: canReplay },
      replay: canReplay ? { ply: shownPly, total: moves.length } : null,
      swapChoice: store.humanChoice(),
      mode: store.mode,
      watch: store.mode === 'watch' && !store.over && !store.readOnly && !store.limitReached()
        ? { paused: store.watch.paused, canStep: store.watch.paused && !store.thinking, ms: store.watch.ms }
        : null,
      matchup: store.mode === 'watch' ? this.matchup() : null,
      level: game.level(),
      levelMethod: levelLabel(store.levels.info(game.level())),
      levelMenu: this.levelMenu(),
      gameOver: this.gameOverModel(),
      breakdown: (explain.heatmap || explain.scores) && heatValue !== undefined && heatValue >= 0
        ? this.breakdownModel(shown, target, target === store.preview || target === store.inspect)
        : null,
      heat: {
        visible: explain.heatmap || explain.scores,
        text:
          heatValue !== undefined && heatValue >= 0
            ? t('heatPoint', { point: pointName(target.x, target.y), score: heatValue })
            : t('heatHover'),
      },
      analysis: explain.analysis ? this.analysisModel(current) : null,
      review: reviewModel(store),
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

  /** Who plays each colour when the computer plays itself: `[{ color, who, level }]`, black first. */
  matchup() {
    const { store } = this;
    return [BLACK, WHITE].map((color) => ({
      color,
      who: t('matchupColor', { color: colorName(color, true) }),
      level: levelLabel(store.levels.info(store.players[color])),
    }));
  }

  /** The rule and board size, which nothing on the board shows: "Standard · 15×15". */
  gameInfo() {
    const { game, opening, renjuOpening: named } = this.store;
    const info = t('gameInfo', { rule: t(game.rule()), size: game.size() });
    if (opening) return `${info} · ${t(opening.kind)}`;
    if (named) return `${info} · ${openingLabel(renjuOpening(named))}`;
    return info;
  }

  detail(forbidden) {
    const store = this.store;
    if (store.notice) return store.notice;
    if (!store.game) return null;
    if (store.over && !store.readOnly) {
      if (store.resigned) return { text: t('youResigned'), kind: 'info' };
      if (store.winner === 0) return { text: drawText(store), kind: 'info' };
      return { text: t('fiveFor', { color: colorName(store.winner, true), n: store.game.move_count() }), kind: 'info' };
    }
    if (store.readOnly) return { text: t('replayHelp'), kind: 'info' };
    const step = store.openingStep();
    if (step && store.actor() === HUMAN) return { text: openingHelp(store, step), kind: 'info' };
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
    let cache = explainCaches.get(store);
    if (cache?.key !== key) {
      const over = shown.is_over();
      cache = {
        key,
        scores: over ? null : shown.scores(),
        threats: over ? [] : threatList(shown.threats()),
      };
      explainCaches.set(store, cache);
    }
    return cache;
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
   * The best line from the position on the board: what is left of it after the moves played
   * since its search, while the game has followed it and it only crosses empty points;
   * otherwise none (a line from another position would put stones where they cannot go).
   */
  lineAhead(current) {
    if (!current) return [];
    const now = this.store.moves();
    if (now.length < current.moves.length || current.moves.some((m, i) => now[i] !== m)) return [];
    const rest = remainingLine(current.report.pv, now.slice(current.moves.length), pointName) ?? [];
    const board = this.store.game.board();
    const size = this.store.game.size();
    const seen = new Set();
    const fits = rest.every(([x, y]) => {
      const i = y * size + x;
      const free = x < size && y < size && board[i] === EMPTY && !seen.has(i);
      seen.add(i);
      return free;
    });
    return fits ? rest : [];
  }

  /**
   * Ghost stones of the best line's first LINE_STONES moves ahead, numbered 1, 2, … from
   * now; with move numbers on the board, they carry the numbers those moves would have, so
   * one board shows one numbering.
   */
  principalVariation(current) {
    const start = this.store.game.move_count(); // ply of the line's first move ahead
    const colorAt = (ply) => (ply % 2 === 0 ? BLACK : WHITE);
    return this.lineAhead(current)
      .slice(0, LINE_STONES)
      .map(([x, y], i) => ({ x, y, color: colorAt(start + i), n: (this.store.explain.numbers ? start : 0) + i + 1 }));
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
      // The line from here on, as on the board; none once the game has left it.
      line: this.lineAhead(current).map(([x, y]) => pointName(x, y)).join(' ') || null,
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

  /**
   * How the level makes its score of `point`, in its article's terms (null where it has no
   * table): `{ key, title, point, place, rows: [{ text, value, best }], notes, pinned }`.
   */
  breakdownModel(shown, point, pinned) {
    // Asked of the engine once per position, level and point, not on every render.
    const at = `${shown.level()}|${shown.move_list()}|${point.x},${point.y}`;
    if (whyCache.key !== at) whyCache = { key: at, why: shown.explain?.(point.x, point.y) ?? null };
    const { why } = whyCache;
    if (!why) return null;
    const largest = why.combine === 'max';
    const twice = READS_LINES_TWICE.includes(why.article);
    const parts = twice ? pairedDirections(why.parts) : why.parts.map((part) => ({ part, times: 1 }));
    // A largest-part score has no sum: its parts are shown without signs, the largest marked.
    const shownValue = (v) => (largest || v <= 0 ? String(v) : `+${v}`);
    // Of equal largest parts, the first is the one marked.
    const best = largest ? parts.findIndex(({ part }) => part.value === why.total) : -1;
    const rows = parts.map(({ part, times }, i) => ({
      text: times === 2 ? t('breakdownTwiceRow', { part: partText({ ...part, direction: pairName(part.direction) }) }) : partText(part),
      value: shownValue(part.value * times),
      best: i === best,
    }));
    const notes = [];
    if (twice) notes.push(t('breakdownTwice', { article: why.article }));
    notes.push(t(largest ? 'breakdownMax' : 'breakdownSum', { article: why.article, total: why.total }));
    return {
      key: `${at}|${language()}`,
      title: t('heatPoint', { point: pointName(point.x, point.y), score: why.total }),
      point,
      // Over the half of the board away from the point (y = 0 is the bottom row).
      place: point.y >= shown.size() / 2 ? 'bottom' : 'top',
      rows,
      notes,
      pinned,
    };
  }

  gameOverModel() {
    const store = this.store;
    // An open review steps through the game with the status card's replay bar.
    if (!store.over || store.readOnly || store.gameOverDismissed || store.viewPly !== null || store.currentReview()?.open) return null;
    const winner = store.winner;
    const n = store.game.move_count();
    if (store.resigned) return { title: t('gameOverResigned'), detail: t('computerWins'), stone: winner, outcome: 'lost' };
    if (winner === 0) return { title: t('gameOverDraw'), detail: drawText(store), stone: 0, outcome: 'draw' };
    if (store.mode !== 'play') {
      const title = t('colorWins', { color: colorName(winner, true) });
      return { title, detail: t('fiveFor', { color: colorName(winner, true), n }), stone: winner, outcome: 'won' };
    }
    return {
      title: t(winner === store.human ? 'gameOverWin' : 'gameOverLoss'),
      detail: t('fiveFor', { color: colorName(winner, true), n }),
      stone: winner,
      outcome: winner === store.human ? 'won' : 'lost',
    };
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
      pv: reviewLineStones(store) ?? (store.explain.analysis ? this.principalVariation(current) : []),
      hint: store.hint && store.humanToMove() ? store.hint : null,
    };
  }
}

// Articles 003 and 004 read the eight directions from a point, each along its whole line, so
// every line is read twice (east and west see the same row): the breakdown shows each line
// once, worth both readings, and says why.
const READS_LINES_TWICE = ['003', '004'];
const OPPOSITE = { east: 'west', 'north-east': 'south-west', north: 'south', 'north-west': 'south-east' };
const PAIR_NAMES = { east: 'east_west', 'north-east': 'north_east_south_west', north: 'north_south', 'north-west': 'north_west_south_east' };

/** The parts of a twice-read line joined: `[{ part, times }]`, the first direction's part kept. */
function pairedDirections(parts) {
  const out = [];
  const taken = new Set();
  parts.forEach((part, i) => {
    if (taken.has(i)) return;
    const back = OPPOSITE[part.direction];
    const j = back === undefined ? -1 : parts.findIndex((q, k) => !taken.has(k) && k !== i && q.direction === back && q.side === part.side && q.what === part.what && q.count === part.count && q.value === part.value);
    if (j < 0) {
      out.push({ part, times: 1 });
      return;
    }
    taken.add(j);
    out.push({ part, times: 2 });
  });
  return out;
}

const pairName = (direction) => PAIR_NAMES[direction] ?? direction;

function threatList(flat) {
  const out = [];
  for (let i = 0; i + 3 < flat.length; i += 4) {
    out.push({ x: flat[i], y: flat[i + 1], color: flat[i + 2], kind: flat[i + 3] });
  }
  return out;
}
