// What a new player meets first, pinned (issue "For players", part 3): the New game dialog's
// choices fit their boxes, the panel keeps still while the computer thinks, the rule and
// size show and an overline under standard rules is explained, the best line stays short,
// current and off the stones, Resign asks first, the game-over card covers no stone, and
// the words (plurals, Chinese load errors, the records message, the address) say what is so.
// Screenshots of each go to test-output/screenshots/ for a person to look at.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BLACK, DESKTOP, PHONE, WHITE, assertGameOverReadable, clickPoint, getState, intersects, openPage, playMove, screenshot, settle, startSuite, waitIdle, waitState } from './harness.mjs';

const EMBED = { viewport: { width: 320, height: 360 } };
const DEVICES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];
const LANGS = ['en', 'zh-CN'];

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

const name = ([x, y]) => `${'abcdefghijklmnopqrst'[x]}${y + 1}`;

// ---- 1. The New game dialog ------------------------------------------------------------

/**
 * Every label of the open New game dialog against its box: no text wider than its box
 * (scrollWidth > clientWidth), no choice of a row over its neighbour or out of its row.
 * Returns the problems found, in words.
 */
function dialogProblems(page) {
  return page.evaluate(() => {
    const dialog = document.getElementById('new-game-dialog');
    const shown = (el) => el.getClientRects().length > 0;
    const what = (el) => `${el.tagName.toLowerCase()} “${el.textContent.trim().slice(0, 40)}”`;
    const problems = [];
    const selector = '.dialog-title, .field-label, legend, .segmented label, .segmented span, .level-method, select, .button';
    for (const el of dialog.querySelectorAll(selector)) {
      if (shown(el) && el.scrollWidth > el.clientWidth) problems.push(`${what(el)} overflows: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
    const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    for (const row of dialog.querySelectorAll('.segmented')) {
      if (!shown(row)) continue;
      const box = row.getBoundingClientRect();
      const labels = [...row.querySelectorAll('label')].filter(shown);
      labels.forEach((label, i) => {
        const rect = label.getBoundingClientRect();
        if (!inside(rect, box)) problems.push(`${what(label)} sticks out of its row`);
        const span = label.querySelector('span');
        if (!inside(span.getBoundingClientRect(), rect)) problems.push(`${what(span)} sticks out of its choice`);
        for (const other of labels.slice(i + 1)) {
          if (overlap(rect, other.getBoundingClientRect())) problems.push(`${what(label)} overlaps ${what(other)}`);
        }
      });
    }
    return problems;
  });
}

for (const [device, options] of DEVICES) {
  for (const lang of LANGS) {
    test(`${device}, ${lang}: every choice and label of the New game dialog fits its box`, async () => {
      const session = await openPage(suite, { device: options, query: `?lang=${lang}&think=0` });
      const { page } = session;
      await page.click('#new-game');
      await page.locator('#new-game-dialog').waitFor({ state: 'visible' });
      // Each way to play shows other fields (first move; black's and white's levels).
      for (const mode of ['watch', 'two', 'play']) {
        await page.locator(`#new-game-dialog input[name="mode"][value="${mode}"] + span`).click();
        await settle(page);
        assert.deepEqual(await dialogProblems(page), [], `${mode}: labels fit`);
      }
      await screenshot(page, `new-game-dialog-${device}-${lang}`);
      await page.click('#new-game-cancel');
      await session.assertNoErrors();
      await session.close();
    });
  }
}

// ---- 2. The panel keeps still ------------------------------------------------------------

/** The panel's buttons and level menu, where they are, and whether the computer is thinking. */
function panelBoxes(page) {
  return page.evaluate(() => {
    const boxes = {};
    for (const el of document.querySelectorAll('.panel .actions button, #level')) {
      const { x, y, width, height } = el.getBoundingClientRect();
      boxes[el.id] = [x, y, width, height].map((v) => Math.round(v * 10) / 10);
    }
    const state = window.gomokuPage.state();
    return { boxes, busy: state.busy, searching: state.thinking !== null };
  });
}

