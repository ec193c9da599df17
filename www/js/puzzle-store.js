// The puzzle page's state and everything that changes it. The player attacks; every move is
// judged in the worker (a move is kept only when the win stays proven, see src/puzzle/play.rs),
// which also plays the defence. Subscribers get the whole state after each change.
//
// phase: 'loading'   the set or a puzzle is being opened
//        'play'      the player's move
//        'thinking'  a move is being judged
//        'wrong'     the last move let the defence escape: it and the escape are on the board
//        'solved'    five in a row
//        'shown'     the solution is being (or has been) played out
//        'error'     nothing to play (message says why)

import { Cancelled } from './ai-client.js';
import { recordSolve, saveProgress } from './puzzle-progress.js';
import { GRADES, pointName, pointOf } from './puzzle-set.js';

// Pause between the stones of a solution played out.
const SOLUTION_STEP_MS = 650;

export class PuzzleStore {
  constructor({ ai, progress, onAddress = () => {} }) {
    this.ai = ai;
    this.progress = progress;
    this.onAddress = onAddress; // told the link of the puzzle now open
    this.listeners = new Set();
    this.token = 0; // bumped on every open: late answers for an older puzzle are dropped
    this.timer = 0;
    this.state = {
      set: null,
      grade: 1,
      entry: null, // { id, grade, rule, size, moves, line, custom? }
      puzzle: null, // the worker's { id, grade, attack, attacker, solution }
      start: [], // the puzzle's stones, [[x, y], …]
      played: [], // moves since, the defence's included
      wrong: null, // { move, reply }
      hint: null,
      helped: false,
      winning: [],
      phase: 'loading',
      message: { key: 'puzzleLoading' },
      cursor: null, // the keyboard's point, shown while the board has the focus
    };
  }

  subscribe(listener) {
    this.listeners.add(listener);
    listener(this.state);
  }

  set(changes) {
    Object.assign(this.state, changes);
    for (const listener of this.listeners) listener(this.state);
  }

  /** The stones on the board, in order: the puzzle's, the moves since, a wrong move and its escape. */
  stones() {
    const { start, played, wrong } = this.state;
    const extra = wrong ? [wrong.move, ...(wrong.reply ? [wrong.reply] : [])] : [];
    return [...start, ...played, ...extra];
  }

  setup() {
    const { entry, start, played } = this.state;
    return { size: entry.size, rule: entry.rule, moves: [...start, ...played].map(pointName).join(' ') };
  }

  /** The set is read: opens `wanted` (an id or a custom position), else where the player was. */
  loaded(set, wanted) {
    this.state.set = set;
    if (wanted?.moves) return this.open({ ...wanted, custom: true });
    const asked = wanted?.id ? set.byId.get(wanted.id) : null;
    if (wanted?.id && !asked) {
      const first = this.firstUnsolved(this.state.grade);
      return this.open(first, { key: 'puzzleUnknown', params: { id: wanted.id } });
    }
    return this.open(asked ?? this.resumeIn(this.state.grade));
  }

  failed(key) {
    this.set({ phase: 'error', message: { key } });
  }

  /** Where the player was in grade `g`: the puzzle last opened, else the first unsolved. */
  resumeIn(g) {
    const { set } = this.state;
    const at = set.byId.get(this.progress.at[g] ?? '');
    return at && at.grade === g ? at : this.firstUnsolved(g);
  }

  firstUnsolved(g) {
    const list = this.state.set.byGrade[g] ?? [];
    return list.find((p) => !this.progress.solved[p.id]) ?? list[0] ?? null;
  }

  async open(entry, note = null) {
    clearTimeout(this.timer);
    const token = ++this.token;
    if (!entry) return this.failed('puzzleLoadFailed');
    if (!entry.custom) {
      this.progress.at[entry.grade] = entry.id;
      saveProgress(this.progress);
    }
    const moves = entry.moves.split(/\s+/).filter(Boolean);
    const start = moves.map((m) => pointOf(m, entry.size));
    this.set({
      entry,
      grade: entry.custom ? this.state.grade : entry.grade,
      puzzle: null,
      start: start.includes(null) ? [] : start,
      played: [],
      wrong: null,
      hint: null,
      helped: false,
      winning: [],
      phase: 'loading',
      message: note ?? { key: 'puzzleLoading' },
    });
    this.onAddress(entry);
    // A move still being judged belongs to the puzzle left: stop it rather than wait for it.
    if (this.ai.busy) this.ai.cancel();
    try {
      const { puzzle } = await this.ai.puzzle({ size: entry.size, rule: entry.rule, moves: moves.join(' ') });
      if (token !== this.token) return;
      this.set({ puzzle, grade: entry.custom ? puzzle.grade || this.state.grade : entry.grade, phase: 'play', message: note ?? { key: 'puzzleYourMove' } });
    } catch (error) {
      if (token !== this.token || error instanceof Cancelled) return;
      this.set({ phase: 'error', message: { key: error?.code === 'not_a_puzzle' ? 'puzzleNotAPuzzle' : 'puzzleLoadFailed' } });
    }
  }

