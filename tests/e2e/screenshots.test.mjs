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
  ['desktop', DESKTOP, { advisor: 'scoring-004', level: 'scoring-000', seed: 7 }],
  ['phone', PHONE, { advisor: 'scoring-004', level: 'pattern-001', seed: 3 }],
];

for (const [name, device, { advisor, level, seed }] of GAMES) {
  test(`${name} screenshots: mid-game and game over`, async () => {
    const session = await openPage(suite, { device, query: `?opponent=${level}&seed=${seed}&think=0` });
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

// A middle game to explain: black h8 i9 j8 i8 g8…, white replying.
const MIDGAME = 'h8i9j8i8g8f8j9k10j10j11';

async function hover(page, x, y) {
  const { px, py } = await pointToPixel(page, x, y);
  await page.mouse.move(px, py);
}

test('screenshots: heatmap of a level, with a score under the pointer', async () => {
  const session = await openPage(suite, { query: `?ai=scoring-000&heatmap=1&think=0&moves=${MIDGAME}` });
  const { page } = session;
  await hover(page, 10, 8); // k9
  await page.waitForFunction(() => document.getElementById('heat-value').textContent.startsWith('k9'));
  await screenshot(page, 'desktop-heatmap');
  await session.assertNoErrors();
  await session.close();
});

test('screenshots: analysis with the best line as numbered stones, the evaluation bar and threats', async () => {
  const session = await openPage(suite, { query: `?ai=search-500&analysis=1&numbers=1&think=0&seed=1&moves=${MIDGAME}` });
  const { page } = session;
  const state = await playMove(session, 6, 6); // g7
  assert.ok(state.painted.pv.length > 0, 'the best line is on the board');
  await screenshot(page, 'desktop-analysis');
  await session.assertNoErrors();
  await session.close();
});

test('screenshots: dark theme, desktop and phone', async () => {
  for (const [name, device] of [['desktop-dark', DESKTOP], ['phone-dark', PHONE]]) {
    const session = await openPage(suite, {
      device,
      context: { colorScheme: 'dark' },
      query: `?ai=search-100&analysis=1&think=0&moves=${MIDGAME}`,
    });
    await screenshot(session.page, name, { fullPage: name.startsWith('phone') });
    await session.assertNoErrors();
    await session.close();
  }
});

test('screenshots: Chinese (zh-CN), with the new-game dialog', async () => {
  const session = await openPage(suite, { context: { locale: 'zh-CN' }, query: `?ai=search-100&heatmap=1&analysis=1&think=0&moves=${MIDGAME}` });
  const { page } = session;
  await screenshot(page, 'desktop-zh-CN');
  await page.click('#new-game');
  await page.locator('#new-game-dialog').waitFor();
  await screenshot(page, 'desktop-zh-CN-new-game');
  await page.keyboard.press('Escape');
  await session.assertNoErrors();
  await session.close();
});

test('screenshots: phone with the explain panel', async () => {
  const session = await openPage(suite, { device: PHONE, query: `?ai=search-100&heatmap=1&analysis=1&think=0&moves=${MIDGAME}` });
  await screenshot(session.page, 'phone-explain', { fullPage: true });
  await session.assertNoErrors();
  await session.close();
});
