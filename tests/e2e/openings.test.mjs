// Fair openings: swap1 and swap2 in every mode (against the computer, two players, watch),
// chosen in the New game dialog and carried by links and reloads, with the computer's
// decisions told in words; renju's 26 canonical openings as the start.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  BLACK, DESKTOP, PHONE, WHITE, clickPoint, getState, openPage, screenshot, settle, startSuite, waitIdle, waitState,
} from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

/** Places a stone by a click and waits until the page has it. */
async function place(session, x, y) {
  const before = await getState(session.page);
  await clickPoint(session, x, y);
  return waitState(session.page, (s, n) => s.moveCount > n, before.moveCount);
}

/** Starts a new game from the dialog with `choices` ({ mode, first, rule, opening }). */
async function newGameFromDialog(page, { mode = 'play', first = 'human', rule = 'freestyle', opening, level }) {
  await page.click('#new-game');
  await page.locator('#new-game-dialog').waitFor({ state: 'visible' });
  await page.click(`#settings label:has(input[name="mode"][value="${mode}"])`);
  await page.click(`#settings label:has(input[name="rule"][value="${rule}"])`);
  if (mode === 'play') await page.click(`#settings label:has(input[name="first"][value="${first}"])`);
  if (level) await page.selectOption('#new-level', level);
  await page.selectOption('#opening', opening);
  await page.click('#start');
  await page.locator('#new-game-dialog').waitFor({ state: 'hidden' });
}

test('swap2 against the computer: you place three stones, the computer chooses in words, and you can place two more and choose', async () => {
  const session = await openPage(suite, { device: DESKTOP, query: '?think=0&seed=5' });
  const { page } = session;
  await newGameFromDialog(page, { opening: 'swap2', first: 'human', level: 'search-100' });
  let s = await waitIdle(page);
  assert.deepEqual(s.opening, { kind: 'swap2', choice: '' });
  assert.match(s.status, /^Swap2 · you: place stone 1 of 3 \(black\)$/);
  assert.match(s.gameInfo, /Freestyle · 15×15 · Swap2/);
  assert.equal(await page.locator('#hint').isDisabled(), true, 'no hint for the opening stones');
  assert.equal(await page.locator('#switch-colors').isDisabled(), true);
  await place(session, 7, 7);
  s = await getState(page);
  assert.match(s.status, /stone 2 of 3 \(white\)/);
  await place(session, 8, 8);
  await place(session, 9, 5);
  // The computer answers by its search: a colour, or two more stones.
  s = await waitIdle(page);
  assert.ok(s.opening.choice !== '', 'the computer decided');
  assert.match(s.detail, /^The computer (takes|placed two more stones)/);
  assert.match(s.detail, /\d+%/);
  assert.match(s.detail, /A search of 20,000 positions for each position compared\./);
  await screenshot(page, 'swap2-computer-chose-desktop');
  if (s.opening.choice === 'two') {
    // Now the person chooses: black or white (no third option).
    assert.equal(s.moveCount, 5);
    assert.deepEqual(s.swapChoice, ['black', 'white']);
    assert.equal(await page.locator('#swap-two').isVisible(), false);
    await page.click('#swap-white');
    s = await waitIdle(page);
    assert.equal(s.human, WHITE);
    assert.equal(s.opening.choice, 'two-white');
    assert.equal(s.sideToMove, WHITE);
  } else {
    // The computer took a colour: the person has the other, and the game goes on.
    const took = s.opening.choice;
    assert.equal(s.human, took === 'black' ? WHITE : BLACK);
  }
  // Undo never goes back into the opening: its decisions are final.
  assert.equal(await page.locator('#undo').isDisabled(), true);
  // The link and a reload keep the opening and the choice.
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /opening=swap2/);
  assert.match(hash, /choice=/);
  await page.reload();
  await page.waitForFunction(() => window.gomokuPage?.ready === true);
  const back = await waitIdle(page);
  assert.deepEqual(back.opening, s.opening);
  assert.equal(back.moves, s.moves);
  assert.equal(back.human, s.human);
  await session.assertNoErrors();
  await session.close();
});

