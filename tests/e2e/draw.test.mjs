// A renju game that ends because black, to move, has only forbidden points left: opened by
// link, played to that point, or opened as a PSQ record, it is over as a draw that says why
// (in English and Chinese), the board takes no click, and undo reopens it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { BLACK, DESKTOP, PHONE, WHITE, clickPoint, getState, openPage, pointToPixel, screenshot, settle, startSuite, waitState } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

// The game of NO_LEGAL_POINT_FOR_BLACK in tests/common/mod.rs: 224 stones, black to move,
// and the one point left, e12, would make an overline.
const MOVES =
  'k11 l11 k9 k12 m10 j12 l12 j10 j9 l9 j8 i7 k8 k7 i8 l8 l7 i10 h9 g10 h10 h8 j6 j5 g7 h7 g9 i9 f8 e7 e9 h6 h5 f9 ' +
  'h11 h12 i12 d10 d8 e8 d7 i6 g8 e6 f6 f10 e5 g5 f4 d4 k4 d6 f5 f7 c10 m6 m11 n10 i11 m9 o11 j11 j14 f2 k14 m14 ' +
  'l13 i15 i14 h14 m13 j13 c5 d5 d3 c4 b3 e4 f3 e11 f12 b4 a4 i4 h3 g3 n11 m12 d12 c12 n12 l10 i3 k5 n14 o15 n13 ' +
  'n15 o13 k13 m5 k15 o12 o9 c3 e3 o10 o14 d11 j15 l15 g15 h15 g4 g2 l4 l5 b9 b10 e13 e14 k6 f13 g12 j3 h1 b6 j1 ' +
  'f15 c7 a5 f14 l3 k3 a3 a2 a6 a7 c14 d14 l2 n2 n6 b8 c9 i1 k1 f1 g1 m3 o1 a13 k2 c13 i13 d13 b13 n8 m4 m7 l6 n7 ' +
  'n5 o6 l1 m8 k10 a15 n1 m1 b12 b11 i2 m2 e1 g13 g14 o5 o7 a9 j2 a10 a8 a12 a11 f11 h13 e10 c6 o2 o3 c8 d9 h2 b7 ' +
  'h4 b1 n4 a1 c1 g6 o8 i5 n3 j4 e2 c2 c11 d2 o4 j7 d1 g11 a14 d15 l14 c15 b14 b2 e15 b5 b15 n9 m15';
const compact = (moves) => moves.replaceAll(' ', '');
const E12 = [4, 11];
const M15 = [12, 14];

const TEXT = {
  en: { status: 'Draw', title: 'Draw', detail: 'No legal point is left for black: a draw.' },
  'zh-CN': { status: '和棋', title: '和棋', detail: '黑棋已无合法落子点：和棋。' },
};

/** The page shows the game drawn for want of a legal point for black, in `lang`. */
async function assertDrawnWhy(page, lang) {
  const state = await getState(page);
  assert.equal(state.lang, lang);
  assert.equal(state.over, true);
  assert.equal(state.winner, 0);
  assert.equal(state.draw, true);
  assert.equal(state.drawReason, 'no_legal_move');
  assert.equal(state.sideToMove, BLACK);
  assert.deepEqual(state.winningLine, []);
  assert.equal(state.status, TEXT[lang].status);
  assert.equal(state.detail, TEXT[lang].detail);
  assert.equal(await page.locator('#game-over').isVisible(), true);
  assert.equal(await page.locator('#game-over-title').textContent(), TEXT[lang].title);
  assert.equal(await page.locator('#game-over-detail').textContent(), TEXT[lang].detail);
  return state;
}

/** The card leaves e12 (the forbidden point that ended the game) and most of the board in view. */
async function assertCardLeavesBoard(page) {
  const card = await page.locator('#game-over').boundingBox();
  const board = await page.locator('#board').boundingBox();
  const { px, py } = await pointToPixel(page, ...E12);
  const covered = px >= card.x && px <= card.x + card.width && py >= card.y && py <= card.y + card.height;
  assert.ok(!covered, 'the card covers e12');
  assert.ok(card.height < board.height / 2, `the card is ${card.height} px high on a board of ${board.height}`);
}

