// Settings in the address: the query (?…) and the hash (#…), the hash winning (and of a
// name given twice, the last value; a game in the hash is taken whole).
//   size=5..20  rule=freestyle|standard|renju  ai=<level id> (or opponent=)
//   you=black|white (or first=human|computer)  moves=h8i9j10 (or "h8 i9 j10")
//   black=, white= <level id>|human: who plays each colour (two people, or the computer
//   against itself); when present they replace ai/opponent and you/first (a missing one is
//   a person)
//   opening=swap1|swap2 (freestyle, standard: the first player, who holds black until a
//   choice, places three stones; see opening.js) with choice=black|white|two|two-black|
//   two-white (the decisions made so far); under renju opening=<one of the 26 canonical
//   openings, e.g. kagetsu>|random (the game starts with its three stones)
//   heatmap, analysis, numbers, scores = 1|0   lang=en|zh-CN   embed=1   replay=1   ply=<n>
//   seed=<u32> (repeatable computer choices)   think=<ms> (least time a reply takes)
//   limit=<n> (a watched game stops after n moves)   point=<h8> (the point whose score's
//   breakdown shows, with heatmap or scores on)
// Everything is checked; a bad value is dropped with a message, never shown as HTML.
// PARAMS is the one list of them: links (readLink) and the attributes of the <gomoku-board>
// element (element-attributes.js) read the same names with the same parsers.

import { BLACK, HUMAN, MAX_MOVES, MAX_MOVES_TEXT, MAX_SIZE, MIN_SIZE, RULES, WHITE } from './constants.js';
import { isLanguage } from './i18n.js';
import { CHOICES, isOpening } from './opening.js';

const MAX_LINK = 4000; // a full 20×20 game is about 1,300 characters
const MAX_SEED = 2 ** 32 - 1;
const MAX_THINK_MS = 10_000;
const SHOWN_VALUE = 40; // longest piece of a bad value quoted back
// Maps, not object literals: "constructor" or "__proto__" must not pass as a colour.
const FIRST = new Map([['human', BLACK], ['computer', WHITE]]);
const YOU = new Map([['black', BLACK], ['white', WHITE]]);

const level = (v, levels) => (levels.isLevel(v) ? v : undefined);
const player = (v, levels) => (v === HUMAN || levels.isLevel(v) ? v : undefined);

/**
 * Every parameter, in reading order: its `name`; its `kind`, 'game' when it describes the
 * game (a change of one starts another game) or 'option' when it says how the game is shown
 * or played; the `key` its value is kept under (two names of one setting share it); and
 * `parse(text, levels)`, the value or undefined when the text is not valid.
 */
export const PARAMS = Object.freeze([
  { name: 'size', kind: 'game', key: 'size', parse: (v) => wholeNumber(v, MIN_SIZE, MAX_SIZE) },
  { name: 'rule', kind: 'game', key: 'rule', parse: (v) => (RULES.includes(v) ? v : undefined) },
  { name: 'ai', kind: 'game', key: 'level', parse: level },
  { name: 'opponent', kind: 'game', key: 'level', parse: level },
  { name: 'first', kind: 'game', key: 'human', parse: (v) => FIRST.get(v) },
  { name: 'you', kind: 'game', key: 'human', parse: (v) => YOU.get(v) },
  { name: 'black', kind: 'game', key: 'black', parse: player },
  { name: 'white', kind: 'game', key: 'white', parse: player },
  { name: 'moves', kind: 'game', key: 'moves', parse: (v) => (v.length <= MAX_MOVES_TEXT ? v : undefined) },
  { name: 'opening', kind: 'game', key: 'opening', parse: (v) => (isOpening(v) ? v : undefined) },
  { name: 'choice', kind: 'game', key: 'choice', parse: (v) => (CHOICES.includes(v) ? v : undefined) },
  ...['heatmap', 'analysis', 'numbers', 'scores', 'embed', 'replay', 'review'].map((name) => ({ name, kind: 'option', key: name, parse: flag })),
  { name: 'lang', kind: 'option', key: 'lang', parse: (v) => (isLanguage(v) ? v : undefined) },
  { name: 'ply', kind: 'option', key: 'ply', parse: (v) => wholeNumber(v, 0, MAX_MOVES) },
  { name: 'seed', kind: 'option', key: 'seed', parse: (v) => wholeNumber(v, 0, MAX_SEED) },
  { name: 'think', kind: 'option', key: 'think', parse: (v) => wholeNumber(v, 0, MAX_THINK_MS) },
  { name: 'limit', kind: 'option', key: 'limit', parse: (v) => wholeNumber(v, 1, MAX_MOVES) },
  { name: 'point', kind: 'option', key: 'point', parse: (v) => (/^[a-t](?:[1-9]|1\d|20)$/.test(v) ? v : undefined) },
].map(Object.freeze));