for (const [device, options] of DEVICES) {
  for (const lang of LANGS) {
    test(`${device}, ${lang}: the panel's buttons stay put before a move, while the computer thinks and after its reply`, async () => {
      // A search level with a long least reply time: the search line shows for a while.
      const session = await openPage(suite, { device: options, query: `?lang=${lang}&ai=search-100&think=1500&seed=3` });
      const { page } = session;
      const before = await panelBoxes(page);
      assert.notEqual((await getState(page)).detail, '', 'the opening hint shows before the first move');
      await clickPoint(session, 7, 7);
      await waitState(page, (s) => s.busy && s.thinking !== null);
      const thinking = await panelBoxes(page);
      assert.ok(thinking.busy && thinking.searching, 'measured while the computer thinks, with its search line');
      assert.equal(await page.locator('#search-line').isVisible(), true);
      assert.equal(await page.locator('#move-now').isVisible(), true);
      await screenshot(page, `panel-thinking-${device}-${lang}`);
      const state = await waitIdle(page);
      assert.equal(state.moveCount, 2);
      const after = await panelBoxes(page);
      assert.deepEqual(thinking.boxes, before.boxes, 'thinking moves nothing');
      assert.deepEqual(after.boxes, before.boxes, 'the reply moves nothing');
      await session.assertNoErrors();
      await session.close();
    });
  }
}

// ---- 3. The rule and size; an overline under standard rules ------------------------------

test('the rule and board size show during play, in both languages', async () => {
  const cases = [
    ['?think=0&rule=standard&size=15', 'Standard · 15×15', '标准 · 15×15'],
    ['?think=0&rule=renju&size=13', 'Renju · 13×13', '连珠 · 13×13'],
    ['?think=0&size=19', 'Freestyle · 19×19', '自由 · 19×19'],
  ];
  for (const [query, en, zh] of cases) {
    const session = await openPage(suite, { query });
    const { page } = session;
    assert.equal(await page.locator('#status-game').textContent(), en, query);
    assert.equal(await page.locator('#status-game').isVisible(), true);
    await page.selectOption('#lang', 'zh-CN');
    await page.waitForFunction((text) => document.getElementById('status-game').textContent === text, zh);
    await session.assertNoErrors();
    await session.close();
  }
});

// Black h8 i8 j8 l8 m8 with a gap at k8, white's stones apart on the a column: k8 makes six.
const SIX = 'h8a1i8a3j8a5l8a7m8a9';
const OVERLINE = {
  en: 'Six or more in a row does not win under standard rules.',
  'zh-CN': '标准规则下，六子或以上连成一线（长连）不算胜。',
};

for (const lang of LANGS) {
  test(`${lang}: six in a row under standard rules does not win, and the status says so once`, async () => {
    const session = await openPage(suite, { query: `?lang=${lang}&think=0#rule=standard&black=human&white=human&moves=${SIX}` });
    const { page } = session;
    let state = await getState(page);
    assert.equal(state.sideToMove, BLACK);
    await clickPoint(session, 10, 7); // k8
    state = await waitState(page, (s) => s.moveCount === 11);
    assert.equal(state.over, false, 'six does not win');
    assert.equal(state.winner, 0);
    assert.equal(state.detail, OVERLINE[lang]);
    await screenshot(page, `overline-${lang}`);
    await clickPoint(session, 14, 14); // white plays on: the message has been said
    state = await waitState(page, (s) => s.moveCount === 12);
    assert.notEqual(state.detail, OVERLINE[lang]);
    await session.assertNoErrors();
    await session.close();
  });
}

