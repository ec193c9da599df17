// How a point's score is made, reachable and whole on every screen: pointing on a desktop, a
// tap on a phone (a first tap explains, a second plays), a tap where no stone can go (a
// replay, watching), in frames down to 320×360. The box never covers the point it explains,
// never leaves the board, scrolls inside itself and always ends with the total.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PHONE, clickPoint, getState, openPage, pointToPixel, screenshot, startSuite, waitState } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

const FRAME_320 = { viewport: { width: 320, height: 360 }, hasTouch: true, isMobile: true };
const FRAME_640 = { viewport: { width: 640, height: 480 } };

/** The engine's own breakdown of (x, y) for a fresh game of `level` after `moves`. */
function engineWhy(page, level, moves, x, y) {
  return page.evaluate(
    ({ level, moves, x, y }) => {
      const game = new window.wasmBindings.Game(15, 'freestyle', level);
      try {
        game.load_moves(moves);
        return game.explain(x, y);
      } finally {
        game.free();
      }
    },
    { level, moves, x, y },
  );
}

/**
 * Where the breakdown is, against the board, the point's stone and the window: every check of
 * "whole, in view, not over the point" in one place.
 */
async function assertPlacedWell(page, x, y) {
  const box = await page.locator('#breakdown-pop').boundingBox();
  const board = await page.locator('#board').boundingBox();
  const { px, py } = await pointToPixel(page, x, y);
  const { stoneRadius } = await page.evaluate(() => window.gomokuPage.geometry());
  const viewport = page.viewportSize();
  assert.ok(box.x >= board.x - 0.5 && box.x + box.width <= board.x + board.width + 0.5, 'within the board, across');
  assert.ok(box.y >= board.y - 0.5 && box.y + box.height <= board.y + board.height + 0.5, 'within the board, down');
  assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, 'in the window without scrolling');
  const clear = box.y + box.height <= py - stoneRadius || box.y >= py + stoneRadius;
  assert.ok(clear, `the box (${box.y}..${box.y + box.height}) leaves the point's stone (${py} ± ${stoneRadius}) in view`);
  assert.ok(px >= board.x && px <= board.x + board.width);
  // The notes, which end with the total, show whole inside the box.
  const notes = await page.locator('#breakdown-pop-notes').boundingBox();
  assert.ok(notes.height > 0 && notes.y >= box.y && notes.y + notes.height <= box.y + box.height + 0.5, 'the total shows');
  return box;
}

test('desktop 1280×800: article 004 reads each line twice; the breakdown shows each line once, ×2, and adds up', async () => {
  const moves = 'h8i9j8i8';
  const session = await openPage(suite, { query: `?ai=scoring-004&scores=1&think=0&moves=${moves}` });
  const { page } = session;
  const [x, y] = [6, 7]; // g8, beside black's two
  const { px, py } = await pointToPixel(page, x, y);
  await page.mouse.move(px, py);
  await page.locator('#breakdown-pop').waitFor({ state: 'visible' });
  await assertPlacedWell(page, x, y);
  const why = await engineWhy(page, 'scoring-004', moves, x, y);
  assert.equal(why.parts.length, 16, 'eight directions, both sides');
  const rows = await page.locator('#breakdown-pop-parts li').allTextContents();
  assert.equal(rows.length, 8, 'each line once');
  for (const row of rows) assert.match(row, /^(east–west|north-east–south-west|north–south|north-west–south-east) · (yours|theirs): .+ \(×2\)[+-]?\d+$/, row);
  const values = await page.locator('#breakdown-pop-parts .breakdown-value').allTextContents();
  assert.equal(values.reduce((a, v) => a + Number(v), 0), why.total);
  const notes = await page.locator('#breakdown-pop-notes .note').allTextContents();
  assert.match(notes[0], /reads every line twice/);
  assert.equal(notes.at(-1), `Article 004: the parts add up to ${why.total}.`);
  // Nothing on the page moved to show it: no scrolling.
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await screenshot(page, 'breakdown-004-desktop');
  await session.assertNoErrors();
  await session.close();
});

