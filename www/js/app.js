// The game in play: turns, the computer's moves through the AI worker, undo and redo,
// swapping sides, resigning, hints, replay, records, and keeping the game across reloads.
//
// `gen` counts positions: it changes whenever the board or the sides change, and every
// answer from the worker is used only while the gen it was asked for is still current.

import { Cancelled } from './ai-client.js';
import { BLACK, WHITE, other } from './analysis.js';
import { EMPTY } from './board-view.js';
import { askLoad, askNewGame } from './dialogs.js';
import { colorName, t } from './i18n.js';
import { groupedLevels, isLevel } from './levels.js';
import { compactMoves, formatPsq, isPsq, parsePoint, parsePsq, pointName, splitMoves } from './records.js';
import { Presenter } from './presenter.js';
import * as storage from './storage.js';
import { RULES, gameHash } from './url-state.js';

const DEFAULT_THINK_MS = 200; // a short pause reads as a reply; an instant one looks like a glitch
const HINT_MS = 500;
const MAX_RECORD_BYTES = 100_000; // a full 20×20 PSQ record is a few kB

export class App {
  constructor({ engine, ai, view, controls, options }) {
    this.Game = engine.Game;
    this.ai = ai;
    this.view = view;
    this.controls = controls;
    this.embed = Boolean(options.embed);
    this.readOnly = Boolean(options.embed && options.replay);
    this.seed = options.seed ?? null;
    this.thinkMs = options.think ?? DEFAULT_THINK_MS;
    this.explain = options.explain;
    this.tapConfirm = false;
    this.onChange = () => {};

    this.game = null;
    this.human = BLACK;
    this.gameId = 0;
    this.gen = 0;
    this.redo = []; // move names taken back; the next one to replay is last
    this.resigned = false;
    this.thinking = null; // { gen, report, started }
    this.hinting = null; // { gen }
    this.hint = null; // [x, y] for the human, this position only
    this.report = null; // { report, color, moves: move names when the search began, source }
    this.viewPly = null; // replay: moves shown, or null for the game as it stands
    this.replayGame = null; // { ply, game } for the replayed position
    this.hover = null;
    this.cursor = null;
    this.preview = null; // tap-to-place: the point tapped once
    this.notice = null; // { text, kind } under the status line until the next change
    this.gameOverDismissed = false;
    this.levelsExtra = [];
    this.presenter = new Presenter(this);
  }

  // ---- State ----------------------------------------------------------------------------

  get computer() {
    return other(this.human);
  }

  get over() {
    return this.resigned || (this.game?.is_over() ?? false);
  }

  get winner() {
    if (this.resigned) return this.computer;
    return this.game?.winner() ?? 0;
  }

  moves() {
    return splitMoves(this.game?.move_list() ?? '');
  }

  humanToMove() {
    return (
      this.game !== null && !this.readOnly && !this.thinking && !this.over &&
      this.viewPly === null && this.game.side_to_move() === this.human
    );
  }

  computerToMove() {
    return (
      this.game !== null && !this.readOnly && !this.over && this.viewPly === null &&
      this.game.side_to_move() === this.computer
    );
  }

  /** The human's stones on the board (colours alternate from black). */
  humanMoveCount() {
    const count = this.game?.move_count() ?? 0;
    return this.human === BLACK ? Math.ceil(count / 2) : Math.floor(count / 2);
  }

  settings() {
    return {
      size: this.game.size(),
      rule: this.game.rule(),
      opponent: this.game.opponent(),
      human: this.human,
    };
  }

  /** What the worker needs to rebuild this game. */
  setup() {
    return {
      gameId: this.gameId,
      size: this.game.size(),
      rule: this.game.rule(),
      opponent: this.game.opponent(),
      seed: this.seed,
      moves: this.game.move_list().trim(),
    };
  }

  /** A new position: whatever the worker is doing for the old one is dropped. */
  bump() {
    this.gen++;
    if (this.ai.busy) this.ai.cancel();
    this.thinking = null;
    this.hinting = null;
    this.hint = null;
    this.preview = null;
    this.notice = null;
  }

  // ---- Games ----------------------------------------------------------------------------