test('against the computer, the overline message stays through its reply; freestyle six wins', async () => {
  const session = await openPage(suite, { query: `?think=0&seed=1#ai=scoring-000&rule=standard&moves=${SIX}` });
  const { page } = session;
  const state = await playMove(session, 10, 7);
  assert.equal(state.moveCount, 12, 'the computer replied');
  assert.equal(state.over, false);
  assert.equal(state.detail, OVERLINE.en);
  await session.close();

  const free = await openPage(suite, { query: `?think=0#rule=freestyle&black=human&white=human&moves=${SIX}` });
  await clickPoint(free, 10, 7);
  const won = await waitState(free.page, (s) => s.over);
  assert.equal(won.winner, BLACK);
  assert.notEqual(won.detail, OVERLINE.en);
  await free.assertNoErrors();
  await free.close();
});

// ---- 4. The best line on the board -------------------------------------------------------

/** What a fresh engine game sees: how many threat badges the position has. */
function engineThreats(page, { size, rule, level, moves }) {
  return page.evaluate(
    ({ size, rule, level, moves }) => {
      const game = new window.wasmBindings.Game(size, rule, level);
      try {
        game.load_moves(moves);
        return Array.from(game.threats()).length / 4;
      } finally {
        game.free();
      }
    },
    { size, rule, level, moves },
  );
}

/** The best line drawn: at most `lineStones` stones, none on a stone, and the panel's line from here on. */
async function assertLineCurrent(page) {
  const state = await getState(page);
  const { pv } = state.painted;
  assert.ok(state.lineStones >= 3 && state.lineStones <= 8, `a few stones: ${state.lineStones}`);
  assert.ok(pv.length <= state.lineStones, `${pv.length} line stones drawn`);
  for (const [x, y] of pv) assert.equal(state.board[y * state.size + x], 0, `a line stone on ${name([x, y])}, a point taken`);
  const line = (await page.locator('#eval-line').textContent()).split(' ').filter(Boolean);
  const taken = new Set(state.moves.split(' '));
  for (const point of line) assert.ok(!taken.has(point), `the panel's line lists ${point}, already played`);
  assert.deepEqual(pv.map(([x, y]) => name([x, y])), line.slice(0, pv.length), 'the board shows the line the panel lists');
  // Every threat has its badge, under a line stone or not.
  assert.equal(state.painted.threats, await engineThreats(page, state));
  return state;
}

test('analysis after a forced block: only the line from the position on the board, badges kept', async () => {
  // Black h8 i8 j8 against white g8: black's k8 makes a four the computer must block at l8.
  const session = await openPage(suite, { query: '?analysis=1&think=0&seed=5#ai=search-500&moves=h8g8i8a1j8a3' });
  const { page } = session;
  let state = await playMove(session, 10, 7);
  assert.equal(state.moves.split(' ').at(-1), 'l8', 'the computer blocked');
  await assertLineCurrent(page);
  for (let i = 0; i < 3 && !state.over; i++) {
    const free = state.board.findIndex((c, j) => c === 0 && j % 2 === 0 && j > 150);
    state = await playMove(session, free % 15, Math.floor(free / 15));
    if (!state.over) await assertLineCurrent(page);
  }
  await session.assertNoErrors();
  await session.close();
});

// A middle game whose search line is long: the board shows its first few moves.
const MIDGAME = 'h8i9j8i8g8f8j9k10';

for (const [device, options] of DEVICES) {
  test(`${device}: the best line shows its first few moves as stones, with the threat badges`, async () => {
    const session = await openPage(suite, { device: options, query: `?analysis=1&think=0&seed=5#ai=search-500&moves=${MIDGAME}` });
    const { page } = session;
    await playMove(session, 9, 9); // j10
    const state = await assertLineCurrent(page);
    const ahead = state.report.pv.length - 1; // the computer's move is played
    assert.equal(state.painted.pv.length, Math.min(ahead, state.lineStones));
    await page.mouse.move(0, 0);
    for (const lang of LANGS) {
      await page.selectOption('#lang', lang);
      await screenshot(page, `analysis-line-${device}-${lang}`);
    }
    await session.assertNoErrors();
    await session.close();
  });
}