  /** A press on the board at `[x, y]`. */
  async play(x, y) {
    const { phase } = this.state;
    if (phase === 'wrong') this.takeBack();
    if (this.state.phase !== 'play') return;
    if (this.stones().some(([sx, sy]) => sx === x && sy === y)) return;
    const token = this.token;
    const setup = this.setup();
    this.set({ phase: 'thinking', hint: null, wrong: { move: [x, y], reply: null }, message: { key: 'puzzleThinking' } });
    let answer;
    try {
      answer = await this.ai.puzzleMove(setup, x, y);
    } catch (error) {
      if (token !== this.token || error instanceof Cancelled) return;
      this.set({ phase: 'play', wrong: null, message: { key: 'puzzleLoadFailed' } });
      return;
    }
    if (token !== this.token) return;
    const move = [x, y];
    const name = pointName(move);
    const defender = this.state.puzzle.attacker === 1 ? 2 : 1;
    if (answer.verdict === 'solved') {
      this.solve([...this.state.played, move], answer.winning);
    } else if (answer.verdict === 'kept') {
      this.set({
        phase: 'play',
        wrong: null,
        played: [...this.state.played, move, answer.reply],
        puzzle: { ...this.state.puzzle, solution: answer.solution },
        message: { key: 'puzzleKept', params: { color: defender, reply: pointName(answer.reply), n: answer.left } },
      });
    } else {
      this.set({
        phase: 'wrong',
        helped: true,
        wrong: { move, reply: answer.reply },
        message: answer.verdict === 'escapes'
          ? { key: 'puzzleEscapes', params: { move: name, color: defender, reply: pointName(answer.reply) } }
          : { key: 'puzzleUnproven', params: { move: name } },
      });
    }
  }

  solve(played, winning) {
    const { entry, helped } = this.state;
    if (!entry.custom) {
      recordSolve(this.progress, entry.id, !helped);
      saveProgress(this.progress);
    }
    this.set({
      phase: 'solved',
      played,
      wrong: null,
      hint: null,
      winning: pairs(winning),
      message: { key: helped ? 'puzzleSolved' : 'puzzleSolvedClean' },
    });
  }

  /** The keyboard: arrows move the cursor (from the centre at first), 'place' plays there. */
  key(action) {
    const size = this.state.entry?.size ?? 15;
    const steps = { left: [-1, 0], right: [1, 0], up: [0, 1], down: [0, -1] };
    if (action === 'escape' || action === 'blur') return this.set({ cursor: null });
    if (action === 'place') {
      if (this.state.cursor) this.play(this.state.cursor.x, this.state.cursor.y);
      return;
    }
    const step = steps[action];
    if (!step) return false;
    const mid = (size - 1) / 2;
    const at = this.state.cursor ?? { x: mid - step[0], y: mid - step[1] };
    const clamp = (v) => Math.max(0, Math.min(size - 1, v));
    this.set({ cursor: { x: clamp(at.x + step[0]), y: clamp(at.y + step[1]) } });
  }

  /** Takes back a wrong move (and its escape). */
  takeBack() {
    if (this.state.phase !== 'wrong') return;
    this.set({ phase: 'play', wrong: null, message: { key: 'puzzleYourMove' } });
  }

  showHint() {
    const { phase, puzzle } = this.state;
    if (phase === 'wrong') this.takeBack();
    if (this.state.phase !== 'play' || !puzzle?.solution.length) return;
    this.set({ hint: puzzle.solution.slice(0, 2), helped: true, message: { key: 'puzzleHintShown' } });
  }

  /** Plays the rest of the shortest win out, one stone at a time. */
  showSolution() {
    const { phase, puzzle } = this.state;
    if (phase === 'wrong') this.takeBack();
    if (this.state.phase !== 'play' || !puzzle) return;
    const line = pairs(puzzle.solution);
    const token = ++this.token;
    this.set({
      phase: 'shown',
      helped: true,
      hint: null,
      message: { key: 'puzzleShown', params: { line: line.map(pointName).join(' ') } },
    });
    if (!this.state.entry.custom) {
      recordSolve(this.progress, this.state.entry.id, false);
      saveProgress(this.progress);
    }
    const step = (i) => {
      if (token !== this.token || i >= line.length) return;
      const played = [...this.state.played, line[i]];
      const done = i + 1 === line.length;
      this.set({ played, winning: done ? fiveThrough(played, line[i], this.state) : [] });
      if (!done) this.timer = setTimeout(() => step(i + 1), SOLUTION_STEP_MS);
    };
    this.timer = setTimeout(() => step(0), SOLUTION_STEP_MS / 2);
  }

  restart() {
    if (this.state.entry) this.open(this.state.entry);
  }

  /** The next puzzle of the grade (after a position from a game, the grade's next unsolved). */
  next(delta = 1) {
    const { set, entry, grade } = this.state;
    if (!set) return;
    const list = set.byGrade[grade] ?? [];
    if (!entry || entry.custom) return this.open(this.firstUnsolved(grade));
    const i = list.findIndex((p) => p.id === entry.id);
    this.open(list[(i + delta + list.length) % list.length]);
  }

  setGrade(g) {
    if (!GRADES.includes(g) || !this.state.set) return;
    this.state.grade = g;
    this.open(this.resumeIn(g));
  }

  /** Where the open puzzle stands in its grade: `{ n, total }` (n from 1), or null. */
  position() {
    const { set, entry } = this.state;
    if (!set || !entry || entry.custom) return null;
    const list = set.byGrade[entry.grade] ?? [];
    return { n: list.findIndex((p) => p.id === entry.id) + 1, total: list.length };
  }
}

/** `[[x, y], …]` from `[x0, y0, x1, y1, …]`. */
export function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}

/** The five (or more) through `last` among the attacker's stones, for the solution's end. */
function fiveThrough(played, last, { start, puzzle }) {
  const all = [...start, ...played];
  const mine = new Set(all.filter((_, i) => (i % 2 === 0 ? 1 : 2) === puzzle.attacker).map(([x, y]) => `${x},${y}`));
  for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
    const run = [last];
    for (const sign of [1, -1]) {
      for (let k = 1; mine.has(`${last[0] + sign * k * dx},${last[1] + sign * k * dy}`); k++) {
        run.push([last[0] + sign * k * dx, last[1] + sign * k * dy]);
      }
    }
    if (run.length >= 5) return run;
  }
  return [];
}