  /**
   * Starts a game: `{ size, rule, opponent, human, moves }`. Returns an error message when
   * the moves could not be loaded (the game then starts without them).
   */
  start({ size = 15, rule = 'freestyle', opponent, human = BLACK, moves = '', redo = [], resigned = false }) {
    this.bump();
    if (!this.Game.opponent_ids().includes(opponent)) this.addLevel(opponent);
    let error = null;
    const game = new this.Game(size, rule, opponent);
    if (this.seed !== null) game.set_seed(this.seed);
    if (moves) {
      try {
        game.load_moves(moves);
      } catch (e) {
        error = messageOf(e);
      }
    }
    this.game?.free();
    this.game = game;
    this.gameId++;
    this.human = human;
    this.redo = error ? [] : redo;
    this.resigned = !error && resigned && !game.is_over();
    this.report = null;
    this.setReplay(null);
    this.gameOverDismissed = false;
    if (this.readOnly) this.setReplay(this.game.move_count());
    this.changed();
    this.computerTurn();
    return error;
  }

  async newGameDialog() {
    const current = this.settings();
    const chosen = await askNewGame({
      first: current.human === WHITE ? 'computer' : 'human',
      opponent: current.opponent,
      rule: current.rule,
      size: current.size,
    });
    if (!chosen) return;
    this.start({
      size: chosen.size,
      rule: RULES.includes(chosen.rule) ? chosen.rule : 'freestyle',
      opponent: isLevel(this.Game, chosen.opponent) ? chosen.opponent : current.opponent,
      human: chosen.first === 'computer' ? WHITE : BLACK,
    });
  }

  /** Restores the game saved by an earlier visit; false when there is none or it is broken. */
  restore() {
    const saved = storage.load(storage.GAME_KEY);
    if (saved === null) return { restored: false };
    const valid =
      saved && typeof saved === 'object' && saved.v === 1 &&
      Number.isInteger(saved.size) && saved.size >= 5 && saved.size <= 20 &&
      RULES.includes(saved.rule) && isLevel(this.Game, saved.opponent) &&
      (saved.human === BLACK || saved.human === WHITE) &&
      typeof saved.moves === 'string' && saved.moves.length <= 2000 &&
      Array.isArray(saved.redo) && saved.redo.length <= 400 && saved.redo.every((m) => parsePoint(m));
    if (valid && this.start({ ...saved, resigned: saved.resigned === true }) === null) return { restored: true };
    storage.remove(storage.GAME_KEY);
    return { restored: false, broken: true };
  }

  // ---- Moves ----------------------------------------------------------------------------

  /** The human plays (x, y), if it is their turn; refusals are explained under the status. */
  play(x, y) {
    if (!this.humanToMove()) return;
    const game = this.game;
    const size = game.size();
    const name = pointName(x, y);
    if (game.board()[y * size + x] !== EMPTY) return this.refuse(t('occupied', { point: name }));
    if (this.forbidden().some(([fx, fy]) => fx === x && fy === y)) {
      return this.refuse(t('forbidden', { point: name }));
    }
    try {
      game.place_stone(x, y);
    } catch (error) {
      return this.refuse(messageOf(error));
    }
    if (this.redo.at(-1) === name) this.redo.pop();
    else this.redo = [];
    this.bump();
    this.controls.announce(t('announceMove', { color: colorName(this.human, true), point: name }));
    this.changed();
    this.computerTurn();
  }

  refuse(text) {
    this.notice = { text, kind: 'info' };
    this.preview = null;
    this.render();
  }

  async computerTurn() {
    if (!this.computerToMove() || this.thinking) return;
    const gen = this.gen;
    const thinking = { gen, report: null, started: performance.now() };
    this.thinking = thinking;
    this.render();
    let result;
    try {
      result = await this.ai.move(this.setup(), (report) => {
        if (this.thinking !== thinking) return;
        thinking.report = report;
        this.render();
      });
    } catch (error) {
      if (error instanceof Cancelled || this.thinking !== thinking) return;
      this.thinking = null;
      this.notice = { text: t('computerFailed', { message: messageOf(error) }), kind: 'error' };
      this.render();
      return;
    }
    if (this.thinking !== thinking) return;
    thinking.report = result.report;
    this.render();
    const rest = this.thinkMs - (performance.now() - thinking.started);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    if (this.thinking !== thinking || gen !== this.gen) return; // undone, new game, move now…
    this.playComputer(result.move, result.report);
  }

