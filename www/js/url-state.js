// Settings in the address: the query (?…) and the hash (#…), the hash winning.
//   size=5..20  rule=freestyle|standard|renju  ai=<level id> (or opponent=)
//   you=black|white (or first=human|computer)  moves=h8i9j10 (or "h8 i9 j10")
//   heatmap, analysis, numbers = 1|0   lang=en|zh-CN   embed=1   replay=1   ply=<n>
//   seed=<u32> (repeatable computer choices)   think=<ms> (least time a reply takes)
// Everything is checked; a bad value is dropped with a message, never shown as HTML.

import { isLanguage } from './i18n.js';
import { isLevel } from './levels.js';

export const RULES = ['freestyle', 'standard', 'renju'];
const MAX_LINK = 4000; // a full 20×20 game is about 1,300 characters
const MAX_MOVES = 2000;
const SHOWN_VALUE = 40; // longest piece of a bad value quoted back

const BLACK = 1;
const WHITE = 2;

/** Reads `location`-like `{ search, hash }`; see the list above. */
export function readLink({ search = '', hash = '' }, Game) {
  const result = { game: {}, hasGame: false, options: {}, errors: [] };
  if (search.length + hash.length > MAX_LINK) {
    result.errors.push({ key: 'linkTooLong' });
    return result;
  }
  const params = new Map();
  for (const source of [search.replace(/^\?/, ''), hash.replace(/^#/, '')]) {
    let parsed;
    try {
      parsed = new URLSearchParams(source);
    } catch {
      continue;
    }
    for (const [name, value] of parsed) params.set(name, value);
  }

  const bad = (name, value) =>
    result.errors.push({ key: 'linkBadParam', params: { name, value: shorten(value) } });
  const read = (name, parse) => {
    if (!params.has(name)) return undefined;
    const value = params.get(name);
    const parsed = parse(value);
    if (parsed === undefined) bad(name, value);
    return parsed;
  };
  const set = (target, key, value) => {
    if (value !== undefined) target[key] = value;
  };

  const { game, options } = result;
  set(game, 'size', read('size', (v) => wholeNumber(v, 5, 20)));
  set(game, 'rule', read('rule', (v) => (RULES.includes(v) ? v : undefined)));
  for (const name of ['ai', 'opponent']) {
    set(game, 'opponent', read(name, (v) => (isLevel(Game, v) ? v : undefined)));
  }
  set(game, 'human', read('first', (v) => ({ human: BLACK, computer: WHITE })[v]));
  set(game, 'human', read('you', (v) => ({ black: BLACK, white: WHITE })[v]));
  set(game, 'moves', read('moves', (v) => (v.length <= MAX_MOVES ? v : undefined)));
  result.hasGame = ['size', 'rule', 'ai', 'opponent', 'first', 'you', 'moves'].some((k) => params.has(k));

  for (const name of ['heatmap', 'analysis', 'numbers', 'embed', 'replay']) {
    set(options, name, read(name, flag));
  }
  set(options, 'lang', read('lang', (v) => (isLanguage(v) ? v : undefined)));
  set(options, 'ply', read('ply', (v) => wholeNumber(v, 0, 400)));
  set(options, 'seed', read('seed', (v) => wholeNumber(v, 0, 2 ** 32 - 1)));
  set(options, 'think', read('think', (v) => wholeNumber(v, 0, 10_000)));
  return result;
}

/** The hash that reproduces a game: `#moves=h8i9&rule=renju&ai=search-500&size=15&you=black`. */
export function gameHash({ moves, rule, opponent, size, human }) {
  const params = new URLSearchParams();
  if (moves) params.set('moves', moves);
  params.set('rule', rule);
  params.set('ai', opponent);
  params.set('size', String(size));
  params.set('you', human === WHITE ? 'white' : 'black');
  return `#${params}`;
}

function wholeNumber(text, min, max) {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

function flag(text) {
  if (['1', 'true', 'on', 'yes', ''].includes(text)) return true;
  if (['0', 'false', 'off', 'no'].includes(text)) return false;
  return undefined;
}

function shorten(text) {
  const clean = String(text).replace(/[\u0000-\u001f\u007f]/g, '');
  return clean.length > SHOWN_VALUE ? `${clean.slice(0, SHOWN_VALUE)}…` : clean;
}
