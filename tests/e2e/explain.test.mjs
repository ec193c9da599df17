// "See how it thinks": the heatmap is the engine's own score table, the analysis shows the
// search's evaluation, best line (as numbered stones) and the threats on the board.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, clickPoint, getState, openPage, playMove, pointToPixel, screenshot, startSuite, waitState } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

/** What a fresh engine game says about a position: scores() and threats(). */
function engineView(page, { size, rule, level, moves }) {
  return page.evaluate(
    ({ size, rule, level, moves }) => {
      const game = new window.wasmBindings.Game(size, rule, level);
      try {
        game.load_moves(moves);
        return { scores: Array.from(game.scores()), threats: Array.from(game.threats()).length / 4 };
      } finally {
        game.free();
      }
    },
    { size, rule, level, moves },
  );
}

for (const level of ['scoring-000', 'pattern-001', 'search-100']) {
  test(`heatmap (${level}): the painted values are the engine's scores() for every point`, async () => {
    const session = await openPage(suite, { query: `?ai=${level}&heatmap=1&think=0&moves=h8i9j8` });
    const { page } = session;
    let state = await getState(page);
    assert.equal(state.explain.heatmap, true);
    const engine = await engineView(page, state);
    assert.deepEqual(state.painted.heatmap, engine.scores);
    assert.equal(await page.locator('#heat-legend').isVisible(), true);

    // Pointing at a point shows its score in the legend (and on the board).
    const target = engine.scores.findIndex((v, i) => v > 0 && i !== 7 * 15 + 7);
    const [x, y] = [target % 15, Math.floor(target / 15)];
    const { px, py } = await pointToPixel(page, x, y);
    await page.mouse.move(px, py);
    const name = `${'abcdefghijklmno'[x]}${y + 1}`;
    await page.waitForFunction((text) => document.getElementById('heat-value').textContent === text, `${name}: ${engine.scores[target]}`);
    // And how the article level makes that number, part by part (search levels have no table).
    if (level === 'search-100') {
      assert.equal(await page.locator('#breakdown-pop').isVisible(), false);
    } else {
      await page.locator('#breakdown-pop').waitFor({ state: 'visible' });
      const rows = await page.locator('#breakdown-pop-parts li').allTextContents();
      assert.ok(rows.length > 0);
      for (const row of rows) assert.match(row, /^(.+ · )?(yours|theirs): .+[+-]?\d+$/, row);
      const values = await page.locator('#breakdown-pop-parts .breakdown-value').allTextContents();
      const sum = values.reduce((a, v) => a + Number(v), 0);
      const rule = (await page.locator('#breakdown-pop-notes .note').allTextContents()).at(-1);
      if (/add up/.test(rule)) assert.equal(sum, engine.scores[target], rule);
      assert.match(rule, new RegExp(`${engine.scores[target]}`));
    }

    // After the next move the table follows the new position.
    await page.mouse.move(0, 0);
    state = await playMove(session, 0, 0);
    assert.deepEqual(state.painted.heatmap, (await engineView(page, state)).scores);
    await session.assertNoErrors();
    await session.close();
  });
}

test('the heatmap toggle turns the overlay on and off and is remembered', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0' });
  const { page } = session;
  assert.equal((await getState(page)).painted.heatmap, null);
  await page.check('#explain-heatmap');
  let state = await waitState(page, (s) => s.painted.heatmap !== null);
  assert.equal(state.painted.heatmap.length, 225);
  await page.reload();
  state = await waitState(page, (s) => s.explain.heatmap);
  assert.ok(state.painted.heatmap !== null, 'kept across a reload');
  await page.uncheck('#explain-heatmap');
  state = await waitState(page, (s) => s.painted.heatmap === null);
  await session.assertNoErrors();
  await session.close();
});

