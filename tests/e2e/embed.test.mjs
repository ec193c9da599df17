// Embedding (?embed=1): the board with one status line, set by link parameters, small enough
// for a 320×360 iframe, and a read-only replay for articles.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startServer } from '../../scripts/serve-dist.mjs';
import { PHONE, clickPoint, getState, openPage, screenshot, startSuite, waitState } from './harness.mjs';

const EMBED = { viewport: { width: 320, height: 360 } };

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

async function assertFits(page) {
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 320, `board fits across (${box.x}, ${box.width})`);
  assert.ok(box.y >= 0 && box.y + box.height <= 360, 'board fits down');
  assert.ok(box.width >= 290, `board uses the frame (${box.width}px)`);
  const status = await page.locator('#status-card').boundingBox();
  assert.ok(status.y + status.height <= 360, 'the status line is visible');
  assert.equal(await page.evaluate(() => document.scrollingElement.scrollHeight <= innerHeight + 1), true, 'no scrolling');
  for (const hidden of ['.masthead', '.actions', '.explain', '.moves', '.footer']) {
    assert.equal(await page.locator(hidden).isVisible(), false, `${hidden} hidden`);
  }
}

test('embed at 320×360: size, rule, level, starting moves and heatmap from the link', async () => {
  const session = await openPage(suite, {
    device: EMBED,
    query: '?embed=1&size=13&rule=renju&ai=scoring-000&moves=g7h8g8&heatmap=1&think=0',
  });
  const { page } = session;
  const state = await waitState(page, (s) => s.moveCount === 4 && s.idle);
  assert.equal(state.embed, true);
  assert.equal(state.size, 13);
  assert.equal(state.rule, 'renju');
  assert.equal(state.level, 'scoring-000');
  assert.match(state.moves, /^g7 h8 g8 /);
  assert.ok(state.painted.heatmap, 'heatmap on');
  await assertFits(page);
  assert.equal(await page.locator('#open-full').isVisible(), true);
  assert.match(await page.locator('#open-full').getAttribute('href'), /^\.\/#moves=g7h8g8[a-m]\d+&rule=renju&ai=scoring-000&size=13/);
  // An embed never touches the host page's address or the saved game.
  assert.equal(new URL(page.url()).hash, '');
  assert.equal(await page.evaluate(() => localStorage.getItem('gomoku.game.v1')), null);

  await clickPoint(session, 0, 0);
  await waitState(page, (s) => s.moveCount === 6 && s.idle);
  await screenshot(page, 'embed-320x360');
  await session.assertNoErrors();
  await session.close();
});

test('embed read-only replay: step with the buttons, the board takes no stones', async () => {
  const session = await openPage(suite, { device: EMBED, query: '?embed=1&replay=1&moves=h8i9j10k11i8&ply=2&heatmap=0' });
  const { page } = session;
  let state = await getState(page);
  assert.equal(state.readOnly, true);
  assert.equal(state.viewPly, 2);
  assert.equal(state.painted.stones, 2);
  assert.equal(state.status, 'Move 2 of 5');
  await assertFits(page);
  await page.click('#replay-next');
  state = await getState(page);
  assert.equal(state.viewPly, 3);
  assert.equal(state.status, 'Move 3 of 5');
  await page.click('#replay-last');
  await clickPoint(session, 0, 0);
  state = await getState(page);
  assert.equal(state.moveCount, 5, 'no stone placed, no reply');
  assert.equal(state.busy, false);
  await screenshot(page, 'embed-replay');
  await session.assertNoErrors();
  await session.close();
});

test('embed: a bad parameter shows its message in the status line', async () => {
  const session = await openPage(suite, { device: EMBED, query: '?embed=1&size=42&moves=h8' });
  const { page } = session;
  const detail = page.locator('#status-detail');
  assert.equal(await detail.isVisible(), true);
  assert.match(await detail.textContent(), /size “42” is not valid/);
  await session.assertNoErrors();
  await session.close();
});

test('embedded in an iframe on another origin, the game plays', async () => {
  const dir = join('test-output', 'host');
  await mkdir(dir, { recursive: true });
  const src = `${suite.url}?embed=1&ai=scoring-000&think=0`;
  await writeFile(
    join(dir, 'index.html'),
    `<!doctype html><title>Host</title><link rel="icon" href="data:,"><h1>An article</h1>
     <iframe src="${src}" width="320" height="360" title="Gomoku" style="border:0"></iframe>`,
  );
  const host = await startServer({ root: dir });
  const context = await suite.browser.newContext({ viewport: { width: 480, height: 520 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(host.url.replace('127.0.0.1', 'localhost')); // another origin than the game
    const frame = page.frameLocator('iframe');
    await frame.locator('#board').waitFor();
    const game = page.frames().find((f) => f.url().startsWith(suite.url));
    await game.waitForFunction(() => window.gomokuPage?.ready === true);
    const box = await frame.locator('#board').boundingBox();
    const g = await game.evaluate(() => window.gomokuPage.geometry());
    await page.mouse.click(box.x + g.origin + 7 * g.step, box.y + g.origin + 7 * g.step);
    await game.waitForFunction(() => window.gomokuPage.state().moveCount === 2);
    assert.deepEqual(errors, []);
    await game.waitForFunction(() => !window.gomokuPage.state().painted.settling);
    await screenshot(page, 'embed-iframe');
  } finally {
    await context.close();
    await new Promise((resolve) => host.server.close(resolve));
  }
});

test("embed with the heatmap: a tap shows how the article level makes that point's number", async () => {
  const session = await openPage(suite, {
    device: PHONE,
    query: '?embed=1&ai=scoring-000&heatmap=1&think=0&moves=h8i9j8',
    context: { viewport: { width: 320, height: 360 } },
  });
  const { page } = session;
  const state = await getState(page);
  // A first tap previews the point (its score and how it is made); a second would play.
  const [x, y] = [9, 8];
  assert.equal(state.board[y * 15 + x], 0);
  await clickPoint(session, x, y);
  await page.locator('#breakdown-pop').waitFor({ state: 'visible' });
  assert.equal((await getState(page)).moveCount, state.moveCount, 'nothing played');
  assert.match(await page.locator('#breakdown-pop-title').textContent(), /^j9: \d+$/);
  assert.ok((await page.locator('#breakdown-pop-parts li').count()) > 0);
  assert.equal(await page.locator('#breakdown-pop').getAttribute('data-place'), 'bottom', 'away from the point');
  await screenshot(page, 'embed-breakdown-320x360');
  await session.assertNoErrors();
  await session.close();
});

test("embed with scores=1: the level's numbers on the board at 320×360", async () => {
  const session = await openPage(suite, {
    device: PHONE,
    query: '?embed=1&ai=scoring-004&scores=1&think=0&moves=h8i9j8',
    context: { viewport: { width: 320, height: 360 } },
  });
  const { page } = session;
  const state = await waitState(page, (s) => s.painted.scores > 0 && s.idle);
  assert.equal(state.painted.scores, state.board.filter((cell) => cell === 0).length);
  await screenshot(page, 'embed-scores-320x360');
  await session.assertNoErrors();
  await session.close();
});
