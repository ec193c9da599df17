// <gomoku-board>: the game's board on any page, from one script tag and no build step:
//   <script type="module" src="gomoku/js/gomoku-board.js"></script>
//   <gomoku-board moves="h8 i9" ai="scoring-000" scores></gomoku-board>
// The attributes are the link's parameters (element-attributes.js); changing one from a
// script shows at once, the changes made together (in one microtask) as one: a game
// attribute starts that game (cancelling a search under way), an option changes the view and
// keeps the game. A board does nothing until it comes into view: then the engine, loaded once
// for the page, gives it its game (element-engine.js), and searches go to workers shared by
// all the boards (ai-pool.js); a game the computer plays against itself pauses while the
// board is out of view. Sized by its container: its width, a square board and a status line.
//
// `element.restart()` starts the game the attributes describe again.
// For tests: `element.state()` is what window.gomokuPage.state() is on the game page (null
// before the game is set up), `element.geometry()` the board's geometry, `element.memory()`
// resolves to `{ page, workers: [bytes, …] }` (WebAssembly memories); the element dispatches
// `gomoku-ready` (bubbling, composed) once its first game is set up.

import { bindBoardInput } from './board-input.js';
import { DEFAULT_SIZE, MAX_SIZE, MIN_SIZE } from './constants.js';
import { ATTRIBUTES, attributeParams, paramsKey } from './element-attributes.js';
import { sharedEngine } from './element-engine.js';
import { ElementView } from './element-view.js';
import { errorText, isLanguage, pickLanguage, t, useLanguage } from './i18n.js';
import { listProblems, understand } from './links.js';
import { present } from './presenter.js';
import { Store } from './store.js';
import { snapshot } from './test-hook.js';
import { readParams, wholeNumber } from './url-state.js';

// The options a Store takes when it is made: a change makes a new one, with the same game.
const STORE_OPTIONS = ['replay', 'seed', 'think', 'limit'];
const EXPLAIN = ['heatmap', 'analysis', 'numbers', 'scores'];
const PAGE_URL = new URL('../', import.meta.url); // the full game, beside this script's folder
const VIEW_MARGIN = '100px'; // a board starts this far before it scrolls into view
const REPLAY_ACTIONS = { left: 'prev', right: 'next', first: 'first', last: 'last' };