test('article 002 takes the largest part: no signs, the largest marked once, the note says so (also in Chinese)', async () => {
  const moves = 'h8i9j8i8';
  const session = await openPage(suite, { query: `?ai=lookahead-002&scores=1&think=0&lang=zh-CN&moves=${moves}` });
  const { page } = session;
  const [x, y] = [6, 7];
  const { px, py } = await pointToPixel(page, x, y);
  await page.mouse.move(px, py);
  await page.locator('#breakdown-pop').waitFor({ state: 'visible' });
  const why = await engineWhy(page, 'lookahead-002', moves, x, y);
  const values = await page.locator('#breakdown-pop-parts .breakdown-value').allTextContents();
  assert.equal(values.length, why.parts.length);
  assert.ok(values.every((v) => !v.startsWith('+')), 'a largest-part score shows no sums');
  assert.equal(Math.max(...values.map(Number)), why.total);
  assert.equal(await page.locator('#breakdown-pop-parts li.best').count(), 1);
  assert.equal(Number(await page.locator('#breakdown-pop-parts li.best .breakdown-value').textContent()), why.total);
  assert.match((await page.locator('#breakdown-pop-notes .note').allTextContents()).at(-1), new RegExp(`不相加.*${why.total}`));
  await screenshot(page, 'breakdown-002-desktop-zh');
  await session.assertNoErrors();
  await session.close();
});

test('phone 390×844 with Scores on: the first tap explains the point, the box scrolls inside itself, a second tap plays', async () => {
  const session = await openPage(suite, { device: PHONE, query: '?ai=scoring-003&scores=1&think=0&moves=h8i9j8i8' });
  const { page } = session;
  const before = await getState(page);
  const [x, y] = [6, 7];
  await clickPoint(session, x, y);
  await page.locator('#breakdown-pop').waitFor({ state: 'visible' });
  assert.equal((await getState(page)).moveCount, before.moveCount, 'the first tap only explains');
  assert.match(await page.locator('#status-detail').textContent(), /Tap g8 again/);
  await assertPlacedWell(page, x, y);
  assert.equal(await page.locator('#breakdown-close').isVisible(), true, 'a tapped breakdown can be closed');
  // The parts that do not fit scroll inside the box, and the last one can be reached.
  const parts = page.locator('#breakdown-pop-parts');
  const { scrollable, reached } = await parts.evaluate((el) => {
    const scrollable = el.scrollHeight > el.clientHeight;
    el.scrollTop = el.scrollHeight;
    const last = el.lastElementChild.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return { scrollable, reached: last.bottom <= box.bottom + 1 };
  });
  assert.ok(reached, 'the last part comes into view');
  await screenshot(page, `breakdown-003-phone${scrollable ? '-scrolled' : ''}`);
  // A tap on the box that is not on its button is a tap on the board beneath: h13, under
  // the box, is explained in its turn (the box moves to the other half).
  const under = await page.locator('#breakdown-pop').boundingBox();
  const { py: h13y } = await pointToPixel(page, 7, 12);
  assert.ok(h13y > under.y && h13y < under.y + under.height, 'h13 lies under the box');
  await clickPoint(session, 7, 12);
  await page.waitForFunction(() => document.getElementById('breakdown-pop-title').textContent.startsWith('h13:'));
  assert.equal(await page.locator('#breakdown-pop').getAttribute('data-place'), 'bottom');
  await assertPlacedWell(page, 7, 12);
  // Back to g8: a first tap explains it, a second plays it.
  await clickPoint(session, x, y);
  await page.waitForFunction(() => document.getElementById('breakdown-pop-title').textContent.startsWith('g8:'));
  await clickPoint(session, x, y);
  await waitState(page, (s) => s.moveCount > before.moveCount && s.moves.startsWith(`${before.moves} g8`));
  await session.assertNoErrors();
  await session.close();
});

test('phone: Close takes the tapped breakdown (and the preview) away; nothing is played', async () => {
  const session = await openPage(suite, { device: PHONE, query: '?ai=scoring-000&scores=1&think=0&moves=h8i9j8' });
  const { page } = session;
  const before = await getState(page);
  await clickPoint(session, 9, 3);
  await page.locator('#breakdown-pop').waitFor({ state: 'visible' });
  await page.locator('#breakdown-close').tap();
  await page.locator('#breakdown-pop').waitFor({ state: 'hidden' });
  const state = await getState(page);
  assert.equal(state.moveCount, before.moveCount);
  await session.assertNoErrors();
  await session.close();
});

