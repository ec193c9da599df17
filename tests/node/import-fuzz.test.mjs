// Fuzz test of what the page imports from text users control: the address (url-state.js) and
// game records (records.js). Plain node: no browser, no build. Deterministic: inputs come from
// a seeded generator (FUZZ_SEED=<n> picks another seed, FUZZ_ITERATIONS=<n> another count), and
// a failure names the seed, the iteration and the input.
//
// Inputs are made three ways: random text over a hostile alphabet, mutations of valid links and
// records (made by gameHash and formatPsq), and oversized ones (up to about 1 MB).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isLanguage, pickLanguage, t } from '../../www/js/i18n.js';
import {
  compactMoves, formatPsq, isPsq, parsePoint, parsePsq, pointName, splitMoves,
} from '../../www/js/records.js';
import { Levels } from '../../www/js/levels.js';
import { flag, gameHash, linkParams, readLink, wholeNumber } from '../../www/js/url-state.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611) >>> 0;
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 20_000); // per function, split between ways
const HALF = Math.ceil(ITERATIONS / 2);
const OVERSIZED = 24; // inputs of up to ~1 MB each, per test that has them
const SLOW_MS = 1000; // one call on a 1 MB input taking longer than this is a hang in the making

// ---- Seeded generator ----------------------------------------------------------------------

/** xorshift32 seeded from the run's seed and a label, so each test has its own stream. */
function makeRng(label) {
  let s = SEED;
  for (const ch of label) s = Math.imul(s ^ ch.charCodeAt(0), 0x9e3779b1) >>> 0;
  s ||= 1;
  const next = () => {
    s = (s ^ (s << 13)) >>> 0;
    s = (s ^ (s >>> 17)) >>> 0;
    s = (s ^ (s << 5)) >>> 0;
    return s;
  };
  const rng = {
    int: (n) => (n <= 0 ? 0 : next() % n), // 0..n-1
    between: (lo, hi) => lo + rng.int(hi - lo + 1),
    chance: (p) => next() / 2 ** 32 < p,
    pick: (list) => list[rng.int(list.length)],
  };
  return rng;
}

/** Runs `check(make(rng, i))` `count` times; a failure says how to get the same input again. */
function fuzz(label, count, make, check) {
  const rng = makeRng(label);
  for (let i = 0; i < count; i++) {
    const input = make(rng, i);
    try {
      check(input);
    } catch (error) {
      throw new Error(
        `${label}: iteration ${i} of seed ${SEED} (rerun with FUZZ_SEED=${SEED}) failed on\n` +
          `  input: ${preview(input)}\n  ${error.message}`,
        { cause: error },
      );
    }
  }
}

