// Hostile and broken input: click storms, resizing and New game in the middle of a move, two
// tabs sharing storage, storage that is full or switched off, malformed and oversized links,
// and script-like text in every parameter and text input. Whatever happens, the page must
// not crash, must not accept an illegal move, must not name the wrong winner, and must not
// lose the player's game.
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { after, before, test } from 'node:test';
import {
  BLACK,
  PHONE,
  WHITE,
  cell,
  clickPoint,
  expectedResult,
  getState,
  harmlessMove,
  openPage,
  playMove,
  pointToPixel,
  screenshot,
  startSuite,
  waitIdle,
  waitReady,
  waitState,
} from './harness.mjs';

const GAME_KEY = 'gomoku.game.v1';
const LETTERS = 'abcdefghijklmnopqrst';
const name = ([x, y]) => `${LETTERS[x]}${y + 1}`;

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

// ---- Helpers ----------------------------------------------------------------------------

/** The page state, a replay of its move list in a fresh engine, and what it saved. */
function audit(page) {
  return page.evaluate((key) => {
    const state = window.gomokuPage.state();
    // The level does not change the rules: the lightest one replays the moves.
    const game = new window.wasmBindings.Game(state.size, state.rule, 'scoring-000');
    try {
      if (state.moves) game.load_moves(state.moves);
      let saved;
      try {
        saved = JSON.parse(localStorage.getItem(key));
      } catch {
        saved = undefined; // storage switched off
      }
      return {
        state,
        replay: { board: Array.from(game.board()), over: game.is_over(), winner: game.winner() },
        saved,
        hash: location.hash,
      };
    } finally {
      game.free();
    }
  }, GAME_KEY);
}

/**
 * Asserts the game on the page is sound: its board is exactly the replay of its move list
 * (so every move was legal, one stone each), the winner and status are right, and the game is
 * kept in the address and, with `saved`, in storage. Returns the state.
 */
async function assertSound(page, { saved: checkSaved = true } = {}) {
  const { state, replay, saved, hash } = await audit(page);
  const moves = state.moves ? state.moves.split(' ') : [];
  assert.equal(new Set(moves).size, moves.length, `no point is played twice: ${state.moves}`);
  assert.equal(state.moveCount, moves.length);
  assert.deepEqual(state.board, replay.board, 'the board is the replay of the move list');
  assert.equal(state.board.filter((c) => c !== 0).length, moves.length, 'one stone a move');
  if (!state.resigned) {
    assert.equal(state.over, replay.over, 'game over as the rules say');
    assert.equal(state.winner, replay.winner, 'the right winner');
  }
  if (state.over) assert.equal(state.status, expectedResult(state));
  else if (state.idle && !state.readOnly) {
    assert.equal(state.sideToMove, state.human, 'idle means the human is to move');
    assert.match(state.status, /^Your move/);
  }
  if (!state.embed) {
    assert.ok(hash.startsWith(moves.length ? `#moves=${moves.join('')}&` : '#rule='), `the address holds the game: ${hash}`);
    if (checkSaved) {
      assert.equal(saved?.moves, state.moves, 'the saved game is the game on the board');
      assert.equal(saved?.size, state.size);
    }
  }
  return state;
}

/** Points of the human's stones (the human's moves in the list). */
function humanPoints(state) {
  const moves = state.moves ? state.moves.split(' ') : [];
  const first = state.human === BLACK ? 0 : 1;
  return moves.filter((_, i) => i % 2 === first);
}

/** Real (trusted) mouse input straight through the DevTools protocol. */
async function mouse(session) {
  const cdp = await session.context.newCDPSession(session.page);
  const send = (type, { px, py }, { button = 'left', clickCount = 1 } = {}) =>
    cdp.send('Input.dispatchMouseEvent', {
      type,
      x: px,
      y: py,
      button,
      buttons: type === 'mousePressed' ? { left: 1, right: 2, middle: 4 }[button] : 0,
      clickCount,
    });
  return {
    cdp,
    /** A click (or the two presses of a double click) at a pixel; not awaited by the page. */
    click(pixel, { button = 'left', double = false } = {}) {
      const sent = [];
      for (const clickCount of double ? [1, 2] : [1]) {
        sent.push(send('mousePressed', pixel, { button, clickCount }));
        sent.push(send('mouseReleased', pixel, { button, clickCount }));
      }
      return Promise.all(sent);
    },
  };
}

/** Records when every pointerdown reaches the page (how fast a burst was) and counts double clicks. */
function recordPointerDowns(page) {
  return page.evaluate(() => {
    window.pointerDowns = [];
    window.doubleClicks = 0;
    document.addEventListener('pointerdown', (e) => window.pointerDowns.push(e.timeStamp), true);
    document.addEventListener('dblclick', () => window.doubleClicks++, true);
  });
}

/**
 * Elements that only markup from hostile text could have made, and the payloads' flag. The
 * page's own SVG is its 16×16 icons and the review's graph (in index.html).
 */
function injected(page) {
  return page.evaluate(() => ({
    elements: Array.from(
      document.querySelectorAll('img, script:not([src]), iframe, object, embed, b, svg:not([viewBox="0 0 16 16"]):not(#review-graph), [onerror], [onload]'),
      (el) => el.outerHTML.slice(0, 80),
    ),
    pwned: window.__pwned ?? null,
  }));
}

async function assertNothingInjected(page) {
  assert.deepEqual(await injected(page), { elements: [], pwned: null }, 'nothing from the text became markup or ran');
}

/** Milliseconds from navigating to `url` until the game is ready. */
async function timedGoto(page, url) {
  const started = Date.now();
  await page.goto(url);
  await waitReady(page);
  return Date.now() - started;
}

/** Leaves the page and comes back to `url` with a full load (not a same-document jump). */
async function freshLoad(page, url) {
  await page.goto('about:blank');
  return timedGoto(page, url);
}