test("a line is kept only while the game follows it: the hint's line, then a move off it", async () => {
  const session = await openPage(suite, { query: '?analysis=1&think=0&seed=2#black=human&white=human&moves=h8i9j8i8' });
  const { page } = session;
  await page.click('#hint');
  let state = await waitState(page, (s) => s.hint !== null && s.report?.source === 'hint');
  const { pv } = state.report;
  assert.ok(pv.length >= 2, 'a line of a few moves');
  assert.deepEqual(state.painted.pv[0].slice(0, 2), pv[0], 'the line starts with the hint');
  await assertLineCurrent(page);

  // The hint played: the rest of the same line, from here.
  await clickPoint(session, ...pv[0]);
  state = await waitState(page, (s) => s.moveCount === 5);
  assert.deepEqual(state.painted.pv.map(([x, y]) => [x, y]), pv.slice(1, 1 + state.lineStones));
  await assertLineCurrent(page);

  // A move off the line: the search was of another position, so no line at all.
  const off = [0, 14];
  assert.ok(!pv.some(([x, y]) => x === off[0] && y === off[1]));
  await clickPoint(session, ...off);
  state = await waitState(page, (s) => s.moveCount === 6);
  assert.deepEqual(state.painted.pv, []);
  assert.equal(await page.locator('#eval-line-row').isVisible(), false);
  await session.assertNoErrors();
  await session.close();
});

// ---- 5. Resign asks first; Switch colours -------------------------------------------------

const RESIGN = {
  en: { ask: 'Resign this game?', confirm: 'Resign', switch: 'Switch colours' },
  'zh-CN': { ask: '确定认输吗？', confirm: '认输', switch: '互换黑白' },
};

for (const [device, options] of DEVICES) {
  for (const lang of LANGS) {
    test(`${device}, ${lang}: Resign asks first; Cancel plays on, Resign ends the game`, async () => {
      const session = await openPage(suite, { device: options, query: `?lang=${lang}&ai=scoring-000&think=0&seed=7` });
      const { page } = session;
      assert.equal(await page.locator('#switch-colors').textContent(), RESIGN[lang].switch);
      assert.doesNotMatch(await page.locator('body').innerText(), /Swap sides|交换执子/);
      await playMove(session, 7, 7);

      await page.click('#resign');
      await page.locator('#resign-dialog').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#resign-title').textContent(), RESIGN[lang].ask);
      assert.equal(await page.locator('#resign-confirm').textContent(), RESIGN[lang].confirm);
      await screenshot(page, `resign-confirm-${device}-${lang}`);
      await page.click('#resign-cancel');
      await page.locator('#resign-dialog').waitFor({ state: 'hidden' });
      let state = await getState(page);
      assert.equal(state.over, false, 'Cancel leaves the game going');
      assert.equal(state.resigned, false);
      state = await playMove(session, 2, 2);
      assert.equal(state.moveCount, 4, 'and it plays on');

      // Esc is Cancel too.
      await page.click('#resign');
      await page.locator('#resign-dialog').waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await page.locator('#resign-dialog').waitFor({ state: 'hidden' });
      assert.equal((await getState(page)).over, false);

      await page.click('#resign');
      await page.click('#resign-confirm');
      state = await waitState(page, (s) => s.over);
      assert.equal(state.resigned, true);
      assert.equal(state.winner, WHITE);
      assert.equal(await page.locator('#resign-dialog').isVisible(), false);
      assert.equal(await page.locator('#game-over').isVisible(), true);
      await session.assertNoErrors();
      await session.close();
    });
  }
}

// ---- 6. The game-over card covers no stone ---------------------------------------------------

// Black's five along the bottom row, white's stones in the middle (h7 h8 h9) and on row 2.
const BOTTOM_AND_MIDDLE = 'a1a2b1h8c1h7d1h9e1';