/** The parameters that describe a game (the others are options of the page). */
export const GAME_PARAMS = PARAMS.filter((p) => p.kind === 'game').map((p) => p.name);

// Two names for one setting: whichever comes later replaces the other.
const ALIASES = new Map([['ai', 'opponent'], ['opponent', 'ai'], ['first', 'you'], ['you', 'first']]);

/**
 * The parameters of a `location`-like `{ search, hash }`, read left to right, query first:
 * a later value of a name (or of its other name) replaces an earlier one, so the hash wins,
 * and of a name repeated, the last. A hash holding any game parameter describes the whole
 * game: the query's game parameters are then left out, so a level or moves the page was
 * first opened with never fill in what the game in the hash left out. null when the link
 * is too long to read at all. The first paint (main.js) and readLink both read the link
 * through here, so they always agree.
 */
export function linkParams({ search = '', hash = '' }) {
  if (search.length + hash.length > MAX_LINK) return null;
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const hashHasGame = GAME_PARAMS.some((name) => fragment.has(name));
  const params = new Map();
  for (const [name, value] of query) {
    if (!(hashHasGame && GAME_PARAMS.includes(name))) takeParam(params, name, value);
  }
  for (const [name, value] of fragment) takeParam(params, name, value);
  return params;
}

/** Sets `name` in the Map `params`, leaving out its other name: of ai/opponent, first/you, the later wins. */
export function takeParam(params, name, value) {
  params.delete(ALIASES.get(name));
  params.set(name, value);
}

/** Reads `location`-like `{ search, hash }`; see the list above. `levels` is a Levels (levels.js). */
export function readLink(link, levels) {
  const params = linkParams(link);
  if (params === null) return { game: {}, hasGame: false, options: {}, errors: [{ key: 'linkTooLong' }] };
  return readParams(params, levels);
}

/**
 * What a Map of parameter names to texts says, read by PARAMS: `{ game, hasGame, options,
 * errors }`. A value that is not valid is left out, with an error naming it (`linkBadParam`);
 * names that are no parameter are ignored.
 */
export function readParams(params, levels) {
  const result = { game: {}, hasGame: false, options: {}, errors: [] };
  for (const { name, kind, key, parse } of PARAMS) {
    if (!params.has(name)) continue;
    const value = params.get(name);
    const parsed = parse(value, levels);
    if (parsed === undefined) result.errors.push({ key: 'linkBadParam', params: { name, value: shorten(value) } });
    else result[kind === 'game' ? 'game' : 'options'][key] = parsed;
  }
  result.hasGame = GAME_PARAMS.some((name) => params.has(name));
  return result;
}

/**
 * The hash that reproduces a game: `#moves=h8i9&rule=renju&ai=search-500&size=15&you=black`
 * against the computer; with `black` and `white` for two people or the computer against
 * itself (`ai` then names the coach's level).
 */
export function gameHash({ moves, rule, level, size, human, black, white, opening, choice }) {
  const params = new URLSearchParams();
  if (moves) params.set('moves', moves);
  params.set('rule', rule);
  params.set('ai', level);
  params.set('size', String(size));
  const againstComputer = black === undefined || white === undefined || [black, white].filter((p) => p === HUMAN).length === 1;
  if (againstComputer) {
    params.set('you', human === WHITE ? 'white' : 'black');
  } else {
    params.set('black', black);
    params.set('white', white);
  }
  if (opening) params.set('opening', opening);
  if (choice) params.set('choice', choice);
  return `#${params}`;
}

/**
 * The query `search` ("?ai=…&think=0") without the game's parameters: once the page writes
 * the game into the hash, a query's moves= or size= would only say a stale game beside it.
 * The page's own options (think=, seed=, lang=, …) stay. Unchanged when it has none.
 */
export function queryWithoutGame(search) {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  if (!GAME_PARAMS.some((name) => query.has(name))) return search;
  for (const name of GAME_PARAMS) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/** A whole number written plainly ("15", not "1e1", "+15" or "15.0") in min..max, else undefined. */
export function wholeNumber(text, min, max) {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

/** A yes/no value: true, false, or undefined when it is neither. */
export function flag(text) {
  if (['1', 'true', 'on', 'yes', ''].includes(text)) return true;
  if (['0', 'false', 'off', 'no'].includes(text)) return false;
  return undefined;
}

/**
 * A bad value as it is quoted back: control and invisible format characters (NUL, a
 * right-to-left override, zero-width spaces) become a visible �, so the quote cannot hide
 * or reorder text; long values are cut between characters, never inside a surrogate pair.
 */
function shorten(text) {
  const chars = Array.from(String(text).replace(/[\p{Cc}\p{Cf}]/gu, '\uFFFD'));
  return chars.length > SHOWN_VALUE ? `${chars.slice(0, SHOWN_VALUE).join('')}…` : chars.join('');
}
