// The puzzle page (puzzles.html): language and an empty board at once, then the engine (its
// worker judges the moves), the set (puzzles.txt) and the puzzle the link asks for:
//   ?puzzle=<id>                          a puzzle of the set
//   ?moves=h8+i9+…[&size=15&rule=freestyle]   a position of one's own (a reviewed game's)
//   &lang=en|zh-CN   &embed=1 (in a frame: the board first, no masthead)
// Read-only hook for tests: window.gomokuPuzzles { ready, state(), geometry() }.

import { AiClient } from './ai-client.js';
import { bindBoardInput } from './board-input.js';
import { BoardView } from './board-view.js';
import { loadEngine } from './engine.js';
import { LANGUAGES, language, pickLanguage, setLanguage, t } from './i18n.js';
import { registerOffline } from './offline.js';
import { loadPrefs } from './prefs.js';
import { loadProgress } from './puzzle-progress.js';
import { parseSet } from './puzzle-set.js';
import { PuzzleStore } from './puzzle-store.js';
import { puzzleRenderer } from './puzzle-view.js';
import * as storage from './storage.js';

const hook = { ready: false, state: () => null, geometry: () => null };
window.gomokuPuzzles = hook;

const $ = (id) => document.getElementById(id);
const el = {
  canvas: $('board'),
  grades: $('puzzle-grades'),
  card: $('puzzle-card'),
  stone: $('puzzle-stone'),
  title: $('puzzle-title'),
  task: $('puzzle-task'),
  status: $('puzzle-status'),
  hint: $('puzzle-hint'),
  solution: $('puzzle-solution'),
  back: $('puzzle-back'),
  retry: $('puzzle-retry'),
  prev: $('puzzle-prev'),
  next: $('puzzle-next'),
  link: $('puzzle-link'),
  linkNote: $('puzzle-link-note'),
  lang: $('lang'),
};
for (const g of [1, 2, 3, 4]) el[`grade-count-${g}`] = $(`grade-count-${g}`);

const params = new URLSearchParams(location.search);
// In a frame beside an article: the board first, no masthead.
const embedded = ['1', 'true', ''].includes(params.get('embed') ?? 'no');
if (embedded) document.documentElement.classList.add('embed');
const prefs = loadPrefs();
setLanguage(pickLanguage(params.get('lang') ?? prefs.lang, navigator.languages ?? [navigator.language]));
const view = new BoardView(el.canvas);
hook.geometry = () => view.geometry();
view.render({ board: new Uint8Array(225), size: 15, lastMove: null, winningLine: [], forbidden: [] });

/** What the link asks for: `{ id }`, `{ moves, size, rule }` or null. */
function wanted() {
  const id = params.get('puzzle');
  if (id) return { id: id.trim().toLowerCase() };
  const moves = params.get('moves');
  if (!moves || moves.length > 2000) return null;
  const size = Number(params.get('size') ?? 15);
  const rule = params.get('rule') ?? 'freestyle';
  if (!Number.isInteger(size) || size < 5 || size > 20) return null;
  const names = moves.trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
  return { id: 'game', moves: names.join(' '), size, rule, grade: 0 };
}

/** The address of a puzzle, for the bar and for sharing. */
function addressOf(entry) {
  const url = new URL(location.href);
  url.search = '';
  if (entry.custom) {
    url.searchParams.set('moves', entry.moves);
    if (entry.size !== 15) url.searchParams.set('size', String(entry.size));
    if (entry.rule !== 'freestyle') url.searchParams.set('rule', entry.rule);
  } else {
    url.searchParams.set('puzzle', entry.id);
  }
  if (params.get('lang')) url.searchParams.set('lang', language());
  if (embedded) url.searchParams.set('embed', '1');
  return url;
}

async function main() {
  let engine;
  try {
    engine = await loadEngine();
  } catch (error) {
    el.status.textContent = t('engineFailed');
    throw error;
  }
  const store = new PuzzleStore({
    ai: new AiClient(engine.module),
    progress: loadProgress(),
    onAddress: (entry) => history.replaceState(null, '', addressOf(entry)),
  });
  store.subscribe(puzzleRenderer({ view, el, store }));

  bindBoardInput(view, {
    hover: () => {},
    press: ({ x, y }) => store.play(x, y),
    key: (action) => store.key(action),
    blur: () => store.key('blur'),
  });
  el.grades.addEventListener('change', (event) => store.setGrade(Number(event.target.value)));
  el.hint.addEventListener('click', () => store.showHint());
  el.solution.addEventListener('click', () => store.showSolution());
  el.back.addEventListener('click', () => store.takeBack());
  el.retry.addEventListener('click', () => store.restart());
  el.prev.addEventListener('click', () => store.next(-1));
  el.next.addEventListener('click', () => store.next(1));
  el.link.addEventListener('click', async () => {
    if (!store.state.entry) return;
    const href = addressOf(store.state.entry).href;
    try {
      await navigator.clipboard.writeText(href);
      el.linkNote.textContent = t('puzzleLinkCopied');
    } catch {
      el.linkNote.textContent = href; // to copy by hand
    }
  });
  el.lang.replaceChildren(...LANGUAGES.map(([value, label]) => new Option(label, value)));
  el.lang.value = language();
  el.lang.addEventListener('change', () => {
    setLanguage(el.lang.value);
    storage.save(storage.PREFS_KEY, { ...prefs, lang: language() });
    store.set({});
  });

  hook.state = () => ({ ...store.state, set: null, setSize: store.state.set?.all.length ?? 0, stones: store.stones(), progress: structuredClone(store.progress), painted: view.painted });
  try {
    const response = await fetch(new URL('../puzzles.txt', import.meta.url));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    await store.loaded(parseSet(await response.text()), wanted());
  } catch (error) {
    store.failed('puzzleLoadFailed');
    console.error(error);
  }
  hook.ready = true;

  registerOffline();
}

main();
