// Puzzles (puzzles.html): a puzzle of the set played out by clicking, the computer's forced
// replies, a wrong move and its escape, hint, solution, next, progress kept over a reload,
// `puzzle=` and `moves=` links, a quiet move that keeps the win accepted, bad links refused
// calmly, both languages; at 1280×800, 390×844 and in a 320×360 frame; and a reviewed game's
// missed win offered as a puzzle.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { parseSet } from '../../www/js/puzzle-set.js';
import { DESKTOP, PHONE, openPage, screenshot, startSuite, waitState } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

const SET = parseSet(readFileSync('www/puzzles.txt', 'utf8'));
const FRAME_320 = { viewport: { width: 320, height: 360 }, hasTouch: true, isMobile: true };

const puzzleState = (page) => page.evaluate(() => window.gomokuPuzzles.state());

async function openPuzzles(query, device = DESKTOP, options = {}) {
  const session = await openPage(suite, { query: `puzzles.html${query}`, device, wait: false, ...options });
  await session.page.waitForFunction(() => window.gomokuPuzzles?.ready === true, null, { timeout: 30_000 });
  await waitPhase(session.page, (p) => p !== 'loading');
  return session;
}

/** Polls the page (its CSP forbids evaluating predicates in it) until `test(phase)` holds. */
async function waitPhase(page, test, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const s = await puzzleState(page);
    if (test(s.phase)) return s;
    if (Date.now() > deadline) throw new Error(`phase stayed ${s.phase}: ${JSON.stringify(s.message)}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** Clicks or taps board point [x, y]. */
async function press(session, [x, y]) {
  const box = await session.page.locator('#board').boundingBox();
  const g = await session.page.evaluate(() => window.gomokuPuzzles.geometry());
  const scale = box.width / g.cssSize;
  const px = box.x + (g.origin + x * g.step) * scale;
  const py = box.y + (g.origin + (g.boardSize - 1 - y) * g.step) * scale;
  if (session.isTouch) await session.page.touchscreen.tap(px, py);
  else await session.page.mouse.click(px, py);
}

/** Plays the attacker's moves of `line` (the computer answers in between); returns the last state. */
async function playLine(session, line) {
  let s = await puzzleState(session.page);
  for (let i = 0; i < line.length; i += 2) {
    const before = s.stones.length;
    await press(session, line[i]);
    s = await waitPhase(session.page, (p) => p !== 'thinking');
    if (s.phase === 'solved') return s;
    assert.equal(s.phase, 'play', `after ${line[i]}: ${JSON.stringify(s.message)}`);
    assert.equal(s.stones.length, before + 2);
    assert.deepEqual(s.stones.at(-1), line[i + 1], 'the computer blocks the four');
  }
  return s;
}

const text = (page, id) => page.locator(`#${id}`).textContent();

test('desktop: a puzzle played out by clicking, the forced blocks, solved clean, kept over a reload, next', async () => {
  const puzzle = SET.byGrade[2][3];
  const session = await openPuzzles(`?puzzle=${puzzle.id}`);
  const { page } = session;
  let s = await puzzleState(page);
  assert.equal(s.entry.id, puzzle.id);
  assert.equal(s.puzzle.id, puzzle.id, 'the id comes from the position');
  assert.equal(s.puzzle.attack, 3);
  assert.equal(await text(page, 'puzzle-title'), `Puzzle 4 of ${SET.byGrade[2].length}`);
  assert.match(await text(page, 'puzzle-task'), /^(Black|White) to play: five in 3 moves$/);
  await screenshot(page, 'puzzles-desktop-start');

  s = await playLine(session, puzzle.line);
  assert.equal(s.phase, 'solved');
  assert.equal(s.winning.length, 5);
  assert.equal(s.progress.solved[puzzle.id], 'clean');
  assert.equal(await text(page, 'puzzle-status'), 'Solved without help: five in a row!');
  assert.equal((await page.evaluate(() => window.gomokuPuzzles.state().painted.winningLine)).length, 5);
  await screenshot(page, 'puzzles-desktop-solved');

  await page.reload();
  await page.waitForFunction(() => window.gomokuPuzzles?.ready === true);
  s = await waitPhase(page, (p) => p === 'play');
  assert.equal(s.entry.id, puzzle.id, 'the link keeps the puzzle');
  assert.match(await text(page, 'puzzle-title'), /· solved$/);
  assert.equal(await text(page, 'grade-count-2'), `1/${SET.byGrade[2].length}`);

  await page.click('#puzzle-next');
  s = await waitPhase(page, (p) => p === 'play');
  assert.equal(s.entry.id, SET.byGrade[2][4].id);
  assert.equal(new URL(page.url()).searchParams.get('puzzle'), SET.byGrade[2][4].id, 'the address names the puzzle');
  await page.click('#puzzle-prev');
  s = await waitPhase(page, (p) => p === 'play');
  assert.equal(s.entry.id, puzzle.id);

  // Another grade: its first unsolved puzzle.
  await page.click('#puzzle-grades label:nth-child(4)');
  s = await waitPhase(page, (p) => p === 'play');
  assert.equal(s.entry.id, SET.byGrade[4][0].id);
  assert.equal(s.grade, 4);
  await session.assertNoErrors();
  await session.close();
});

test('desktop: a wrong move shows the escape and is taken back; hint; the solution played out; Chinese', async () => {
  const puzzle = SET.byGrade[3][0];
  const session = await openPuzzles(`?puzzle=${puzzle.id}`);
  const { page } = session;
  const start = await puzzleState(page);
  const empty = [[0, 0], [14, 0], [0, 14], [14, 14]].find(([x, y]) => !start.stones.some(([a, b]) => a === x && b === y));
  await press(session, empty);
  let s = await waitPhase(page, (p) => p !== 'thinking');
  assert.equal(s.phase, 'wrong');
  assert.equal(s.stones.length, start.stones.length + 2, 'the move and the escape are shown');
  assert.match(await text(page, 'puzzle-status'), /lets (Black|White) escape with [a-o]\d+/);
  assert.equal(await page.locator('#puzzle-back').isVisible(), true);
  await screenshot(page, 'puzzles-desktop-wrong');
  await page.click('#puzzle-back');
  s = await puzzleState(page);
  assert.equal(s.phase, 'play');
  assert.deepEqual(s.stones, start.stones, 'taken back');

  await page.click('#puzzle-hint');
  s = await puzzleState(page);
  assert.deepEqual(s.hint, puzzle.line[0]);
  assert.deepEqual((await puzzleState(page)).painted.hint, puzzle.line[0]);

  await page.click('#puzzle-solution');
  await page.waitForFunction(() => window.gomokuPuzzles.state().winning.length >= 5, null, { timeout: 20_000 });
  s = await puzzleState(page);
  assert.equal(s.phase, 'shown');
  assert.deepEqual(s.stones.slice(start.stones.length), puzzle.line, 'the stored line, stone by stone');
  assert.equal(s.progress.solved[puzzle.id], 'helped');
  await screenshot(page, 'puzzles-desktop-solution');

  await page.selectOption('#lang', 'zh-CN');
  assert.match(await text(page, 'puzzle-status'), /^最短胜法：/);
  assert.equal(await text(page, 'puzzle-next'), '下一题');
  assert.equal(await page.title(), '五子棋习题');
  await page.click('#puzzle-retry');
  s = await waitPhase(page, (p) => p === 'play');
  assert.deepEqual(s.stones, start.stones);
  assert.equal(await text(page, 'puzzle-status'), '轮到你：找出胜着。');
  await screenshot(page, 'puzzles-desktop-zh');
  await session.assertNoErrors();
  await session.close();
});

test('a position of one’s own by moves=: a quiet move that keeps the win is accepted, then solved', async () => {
  // Black has two open threes; a quiet move far away still wins against every reply.
  const moves = 'h8 a15 i8 o15 j8 o1 h10 a1 i10 a13 j10 a3';
  const session = await openPuzzles(`?moves=${moves.replaceAll(' ', '+')}`);
  const { page } = session;
  let s = await puzzleState(page);
  assert.equal(s.phase, 'play');
  assert.equal(await text(page, 'puzzle-title'), 'A position from your game');
  await press(session, [12, 12]); // m13
  s = await waitPhase(page, (p) => p !== 'thinking');
  assert.equal(s.phase, 'play', JSON.stringify(s.message));
  assert.equal(s.stones.length, 14, 'kept, with the computer’s reply');
  const solution = [];
  for (let i = 0; i < s.puzzle.solution.length; i += 2) solution.push(s.puzzle.solution.slice(i, i + 2));
  s = await playLine(session, solution);
  assert.equal(s.phase, 'solved');
  assert.deepEqual(s.progress.solved, {}, 'a position of one’s own is not counted in the set');
  await session.assertNoErrors();
  await session.close();
});

test('a win that starts with a quiet threat (two open threes at once) is a puzzle; the hint shows the threat', async () => {
  const session = await openPuzzles('?moves=h8+a1+i8+a15+j9+o1+j10+o15');
  const { page } = session;
  let s = await puzzleState(page);
  assert.equal(s.phase, 'play', JSON.stringify(s.message));
  await page.click('#puzzle-hint');
  s = await puzzleState(page);
  assert.deepEqual(s.hint, [9, 7], 'j8 makes two open threes');
  await press(session, [9, 7]);
  s = await waitPhase(page, (p) => p !== 'thinking');
  assert.equal(s.phase, 'play', JSON.stringify(s.message));
  assert.match(await text(page, 'puzzle-status'), /^Good\. White answers [a-o]\d+; five in 2 more at best\.$/);
  await session.assertNoErrors();
  await session.close();
});

test('links that do not name a puzzle are answered calmly', async () => {
  let session = await openPuzzles('?puzzle=ffffffffffff');
  let s = await puzzleState(session.page);
  assert.equal(s.phase, 'play');
  assert.equal(s.entry.id, SET.byGrade[1][0].id);
  assert.match(await text(session.page, 'puzzle-status'), /no puzzle ffffffffffff/);
  await session.assertNoErrors();
  await session.close();

  // No win by fours here: not a puzzle.
  session = await openPuzzles('?moves=h8+h9');
  s = await puzzleState(session.page);
  assert.equal(s.phase, 'error');
  assert.match(await text(session.page, 'puzzle-status'), /not a puzzle/);
  await session.close();

  for (const query of ['?moves=zz99', '?moves=h8+h8', '?moves=h8&size=99', '?puzzle=%00%00', '?moves=h8&rule=renju']) {
    session = await openPuzzles(query);
    s = await puzzleState(session.page);
    assert.ok(['error', 'play'].includes(s.phase), `${query}: ${s.phase}`);
    await session.close();
  }
});

test('phone 390×844 in Chinese: a long puzzle tapped out; the page fits the screen', async () => {
  const puzzle = SET.byGrade[4].find((p) => p.line.length >= 11) ?? SET.byGrade[4][0];
  const session = await openPuzzles(`?puzzle=${puzzle.id}&lang=zh-CN`, PHONE);
  const { page } = session;
  assert.match(await text(page, 'puzzle-task'), /步成五$/);
  await screenshot(page, 'puzzles-phone-start', { fullPage: true });
  const s = await playLine(session, puzzle.line);
  assert.equal(s.phase, 'solved');
  assert.equal(await text(page, 'puzzle-status'), '独立解出：五子连珠！');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await screenshot(page, 'puzzles-phone-solved', { fullPage: true });
  await session.assertNoErrors();
  await session.close();
});

test('320×360 frame (embed=1): the board and the task fit, a tap solves a puzzle, the buttons scroll into reach', async () => {
  const puzzle = SET.byGrade[1][5];
  const session = await openPuzzles(`?puzzle=${puzzle.id}&embed=1`, FRAME_320);
  const { page } = session;
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width <= 320 && box.x >= 0 && box.y >= 0 && box.y + box.height <= 360, `board ${JSON.stringify(box)}`);
  const task = await page.locator('#puzzle-task').boundingBox();
  assert.ok(task.y + task.height <= 360, `task ${JSON.stringify(task)}`);
  await screenshot(page, 'puzzles-frame-320x360-start');
  const s = await playLine(session, puzzle.line);
  assert.equal(s.phase, 'solved');
  await screenshot(page, 'puzzles-frame-320x360-solved');
  await page.locator('#puzzle-next').scrollIntoViewIfNeeded();
  await page.locator('#puzzle-next').tap();
  const next = await waitPhase(page, (p) => p === 'play');
  assert.equal(next.entry.id, SET.byGrade[1][6].id);
  assert.equal(new URL(page.url()).searchParams.get('embed'), '1', 'the frame stays embedded');
  await screenshot(page, 'puzzles-frame-320x360-buttons');
  await session.assertNoErrors();
  await session.close();
});

test('a reviewed game’s proven missed win is offered as a puzzle', async () => {
  // White's move 18 (a1) gave up a win by fours (f4, then f8 or f3).
  const game = 'j7 f6 h5 g7 g4 i6 j4 j5 h8 g6 h6 h7 g8 f7 e7 f5 i8 a1';
  const session = await openPage(suite, { query: `?think=0&review=1#moves=${game.replaceAll(' ', '')}` });
  const { page } = session;
  const state = await waitState(page, (st) => st.review?.status === 'done', undefined, 180_000);
  const missed = state.review.classes.findIndex((c, i) => c === 'missed_win' && state.review.puzzles[i]);
  assert.ok(missed >= 0, 'a missed win the solver proves');
  // Show that move: a click on the graph where it is.
  const box = await page.locator('#review-graph').boundingBox();
  await page.mouse.click(box.x + (box.width * (missed + 1)) / state.review.classes.length, box.y + box.height / 2);
  const link = page.locator('#review-puzzle');
  await link.waitFor({ state: 'visible' });
  const href = await link.getAttribute('href');
  assert.equal(new URLSearchParams(href.split('?')[1]).get('moves'), game.split(' ').slice(0, missed).join(' '));
  await screenshot(page, 'puzzles-review-offer');
  await link.click();
  await page.waitForFunction(() => window.gomokuPuzzles?.ready === true, null, { timeout: 30_000 });
  const s = await waitPhase(page, (p) => p !== 'loading');
  assert.equal(s.phase, 'play');
  assert.equal(await text(page, 'puzzle-title'), 'A position from your game');
  await session.assertNoErrors();
  await session.close();
});

test('keyboard: the arrows move a cursor from the centre, Enter plays, Escape hides it', async () => {
  const puzzle = SET.byGrade[1][2];
  const session = await openPuzzles(`?puzzle=${puzzle.id}`);
  const { page } = session;
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowRight');
  assert.deepEqual((await puzzleState(page)).cursor, { x: 7, y: 7 }, 'the first press shows the cursor at the centre');
  for (const [i, attack] of puzzle.line.entries()) {
    if (i % 2 === 1) continue;
    const { cursor } = await puzzleState(page);
    const [x, y] = attack;
    for (let k = cursor.x; k < x; k++) await page.keyboard.press('ArrowRight');
    for (let k = cursor.x; k > x; k--) await page.keyboard.press('ArrowLeft');
    for (let k = cursor.y; k < y; k++) await page.keyboard.press('ArrowUp');
    for (let k = cursor.y; k > y; k--) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitPhase(page, (p) => p !== 'thinking');
  }
  assert.equal((await puzzleState(page)).phase, 'solved');
  await page.keyboard.press('Escape');
  assert.equal((await puzzleState(page)).cursor, null);
  await session.assertNoErrors();
  await session.close();
});

test('the page reads the whole set; dark mode', async () => {
  const session = await openPuzzles('', DESKTOP, { context: { colorScheme: 'dark' } });
  const s = await puzzleState(session.page);
  assert.equal(s.setSize, SET.all.length);
  assert.equal(s.entry.id, SET.byGrade[1][0].id, 'a first visit starts at the first puzzle');
  await screenshot(session.page, 'puzzles-desktop-dark');
  await session.assertNoErrors();
  await session.close();
});
