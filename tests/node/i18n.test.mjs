// The page's words without a browser: plurals in English (none in Chinese), the engine's move
// list errors said in Chinese with their reason, and the query the address keeps once the
// hash holds the game.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { errorText, setLanguage, t } from '../../www/js/i18n.js';
import { queryWithoutGame } from '../../www/js/url-state.js';

// setLanguage rewrites a document's static text; these tests have none.
const NO_DOCUMENT = { documentElement: {}, title: '', querySelectorAll: () => [] };
const speak = (lang) => setLanguage(lang, NO_DOCUMENT);
afterEach(() => speak('en'));

test('English counts in the singular and the plural', () => {
  const cases = [
    ['wordsLooked', { depth: 1, nodes: '1' }, 'The search looked 1 move ahead, through 1 position.'],
    ['wordsLooked', { depth: 2, nodes: '950' }, 'The search looked 2 moves ahead, through 950 positions.'],
    ['wordsLooked', { depth: 12, nodes: '12.3k' }, 'The search looked 12 moves ahead, through 12.3k positions.'],
    ['wordsForced', { color: 'Black', n: 1 }, 'Black wins by force in 1 move.'],
    ['wordsForced', { color: 'Black', n: 3 }, 'Black wins by force in 3 moves.'],
    ['wordsThreats', { color: 'White', fours: 1, threes: 1 }, 'White has 1 point that makes a four and 1 that makes an open three.'],
    ['wordsThreats', { color: 'White', fours: 0, threes: 2 }, 'White has 0 points that make a four and 2 that make an open three.'],
    ['loaded', { n: 1 }, 'Game loaded: 1 move.'],
    ['loaded', { n: 3 }, 'Game loaded: 3 moves.'],
    ['computerSeesLoss', { n: 1 }, 'The computer sees a forced loss: you can make five in 1 move.'],
    ['searchStats', { depth: 1, nodes: '1', time: '0 ms' }, 'Depth 1 · 1 node · 0 ms'],
    ['searchLine', { depth: 3, nodes: '2.1k', best: 'h8' }, 'Depth 3 · 2.1k nodes · best h8'],
    ['gameOverMoves', { n: 0 }, '0 moves'],
  ];
  for (const [key, params, expected] of cases) assert.equal(t(key, params), expected, key);
});

test('Chinese has no plural forms and says the same counts', () => {
  speak('zh-CN');
  assert.equal(t('wordsLooked', { depth: 1, nodes: '1' }), '搜索向前看了 1 手，共 1 个局面。');
  assert.equal(t('loaded', { n: 1 }), '已载入棋局：1 手。');
  assert.equal(t('wordsThreats', { color: '白棋', fours: 1, threes: 2 }), '白棋有 1 个可成四的点、2 个可成活三的点。');
  for (const key of ['wordsLooked', 'wordsForced', 'wordsThreats', 'loaded', 'computerSeesLoss', 'searchStats', 'searchLine', 'gameOverMoves']) {
    assert.doesNotMatch(t(key, {}), /\{\w+\|/, `${key}: no plural form in Chinese`);
  }
});

/** An error as the engine throws it (see wasm::Thrown). */
const thrown = (message, fields) => Object.assign(new Error(message), fields);

test("a move list's error gives its reason in Chinese, as the English does", () => {
  const cases = [
    [{ reason: 'column_past', size: 15 }, "column is past 'o' (columns a–o)", '列超出了 o（列为 a–o）'],
    [{ reason: 'column_past', size: 20 }, "column is past 't'", '列超出了 t（列为 a–t）'],
    [{ reason: 'row_range', size: 9 }, 'row must be 1 to 9', '行号应为 1 到 9'],
    [{ reason: 'row_number' }, 'expected a row number after the column', '列字母后应有行号'],
    [{ reason: 'column_or_number' }, 'expected a column letter (or a move number such as 1.)', '应为列字母（或手数，如 1.）'],
    [{ reason: 'column' }, 'expected a column letter', '应为列字母'],
    [{ reason: 'one_point' }, 'expected exactly one point such as h8', '应为一个点，如 h8'],
  ];
  for (const [fields, en, zh] of cases) {
    const error = thrown(`bad move list at character 4 ('p'): ${en}`, { code: 'bad_move_list', position: 4, found: 'p', ...fields });
    speak('en');
    assert.equal(errorText(error), `Bad move list at character 4 ('p'): ${en}`);
    speak('zh-CN');
    assert.equal(errorText(error), `着法记录第 4 个字符（“p”）有误：${zh}`);
  }
  // A reason the page has no words for keeps the engine's English, reason and all.
  const unknown = thrown("bad move list at character 1 ('x'): something new", { code: 'bad_move_list', position: 1, found: 'x', reason: 'something_new' });
  assert.equal(errorText(unknown), "Bad move list at character 1 ('x'): something new");
  // A refused move says why, as before.
  const occupied = thrown('move 3 (h8) cannot be played: h8 is already occupied', { code: 'occupied', point: 'h8', move_number: 3 });
  assert.equal(errorText(occupied), '第 3 手（h8）无法落子：h8 已有棋子');
});

test("the query keeps the page's options once the hash holds the game", () => {
  assert.equal(queryWithoutGame('?moves=h8i9&ai=scoring-000&think=0&seed=7'), '?think=0&seed=7');
  assert.equal(queryWithoutGame('?moves=h8&size=9&rule=renju&you=white&black=human&white=human&first=human&opponent=x'), '');
  assert.equal(queryWithoutGame('?think=0&lang=zh-CN'), '?think=0&lang=zh-CN', 'no game: unchanged');
  assert.equal(queryWithoutGame(''), '');
  assert.equal(queryWithoutGame('?embed=1&moves=h8'), '?embed=1');
});
