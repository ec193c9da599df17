// Undo and redo, switching colours, resigning, the game-over card and replaying a finished game.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BLACK, WHITE, cell, getState, openPage, playMove, pointToPixel, startSuite, waitIdle, waitState } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

// Black h8 i8 j8 k8 l8 against white a1…a4: black has five, the game is over after 9 moves.
const FINISHED = 'h8a1i8a2j8a3k8a4l8';

test('Redo plays the taken-back moves again; a new move clears it', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=7' });
  const { page } = session;
  await playMove(session, 7, 7);
  const full = await playMove(session, 2, 2);
  assert.equal(full.moveCount, 4);
  assert.equal(await page.locator('#redo').isDisabled(), true);

  await page.click('#undo');
  await page.click('#undo');
  let state = await getState(page);
  assert.equal(state.moveCount, 0);
  assert.equal(state.redo, 4);

  await page.click('#redo');
  state = await waitIdle(page);
  assert.equal(state.moves, full.moves.split(' ').slice(0, 2).join(' '), 'one move pair back');
  await page.click('#redo');
  state = await waitIdle(page);
  assert.equal(state.moves, full.moves, 'the same game as before');
  assert.equal(await page.locator('#redo').isDisabled(), true);

  await page.click('#undo');
  state = await playMove(session, 12, 12); // a different move
  assert.equal(state.redo, 0);
  assert.equal(await page.locator('#redo').isDisabled(), true);
  await session.assertNoErrors();
  await session.close();
});

test('Switch colours: the computer takes over the human colour and moves', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=7' });
  const { page } = session;
  let state = await playMove(session, 7, 7);
  assert.equal(state.human, BLACK);
  await page.click('#switch-colors');
  state = await waitIdle(page);
  assert.equal(state.human, WHITE);
  assert.equal(state.moveCount, 3, 'the computer played black');
  assert.equal(state.sideToMove, WHITE);
  assert.equal(state.status, 'Your move (white)');

  // Switching while the computer thinks stops it and hands the move over.
  await page.selectOption('#level', 'search-2000');
  await page.click('#switch-colors');
  await page.waitForFunction(() => window.gomokuPage.state().busy);
  await page.click('#switch-colors');
  state = await getState(page);
  assert.equal(state.busy, false);
  assert.equal(state.human, WHITE);
  assert.equal(state.moveCount, 3);
  await session.assertNoErrors();
  await session.close();
});

test('Resign ends the game: the game-over card says so; undo takes it back', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=7' });
  const { page } = session;
  await playMove(session, 7, 7);
  await page.click('#resign');
  await page.click('#resign-confirm');
  let state = await waitState(page, (s) => s.over);
  assert.equal(state.over, true);
  assert.equal(state.resigned, true);
  assert.equal(state.winner, WHITE);
  assert.equal(state.status, 'Computer wins');
  assert.equal(state.detail, 'You resigned.');
  assert.equal(await page.locator('#game-over').isVisible(), true);
  assert.equal(await page.locator('#game-over-title').textContent(), 'You resigned');
  assert.equal(await page.locator('#resign').isDisabled(), true);
  assert.equal(await page.locator('#hint').isDisabled(), true);

  await page.click('#undo');
  state = await getState(page);
  assert.equal(state.over, false);
  assert.equal(state.moveCount, 0);
  assert.equal(await page.locator('#game-over').isVisible(), false);
  await session.assertNoErrors();
  await session.close();
});

test('the game-over card: result, new game, close', async () => {
  const session = await openPage(suite, { query: `?ai=scoring-000&think=0#moves=${FINISHED}` });
  const { page } = session;
  const state = await getState(page);
  assert.equal(state.over, true);
  assert.equal(state.winner, BLACK);
  assert.equal(state.status, 'You win!');
  assert.equal(await page.locator('#game-over-title').textContent(), 'You win!');
  assert.equal(await page.locator('#game-over-detail').textContent(), 'Five in a row for Black after 9 moves.');
  await page.click('#game-over-close');
  assert.equal(await page.locator('#game-over').isVisible(), false);
  assert.equal((await getState(page)).status, 'You win!', 'closing the card keeps the result');
  await session.assertNoErrors();
  await session.close();
});

