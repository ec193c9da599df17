// Games arriving by link: the address the page was opened with, and a link pasted into the
// address bar of the open page (hashchange). A link whose game was not fully understood
// never replaces the saved game: losing a game to a mistyped or tampered link is worse than
// ignoring the link (which says what was wrong). With no saved game, what was understood of
// the link is played.

import { BLACK, DEFAULT_RULE, DEFAULT_SIZE, HUMAN } from './constants.js';
import { t } from './i18n.js';
import { DEFAULT_LEVEL } from './levels.js';
import { hashOf, keepSavedReport, restoreGame, savedGame } from './persist.js';
import { openingFits, swapPhase, SWAPS } from './opening.js';
import { GAME_PARAMS, readLink } from './url-state.js';
import { openingStart } from './store.js';

const MAX_LINK_PROBLEMS = 4; // listed in the message about a bad link; the rest are counted

/** The first game: the link's, the saved one, or a new one. `link` is readLink's answer. */
export function openFirstGame(store, link) {
  const { game, problems, broken } = understand(store, link);
  const refused = link.hasGame || link.errors.some(({ key }) => key === 'linkTooLong');
  let kept = false;
  let notice = null;
  if (store.embed || (link.hasGame && !broken)) {
    const saved = store.embed ? null : savedGame();
    store.start(game);
    keepSavedReport(store, saved); // the game's own link, reloaded
  } else {
    const saved = restoreGame(store);
    kept = saved.restored && refused;
    if (!saved.restored) {
      store.start(game); // without a game in the link: a new game
      if (saved.broken) notice = { text: t('storageReset'), kind: 'error' };
    }
  }
  store.setNotice(linkNotice(problems, kept) ?? notice);
  if (store.readOnly && link.options.ply !== undefined) store.stepReplay(link.options.ply);
}

/** A link pasted into the address bar starts its game; a broken one leaves the game in play alone. */
export function followPastedLinks(store) {
  window.addEventListener('hashchange', () => {
    if (store.embed || location.hash === hashOf(store)) return;
    const next = readLink({ search: '', hash: location.hash }, store.levels);
    if (!next.hasGame && next.errors.length === 0) return;
    const { game, problems, broken } = understand(store, next);
    if (broken) {
      history.replaceState(history.state, '', hashOf(store));
      store.setNotice(linkNotice(problems, true));
    } else {
      store.start(game);
      store.setNotice(linkNotice(problems, false));
    }
  });
}

/**
 * What a link's game is: `{ game, problems, broken }`, its problems as text; `broken` when
 * any game value (or the whole link) was refused or the moves do not load. A <gomoku-board>
 * element reads its attributes into the same shape and plays what was understood.
 */
export function understand(store, link) {
  const g = link.game;
  const game = {
    size: g.size ?? DEFAULT_SIZE,
    rule: g.rule ?? DEFAULT_RULE,
    level: g.level ?? DEFAULT_LEVEL,
    human: g.human ?? BLACK,
    moves: g.moves ?? '',
  };
  // black= and white= say who plays each colour, in place of ai= and you=.
  if (g.black !== undefined || g.white !== undefined) {
    game.black = g.black ?? HUMAN;
    game.white = g.white ?? HUMAN;
  }
  const problems = link.errors.map(({ key, params }) => t(key, params));
  let broken = !link.hasGame || link.errors.some(({ params }) => GAME_PARAMS.includes(params?.name));
  if (g.opening !== undefined) {
    if (!openingFits(g.opening, game.rule)) {
      problems.push(t('linkOpeningRule', { opening: g.opening, rule: t(game.rule) }));
      broken = true;
    } else if (SWAPS.includes(g.opening)) {
      game.opening = g.opening;
      game.choice = g.choice ?? '';
    } else if (!game.moves) {
      Object.assign(game, openingStart(g.opening, game.rule, game.size));
    } else {
      game.opening = g.opening; // the game keeps the name when its moves begin with it
    }
  }
  if (game.opening && SWAPS.includes(game.opening)) {
    const count = game.moves ? store.moveCount(game) : 0;
    if (count !== null && !swapPhase(game.opening, count, game.choice)) {
      problems.push(t('linkBadChoice', { choice: game.choice || '–', n: count }));
      delete game.opening;
      delete game.choice;
      broken = true;
    }
  }
  const moveError = game.moves ? store.checkMoves(game) : null;
  if (moveError) {
    problems.push(t('linkBadMoves', { message: moveError }));
    game.moves = '';
    broken = true;
  }
  return { game, problems, broken };
}

/** The message about a link's problems. */
function linkNotice(problems, kept) {
  if (problems.length === 0) return null;
  return { text: t(kept ? 'linkKept' : 'linkProblem', { details: listProblems(problems) }), kind: 'error' };
}

/** Problems in one line: the first few, so a garbled link (or element) gets a readable line. */
export function listProblems(problems) {
  const shown = problems.slice(0, MAX_LINK_PROBLEMS);
  if (problems.length > shown.length) shown.push(t('linkMore', { n: problems.length - shown.length }));
  return shown.join('; ');
}