for (const [name, device] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`${name}: a renju game left without a legal point for black, opened by link, is a draw that says why`, async () => {
    const session = await openPage(suite, { device, query: `?think=0#rule=renju&moves=${compact(MOVES)}` });
    const { page } = session;
    let state = await assertDrawnWhy(page, 'en');
    assert.equal(state.moveCount, 224);
    assert.equal(state.moves, MOVES);
    assert.equal(state.rule, 'renju');
    // e12, the point left, is marked forbidden: it is why the game ended.
    assert.deepEqual(state.forbidden, [E12]);
    assert.equal(await page.locator('#board').getAttribute('data-interactive'), 'false');
    await assertCardLeavesBoard(page);

    // The board takes no click: not on the point left, not on a stone.
    for (const point of [E12, [7, 7]]) {
      await clickPoint(session, ...point);
      await settle(page);
      state = await getState(page);
      assert.equal(state.moveCount, 224);
      assert.equal(state.board[E12[1] * 15 + E12[0]], 0, 'e12 is still empty');
      assert.equal(state.detail, TEXT.en.detail, 'no refusal replaces the reason');
    }
    await page.mouse.move(0, 0);
    await screenshot(page, `${name}-renju-no-legal-point-en`);

    await page.selectOption('#lang', 'zh-CN');
    await assertDrawnWhy(page, 'zh-CN');
    await assertCardLeavesBoard(page);
    await screenshot(page, `${name}-renju-no-legal-point-zh-CN`);
    await session.assertNoErrors();
    await session.close();
  });
}

test("two players: white's move that leaves black no legal point ends the game; undo reopens it, redo ends it again", async () => {
  const before = MOVES.split(' ').slice(0, -1).join(' ');
  const session = await openPage(suite, { query: `?think=0#rule=renju&black=human&white=human&moves=${compact(before)}` });
  const { page } = session;
  let state = await getState(page);
  assert.equal(state.mode, 'two');
  assert.equal(state.over, false);
  assert.equal(state.sideToMove, WHITE);
  assert.equal(state.drawReason, null);

  await clickPoint(session, ...M15);
  state = await waitState(page, (s) => s.moveCount === 224);
  await assertDrawnWhy(page, 'en');

  await page.click('#undo');
  state = await waitState(page, (s) => s.moveCount === 223);
  assert.equal(state.over, false);
  assert.equal(state.draw, false);
  assert.equal(state.drawReason, null);
  assert.equal(state.sideToMove, WHITE);
  assert.deepEqual(state.forbidden, []);
  assert.equal(await page.locator('#game-over').isVisible(), false);
  assert.equal(state.status, 'White to move');

  // Redo plays m15 again: the same draw.
  await page.click('#redo');
  await waitState(page, (s) => s.moveCount === 224);
  await assertDrawnWhy(page, 'en');
  await session.assertNoErrors();
  await session.close();
});

test('a PSQ record of such a game opens as the same draw', async () => {
  const session = await openPage(suite, { query: `?think=0#rule=renju&moves=${compact(MOVES)}` });
  const { page } = session;
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-psq')]);
  const psq = await readFile(await download.path(), 'utf8');
  assert.equal(psq.trim().split('\n').length, 224 + 2, 'the header, 224 moves and the end line');
  await session.close();

  const fresh = await openPage(suite, { query: '?think=0&rule=renju&ai=scoring-000' });
  await fresh.page.setInputFiles('#psq-file', { name: 'draw.psq', mimeType: 'text/plain', buffer: Buffer.from(psq) });
  const state = await waitState(fresh.page, (s) => s.moveCount === 224);
  assert.equal(state.moves, MOVES);
  await assertDrawnWhy(fresh.page, 'en');
  await fresh.assertNoErrors();
  await fresh.close();
});
