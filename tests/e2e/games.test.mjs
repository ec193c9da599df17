// Whole games played by clicking the board, through to a win for either side.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  BLACK,
  WHITE,
  adviseMove,
  cell,
  clickPoint,
  getState,
  expectedResult,
  harmlessMove,
  openPage,
  playMove,
  playUntilOver,
  settle,
  startSuite,
  waitIdle,
} from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

// The human's moves come from an advisor engine; every game is reproducible from its seed.
// The first configuration wins for the human (in 29 moves); the others stand in should the
// engine's tables be retuned.
const HUMAN_WIN_CONFIGS = [
  { advisor: 'scoring-004', level: 'scoring-000', seed: 7 },
  { advisor: 'scoring-004', level: 'scoring-003', seed: 7 },
  { advisor: 'scoring-000', level: 'pattern-001', seed: 7 },
  { advisor: 'scoring-003', level: 'pattern-001', seed: 1 },
];

function assertFinished(state, winner) {
  assert.equal(state.over, true);
  assert.equal(state.winner, winner);
  assert.equal(state.status, expectedResult(state));
  assert.ok(state.winningLine.length >= 5, 'the engine reports the winning stones');
  assert.deepEqual(state.painted.winningLine, state.winningLine, 'the winning line is drawn');
  for (const [x, y] of state.winningLine) assert.equal(cell(state, x, y), winner);
}

test('the human can beat the computer', async () => {
  const tried = [];
  for (const { advisor, level, seed } of HUMAN_WIN_CONFIGS) {
    const session = await openPage(suite, { query: `?opponent=${level}&seed=${seed}&think=0` });
    const state = await playUntilOver(session, () => adviseMove(session.page, advisor, seed));
    await session.assertNoErrors();
    await session.close();
    tried.push(`${advisor} vs ${level} (seed ${seed}): winner ${state.winner} after ${state.moveCount} moves`);
    if (state.winner === BLACK) {
      assert.equal(state.human, BLACK);
      assertFinished(state, BLACK);
      assert.equal(state.status, 'You win!');
      return;
    }
  }
  assert.fail(`the human won none of the games:\n${tried.join('\n')}`);
});

test('the computer wins when the human does not defend', async () => {
  const session = await openPage(suite, { query: '?opponent=scoring-000&seed=7&think=0' });
  const state = await playUntilOver(session, harmlessMove);
  assertFinished(state, WHITE);
  assert.equal(state.status, 'Computer wins');

  // The game is over: a click on an empty point changes nothing.
  const [x, y] = harmlessMove(state);
  await clickPoint(session, x, y);
  await settle(session.page);
  const after = await getState(session.page);
  assert.equal(after.moveCount, state.moveCount);
  assert.equal(cell(after, x, y), 0);
  assert.equal(after.status, 'Computer wins');
  await session.assertNoErrors();
  await session.close();
});

test('with the computer first, it opens as black and the human plays white', async () => {
  const session = await openPage(suite, { query: '?first=computer&opponent=pattern-001&seed=7&think=0' });
  const { page } = session;
  let state = await waitIdle(page);
  assert.equal(state.moveCount, 1, 'the computer opened');
  assert.equal(state.human, WHITE);
  assert.equal(state.sideToMove, WHITE);
  assert.equal(state.status, 'Your move (white)');
  assert.equal(cell(state, ...state.lastMove), BLACK);

  const advise = () => adviseMove(page, 'scoring-004', 7);
  const [x, y] = await advise();
  state = await playMove(session, x, y);
  assert.equal(cell(state, x, y), WHITE, 'the human stone is white');
  assert.equal(state.moveCount, 3);

  state = await playUntilOver(session, advise);
  assert.equal(state.status, expectedResult(state));
  if (state.winner !== 0) assertFinished(state, state.winner);
  await session.assertNoErrors();
  await session.close();
});

test('the New game dialog starts the computer first on the chosen board and level', async () => {
  const session = await openPage(suite, { query: '?seed=3&think=0' });
  const { page } = session;
  await playMove(session, 7, 7);
  await page.click('#new-game');
  await page.locator('#new-game-dialog').waitFor({ state: 'visible' });
  await page.locator('label:has(input[name="first"][value="computer"])').click();
  await page.locator('label:has(input[name="rule"][value="standard"])').click();
  await page.selectOption('#size', '13');
  await page.selectOption('#new-level', 'pattern-001');
  await page.click('#start');
  await page.locator('#new-game-dialog').waitFor({ state: 'hidden' });
  const state = await waitIdle(page);
  assert.equal(state.size, 13);
  assert.equal(state.rule, 'standard');
  assert.equal(state.level, 'pattern-001');
  assert.equal(state.human, WHITE);
  assert.equal(state.moveCount, 1);
  assert.equal(await page.locator('#level').inputValue(), 'pattern-001');

  // Cancel keeps the game as it is.
  await page.click('#new-game');
  await page.locator('label:has(input[name="rule"][value="renju"])').click();
  await page.click('#new-game-cancel');
  await page.locator('#new-game-dialog').waitFor({ state: 'hidden' });
  assert.equal((await getState(page)).rule, 'standard');
  await session.assertNoErrors();
  await session.close();
});

test('a full board without five is a draw', async () => {
  const session = await openPage(suite, { query: '?size=9&opponent=scoring-000&seed=7&think=0' });
  const state = await playUntilOver(session, () => adviseMove(session.page, 'scoring-000', 7));
  if (state.winner !== 0) {
    // Engine tables changed: this game no longer draws; the result must still be shown right.
    assertFinished(state, state.winner);
  } else {
    assert.equal(state.draw, true);
    assert.equal(state.moveCount, 81);
    assert.equal(state.status, 'Draw');
    assert.deepEqual(state.winningLine, []);
  }
  await session.assertNoErrors();
  await session.close();
});

test('when the computer sees a forced loss, the status says so', async () => {
  // Black's h8 i8 j8 and k8 next: an open four, which no reply stops.
  const session = await openPage(suite, { query: '?ai=search-500&think=0&seed=3&moves=h8a1i8a2j8a3' });
  const state = await playMove(session, 10, 7);
  if (!state.over) {
    assert.ok(state.report?.lost, `the computer's report: ${JSON.stringify(state.report)}`);
    assert.match(state.detail, /^The computer sees a forced loss: (you can make five in \d+ moves?|every reply loses)\.$/);
  }
  await session.assertNoErrors();
  await session.close();
});