class GomokuBoard extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  constructor() {
    super();
    this.view = new ElementView(this.attachShadow({ mode: 'open' }), {
      prev: this.act(() => this.store?.stepReplay('prev')),
      next: this.act(() => this.store?.stepReplay('next')),
      pause: this.act(() => this.store?.setPaused(!this.store.watch.paused)),
      step: this.act(() => this.store?.step()),
      newGame: this.act(() => this.update({ restart: true })),
      replay: this.act(() => {
        this.store?.stepReplay('first');
        this.view.board.canvas.focus(); // the board takes ← →
      }),
      choose: this.act((color) => this.store?.chooseSwap(color)),
      unpin: this.act(() => this.store?.unpin()),
      // The breakdown lies over the board: a tap on it is for the point beneath.
      tapBreakdown: this.act((event) => {
        const point = this.view.board.pointAt(event.clientX, event.clientY);
        if (point) this.store?.pressAt(point, { touch: event.pointerType !== 'mouse' });
      }),
    });
    this.bindBoard();
    this.shared = null; // { engine, levels, pool } once loaded
    this.store = null;
    this.unsubscribe = null;
    this.applied = { game: null, store: null, ply: undefined, problems: '' }; // what the attributes said last time
    this.language = 'en'; // not `lang`: that property is the element's lang attribute
    this.scheduled = false;
    this.visible = false;
    this.starting = false;
    this.pausedAway = false; // a watched game this element paused when it left the view
    this.watcher = new IntersectionObserver(([entry]) => this.seen(entry.isIntersecting), { rootMargin: VIEW_MARGIN });
  }

  connectedCallback() {
    this.watcher.observe(this);
    if (!this.store) this.update();
  }

  disconnectedCallback() {
    this.watcher.unobserve(this);
    this.seen(false);
  }

  attributeChangedCallback() {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.update();
    });
  }

  /** Starts the game the attributes describe again (a search under way is dropped). */
  restart() {
    this.update({ restart: true });
  }

  state() {
    if (!this.store?.game) return null;
    useLanguage(this.language); // the snapshot's lang is the board's
    return snapshot(this.store, { controls: this.view.fields, view: this.view.board });
  }

  geometry() {
    return this.view.board.geometry();
  }

  async memory() {
    const { engine, pool } = await sharedEngine();
    return { page: engine.memory.buffer.byteLength, workers: await pool.memory() };
  }

  /** `fn` with t() speaking this board's language, so what the store says is in it too. */
  act(fn) {
    return (...args) => {
      useLanguage(this.language);
      return fn(...args);
    };
  }

  bindBoard() {
    const store = () => this.store;
    bindBoardInput(this.view.board, {
      hover: this.act((point) => store()?.hoverAt(point)),
      press: this.act((point, how) => store()?.pressAt(point, how)),
      key: this.act((action) => {
        const s = store();
        if (!s?.game) return false;
        if (s.canReplay()) {
          const step = REPLAY_ACTIONS[action];
          if (step) s.stepReplay(step);
          return Boolean(step);
        }
        if (action === 'escape') s.clearCursor({ preview: true });
        else if (action === 'place') s.playAtCursor();
        else return s.moveCursor(action);
        return true;
      }),
      blur: this.act(() => store()?.clearCursor()),
    });
  }

  /** Into view (or out of it): the first time, the board starts; a watched game pauses away from view. */
  seen(visible) {
    this.visible = visible && this.isConnected;
    if (this.visible && !this.starting) this.start();
    this.holdWhileAway();
  }

  holdWhileAway() {
    const store = this.store;
    if (!store?.game || store.mode !== 'watch') return;
    if (!this.visible && !store.watch.paused && !store.over) {
      this.pausedAway = true;
      this.act(() => store.setPaused(true))();
    } else if (this.visible && this.pausedAway) {
      this.pausedAway = false;
      this.act(() => store.setPaused(false))();
    }
  }

  async start() {
    this.starting = true;
    try {
      this.shared = await sharedEngine();
    } catch (error) {
      this.starting = false; // tried again when it next comes into view
      this.view.waiting(this.boardSize(), t('engineFailed'), errorText(error));
      return;
    }
    this.update();
    this.dispatchEvent(new CustomEvent('gomoku-ready', { bubbles: true, composed: true }));
  }

  /** The size attribute as the link reads it, for the board drawn before the engine is there. */
  boardSize() {
    return wholeNumber(this.getAttribute('size') ?? '', MIN_SIZE, MAX_SIZE) ?? DEFAULT_SIZE;
  }

  /**
   * Applies the attributes: a game attribute changed (or `restart`), the game starts again
   * from them; a Store option changed, a new Store takes the game over; otherwise the view
   * follows the options.
   */
  update({ restart = false } = {}) {
    const params = attributeParams(this);
    if (!this.shared) {
      const own = params.get('lang');
      this.language = isLanguage(own) ? own : pageLanguage();
      useLanguage(this.language);
      this.view.waiting(this.boardSize(), t('loading'));
      return;
    }
    const link = readParams(params, this.shared.levels);
    const { options } = link;
    this.language = options.lang ?? pageLanguage();
    useLanguage(this.language);
    const gameKey = paramsKey(params, 'game');
    const storeKey = JSON.stringify(STORE_OPTIONS.map((name) => options[name]));
    const newGame = restart || gameKey !== this.applied.game;
    const replaced = storeKey !== this.applied.store;
    if (replaced) this.replaceStore(options, !newGame);
    const store = this.store;
    for (const key of EXPLAIN) {
      if (store.explain[key] !== (options[key] ?? false)) store.setExplain(key, options[key] ?? false);
    }
    if (replaced || options.point !== this.applied.point) store.inspectPoint(options.point ?? null);
    const { game, problems } = understand(store, link);
    if (newGame) store.start(game);
    if (store.readOnly && (newGame || replaced || options.ply !== this.applied.ply)) store.stepReplay(options.ply ?? 'last');
    const text = listProblems(problems);
    if (newGame || replaced || text !== this.applied.problems) {
      store.setNotice(problems.length > 0 ? { text: t('boardProblem', { details: text }), kind: 'error' } : null);
    }
    this.applied = { game: gameKey, store: storeKey, ply: options.ply, point: options.point, problems: text };
    this.holdWhileAway();
    this.render();
  }

  /** A Store made with `options`; with `keep`, it goes on with the game of the one it replaces. */
  replaceStore(options, keep) {
    const { engine, levels, pool } = this.shared;
    const old = this.store;
    const store = new Store({
      Game: engine.Game,
      levels,
      ai: pool.client(),
      options: { ...options, embed: true },
      explain: Object.fromEntries(EXPLAIN.map((key) => [key, options[key] ?? false])),
    });
    this.store = store;
    this.unsubscribe?.();
    this.unsubscribe = store.subscribe(() => this.render());
    if (!old) return;
    if (keep && old.game) store.start({ ...old.settings(), moves: old.game.move_list().trim(), redo: old.redo });
    retire(old);
  }

  render() {
    const store = this.store;
    if (!store?.game) return;
    useLanguage(this.language);
    const model = present(store);
    this.view.render(model, {
      restart: store.over && !store.readOnly,
      href: model.openFull ? new URL(model.openFull, PAGE_URL).href : null,
      announcements: store.takeAnnouncements(),
    });
  }
}

/** The page's language: its <html lang>, else the browser's. */
function pageLanguage() {
  return pickLanguage(null, [document.documentElement.lang, ...(navigator.languages ?? [navigator.language])]);
}

/** A Store no longer shown: its search is dropped and its games freed. */
function retire(store) {
  store.bump();
  store.replayGame?.game.free();
  store.replayGame = null;
  store.game?.free();
  store.game = null;
}

if (!customElements.get('gomoku-board')) customElements.define('gomoku-board', GomokuBoard);
