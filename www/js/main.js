// Starts the page: language and an empty board at once (few small modules, preloaded by the
// page), then the engine and the game (start.js and the rest, loaded after the first paint).
//
// Read-only hook for automated tests and the budget script: window.gomokuPage
//   ready        true once the first game is set up
//   state()      the game and page state (see test-hook.js); board cells are
//                index y*size + x (0 empty, 1 black, 2 white), points are [x, y] with
//                y = 0 the bottom row, moves is "h8 i9 …"
//   workerMemory()  resolves to { wasmBytes }: the AI worker's WebAssembly memory
//   geometry()   { boardSize, cssSize, origin, step, stoneRadius }: point (x, y) is drawn
//                at (origin + x*step, origin + (boardSize-1-y)*step) CSS pixels from the
//                canvas's top-left corner, a stone as a disc of stoneRadius around it

import { BoardView } from './board-view.js';
import { DEFAULT_SIZE, MAX_SIZE, MIN_SIZE } from './constants.js';
import { pickLanguage, setLanguage, t } from './i18n.js';
import { loadPrefs } from './prefs.js';
import { flag, linkParams, wholeNumber } from './url-state.js';

// A puzzle's link to the game page (`./?puzzle=…`) belongs to the puzzle page.
if (new URLSearchParams(location.search).has('puzzle')) location.replace(`puzzles.html${location.search}`);

const page = { ready: false, state: () => null, geometry: () => null };
window.gomokuPage = page;

const view = new BoardView(document.getElementById('board'));
page.geometry = () => view.geometry();

function paintEmptyBoard(link) {
  const n = wholeNumber(link.get('size') ?? '', MIN_SIZE, MAX_SIZE) ?? DEFAULT_SIZE;
  view.render({ board: new Uint8Array(n * n), size: n, lastMove: null, winningLine: [], forbidden: [] });
}

const prefs = loadPrefs();
// Link values needed before the engine is there (language, embed, board size), read exactly
// as the game will read them: a repeated or too long link must not look one way and play another.
const link = linkParams(location) ?? new Map();
setLanguage(pickLanguage(link.get('lang') ?? prefs.lang, navigator.languages ?? [navigator.language]));
if (flag(link.get('embed')) === true) document.documentElement.classList.add('embed');
paintEmptyBoard(link);

// The rest of the page's modules, all at once rather than import by import.
const later = document.querySelector('meta[name="gomoku-modules"]')?.content.split(' ') ?? [];
for (const href of later.filter(Boolean)) {
  document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
}

try {
  const { start } = await import('./start.js');
  await start({ page, view, prefs });
} catch (error) {
  document.getElementById('status').textContent = t('engineFailed');
  throw error;
}
