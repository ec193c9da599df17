// The page itself: loading, layout, and how it treats clicks it must refuse.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  BLACK,
  DESKTOP,
  PHONE,
  WHITE,
  cell,
  clickPoint,
  getState,
  harmlessMove,
  openPage,
  playMove,
  pointToPixel,
  startSuite,
  waitIdle,
  waitState,
} from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

test('loads with an empty 15×15 board, the level ladder and black to move', async () => {
  const session = await openPage(suite);
  const { page } = session;
  assert.equal(await page.title(), 'Gomoku');
  const state = await getState(page);
  assert.equal(state.size, 15);
  assert.equal(state.rule, 'freestyle');
  assert.equal(state.moveCount, 0);
  assert.equal(state.human, BLACK);
  assert.equal(state.status, 'Your move (black)');
  assert.ok(state.board.every((c) => c === 0));

  const options = await page.$$eval('#level option', (els) => els.map((o) => [o.value, o.text]));
  const ladder = await page.evaluate(() => Array.from(window.wasmBindings.Game.levels(), (level) => level.id));
  assert.deepEqual(options.map(([id]) => id), ladder, 'the ladder, weakest first, as the engine orders it');
  // Each option is a strength with its Elo on the ladder; its method and article are its title
  // and the line under the menu.
  const label = new Map(options);
  assert.equal(label.get('pattern-001'), 'Beginner 1 (Elo 0)');
  assert.equal(label.get('scoring-000'), 'Beginner 2 (Elo 121)');
  assert.match(label.get('search-100'), /^Intermediate 9 \(Elo \d+\)$/);
  const title = (id) => page.locator(`#level option[value="${id}"]`).getAttribute('title');
  assert.equal(await title('scoring-000'), 'Offensive scoring table (article 000)');
  assert.equal(await title('lookahead-002'), 'Threat lookahead (article 002)');
  assert.equal(await title('search-500'), 'Search, 0.5 s a move');
  assert.equal(await page.locator('#level-method').textContent(), 'Search, 0.1 s a move');
  await page.selectOption('#level', 'scoring-000');
  await waitState(page, (s) => s.level === 'scoring-000');
  assert.equal(await page.locator('#level-method').textContent(), 'Offensive scoring table (article 000)');
  assert.ok(options.length >= 9);
  assert.equal(state.level, 'search-100', 'the default level');
  // The built page carries the release engine: no debug-build notice.
  assert.equal(await page.evaluate(() => window.wasmBindings.debug_build()), false);
  assert.equal(await page.locator('#debug-build').isVisible(), false);
  const groups = await page.$$eval('#level optgroup', (els) => els.map((g) => g.label));
  assert.deepEqual(groups, ['Beginner', 'Casual', 'Intermediate', 'Strong', 'Master']);
  await session.assertNoErrors();
  await session.close();
});

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the square board fits the viewport and is drawn at full resolution`, async () => {
    const session = await openPage(suite, { device });
    const { page } = session;
    const box = await page.locator('#board').boundingBox();
    const viewport = device.viewport;
    assert.ok(Math.abs(box.width - box.height) < 1, 'square');
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, 'fits horizontally');
    assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, 'fits vertically');
    assert.ok(box.width >= Math.min(viewport.width, viewport.height) * 0.75, `board is large (${box.width}px)`);

    const { painted } = await getState(page);
    const ratio = device.deviceScaleFactor ?? 1;
    assert.ok(Math.abs(painted.backingSize - painted.cssSize * ratio) <= 1, 'backing store matches device pixels');

    const panel = await page.locator('.panel').boundingBox();
    if (name === 'desktop') assert.ok(panel.x >= box.x + box.width, 'panel beside the board');
    else assert.ok(panel.y >= box.y + box.height, 'panel below the board');

    // The board follows the window size.
    if (name === 'desktop') {
      await page.setViewportSize({ width: 900, height: 600 });
      await page.waitForFunction((w) => window.gomokuPage.state().painted.cssSize !== w, painted.cssSize);
      const smaller = await page.locator('#board').boundingBox();
      assert.ok(smaller.y + smaller.height <= 600, 'still fits after resizing');
    }
    await session.assertNoErrors();
    await session.close();
  });
}

test('a click lands on the point under the pointer; row 1 is at the bottom', async () => {
  const session = await openPage(suite, { query: '?seed=5&think=0' });
  const { page } = session;
  const bottomLeft = await pointToPixel(page, 0, 0);
  const topLeft = await pointToPixel(page, 0, 14);
  assert.ok(bottomLeft.py > topLeft.py, 'row 1 is drawn below row 15');

  const state = await playMove(session, 2, 0); // c1
  assert.equal(cell(state, 2, 0), BLACK);
  assert.match(state.moves, /^c1 /);
  await session.assertNoErrors();
  await session.close();
});

test('clicking an occupied point is refused with a message and changes nothing', async () => {
  const session = await openPage(suite, { query: '?seed=7&think=0' });
  const { page } = session;
  let state = await playMove(session, 7, 7);
  assert.equal(state.moveCount, 2);
  const [cx, cy] = state.lastMove; // the computer's stone

  for (const [x, y] of [[7, 7], [cx, cy]]) {
    await clickPoint(session, x, y);
    await page.waitForFunction(() => window.gomokuPage.state().detail !== '');
    state = await getState(page);
    assert.equal(state.moveCount, 2);
    assert.equal(state.sideToMove, BLACK);
    assert.equal(state.status, 'Your move (black)');
    assert.match(state.detail, /occupied|taken|not empty/i);
  }

  // The game goes on normally after the refusals, and the message clears.
  state = await playMove(session, ...harmlessMove(state));
  assert.equal(state.moveCount, 4);
  assert.doesNotMatch(state.detail, /occupied/i);
  await session.assertNoErrors();
  await session.close();
});

test('clicks while the computer is thinking are ignored', async () => {
  const session = await openPage(suite, { query: '?seed=7&think=900' });
  const { page } = session;
  await clickPoint(session, 7, 7);
  await page.waitForFunction(() => window.gomokuPage.state().busy);
  assert.equal((await getState(page)).status, 'Computer is thinking…');
  // Undo stays available: it stops the computer and takes the move back (see ai-worker tests).
  assert.equal(await page.locator('#undo').isDisabled(), false);

  await clickPoint(session, 0, 14); // a15, while the computer thinks
  await clickPoint(session, 14, 0); // o1
  const state = await waitIdle(page);
  assert.equal(state.moveCount, 2, 'only the human move and the reply');
  assert.notEqual(cell(state, 0, 14), BLACK);
  assert.notEqual(cell(state, 14, 0), BLACK);
  assert.equal(state.status, 'Your move (black)');
  await session.assertNoErrors();
  await session.close();
});

test('Undo takes back the computer reply and the human move', async () => {
  const session = await openPage(suite, { query: '?seed=7&think=0' });
  const { page } = session;
  assert.equal(await page.locator('#undo').isDisabled(), true, 'nothing to undo yet');
  let state = await playMove(session, 7, 7);
  const [x, y] = harmlessMove(state);
  state = await playMove(session, x, y);
  assert.equal(state.moveCount, 4);
  const firstTwo = state.moves.split(' ').slice(0, 2).join(' ');

  await page.click('#undo');
  state = await getState(page);
  assert.equal(state.moveCount, 2);
  assert.equal(state.moves, firstTwo);
  assert.equal(cell(state, x, y), 0);
  assert.equal(state.sideToMove, BLACK);
  assert.equal(state.status, 'Your move (black)');

  await page.click('#undo');
  state = await getState(page);
  assert.equal(state.moveCount, 0);
  assert.equal(await page.locator('#undo').isDisabled(), true);

  state = await playMove(session, 4, 4); // play goes on after undoing
  assert.equal(state.moveCount, 2);
  await session.assertNoErrors();
  await session.close();
});

test('Undo with the computer first keeps its opening move', async () => {
  const session = await openPage(suite, { query: '?first=computer&seed=7&think=0' });
  const { page } = session;
  let state = await getState(page);
  assert.equal(state.moveCount, 1);
  assert.equal(await page.locator('#undo').isDisabled(), true);
  const free = [0, 1, 2].map((i) => [i * 2, 0]).find(([x, y]) => cell(state, x, y) === 0);
  state = await playMove(session, ...free);
  assert.equal(state.moveCount, 3);
  await page.click('#undo');
  state = await getState(page);
  assert.equal(state.moveCount, 1);
  assert.equal(state.sideToMove, WHITE);
  assert.equal(state.status, 'Your move (white)');
  await session.assertNoErrors();
  await session.close();
});

test('renju: forbidden points are marked for black and refused', async () => {
  // Black h8 i8 and j9 j10: j8 would make two open threes (double three).
  const moves = 'h8+a15+i8+c15+j9+o1+j10+o3';
  const session = await openPage(suite, { query: `?rule=renju&seed=1&think=0&moves=${moves}` });
  const { page } = session;
  let state = await getState(page);
  assert.equal(state.rule, 'renju');
  assert.equal(state.moveCount, 8);
  assert.equal(state.sideToMove, BLACK);
  const key = ([x, y]) => `${x},${y}`;
  assert.ok(state.forbidden.map(key).includes('9,7'), `j8 is forbidden: ${JSON.stringify(state.forbidden)}`);
  assert.deepEqual(state.painted.forbidden.map(key).sort(), state.forbidden.map(key).sort());
  assert.match(state.detail, /forbidden|marked/i);

  // The mark is really on the canvas: red pixels at j8.
  const { px, py } = await pointToPixel(page, 9, 7);
  const box = await page.locator('#board').boundingBox();
  const rgb = await page.evaluate(
    ({ x, y }) => {
      const canvas = document.getElementById('board');
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      return Array.from(
        canvas.getContext('2d').getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data,
      );
    },
    { x: px - box.x, y: py - box.y },
  );
  assert.ok(rgb[0] > 150 && rgb[1] < 90 && rgb[2] < 90, `red mark at j8, got rgb(${rgb.slice(0, 3)})`);

  await clickPoint(session, 9, 7);
  await page.waitForFunction(() => /forbid/i.test(window.gomokuPage.state().detail));
  state = await getState(page);
  assert.equal(state.moveCount, 8);
  assert.equal(cell(state, 9, 7), 0);
  assert.equal(state.status, 'Your move (black)');
  await session.assertNoErrors();
  await session.close();
});

test('keyboard: arrow keys move a cursor and Enter plays there', async () => {
  const session = await openPage(suite, { query: '?seed=7&think=0' });
  const { page } = session;
  await page.focus('#board');
  await page.keyboard.press('ArrowUp'); // from the centre h8 to h9
  await page.keyboard.press('Enter');
  const state = await waitIdle(page);
  assert.equal(cell(state, 7, 8), BLACK);
  await session.assertNoErrors();
  await session.close();
});

test('the move list scrolls by whole rows: no row is shown cut', async () => {
  // 60 moves without a five: black and white in alternate rows, four in a row at most.
  const columns = [0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13];
  const name = (x, y) => `${'abcdefghijklmno'[x]}${y + 1}`;
  const moves = [];
  for (let pair = 0; pair < 30; pair++) {
    const x = columns[pair % columns.length];
    const y = 2 * Math.floor(pair / columns.length);
    moves.push(name(x, y), name(x, y + 1));
  }
  const session = await openPage(suite, { query: `?ai=scoring-000&think=0&moves=${moves.join('')}` });
  const { page } = session;
  await waitIdle(page);
  // Rows partly in view: none, once scrolling has settled.
  const noCutRow = () =>
    page.waitForFunction(
      () => {
        const list = document.getElementById('move-list');
        const box = list.getBoundingClientRect();
        return [...list.children]
          .map((li) => li.getBoundingClientRect())
          .filter((r) => r.bottom > box.top + 0.5 && r.top < box.bottom - 0.5)
          .every((r) => r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5);
      },
      null,
      { timeout: 5000 },
    );
  assert.ok(await page.$eval('#move-list', (l) => l.scrollHeight > l.clientHeight), 'the list scrolls');
  await noCutRow();
  await page.$eval('#move-list', (l) => l.scrollBy(0, -23));
  await noCutRow();
  await session.assertNoErrors();
  await session.close();
});