  /** "Move now": stop the search and play the best move it has found. */
  moveNow() {
    const report = this.thinking?.report;
    if (!report?.best) return;
    this.ai.cancel();
    this.playComputer(report.best, report);
  }

  playComputer([x, y], report) {
    const before = this.moves();
    try {
      this.game.place_stone(x, y);
    } catch (error) {
      this.bump();
      this.notice = { text: t('computerFailed', { message: messageOf(error) }), kind: 'error' };
      this.render();
      return;
    }
    // A problem reported before the reply (a bad link, say) stays until the human acts.
    const error = this.notice?.kind === 'error' ? this.notice : null;
    this.bump();
    this.notice = error;
    this.redo = this.redo.at(-1) === pointName(x, y) ? this.redo.slice(0, -1) : [];
    this.report = report ? { report, color: this.computer, moves: before, source: 'computer' } : null;
    this.controls.announce(t('announceComputer', { point: pointName(x, y) }));
    this.changed();
  }

  /** Takes back the computer's reply (if any) and the human move before it. */
  undo() {
    if (this.readOnly || this.humanMoveCount() === 0) return;
    this.bump();
    this.resigned = false;
    this.report = null;
    const game = this.game;
    const lastColor = () => (game.move_count() % 2 === 1 ? BLACK : WHITE);
    const takeBack = () => {
      this.redo.push(this.moves().at(-1));
      game.undo();
    };
    while (game.move_count() > 0 && lastColor() !== this.human) takeBack();
    if (game.move_count() > 0) takeBack();
    this.setReplay(null);
    this.changed();
    this.computerTurn();
  }

  /** Plays the taken-back moves again, up to the human's next turn. */
  redoMoves() {
    if (this.readOnly || this.redo.length === 0 || this.over) return;
    this.bump();
    do {
      const point = parsePoint(this.redo.pop());
      try {
        this.game.place_stone(...point);
      } catch {
        this.redo = [];
        break;
      }
    } while (this.redo.length > 0 && this.game.side_to_move() !== this.human && !this.game.is_over());
    this.changed();
    this.computerTurn();
  }

  /** The computer takes over the human's colour, and the human the computer's. */
  swapSides() {
    if (this.readOnly || this.over) return;
    this.bump();
    this.human = other(this.human);
    this.changed();
    this.computerTurn();
  }

  resign() {
    if (this.readOnly || this.over || !this.game) return;
    this.bump();
    this.resigned = true;
    this.changed();
  }

  async requestHint() {
    if (!this.humanToMove() || this.hinting) return;
    const gen = this.gen;
    const hinting = { gen };
    this.hinting = hinting;
    this.notice = { text: t('hintLooking'), kind: 'info' };
    this.render();
    const moves = this.moves();
    try {
      const { report } = await this.ai.analyze(this.setup(), HINT_MS);
      if (this.hinting !== hinting || gen !== this.gen) return;
      this.hinting = null;
      if (!report.best) throw new Error('no move');
      this.hint = report.best;
      this.report = { report, color: this.human, moves, source: 'hint' };
      this.notice = { text: t('hintIs', { point: pointName(...report.best) }), kind: 'info' };
    } catch (error) {
      if (error instanceof Cancelled || this.hinting !== hinting) return;
      this.hinting = null;
      this.notice = { text: t('hintFailed', { message: messageOf(error) }), kind: 'error' };
    }
    this.render();
  }

  setLevel(id) {
    if (!this.game || !isLevel(this.Game, id) || id === this.game.opponent()) return;
    this.game.set_opponent(id);
    this.changed();
    this.computerTurn();
  }

  addLevel(id) {
    if (this.levelsExtra.includes(id)) return;
    this.levelsExtra.push(id);
    this.fillLevels();
  }

  fillLevels() {
    const groups = groupedLevels(this.Game, this.levelsExtra);
    for (const id of ['opponent', 'new-opponent']) this.controls.fillLevels(this.controls.el[id], groups, this.Game);
  }

  // ---- Replay ---------------------------------------------------------------------------