/** A saved game put into storage before the page's first load in a context. */
function seedSavedGame(game) {
  return {
    init: ({ key, value }) => {
      if (location.protocol.startsWith('http') && !sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    initArg: { key: GAME_KEY, value: JSON.stringify(game) },
  };
}

const SAVED = { v: 1, size: 15, rule: 'freestyle', opponent: 'scoring-000', human: BLACK, moves: 'h8 i9 g7 j10', redo: [] };

// ---- Clicks -------------------------------------------------------------------------------

test('a burst of 30 clicks and double clicks within a few ms while the reply is pending: one stone, one reply', async () => {
  // think=3000: the reply surely lands after the whole burst.
  const session = await openPage(suite, { query: '?ai=scoring-000&think=3000&seed=1' });
  const { page } = session;
  await recordPointerDowns(page);
  const input = await mouse(session);
  const points = [[7, 7]];
  for (let i = 1; i < 24; i++) points.push([(i * 4) % 15, (i * 7) % 15]);
  const pixels = await Promise.all(points.map(([x, y]) => pointToPixel(page, x, y)));

  // Everything is sent at once; the browser delivers it as fast as it can.
  await Promise.all(pixels.map((pixel, i) => input.click(pixel, { double: i % 4 === 0 })));
  const { downs, doubles } = await page.evaluate(() => ({ downs: window.pointerDowns, doubles: window.doubleClicks }));
  assert.ok(downs.length >= 30, `pointer downs: ${downs.length}`);
  assert.equal(doubles, 6, 'the browser saw the double clicks');
  const span = downs.at(-1) - downs[0];
  assert.ok(span < 1500, `the burst took ${span.toFixed(0)} ms`);
  assert.equal((await getState(page)).busy, true, 'the reply was still pending after the burst');

  const state = await waitIdle(page);
  assert.equal(state.moveCount, 2, `only the first click and the reply: ${state.moves}`);
  assert.equal(cell(state, 7, 7), BLACK, 'the first click is the one played');
  assert.deepEqual(humanPoints(state), ['h8']);
  await assertSound(page);
  await input.cdp.detach();
  await session.assertNoErrors();
  await session.close();
});

test('clicks racing quick replies: every stone legal, one reply per human move, right clicks ignored', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=2' });
  const { page } = session;
  const input = await mouse(session);
  const left = [];
  for (let i = 0; i < 40; i++) left.push([(i * 7 + 3) % 15, (i * 11 + 5) % 15]);
  const right = [[0, 14], [14, 14], [14, 0]]; // never clicked with the left button
  const leftNames = new Set(left.map(name));
  assert.ok(right.every((p) => !leftNames.has(name(p))));

  // A frantic player: click after click, each on the heels of the last, until several moves
  // got in between the computer's replies (a cap keeps a broken page from looping forever).
  let clicks = 0;
  clicking: for (let round = 0; round < 8; round++) {
    for (const [i, point] of left.entries()) {
      await input.click(await pointToPixel(page, ...point), { double: i % 5 === 0 });
      if (i % 7 === 0) await input.click(await pointToPixel(page, ...right[i % 3]), { button: 'right' });
      clicks++;
      if (i % 5 === 4) {
        const state = await getState(page);
        if (humanPoints(state).length >= 3 || state.over) break clicking;
      }
    }
  }
  const state = await waitIdle(page);
  const mine = humanPoints(state);
  assert.ok(mine.length >= 2, `several moves got in during ${clicks} clicks: ${state.moves}`);
  for (const point of mine) assert.ok(leftNames.has(point), `${point} was clicked`);
  for (const [x, y] of right) assert.notEqual(cell(state, x, y), BLACK, 'a right click never plays');
  if (!state.over) assert.equal(state.moveCount % 2, 0, 'the computer replied to every human move, once');
  await assertSound(page);
  await screenshot(page, 'hostile-click-burst');
  await input.cdp.detach();
  await session.assertNoErrors();
  await session.close();
});

test('a burst on the winning move: the five ends the game, no stone after it, the human wins', async () => {
  // Black h8–k8 against white a1 a3 a5 a7, black to move: g8 or l8 wins.
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0#moves=h8a1i8a3j8a5k8a7' });
  const { page } = session;
  const input = await mouse(session);
  const points = [[6, 7], [11, 7], [2, 2], [12, 5], [3, 9], [6, 7], [9, 3]];
  const pixels = await Promise.all(points.map(([x, y]) => pointToPixel(page, x, y)));
  await Promise.all(pixels.map((pixel, i) => input.click(pixel, { double: i % 2 === 0 })));

  await page.locator('#game-over').waitFor({ state: 'visible' });
  const state = await assertSound(page);
  assert.equal(state.moveCount, 9, `one stone, then nothing: ${state.moves}`);
  assert.equal(state.moves.split(' ').at(-1), 'g8');
  assert.equal(state.winner, BLACK);
  assert.equal(state.status, 'You win!');
  assert.equal(await page.locator('#game-over-title').textContent(), 'You win!');
  // More clicks after the end change nothing.
  await clickPoint(session, 0, 0);
  assert.equal((await getState(page)).moveCount, 9);
  await input.cdp.detach();
  await session.assertNoErrors();
  await session.close();
});

test('a burst while the computer completes its five: no human stone after it, the computer wins', async () => {
  // White h8–k8 (open four) against black a1 a3 a5 a7; black to move cannot stop both ends.
  const session = await openPage(suite, { query: '?ai=scoring-000&think=300#moves=a1h8a3i8a5j8a7k8' });
  const { page } = session;
  const input = await mouse(session);
  // A block at g8 first, then clicks that keep coming while the computer plays l8 and after.
  // (Rows in the middle: clicks on the board, not on the panel's buttons.)
  const points = [[6, 7], [2, 9], [4, 10], [11, 7], [8, 10], [10, 9], [12, 10], [0, 10], [14, 9], [2, 5]];
  await input.click(await pointToPixel(page, 6, 7));
  await page.waitForFunction(() => window.gomokuPage.state().busy);
  while (!(await getState(page)).over) {
    for (const point of points) await input.click(await pointToPixel(page, ...point), { double: true });
  }
  for (const point of points) await input.click(await pointToPixel(page, ...point));

  const state = await assertSound(page);
  assert.equal(state.moveCount, 10, `the block and the winning reply only: ${state.moves}`);
  assert.equal(state.moves.split(' ').at(-2), 'g8');
  assert.equal(state.moves.split(' ').at(-1), 'l8');
  assert.equal(state.winner, WHITE);
  assert.equal(state.status, 'Computer wins');
  await input.cdp.detach();
  await session.assertNoErrors();
  await session.close();
});

test('Enter held down on the board (key repeat) plays one stone a turn', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=3' });
  const { page } = session;
  await page.focus('#board');
  await page.keyboard.press('ArrowUp'); // the cursor at h9
  const cdp = await session.context.newCDPSession(page);
  const key = (autoRepeat) =>
    cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, autoRepeat });
  await Promise.all(Array.from({ length: 25 }, (_, i) => key(i > 0)));
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
  const state = await waitIdle(page);
  assert.equal(state.moveCount, 2, state.moves);
  assert.equal(cell(state, 7, 8), BLACK);
  await assertSound(page);
  await cdp.detach();
  await session.assertNoErrors();
  await session.close();
});