test('swap1 with the computer opening: it proposes three stones and says why; you take a colour', async () => {
  const session = await openPage(suite, { device: PHONE, query: '?think=0&seed=3' });
  const { page } = session;
  await newGameFromDialog(page, { opening: 'swap1', first: 'computer', level: 'search-100' });
  let s = await waitIdle(page);
  assert.equal(s.moveCount, 3, 'the computer placed three stones at once');
  assert.match(s.detail, /^The computer placed [a-o]\d+ [a-o]\d+ [a-o]\d+: of 6 openings its search compared, the most even \(white \d+%\)\./);
  assert.deepEqual(s.swapChoice, ['black', 'white']);
  assert.match(s.status, /Swap1 · you: choose a colour/);
  assert.equal(await page.locator('#swap-two').isVisible(), false);
  assert.equal(await page.locator('#undo').isDisabled(), true, 'the computer\'s stones are not the person\'s to take back');
  // The board takes no stone while a colour is to be chosen.
  await clickPoint(session, 0, 0);
  await settle(page);
  assert.equal((await getState(page)).moveCount, 3);
  await screenshot(page, 'swap1-choose-phone');
  await page.locator('#swap-black').tap();
  s = await waitIdle(page);
  assert.equal(s.human, BLACK);
  assert.equal(s.opening.choice, 'black');
  assert.equal(s.moveCount, 4, 'the computer, now white, played the next move');
  await session.assertNoErrors();
  await session.close();
});

test('an article level makes its swap choices by a small search, and the page says so; in Chinese', async () => {
  const session = await openPage(suite, { device: DESKTOP, query: '?think=0&seed=2&lang=zh-CN' });
  const { page } = session;
  await newGameFromDialog(page, { opening: 'swap2', first: 'computer', level: 'scoring-000' });
  const s = await waitIdle(page);
  assert.equal(s.moveCount, 3);
  assert.match(s.detail, /^电脑摆了 /);
  assert.match(s.detail, /这个级别本身不搜索，所以它的交换选择来自一个小搜索：每个比较的局面 3,000 个局面。/);
  assert.match(s.status, /二次交换（Swap2） · 你：选择颜色/);
  assert.equal(await page.locator('#swap-two').textContent(), '再摆两子');
  await page.click('#swap-two');
  const two = await waitIdle(page);
  assert.equal(two.opening.choice, 'two');
  assert.match(two.status, /摆第 1\/2 子（白棋）/);
  await place(session, 3, 3);
  await place(session, 11, 11);
  const last = await waitIdle(page);
  assert.ok(['two-black', 'two-white'].includes(last.opening.choice), last.opening.choice);
  assert.match(last.detail, /^电脑执(黑棋|白棋)/);
  assert.equal(await page.locator('#undo').isDisabled(), true, 'no stone of the person after the last choice');
  await screenshot(page, 'swap2-article-zh-desktop');
  await session.assertNoErrors();
  await session.close();
});

test('two players: each seat places and chooses by tapping; watch mode: both computers decide', async () => {
  const session = await openPage(suite, { device: PHONE, query: '?think=0' });
  const { page } = session;
  await newGameFromDialog(page, { mode: 'two', opening: 'swap1' });
  let s = await waitIdle(page);
  assert.match(s.status, /Swap1 · first player: place stone 1 of 3/);
  await place(session, 7, 7);
  await place(session, 7, 8);
  // A misplaced opening stone can be taken back, one at a time, before the choice.
  await page.locator('#undo').tap();
  s = await waitState(page, (st) => st.moveCount === 1);
  assert.match(s.status, /stone 2 of 3 \(white\)/);
  await place(session, 7, 8);
  await place(session, 9, 9);
  s = await waitIdle(page);
  assert.match(s.status, /Swap1 · second player: choose a colour/);
  await page.locator('#swap-white').tap();
  s = await waitIdle(page);
  assert.equal(s.opening.choice, 'white');
  assert.equal(s.sideToMove, WHITE);
  assert.equal(s.status, 'White to move');
  await place(session, 6, 6);
  assert.equal((await getState(page)).moveCount, 4);
  // Undo takes back the move after the opening, never the choice or the stones before it.
  await page.locator('#undo').tap();
  s = await waitState(page, (st) => st.moveCount === 3);
  assert.equal(s.opening.choice, 'white');
  assert.equal(await page.locator('#undo').isDisabled(), true);

  await newGameFromDialog(page, { mode: 'watch', opening: 'swap2' });
  s = await waitState(page, (st) => st.opening?.choice && st.moveCount >= 5, null, 60_000);
  assert.equal(s.mode, 'watch');
  await screenshot(page, 'swap2-watch-phone');
  await session.assertNoErrors();
  await session.close();
});

