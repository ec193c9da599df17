// Nothing lost, nothing leaked: storage that is blocked, full or corrupt leaves a page that
// plays and says once that games are not saved; hostile values in every link parameter give
// a message and a playable board; a reload at any moment (mid-thought, mid-animation, while
// watching) brings back the same game. Every test also fails on any request outside the
// page's own origin and on any console error (see harness.mjs).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BLACK, DESKTOP, PHONE, clickPoint, getState, openPage, playMove, startSuite, waitIdle, waitReady, waitState } from './harness.mjs';
import { PARAMS as LINK_PARAMS } from '../../www/js/url-state.js';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

// Every parameter the link reader knows.
const PARAMS = LINK_PARAMS.map((p) => p.name);
const HOSTILE = [
  'NaN', '-1', '1.5', '1e9', '99999999999999999999', '<img src=x onerror=window.pwned=1>', '__proto__',
  'constructor', '\u202e\u0000', '%E0%A4%A', 'x'.repeat(3000),
];

/** The page plays: the human places a stone and the computer answers. */
async function playsOn(session) {
  const s = await waitIdle(session.page);
  assert.equal(s.over, false);
  const empty = s.board.findIndex((c, i) => c === 0 && i % s.size > 1 && i % s.size < s.size - 2 && i > 2 * s.size);
  const after = await playMove(session, empty % s.size, Math.floor(empty / s.size));
  assert.ok(after.moveCount >= s.moveCount + 1);
}

test('storage blocked (every access throws): the page plays and says once that games are not saved', async () => {
  const session = await openPage(suite, {
    device: DESKTOP,
    query: '?think=0',
    init: () => {
      Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });
    },
  });
  const { page } = session;
  await playsOn(session);
  await playsOn(session);
  assert.equal(await page.locator('#save-off').isVisible(), true);
  assert.equal(await page.locator('.save-off:visible').count(), 1, 'said once, not once a move');
  const s = await getState(page);
  assert.equal(s.detail.includes('not saving'), false, 'the status line is left for the game');
  await session.assertNoErrors();
  await session.close();
});

test('storage corrupt (garbage in every key the page writes): the page plays, and saves afresh', async () => {
  const garbage = ['{"v":1,"size":"15"', 'null', '[]', '{"v":1,"size":15,"rule":"renju","level":"search-100","human":1,"moves":"h8 h8","redo":[]}', '\u0000\uffff', '1e999'];
  for (const value of garbage) {
    const session = await openPage(suite, {
      device: PHONE,
      query: '?think=0',
      init: (v) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        for (const key of ['gomoku.game.v1', 'gomoku.prefs.v1', 'gomoku.review.v1']) localStorage.setItem(key, v);
      },
      initArg: value,
    });
    const { page } = session;
    await playsOn(session);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('gomoku.game.v1')));
    assert.equal(saved.v, 1, `after ${JSON.stringify(value)}: the game is saved afresh`);
    await session.assertNoErrors();
    await session.close();
  }
});

test('storage full: the page plays on and says once that games are not saved', async () => {
  const session = await openPage(suite, {
    device: DESKTOP,
    query: '?think=0',
    init: () => {
      Storage.prototype.setItem = function full() {
        throw new DOMException('full', 'QuotaExceededError');
      };
    },
  });
  await playsOn(session);
  await playsOn(session);
  assert.equal(await session.page.locator('.save-off:visible').count(), 1);
  await session.assertNoErrors();
  await session.close();
});

test('a hostile value in each link parameter: a message naming it, and a board that plays', async () => {
  const session = await openPage(suite, { device: DESKTOP, query: '?think=0' });
  const { page } = session;
  for (const name of PARAMS) {
    for (const value of [HOSTILE[PARAMS.indexOf(name) % HOSTILE.length], '<script>x</script>']) {
      const hash = `#${name}=${encodeURIComponent(value)}&think=0`;
      await page.goto('about:blank');
      await page.goto(`${suite.url}?think=0${hash}`);
      await waitReady(page).catch((error) => {
        throw new Error(`${name}=${value.slice(0, 20)}: the page did not get ready`, { cause: error });
      });
      const s = await getState(page);
      assert.ok(s.board.length >= 25, `${name}: a board`);
      assert.equal(await page.evaluate(() => window.pwned), undefined, `${name}: nothing ran`);
      if (!['embed', 'replay', 'lang', 'heatmap', 'analysis', 'numbers', 'scores', 'seed', 'think', 'ply'].includes(name)) {
        assert.match(s.detail, new RegExp(`\\b${name}\\b|moves`), `${name}=${value.slice(0, 20)}: named in ${s.detail}`);
      }
      if (!s.readOnly && s.mode === 'play' && !s.over) await playsOn(session);
      await page.evaluate(() => localStorage.clear());
    }
  }
  // Every hostile value in every parameter at once.
  for (const value of HOSTILE) {
    const hash = PARAMS.map((n) => `${n}=${encodeURIComponent(value)}`).join('&');
    await page.goto('about:blank');
    await page.goto(`${suite.url}?think=0#${hash}`);
    await waitReady(page).catch((error) => {
      throw new Error(`every parameter ${value.slice(0, 20)}: the page did not get ready`, { cause: error });
    });
    const s = await getState(page);
    assert.ok(s.detail.length > 0, `${value.slice(0, 20)}: a message`);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    await page.evaluate(() => localStorage.clear());
  }
  await session.assertNoErrors();
  await session.close();
});

test('a reload mid-thought, mid-animation and while watching brings back the same game', async () => {
  const session = await openPage(suite, { device: DESKTOP, query: '?think=2500&seed=1' });
  const { page } = session;
  // Mid-thought: the human's move is kept, and the computer answers after the reload.
  await clickPoint(session, 7, 7);
  await waitState(page, (s) => s.moveCount === 1 && s.busy);
  await page.reload();
  await waitReady(page);
  let s = await waitState(page, (st) => st.moveCount === 2, null, 60_000);
  assert.ok(s.moves.startsWith('h8 '), s.moves);
  const before = s.moves;
  // Mid-animation: reload right after the click, while the stone settles.
  await clickPoint(session, 9, 9);
  await page.reload();
  await waitReady(page);
  s = await getState(page);
  assert.ok(s.moves === before || s.moves.startsWith(`${before} j10`), `${before} → ${s.moves}`);
  // Watching: a reload keeps every move shown so far, and the game goes on from there.
  await page.goto(`${suite.url}?think=0#black=search-100&white=nodes-3000&rule=freestyle&size=15`);
  await page.waitForFunction(() => window.gomokuPage?.ready === true);
  s = await waitState(page, (st) => st.moveCount >= 6, null, 60_000);
  const shown = await page.evaluate(() => window.gomokuPage.state().moves);
  await page.reload();
  await page.waitForFunction(() => window.gomokuPage?.ready === true);
  s = await getState(page);
  assert.equal(s.mode, 'watch');
  assert.ok(s.moves.startsWith(shown.split(' ').slice(0, -1).join(' ')), `${shown} → ${s.moves}`);
  s = await waitState(page, (st, n) => st.moveCount > n, s.moveCount, 60_000);
  assert.equal(s.human, BLACK);
  await session.assertNoErrors();
  await session.close();
});