test('Undo, Redo and board clicks hammered while the computer thinks leave a sound game', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=700&seed=4' });
  const { page } = session;
  await playMove(session, 7, 7);
  await playMove(session, ...harmlessMove(await getState(page)));
  const input = await mouse(session);
  const box = async (id) => {
    const b = await page.locator(`#${id}`).boundingBox();
    return { px: b.x + b.width / 2, py: b.y + b.height / 2 };
  };
  const [undo, redo] = [await box('undo'), await box('redo')];
  const board = await Promise.all([[3, 11], [11, 3], [5, 5]].map(([x, y]) => pointToPixel(page, x, y)));

  await clickPoint(session, 3, 11);
  await page.waitForFunction(() => window.gomokuPage.state().busy);
  const storm = [undo, undo, board[1], redo, undo, board[2], redo, redo, undo, board[0], redo, board[1]];
  await Promise.all(storm.map((pixel) => input.click(pixel, { double: pixel === undo })));
  let state = await waitIdle(page);
  await assertSound(page);
  assert.equal(state.moveCount % 2, 0, `a reply for every human move: ${state.moves}`);
  assert.equal(await page.locator('#undo').isDisabled(), state.moveCount === 0);

  // …and the same storm once more, sequentially, with the computer answering in between.
  for (const pixel of storm) await input.click(pixel);
  state = await waitIdle(page);
  await assertSound(page);
  assert.equal(state.moveCount % 2, 0, state.moves);
  await input.cdp.detach();
  await session.assertNoErrors();
  await session.close();
});

test('Move now double-clicked: the computer plays once, and the stopped search never lands', async () => {
  const session = await openPage(suite, { query: '?ai=search-2000&think=0&seed=13' });
  const { page } = session;
  await clickPoint(session, 7, 7);
  await waitState(page, (s) => s.busy && s.thinking?.best);
  const b = await page.locator('#move-now').boundingBox();
  const input = await mouse(session);
  const started = await page.evaluate(() => performance.now());
  await input.click({ px: b.x + b.width / 2, py: b.y + b.height / 2 }, { double: true });
  let state = await waitIdle(page);
  assert.equal(state.moveCount, 2, state.moves);
  // Past the time the search would have taken, still one reply.
  await page.waitForFunction((t) => performance.now() > t + 2500, started, { timeout: 15_000 });
  state = await assertSound(page);
  assert.equal(state.moveCount, 2);
  await input.cdp.detach();
  await session.assertNoErrors();
  await session.close();
});

// ---- Resizing and New game in the middle of a move ------------------------------------------

/** The colour under board point (x, y) on the canvas, as drawn. */
function pixelAt(page, x, y) {
  return page.evaluate(
    ({ x, y }) => {
      const { origin, step, boardSize } = window.gomokuPage.geometry();
      const canvas = document.getElementById('board');
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      const cx = Math.round((origin + x * step) * scale);
      const cy = Math.round((origin + (boardSize - 1 - y) * step) * scale);
      return Array.from(canvas.getContext('2d').getImageData(cx, cy, 1, 1).data.slice(0, 3));
    },
    { x, y },
  );
}

/** After a resize: the board is painted at its new size, every stone drawn, at full resolution. */
async function assertRepainted(page, cssBefore, ratio) {
  await page.waitForFunction((w) => window.gomokuPage.state().painted.cssSize !== w, cssBefore, { timeout: 10_000 });
  const state = await getState(page);
  const box = await page.locator('#board').boundingBox();
  assert.ok(Math.abs(state.painted.cssSize - box.width) <= 1, `painted at ${state.painted.cssSize}, shown at ${box.width}`);
  assert.ok(Math.abs(state.painted.backingSize - box.width * ratio) <= 2, 'backing store follows the new size');
  assert.equal(state.painted.stones, state.moveCount, 'every stone drawn');
  return state;
}

test('phone turned to landscape and back while the computer thinks: the reply lands, the board repaints, taps hit', async () => {
  const session = await openPage(suite, { device: PHONE, query: '?ai=scoring-000&think=2500&seed=5' });
  const { page } = session;
  const portrait = PHONE.viewport;
  const landscape = { width: portrait.height, height: portrait.width };

  await clickPoint(session, 7, 7);
  await page.waitForFunction(() => window.gomokuPage.state().busy);
  let css = (await getState(page)).painted.cssSize;
  await page.setViewportSize(landscape);
  assert.equal((await getState(page)).busy, true, 'turned while the computer was thinking');
  assert.equal(await page.evaluate(() => screen.orientation.type), 'landscape-primary');
  await assertRepainted(page, css, 3);
  let state = await waitIdle(page);
  assert.equal(state.moveCount, 2, 'the reply landed once');
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.y + box.height <= landscape.height && box.x + box.width <= landscape.width, 'the board fits the landscape screen');
  assert.ok((await pixelAt(page, 7, 7)).every((v) => v < 90), 'the black stone is drawn at h8');

  // A tap in landscape lands where it is aimed; turn back while the next reply is pending.
  const [x, y] = harmlessMove(state);
  await clickPoint(session, x, y);
  await page.waitForFunction(() => window.gomokuPage.state().busy);
  css = (await getState(page)).painted.cssSize;
  await page.setViewportSize(portrait);
  assert.equal((await getState(page)).busy, true, 'turned back while the computer was thinking');
  assert.equal(await page.evaluate(() => screen.orientation.type), 'portrait-primary');
  await assertRepainted(page, css, 3);
  state = await waitIdle(page);
  assert.equal(cell(state, x, y), BLACK, `the landscape tap played ${name([x, y])}`);
  assert.equal(state.moveCount, 4);
  const next = harmlessMove(state);
  state = await playMove(session, ...next);
  assert.equal(cell(state, ...next), BLACK, 'the portrait tap lands where aimed');
  await assertSound(page);
  await session.assertNoErrors();
  await session.close();
});