/** The rects of the stones on the board, in viewport pixels, from the board's geometry. */
async function stoneRects(page) {
  const state = await getState(page);
  const box = await page.locator('#board').boundingBox();
  const g = await page.evaluate(() => window.gomokuPage.geometry());
  const scale = box.width / g.cssSize;
  const r = g.stoneRadius * scale;
  const rects = [];
  for (let y = 0; y < state.size; y++) {
    for (let x = 0; x < state.size; x++) {
      if (state.board[y * state.size + x] === 0) continue;
      const cx = box.x + (g.origin + x * g.step) * scale;
      const cy = box.y + (g.origin + (g.boardSize - 1 - y) * g.step) * scale;
      rects.push({ point: name([x, y]), x: cx - r, y: cy - r, width: 2 * r, height: 2 * r });
    }
  }
  return rects;
}

async function assertCardClear(page, viewport) {
  const card = page.locator('#game-over');
  await card.waitFor({ state: 'visible' });
  const rect = await card.boundingBox();
  const stones = await stoneRects(page);
  assert.equal(stones.length, 9);
  for (const stone of stones) assert.ok(!intersects(rect, stone), `the card covers ${stone.point}`);
  assert.ok(rect.y >= 0 && rect.y + rect.height <= viewport.height, `the card is in view: ${JSON.stringify(rect)}`);
  assert.ok(rect.x >= 0 && rect.x + rect.width <= viewport.width, 'the card fits across');
  // The title is read whole: no word of it cut off or running under the buttons.
  await assertGameOverReadable(page);
}

for (const [device, options, query] of [
  ['desktop', DESKTOP, ''],
  ['phone', PHONE, ''],
  ['embed-320x360', { ...EMBED }, 'embed=1&'],
]) {
  for (const lang of LANGS) {
    test(`${device}, ${lang}: the game-over card covers no stone`, async () => {
      const session = await openPage(suite, { device: options, query: `?${query}lang=${lang}&think=0#ai=scoring-000&moves=${BOTTOM_AND_MIDDLE}` });
      const { page } = session;
      const state = await getState(page);
      assert.equal(state.over, true);
      assert.equal(state.winner, BLACK);
      await page.mouse.move(0, 0);
      await assertCardClear(page, options.viewport);
      if (device.startsWith('embed')) {
        assert.equal(await page.evaluate(() => document.scrollingElement.scrollHeight <= innerHeight + 1), true, 'no scrolling');
      }
      await screenshot(page, `game-over-${device}-${lang}`);
      // Closed, the status card (with the replay bar) is back in its place.
      await page.click('#game-over-close');
      assert.equal(await page.locator('#status-card').isVisible(), true);
      assert.equal(await page.locator('#replay').isVisible(), true);
      await session.assertNoErrors();
      await session.close();
    });
  }
}

// ---- 7. Words ---------------------------------------------------------------------------------

test('the evaluation in words counts in the singular too; Chinese needs no plural', async () => {
  // A saved game whose last search looked one move ahead through one position.
  const saved = {
    v: 1, size: 15, rule: 'freestyle', level: 'search-100', black: 'human', white: 'search-100', human: 1,
    moves: 'h8 i9', redo: [], resigned: false,
    report: {
      report: { best: [8, 8], score: 0, mate_in: null, lost: false, depth: 1, seldepth: 1, nodes: 1, nps: 0, elapsed_ms: 0, pv: [[8, 8]] },
      color: WHITE, moves: ['h8'], source: 'computer',
    },
  };
  const session = await openPage(suite, {
    query: '?analysis=1&think=0',
    init: (value) => localStorage.setItem('gomoku.game.v1', value),
    initArg: JSON.stringify(saved),
  });
  const { page } = session;
  await waitState(page, (s) => s.report !== null && s.moves === 'h8 i9');
  const words = await page.locator('#eval-words').textContent();
  assert.match(words, /The search looked 1 move ahead, through 1 position\./);
  assert.match(await page.locator('#eval-stats').textContent(), /^Depth 1 · 1 node · /);
  await page.selectOption('#lang', 'zh-CN');
  await page.waitForFunction(() => document.getElementById('eval-words').textContent.includes('搜索向前看了 1 手，共 1 个局面。'));
  await session.assertNoErrors();
  await session.close();
});

