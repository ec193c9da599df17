// Game review: Review searches every position in a worker of its own (progress, Stop, the
// board in use meanwhile), then shows the win-chance graph, each move's class with the better
// line one stone at a time, and each side's figures, in English and Chinese; a reload keeps
// it; review=1 opens it from a link, on a phone and in a 320×360 frame.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, clickPoint, getState, openPage, playMove, screenshot, startSuite, waitState } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

// A game between two node levels that white wins in 20 moves: best moves, an inaccuracy, a
// mistake, blunders and a missed win.
const GAME = 'h8 f7 j10 g7 i7 g8 i10 g9 g6 e7 d7 e6 d5 e9 e8 f8 h10 h6 i5 d10';
const LINK = `#moves=${GAME.replaceAll(' ', '')}`;
// What `cargo run --release --features tools --bin review` prints for it (the same engine,
// node budget and hash table size: the classes are the same in every build).
const CLASSES = [
  'best', 'inaccuracy', 'mistake', 'best', 'best', 'blunder', 'blunder', 'missed_win', 'blunder', 'best',
  'best', 'best', 'best', 'best', 'best', 'best', 'best', 'best', 'best', 'best',
];
const REVIEW_MS = 180_000;

const reviewDone = (page) => waitState(page, (s) => s.review?.status === 'done' && s.review.current, undefined, REVIEW_MS);

/** Clicks the graph where move `ply` is. */
async function clickGraph(session, ply, plies) {
  const box = await session.page.locator('#review-graph').boundingBox();
  const x = box.x + (box.width * ply) / plies;
  const y = box.y + box.height / 2;
  if (session.isTouch) await session.page.touchscreen.tap(x, y);
  else await session.page.mouse.click(x, y);
}

test('desktop: Review after a game, the graph, a move’s class and its better line, both languages, kept over a reload', async () => {
  const session = await openPage(suite, { query: `?think=0${LINK}` });
  const { page } = session;
  assert.equal((await getState(page)).over, true);
  await page.click('#game-over-review');
  const running = await waitState(page, (s) => s.review?.status === 'running' && s.review.done > 0);
  assert.equal(running.review.total, 21);
  assert.equal(await page.locator('#review-progress').isVisible(), true);
  const state = await reviewDone(page);
  assert.deepEqual(state.review.classes, CLASSES);
  assert.equal(await page.locator('#review-progress').isVisible(), false);
  assert.equal(await page.locator('#review-graph polygon').count(), 1);
  assert.equal(await page.locator('#review-graph .graph-mark').count(), 6, 'the inaccuracies, mistakes, blunders and missed wins marked');

  // Move 8 by clicking the graph: white missed a win; the better move, then its line.
  await clickGraph(session, 8, 20);
  await waitState(page, (s) => s.viewPly === 8);
  assert.match(await page.locator('#review-class').textContent(), /^8\. g9 \(white\): Missed win$/);
  assert.match(await page.locator('#review-drop').textContent(), /^100% → \d+%$/);
  assert.equal(await page.locator('#review-show-better').textContent(), 'Show e7');
  await page.click('#review-show-better');
  let shown = await waitState(page, (s) => s.review.line?.step === 1);
  assert.equal(shown.viewPly, 7, 'the position before the move');
  assert.deepEqual(shown.painted.pv, [[4, 6, 1]], 'e7, numbered 1');
  await page.click('#review-line-next');
  await page.click('#review-line-next');
  shown = await waitState(page, (s) => s.review.line?.step === 3);
  assert.equal(shown.painted.pv.length, 3);
  assert.match(await page.locator('#review-line-text').textContent(), /^Better line, move 3 of \d+: e7 h7 g9$/);
  await page.click('#review-line-prev');
  await waitState(page, (s) => s.review.line?.step === 2);
  await page.click('#review-line-back');
  shown = await waitState(page, (s) => s.review.line === null);
  assert.equal(shown.viewPly, 8);
  assert.deepEqual(shown.painted.pv, []);
  // ← steps to move 7, a blunder by black.
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowLeft');
  await waitState(page, (s) => s.viewPly === 7);
  assert.match(await page.locator('#review-class').textContent(), /^7\. i10 \(black\): Blunder$/);
  const sides = await page.locator('#review-sides li').allTextContents();
  assert.equal(sides.length, 2);
  assert.match(sides[0], /^Black: accuracy \d+%/);
  assert.match(sides[1], /White: accuracy \d+%.*Missed win 1/);
  await screenshot(page, 'review-desktop');

  await page.selectOption('#lang', 'zh-CN');
  assert.match(await page.locator('#review-class').textContent(), /^第 7 手 i10（黑棋）：败着$/);
  assert.match((await page.locator('#review-sides li').allTextContents())[1], /白棋：准确度 \d+%.*错失胜机 1/);
  assert.equal(await page.locator('#review-title').textContent(), '复盘');
  await screenshot(page, 'review-desktop-zh');
  await page.selectOption('#lang', 'en');

  // A reload brings the review back, open, without searching again.
  await page.reload();
  const kept = await waitState(page, (s) => s.review?.status === 'done');
  assert.deepEqual(kept.review.classes, CLASSES);
  assert.equal(kept.review.open, true);
  assert.equal(await page.locator('#review-graph').isVisible(), true);
  // Closed, it stays closed over a reload; Review opens it again at once.
  await page.click('#review-close');
  await waitState(page, (s) => s.review?.open === false);
  assert.equal(await page.locator('#review-card').isVisible(), false);
  await page.reload();
  await waitState(page, (s) => s.review?.status === 'done' && s.review.open === false);
  await page.click('#review-start');
  await waitState(page, (s) => s.review?.open === true && s.review.status === 'done');
  await session.assertNoErrors();
  await session.close();
});