test('desktop window resized repeatedly while the computer thinks and a stone settles: clicks still map right', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=1200&seed=6' });
  const { page } = session;
  await clickPoint(session, 7, 7);
  let css = (await getState(page)).painted.cssSize;
  // Resized while the black stone is still settling and the computer thinks.
  for (const size of [{ width: 700, height: 900 }, { width: 1600, height: 500 }, { width: 1000, height: 700 }]) {
    await page.setViewportSize(size);
    const state = await assertRepainted(page, css, 1);
    css = state.painted.cssSize;
  }
  let state = await waitIdle(page);
  assert.equal(state.moveCount, 2);
  for (const point of [[0, 0], [14, 14], [2, 12]]) {
    if (cell(state, ...point) !== 0) continue;
    state = await playMove(session, ...point);
    assert.equal(cell(state, ...point), BLACK, `the click played ${name(point)}`);
  }
  await assertSound(page);
  await session.assertNoErrors();
  await session.close();
});

test('New game chosen while the computer searches: the old search never lands on the new game', async () => {
  const session = await openPage(suite, { query: '?ai=search-4000&think=0&seed=7' });
  const { page } = session;
  await clickPoint(session, 7, 7);
  await waitState(page, (s) => s.busy && s.thinking !== null);
  await page.click('#new-game');
  await page.click('#settings label:has(input[name="first"][value="computer"])');
  await page.selectOption('#size', '9');
  await page.selectOption('#new-level', 'scoring-000');
  const searching = await getState(page);
  assert.equal(searching.busy, true, 'still searching when the new game starts');
  await page.click('#start');
  let state = await waitIdle(page);
  assert.equal(state.size, 9);
  assert.equal(state.human, WHITE);
  assert.equal(state.moveCount, 1, `only the computer's opening: ${state.moves}`);
  // The abandoned search's worker was ended (and a fresh one started): its answer can never come.
  assert.ok(state.workers > searching.workers, `workers started: ${searching.workers} → ${state.workers}`);
  state = await assertSound(page);
  assert.equal(state.moveCount, 1);
  assert.equal(state.status, 'Your move (white)');
  state = await playMove(session, ...harmlessMove(state));
  assert.equal(state.moveCount, 3, 'the new game plays on');
  await assertSound(page);
  await session.assertNoErrors();
  await session.close();
});

test('New game dialog cancelled while the computer thinks: the game goes on, the reply lands once', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=1500&seed=8' });
  const { page } = session;
  await clickPoint(session, 7, 7);
  await page.waitForFunction(() => window.gomokuPage.state().busy);
  await page.click('#new-game');
  await page.locator('#new-game-dialog').waitFor({ state: 'visible' });
  await page.click('#new-game-cancel');
  let state = await waitIdle(page);
  assert.equal(state.moveCount, 2);
  assert.equal(cell(state, 7, 7), BLACK);
  // Open it again and press Escape while the next reply is pending.
  const [x, y] = harmlessMove(state);
  await clickPoint(session, x, y);
  await page.waitForFunction(() => window.gomokuPage.state().busy);
  await page.click('#new-game');
  await page.keyboard.press('Escape');
  state = await waitIdle(page);
  assert.equal(state.moveCount, 4, state.moves);
  await assertSound(page);
  await session.assertNoErrors();
  await session.close();
});

// ---- Two tabs ---------------------------------------------------------------------------

/** Another tab in the same browser context (same storage), its errors joining the session's. */
async function openTab(session, url) {
  const page = await session.context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') session.errors.push(`tab console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => session.errors.push(`tab page error: ${err.message}`));
  await page.goto(url);
  await waitReady(page);
  return { ...session, page, isTouch: false };
}

const savedGame = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key)), GAME_KEY);
const pick = (s) => ({ moves: s.moves, size: s.size, rule: s.rule, level: s.level, human: s.human });

// Sensible behaviour with two tabs: each tab plays its own game and keeps it in its own
// address, so a reload of either brings back that tab's game. Storage holds one whole game,
// the one most recently changed (or loaded): the last writer wins, and a page opened on the
// bare address resumes that game. Tabs never read each other's writes while playing.
test('two tabs play different games: each keeps its own over a reload; storage holds the last writer whole', async () => {
  const a = await openPage(suite, { query: '?think=0&seed=1#ai=scoring-000' });
  const b = await openTab(a, `${suite.url}?think=0&seed=2#ai=pattern-001&size=13&rule=standard`);

  let stateA = await playMove(a, 7, 7);
  let stateB = await playMove(b, 6, 6);
  assert.deepEqual(pick(await savedGame(a.page)), pick(stateB), 'B wrote last');
  stateA = await playMove(a, ...harmlessMove(stateA));
  assert.deepEqual(pick(await savedGame(b.page)), pick(stateA), 'A wrote last');
  assert.deepEqual(pick(await getState(b.page)), pick(stateB), "A's writes never change B's game");
  stateB = await playMove(b, ...harmlessMove(stateB));
  assert.deepEqual(pick(await getState(a.page)), pick(stateA), "B's writes never change A's game");
  assert.deepEqual(pick(await savedGame(a.page)), pick(stateB));

  await a.page.reload();
  await waitReady(a.page);
  assert.deepEqual(pick(await assertSound(a.page)), pick(stateA), 'A reloads its own game from its address');
  await b.page.reload();
  await waitReady(b.page);
  assert.deepEqual(pick(await assertSound(b.page)), pick(stateB), 'B reloads its own game');

  // A third tab on the bare address resumes the last writer's game (B reloaded last).
  const c = await openTab(a, `${suite.url}?think=0`);
  assert.deepEqual(pick(await assertSound(c.page)), pick(stateB));
  // Playing on in C forks B's game; B's own tab is untouched and A's reload still gives A.
  const stateC = await playMove(c, ...harmlessMove(await getState(c.page)));
  assert.deepEqual(pick(await getState(b.page)), pick(stateB));
  await a.page.reload();
  await waitReady(a.page);
  assert.deepEqual(pick(await assertSound(a.page)), pick(stateA));
  assert.notDeepEqual(pick(stateC), pick(stateB));
  await a.assertNoErrors();
  await a.close();
});

