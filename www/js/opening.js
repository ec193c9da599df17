// Openings that make a game fair.
//
// Swap openings (freestyle and standard): the first player places three stones (black,
// white, black); under swap1 the second player then takes a colour; under swap2 the second
// player takes a colour or places two more stones (white, black) and lets the first player
// take one. White moves next. The stones are ordinary moves of the record; the decisions
// are the `choice` of the link: 'black' or 'white' (the colour the second player took),
// 'two' (two stones are being added, or the first player is to choose), 'two-black' or
// 'two-white' (the colour the first player took after them).
//
// Before any choice the first player holds black and the second white; a choice that gives
// the first player white exchanges the two (the store swaps its players then).
//
// Renju: the 26 canonical openings (black in the centre, white beside it straight or
// diagonally, black's second stone in the 5×5 square), by name, or one at random.

export const SWAPS = ['swap1', 'swap2'];
export const CHOICES = ['black', 'white', 'two', 'two-black', 'two-white'];

/**
 * Where a swap opening stands after `count` stones with `choice` made so far:
 * `{ step: 'place', seat, left }` (stones to place: `left` more, by `seat` 'first' or
 * 'second'), `{ step: 'choose', seat, options }` (options among 'black', 'white', 'two'), or
 * `{ step: 'done' }`. null when the choice does not fit the stones (a bad link).
 */
export function swapPhase(kind, count, choice = '') {
  if (!SWAPS.includes(kind) || !(choice === '' || CHOICES.includes(choice))) return null;
  const two = choice.startsWith('two');
  if (two && kind !== 'swap2') return null;
  if (choice === '') {
    if (count < 3) return { step: 'place', seat: 'first', left: 3 - count };
    if (count === 3) return { step: 'choose', seat: 'second', options: kind === 'swap2' ? ['black', 'white', 'two'] : ['black', 'white'] };
    return null;
  }
  if (count < 3) return null;
  if (choice === 'two') {
    if (count < 5) return { step: 'place', seat: 'second', left: 5 - count };
    if (count === 5) return { step: 'choose', seat: 'first', options: ['black', 'white'] };
    return null;
  }
  if (two && count < 5) return null;
  return { step: 'done' };
}

/** The choice after `taken` ('black', 'white' or 'two') is chosen on top of `choice`. */
export function addChoice(choice, taken) {
  return choice === 'two' ? `two-${taken}` : taken;
}

/** Whether choosing `taken` exchanges the players: the first player ends up with white. */
export function exchanges(choice, taken) {
  return choice === 'two' ? taken === 'white' : taken === 'black';
}

/**
 * The stones that undo may not take back: those before the last decision (a decision is
 * final, as at a tournament), or none before any.
 */
export function undoFloor(kind, choice) {
  if (!SWAPS.includes(kind) || !choice) return 0;
  return choice.startsWith('two-') ? 5 : 3;
}

// The 26 canonical renju openings: black at the centre, white straight above it (direct) or
// diagonally up and right (indirect), and black's second stone at [dx, dy] from the centre.
// Names in Japanese (the usual international ids) and Chinese.
const DIRECT = [
  ['kansei', '寒星', 0, 2], ['keigetsu', '溪月', 1, 2], ['sosei', '疏星', 2, 2],
  ['kagetsu', '花月', 1, 1], ['zangetsu', '残月', 2, 1], ['ugetsu', '雨月', 1, 0],
  ['kinsei', '金星', 2, 0], ['shogetsu', '松月', 0, -1], ['kyugetsu', '丘月', 1, -1],
  ['shingetsu', '新月', 2, -1], ['zuisei', '瑞星', 0, -2], ['sangetsu', '山月', 1, -2],
  ['yusei', '游星', 2, -2],
];
const INDIRECT = [
  ['chosei', '长星', 2, 2], ['kyogetsu', '峡月', 2, 1], ['kosei', '恒星', 2, 0],
  ['suigetsu', '水月', 2, -1], ['ryusei', '流星', 2, -2], ['ungetsu', '云月', 1, 0],
  ['hogetsu', '浦月', 1, -1], ['rangetsu', '岚月', 1, -2], ['gingetsu', '银月', 0, -1],
  ['myojo', '明星', 0, -2], ['shagetsu', '斜月', -1, -1], ['meigetsu', '名月', -1, -2],
  ['suisei', '彗星', -2, -2],
];

/** The 26 openings in their usual order: `{ id, zh, kind: 'direct'|'indirect', number, offsets }`. */
export const RENJU_OPENINGS = [
  ...DIRECT.map(([id, zh, dx, dy], i) => ({ id, zh, kind: 'direct', number: i + 1, offsets: [[0, 0], [0, 1], [dx, dy]] })),
  ...INDIRECT.map(([id, zh, dx, dy], i) => ({ id, zh, kind: 'indirect', number: i + 1, offsets: [[0, 0], [1, 1], [dx, dy]] })),
];

/** The renju opening called `id`, or undefined. */
export function renjuOpening(id) {
  return RENJU_OPENINGS.find((o) => o.id === id);
}

/** Its three stones as `[x, y]` on a `size` board (row 0 at the bottom, as the engine has it). */
export function renjuStones(opening, size) {
  const c = Math.floor(size / 2);
  return opening.offsets.map(([dx, dy]) => [c + dx, c + dy]);
}

/** The opening whose stones the first three of `moves` (`[[x, y], …]`) are exactly, or undefined. */
export function renjuOpeningOf(moves, size) {
  if (moves.length < 3) return undefined;
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];
  return RENJU_OPENINGS.find((o) => renjuStones(o, size).every((p, i) => same(p, moves[i])));
}

/** Every value `opening=` takes: swap1, swap2, random and the 26 names. */
export function isOpening(value) {
  return SWAPS.includes(value) || value === 'random' || renjuOpening(value) !== undefined;
}

/** Whether `opening` fits `rule`: swaps for freestyle and standard, the rest for renju. */
export function openingFits(opening, rule) {
  return SWAPS.includes(opening) ? rule !== 'renju' : rule === 'renju';
}
