// Sets up the game once the engine is loaded: the App, its input, the test hook.

import { AiClient } from './ai-client.js';
import { App, messageOf } from './app.js';
import { bindBoardInput } from './board-input.js';
import { Controls } from './controls.js';
import { loadEngine } from './engine.js';
import { LANGUAGES, language, setLanguage, t } from './i18n.js';
import { DEFAULT_LEVEL } from './levels.js';
import { pointName } from './records.js';
import * as storage from './storage.js';
import { GAME_PARAMS, readLink } from './url-state.js';

const MAX_LINK_PROBLEMS = 4; // listed in the message about a bad link; the rest are counted

function setupLanguageMenu(prefs, app) {
  const select = document.getElementById('lang');
  select.replaceChildren(...LANGUAGES.map(([value, label]) => new Option(label, value)));
  select.value = language();
  select.addEventListener('change', () => {
    setLanguage(select.value);
    prefs.lang = language();
    storage.save(storage.PREFS_KEY, prefs);
    app.fillLevels();
    app.render();
  });
  return select;
}

/** `page` is the test hook (window.gomokuPage), `view` the board already on screen. */
export async function start({ page, view, prefs }) {
  const controls = new Controls();
  let engine;
  try {
    engine = await loadEngine();
  } catch (error) {
    controls.setStatus({ text: t('engineFailed'), state: 'error', stone: 0, detail: messageOf(error), detailKind: 'error' });
    throw error;
  }
  window.wasmBindings = engine; // for tests and the console: Game, bench

  const link = readLink(location, engine.Game);
  const options = link.options;
  const explain = {
    heatmap: options.heatmap ?? prefs.heatmap,
    analysis: options.analysis ?? prefs.analysis,
    numbers: options.numbers ?? prefs.numbers,
  };
  const app = new App({ engine, ai: new AiClient(engine.module), view, controls, options: { ...options, explain } });
  app.tapConfirm = prefs.tapConfirm;
  app.fillLevels();
  setupLanguageMenu(prefs, app);

  /**
   * What a link's game is: `{ game, problems, broken }`, its problems as text; `broken` when
   * any game value (or the whole link) was refused or the moves do not load.
   */
  function understand(linkState) {
    const g = linkState.game;
    const game = {
      size: g.size ?? 15,
      rule: g.rule ?? 'freestyle',
      opponent: g.opponent ?? DEFAULT_LEVEL,
      human: g.human ?? 1,
      moves: g.moves ?? '',
    };
    const problems = linkState.errors.map(({ key, params }) => t(key, params));
    let broken = !linkState.hasGame || linkState.errors.some(({ params }) => GAME_PARAMS.includes(params?.name));
    const moveError = game.moves ? app.checkMoves(game) : null;
    if (moveError) {
      problems.push(t('linkBadMoves', { message: moveError }));
      game.moves = '';
      broken = true;
    }
    return { game, problems, broken };
  }

  /** The message about a link's problems: the first few, so a garbled link gets a readable line. */
  function linkNotice(problems, kept) {
    if (problems.length === 0) return null;
    const shown = problems.slice(0, MAX_LINK_PROBLEMS);
    if (problems.length > shown.length) shown.push(t('linkMore', { n: problems.length - shown.length }));
    return { text: t(kept ? 'linkKept' : 'linkProblem', { details: shown.join('; ') }), kind: 'error' };
  }

  // A link whose game was not fully understood never replaces the saved game: losing a game
  // to a mistyped or tampered link is worse than ignoring the link (which says what was wrong).
  // With no saved game, what was understood of the link is played.
  const { game, problems, broken } = understand(link);
  const refused = link.hasGame || link.errors.some(({ key }) => key === 'linkTooLong');
  let kept = false;
  if (options.embed || (link.hasGame && !broken)) {
    app.start(game);
  } else {
    const saved = app.restore();
    kept = saved.restored && refused;
    if (!saved.restored) {
      app.start(game); // without a game in the link: a new game
      if (saved.broken) app.notice = { text: t('storageReset'), kind: 'error' };
    }
  }
  app.notice = linkNotice(problems, kept) ?? app.notice;
  if (app.readOnly && options.ply !== undefined) app.setReplay(options.ply);
  app.render();

  // ---- Input ------------------------------------------------------------------------------

  const same = (a, b) => a && b && a.x === b.x && a.y === b.y;

  bindBoardInput(view, {
    hover(point) {
      if (same(point, app.hover) || (!point && !app.hover)) return;
      app.hover = point;
      app.render();
    },
    press(point, { touch }) {
      if (!app.humanToMove()) return;
      // On touch, a first tap can preview the point (and its heatmap score) before playing.
      if (touch && (app.tapConfirm || app.explain.heatmap) && !same(app.preview, point)) {
        app.preview = point;
        app.notice = null;
        app.render();
        return;
      }
      app.preview = null;
      app.play(point.x, point.y);
    },
    key(action) {
      if (app.canReplay()) {
        const step = { left: 'prev', right: 'next', first: 'first', last: 'last' }[action];
        if (step) app.stepReplay(step);
        return Boolean(step);
      }
      if (action === 'escape') {
        app.cursor = null;
        app.preview = null;
        app.render();
        return true;
      }
      if (action === 'place') {
        if (app.cursor) app.play(app.cursor.x, app.cursor.y);
        return true;
      }
      const size = app.game.size();
      const steps = { left: [-1, 0], right: [1, 0], up: [0, 1], down: [0, -1] };
      if (!steps[action]) return false;
      const [dx, dy] = steps[action];
      const from = app.cursor ?? { x: (size - 1) >> 1, y: (size - 1) >> 1 };
      const clamp = (v) => Math.min(size - 1, Math.max(0, v));
      app.cursor = { x: clamp(from.x + dx), y: clamp(from.y + dy) };
      const cell = app.shownGame().board()[app.cursor.y * size + app.cursor.x];
      const what = cell === 1 ? t('black') : cell === 2 ? t('white') : t('empty');
      controls.announce(t('announceCursor', { point: pointName(app.cursor.x, app.cursor.y), what }));
      app.render();
      return true;
    },
    blur() {
      app.cursor = null;
      app.render();
    },
  });

  // Replay from anywhere on the page with ← → (not while typing or choosing).
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.('input, select, textarea, dialog, button')) return;
    const step = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[event.key];
    if (step && app.canReplay()) {
      app.stepReplay(step);
      event.preventDefault();
    }
  });

  const copyMoves = () => app.copy(app.moves().join(' '));
  controls.bindClicks({
    'new-game': () => app.newGameDialog(),
    undo: () => app.undo(),
    redo: () => app.redoMoves(),
    hint: () => app.requestHint(),
    swap: () => app.swapSides(),
    resign: () => app.resign(),
    'move-now': () => app.moveNow(),
    'replay-first': () => app.stepReplay('first'),
    'replay-prev': () => app.stepReplay('prev'),
    'replay-next': () => app.stepReplay('next'),
    'replay-last': () => app.stepReplay('last'),
    'game-over-new': () => app.newGameDialog(),
    'game-over-replay': () => {
      app.stepReplay('first');
      controls.el['replay-next'].focus();
    },
    'game-over-share': () => app.copy(app.shareLink()),
    'game-over-close': () => {
      app.gameOverDismissed = true;
      app.render();
      view.canvas.focus();
    },
    'copy-moves': copyMoves,
    'load-moves': () => app.openLoadDialog(),
    'copy-link': () => app.copy(app.shareLink()),
    'export-psq': () => app.exportPsq(),
    'import-psq': () => controls.el['psq-file'].click(),
  });
  controls.el['psq-file'].addEventListener('change', (event) => {
    app.importPsqFile(event.target.files?.[0]);
    event.target.value = '';
  });
  controls.el.opponent.addEventListener('change', (event) => app.setLevel(event.target.value));

  const toggles = { 'explain-heatmap': 'heatmap', 'explain-analysis': 'analysis', 'explain-numbers': 'numbers' };
  for (const [id, key] of Object.entries(toggles)) {
    const box = controls.el[id];
    box.checked = app.explain[key];
    box.addEventListener('change', () => {
      app.explain[key] = box.checked;
      prefs[key] = box.checked;
      storage.save(storage.PREFS_KEY, prefs);
      app.render();
    });
  }
  controls.el['tap-confirm'].checked = app.tapConfirm;
  controls.el['tap-confirm'].addEventListener('change', (event) => {
    app.tapConfirm = prefs.tapConfirm = event.target.checked;
    app.preview = null;
    storage.save(storage.PREFS_KEY, prefs);
    app.render();
  });

  // A link pasted into the address bar of an open page starts its game; a broken one leaves
  // the game in play alone, and the address goes back to it.
  window.addEventListener('hashchange', () => {
    if (app.embed || location.hash === app.hash()) return;
    const next = readLink({ search: '', hash: location.hash }, engine.Game);
    if (!next.hasGame && next.errors.length === 0) return;
    const { game, problems, broken } = understand(next);
    if (broken) {
      history.replaceState(history.state, '', app.hash());
      app.notice = linkNotice(problems, true);
    } else {
      app.start(game);
      app.notice = linkNotice(problems, false);
    }
    app.render();
  });

  // In an embed, "open the full game" carries the position over.
  app.onChange = () => {
    if (app.embed) controls.el['open-full'].href = `./${app.hash()}`;
  };
  app.onChange();
  controls.el['open-full'].hidden = !app.embed;

  // ---- Test hook ---------------------------------------------------------------------------

  function snapshot() {
    const game = app.game;
    if (!game) return null;
    const last = Array.from(game.last_move());
    const thinking = app.thinking?.report;
    const flat = Array.from(game.forbidden_points());
    const forbidden = [];
    for (let i = 0; i + 1 < flat.length; i += 2) forbidden.push([flat[i], flat[i + 1]]);
    const winning = Array.from(game.winning_line());
    const winningLine = [];
    for (let i = 0; i + 1 < winning.length; i += 2) winningLine.push([winning[i], winning[i + 1]]);
    const over = app.over;
    return {
      board: Array.from(game.board()),
      size: game.size(),
      rule: game.rule(),
      opponent: game.opponent(),
      human: app.human,
      sideToMove: game.side_to_move(),
      busy: Boolean(app.thinking),
      idle: !app.thinking && (over || app.readOnly || game.side_to_move() === app.human),
      over,
      winner: app.winner,
      draw: game.is_draw(),
      resigned: app.resigned,
      moves: game.move_list().trim(),
      moveCount: game.move_count(),
      lastMove: last.length === 2 ? last : null,
      winningLine,
      forbidden,
      thinking: thinking ? { depth: thinking.depth, nodes: thinking.nodes, best: thinking.best } : null,
      hinting: Boolean(app.hinting),
      hint: app.hint,
      redo: app.redo.length,
      viewPly: app.viewPly,
      readOnly: app.readOnly,
      embed: app.embed,
      explain: { ...app.explain },
      report: app.report ? { ...app.report.report, color: app.report.color, source: app.report.source } : null,
      lang: language(),
      gen: app.gen,
      status: controls.el.status.textContent,
      detail: controls.el['status-detail'].textContent,
      announcement: controls.el.announcer.textContent,
      painted: view.painted,
    };
  }

  page.state = snapshot;
  page.ready = true;
  performance.mark('gomoku-ready');
  document.dispatchEvent(new CustomEvent('gomoku-ready'));

  // Offline play and installing: cache the built files (not from file:// or without support).
  if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
    navigator.serviceWorker.register('./sw.js').catch(() => {});
  }
}
