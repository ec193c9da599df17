// The one owner of the page's state: the game in play (an engine Game), who plays each colour
// (a person, or the computer at a level: one of each, two people on one device, or the
// computer against itself to watch), the computer's search in the AI worker, undo and redo,
// replay, hints, and what the board and panel show (hover, cursor, notices, the explain
// switches).
//
// Everything changes through the intent methods below (play, undo, newGame, …). Each ends
// by telling the subscribers: `subscribe(listener)` calls `listener(store, { game })` after
// every change, `game` true when the game itself changed (what saving and the address
// follow) and false for what only changes the view. The intents about the view alone
// (pointing, the cursor, notices, the explain switches) are in store-view.js. Subscribers run in the order they
// subscribed; the renderer comes last.
//
// `gen` counts positions: it changes whenever the board or the sides change, and every
// answer from the worker is used only while the gen it was asked for is still current.

import { Cancelled } from './ai-client.js';
import { BLACK, DEFAULT_RULE, DEFAULT_SIZE, EMPTY, HUMAN, NO_LEGAL_MOVE, RULES, WHITE, other } from './constants.js';
import { colorName, errorText, t } from './i18n.js';
import { DEFAULT_LEVEL } from './levels.js';
import { RENJU_OPENINGS, SWAPS, renjuOpening, renjuOpeningOf, renjuStones, swapPhase, undoFloor } from './opening.js';
import { isPsq, parsePoint, parsePsq, pointName, splitMoves } from './records.js';
import { openingIntents } from './store-opening.js';
import { reviewIntents } from './store-review.js';
import { viewIntents } from './store-view.js';

const DEFAULT_THINK_MS = 200; // a short pause reads as a reply; an instant one looks like a glitch
const WATCH_MS = 700; // watching the computer play itself: time to see each move
const HINT_MS = 500;

export class Store {
  /**
   * `Game` is the engine's class, `levels` the Levels of levels.js, `ai` the AiClient;
   * `options` are the page's link options (embed, replay, seed, think) and `explain`
   * the starting explain switches `{ heatmap, analysis, numbers }`.
   */
  constructor({ Game, levels, ai, makeReviewer = null, options = {}, explain, tapConfirm = false }) {
    this.Game = Game;
    this.levels = levels;
    this.ai = ai;
    this.makeReviewer = makeReviewer; // starts the worker a review runs in (none: no reviews)
    this.reviewer = null;
    this.review = null; // { key, status: 'running'|'done'|'failed', done, total, result, open, line } (store-review.js)
    this.embed = Boolean(options.embed);
    this.readOnly = Boolean(options.embed && options.replay);
    this.limit = options.limit ?? null; // a watched game stops after this many moves
    this.seed = options.seed ?? null;
    this.thinkMs = options.think ?? DEFAULT_THINK_MS;
    this.explain = { heatmap: false, analysis: false, numbers: false, scores: false, ...explain };
    this.tapConfirm = tapConfirm;
    this.listeners = [];

    this.game = null;
    this.players = { [BLACK]: HUMAN, [WHITE]: DEFAULT_LEVEL }; // 'human' or a level id
    this.opening = null; // a swap opening: { kind: 'swap1'|'swap2', choice } (opening.js)
    this.renjuOpening = null; // the id of the canonical renju opening the game began with
    this.watch = { paused: false, stepping: false, ms: this.thinkMs === DEFAULT_THINK_MS ? WATCH_MS : this.thinkMs };
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
    this.inspect = null; // a point whose score's breakdown stays shown (inspectPoint, pressAt)
    this.notice = null; // { text, kind } under the status line until the next change
    this.record = { text: '', fallback: null, seq: 0 }; // the records panel's message
    this.saveOff = false; // the browser refused to keep the game
    this.gameOverDismissed = false;
    this.levelsExtra = []; // levels off the ladder that a link or saved game asked for
    this.announcements = []; // for screen readers, taken by the renderer
    this.announceResult = false;
  }

  // ---- Subscribers ----------------------------------------------------------------------