test('links: opening=swap2 with you=white makes the computer open; a choice that does not fit is refused', async () => {
  const session = await openPage(suite, { device: DESKTOP, query: '?think=0&seed=4#opening=swap2&you=white&ai=nodes-3000' });
  const { page } = session;
  let s = await waitIdle(page);
  assert.equal(s.moveCount, 3);
  assert.equal(s.black, 'nodes-3000', 'the computer holds black until a choice: it opened');
  assert.ok(s.swapChoice.includes('two'));
  await session.close();

  const bad = await openPage(suite, { device: DESKTOP, query: '?think=0#moves=h8i9&opening=swap1&choice=white' });
  s = await waitIdle(bad.page);
  assert.equal(s.opening, null);
  assert.match(s.detail, /choice white does not fit a swap opening with 2 stones/);
  await bad.close();

  const renju = await openPage(suite, { device: DESKTOP, query: '?think=0#opening=swap1&rule=renju' });
  s = await waitIdle(renju.page);
  assert.match(s.detail, /the opening swap1 is not played under Renju/);
  await renju.close();
});

test('renju: a canonical opening by name or at random starts the game, named in the status', async () => {
  const session = await openPage(suite, { device: DESKTOP, query: '?think=0' });
  const { page } = session;
  await newGameFromDialog(page, { rule: 'renju', opening: 'kagetsu', first: 'human', level: 'scoring-000' });
  let s = await waitIdle(page);
  // h8, h9, i9: black, white straight above, black diagonally beside both; white replied.
  assert.ok(s.moves.startsWith('h8 h9 i9 '), s.moves);
  assert.equal(s.renjuOpening, 'kagetsu');
  assert.match(s.gameInfo, /Renju · 15×15 · Kagetsu \(4D\)/);
  // The dialog lists all 26 under renju, and only the swaps otherwise.
  await page.click('#new-game');
  assert.equal(await page.locator('#opening option').count(), 28);
  await page.click('#settings label:has(input[name="rule"][value="freestyle"])');
  assert.deepEqual(await page.locator('#opening option').evaluateAll((os) => os.map((o) => o.value)), ['none', 'swap1', 'swap2']);
  await page.click('#settings label:has(input[name="rule"][value="renju"])');
  await page.selectOption('#opening', 'random');
  await screenshot(page, 'opening-dialog-renju-desktop');
  await page.click('#start');
  s = await waitIdle(page);
  assert.ok(s.renjuOpening, 'a canonical opening was drawn');
  assert.equal(s.moveCount >= 3, true);
  // A link by name.
  const linked = await openPage(suite, { device: PHONE, query: '?think=0#rule=renju&opening=hogetsu&you=white&ai=scoring-000' });
  s = await waitIdle(linked.page);
  assert.ok(s.moves.startsWith('h8 i9 i7'), s.moves);
  assert.equal(s.human, WHITE);
  assert.equal(s.moveCount, 3, 'white, the person, is to move');
  assert.equal(await linked.page.locator('#undo').isDisabled(), true, 'the opening\'s stones are given');
  await screenshot(linked.page, 'renju-hogetsu-phone');
  await linked.assertNoErrors();
  await linked.close();
  await session.assertNoErrors();
  await session.close();
});
