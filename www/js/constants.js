// What the page shares with the engine, in one place: cell and colour codes as the engine
// sends them, board sizes, rules, the notation's letters, the limits on records, and the
// threat codes of Game.threats().

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;

export const other = (color) => (color === BLACK ? WHITE : BLACK);

/** Who plays a colour, when it is a person rather than a level. */
export const HUMAN = 'human';

export const MIN_SIZE = 5;
export const MAX_SIZE = 20;
export const DEFAULT_SIZE = 15;

export const RULES = ['freestyle', 'standard', 'renju'];
export const DEFAULT_RULE = 'freestyle';

/** Column letters of move notation, 'a' at the left; enough for the largest board. */
export const LETTERS = 'abcdefghijklmnopqrst';

/** Longest move list taken from a link or a saved game (a full 20×20 game is about 1,300 characters). */
export const MAX_MOVES_TEXT = 2000;
/** Most moves a game can have: every point of the largest board. */
export const MAX_MOVES = MAX_SIZE * MAX_SIZE;

/** `Game.draw_reason()` of a renju game in which black, to move, has only forbidden points. */
export const NO_LEGAL_MOVE = 'no_legal_move';

/** Codes of `Game.threats()`: what a stone on an empty point would make. Fixed by the engine. */
export const THREAT = Object.freeze({ three: 3, four: 4, doubleThree: 5, fourThree: 6, openFour: 7, five: 8 });