test('Stop ends a review; the board stays in use while one runs', async () => {
  const opening = GAME.split(' ').slice(0, 10).join('');
  const session = await openPage(suite, { query: `?think=0&ai=scoring-000#moves=${opening}` });
  const { page } = session;
  await page.click('#review-start');
  await waitState(page, (s) => s.review?.status === 'running');
  await page.click('#review-cancel');
  await waitState(page, (s) => s.review === null);
  assert.equal(await page.locator('#review-card').isVisible(), false);

  await page.click('#review-start');
  await waitState(page, (s) => s.review?.status === 'running');
  // The human plays and the computer answers while the review's worker searches.
  const played = await playMove(session, 2, 2);
  assert.equal(played.moveCount, 12);
  // That review was of the game before the move: it is not shown for this one.
  assert.equal(played.review?.current ?? false, false);
  assert.equal(await page.locator('#review-card').isVisible(), false);
  await session.assertNoErrors();
  await session.close();
});

test('phone: review=1 opens the review; a tap on the graph goes to that move', async () => {
  const session = await openPage(suite, { query: `?think=0${LINK}&review=1`, device: PHONE });
  const { page } = session;
  const state = await reviewDone(page);
  assert.deepEqual(state.review.classes, CLASSES);
  await page.locator('#review-graph').scrollIntoViewIfNeeded();
  await clickGraph(session, 6, 20);
  await waitState(page, (s) => s.viewPly === 6);
  assert.match(await page.locator('#review-class').textContent(), /^6\. g8 \(white\): Blunder$/);
  await page.click('#review-show-better');
  await waitState(page, (s) => s.review.line?.ply === 6);
  const box = await page.locator('#review-card').boundingBox();
  assert.ok(box.width <= 390, `the card fits the phone's width (${box.width})`);
  await screenshot(page, 'review-phone', { fullPage: true });
  await session.assertNoErrors();
  await session.close();
});

test('a 320×360 frame: review=1 shows the graph and the move under the board, all in view', async () => {
  const session = await openPage(suite, { query: `?embed=1&think=0${LINK}&review=1`, device: { viewport: { width: 320, height: 360 } } });
  const { page } = session;
  await reviewDone(page);
  await page.click('#replay-prev');
  await waitState(page, (s) => s.viewPly === 19);
  await page.click('#replay-first');
  await page.click('#replay-next');
  await page.click('#replay-next');
  await waitState(page, (s) => s.viewPly === 2);
  assert.match(await page.locator('#review-class').textContent(), /^2\. f7 \(white\): Inaccuracy$/);
  await page.click('#review-show-better');
  await waitState(page, (s) => s.review.line?.ply === 2);
  for (const id of ['#board', '#review-graph', '#review-move', '#review-line-row', '#replay']) {
    const box = await page.locator(id).boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 360 + 0.5 && box.x >= 0 && box.x + box.width <= 320 + 0.5, `${id} in view: ${JSON.stringify(box)}`);
  }
  assert.equal(await page.evaluate(() => document.scrollingElement.scrollHeight <= innerHeight), true, 'nothing to scroll');
  await screenshot(page, 'review-frame');
  await session.assertNoErrors();
  await session.close();
});

test('the board takes a move after a review of a game still going on', async () => {
  const opening = GAME.split(' ').slice(0, 6).join('');
  const session = await openPage(suite, { query: `?think=0&ai=scoring-000#moves=${opening}&review=1` });
  const { page } = session;
  await reviewDone(page);
  // Stepping back is allowed while the review is open; the last move returns to play.
  await page.click('#replay-first');
  await waitState(page, (s) => s.viewPly === 0);
  await page.click('#replay-last');
  await waitState(page, (s) => s.viewPly === null);
  await clickPoint(session, 12, 12);
  await waitState(page, (s) => s.moveCount === 8);
  await session.assertNoErrors();
  await session.close();
});

test('a kept review that is not the engine’s shape is dropped', async () => {
  const broken = [
    { v: 1, key: `15|freestyle|${GAME}`, open: true, result: { positions: 'x' } },
    { v: 1, key: `15|freestyle|${GAME}`, open: true, result: { positions: [], moves: [], black: {}, white: {} } },
    { v: 2, key: `15|freestyle|${GAME}`, open: true, result: null },
  ];
  for (const value of broken) {
    const session = await openPage(suite, {
      query: `?think=0${LINK}`,
      init: (v) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('gomoku.review.v1', v);
      },
      initArg: JSON.stringify(value),
    });
    const { page } = session;
    const state = await getState(page);
    assert.equal(state.review, null, JSON.stringify(value));
    assert.equal(await page.locator('#review-card').isVisible(), false);
    await session.assertNoErrors();
    await session.close();
  }
});