/** Opens the Load dialog, loads `text`; returns the dialog's error ('' when it loaded). */
async function load(page, text) {
  await page.click('#load-moves');
  await page.fill('#load-text', text);
  await page.click('#load-submit');
  await page.waitForFunction(
    () => !document.getElementById('load-dialog').open || document.getElementById('load-error').textContent !== '',
  );
  const error = await page.locator('#load-error').textContent();
  if (error) await page.click('#load-cancel');
  return error;
}

test('every load error gives its reason in Chinese as in English', async () => {
  const cases = [
    ['h8 p5', "column is past 'o' (columns a–o)", '列超出了 o（列为 a–o）'],
    ['h8 a16', 'row must be 1 to 15', '行号应为 1 到 15'],
    ['h8 i', 'expected a row number after the column', '列字母后应有行号'],
    ['h8 9', 'expected a column letter (or a move number such as 1.)', '应为列字母（或手数，如 1.）'],
    ['h8 ü3', 'expected a column letter', '应为列字母'],
    ['h8 h8', 'h8 is already occupied', 'h8 已有棋子'],
  ];
  for (const lang of LANGS) {
    const session = await openPage(suite, { query: `?lang=${lang}&ai=scoring-000&think=0&size=15` });
    const { page } = session;
    for (const [text, en, zh] of cases) {
      const error = await load(page, text);
      assert.ok(error.includes(lang === 'en' ? en : zh), `${lang} “${text}”: ${error}`);
      if (lang === 'zh-CN') assert.doesNotMatch(error, /[a-z]{4,}/, `no English left in “${error}”`);
    }
    await session.assertNoErrors();
    await session.close();
  }
});

test('a failed load replaces the "Game loaded" message', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=7' });
  const { page } = session;
  const message = page.locator('#record-message');
  assert.equal(await load(page, 'h8 i9 j10'), '');
  await waitState(page, (s) => s.moves.startsWith('h8 i9 j10') && s.idle);
  assert.equal(await message.textContent(), 'Game loaded: 3 moves.');
  assert.equal(await load(page, 'h8'), '');
  await waitState(page, (s) => s.moves.startsWith('h8 ') && s.moveCount === 2 && s.idle);
  assert.equal(await message.textContent(), 'Game loaded: 1 move.');

  const error = await load(page, 'h8 zz');
  assert.match(error, /^Could not load the moves: /);
  assert.equal(await message.textContent(), error, 'the failure replaces the old message');
  // A file that is not a game says so in the same place.
  await page.setInputFiles('#psq-file', { name: 'bad.psq', mimeType: 'text/plain', buffer: Buffer.from('Piskvorky 15x15, 11:11, 0\n99,99,0\n') });
  await page.waitForFunction((before) => document.getElementById('record-message').textContent !== before, error);
  assert.match(await message.textContent(), /^Not a PSQ record: /);
  await session.assertNoErrors();
  await session.close();
});

test("the address drops the query's game once the hash holds it; the page's options stay", async () => {
  const session = await openPage(suite, { query: '?moves=h8i9&ai=scoring-000&size=15&think=0&seed=7' });
  const { page } = session;
  let state = await getState(page);
  assert.equal(state.moves, 'h8 i9');
  const address = () => page.evaluate(() => ({ search: location.search, hash: location.hash }));
  let { search, hash } = await address();
  assert.equal(search, '?think=0&seed=7');
  assert.equal(hash, '#moves=h8i9&rule=freestyle&ai=scoring-000&size=15&you=black');
  state = await playMove(session, 2, 2);
  ({ search, hash } = await address());
  assert.equal(search, '?think=0&seed=7');
  assert.equal(hash, `#moves=${state.moves.replaceAll(' ', '')}&rule=freestyle&ai=scoring-000&size=15&you=black`);
  // The address reopens the same game.
  await page.reload();
  const reopened = await waitIdle(page);
  assert.equal(reopened.moves, state.moves);
  await session.assertNoErrors();
  await session.close();
});