test('two tabs thinking at once each get their own reply', async () => {
  const a = await openPage(suite, { query: '?think=800&seed=3#ai=scoring-000' });
  const b = await openTab(a, `${suite.url}?think=800&seed=4#ai=scoring-000&size=11`);
  await clickPoint(a, 7, 7);
  await clickPoint(b, 5, 5);
  await a.page.waitForFunction(() => window.gomokuPage.state().busy);
  const [stateA, stateB] = await Promise.all([waitIdle(a.page), waitIdle(b.page)]);
  assert.equal(stateA.moveCount, 2);
  assert.equal(stateB.moveCount, 2);
  assert.equal(stateA.size, 15);
  assert.equal(stateB.size, 11);
  // Storage holds whichever game changed last, whole; each tab's address holds its own.
  const saved = pick(await savedGame(a.page));
  assert.ok([pick(stateA), pick(stateB)].some((game) => isDeepStrictEqual(game, saved)), JSON.stringify(saved));
  await assertSound(a.page, { saved: false });
  await assertSound(b.page, { saved: false });
  await a.assertNoErrors();
  await a.close();
});

// ---- Storage ----------------------------------------------------------------------------

const NO_STORAGE = [
  ['switched off', () => Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } })],
  ['full', () => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }],
];

for (const [label, init] of NO_STORAGE) {
  test(`storage ${label}: the page says the game is not saved, plays, and the address keeps the game`, async () => {
    const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=9', init });
    const { page } = session;
    const note = page.locator('#save-off');
    await note.waitFor({ state: 'visible' });
    assert.match(await note.textContent(), /not saving/i);
    if (label === 'switched off') await screenshot(page, 'hostile-storage-off', { fullPage: true });
    await playMove(session, 7, 7);
    const state = await playMove(session, ...harmlessMove(await getState(page)));
    await assertSound(page, { saved: false });
    await page.reload();
    await waitReady(page);
    const again = await assertSound(page, { saved: false });
    assert.equal(again.moves, state.moves, 'the game came back from the address');
    assert.equal(await note.isVisible(), true);
    await session.assertNoErrors();
    await session.close();
  });
}

test('storage filling up mid-game: the last saved copy stays whole, the note comes and goes', async () => {
  const session = await openPage(suite, {
    query: '?ai=scoring-000&think=0&seed=10',
    init: () => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (window.storageFull) throw new DOMException('full', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    },
  });
  const { page } = session;
  const note = page.locator('#save-off');
  const first = await playMove(session, 7, 7);
  assert.equal(await note.isVisible(), false);
  await page.evaluate(() => (window.storageFull = true));
  const second = await playMove(session, ...harmlessMove(first));
  assert.equal(await note.isVisible(), true, 'the player is told');
  const saved = await savedGame(page);
  assert.equal(saved.moves, first.moves, 'storage keeps the last whole game, not a broken one');
  await assertSound(page, { saved: false });

  await page.evaluate(() => (window.storageFull = false));
  const third = await playMove(session, ...harmlessMove(second));
  assert.equal(await note.isVisible(), false, 'saving again');
  await assertSound(page);
  await page.evaluate(() => (window.storageFull = true));
  const fourth = await playMove(session, ...harmlessMove(third));
  await page.reload(); // storage works again after the reload (the flag is gone)
  await waitReady(page);
  const again = await assertSound(page);
  assert.equal(again.moves, fourth.moves, 'nothing lost: the address had the latest game');
  await session.assertNoErrors();
  await session.close();
});

// A saved game is text anyone with the browser's tools can change: a redo list holding an
// object without a usable toString, or moves off any board, must not stop the page.
for (const [label, redo] of [['an object for a move', [{ toString: null }]], ['a row past 20', ['a99']], ['a number', [7]]]) {
  test(`saved game with ${label} in its redo list: a new game with a note, no crash`, async () => {
    const session = await openPage(suite, {
      query: '?think=0',
      wait: false,
      ...seedSavedGame({ ...SAVED, redo }),
    });
    const { page } = session;
    await waitReady(page);
    const state = await assertSound(page);
    assert.equal(state.moveCount, 0);
    assert.equal(state.detail, 'The saved game could not be restored, so a new game was started.');
    await page.selectOption('#level', 'scoring-000');
    assert.equal((await playMove(session, 7, 7)).moveCount, 2);
    await session.assertNoErrors();
    await session.close();
  });
}

// ---- Malformed and oversized links --------------------------------------------------------