test('replay embed 320×360 (the article example): a tap pins the breakdown, whole, within the frame', async () => {
  const session = await openPage(suite, {
    device: FRAME_320,
    query: '?embed=1&ai=scoring-000&scores=1&replay=1&moves=h8i9j8&ply=3&think=0',
  });
  const { page } = session;
  for (const [x, y] of [[6, 7], [9, 8], [7, 14], [7, 0]]) {
    await clickPoint(session, x, y);
    await page.locator('#breakdown-pop').waitFor({ state: 'visible' });
    await page.waitForFunction(
      (name) => document.getElementById('breakdown-pop-title').textContent.startsWith(`${name}:`),
      `${'abcdefghijklmno'[x]}${y + 1}`,
    );
    await assertPlacedWell(page, x, y);
  }
  await screenshot(page, 'breakdown-embed-replay-320x360');
  // The same point again unpins it.
  await clickPoint(session, 7, 0);
  await page.locator('#breakdown-pop').waitFor({ state: 'hidden' });
  assert.equal((await getState(page)).moveCount, 3, 'a replay never plays');
  await session.assertNoErrors();
  await session.close();
});

test('watching in a 640×480 frame: a click pins a point, whose breakdown follows the game', async () => {
  const session = await openPage(suite, {
    device: FRAME_640,
    query: '?embed=1&black=scoring-000&white=scoring-004&scores=1&think=150&seed=3',
    wait: false,
  });
  const { page } = session;
  await waitState(page, (s) => s.moveCount >= 2);
  const [x, y] = [2, 2]; // c3: far from the centre, where these levels play
  await clickPoint(session, x, y);
  await page.locator('#breakdown-pop').waitFor({ state: 'visible' });
  await assertPlacedWell(page, x, y);
  const first = await page.locator('#breakdown-pop-title').textContent();
  assert.match(first, /^c3: \d+$/);
  // The game goes on under it; the pinned point stays explained.
  const n = (await getState(page)).moveCount;
  await waitState(page, (s) => s.moveCount >= n + 2);
  assert.match(await page.locator('#breakdown-pop-title').textContent(), /^c3: \d+$/);
  await screenshot(page, 'breakdown-watch-640x480');
  await session.assertNoErrors();
  await session.close();
});

test('desktop: the mouse wheel over the board scrolls a breakdown that does not fit, not the page', async () => {
  // A small frame on a desktop: the box cannot show all eight parts of article 000.
  const session = await openPage(suite, {
    device: { viewport: { width: 320, height: 360 } },
    query: '?embed=1&ai=scoring-000&scores=1&replay=1&moves=h8i9j8&think=0',
  });
  const { page } = session;
  const { px, py } = await pointToPixel(page, 6, 7);
  await page.mouse.move(px, py);
  await page.locator('#breakdown-pop').waitFor({ state: 'visible' });
  await assertPlacedWell(page, 6, 7);
  const parts = page.locator('#breakdown-pop-parts');
  const overflowing = await parts.evaluate((el) => el.scrollHeight > el.clientHeight);
  assert.ok(overflowing, 'eight parts do not fit a 320×360 frame at once');
  assert.equal(await parts.getAttribute('data-more'), 'true', 'the box shows that more parts follow');
  await page.mouse.wheel(0, 400);
  await page.waitForFunction(() => document.getElementById('breakdown-pop-parts').scrollTop > 0);
  assert.equal(await parts.getAttribute('data-more'), 'false', 'scrolled to the last part');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page stays put');
  await screenshot(page, 'breakdown-embed-wheel-320x360');
  await session.assertNoErrors();
  await session.close();
});

test('point=g8 in a link pins that breakdown from the start; a point off the board is refused', async () => {
  const session = await openPage(suite, {
    device: FRAME_320,
    query: '?embed=1&ai=scoring-000&scores=1&replay=1&moves=h8i9j8&point=g8&think=0',
  });
  const { page } = session;
  await page.locator('#breakdown-pop').waitFor({ state: 'visible' });
  assert.match(await page.locator('#breakdown-pop-title').textContent(), /^g8: \d+$/);
  assert.equal(await page.locator('#breakdown-close').isVisible(), true, 'pinned');
  await assertPlacedWell(page, 6, 7);
  await session.assertNoErrors();
  await session.close();

  const bad = await openPage(suite, { query: '?ai=scoring-000&scores=1&think=0&point=z99' });
  assert.match(await bad.page.locator('#status-detail').textContent(), /point/);
  assert.equal(await bad.page.locator('#breakdown-pop').isVisible(), false);
  await bad.assertNoErrors();
  await bad.close();
});
