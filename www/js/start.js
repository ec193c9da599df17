// Sets up the page once the engine is loaded: the store and its subscribers (saving and the
// address, then the renderer), the input, links, preferences and the test hook.

import { AiClient } from './ai-client.js';
import { Controls } from './controls.js';
import { loadEngine } from './engine.js';
import { errorText, t } from './i18n.js';
import { bindInput } from './input.js';
import { Levels } from './levels.js';
import { followPastedLinks, openFirstGame } from './links.js';
import { registerOffline } from './offline.js';
import { keepGame } from './persist.js';
import { bindPrefs } from './prefs.js';
import { renderer } from './renderer.js';
import { Store } from './store.js';
import { snapshot } from './test-hook.js';
import { readLink } from './url-state.js';

/** `page` is the test hook (window.gomokuPage), `view` the board already on screen. */
export async function start({ page, view, prefs }) {
  const controls = new Controls();
  let engine;
  try {
    engine = await loadEngine();
  } catch (error) {
    controls.setStatus({ text: t('engineFailed'), state: 'error', stone: 0, detail: errorText(error), detailKind: 'error' });
    throw error;
  }
  window.wasmBindings = engine; // for tests and the console: Game, bench
  controls.el['debug-build'].hidden = !engine.debug_build();

  const levels = new Levels(engine.Game);
  const link = readLink(location, levels);
  const { options } = link;
  const store = new Store({
    Game: engine.Game,
    levels,
    ai: new AiClient(engine.module),
    makeReviewer: () => new AiClient(engine.module),
    options,
    explain: {
      heatmap: options.heatmap ?? prefs.heatmap,
      analysis: options.analysis ?? prefs.analysis,
      numbers: options.numbers ?? prefs.numbers,
      scores: options.scores ?? prefs.scores,
    },
    tapConfirm: prefs.tapConfirm,
  });
  store.subscribe(keepGame);
  store.subscribe(renderer({ controls, view }));

  bindPrefs(store, prefs, controls);
  openFirstGame(store, link);
  if (options.point) store.inspectPoint(options.point);
  // The kept review of this very game comes back; review=1 opens it, or starts one.
  if (!store.restoreReview({ open: options.review === true }) && options.review) store.startReview();
  bindInput(store, { controls, view });
  followPastedLinks(store);

  page.state = () => snapshot(store, { controls, view });
  page.workerMemory = () => store.ai.memory();
  page.ready = true;
  performance.mark('gomoku-ready');
  document.dispatchEvent(new CustomEvent('gomoku-ready'));

  registerOffline();
}