test('a 1 MB hash: refused at once with a message, loads in reasonable time, the saved game is kept', async () => {
  const session = await openPage(suite, { query: '?think=0', wait: false, ...seedSavedGame(SAVED) });
  const { page } = session;
  await waitReady(page);
  const hash = `#moves=${'h8'.repeat(250_000)}&size=<img src=x onerror=__pwned=1>${'%'.repeat(500_000)}`;
  assert.ok(hash.length > 1_000_000);
  const ms = await freshLoad(page, `${suite.url}?think=0${hash}`);
  assert.ok(ms < 15_000, `ready ${ms} ms after navigating`);
  const state = await assertSound(page);
  assert.equal(state.moves, SAVED.moves, 'the saved game is resumed');
  assert.match(state.detail, /^The link was not fully understood.*: the link is too long$/);
  assert.ok(page.url().length < 500, 'the address no longer carries the megabyte');
  const started = Date.now();
  await getState(page);
  assert.ok(Date.now() - started < 1000, 'the page answers at once');
  await assertNothingInjected(page);
  await session.assertNoErrors();
  await session.close();
});

test('thousands of moves in a link: refused with a message, the page intact', async () => {
  const session = await openPage(suite, { query: '?think=0' });
  const { page } = session;
  const legalThenMore = 'h8a1i8a3j8a5k8a7l8a9b2'; // the game ends at l8, two moves too many
  const cases = [
    [`moves=${'h8'.repeat(1900)}`, /moves “(h8){20}…” is not valid/],
    [`moves=${'h8+i9+'.repeat(700)}`, /the link is too long/],
    [`moves=${Array.from({ length: 225 }, (_, i) => name([i % 15, Math.floor(i / 15)])).join('')}`, /moves: .*cannot be played: the game is over/i],
    [`moves=${legalThenMore}`, /moves: move 10 \(a9\) cannot be played: the game is over/i],
  ];
  for (const [i, [hash, message]] of cases.entries()) {
    await freshLoad(page, `${suite.url}?think=0&case=${i}#${hash}`);
    const state = await assertSound(page);
    assert.match(state.detail, /^The link was not fully understood/);
    assert.match(state.detail, message);
    assert.ok(state.detail.length < 300, 'the message stays short');
    assert.equal(state.moveCount, 0);
  }
  await session.assertNoErrors();
  await session.close();
});

