// The engine's searches, off the page's thread. One request at a time, in arrival order:
//   { type: 'init', module }                     compiled WebAssembly.Module from the page
//   { type: 'move', id, setup }                  → { type: 'result', id, move: [x, y], report }
//   { type: 'analyze', id, setup, ms }           → { type: 'result', id, report }
//   { type: 'swap', id, setup, kind }            → { type: 'result', id, decision }
//   { type: 'memory', id }                       → { type: 'result', id, wasmBytes }
//   { type: 'bench', id, depth }                 → { type: 'result', id, bench }
//   { type: 'review', id, setup, nodes }          → { type: 'result', id, review } (Review.result()),
//                                                   with { type: 'progress', id, report: { done, total } }
//                                                   after every position
//   { type: 'puzzle', id, setup }                → { type: 'result', id, puzzle } (the position
//                                                   after setup.moves as a puzzle: id, grade,
//                                                   attack, attacker, solution)
//   { type: 'puzzleMove', id, setup, x, y }      → { type: 'result', id, verdict, reply, left,
//                                                   solution, winning } for the player's move
//                                                   in the puzzle now at setup.moves
// and { type: 'progress', id, report } after every finished search iteration.
// `setup` is { gameId, size, rule, level, seed, moves }. The worker keeps one Game per
// gameId, so the search's memory and the seeded random choices carry over between moves.

import init, { Game, PuzzleGame, Review, bench } from '../gomoku.js';
import { pointName } from './records.js';

let ready = null;
let game = null;
let gameId = null;
let puzzle = null; // the PuzzleGame in play, and the moves it stands at
let puzzleAt = null;

self.onmessage = async ({ data }) => {
  if (data.type === 'init') {
    ready = init({ module_or_path: data.module });
    return;
  }
  try {
    await ready;
    const exports = await ready;
    self.postMessage({ type: 'result', id: data.id, ...run(data, exports) });
  } catch (error) {
    // A failed call may leave the engine in any state: start afresh next time.
    game?.free();
    game = null;
    self.postMessage({ type: 'error', id: data.id, message: error?.message ?? String(error), code: error?.code ?? null });
  }
};

function run(request, exports) {
  const progress = (report) => self.postMessage({ type: 'progress', id: request.id, report });
  switch (request.type) {
    case 'move': {
      const g = gameFor(request.setup);
      const move = Array.from(g.ai_move_with(progress));
      return { move, report: g.last_report() };
    }
    case 'analyze': {
      const g = gameFor(request.setup);
      return { report: g.analyze(request.ms, progress) };
    }
    case 'swap':
      return { decision: gameFor(request.setup).swap_decision(request.kind) };
    case 'bench':
      return { bench: bench(request.depth) };
    case 'review':
      return { review: review(request, progress) };
    case 'puzzle':
      return { puzzle: describe(puzzleFor(request.setup, true)) };
    case 'puzzleMove':
      return puzzleMove(request);
    case 'memory':
      return { wasmBytes: exports.memory.buffer.byteLength };
    default:
      throw new Error(`unknown request ${request.type}`);
  }
}

function gameFor({ gameId: id, size, rule, level, seed, moves }) {
  if (!game || gameId !== id || game.size() !== size || game.rule() !== rule) {
    game?.free();
    game = new Game(size, rule, level);
    gameId = id;
    if (seed !== null) game.set_seed(seed);
  }
  if (game.level() !== level) game.set_level(level);
  if (game.move_list().trim() !== moves) game.load_moves(moves);
  return game;
}

/** Searches every position of the game (`nodes` each), telling the page after each one. */
function review({ setup, nodes }, progress) {
  const r = new Review(setup.size, setup.rule, setup.moves, nodes ?? Review.default_nodes());
  try {
    progress({ done: 0, total: r.total() });
    while (r.step()) progress({ done: r.done(), total: r.total() });
    return r.result();
  } finally {
    r.free();
  }
}

/** The puzzle at `setup.moves`: the one in play when it stands there, else a new one. */
function puzzleFor({ size, rule, moves }, fresh = false) {
  if (fresh || !puzzle || puzzleAt !== moves) {
    puzzle?.free();
    puzzle = null;
    puzzle = new PuzzleGame(size, rule, moves);
    puzzleAt = moves;
  }
  return puzzle;
}

function describe(p) {
  return { id: p.id(), grade: p.grade(), attack: p.attack(), attacker: p.attacker(), solution: Array.from(p.solution()) };
}

function puzzleMove({ setup, x, y }) {
  const p = puzzleFor(setup);
  const answer = p.play(x, y);
  if (answer.verdict === 'kept' || answer.verdict === 'solved') puzzleAt = moveList(p.moves());
  return { ...answer, solution: Array.from(p.solution()), winning: Array.from(p.winning_line()) };
}

/** `h8 i9 …` from flattened points. */
function moveList(flat) {
  const names = [];
  for (let i = 0; i + 1 < flat.length; i += 2) names.push(pointName(flat[i], flat[i + 1]));
  return names.join(' ');
}
