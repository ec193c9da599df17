// Where a click, tap or key goes: every input on the page turned into a store intent.

import { bindBoardInput } from './board-input.js';
import { askLoad, askNewGame, askResign } from './dialogs.js';
import { levelLabel } from './i18n.js';
import { shareLink } from './persist.js';
import { graphPly } from './review-panel.js';
import { copyText, downloadPsq, importFile } from './share.js';

const REPLAY_KEYS = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };
const REPLAY_ACTIONS = { left: 'prev', right: 'next', first: 'first', last: 'last' };

export function bindInput(store, { controls, view }) {
  bindBoardInput(view, {
    hover: (point) => store.hoverAt(point),
    press: (point, { touch }) => store.pressAt(point, { touch }),
    key(action) {
      if (store.canReplay()) {
        const step = REPLAY_ACTIONS[action];
        if (step) store.stepReplay(step);
        return Boolean(step);
      }
      if (action === 'escape') {
        store.clearCursor({ preview: true });
        return true;
      }
      if (action === 'place') {
        store.playAtCursor();
        return true;
      }
      return store.moveCursor(action);
    },
    blur: () => store.clearCursor(),
    wheel: (dy) => controls.scrollBreakdown(dy),
  });

  // A pinned breakdown takes touches so that it can scroll; a tap on it that is not on its
  // close button is a tap on the board beneath.
  const pop = controls.el['breakdown-pop'];
  pop.addEventListener('click', (event) => {
    if (event.target.closest('button')) return;
    const point = view.pointAt(event.clientX, event.clientY);
    if (point) store.pressAt(point, { touch: event.pointerType !== 'mouse' });
  });
  controls.bindClicks({ 'breakdown-close': () => store.unpin() });
  controls.el['breakdown-pop-parts'].addEventListener('scroll', () => controls.markMoreParts(), { passive: true });

  // Replay from anywhere on the page with ← → (not while typing or choosing).
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.('input, select, textarea, dialog, button')) return;
    const step = REPLAY_KEYS[event.key];
    if (step && store.canReplay()) {
      store.stepReplay(step);
      event.preventDefault();
    }
  });

  const newGame = async () => {
    const chosen = await askNewGame(store.newGameDefaults(), (id) => levelLabel(store.levels.info(id)));
    if (chosen) store.newGame(chosen);
  };
  const copyLink = () => copyText(store, shareLink(store));
  controls.bindClicks({
    'new-game': newGame,
    undo: () => store.undo(),
    redo: () => store.redoMoves(),
    hint: () => store.requestHint(),
    'switch-colors': () => store.switchColors(),
    // Asked first: one tap beside Switch colours must not end the game.
    resign: async () => {
      if (await askResign()) store.resign();
    },
    'move-now': () => store.moveNow(),
    'replay-first': () => store.stepReplay('first'),
    'replay-prev': () => store.stepReplay('prev'),
    'replay-next': () => store.stepReplay('next'),
    'replay-last': () => store.stepReplay('last'),
    'game-over-new': newGame,
    'game-over-replay': () => {
      store.stepReplay('first');
      // The board takes the arrow keys; a focused button would keep them from the replay.
      view.canvas.focus();
    },
    'game-over-share': copyLink,
    'game-over-close': () => {
      store.dismissGameOver();
      view.canvas.focus();
    },
    'game-over-review': () => {
      store.dismissGameOver();
      store.startReview();
    },
    'review-start': () => store.startReview(),
    'review-close': () => store.closeReview(),
    'review-cancel': () => store.cancelReview(),
    'review-show-better': () => store.showBetter(),
    'review-line-prev': () => store.stepLine(-1),
    'review-line-next': () => store.stepLine(1),
    'review-line-back': () => store.hideLine(),
    'copy-moves': () => copyText(store, store.moves().join(' ')),
    'load-moves': () => askLoad((text) => store.loadText(text)),
    'copy-link': copyLink,
    'export-psq': () => downloadPsq(store),
    'import-psq': () => controls.el['psq-file'].click(),
  });
  controls.el['psq-file'].addEventListener('change', (event) => {
    importFile(store, event.target.files?.[0]);
    event.target.value = '';
  });
  const graph = controls.el['review-graph'];
  graph.addEventListener('click', (event) => {
    const ply = graphPly(graph, event.clientX);
    if (ply !== null) store.stepReplay(ply);
  });
  controls.el.level.addEventListener('change', (event) => store.setLevel(event.target.value));
  controls.bindClicks({
    'watch-pause': () => store.setPaused(!store.watch.paused),
    'watch-step': () => store.step(),
    'swap-black': () => store.chooseSwap('black'),
    'swap-white': () => store.chooseSwap('white'),
    'swap-two': () => store.chooseSwap('two'),
  });
  controls.el['watch-speed'].addEventListener('change', (event) => store.setWatchSpeed(Number(event.target.value)));
}