test('unicode, control characters and broken percent-escapes in a link: refused, shown readably', async () => {
  const session = await openPage(suite, { query: '?think=0' });
  const { page } = session;
  const cases = [
    ['size=%EF%BC%91%EF%BC%95', 'size “１５” is not valid'], // full-width digits
    ['you=%E2%80%AEetihw', 'you “\uFFFDetihw” is not valid'], // a right-to-left override, made visible
    ['rule=free%00style', 'rule “free\uFFFDstyle” is not valid'], // NUL
    ['ai=search%E2%80%8B-100', 'ai “search\uFFFD-100” is not valid'], // a zero-width space
    ['size=%F0%9F%98%80%F0%9F%98%80', 'size “😀😀” is not valid'],
    ['moves=h%EF%BC%98', /moves: bad move list at character 1 \('h'\): expected a row number/i],
    ['size=%ED%A0%80', 'size “\uFFFD\uFFFD\uFFFD” is not valid'], // a lone surrogate in UTF-8
    ['size=%zz&rule=%&ai=%%41', 'size “%zz” is not valid; rule “%” is not valid; ai “%A” is not valid'],
    ['size=%C0%AF', 'size “\uFFFD\uFFFD” is not valid'], // an overlong encoding
    [`you=x${'%F0%9F%98%80'.repeat(50)}`, `you “x${'😀'.repeat(39)}…” is not valid`], // cut between characters, not inside one
  ];
  for (const [i, [hash, message]] of cases.entries()) {
    await freshLoad(page, `${suite.url}?think=0&case=${i}#${hash}`);
    const state = await assertSound(page);
    assert.match(state.detail, /^The link was not fully understood/);
    if (typeof message === 'string') assert.ok(state.detail.includes(message), `${hash}: ${state.detail}`);
    else assert.match(state.detail, message);
    assert.doesNotMatch(state.detail, /[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/u, 'no control or direction characters');
    assert.doesNotMatch(state.detail, /[\ud800-\udbff](?![\udc00-\udfff])/u, 'no broken surrogate pair');
    assert.equal(await page.locator('#status-detail').getAttribute('data-kind'), 'error');
  }
  await session.assertNoErrors();
  await session.close();
});

test('repeated keys: the last value wins, for the first paint, embed and language as for the game', async () => {
  const session = await openPage(suite, { query: '?think=0' });
  const { page } = session;
  const cases = [
    ['?think=0&size=9#size=13&size=11', { size: 11, embed: false, lang: 'en' }],
    ['?think=0#size=%3Cb%3E&size=9', { size: 9, embed: false, lang: 'en' }],
    ['?think=0#embed=1&embed=0&moves=h8', { size: 15, embed: false, lang: 'en' }],
    ['?think=0&embed=0#embed=yes&moves=h8', { size: 15, embed: true, lang: 'en' }],
    ['?think=0#lang=zh-CN&lang=en&size=13', { size: 13, embed: false, lang: 'en' }],
    ['?think=0&lang=en#lang=zh-CN&size=13', { size: 13, embed: false, lang: 'zh-CN' }],
  ];
  for (const [query, expected] of cases) {
    await freshLoad(page, `${suite.url}${query}`);
    const state = await getState(page);
    const page_ = await page.evaluate(() => ({
      embedClass: document.documentElement.classList.contains('embed'),
      lang: document.documentElement.lang,
    }));
    assert.deepEqual(
      { size: state.size, embed: state.embed, lang: state.lang },
      expected,
      `${query}: the game`,
    );
    assert.equal(page_.embedClass, state.embed, `${query}: the page looks like what it does`);
    assert.equal(page_.lang, state.lang);
  }
  await session.assertNoErrors();
  await session.close();
});

test('a language named like an object property (toString, __proto__) is refused; the browser language is used', async () => {
  const session = await openPage(suite, { query: '?think=0', context: { locale: 'zh-CN' } });
  const { page } = session;
  for (const [i, lang] of ['toString', '__proto__', 'constructor', 'hasOwnProperty'].entries()) {
    await freshLoad(page, `${suite.url}?think=0&case=${i}#lang=${lang}`);
    const state = await getState(page);
    assert.equal(state.lang, 'zh-CN', `lang=${lang}`);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    assert.ok(state.detail.includes(`lang“${lang}”无效`), state.detail);
    assert.equal(await page.title(), '五子棋 Gomoku');
  }
  await session.assertNoErrors();
  await session.close();
});

test('first= and you= named like object properties are refused; the human still plays black', async () => {
  const session = await openPage(suite, { query: '?think=0' });
  const { page } = session;
  for (const [i, hash] of ['#you=constructor', '#first=toString', '#you=__proto__&ai=scoring-000', '#first=valueOf&you=hasOwnProperty'].entries()) {
    await freshLoad(page, `${suite.url}?think=0&case=${i}${hash}`);
    const state = await assertSound(page);
    assert.equal(state.human, BLACK, hash);
    assert.match(state.detail, /^The link was not fully understood.*(you|first) “\w+” is not valid/, hash);
    assert.equal(state.status, 'Your move (black)');
  }
  await page.selectOption('#level', 'scoring-000');
  const state = await playMove(session, 7, 7);
  assert.equal(state.moveCount, 2, 'the page plays on');
  await session.assertNoErrors();
  await session.close();
});

test('NaN, negative, fractional and huge numbers are refused: size, seed, think and ply', async () => {
  const session = await openPage(suite, { query: '?think=0' });
  const { page } = session;
  const values = ['NaN', '-9', '0', '4', '21', '1e1', '0x10', '15.5', '99999999999999999999', 'Infinity', '%2015', '%2B15', '', '-0', '１5'];
  for (const [i, value] of values.entries()) {
    const hash = `#size=${value}&seed=${value}&think=${value}&embed=1&replay=1&moves=h8i9&ply=${value}`;
    await freshLoad(page, `${suite.url}?case=${i}${hash}`);
    const state = await getState(page);
    const shown = decodeURIComponent(value.replaceAll('+', ' '));
    assert.ok(state.detail.includes(`size “${shown}” is not valid`), `${value}: ${state.detail}`);
    const whole = /^\d{1,10}$/.test(shown);
    for (const param of ['seed', 'think', 'ply']) {
      const max = { seed: 2 ** 32 - 1, think: 10_000, ply: 400 }[param];
      const refused = !whole || Number(shown) > max;
      assert.equal(state.detail.includes(`${param} “${shown}” is not valid`), refused, `${param}=${value}: ${state.detail}`);
    }
    assert.equal(state.size, 15);
    assert.equal(state.moves, 'h8 i9');
    await assertSound(page);
  }
  await session.assertNoErrors();
  await session.close();
});

test('a broken link never replaces the saved game; pasted into an open page it keeps the game in play', async () => {
  const session = await openPage(suite, { query: '?think=0', wait: false, ...seedSavedGame(SAVED) });
  const { page } = session;
  await waitReady(page);
  assert.equal((await getState(page)).moves, SAVED.moves, 'the bare address resumes the saved game');
  const broken = ['#moves=h8h8', '#size=99&moves=h8', '#ai=<img src=x>&moves=h8', '#moves=%3Cscript%3E', '#you=red'];
  for (const [i, hash] of broken.entries()) {
    await freshLoad(page, `${suite.url}?think=0&case=${i}${hash}`);
    const state = await assertSound(page);
    assert.equal(state.moves, SAVED.moves, `${hash}: the saved game is kept`);
    assert.match(state.detail, /^The link was not fully understood, so your game was kept: /);
    assert.equal(await page.locator('#status-detail').getAttribute('data-kind'), 'error');
  }

  // Pasted into the address bar of the open page (a hash change): the game in play stays.
  let state = await playMove(session, ...harmlessMove(await getState(page)));
  const address = await page.evaluate(() => location.hash);
  for (const hash of broken) {
    await page.evaluate((h) => (location.hash = h), hash);
    // The page puts its own game back into the address.
    await page.waitForFunction((a) => location.hash === a, address);
    const now = await assertSound(page);
    assert.match(now.detail, /^The link was not fully understood, so your game was kept: /);
    assert.equal(now.moves, state.moves, `${hash}: the game in play is kept`);
  }
  // A good link still starts its game.
  await page.evaluate(() => (location.hash = '#moves=h8i9&size=9&ai=scoring-000'));
  state = await waitState(page, (s) => s.size === 9);
  assert.equal(state.moves, 'h8 i9');
  assert.equal(state.detail, '');
  await assertSound(page);
  await assertNothingInjected(page);
  await session.assertNoErrors();
  await session.close();
});

// ---- Script-like text -------------------------------------------------------------------

const PAYLOADS = [
  '<img src=x onerror=__pwned=1>',
  '"><script>__pwned=2</script>',
  'javascript:__pwned=3',
  "<svg onload=__pwned=4>'",
  '{details}$&$1<b>x</b>',
];

const PARAMS = ['size', 'rule', 'ai', 'opponent', 'first', 'you', 'black', 'white', 'moves', 'heatmap', 'analysis', 'numbers', 'scores', 'embed', 'replay', 'lang', 'ply', 'seed', 'think'];

test('script-like strings in every link parameter are shown as text and never run', async () => {
  const session = await openPage(suite, { query: '?think=0' });
  const { page } = session;
  const levels = await page.locator('#level option').count();
  const groups = [0, 4, 8, 12, 16].map((i) => PARAMS.slice(i, i + 4)); // the message lists four problems
  for (const [i, payload] of PAYLOADS.entries()) {
    const value = encodeURIComponent(payload);
    // Every parameter in the query and the hash, and as a parameter name, on a fresh load.
    const all = `${PARAMS.map((p) => `${p}=${value}`).join('&')}&${value}=${value}`;
    await freshLoad(page, `${suite.url}?${all}&case=${i}#${all}`);
    let state = await getState(page);
    // 17 problems: ai= and first= give way to opponent= and you=, their later other names.
    assert.match(state.detail, /^The link was not fully understood.*; and 13 more$/);
    assert.ok(state.detail.includes(`size “${payload}” is not valid`), state.detail);
    assert.equal(await page.locator('#status-detail').evaluate((el) => el.childElementCount), 0);
    await assertNothingInjected(page);
    assert.equal(await page.title(), 'Gomoku');
    assert.equal(state.lang, 'en');
    assert.equal(state.embed, false);
    assert.deepEqual(state.explain, { heatmap: false, analysis: false, numbers: false, scores: false });
    assert.equal(await page.locator('#level option').count(), levels, 'no level was added');
    await assertSound(page);
    if (i === 0) await screenshot(page, 'hostile-link-refused');

    // Four parameters at a time pasted into the open page: each quoted back literally.
    const address = await page.evaluate(() => location.hash);
    for (const group of groups) {
      await page.evaluate((h) => (location.hash = h), `#${group.map((p) => `${p}=${value}`).join('&')}`);
      await page.waitForFunction((a) => location.hash === a, address);
      state = await getState(page);
      const replaced = { ai: 'opponent', first: 'you' }; // by a later other name in the group
      for (const param of group.filter((p) => p !== 'moves' && !group.includes(replaced[p]))) {
        assert.ok(state.detail.includes(`${param} “${payload}” is not valid`), `${param} shown literally: ${state.detail}`);
      }
      if (group.includes('moves')) assert.match(state.detail, /moves: Bad move list at character 1/);
      assert.equal(await page.locator('#status-detail').evaluate((el) => el.childElementCount), 0);
      await assertNothingInjected(page);
    }
  }
  // The page still plays after all that.
  await page.selectOption('#level', 'scoring-000');
  const state = await playMove(session, 4, 4);
  assert.equal(state.moveCount, 2);
  await assertSound(page);
  await assertNothingInjected(page);
  await session.assertNoErrors();
  await session.close();
});

test('script-like strings in the move-list loader and in PSQ files are shown as text and never run', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=11' });
  const { page } = session;
  const played = await playMove(session, 7, 7);
  await page.click('#load-moves');
  for (const payload of [...PAYLOADS, `h8 ${PAYLOADS[0]}`, `Piskvorky ${PAYLOADS[0]}`, `Piskvorky 15x15, 11:11, 0\n${PAYLOADS[1]}\n8,8,0`]) {
    await page.fill('#load-text', payload);
    await page.click('#load-submit');
    const error = page.locator('#load-error');
    await page.waitForFunction(() => document.getElementById('load-error').textContent !== '');
    assert.match(await error.textContent(), /^(Could not load the moves|Not a PSQ record): /, payload);
    assert.equal(await error.evaluate((el) => el.childElementCount), 0);
    assert.equal(await page.locator('#load-dialog').isVisible(), true, 'the dialog stays open with the error');
    await assertNothingInjected(page);
    assert.equal((await getState(page)).moves, played.moves, 'the game is unchanged');
    await page.evaluate(() => (document.getElementById('load-error').textContent = ''));
  }
  await page.click('#load-cancel');

  const files = [
    [`${PAYLOADS[0]}.psq`, `Piskvorky 15x15, 11:11, 0\n${PAYLOADS[0]}\n`, /^Not a PSQ record: /],
    ['a.psq', `Piskvorky ${PAYLOADS[1]}\n8,8,0\n`, /^Not a PSQ record: /],
    ['b.psq', `${PAYLOADS[3]}\n`, /^Could not load the moves: /],
  ];
  for (const [fileName, text, message] of files) {
    await page.evaluate(() => (document.getElementById('record-message').textContent = ''));
    await page.setInputFiles('#psq-file', { name: fileName, mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.waitForFunction(() => document.getElementById('record-message').textContent !== '');
    assert.match(await page.locator('#record-message').textContent(), message, fileName);
    assert.equal(await page.locator('#record-message').evaluate((el) => el.childElementCount), 0);
    assert.equal((await getState(page)).moves, played.moves, `${fileName}: the game is unchanged`);
    await assertNothingInjected(page);
  }
  // Engine names after the moves are ignored, whatever they say.
  await page.setInputFiles('#psq-file', {
    name: 'ok.psq',
    mimeType: 'text/plain',
    buffer: Buffer.from(`Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\n-1\n${PAYLOADS[0]}\n${PAYLOADS[1]}\n`),
  });
  const loaded = await waitState(page, (s) => s.moves.startsWith('h8 i9') && s.idle);
  assert.equal(loaded.moveCount, 2);
  await assertSound(page);
  await assertNothingInjected(page);
  await session.assertNoErrors();
  await session.close();
});

test('a 1 MB paste and a 200 KB PSQ file are refused quickly, the game kept', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=12' });
  const { page } = session;
  const played = await playMove(session, 7, 7);
  await page.click('#load-moves');
  for (const text of ['h8 '.repeat(350_000), 'x'.repeat(1_000_000), `${'a1 '.repeat(300_000)}<img src=x onerror=__pwned=1>`]) {
    await page.locator('#load-text').evaluate((el, t) => (el.value = t), text);
    const started = Date.now();
    await page.click('#load-submit');
    await page.waitForFunction(() => document.getElementById('load-error').textContent !== '');
    assert.ok(Date.now() - started < 5000, `refused in ${Date.now() - started} ms`);
    const error = await page.locator('#load-error').textContent();
    assert.match(error, /^Could not load the moves: /);
    assert.ok(error.length < 200, 'a short message');
    assert.equal((await getState(page)).moves, played.moves);
    await page.evaluate(() => (document.getElementById('load-error').textContent = ''));
  }
  await page.click('#load-cancel');

  const big = `Piskvorky 15x15, 11:11, 0\n8,8,0\n${'9,9,0\n'.repeat(40_000)}`;
  assert.ok(big.length > 200_000);
  await page.setInputFiles('#psq-file', { name: 'big.psq', mimeType: 'text/plain', buffer: Buffer.from(big) });
  await page.waitForFunction(() => document.getElementById('record-message').textContent !== '');
  assert.match(await page.locator('#record-message').textContent(), /too large/i);
  assert.equal((await getState(page)).moves, played.moves, 'the game is unchanged');
  await assertSound(page);
  await assertNothingInjected(page);
  await session.assertNoErrors();
  await session.close();
});
