// localStorage that never throws: storage may be disabled (the getter itself throws),
// full (setItem throws) or hold text from an older or broken page (JSON.parse throws).

export const GAME_KEY = 'gomoku.game.v1';
export const PREFS_KEY = 'gomoku.prefs.v1';
export const REVIEW_KEY = 'gomoku.review.v1';
export const PUZZLES_KEY = 'gomoku.puzzles.v1';

function store() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored value; `null` when absent, `undefined` when unreadable (the key is then removed). */
export function load(key) {
  try {
    const raw = store()?.getItem(key);
    return raw == null ? null : JSON.parse(raw);
  } catch {
    remove(key);
    return undefined;
  }
}

/** Stores a value as JSON; false when the browser refuses. */
export function save(key, value) {
  try {
    const s = store();
    if (!s) return false;
    s.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to do: storage is unavailable.
  }
}
