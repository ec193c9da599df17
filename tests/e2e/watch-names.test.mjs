// Watching the computer play itself: the page and its embeds name the level (article and
// method) that plays each colour, and a link can stop the game after a number of moves.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, assertGameOverReadable, getState, openPage, screenshot, startSuite, waitState } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

/** The matchup lines as shown: `[{ text, stone, shown }]` (the words a screen reader gets too). */
function matchup(page) {
  return page.locator('#matchup li').evaluateAll((items) =>
    items.map((li) => {
      const words = li.querySelector('span');
      const box = li.getBoundingClientRect();
      return {
        text: words.textContent,
        stone: li.querySelector('.mini-stone').className.replace('mini-stone ', ''),
        // Nothing cut off: the line fits its box (an ellipsis would mean it does not).
        fits: words.scrollWidth <= words.clientWidth + 1,
        inView: box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth,
      };
    }),
  );
}

const cases = [
  { name: 'desktop', device: DESKTOP, embed: false, lang: 'en' },
  { name: 'phone', device: PHONE, embed: false, lang: 'zh-CN' },
  { name: 'embed-320x360', device: { viewport: { width: 320, height: 360 } }, embed: true, lang: 'en' },
  { name: 'embed-640x480', device: { viewport: { width: 640, height: 480 } }, embed: true, lang: 'zh-CN' },
];

for (const { name, device, embed, lang } of cases) {
  test(`watching (${name}, ${lang}): each colour's level is named, article and method, whole and in view`, async () => {
    const query = `?${embed ? 'embed=1&' : ''}black=scoring-000&white=lookahead-002&think=150&lang=${lang}`;
    const session = await openPage(suite, { device, query, wait: false });
    const { page } = session;
    await waitState(page, (s) => s.moveCount >= 3);
    const lines = await matchup(page);
    const expected = lang === 'en'
      ? [['black', 'Black: Offensive scoring table (article 000)'], ['white', 'White: Threat lookahead (article 002)']]
      : [['black', '黑棋：进攻评分表（文章 000）'], ['white', '白棋：威胁前瞻（文章 002）']];
    assert.deepEqual(lines.map((l) => [l.stone, l.text]), expected);
    for (const line of lines) {
      assert.ok(line.inView, `${line.text} is on screen without scrolling`);
      assert.ok(line.fits, `${line.text} is not cut off`);
    }
    // The board keeps its place beside them: the whole board is in view too.
    const board = await page.locator('#board').boundingBox();
    const viewport = page.viewportSize();
    if (embed) assert.ok(board.y + board.height <= viewport.height, 'the frame holds the board and the names');
    await screenshot(page, `watch-names-${name}`);
    await session.assertNoErrors();
    await session.close();
  });
}

// The end of a watched game in a frame: the board shrinks to leave room for the names, so the
// result shares a narrower bar with its buttons. In narrow bars icons stand in for the buttons'
// words, so the result is read whole in any frame down to the documented 320 × 360 and below.
const overCases = [
  { name: 'embed-320x360', viewport: { width: 320, height: 360 }, lang: 'en', icons: ['#game-over-new', '#game-over-replay'] },
  { name: 'embed-320x360', viewport: { width: 320, height: 360 }, lang: 'zh-CN', icons: ['#game-over-new', '#game-over-replay'] },
  { name: 'embed-280x320', viewport: { width: 280, height: 320 }, lang: 'en', icons: ['#game-over-new', '#game-over-review', '#game-over-replay'] },
  { name: 'embed-640x480', viewport: { width: 640, height: 480 }, lang: 'en', icons: [] },
];

for (const { name, viewport, lang, icons } of overCases) {
  test(`a watched game over (${name}, ${lang}): the result is read whole beside its buttons`, async () => {
    const session = await openPage(suite, {
      device: { viewport },
      query: `?embed=1&black=scoring-000&white=lookahead-002&think=0&lang=${lang}`,
      wait: false,
    });
    const { page } = session;
    await waitState(page, (s) => s.over, undefined, 60_000);
    await page.locator('#game-over').waitFor({ state: 'visible' });
    await page.mouse.move(0, 0);
    const { title, names } = await assertGameOverReadable(page);
    const expectedTitle = lang === 'en' ? /^(Black wins|White wins|Draw)$/ : /^(黑棋获胜|白棋获胜|和棋)$/;
    assert.match(title, expectedTitle);
    const words = lang === 'en'
      ? { new: 'New game', review: 'Review', reviewTitle: 'Review the game: where it turned, and the better moves', replay: 'Replay', close: 'Close' }
      : { new: '新对局', review: '复盘', reviewTitle: '复盘：哪里是转折点，更好的着法是什么', replay: '回放', close: '关闭' };
    // A button says its word, or, drawn as an icon, is named by its title (the long one for Review).
    const ids = ['#game-over-new', '#game-over-review', '#game-over-replay'];
    const iconic = await page.evaluate((list) => list.map((id) => !document.querySelector(`${id} .button-label`).checkVisibility()), ids);
    assert.deepEqual(iconic, ids.map((id) => icons.includes(id)), 'icons only where the bar is narrow');
    assert.deepEqual(names, [words.new, iconic[1] ? words.reviewTitle : words.review, words.replay, words.close]);
    await screenshot(page, `watch-over-${name}-${lang}`);
    // The icons work as the words did: Replay steps from the first move.
    await page.click('#game-over-replay');
    await waitState(page, (s) => s.viewPly === 0);
    await session.assertNoErrors();
    await session.close();
  });
}

test('the names are only for watching: against the computer the level menu says it', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0' });
  assert.equal(await session.page.locator('#matchup').isVisible(), false);
  await session.assertNoErrors();
  await session.close();
});

test('limit=12: the watched game stops after 12 moves, says so, and can be stepped through', async () => {
  const session = await openPage(suite, {
    device: { viewport: { width: 640, height: 480 } },
    query: '?embed=1&black=scoring-000&white=scoring-004&think=0&limit=12',
    wait: false,
  });
  const { page } = session;
  let state = await waitState(page, (s) => s.moveCount === 12 && s.idle);
  // Given time for more, nothing more comes.
  await page.waitForTimeout(800);
  state = await getState(page);
  assert.equal(state.moveCount, 12);
  assert.equal(state.over, false, 'stopped, not finished');
  assert.equal(await page.locator('#watch-bar').isVisible(), false, 'no pause or step past the limit');
  assert.equal(await page.locator('#replay').isVisible(), true, 'the moves can be stepped through');
  await page.locator('#replay-prev').click();
  state = await waitState(page, (s) => s.viewPly === 11);
  await page.locator('#replay-last').click();
  await waitState(page, (s) => s.viewPly === null || s.viewPly === 12);
  await screenshot(page, 'watch-limit-640x480');
  await session.assertNoErrors();
  await session.close();

  // On the full page the status says why the game stopped.
  const full = await openPage(suite, { query: '?black=scoring-000&white=scoring-004&think=0&limit=6', wait: false });
  await waitState(full.page, (s) => s.moveCount === 6 && s.idle);
  await full.page.waitForFunction(() => document.getElementById('status').textContent === 'Stopped after 6 moves, as the link asks');
  await full.assertNoErrors();
  await full.close();
});

test('a bad limit is refused with a message and the game is watched to its end as usual', async () => {
  const session = await openPage(suite, { query: '?black=scoring-000&white=scoring-004&think=0&limit=0', wait: false });
  const { page } = session;
  await page.waitForFunction(() => /limit/.test(document.getElementById('status-detail').textContent));
  await waitState(page, (s) => s.moveCount > 1);
  await session.assertNoErrors();
  await session.close();
});
