// The site's write-up, how-it-thinks.html, as a reader meets it: a section on each article's
// method with a live <gomoku-board> beside its text, buttons in the text that drive the board,
// and two search levels playing each other at the end; English and Chinese, desktop and
// phone. It is the element's real-world test: built with the element only.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, openPage, screenshot, startSuite } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

/** A board's state() once it has a game and `predicate(state)` holds (boards start when scrolled into view). */
async function boardState(page, id, predicate = () => true, timeout = 30_000) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  const until = Date.now() + timeout;
  for (;;) {
    const state = await page.locator(`#${id}`).evaluate((el) => el.state?.() ?? null);
    if (state && predicate(state)) return state;
    if (Date.now() > until) throw new Error(`board ${id}: timed out; last state ${JSON.stringify(state && { moves: state.moves, status: state.status })}`);
    await page.waitForTimeout(100);
  }
}

/** The breakdown's title inside a board's shadow root ('' when hidden). */
function breakdownTitle(page, id) {
  return page.locator(`#${id}`).evaluate((el) => {
    const box = el.shadowRoot.querySelector('.breakdown');
    return box && !box.hidden ? box.querySelector('.title').textContent : '';
  });
}

/** Clicks the button of `board` whose text is `text`, in the language shown. */
function press(page, board, text) {
  return page.locator(`button[data-board="${board}"]:visible`, { hasText: text }).click();
}

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`the write-up (${name}): every article's board shows its method, and the text's buttons drive it`, async () => {
    const session = await openPage(suite, { device, query: 'how-it-thinks.html?lang=en', wait: false });
    const { page } = session;
    await page.waitForLoadState('load');
    const boards = await page.locator('gomoku-board').evaluateAll((els) => els.map((el) => el.id));
    assert.deepEqual(boards, ['b000', 'b001', 'b002', 'b003', 'b004', 'bsearch']);

    // Article 000: a replay of five moves with its scores; the buttons point and step.
    let s = await boardState(page, 'b000');
    assert.equal(s.moves, 'h8 h9 i8 i9 j8');
    assert.equal(s.level, 'scoring-000');
    assert.equal(s.explain.scores, true);
    await press(page, 'b000', 'Point at g8');
    await page.waitForFunction(() => document.getElementById('b000').shadowRoot.querySelector('.breakdown .title')?.textContent.startsWith('g8:'));
    // White to move scores g8 (an end of black's open three) above every other empty point but k8.
    const g8 = Number((await breakdownTitle(page, 'b000')).split(': ')[1]);
    assert.ok(g8 >= 200, `g8 scores ${g8}`);
    await press(page, 'b000', 'One move back');
    s = await boardState(page, 'b000', (st) => st.viewPly === 4);
    await press(page, 'b000', 'One move on');
    await boardState(page, 'b000', (st) => st.viewPly === 5 || st.viewPly === null);
    await screenshot(page, `demo-000-${name}`);

    // Article 001: pinned at k8 from the start; the other button moves the pin.
    await boardState(page, 'b001');
    assert.match(await breakdownTitle(page, 'b001'), /^k8: \d+$/);
    await press(page, 'b001', 'Point at f8');
    await page.waitForFunction(() => document.getElementById('b001').shadowRoot.querySelector('.breakdown .title')?.textContent.startsWith('f8:'));

    // Article 002: the four-three point is the largest code; then the lookahead plays it out.
    await boardState(page, 'b002');
    const k8 = await page.locator('#b002').evaluate((el) => {
      const box = el.shadowRoot.querySelector('.breakdown');
      return { title: box.querySelector('.title').textContent, best: box.querySelector('li.best')?.textContent ?? '' };
    });
    assert.match(k8.title, /^k8: \d+$/);
    assert.match(k8.best, /four-three|open four|five/, k8.best);
    await press(page, 'b002', "Let it play white's defence out");
    s = await boardState(page, 'b002', (st) => st.over);
    assert.equal(s.winner, 1, 'the lookahead wins with black');
    assert.ok(s.moves.startsWith('h8 h9 i8 g8 j8 i9 k9 j10 k10 l11 '), s.moves);
    await screenshot(page, `demo-002-${name}`);

    // Article 003: each line listed once, ×2; the numbers button numbers the stones.
    await boardState(page, 'b003');
    const rows = await page.locator('#b003').evaluate((el) => [...el.shadowRoot.querySelectorAll('.breakdown li')].map((li) => li.textContent));
    assert.ok(rows.length > 0 && rows.every((r) => r.includes('(×2)')), rows.join(' | '));
    await press(page, 'b003', 'Number the stones');
    await boardState(page, 'b003', (st) => st.explain.numbers);

    // Article 004: play from the position shown; the computer answers.
    s = await boardState(page, 'b004');
    assert.equal(s.readOnly, true);
    await press(page, 'b004', 'Play it from here');
    s = await boardState(page, 'b004', (st) => !st.readOnly && st.idle);
    assert.equal(s.moves, 'h8 i9 h9 h10');

    // The end: two search levels play each other, named, with the analysis.
    s = await boardState(page, 'bsearch', (st) => st.moveCount >= 4);
    assert.equal(s.mode, 'watch');
    const names = await page.locator('#bsearch').evaluate((el) => [...el.shadowRoot.querySelectorAll('.matchup li')].map((li) => li.title));
    assert.deepEqual(names, ['Black: Search, 0.1 s a move', 'White: Search, 0.25 s a move']);
    await screenshot(page, `demo-search-${name}`);
    await session.assertNoErrors();
    await session.close();
  });
}

test('the write-up in Chinese: the text, the boards and their breakdowns switch without a reload', async () => {
  const session = await openPage(suite, { device: PHONE, query: 'how-it-thinks.html?lang=en', wait: false });
  const { page } = session;
  await boardState(page, 'b000');
  await page.locator('#lang-switch').click();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.equal(await page.locator('h1 span[lang="zh-CN"]').isVisible(), true);
  assert.equal(await page.locator('h1 span[lang="en"]').isVisible(), false);
  await press(page, 'b000', '指向 g8');
  await page.waitForFunction(() => /^g8：/.test(document.getElementById('b000').shadowRoot.querySelector('.breakdown .title')?.textContent ?? ''));
  const notes = await page.locator('#b000').evaluate((el) => el.shadowRoot.querySelector('.breakdown .notes').textContent);
  assert.match(notes, /文章 000：各项相加得 \d+。/);
  await screenshot(page, 'demo-000-phone-zh');
  await session.assertNoErrors();
  await session.close();
});