/** The input as JSON, long strings cut, invisible characters (which JSON keeps) escaped. */
function preview(value) {
  const cut = (k, v) => (typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…(${v.length} chars)` : v);
  const text = JSON.stringify(value, cut)
    .replace(/[\p{Cf}\u2028\u2029]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
  return text.length > 1500 ? `${text.slice(0, 1500)}…` : text;
}

/** Fails when one call is slow enough to suggest runaway regex backtracking. */
function timed(what, call) {
  const start = performance.now();
  const value = call();
  const ms = performance.now() - start;
  assert.ok(ms < SLOW_MS, `${what} took ${ms.toFixed(0)} ms`);
  return value;
}

// ---- Hostile alphabet ----------------------------------------------------------------------

const HOSTILE = [
  // URL syntax
  '&', '=', '#', '?', '%', '+', ';', '/', ' ', '&&', '==', '?#', '&amp;',
  // percent escapes, valid and broken (a cut 3-byte sequence, bad hex, an encoded surrogate)
  '%20', '%26', '%3D', '%23', '%25', '%2B', '%00', '%0A', '%7F', '%C3%A9', '%E2%80%AE',
  '%F0%9F%98%80', '%E0%A4%A', '%E0%A4', '%C3', '%ZZ', '%%', '%u202E', '%ED%A0%80', '%FF',
  // control, invisible format and odd characters, lone surrogate halves
  '\0', '\t', '\n', '\r', '\x1b', '\x7f', '\x85', '\u00a0', '\u00ad', '\u200b', '\u200e',
  '\u202e', '\u2066', '\u2028', '\ufeff', '\u3000', '\ud800', '\udc00', '\udbff\udfff',
  '😀', '👩‍👩‍👧', 'e\u0301', 'é', '中文', 'شطرنج', '\ufffd', '\uffff', '１５', '٣',
  // markup and template look-alikes
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"', "'", '`', '{value}', '${x}',
  // names that trip plain-object lookups
  '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype',
];

/** One random character of printable ASCII. */
const asciiChar = (rng) => String.fromCharCode(rng.between(0x20, 0x7e));

/** Text of up to `pieces` random pieces: ASCII, digits and the hostile alphabet. */
function randomText(rng, pieces, extra = []) {
  const out = [];
  for (let n = rng.int(pieces + 1); n > 0; n--) {
    const roll = rng.int(10);
    if (roll < 3) out.push(asciiChar(rng));
    else if (roll < 4) out.push(String(rng.int(1000)));
    else if (roll < 6 && extra.length) out.push(rng.pick(extra));
    else out.push(rng.pick(HOSTILE));
  }
  return out.join('');
}

/** Applies 1..4 random edits: insert, delete, replace or duplicate a chunk. */
function mutate(rng, text, pieces) {
  for (let n = rng.between(1, 4); n > 0; n--) {
    const at = rng.int(text.length + 1);
    const end = Math.min(text.length, at + rng.between(1, 12));
    const piece = rng.chance(0.5) ? rng.pick(pieces) : randomText(rng, 3);
    switch (rng.int(4)) {
      case 0: text = text.slice(0, at) + piece + text.slice(at); break;
      case 1: text = text.slice(0, at) + text.slice(end); break;
      case 2: text = text.slice(0, at) + piece + text.slice(end); break;
      default: {
        const to = rng.int(text.length + 1);
        text = text.slice(0, to) + text.slice(at, end) + text.slice(to);
      }
    }
  }
  return text;
}

/** Repeats `unit` until the text is about `length` long. */
const repeatTo = (unit, length) => unit.repeat(Math.max(1, Math.ceil(length / Math.max(1, unit.length))));

// ---- A stand-in for the engine's Game ------------------------------------------------------

const LADDER = [
  'pattern-001', 'scoring-000', 'scoring-003', 'scoring-004', 'lookahead-002',
  'nodes-100', 'nodes-300', 'nodes-1000', 'nodes-3000', 'nodes-5000', 'nodes-10000', 'nodes-20000',
  'search-100', 'search-500', 'search-2000', 'analysis-10000',
];
const ARTICLES = LADDER.slice(0, 5);

/** Whether the engine's level parser (src/level.rs) takes `id`: trimmed, articles in any case, N of 1..600000 in plain digits. */
function engineLevel(id) {
  const s = String(id).trim();
  if (ARTICLES.some((a) => a.toLowerCase() === s.toLowerCase())) return true;
  const ms = /^(search|analysis|nodes)-([1-9]\d*)$/.exec(s)?.[2];
  return ms !== undefined && Number(ms) >= 1 && Number(ms) <= 600_000;
}

/** A level's description as the engine gives it (only what levels.js reads matters here). */
const describe = (id, rank) => {
  const [kind, number] = id.split('-');
  const timed = kind === 'search' || kind === 'analysis';
  const nodes = kind === 'nodes' ? Number(number) : null;
  const searches = timed || nodes !== null;
  return { id, kind, rank, time_ms: timed ? Number(number) : null, nodes, searches, article: searches ? null : number };
};

/** The static API levels.js uses (level_info throws for what is no level). */
const StubGame = {
  levels: () => LADDER.map(describe),
  level_info(id) {
    if (!engineLevel(id)) throw new Error(`unknown level '${id}'`);
    return describe(String(id), null);
  },
};
const stubLevels = new Levels(StubGame);

// ---- Link parameters: what each means, as documented in url-state.js ----------------------

const RULES = ['freestyle', 'standard', 'renju'];
const GAME_NAMES = ['size', 'rule', 'ai', 'opponent', 'first', 'you', 'black', 'white', 'moves'];
const FLAG_ON = ['1', 'true', 'on', 'yes', ''];
const FLAG_OFF = ['0', 'false', 'off', 'no'];

/** Digits only (at most 10, so huge numbers never reach Number) with a value in lo..hi. */
const plainNumber = (v, lo, hi) => /^\d{1,10}$/.test(v) && Number(v) >= lo && Number(v) <= hi;
/** A level: the shape levels.js documents (`search-500`), then the engine's check. */
const levelId = (v) => /^[a-z]{1,12}-\d{1,6}$/.test(v) && engineLevel(v);
const isFlag = (v) => FLAG_ON.includes(v) || FLAG_OFF.includes(v);
const same = (v) => v;

// In reading order: of two names for one value (ai/opponent, first/you), the later wins.
const SPEC = [
  { name: 'size', into: 'game', key: 'size', valid: (v) => plainNumber(v, 5, 20), value: Number },
  { name: 'rule', into: 'game', key: 'rule', valid: (v) => RULES.includes(v), value: same },
  { name: 'ai', into: 'game', key: 'level', valid: levelId, value: same },
  { name: 'opponent', into: 'game', key: 'level', valid: levelId, value: same },
  { name: 'first', into: 'game', key: 'human', valid: (v) => v === 'human' || v === 'computer', value: (v) => (v === 'human' ? 1 : 2) },
  { name: 'you', into: 'game', key: 'human', valid: (v) => v === 'black' || v === 'white', value: (v) => (v === 'black' ? 1 : 2) },
  { name: 'black', into: 'game', key: 'black', valid: (v) => v === 'human' || levelId(v), value: same },
  { name: 'white', into: 'game', key: 'white', valid: (v) => v === 'human' || levelId(v), value: same },
  { name: 'moves', into: 'game', key: 'moves', valid: (v) => v.length <= 2000, value: same },
  ...['heatmap', 'analysis', 'numbers', 'scores', 'embed', 'replay'].map((name) => ({
    name, into: 'options', key: name, valid: isFlag, value: (v) => FLAG_ON.includes(v),
  })),
  { name: 'lang', into: 'options', key: 'lang', valid: (v) => v === 'en' || v === 'zh-CN', value: same },
  { name: 'ply', into: 'options', key: 'ply', valid: (v) => plainNumber(v, 0, 400), value: Number },
  { name: 'seed', into: 'options', key: 'seed', valid: (v) => plainNumber(v, 0, 2 ** 32 - 1), value: Number },
  { name: 'think', into: 'options', key: 'think', valid: (v) => plainNumber(v, 0, 10_000), value: Number },
  { name: 'limit', into: 'options', key: 'limit', valid: (v) => plainNumber(v, 1, 400), value: Number },
];
const NAMES = SPEC.map((s) => s.name);

/** The domain of every value readLink may return, checked on its own (not through SPEC). */
const DOMAIN = {
  size: (v) => Number.isInteger(v) && v >= 5 && v <= 20,
  rule: (v) => RULES.includes(v),
  level: (v) => typeof v === 'string' && levelId(v),
  black: (v) => v === 'human' || (typeof v === 'string' && levelId(v)),
  white: (v) => v === 'human' || (typeof v === 'string' && levelId(v)),
  human: (v) => v === 1 || v === 2,
  moves: (v) => typeof v === 'string' && v.length <= 2000,
  heatmap: (v) => typeof v === 'boolean',
  scores: (v) => typeof v === 'boolean',
  analysis: (v) => typeof v === 'boolean',
  numbers: (v) => typeof v === 'boolean',
  embed: (v) => typeof v === 'boolean',
  replay: (v) => typeof v === 'boolean',
  lang: (v) => isLanguage(v) && (v === 'en' || v === 'zh-CN'),
  ply: (v) => Number.isInteger(v) && v >= 0 && v <= 400,
  seed: (v) => Number.isInteger(v) && v >= 0 && v <= 2 ** 32 - 1,
  think: (v) => Number.isInteger(v) && v >= 0 && v <= 10_000,
  limit: (v) => Number.isInteger(v) && v >= 1 && v <= 400,
};

// ---- Generators: games, links, records ------------------------------------------------------

const CELLS = Uint16Array.from({ length: 400 }, (_, i) => i);

/** A legal-looking game: distinct points on its board, mostly short, at times none or a full board. */
function randomGame(rng) {
  const size = rng.chance(0.2) ? rng.pick([5, 20]) : rng.between(5, 20);
  const cells = size * size;
  const roll = rng.int(20);
  const count = roll === 0 ? cells : roll === 1 ? 0 : rng.between(1, Math.min(cells, roll < 6 ? 80 : 20));
  // The first `count` cells of a partly shuffled board.
  const order = CELLS.slice(0, cells);
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(cells - i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const level = rng.chance(0.5)
    ? rng.pick(LADDER)
    : `${rng.pick(['search', 'analysis'])}-${rng.chance(0.1) ? rng.pick([1, 600_000]) : rng.between(1, 600_000)}`;
  return {
    size,
    rule: rng.pick(RULES),
    level,
    human: rng.pick([1, 2]),
    names: Array.from(order.subarray(0, count), (cell) => pointName(cell % size, Math.floor(cell / size))),
  };
}

const gameOf = (g) => ({ size: g.size, rule: g.rule, level: g.level, human: g.human, moves: compactMoves(g.names) });

// Values near the edge of each domain, and a few well inside it.
const NEAR_VALUES = [
  '', '0', '00', '5', '015', '+15', '-1', '1e1', '15.0', '0x10', ' 15', '15 ', '4', '20', '21',
  '400', '401', '10000', '10001', '4294967295', '4294967296', '99999999999', '0000000015',
  'freestyle', 'standard', 'renju', 'Renju', 'renju ', 'black', 'white', 'White', 'human', 'computer',
  '1', 'true', 'on', 'yes', 'no', 'off', 'false', 'TRUE', 'y', 'en', 'EN', 'zh-CN', 'zh-cn', 'zh',
  'en-US', ...LADDER, 'search-0', 'search-600000', 'search-600001', 'search-0100', 'search-0000100', 'search-1000000',
  'analysis-1', 'Lookahead-002', 'scoring-001', 'scoring-0', ' search-100', 'search-100 ', 'cmd:/bin/sh',
  'h8', 'h8i9j10', 'h8 i9 j10', 'z99', 'x'.repeat(2000), 'x'.repeat(2001),
];

function randomValue(rng) {
  const roll = rng.int(10);
  if (roll < 5) return rng.pick(NEAR_VALUES);
  if (roll < 6) return compactMoves(randomGame(rng).names);
  return randomText(rng, 8);
}

const NAME_VARIANTS = ['Size', 'size ', ' size', 'SIZE', 'ai ', 'moves[]', 'amp;size', ''];
const randomName = (rng) => (rng.chance(0.8) ? rng.pick(NAMES) : rng.chance(0.5) ? rng.pick(NAME_VARIANTS) : randomText(rng, 3));
const encode = (text) => (text.isWellFormed() ? encodeURIComponent(text) : text);

/** `a=b&c=d…` from random names and values, sometimes percent-encoded, sometimes raw. */
function randomQuery(rng) {
  if (rng.chance(0.2)) return randomText(rng, 30, ['size=', '&ai=', '&moves=', '&you=', '&lang=']);
  const pairs = [];
  for (let n = rng.int(8); n > 0; n--) {
    const value = randomValue(rng);
    const sep = rng.chance(0.9) ? '=' : rng.pick(['', '==', '%3D']);
    pairs.push(`${randomName(rng)}${sep}${rng.chance(0.3) ? encode(value) : value}`);
  }
  return pairs.join(rng.chance(0.9) ? '&' : rng.pick(['&&', ';', '&amp;']));
}

/** A `location`-like object; search or hash may be missing, or lack its ? / #. */
function randomLocation(rng) {
  const part = (mark) => (rng.chance(0.2) ? undefined : (rng.chance(0.9) ? mark : '') + randomQuery(rng));
  const location = {};
  const search = part('?');
  const hash = part('#');
  if (search !== undefined) location.search = search;
  if (hash !== undefined) location.hash = hash;
  return location;
}

const LINK_PIECES = ['&', '=', '#', '?', '%', '&size=', '&ai=', '&opponent=', '&moves=', '&you=white', '&black=human', '&white=', '&first=', '&lang=zh-CN', '&embed', '%E0%A4%A', '\u202e', '\0', 'toString'];

/** A valid game's hash, mutated; sometimes moved into the query or split between the two. */
function mutatedLocation(rng) {
  const hash = gameHash(gameOf(randomGame(rng)));
  const text = mutate(rng, hash, LINK_PIECES);
  const roll = rng.int(3);
  if (roll === 0) return { search: '', hash: text };
  if (roll === 1) return { search: `?${text.slice(1)}`, hash: '' };
  const cut = rng.int(text.length + 1);
  return { search: `?${text.slice(0, cut)}`, hash: `#${text.slice(cut)}` };
}

/** Too long to read, or right at the limit (4,000 characters of search and hash together). */
function oversizedLocation(rng, i) {
  if (i % 3 === 0) {
    const total = 4000 + rng.between(-2, 2);
    const searchLength = rng.int(total + 1);
    return { search: `?${'a'.repeat(Math.max(0, searchLength - 1))}`, hash: `#size=9&${'b'.repeat(Math.max(0, total - searchLength - 8))}` };
  }
  const length = rng.between(4001, 1_000_000);
  const unit = i % 3 === 1 ? gameHash(gameOf(randomGame(rng))).slice(1) + '&' : randomText(rng, 40);
  return { search: rng.chance(0.5) ? `?${repeatTo(unit, length)}` : '', hash: `#${repeatTo(unit, length)}` };
}

/** formatPsq's text as another program might write it: CRLF, spacing, times, other tails. */
function psqVariant(rng, text) {
  // One style a record, as a program writes: spacing around the numbers, and the times.
  const [lead, before, after, end] = Array.from({ length: 4 }, () => rng.pick(['', ' ', '\t', '  ']));
  const time = rng.pick([() => '', () => ',0', () => `,${rng.int(100_000)}`, () => `,-${rng.int(100)}`, () => ` , 7`]);
  let out = text.replace(/^(\d+),(\d+),0$/gm, (m, x, y) => `${lead}${x}${before},${after}${y}${time()}${end}`);
  if (rng.chance(0.3)) out = out.replace(/^Piskvorky/, rng.pick(['piskvorky', 'PISKVORKY', '  Piskvorky']));
  if (rng.chance(0.3)) out = out.replace(/(\d+)x(\d+)/, '$1 x $2');
  if (rng.chance(0.3)) out = out.replace(/-1\n$/, rng.pick(['', 'pbrain-x.exe\n', '-1\npbrain-a.exe\npbrain-b.exe\n']));
  if (rng.chance(0.3)) out = out.replace(/\n/g, '\r\n');
  return out;
}

const PSQ_PIECES = [
  '\n', '\r\n', '\r', ',', ', ', '-1', '0', '1', '5', '20', '21', '99999999999', '-', '+1', ' ', '\t',
  'Piskvorky', 'Piskvorky ', 'x', '20x20', '4x4', '15x16', '5x5', '0x0', 'pbrain-x.exe', '１', '٣',
];

/** A record whose points sit on and around the edges of its board (0, 1, size, size + 1). */
function edgePsq(rng) {
  const size = rng.between(4, 21);
  const header = `Piskvorky ${size}x${rng.chance(0.9) ? size : rng.between(4, 21)}, 11:11, 0`;
  const coord = () => rng.pick([0, 1, size - 1, size, size + 1, rng.between(1, size), rng.between(1, size)]);
  const lines = [header];
  for (let n = rng.int(8); n > 0; n--) lines.push(rng.chance(0.9) ? `${coord()},${coord()},${rng.int(10)}` : rng.pick(PSQ_PIECES));
  lines.push('-1', '');
  return lines.join(rng.chance(0.8) ? '\n' : '\r\n');
}

function randomPsqText(rng) {
  if (rng.chance(0.5)) return edgePsq(rng);
  const header = rng.chance(0.7)
    ? `${rng.pick(['Piskvorky', 'piskvorky', ' Piskvorky', 'Piskvork'])} ${rng.pick([rng.between(0, 25), rng.int(1e6)])}x${rng.between(0, 25)}, 11:11, 0\n`
    : '';
  return header + randomText(rng, 40, PSQ_PIECES);
}

function oversizedPsq(rng, i) {
  const size = rng.between(5, 20);
  const lines = rng.between(1000, 100_000);
  const move = () => `${rng.between(1, size)},${rng.between(1, size)},${rng.int(1000)}`;
  switch (i % 4) {
    case 0: return [`Piskvorky ${size}x${size}, 11:11, 0`, ...Array.from({ length: lines }, move), '-1', ''].join('\n');
    case 1: return `Piskvorky ${'9'.repeat(rng.between(1000, 1_000_000))}x${size}`;
    case 2: return `Piskvorky ${size}x${size}\n${' '.repeat(rng.between(1000, 500_000))}1,1${' '.repeat(rng.between(1000, 500_000))}x`;
    default: return `${' '.repeat(rng.between(1000, 500_000))}Piskvorky ${repeatTo(randomText(rng, 20, PSQ_PIECES), rng.between(1000, 1_000_000))}`;
  }
}

// ---- Checks ----------------------------------------------------------------------------------

/** Only strings, numbers, booleans, plain objects and arrays: nothing to run or to take as markup. */
function assertPlainData(value, path = 'result') {
  if (['string', 'number', 'boolean'].includes(typeof value)) return;
  assert.ok(value !== null && typeof value === 'object', `${path} is ${typeof value}`);
  const proto = Object.getPrototypeOf(value);
  assert.ok(proto === Object.prototype || proto === Array.prototype, `${path} is not a plain object or array`);
  for (const [key, item] of Object.entries(value)) assertPlainData(item, `${path}.${key}`);
}

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

/**
 * A refused value as quoted back: a well-formed string without control or format characters,
 * equal to the raw value character by character except those (shown as �), cut after 40
 * characters with an ellipsis.
 */
function checkQuote(raw, quoted) {
  assert.equal(typeof quoted, 'string');
  assert.ok(quoted.isWellFormed(), 'the quote has a lone surrogate');
  assert.ok(!CONTROL_OR_FORMAT.test(quoted), `the quote ${JSON.stringify(quoted)} has a control or format character`);
  const rawChars = Array.from(raw);
  let chars = Array.from(quoted);
  assert.ok(chars.length <= 41, `the quote is ${chars.length} characters long`);
  if (rawChars.length > 40) {
    assert.equal(chars.at(-1), '…', 'a long value is cut with an ellipsis');
    chars = chars.slice(0, -1);
  }
  assert.equal(chars.length, Math.min(rawChars.length, 40), 'the quote keeps the start of the value');
  chars.forEach((c, i) => {
    const r = rawChars[i];
    assert.ok(c === r || (CONTROL_OR_FORMAT.test(r) && c === '\ufffd'), `character ${i} of the quote is ${JSON.stringify(c)}, not ${JSON.stringify(r)}`);
  });
}

/**
 * linkParams against its definition: per setting (ai/opponent and first/you are one setting
 * each), the last value in the hash, else the last in the query; the query's game settings
 * only when the hash holds none.
 */
function checkLinkParams(location) {
  const params = timed('linkParams', () => linkParams(location));
  const search = location.search ?? '';
  const hash = location.hash ?? '';
  if (search.length + hash.length > 4000) {
    assert.equal(params, null, 'a link over 4,000 characters is refused whole');
    return null;
  }
  assert.ok(params instanceof Map);
  const fromHash = [...new URLSearchParams(hash.replace(/^#/, ''))];
  const hashHasGame = fromHash.some(([name]) => GAME_NAMES.includes(name));
  const fromQuery = [...new URLSearchParams(search.replace(/^\?/, ''))]
    .filter(([name]) => !(hashHasGame && GAME_NAMES.includes(name)));
  const expected = new Map();
  for (const [name, value] of [...fromQuery, ...fromHash]) {
    expected.delete(OTHER_NAME[name]);
    expected.set(name, value);
  }
  assert.deepEqual(Object.fromEntries(params), Object.fromEntries(expected));
  for (const [name, value] of params) {
    assert.ok(typeof name === 'string' && typeof value === 'string' && name.isWellFormed() && value.isWellFormed());
  }
  return params;
}

/** The other name of a setting with two. */
const OTHER_NAME = { __proto__: null, ai: 'opponent', opponent: 'ai', first: 'you', you: 'first' };

/** Everything readLink promises about one link. */
function checkLink(location) {
  const result = timed('readLink', () => readLink(location, stubLevels));
  assert.deepEqual(Object.keys(result).sort(), ['errors', 'game', 'hasGame', 'options']);

  const params = checkLinkParams(location);
  if (params === null) {
    assert.deepEqual(result, { game: {}, hasGame: false, options: {}, errors: [{ key: 'linkTooLong' }] });
    return;
  }
  assertPlainData(result);

  // Every error is one refused parameter, named once, its value quoted safely.
  const refused = new Set();
  for (const error of result.errors) {
    assert.equal(error.key, 'linkBadParam');
    assert.deepEqual(Object.keys(error.params).sort(), ['name', 'value']);
    const { name, value } = error.params;
    assert.ok(NAMES.includes(name), `error for unknown parameter ${JSON.stringify(name)}`);
    assert.ok(!refused.has(name), `two errors for ${name}`);
    refused.add(name);
    checkQuote(params.get(name), value);
    const message = t(error.key, error.params);
    assert.ok(message.includes(name) && message.includes(value), 'the message quotes the parameter');
  }

  // A parameter is refused exactly when it is present with a value outside its domain; the
  // accepted ones land where they belong, a later name for the same value winning.
  const expected = { game: {}, options: {} };
  for (const { name, into, key, valid, value } of SPEC) {
    if (!params.has(name)) {
      assert.ok(!refused.has(name), `${name} refused though absent`);
      continue;
    }
    const raw = params.get(name);
    const ok = valid(raw);
    assert.equal(refused.has(name), !ok, `${name}=${JSON.stringify(raw)} ${ok ? 'refused' : 'accepted'}`);
    if (ok) expected[into][key] = value(raw);
  }
  assert.deepEqual(result.game, expected.game);
  assert.deepEqual(result.options, expected.options);
  for (const [key, value] of Object.entries({ ...result.game, ...result.options })) {
    assert.ok(DOMAIN[key](value), `${key} = ${JSON.stringify(value)} is out of its domain`);
  }
  assert.equal(result.hasGame, GAME_NAMES.some((name) => params.has(name)));

  // main.js paints the first frame from linkParams alone: it must agree with readLink.
  assert.equal(pickLanguage(params.get('lang') ?? null, []), result.options.lang ?? 'en');
  assert.equal(flag(params.get('embed')) === true, result.options.embed === true);
  assert.equal(wholeNumber(params.get('size') ?? '', 5, 20) ?? 15, result.game.size ?? 15);
}

/** A point on the biggest board, named the one way pointName names it. */
function checkPoint(name, point) {
  if (point === null) return;
  assert.ok(Array.isArray(point) && point.length === 2, 'a point is [x, y]');
  const [x, y] = point;
  assert.ok(Number.isInteger(x) && x >= 0 && x < 20, `column ${x}`);
  assert.ok(Number.isInteger(y) && y >= 0 && y < 20, `row ${y}`);
  assert.equal(pointName(x, y), String(name), 'only the canonical spelling is read');
}

const lineCount = (text) => (text.match(/\n/g)?.length ?? 0) + 1;

const PSQ_ERRORS = ['psqBadHeader', 'psqBadSize', 'psqBadMove', 'psqNoMoves'];

/**
 * parsePsq on any text: the moves of a board of 5..20 (valid points of that board, at most one
 * a line), or one of its documented errors, never anything else. Repeated points are left to
 * the engine, which the page asks next (App.checkMoves).
 */
function checkPsq(text) {
  assert.equal(typeof isPsq(text), 'boolean');
  let record;
  try {
    record = timed('parsePsq', () => parsePsq(text));
  } catch (error) {
    if (error?.code === 'ERR_ASSERTION') throw error;
    assert.ok(error instanceof Error && PSQ_ERRORS.includes(error.key), `unexpected throw: ${error?.stack ?? error}`);
    assert.equal(error.message, error.key);
    const lines = lineCount(text);
    const expectedParams = {
      psqBadHeader: () => assert.deepEqual(error.params, {}),
      psqNoMoves: () => assert.deepEqual(error.params, {}),
      psqBadSize: () => assert.match(error.params.size, /^(\d+(\.\d+)?(e\+\d+)?|Infinity)×(\d+(\.\d+)?(e\+\d+)?|Infinity)$/),
      psqBadMove: () => assert.ok(Number.isInteger(error.params.line) && error.params.line >= 2 && error.params.line <= lines),
    };
    expectedParams[error.key]();
    assert.equal(typeof t('psqError', { message: t(error.key, error.params) }), 'string');
    return null;
  }
  assert.deepEqual(Object.keys(record).sort(), ['moves', 'size']);
  assert.ok(isPsq(text), 'what parses is also what the page takes for a PSQ record');
  assert.ok(Number.isInteger(record.size) && record.size >= 5 && record.size <= 20, `size ${record.size}`);
  assert.ok(Array.isArray(record.moves) && record.moves.length > 0, 'at least one move');
  assert.ok(record.moves.length < lineCount(text), 'at most one move a line');
  for (const name of record.moves) {
    const point = parsePoint(name);
    assert.ok(point, `${JSON.stringify(name)} is no move`);
    assert.ok(point[0] < record.size && point[1] < record.size, `${name} is off the ${record.size}×${record.size} board`);
    checkPoint(name, point);
  }
  return record;
}

// ---- Tests -----------------------------------------------------------------------------------

// checkLink checks linkParams too (the hash wins, the last repeat wins, over 4,000 characters: null).
test('readLink: every value is in its domain, or refused with one safe message naming it', () => {
  fuzz('readLink random', HALF, randomLocation, checkLink);
  fuzz('readLink mutated', HALF, mutatedLocation, checkLink);
  fuzz('readLink oversized', OVERSIZED, oversizedLocation, checkLink);
  // The smallest links: nothing, bare marks, a location without search or hash.
  for (const location of [{}, { search: '' }, { hash: '#' }, { search: '?', hash: '#' }, { search: '?&', hash: '#=' }]) {
    checkLink(location);
  }
});

test('gameHash → readLink reproduces every valid game, alone or after any query', () => {
  fuzz('gameHash round trip', ITERATIONS, (rng) => {
    const game = gameOf(randomGame(rng));
    return { game, search: rng.chance(0.5) ? '' : `?${randomQuery(rng)}` };
  }, ({ game, search }) => {
    const hash = gameHash(game);
    assert.match(hash, /^#[\w=&.%+-]*$/, 'the hash is plain URL text');
    const { moves, ...rest } = game;
    const expected = moves ? game : rest;
    if (search === '') {
      assert.deepEqual(readLink({ search, hash }, stubLevels), { game: expected, hasGame: true, options: {}, errors: [] });
      return;
    }
    const result = readLink({ search, hash }, stubLevels);
    if (search.length + hash.length > 4000) {
      assert.deepEqual(result.errors, [{ key: 'linkTooLong' }]);
      return;
    }
    // A query's own errors may come along, but the game is the hash's, whole.
    assert.deepEqual(result.game, expected);
    assert.equal(result.hasGame, true);
  });
});

test('wholeNumber and flag: plain digits in range, the documented yes/no words, else undefined', () => {
  const ranges = [[5, 20], [0, 400], [0, 2 ** 32 - 1], [0, 10_000]];
  fuzz('wholeNumber/flag', ITERATIONS, (rng) => (rng.chance(0.5) ? rng.pick(NEAR_VALUES) : randomText(rng, 6)), (text) => {
    for (const [lo, hi] of ranges) {
      const n = wholeNumber(text, lo, hi);
      assert.equal(n, plainNumber(text, lo, hi) ? Number(text) : undefined);
    }
    assert.equal(flag(text), FLAG_ON.includes(text) ? true : FLAG_OFF.includes(text) ? false : undefined);
  });
  // main.js passes what the link lacks as undefined.
  assert.equal(wholeNumber(undefined, 0, 10), undefined);
  assert.equal(flag(undefined), undefined);
});

test('move notation: names and points round-trip, any text splits into names, nothing off the board', () => {
  for (let x = 0; x < 20; x++) {
    for (let y = 0; y < 20; y++) assert.deepEqual(parsePoint(pointName(x, y)), [x, y]);
  }
  const nearNames = (rng) =>
    `${rng.pick([...'abcdefghijklmnopqrstuvwxyzABHT', '', ' '])}${rng.pick(['', '0', '00', '+', '-', ' '])}${rng.int(130)}${rng.pick(['', '', ' ', '\n', 'a', '.5'])}`;
  fuzz('parsePoint', ITERATIONS, (rng) => (rng.chance(0.6) ? nearNames(rng) : randomText(rng, 4)), (text) => {
    checkPoint(text, parsePoint(text));
  });
  // Saved games hold redo lists of anything JSON can hold (App.restore checks them with parsePoint).
  for (const value of [null, 0, 7, true, {}, [], ['h8'], [['h8']], { toString: null }, { valueOf: 1, toString: 2 }, 'h8\n', '__proto__']) {
    checkPoint(value, parsePoint(value));
  }

  const SPACES = [' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u3000', '\ufeff', '\u2028'];
  fuzz('splitMoves/compactMoves', ITERATIONS, (rng) => {
    const names = randomGame(rng).names;
    const text = rng.chance(0.5)
      ? names.map((n) => `${n}${rng.pick(SPACES)}`).join('')
      : randomText(rng, 30, SPACES);
    return { names, text: rng.chance(0.5) ? `${rng.pick(SPACES)}${text}` : text };
  }, ({ names, text }) => {
    // Any text: names without whitespace, nothing but whitespace lost.
    const split = splitMoves(text);
    assert.ok(split.every((n) => n.length > 0 && !/\s/.test(n)));
    assert.equal(split.join(''), text.replace(/\s+/g, ''));
    // Valid names, whatever whitespace separates them, come back as they were.
    assert.deepEqual(splitMoves(names.join(' ')), names);
    assert.deepEqual(splitMoves(`\t${names.join('\n\u3000')}\r\n`), names);
    // The compact link form reads back unambiguously: every name starts with its letter.
    const compact = compactMoves(names);
    assert.deepEqual(compact.match(/[a-t][1-9]\d?/g) ?? [], names);
  });
  fuzz('splitMoves oversized', OVERSIZED, (rng) => repeatTo(`${randomText(rng, 20, SPACES)} h8 `, rng.between(1000, 1_000_000)), (text) => {
    const split = timed('splitMoves', () => splitMoves(text));
    assert.ok(split.every((n) => n.length > 0 && !/\s/.test(n)));
  });
});

test('parsePsq: any text gives moves on the board it names, or a documented error', () => {
  fuzz('parsePsq random', HALF, randomPsqText, checkPsq);
  fuzz('parsePsq mutated', HALF, (rng) => {
    const g = randomGame(rng);
    return mutate(rng, formatPsq(g.names, g.size), PSQ_PIECES);
  }, checkPsq);
  fuzz('parsePsq oversized', OVERSIZED, oversizedPsq, checkPsq);
  // No moves, or only the end marker: the page must not load an empty game over the one in play.
  for (const text of ['', 'Piskvorky', 'Piskvorky 15x15, 11:11, 0', formatPsq([], 15), formatPsq(['z9', 'h8'], 15).replace('8,8,0', '')]) {
    assert.equal(checkPsq(text), null, JSON.stringify(text));
  }
});

test('formatPsq → parsePsq reproduces every game, also as other programs write it', () => {
  fuzz('PSQ round trip', ITERATIONS, (rng) => {
    const g = randomGame(rng);
    if (g.names.length === 0) g.names = [pointName(0, g.size - 1)];
    const text = formatPsq(g.names, g.size);
    return { size: g.size, names: g.names, text, variant: psqVariant(rng, text) };
  }, ({ size, names, text, variant }) => {
    assert.ok(isPsq(text));
    assert.deepEqual(parsePsq(text), { size, moves: names });
    assert.deepEqual(checkPsq(variant), { size, moves: names });
  });
});

// ---- Bugs this test once found, pinned ----------------------------------------------------

test('readLink refuses first=/you= values that are only names of object properties', () => {
  for (const search of ['?first=toString', '?you=constructor', '?you=__proto__', '?first=valueOf']) {
    const result = readLink({ search }, stubLevels);
    assert.equal(result.game.human, undefined, search);
    assert.equal(result.errors.length, 1, search);
  }
});

test('parsePoint reads rows 1 to 20 only, like the engine', () => {
  for (const name of ['a21', 't99', 'h50']) assert.equal(parsePoint(name), null, name);
});

test('parsePoint answers null for any JSON value that is no name', () => {
  for (const value of [{ toString: null }, { toString: 1, valueOf: 1 }]) assert.equal(parsePoint(value), null);
});

// The page keeps the query and rewrites the hash as the game goes (App.changed), so a reload reads both.
const emptyGameHash = gameHash({ size: 15, rule: 'freestyle', level: 'search-100', human: 1, moves: '' });

test('the level in the hash wins over opponent= in the query', () => {
  assert.equal(readLink({ search: '?opponent=search-2000', hash: emptyGameHash }, stubLevels).game.level, 'search-100');
});

test('a hash without moves means no moves, whatever the query says', () => {
  assert.equal(readLink({ search: '?moves=h8i9', hash: emptyGameHash }, stubLevels).game.moves ?? '', '');
});
