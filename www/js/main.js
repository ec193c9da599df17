// Wires the engine (window.wasmBindings.Game, loaded by Trunk) to the board and the panel.
//
// URL parameters (all optional) preset the first game:
//   first=human|computer  opponent=<id>  rule=freestyle|standard|renju  size=9..19
//   seed=<u32>    makes the computer's random tie-breaks reproducible
//   moves=h8+i9   starts from this position
//   think=<ms>    minimum time the computer appears to think (default 250)
//
// Read-only hook for automated tests: window.gomokuPage
//   ready        true once the first game is set up
//   state()      { board, size, rule, opponent, human, sideToMove, busy, over, winner, draw,
//                  moves, moveCount, lastMove, winningLine, forbidden, status, detail, painted }
//                board is an array of size*size cells (index y*size + x; 0 empty, 1 black,
//                2 white), points are [x, y] with y = 0 the bottom row, moves is "h8 i9 …"
//   geometry()   { boardSize, cssSize, origin, step }: point (x, y) is drawn at
//                (origin + x*step, origin + (boardSize-1-y)*step) CSS pixels from the canvas's
//                top-left corner

import { BLACK, BoardView, EMPTY, WHITE } from './board-view.js';
import { Controls } from './controls.js';

const DEFAULT_THINK_MS = 250; // a short pause reads as a reply; an instant one looks like a glitch
const COLOR_NAMES = { [BLACK]: 'black', [WHITE]: 'white' };

const page = { ready: false, state: () => null, geometry: () => null };
window.gomokuPage = page;

/** Splits a flat [x0, y0, x1, y1, …] array into [[x0, y0], …]. */
function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}

