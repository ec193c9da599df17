// The computer thinks in a Web Worker: the page stays responsive, "Move now" and Undo stop a
// search, a hint comes from the worker too, and no answer ever lands on a changed game.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BLACK, cell, clickPoint, getState, openPage, playMove, startSuite, waitIdle, waitState } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

/** Frames the page paints and its slowest frame gap over `ms`, measured in the page. */
function measureFrames(page, ms) {
  return page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const start = performance.now();
        let last = start;
        let frames = 0;
        let worstGap = 0;
        const tick = (now) => {
          frames++;
          worstGap = Math.max(worstGap, now - last);
          last = now;
          if (now - start < ms) requestAnimationFrame(tick);
          else resolve({ frames, worstGap, busy: window.gomokuPage.state().busy });
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
}

test('the page keeps painting and answering while search-500 thinks; clicks then are ignored', async () => {
  // think=1500: the reply waits at least 1.5 s, so the clicks below surely come while busy.
  const session = await openPage(suite, { query: '?ai=search-500&think=1500&seed=1' });
  const { page } = session;
  await clickPoint(session, 7, 7);
  await page.waitForFunction(() => window.gomokuPage.state().busy);

  const started = Date.now();
  const thinking = await getState(page); // a round trip to the page while it thinks
  assert.equal(thinking.busy, true);
  assert.ok(Date.now() - started < 250, `the page answered in ${Date.now() - started} ms`);
  const frames = await measureFrames(page, 250);
  // A search on this thread would freeze it for ~500 ms: no frame at all in between.
  assert.ok(frames.frames >= 4, `frames painted while thinking: ${frames.frames}`);
  assert.ok(frames.worstGap < 200, `longest frame gap ${frames.worstGap.toFixed(0)} ms`);

  // Clicking the board while the computer thinks changes nothing.
  await clickPoint(session, 0, 14);
  assert.equal((await getState(page)).busy, true);
  const state = await waitIdle(page);
  assert.equal(state.moveCount, 2, 'the human move and the reply only');
  assert.notEqual(cell(state, 0, 14), BLACK);
  assert.ok(state.report.depth >= 1, 'the reply comes with its search report');
  await session.assertNoErrors();
  await session.close();
});

test('the thinking line shows live depth, nodes and best move; Move now plays that move at once', async () => {
  const session = await openPage(suite, { query: '?ai=search-2000&think=0&seed=1' });
  const { page } = session;
  await clickPoint(session, 7, 7);
  const thinking = await waitState(page, (s) => s.busy && s.thinking !== null && s.thinking.depth >= 2);
  assert.match(await page.locator('#search-line').textContent(), /Depth \d+ · [\d.k]+ nodes · best [a-o]\d+/);
  assert.equal(await page.locator('#move-now').isVisible(), true);

  const clicked = Date.now();
  await page.click('#move-now');
  const state = await waitState(page, (s) => s.moveCount === 2 && !s.busy);
  assert.ok(Date.now() - clicked < 1500, `played ${Date.now() - clicked} ms after Move now`);
  // The move played is the best of a report at least as deep as the one seen.
  assert.ok(state.report.depth >= thinking.thinking.depth);
  assert.deepEqual(state.lastMove, state.report.best);
  assert.equal(await page.locator('#move-now').isVisible(), false);

  // A fresh worker serves the next move.
  const next = await playMove(session, 3, 3);
  assert.equal(next.moveCount, 4);
  await session.assertNoErrors();
  await session.close();
});

test('Undo while the computer thinks stops it: the old reply never lands', async () => {
  const session = await openPage(suite, { query: '?ai=search-2000&think=0&seed=2' });
  const { page } = session;
  await clickPoint(session, 7, 7);
  await page.waitForFunction(() => window.gomokuPage.state().busy);
  await page.click('#undo');
  let state = await getState(page);
  assert.equal(state.moveCount, 0);
  assert.equal(state.busy, false);
  assert.equal(state.status, 'Your move (black)');

  await page.selectOption('#level', 'scoring-000');
  state = await playMove(session, 2, 2);
  assert.equal(state.moveCount, 2);
  assert.match(state.moves, /^c3 /);
  assert.equal(cell(state, 7, 7), 0, 'h8 stays empty');
  assert.equal(state.board.filter((c) => c !== 0).length, 2);
  await session.assertNoErrors();
  await session.close();
});

test('a reply that arrives after New game is dropped (the game generation changed)', async () => {
  // The article level answers at once; the reply then waits out think=1500 before landing.
  const session = await openPage(suite, { query: '?ai=scoring-000&think=1500&seed=3' });
  const { page } = session;
  await clickPoint(session, 7, 7);
  await waitState(page, (s) => s.busy && s.thinking !== null); // the worker has answered
  const genBefore = (await getState(page)).gen;
  await page.click('#new-game');
  await page.click('#start');
  const fresh = await getState(page);
  assert.equal(fresh.moveCount, 0);
  assert.ok(fresh.gen > genBefore);

  // Past the moment the old reply was due, the new game is still untouched.
  const due = await page.evaluate(() => performance.now() + 1800);
  await page.waitForFunction((t) => performance.now() > t, due, { timeout: 10_000 });
  const state = await getState(page);
  assert.equal(state.moveCount, 0);
  assert.ok(state.board.every((c) => c === 0));
  assert.equal(state.status, 'Your move (black)');
  await session.assertNoErrors();
  await session.close();
});

test('Hint asks the worker for a move; the ring marks it and playing it works', async () => {
  const session = await openPage(suite, { query: '?ai=search-100&think=0&seed=4&analysis=1' });
  const { page } = session;
  await playMove(session, 7, 7);
  await page.click('#hint');
  const state = await waitState(page, (s) => s.hint !== null);
  const [x, y] = state.hint;
  assert.equal(cell(state, x, y), 0, 'the hint is an empty point');
  assert.deepEqual(state.painted.hint, state.hint, 'the ring is drawn');
  assert.match(state.detail, /^Hint: [a-o]\d+$/);
  assert.equal(state.report.source, 'hint');
  assert.equal(state.report.color, state.human);

  const after = await playMove(session, x, y);
  assert.equal(cell(after, x, y), BLACK);
  assert.equal(after.hint, null, 'the hint is gone once played');
  await session.assertNoErrors();
  await session.close();
});