test('replay: step through a finished game with the buttons, the move list and ← →', async () => {
  const session = await openPage(suite, { query: `?ai=scoring-000&think=0#moves=${FINISHED}` });
  const { page } = session;
  const stones = async () => (await getState(page)).painted.stones;
  // The game-over card stands in for the status card and its replay bar until Replay or Close.
  assert.equal(await page.locator('#replay').isVisible(), false);
  assert.equal(await page.locator('#replay-counter').textContent(), '9 / 9');

  await page.click('#game-over-replay');
  let state = await getState(page);
  assert.equal(state.viewPly, 0);
  assert.equal(state.painted.stones, 0);
  assert.equal(await page.locator('#game-over').isVisible(), false);
  assert.equal(await page.locator('#replay').isVisible(), true);
  assert.equal(await page.locator('#replay-counter').textContent(), '0 / 9');
  // Right after Replay, → steps on: the keys are not swallowed by a focused button.
  await page.keyboard.press('ArrowRight');
  assert.equal((await getState(page)).viewPly, 1);
  await page.keyboard.press('ArrowLeft');
  assert.equal((await getState(page)).viewPly, 0);

  await page.click('#replay-next');
  await page.click('#replay-next');
  state = await getState(page);
  assert.equal(state.viewPly, 2);
  assert.deepEqual(state.painted.lastMove, [0, 0], 'a1 is the second move');
  assert.equal(await page.locator('#replay-counter').textContent(), '2 / 9');

  await page.locator('#board').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await stones(), 4);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await stones(), 3);
  await page.keyboard.press('End');
  state = await getState(page);
  assert.equal(state.viewPly, 9);
  assert.equal(state.painted.winningLine.length, 5, 'the end shows the five again');
  await page.keyboard.press('Home');
  assert.equal(await stones(), 0);

  // ← → also work with the focus elsewhere on the page, and the move list jumps.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  assert.equal((await getState(page)).viewPly, 1);
  await page.locator('.move-list button', { hasText: 'j8' }).click();
  assert.equal((await getState(page)).viewPly, 5);

  // Clicking the board in replay places nothing.
  state = await getState(page);
  assert.equal(state.moveCount, 9);
  assert.equal(cell(state, 7, 7), BLACK);
  await session.assertNoErrors();
  await session.close();
});

test('replay is offered only once the game is over', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&moves=h8i9' });
  const { page } = session;
  assert.equal(await page.locator('#replay').isVisible(), false);
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowLeft');
  await waitState(page, (s) => s.viewPly === null && s.moveCount === 2);
  await session.assertNoErrors();
  await session.close();
});

test('Load moves: numbered lists as games are written; a point off the board in its own terms', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=7&size=15' });
  const { page } = session;
  const load = async (text) => {
    await page.click('#load-moves');
    await page.fill('#load-text', text);
    await page.click('#load-submit');
  };
  for (const text of ['1. h8 i9 2. j10 k11', '1.h8 2.i9 3.j10 4.k11']) {
    await load(text);
    const state = await waitState(page, (s) => s.moves.startsWith('h8 i9 j10 k11') && s.idle);
    assert.equal(await page.locator('#load-dialog').isVisible(), false, text);
    assert.ok(state.moveCount >= 4, text);
  }
  await load('h8 p5');
  await page.waitForFunction(() => document.getElementById('load-error').textContent !== '');
  assert.match(await page.locator('#load-error').textContent(), /column is past 'o' \(columns a–o\)/);
  await page.click('#load-cancel');
  await session.assertNoErrors();
  await session.close();
});

test("engine errors are told in the page's language, by their code", async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=7&lang=zh-CN' });
  const { page } = session;
  await page.click('#load-moves');
  await page.fill('#load-text', 'h8 i9 h8');
  await page.click('#load-submit');
  await page.waitForFunction(() => document.getElementById('load-error').textContent !== '');
  const text = await page.locator('#load-error').textContent();
  assert.match(text, /第 3 手（h8）无法落子：h8 已有棋子/);
  await page.fill('#load-text', 'h8 zz');
  await page.click('#load-submit');
  await page.waitForFunction((before) => document.getElementById('load-error').textContent !== before, text);
  assert.match(await page.locator('#load-error').textContent(), /第 4 个字符（“z”）/);
  await page.click('#load-cancel');
  await session.assertNoErrors();
  await session.close();
});

test('the game-over card keeps off the five and the last moves', async () => {
  // Black's five on row 2, white's last stones along row 14: the card may only cover empty rows.
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0#moves=c2c14d2d14e2e14f2f14g2' });
  const { page } = session;
  const state = await getState(page);
  assert.equal(state.winner, BLACK);
  const card = await page.locator('#game-over').boundingBox();
  for (const name of state.moves.split(' ')) {
    const { px, py } = await pointToPixel(page, name.charCodeAt(0) - 97, Number(name.slice(1)) - 1);
    const covered = px >= card.x && px <= card.x + card.width && py >= card.y && py <= card.y + card.height;
    assert.ok(!covered, `the card covers ${name}`);
  }
  await session.assertNoErrors();
  await session.close();
});
