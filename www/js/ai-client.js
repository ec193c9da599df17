// The page's side of the AI worker. A search inside wasm cannot be interrupted, so cancel()
// terminates the worker and starts a fresh one; answers carry their request id, and nothing
// from an old worker is ever delivered.

import { startWorker } from './worker-start.js';

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

export class AiClient {
  /** @param {WebAssembly.Module} module the compiled engine, shared with every worker */
  constructor(module) {
    this.module = module;
    this.nextId = 1;
    this.pending = new Map(); // id → { resolve, reject, onProgress }
    this.worker = null;
    this.started = 0; // workers started so far: each cancel ends one and starts the next
    this.spawn();
  }

  get busy() {
    return this.pending.size > 0;
  }

  /** The computer's move for `setup`: resolves to `{ move: [x, y], report }`. */
  move(setup, onProgress) {
    return this.request({ type: 'move', setup }, onProgress);
  }

  /** A search of the side to move without playing: resolves to `{ report }`. */
  analyze(setup, ms, onProgress) {
    return this.request({ type: 'analyze', setup, ms }, onProgress);
  }

  /**
   * The computer's decision in a swap opening (`kind` 'swap1' or 'swap2') for `setup`,
   * by the level's search: resolves to Game.swap_decision's answer.
   */
  swap(setup, kind) {
    return this.request({ type: 'swap', setup, kind }).then(({ decision }) => decision);
  }

  /** The worker's WebAssembly memory: resolves to `{ wasmBytes }` (for the page soak). */
  memory() {
    return this.request({ type: 'memory' });
  }

  /** Reviews every position of `setup`'s moves: resolves to `{ review }` (Review.result()); `onProgress({ done, total })`. */
  review(setup, onProgress, nodes) {
    return this.request({ type: 'review', setup, nodes }, onProgress);
  }

  /** The position after `setup.moves` as a puzzle: resolves to `{ puzzle: { id, grade, attack, attacker, solution } }`. */
  puzzle(setup) {
    return this.request({ type: 'puzzle', setup });
  }

  /** The player's move in the puzzle at `setup.moves`: resolves to `{ verdict, reply, left, solution, winning }`. */
  puzzleMove(setup, x, y) {
    return this.request({ type: 'puzzleMove', setup, x, y });
  }

  /** The engine's fixed benchmark: resolves to `{ bench: { depth, nodes, elapsed_ms, nps } }`. */
  bench(depth) {
    return this.request({ type: 'bench', depth });
  }

  /** Stops whatever runs now; its promises reject with `Cancelled`. */
  cancel() {
    if (!this.busy) return;
    this.stop(new Cancelled());
    this.spawn();
  }

  spawn() {
    const worker = startWorker(new URL('./ai-worker.js', import.meta.url), 'gomoku-ai');
    worker.onmessage = ({ data }) => this.receive(data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.stop(new Error(event.message || 'the AI worker failed to start'));
      this.spawn();
    };
    worker.postMessage({ type: 'init', module: this.module });
    this.worker = worker;
    this.started++;
  }

  stop(reason) {
    const { worker } = this;
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of pending) reject(reason);
  }

  request(message, onProgress) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ ...message, id });
    });
  }

  receive(data) {
    const entry = this.pending.get(data.id);
    if (!entry) return;
    if (data.type === 'progress') {
      entry.onProgress?.(data.report);
      return;
    }
    this.pending.delete(data.id);
    if (data.type === 'result') {
      entry.resolve(data);
      return;
    }
    entry.reject(Object.assign(new Error(data.message), { code: data.code }));
    // After a failure (a panic in wasm, say) the engine may be unusable: use a fresh worker.
    this.stop(new Cancelled());
    this.spawn();
  }

  dispose() {
    this.stop(new Cancelled());
  }
}
