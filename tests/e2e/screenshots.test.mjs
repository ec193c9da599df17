// Screenshots of a game in progress and a finished game, at desktop and phone sizes,
// saved to test-output/screenshots/ for a person to look at.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  DESKTOP,
  PHONE,
  adviseMove,
  expectedResult,
  openPage,
  playMove,
  playUntilOver,
  pointToPixel,
  screenshot,
  startSuite,
} from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

// Desktop: the human wins; phone: the computer wins (reproducible games, see games.test.mjs).
const GAMES = [
  ['desktop', DESKTOP, { advisor: 'scoring-004', opponent: 'scoring-000', seed: 7 }],
  ['phone', PHONE, { advisor: 'scoring-004', opponent: 'pattern-001', seed: 3 }],
];

for (const [name, device, { advisor, opponent, seed }] of GAMES) {
  test(`${name} screenshots: mid-game and game over`, async () => {
    const session = await openPage(suite, { device, query: `?opponent=${opponent}&seed=${seed}&think=0` });
    const { page } = session;
    const advise = () => adviseMove(page, advisor, seed);

    let state;
    for (let i = 0; i < 5; i++) state = await playMove(session, ...(await advise()));
    assert.equal(state.over, false);
    if (!session.isTouch) {
      // Show the hover stone on desktop: on an empty point near the centre.
      const near = (i) => Math.abs((i % 15) - 7) <= 2 && Math.abs(Math.floor(i / 15) - 7) <= 2;
      const free = state.board.findIndex((c, i) => c === 0 && near(i));
      const { px, py } = await pointToPixel(page, free % 15, Math.floor(free / 15));
      await page.mouse.move(px, py);
    }
    await screenshot(page, `${name}-mid-game`);

    state = await playUntilOver(session, advise);
    assert.equal(state.status, expectedResult(state));
    await page.mouse.move(0, 0);
    await screenshot(page, `${name}-game-over`);
    if (session.isTouch) await screenshot(page, `${name}-game-over-full`, { fullPage: true });
    await session.assertNoErrors();
    await session.close();
  });
}

test('desktop screenshot: renju forbidden points', async () => {
  const moves = 'h8+a15+i8+c15+j9+o1+j10+o3';
  const session = await openPage(suite, { query: `?rule=renju&think=0&moves=${moves}` });
  await screenshot(session.page, 'desktop-renju-forbidden');
  await session.assertNoErrors();
  await session.close();
});