  /** Shows the board after `ply` moves (finished or read-only games); null: the game itself. */
  setReplay(ply) {
    const total = this.game?.move_count() ?? 0;
    const clamped = ply === null ? null : Math.max(0, Math.min(total, ply));
    this.viewPly = clamped;
    this.replayGame?.game.free();
    this.replayGame = null;
    if (clamped !== null && clamped < total) {
      const game = new this.Game(this.game.size(), this.game.rule(), this.game.opponent());
      game.load_moves(this.moves().slice(0, clamped).join(' '));
      this.replayGame = { ply: clamped, game };
    }
  }

  canReplay() {
    return this.game !== null && (this.over || this.readOnly) && this.game.move_count() > 0;
  }

  stepReplay(target) {
    if (!this.canReplay()) return;
    const total = this.game.move_count();
    const current = this.viewPly ?? total;
    const ply = { first: 0, last: total, prev: current - 1, next: current + 1 }[target] ?? target;
    this.setReplay(Math.max(0, Math.min(total, ply)));
    this.render();
  }

  /** The game whose position is on the board: the replayed one, or the game itself. */
  shownGame() {
    return this.replayGame?.game ?? this.game;
  }

  // ---- Records --------------------------------------------------------------------------

  /** Loads a move list or PSQ record; returns an error message or null. */
  loadText(text) {
    const trimmed = text.trim();
    if (!trimmed) return t('loadEmpty');
    const settings = this.settings();
    let size = settings.size;
    let moves = trimmed;
    if (isPsq(trimmed)) {
      try {
        ({ size, moves } = parsePsq(trimmed));
        moves = moves.join(' ');
      } catch (error) {
        return t('psqError', { message: t(error.key, error.params) });
      }
    }
    // Checked on a scratch game first: a bad list leaves the game in play untouched.
    const error = this.checkMoves({ ...settings, size, moves });
    if (error) return t('loadError', { message: error });
    this.start({ ...settings, size, moves });
    this.controls.setRecordMessage(t('loaded', { n: this.game.move_count() }));
    return null;
  }

  /** Whether `moves` load on a scratch game of `{ size, rule, opponent }`: an error message, or null. */
  checkMoves({ size, rule, opponent, moves }) {
    let probe = null;
    try {
      probe = new this.Game(size, rule, opponent);
      probe.load_moves(moves);
      return null;
    } catch (error) {
      return messageOf(error);
    } finally {
      probe?.free();
    }
  }

  openLoadDialog() {
    askLoad((text) => this.loadText(text));
  }

  async importPsqFile(file) {
    if (!file) return;
    if (file.size > MAX_RECORD_BYTES) {
      this.controls.setRecordMessage(t('fileTooLarge', { kb: Math.ceil(file.size / 1000) }));
      return;
    }
    const error = this.loadText(await file.text());
    if (error) this.controls.setRecordMessage(error);
  }

  exportPsq() {
    const blob = new Blob([formatPsq(this.moves(), this.game.size())], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `gomoku-${new Date().toISOString().slice(0, 10)}.psq`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  shareLink() {
    const url = new URL(location.href);
    url.search = '';
    url.hash = this.hash();
    return url.href;
  }

  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      this.controls.setRecordMessage(t('copied'));
    } catch {
      this.controls.setRecordMessage(t('copyFailed'), text);
    }
  }

  hash() {
    return gameHash({ ...this.settings(), moves: compactMoves(this.moves()) });
  }

  // ---- Keeping the game -----------------------------------------------------------------

  /** After every change of the game: save it, put it in the address, redraw. */
  changed() {
    if (!this.embed && this.game) {
      const saved = storage.save(storage.GAME_KEY, {
        v: 1,
        ...this.settings(),
        moves: this.game.move_list().trim(),
        redo: this.redo,
        resigned: this.resigned,
      });
      // Storage switched off or full: say so, since the bare address will not bring the game back.
      this.controls.setSaveOff(!saved);
      const hash = this.hash();
      if (location.hash !== hash) history.replaceState(history.state, '', hash);
    }
    if (this.over && !this.resigned && this.game.is_over()) this.announceResult();
    if (this.resigned) this.announceResult();
    this.onChange();
    this.render();
  }

  announceResult() {
    this.controls.announce(this.presenter.status().text);
  }

  render() {
    this.presenter.render();
  }

  forbidden() {
    return this.presenter.forbidden();
  }
}

export function messageOf(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