function messageOf(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Resolves after the browser has painted the current frame (or soon, in a hidden tab). */
function afterPaint() {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      setTimeout(resolve, 0);
    };
    requestAnimationFrame(go);
    setTimeout(go, 100);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class App {
  constructor(Game, params) {
    this.Game = Game;
    this.view = new BoardView(document.getElementById('board'));
    this.controls = new Controls();
    this.game = null;
    this.human = BLACK;
    this.busy = false; // the computer is choosing a move
    this.idleSince = 0; // input queued while the computer was busy is older than this
    this.turnToken = 0; // invalidates a pending computer move when a new game starts
    this.seed = null;
    this.thinkMs = DEFAULT_THINK_MS;
    this.initialMoves = '';
    this.hover = null;
    this.cursor = null; // keyboard cursor
    this.pressed = null; // pointer id of a press on the board
    this.notice = null; // { text, kind } shown under the status line until the next move

    const ids = Array.from(Game.opponent_ids());
    this.controls.setOpponents(ids.map((id) => ({ id, name: Game.opponent_name(id) })));
    this.applyParams(params);

    this.controls.onNewGame(() => this.newGame());
    this.controls.onUndo(() => this.undo());
    this.controls.onSettingsChange(() => this.controls.refreshPending());
    this.bindBoardInput();

    page.state = () => this.snapshot();
    page.geometry = () => this.view.geometry();
  }

  applyParams(params) {
    this.controls.write({
      first: params.get('first') ?? undefined,
      opponent: params.get('opponent') ?? undefined,
      rule: params.get('rule') ?? undefined,
      size: params.has('size') ? Number(params.get('size')) : undefined,
    });
    const seed = Number(params.get('seed'));
    if (params.has('seed') && Number.isInteger(seed) && seed >= 0) this.seed = seed >>> 0;
    const think = Number(params.get('think'));
    if (params.has('think') && think >= 0) this.thinkMs = think;
    this.initialMoves = params.get('moves') ?? '';
  }

  newGame(moves = '') {
    const settings = this.controls.read();
    this.turnToken++;
    this.busy = false;
    this.notice = null;
    this.hover = null;
    try {
      const game = new this.Game(settings.size, settings.rule, settings.opponent);
      if (this.seed !== null) game.set_seed(this.seed);
      this.game?.free();
      this.game = game;
      this.human = settings.first === 'computer' ? WHITE : BLACK;
      this.controls.markActive(settings);
      if (moves) game.load_moves(moves.replace(/[+,]/g, ' '));
    } catch (error) {
      this.notice = { text: messageOf(error), kind: 'error' };
    }
    this.render();
    this.maybeComputerMove();
  }

  get computer() {
    return this.human === BLACK ? WHITE : BLACK;
  }

  humanToMove() {
    return this.game !== null && !this.busy && !this.game.is_over() && this.game.side_to_move() === this.human;
  }

  play(x, y) {
    if (!this.humanToMove()) return;
    try {
      this.game.place_stone(x, y);
      this.notice = null;
    } catch (error) {
      // Occupied, forbidden (renju) and similar: the game is unchanged, say why.
      this.notice = { text: messageOf(error), kind: 'info' };
      this.render();
      return;
    }
    this.hover = null;
    this.render();
    this.maybeComputerMove();
  }

  async maybeComputerMove() {
    const game = this.game;
    if (!game || game.is_over() || game.side_to_move() !== this.computer) return;
    const token = ++this.turnToken;
    this.busy = true;
    this.render();
    const started = performance.now();
    await afterPaint(); // the wasm call blocks this thread: show the human's stone first
    const rest = this.thinkMs - (performance.now() - started);
    if (rest > 0) await sleep(rest);
    if (token !== this.turnToken) return; // a new game began meanwhile
    try {
      game.ai_move();
    } catch (error) {
      this.notice = { text: messageOf(error), kind: 'error' };
    }
    this.busy = false;
    this.idleSince = performance.now();
    this.render();
  }

  /** Moves of the human on the board (their colour alternates from black). */
  humanMoveCount() {
    const count = this.game?.move_count() ?? 0;
    return this.human === BLACK ? Math.ceil(count / 2) : Math.floor(count / 2);
  }

  /** Takes back the computer's reply (if any) and the human's move before it. */
  undo() {
    if (this.busy || this.humanMoveCount() === 0) return;
    const game = this.game;
    const colorOfLast = () => (game.move_count() % 2 === 1 ? BLACK : WHITE);
    try {
      while (game.move_count() > 0 && colorOfLast() !== this.human) game.undo();
      game.undo();
      this.notice = null;
    } catch (error) {
      this.notice = { text: messageOf(error), kind: 'error' };
    }
    this.render();
  }

  bindBoardInput() {
    const canvas = this.view.canvas;
    // Input that waited while the engine blocked the thread is stale: drop it.
    const fresh = (event) => event.timeStamp >= this.idleSince;

    canvas.addEventListener('pointerdown', (event) => {
      if (!event.isPrimary || event.button !== 0 || !fresh(event)) return;
      this.pressed = event.pointerId;
      canvas.setPointerCapture(event.pointerId);
      this.setHover(this.view.pointAt(event.clientX, event.clientY));
    });
    canvas.addEventListener('pointermove', (event) => {
      if (event.pointerType === 'mouse' || this.pressed === event.pointerId) {
        this.setHover(this.view.pointAt(event.clientX, event.clientY));
      }
    });
    canvas.addEventListener('pointerup', (event) => {
      if (this.pressed !== event.pointerId) return;
      this.pressed = null;
      const point = this.view.pointAt(event.clientX, event.clientY);
      if (event.pointerType !== 'mouse') this.setHover(null);
      if (point && fresh(event)) this.play(point.x, point.y);
    });
    canvas.addEventListener('pointercancel', () => {
      this.pressed = null;
      this.setHover(null);
    });
    canvas.addEventListener('pointerleave', (event) => {
      if (event.pointerType === 'mouse') this.setHover(null);
    });

    canvas.addEventListener('keydown', (event) => {
      const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
      const size = this.game?.size() ?? 15;
      if (event.key in steps) {
        const [dx, dy] = steps[event.key];
        const from = this.cursor ?? { x: (size - 1) >> 1, y: (size - 1) >> 1 };
        const clamp = (v) => Math.min(size - 1, Math.max(0, v));
        this.cursor = { x: clamp(from.x + dx), y: clamp(from.y + dy) };
        this.render();
        event.preventDefault();
      } else if ((event.key === 'Enter' || event.key === ' ') && this.cursor) {
        this.play(this.cursor.x, this.cursor.y);
        event.preventDefault();
      }
    });
    canvas.addEventListener('blur', () => {
      this.cursor = null;
      this.render();
    });
  }

  setHover(point) {
    const same = point?.x === this.hover?.x && point?.y === this.hover?.y;
    if (same) return;
    this.hover = point;
    this.render();
  }

  status() {
    const game = this.game;
    if (!game) return { text: 'Could not start a game', state: 'error', stone: 0 };
    if (game.is_over()) {
      const winner = game.winner();
      if (winner === this.human) return { text: 'You win!', state: 'won', stone: winner };
      if (winner === this.computer) return { text: 'Computer wins', state: 'lost', stone: winner };
      return { text: 'Draw', state: 'draw', stone: 0 };
    }
    if (this.busy) return { text: 'Computer is thinking…', state: 'thinking', stone: this.computer };
    if (game.side_to_move() === this.human) {
      return { text: `Your move (${COLOR_NAMES[this.human]})`, state: 'human', stone: this.human };
    }
    return { text: 'Computer to move', state: 'thinking', stone: this.computer };
  }

  statusDetail(forbidden) {
    if (this.notice) return this.notice;
    const game = this.game;
    if (!game) return null;
    if (game.is_over()) {
      const winner = game.winner();
      if (winner === EMPTY) return { text: 'The board is full.', kind: 'info' };
      return { text: `Five in a row for ${COLOR_NAMES[winner]}. Press New game to play again.`, kind: 'info' };
    }
    if (forbidden.length > 0) {
      return { text: 'Renju: black may not play the points marked ×.', kind: 'info' };
    }
    if (game.move_count() === 0 && this.human === BLACK) {
      return { text: 'Black opens: place your stone on any point.', kind: 'info' };
    }
    return null;
  }

  /** Forbidden points are shown only when they constrain the human (black, to move). */
  visibleForbidden() {
    const game = this.game;
    if (!game || this.human !== BLACK || this.busy || game.is_over()) return [];
    if (game.side_to_move() !== BLACK) return [];
    return pairs(Array.from(game.forbidden_points()));
  }

  render() {
    const game = this.game;
    const status = this.status();
    const forbidden = this.visibleForbidden();
    const detail = this.statusDetail(forbidden);
    this.controls.setStatus({ ...status, detail: detail?.text ?? '', detailKind: detail?.kind });
    this.controls.setButtons({ newGame: true, undo: !this.busy && this.humanMoveCount() > 0 });
    this.view.canvas.dataset.interactive = String(this.humanToMove());
    if (!game) return;

    const moves = game.move_list().trim();
    this.controls.setMoves(moves ? moves.split(/\s+/) : []);

    const board = game.board();
    const size = game.size();
    const target = this.cursor ?? this.hover;
    const ghost =
      target && this.humanToMove() && board[target.y * size + target.x] === EMPTY
        ? { ...target, color: this.human }
        : null;
    const last = Array.from(game.last_move());
    this.view.render({
      board,
      size,
      lastMove: last.length === 2 ? last : null,
      winningLine: pairs(Array.from(game.winning_line())),
      forbidden,
      ghost,
      cursor: this.cursor,
    });
  }

  snapshot() {
    const game = this.game;
    if (!game) return null;
    const last = Array.from(game.last_move());
    return {
      board: Array.from(game.board()),
      size: game.size(),
      rule: game.rule(),
      opponent: game.opponent(),
      human: this.human,
      sideToMove: game.side_to_move(),
      busy: this.busy,
      over: game.is_over(),
      winner: game.winner(),
      draw: game.is_draw(),
      moves: game.move_list().trim(),
      moveCount: game.move_count(),
      lastMove: last.length === 2 ? last : null,
      winningLine: pairs(Array.from(game.winning_line())),
      forbidden: pairs(Array.from(game.forbidden_points())),
      status: document.getElementById('status').textContent,
      detail: document.getElementById('status-detail').textContent,
      painted: this.view.painted,
    };
  }
}

function start() {
  const Game = window.wasmBindings?.Game;
  if (!Game) {
    document.getElementById('status').textContent = 'The game engine failed to load.';
    return;
  }
  const params = new URLSearchParams(location.search);
  const app = new App(Game, params);
  app.newGame(app.initialMoves);
  page.ready = true;
  document.dispatchEvent(new CustomEvent('gomoku-ready'));
}

// Trunk's loader sets window.wasmBindings, then fires TrunkApplicationStarted; either may
// already have happened when this module runs.
if (window.wasmBindings) start();
else window.addEventListener('TrunkApplicationStarted', start, { once: true });