  subscribe(listener) {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  emit({ game = false } = {}) {
    for (const listener of this.listeners) listener(this, { game });
  }

  /** The game changed: save it, put it in the address, redraw. */
  changed() {
    if (this.over) this.announceResult = true;
    this.emit({ game: true });
  }

  // ---- Reading --------------------------------------------------------------------------

  isHuman(color) {
    return this.players[color] === HUMAN;
  }

  /** 'play' (a person against the computer), 'two' (two people) or 'watch' (no person). */
  get mode() {
    const humans = [BLACK, WHITE].filter((c) => this.isHuman(c)).length;
    return humans === 1 ? 'play' : humans === 2 ? 'two' : 'watch';
  }

  /** The person's colour against the computer (black in the other modes). */
  get human() {
    return this.mode === 'play' && !this.isHuman(BLACK) ? WHITE : BLACK;
  }

  /** The computer's colour against a person. */
  get computer() {
    return other(this.human);
  }

  /** The level that plays `color`, or for a person's colour the game's level (their coach). */
  levelFor(color) {
    return this.isHuman(color) ? this.game.level() : this.players[color];
  }

  get over() {
    return Boolean(this.resigned) || (this.game?.is_over() ?? false);
  }

  get winner() {
    if (this.resigned) return other(this.resigned);
    return this.game?.winner() ?? 0;
  }

  /** Why the game is drawn: 'board_full', 'no_legal_move' (renju), or null. */
  get drawReason() {
    if (this.resigned) return null;
    return this.game?.draw_reason() ?? null;
  }

  moves() {
    return splitMoves(this.game?.move_list() ?? '');
  }

  humanToMove() {
    return (
      this.game !== null && !this.readOnly && !this.thinking && !this.over &&
      this.viewPly === null && this.actor() === HUMAN && this.openingStep()?.step !== 'choose'
    );
  }

  computerToMove() {
    return (
      this.game !== null && !this.readOnly && !this.over && this.viewPly === null &&
      this.actor() !== HUMAN &&
      (this.mode !== 'watch' || ((!this.watch.paused || this.watch.stepping) && !this.limitReached()))
    );
  }

  /** Whether a watched game has stopped at the link's move limit (`limit=`). */
  limitReached() {
    return this.mode === 'watch' && this.limit !== null && !this.over && (this.game?.move_count() ?? 0) >= this.limit;
  }

  /** Moves a person could take back: theirs (against the computer) or any (two people). */
  humanMoveCount() {
    const count = this.game?.move_count() ?? 0;
    if (this.mode === 'watch') return 0;
    const floor = this.undoFloor();
    if (this.mode === 'two') return count - floor;
    let n = 0;
    for (let ply = floor + 1; ply <= count; ply++) if (this.placedByHuman(ply)) n++;
    return n;
  }


  /**
   * What describes the game: `{ size, rule, level, black, white, human }`: who plays each
   * colour ('human' or a level id), the game's level (the computer's against a person, the
   * coach's for two people), and the person's colour against the computer.
   */
  settings() {
    const { game, players, opening } = this;
    return {
      size: game.size(), rule: game.rule(), level: game.level(), black: players[BLACK], white: players[WHITE], human: this.human,
      opening: opening?.kind ?? this.renjuOpening ?? null, choice: opening?.choice ?? '',
    };
  }

  /** Stones undo may not take back: a swap opening's decisions are final, a canonical opening's stones given. */
  undoFloor() {
    const floor = this.opening ? undoFloor(this.opening.kind, this.opening.choice) : this.renjuOpening ? 3 : 0;
    return Math.min(floor, this.game?.move_count() ?? 0);
  }

  /** What the worker needs to rebuild this game, with the level of the side to move. */
  setup() {
    const level = this.levelFor(this.game.side_to_move());
    return { gameId: this.gameId, size: this.game.size(), rule: this.game.rule(), level, seed: this.seed, moves: this.game.move_list().trim() };
  }

  canReplay() {
    if (this.game === null || this.game.move_count() === 0) return false;
    return this.over || this.readOnly || this.limitReached() || Boolean(this.currentReview()?.open);
  }

  /** The game whose position is on the board: the replayed one, or the game itself. */
  shownGame() {
    return this.replayGame?.game ?? this.game;
  }

  /**
   * Forbidden points are shown only when they constrain a person (black, to move), or when
   * they are every point left and so ended the game.
   */
  forbidden() {
    if (this.drawReason === NO_LEGAL_MOVE && this.viewPly === null) return pairs(this.game.forbidden_points());
    if (!this.humanToMove() || this.game.side_to_move() !== BLACK) return [];
    return pairs(this.game.forbidden_points());
  }

  /** How many stones `moves` hold on a scratch game of `{ size, rule, level }`, or null if they do not load. */
  moveCount(settings) {
    return this.probe(settings, (game) => game.move_count(), () => null);
  }

  /** Whether `moves` load on a scratch game of `{ size, rule, level }`: an error message, or null. */
  checkMoves(settings) {
    return this.probe(settings, () => null, errorText);
  }

  /** `read(game)` of a scratch game with `moves` loaded, or `failed(error)`; the game is freed. */
  probe({ size, rule, level, moves }, read, failed) {
    let game = null;
    try {
      game = new this.Game(size, rule, level);
      game.load_moves(moves);
      return read(game);
    } catch (error) {
      return failed(error);
    } finally {
      game?.free();
    }
  }

  takeAnnouncements() {
    const taken = this.announcements;
    this.announcements = [];
    return taken;
  }

  // ---- Games ----------------------------------------------------------------------------

  /**
   * Starts a game: `{ size, rule, level, human, black, white, moves, redo, resigned }`.
   * `black` and `white` ('human' or a level id) say who plays each colour; without them,
   * the person plays `human` against `level`. Returns an error message when the moves could
   * not be loaded (the game then starts without them).
   */
  start({ size = DEFAULT_SIZE, rule = DEFAULT_RULE, level = DEFAULT_LEVEL, human = BLACK, black, white, moves = '', redo = [], resigned = false, opening = null, choice = '' }) {
    this.bump();
    if (black !== undefined && white !== undefined) {
      this.players = { [BLACK]: black, [WHITE]: white };
      // The game's level: the first computer's, else the coach's.
      level = [black, white].find((p) => p !== HUMAN) ?? level;
    } else {
      this.players = human === WHITE ? { [BLACK]: level, [WHITE]: HUMAN } : { [BLACK]: HUMAN, [WHITE]: level };
    }
    for (const id of [level, black, white]) {
      if (id && id !== HUMAN && !this.levels.ladder.some((l) => l.id === id) && !this.levelsExtra.includes(id)) {
        this.levelsExtra.push(id);
      }
    }
    let error = null;
    const game = new this.Game(size, rule, level);
    if (this.seed !== null) game.set_seed(this.seed);
    if (moves) {
      try {
        game.load_moves(moves);
      } catch (e) {
        error = errorText(e);
      }
    }
    this.game?.free();
    this.game = game;
    this.gameId++;
    // A swap opening whose choice does not fit the stones (checked by the link's reader too)
    // is dropped: the game is then an ordinary one.
    const swap = SWAPS.includes(opening) && rule !== 'renju' && swapPhase(opening, game.move_count(), choice);
    this.opening = swap ? { kind: opening, choice } : null;
    const named = rule === 'renju' ? renjuOpening(opening) : undefined;
    const begun = renjuOpeningOf(splitMoves(game.move_list()).map(parsePoint), size);
    this.renjuOpening = named && begun === named ? named.id : null;
    this.redo = error ? [] : redo;
    // Only a person playing the computer resigns; `resigned` is the colour that did.
    this.resigned = !error && resigned && !game.is_over() && this.mode === 'play' ? this.human : false;
    this.watch = { ...this.watch, paused: false, stepping: false };
    this.report = null;
    this.setReplay(null);
    this.gameOverDismissed = false;
    if (this.readOnly) this.setReplay(this.game.move_count());
    this.changed();
    this.computerTurn();
    return error;
  }

  /**
   * A new game from the new-game dialog's `{ mode: 'play'|'two'|'watch', first:
   * 'human'|'computer', level, whiteLevel, rule, size }`.
   */
  newGame(chosen) {
    const current = this.settings();
    const level = this.levels.isLevel(chosen.level) ? chosen.level : current.level;
    const whiteLevel = this.levels.isLevel(chosen.whiteLevel) ? chosen.whiteLevel : level;
    const rule = RULES.includes(chosen.rule) ? chosen.rule : DEFAULT_RULE;
    const settings = { size: chosen.size, rule, level, ...openingStart(chosen.opening, rule, chosen.size) };
    if (chosen.mode === 'two') this.start({ ...settings, black: HUMAN, white: HUMAN });
    else if (chosen.mode === 'watch') this.start({ ...settings, black: level, white: whiteLevel });
    else this.start({ ...settings, human: chosen.first === 'computer' ? WHITE : BLACK });
  }

  /** What the new-game dialog starts from. */
  newGameDefaults() {
    const { human, level, rule, size } = this.settings();
    const mode = this.mode;
    const whiteLevel = mode === 'watch' ? this.players[WHITE] : level;
    const opening = this.opening?.kind ?? (this.renjuOpening ? 'random' : 'none');
    return { mode, first: human === WHITE ? 'computer' : 'human', level, whiteLevel, rule, size, opening };
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

  // ---- Moves ----------------------------------------------------------------------------

  /** The human plays (x, y), if it is their turn; refusals are explained under the status. */
  play(x, y) {
    if (!this.humanToMove()) return;
    const game = this.game;
    const name = pointName(x, y);
    if (game.board()[y * game.size() + x] !== EMPTY) return this.refuse(t('occupied', { point: name }));
    if (this.forbidden().some(([fx, fy]) => fx === x && fy === y)) {
      return this.refuse(t('forbidden', { point: name }));
    }
    try {
      game.place_stone(x, y);
    } catch (error) {
      return this.refuse(errorText(error));
    }
    const mover = game.side_to_move() === BLACK ? WHITE : BLACK; // the move is played: the side that made it
    if (this.redo.at(-1) === name) this.redo.pop();
    else this.redo = [];
    this.bump();
    this.noteOverline(x, y);
    this.announcements.push(t('announceMove', { color: colorName(mover, true), point: name }));
    this.changed();
    this.computerTurn();
  }

  /**
   * Under standard rules six or more in a row does not win, and nothing on the board says
   * so: after the move that made one, the status says it, until the person's next move or
   * action (it stays through the computer's reply).
   */
  noteOverline(x, y) {
    const game = this.game;
    if (game.rule() !== 'standard' || game.is_over()) return;
    if (longestLine(game.board(), game.size(), x, y) < 6) return;
    this.notice = { text: t('overline'), kind: 'info', keep: true };
  }

  refuse(text) {
    this.notice = { text, kind: 'info' };
    this.preview = null;
    this.emit();
  }

  async computerTurn() {
    if (!this.computerToMove() || this.thinking) return;
    const step = this.openingStep();
    if (step) return this.computerOpening(step);
    const gen = this.gen;
    const thinking = { gen, report: null, started: performance.now() };
    this.thinking = thinking;
    this.emit();
    let result;
    try {
      result = await this.ai.move(this.setup(), (report) => {
        if (this.thinking !== thinking) return;
        thinking.report = report;
        this.emit();
      });
    } catch (error) {
      if (error instanceof Cancelled || this.thinking !== thinking) return;
      this.computerFailed(error);
      return;
    }
    if (this.thinking !== thinking) return;
    thinking.report = result.report;
    this.emit();
    const pause = this.mode === 'watch' ? this.watch.ms : this.thinkMs;
    const rest = pause - (performance.now() - thinking.started);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    if (this.thinking !== thinking || gen !== this.gen) return; // undone, new game, move now…
    this.playComputer(result.move, result.report);
  }

  /** The computer could not move (or decide): the search is dropped and the reason shown. */
  computerFailed(error) {
    this.thinking = null;
    this.notice = { text: t('computerFailed', { message: errorText(error) }), kind: 'error' };
    this.emit();
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
    const mover = this.game.side_to_move();
    try {
      this.game.place_stone(x, y);
    } catch (error) {
      this.bump();
      this.computerFailed(error);
      return;
    }
    // A problem reported before the reply (a bad link, say), or what the person's own move
    // did (an overline), stays until the human acts.
    const kept = this.notice?.kind === 'error' || this.notice?.keep ? this.notice : null;
    this.bump();
    this.notice = kept;
    this.noteOverline(x, y);
    this.redo = this.redo.at(-1) === pointName(x, y) ? this.redo.slice(0, -1) : [];
    this.report = report ? { report, color: mover, moves: before, source: 'computer' } : null;
    this.announcements.push(
      this.mode === 'watch'
        ? t('announceMove', { color: colorName(mover, true), point: pointName(x, y) })
        : t('announceComputer', { point: pointName(x, y) }),
    );
    this.watch.stepping = false;
    this.changed();
    this.computerTurn(); // the computer against itself plays on
  }

  /** Takes back the computer's reply (if any) and the person's move before it; for two people, one move. */
  undo() {
    if (this.readOnly || this.humanMoveCount() === 0) return;
    this.bump();
    this.resigned = false;
    this.report = null;
    const game = this.game;
    const floor = this.undoFloor();
    const takeBack = () => {
      this.redo.push(this.moves().at(-1));
      game.undo();
    };
    while (game.move_count() > floor && !this.placedByHuman(game.move_count())) takeBack();
    if (game.move_count() > floor) takeBack();
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
    } while (this.redo.length > 0 && !this.isHuman(this.game.side_to_move()) && !this.game.is_over());
    this.changed();
    this.computerTurn();
  }

  /** Whether the `ply`th stone (from 1) was placed by a person: the opening's seats, then the colour's. */
  placedByHuman(ply) {
    const kind = this.opening?.kind;
    const choice = this.opening?.choice ?? '';
    if (kind && ply <= 3) return this.seatIsHuman('first');
    if (kind && choice.startsWith('two') && ply <= 5) return this.seatIsHuman('second');
    return this.isHuman(ply % 2 === 1 ? BLACK : WHITE);
  }

  /** Whether a person holds the opening's `seat` (the colours may have been exchanged since). */
  seatIsHuman(seat) {
    const { choice } = this.opening;
    const first = choice === 'black' || choice === 'two-white' ? WHITE : BLACK; // exchanged
    return this.isHuman(seat === 'first' ? first : other(first));
  }

  /** The computer takes over the person's colour, and the person the computer's. */
  switchColors() {
    if (this.readOnly || this.over || this.mode !== 'play' || this.openingStep()) return;
    this.bump();
    this.players = { [BLACK]: this.players[WHITE], [WHITE]: this.players[BLACK] };
    this.changed();
    this.computerTurn();
  }

  resign() {
    if (this.readOnly || this.over || !this.game || this.mode !== 'play') return;
    this.bump();
    this.resigned = this.human;
    this.changed();
  }

  /** Watching the computer play itself: pause, or play on. */
  setPaused(paused) {
    if (this.mode !== 'watch' || this.watch.paused === paused) return;
    this.watch = { ...this.watch, paused, stepping: false };
    if (paused) this.bump();
    this.emit();
    this.computerTurn();
  }

  /** Watching, paused: one move, then pause again. */
  step() {
    if (this.mode !== 'watch' || !this.watch.paused || this.thinking) return;
    this.watch = { ...this.watch, stepping: true };
    this.computerTurn();
  }

  /** Watching: the least time between moves, in ms. */
  setWatchSpeed(ms) {
    this.watch = { ...this.watch, ms };
    this.emit();
  }

  async requestHint() {
    if (!this.humanToMove() || this.hinting) return;
    const gen = this.gen;
    const hinting = { gen };
    this.hinting = hinting;
    this.notice = { text: t('hintLooking'), kind: 'info' };
    this.emit();
    const moves = this.moves();
    try {
      const { report } = await this.ai.analyze(this.setup(), HINT_MS);
      if (this.hinting !== hinting || gen !== this.gen) return;
      this.hinting = null;
      if (!report.best) throw new Error('no move');
      this.hint = report.best;
      this.report = { report, color: this.game.side_to_move(), moves, source: 'hint' };
      this.notice = { text: t('hintIs', { point: pointName(...report.best) }), kind: 'info' };
    } catch (error) {
      if (error instanceof Cancelled || this.hinting !== hinting) return;
      this.hinting = null;
      this.notice = { text: t('hintFailed', { message: errorText(error) }), kind: 'error' };
    }
    this.emit();
  }

  /** The computer plays at level `id` from its next move on. */
  setLevel(id) {
    if (!this.game || !this.levels.isLevel(id) || id === this.game.level()) return;
    this.game.set_level(id);
    // Against a person the game's level is the computer's; for two people, the coach's.
    if (this.mode === 'play') this.players = { ...this.players, [this.computer]: id };
    this.changed();
    this.computerTurn();
  }

  // ---- Replay ---------------------------------------------------------------------------

  /** Shows the board after `ply` moves (finished or read-only games); null: the game itself. */
  setReplay(ply) {
    const total = this.game?.move_count() ?? 0;
    const clamped = ply === null ? null : Math.max(0, Math.min(total, ply));
    // The last move of a game still going on is the game itself, where the next move is played.
    const live = !this.over && !this.readOnly && !this.limitReached();
    this.viewPly = clamped === total && live ? null : clamped;
    this.replayGame?.game.free();
    this.replayGame = null;
    if (clamped !== null && clamped < total) {
      const game = new this.Game(this.game.size(), this.game.rule(), this.game.level());
      game.load_moves(this.moves().slice(0, clamped).join(' '));
      this.replayGame = { ply: clamped, game };
    }
  }

  /** Replay to 'first', 'prev', 'next', 'last' or a ply number. */
  stepReplay(target) {
    if (!this.canReplay()) return;
    const total = this.game.move_count();
    const current = this.viewPly ?? total;
    const ply = { first: 0, last: total, prev: current - 1, next: current + 1 }[target] ?? target;
    // Stepping leaves a better line the review showed.
    if (this.review?.line) this.review = { ...this.review, line: null };
    this.setReplay(Math.max(0, Math.min(total, ply)));
    this.emit();
  }

  // ---- Records --------------------------------------------------------------------------

  /** Loads a move list or PSQ record; returns an error message or null. */
  loadText(text) {
    const trimmed = text.trim();
    if (!trimmed) return this.loadFailed(t('loadEmpty'));
    const settings = this.settings();
    let size = settings.size;
    let moves = trimmed;
    if (isPsq(trimmed)) {
      try {
        ({ size, moves } = parsePsq(trimmed));
        moves = moves.join(' ');
      } catch (error) {
        return this.loadFailed(t('psqError', { message: t(error.key, error.params) }));
      }
    }
    // Checked on a scratch game first: a bad list leaves the game in play untouched.
    const error = this.checkMoves({ ...settings, size, moves });
    if (error) return this.loadFailed(t('loadError', { message: error }));
    this.start({ ...settings, size, moves });
    this.setRecordMessage(t('loaded', { n: this.game.move_count() }));
    return null;
  }

  /** A load that failed: its message replaces the records panel's (an earlier "Game loaded"). */
  loadFailed(message) {
    this.setRecordMessage(message);
    return message;
  }

  /** The records panel's message; with `fallback`, a text to copy by hand. */
  setRecordMessage(text, fallback = null) {
    this.record = { text, fallback, seq: this.record.seq + 1 };
    this.emit();
  }
}

// What the board and panel show, and the swap openings: intents of this same store, kept in
// files of their own.
Object.assign(Store.prototype, viewIntents, openingIntents, reviewIntents);

/**
 * The start of a new game with the dialog's `opening`: a swap rule (freestyle, standard), or
 * under renju a canonical opening's stones (by name, or 'random'); nothing for 'none'.
 */
export function openingStart(opening, rule, size) {
  if (SWAPS.includes(opening) && rule !== 'renju') return { opening, choice: '' };
  if (rule !== 'renju' || !opening || opening === 'none') return {};
  const chosen = opening === 'random' ? RENJU_OPENINGS[Math.floor(Math.random() * RENJU_OPENINGS.length)] : renjuOpening(opening);
  if (!chosen) return {};
  return { opening: chosen.id, moves: renjuStones(chosen, size).map(([x, y]) => pointName(x, y)).join(' ') };
}

/** The longest line of one colour through the stone at (x, y) of `board` (index y*size + x). */
export function longestLine(board, size, x, y) {
  const color = board[y * size + x];
  if (color === EMPTY) return 0;
  const at = (cx, cy) => (cx >= 0 && cy >= 0 && cx < size && cy < size ? board[cy * size + cx] : EMPTY);
  let longest = 0;
  for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
    let n = 1;
    for (let k = 1; at(x + k * dx, y + k * dy) === color; k++) n++;
    for (let k = 1; at(x - k * dx, y - k * dy) === color; k++) n++;
    longest = Math.max(longest, n);
  }
  return longest;
}

/** `[[x0, y0], …]` of a flat `[x0, y0, x1, y1, …]` array (as the engine sends points). */
export function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}