test('analysis: evaluation bar, best line as numbered stones, and threats from the engine', async () => {
  const session = await openPage(suite, { query: '?ai=search-500&analysis=1&think=0&seed=5' });
  const { page } = session;
  const state = await playMove(session, 7, 7);
  const { report } = state;
  assert.ok(report && report.depth >= 1 && report.pv.length >= 1, 'a search report');
  assert.deepEqual(report.pv[0], state.lastMove, 'the best line starts with the move played');

  // The rest of the line is drawn as numbered stones 1, 2, … on empty points: its first few.
  const expected = report.pv.slice(1, 1 + state.lineStones).filter(([x, y]) => state.board[y * 15 + x] === 0);
  assert.deepEqual(state.painted.pv.map(([x, y]) => [x, y]), expected);
  assert.deepEqual(state.painted.pv.map(([, , n]) => n), expected.map((_, i) => i + 1));
  // With move numbers on, the line's stones carry the numbers their moves would have.
  await page.check('#explain-numbers');
  const numbered = await waitState(page, (s) => s.painted.numbers === true);
  assert.deepEqual(numbered.painted.pv.map(([, , n]) => n), expected.map((_, i) => state.moveCount + i + 1));
  await page.uncheck('#explain-numbers');

  // White's score, seen from black, on the bar: sigmoid(score / 1700), the evaluation's
  // fitted scale.
  const black = Math.round(100 * (1 - 1 / (1 + Math.exp(-report.score / 1700))));
  const expectedBlack = report.mate_in === null ? black : report.mate_in > 0 ? 0 : 100;
  assert.equal(await page.locator('#eval-bar').getAttribute('aria-valuenow'), String(expectedBlack));
  assert.equal(await page.locator('#eval-left').textContent(), `Black ${expectedBlack}%`);
  // The line from the position on the board: the move played is no longer ahead.
  const names = report.pv.slice(1).map(([x, y]) => `${'abcdefghijklmno'[x]}${y + 1}`).join(' ');
  assert.equal(await page.locator('#eval-line').textContent(), names);
  assert.match(await page.locator('#eval-stats').textContent(), /^Depth \d+ · [\d.k]+ nodes/);
  // And in words: who is ahead, the threats that say why, how far the search looked.
  const words = await page.locator('#eval-words').textContent();
  assert.match(words, /^(Black|White) (is ahead|wins by force in \d+ moves)\.|^The game is about even\./);
  assert.match(words, /Black has \d+ points? that makes? a four and \d+ that makes? an open three\./);
  assert.match(words, new RegExp(`The search looked ${report.depth} moves? ahead`));

  const engine = await engineView(page, state);
  assert.equal(state.painted.threats, engine.threats);

  // A reload keeps the last search in the panel.
  const stats = await page.locator('#eval-stats').textContent();
  await page.reload();
  const reloaded = await waitState(page, (s) => s.report !== null);
  assert.equal(reloaded.report.score, report.score);
  assert.equal(await page.locator('#eval-stats').textContent(), stats);
  assert.equal(await page.locator('#eval-line').textContent(), names);
  await session.assertNoErrors();
  await session.close();
});

test('analysis: a forced win reads "wins in N" and 100%; threats show the fours', async () => {
  // Black (the computer) has an open three h8 i8 j8 and wins by force.
  const session = await openPage(suite, { query: '?ai=search-500&analysis=1&think=0&you=white&moves=h8h9i8i9j8j9' });
  const { page } = session;
  const state = await waitState(page, (s) => s.moveCount === 7 && s.idle);
  assert.ok(state.report.mate_in > 0, `mate_in ${state.report.mate_in}`);
  const moves = Math.ceil(state.report.mate_in / 2);
  assert.equal(await page.locator('#eval-mate').textContent(), `Black wins in ${moves}`);
  assert.equal(await page.locator('#eval-bar').getAttribute('aria-valuenow'), '100');
  assert.ok(state.painted.threats > 0, 'black now threatens five');
  await session.assertNoErrors();
  await session.close();
});

test('move numbers are drawn on the stones when turned on', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&moves=h8i9j8' });
  const { page } = session;
  assert.equal((await getState(page)).painted.numbers, false);
  await page.check('#explain-numbers');
  await waitState(page, (s) => s.painted.numbers === true);
  await session.assertNoErrors();
  await session.close();
});

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`scores (${name}): the level's table printed on every empty point, as the article prints it`, async () => {
    const session = await openPage(suite, { device, query: '?ai=scoring-000&scores=1&think=0&moves=h8i9j8' });
    const { page } = session;
    const state = await waitState(page, (s) => s.painted.scores > 0 && s.idle);
    assert.equal(state.explain.scores, true);
    const empty = state.board.filter((cell) => cell === 0).length;
    assert.equal(state.painted.scores, empty, 'one number on every empty point');
    assert.equal(await page.locator('#explain-scores').isChecked(), true);
    await screenshot(page, `scores-${name}`);
    await page.uncheck('#explain-scores');
    await waitState(page, (s) => s.painted.scores === 0);
    await session.assertNoErrors();
    await session.close();
  });
}

test('phone: a tap on a point shows how the level makes its number, over the board', async () => {
  const session = await openPage(suite, { device: PHONE, query: '?ai=pattern-001&heatmap=1&think=0&moves=h8i9j8' });
  const { page } = session;
  const state = await getState(page);
  const [x, y] = [9, 6]; // j7, in the lower half: the breakdown goes over the upper half
  assert.equal(state.board[y * 15 + x], 0);
  await clickPoint(session, x, y);
  await page.locator('#breakdown-pop').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#breakdown-pop').getAttribute('data-place'), 'top');
  assert.equal((await getState(page)).moveCount, state.moveCount, 'the first tap only previews');
  await screenshot(page, 'phone-breakdown');
  await session.assertNoErrors();
  await session.close();
});
