// Two people on one device, and the computer playing itself (to watch): links, the new-game
// dialog, undo, hints, pause, step and speed, and the same in an embed.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BLACK, PHONE, WHITE, clickPoint, getState, openPage, screenshot, startSuite, waitIdle, waitState } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

test('two players: each click is a move for the side to move; undo takes back one; the hint coaches', async () => {
  const session = await openPage(suite, { query: '?black=human&white=human&ai=scoring-000&think=0' });
  const { page } = session;
  let state = await getState(page);
  assert.equal(state.mode, 'two');
  assert.equal(state.status, 'Black to move');
  await clickPoint(session, 7, 7);
  state = await waitState(page, (s) => s.moveCount === 1);
  assert.equal(state.sideToMove, WHITE);
  assert.equal(state.status, 'White to move');
  assert.equal(state.busy, false, 'no computer move');
  await clickPoint(session, 8, 8);
  state = await waitState(page, (s) => s.moveCount === 2);
  assert.equal(state.moves, 'h8 i9');
  await screenshot(page, 'desktop-two-players');
  assert.equal(await page.locator('#switch-colors').isDisabled(), true);
  assert.equal(await page.locator('#resign').isDisabled(), true);

  await page.click('#undo');
  state = await waitState(page, (s) => s.moveCount === 1);
  assert.equal(state.moves, 'h8');
  await page.click('#hint');
  state = await waitState(page, (s) => s.hint !== null);
  assert.equal(state.moveCount, 1, 'a hint plays nothing');
  // The link keeps the players.
  assert.match(await page.evaluate(() => location.hash), /black=human&white=human/);
  await page.reload();
  state = await waitState(page, (s) => s.moveCount === 1);
  assert.equal(state.mode, 'two');
  await session.assertNoErrors();
  await session.close();
});

test('watch: the computer plays itself; pause stops it, step plays one move, the game ends with a winner', async () => {
  const session = await openPage(suite, { query: '?black=scoring-000&white=scoring-004&seed=3&think=0', wait: false });
  const { page } = session;
  await page.waitForFunction(() => window.gomokuPage?.ready === true);
  let state = await waitState(page, (s) => s.moveCount >= 4);
  assert.equal(state.mode, 'watch');
  assert.equal(state.black, 'scoring-000');
  assert.equal(state.white, 'scoring-004');
  assert.equal(await page.locator('#watch-bar').isVisible(), true);

  await page.click('#watch-pause');
  state = await waitState(page, (s) => s.paused && !s.busy);
  const paused = state.moveCount;
  assert.match(state.status, /^Paused/);
  await screenshot(page, 'desktop-watch-paused');
  assert.equal(await page.locator('#watch-pause').textContent(), 'Play');
  // Nothing moves while paused: a step is the only way on.
  await page.click('#watch-step');
  state = await waitState(page, (s) => s.moveCount === paused + 1 && !s.busy);
  assert.equal(state.paused, true);
  await page.click('#watch-step');
  state = await waitState(page, (s) => s.moveCount === paused + 2 && !s.busy);

  await page.selectOption('#watch-speed', '150');
  await page.click('#watch-pause');
  state = await waitState(page, (s) => s.over, undefined, 120_000);
  assert.ok(state.winner === BLACK || state.winner === WHITE || state.draw);
  if (!state.draw) assert.match(state.status, /^(Black|White) wins$/);
  await session.assertNoErrors();
  await session.close();
});

test('the new-game dialog sets up two players or a watched game', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0' });
  const { page } = session;
  await page.click('#new-game');
  await page.click('#settings label:has(input[name="mode"][value="two"])');
  assert.equal(await page.locator('#first-field').isVisible(), false);
  await page.click('#start');
  let state = await waitIdle(page);
  assert.equal(state.mode, 'two');

  await page.click('#new-game');
  await page.click('#settings label:has(input[name="mode"][value="watch"])');
  assert.equal(await page.locator('#white-level-field').isVisible(), true);
  await page.selectOption('#new-level', 'pattern-001');
  await page.selectOption('#new-level-white', 'scoring-003');
  await page.click('#start');
  state = await waitState(page, (s) => s.mode === 'watch' && s.moveCount >= 1);
  assert.equal(state.black, 'pattern-001');
  assert.equal(state.white, 'scoring-003');
  await session.assertNoErrors();
  await session.close();
});

test('an embed shows the computer playing itself, with pause and step', async () => {
  const session = await openPage(suite, {
    device: PHONE,
    // think=400: the moves come slowly enough to pause the game before it ends.
    query: '?embed=1&black=scoring-000&white=lookahead-002&seed=5&think=400',
    context: { viewport: { width: 320, height: 360 } },
    wait: false,
  });
  const { page } = session;
  await page.waitForFunction(() => window.gomokuPage?.ready === true);
  const state = await waitState(page, (s) => s.moveCount >= 2);
  assert.equal(state.mode, 'watch');
  assert.equal(await page.locator('#watch-bar').isVisible(), true);
  await page.click('#watch-pause');
  const paused = await waitState(page, (s) => s.paused && !s.busy);
  await page.click('#watch-step');
  await waitState(page, (s) => s.moveCount === paused.moveCount + 1 && !s.busy);
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.y + box.height <= 360 + 1, 'the board fits the embed');
  await screenshot(page, 'embed-watch-320x360');
  await session.assertNoErrors();
  await session.close();
});
