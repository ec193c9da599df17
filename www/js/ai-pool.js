// The engine's searches for every <gomoku-board> on a page: one queue served by at most
// MAX_WORKERS workers, each running one request at a time. A search inside wasm cannot be
// interrupted, so cancelling a board's running search ends its worker and starts a fresh one;
// the other boards' requests wait in the queue or run on the other worker, and are never
// lost. Each board (each Store) has its own client, used as the page uses an AiClient
// (ai-client.js): move, analyze, swap, cancel, busy, started.

import { Cancelled } from './ai-client.js';
import { startWorker } from './worker-start.js';

const MAX_WORKERS = 2; // two searches at once; more would only share the same cores
const WORKER_URL = new URL('./ai-worker.js', import.meta.url);

export class AiPool {
  /** @param {WebAssembly.Module} module the compiled engine, shared with every worker */
  constructor(module) {
    this.module = module;
    this.queue = []; // requests not yet sent, oldest first: { id, client, message, onProgress, resolve, reject }
    this.slots = []; // { worker, running: the request it runs or null, asked: Map id → request }
    this.nextId = 1;
    this.clients = 0;
    this.started = 0; // workers started so far
  }

  /** A client for one board. */
  client() {
    return new PoolClient(this, ++this.clients);
  }

  request(client, message, onProgress) {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, client, message, onProgress, resolve, reject });
      this.dispatch();
    });
  }

  /** Whether `client` has a request queued or running. */
  busy(client) {
    return this.queue.some((r) => r.client === client) || this.slots.some((s) => s.running?.client === client);
  }

  /** Drops `client`'s requests: queued ones at once, a running one with its worker. */
  cancel(client) {
    const dropped = this.queue.filter((r) => r.client === client);
    this.queue = this.queue.filter((r) => r.client !== client);
    for (const slot of this.slots.filter((s) => s.running?.client === client)) {
      dropped.push(slot.running);
      slot.asked.delete(slot.running.id);
      slot.running = null;
      this.restart(slot);
    }
    for (const request of dropped) request.reject(new Cancelled());
    this.dispatch();
  }

  /** Every worker's WebAssembly memory: resolves to `[wasmBytes, …]` (for measurements). */
  memory() {
    return Promise.all(this.slots.map((slot) => this.ask(slot, { id: this.nextId++, message: { type: 'memory' } }).then((r) => r.wasmBytes)));
  }

  /** Sends queued requests to idle workers, starting workers up to MAX_WORKERS. */
  dispatch() {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.running) ?? (this.slots.length < MAX_WORKERS ? this.spawn() : null);
      if (!slot) return;
      const request = this.queue.shift();
      slot.running = request;
      this.send(slot, request);
    }
  }

  /** A request outside the queue, to one worker (answered after what it runs now). */
  ask(slot, request) {
    return new Promise((resolve, reject) => {
      this.send(slot, { ...request, resolve, reject });
    });
  }

  send(slot, request) {
    slot.asked.set(request.id, request);
    slot.worker.postMessage({ ...request.message, id: request.id });
  }

  spawn() {
    const slot = { worker: null, running: null, asked: new Map() };
    this.slots.push(slot);
    this.start(slot);
    return slot;
  }

  start(slot) {
    const worker = startWorker(WORKER_URL, 'gomoku-ai');
    worker.onmessage = ({ data }) => this.receive(slot, data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.failed(slot, new Error(event.message || 'the AI worker failed to start'));
    };
    worker.postMessage({ type: 'init', module: this.module });
    slot.worker = worker;
    this.started++;
  }

  /** A fresh worker in `slot`; what the old one was still asked (memory probes) is asked again. */
  restart(slot) {
    stop(slot.worker);
    this.start(slot);
    for (const request of slot.asked.values()) this.send(slot, request);
  }

  /** The worker could not run at all: what it was asked fails, and the slot goes. */
  failed(slot, error) {
    stop(slot.worker);
    this.slots = this.slots.filter((s) => s !== slot);
    for (const request of slot.asked.values()) request.reject(error);
    this.dispatch();
  }

  receive(slot, data) {
    const request = slot.asked.get(data.id);
    if (!request) return;
    if (data.type === 'progress') {
      request.onProgress?.(data.report);
      return;
    }
    slot.asked.delete(data.id);
    if (slot.running === request) slot.running = null;
    if (data.type === 'result') {
      request.resolve(data);
    } else {
      request.reject(Object.assign(new Error(data.message), { code: data.code }));
      // After a failure (a panic in wasm, say) the engine may be unusable: a fresh worker.
      this.restart(slot);
    }
    this.dispatch();
  }
}

function stop(worker) {
  worker.onmessage = null;
  worker.onerror = null;
  worker.terminate();
}

/** One board's way to the pool. Its games are told apart from other boards' in the workers. */
class PoolClient {
  constructor(pool, id) {
    this.pool = pool;
    this.id = id;
  }

  get busy() {
    return this.pool.busy(this);
  }

  /** Workers started for the page so far (each cancel of a running search starts one). */
  get started() {
    return this.pool.started;
  }

  move(setup, onProgress) {
    return this.pool.request(this, { type: 'move', setup: this.own(setup) }, onProgress);
  }

  analyze(setup, ms, onProgress) {
    return this.pool.request(this, { type: 'analyze', setup: this.own(setup), ms }, onProgress);
  }

  swap(setup, kind) {
    return this.pool.request(this, { type: 'swap', setup: this.own(setup), kind }).then(({ decision }) => decision);
  }

  cancel() {
    if (this.busy) this.pool.cancel(this);
  }

  /** The worker keeps one game by id: this board's ids are its own. */
  own(setup) {
    return { ...setup, gameId: `${this.id}:${setup.gameId}` };
  }
}
