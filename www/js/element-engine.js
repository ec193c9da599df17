// The engine behind every <gomoku-board> on a page, loaded once, when the first board comes
// into view: the main thread's engine (each board's Game is made from it), the levels, and
// the pool of workers that search for all the boards.

import { AiPool } from './ai-pool.js';
import { Levels } from './levels.js';

let shared = null;

/** Resolves to `{ engine, levels, pool }`; a failed load is tried again by the next board. */
export function sharedEngine() {
  shared ??= import('./engine.js')
    .then(({ loadEngine }) => loadEngine())
    .then((engine) => ({ engine, levels: new Levels(engine.Game), pool: new AiPool(engine.module) }))
    .catch((error) => {
      shared = null;
      throw error;
    });
  return shared;
}
