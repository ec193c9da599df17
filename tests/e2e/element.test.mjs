// <gomoku-board> on a page of its own (an article): attributes set the game, a change from
// the page's script or a button in its text shows without a reload, several boards share one
// engine and two workers without clashing, the board follows its container's width and is
// out of reach of the page's styles, clicks and taps play, bad values are reported, the
// game's files can come from another origin under a strict Content-Security-Policy, and a
// board starts only once in view. The pages are written into a folder holding the build
// (as `gomoku/`) beside them; screenshots at desktop and phone sizes.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { launchChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve-dist.mjs';
import { DESKTOP, DIST_DIR, PHONE, screenshot } from './harness.mjs';

const FIXTURES = fileURLToPath(new URL('./fixtures/element/', import.meta.url));
const SAME_ORIGIN_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; worker-src 'self'; connect-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'";

let browser;
let root; // the host's folder: the build as gomoku/, the fixtures, the pages written here
let host;
before(async () => {
  assert.ok(existsSync(join(DIST_DIR, 'js', 'gomoku-board.js')), `${DIST_DIR}/js/gomoku-board.js is missing: build the page first (make build)`);
  root = await mkdtemp(join(tmpdir(), 'gomoku-element-'));
  await symlink(resolve(DIST_DIR), join(root, 'gomoku'), 'dir');
  for (const file of ['article.html', 'post.css', 'post.js', 'hostile.css']) await copyFile(join(FIXTURES, file), join(root, file));
  host = await startServer({ root });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  if (host) await new Promise((done) => host.server.close(done));
  if (root) await rm(root, { recursive: true, force: true });
});

/** Writes an article holding `body` into the host's folder; resolves to its address. */
async function writePage(name, body, { csp = SAME_ORIGIN_CSP, script = 'gomoku/js/gomoku-board.js', styles = ['post.css'] } = {}) {
  const links = styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n');
  await writeFile(
    join(root, name),
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>An article</title>
<link rel="icon" href="data:,">
${links}
<script type="module" src="${script}"></script>
<script type="module" src="post.js"></script>
</head>
<body><main class="post"><h1>An article</h1>
${body}
</main></body>
</html>
`,
  );
  return `${host.url}${name}`;
}

/**
 * Opens `url` in a fresh context. Console errors, uncaught exceptions, failed requests,
 * requests to origins not in `origins` and CSP violations are collected; `gomoku-ready`
 * events are counted by the id of the board that sent them.
 */
async function open(url, { device = DESKTOP, origins = [] } = {}) {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  const errors = [];
  const allowed = new Set([new URL(host.url).origin, ...origins]);
  const wasm = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console.error: ${msg.text()}`));
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`request failed: ${req.url()}`);
  });
  page.on('request', (req) => {
    const address = req.url();
    if (/\.wasm$/.test(address)) wasm.push(address);
    if (!/^(data|blob):/.test(address) && !allowed.has(new URL(address).origin)) errors.push(`request to another origin: ${address}`);
  });
  page.on('response', (res) => res.status() >= 400 && errors.push(`HTTP ${res.status()}: ${res.url()}`));
  page.on('dialog', (dialog) => {
    errors.push(`unexpected dialog: ${dialog.message()}`);
    dialog.dismiss();
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    window.readyBoards = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`));
    document.addEventListener('gomoku-ready', (e) => window.readyBoards.push(e.target.id));
  });
  await page.goto(url);
  return {
    page,
    context,
    errors,
    wasm,
    isTouch: Boolean(device.hasTouch),
    async assertNoErrors() {
      const violations = await page.evaluate(() => window.cspViolations);
      assert.deepEqual([...errors, ...violations], [], 'the page reported errors');
    },
    close: () => context.close(),
  };
}

const boardState = (page, id) => page.evaluate((id) => document.getElementById(id).state(), id);

/** Waits until board `id`'s state satisfies `predicate(state, arg)`; polled from here (the page's CSP forbids eval). */
async function waitBoard(page, id, predicate, arg, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const s = await boardState(page, id);
    if (s && predicate(s, arg)) return s;
    if (Date.now() > deadline) {
      const seen = s && { moves: s.moves, busy: s.busy, idle: s.idle, status: s.status, detail: s.detail, gameId: s.gameId };
      throw new Error(`#${id}: timed out waiting for ${predicate}; now ${JSON.stringify(seen)}`);
    }
    await new Promise((done) => setTimeout(done, 40));
  }
}

const idle = (page, id) => waitBoard(page, id, (s) => s.idle);

/** Viewport pixel of point (x, y) of board `id` (y = 0 the bottom row). */
async function pixelOf(page, id, x, y) {
  const box = await page.locator(`#${id} canvas`).boundingBox();
  const g = await page.evaluate((id) => document.getElementById(id).geometry(), id);
  const scale = box.width / g.cssSize;
  return [box.x + (g.origin + x * g.step) * scale, box.y + (g.origin + (g.boardSize - 1 - y) * g.step) * scale];
}

async function press(session, id, x, y) {
  const [px, py] = await pixelOf(session.page, id, x, y);
  if (session.isTouch) await session.page.touchscreen.tap(px, py);
  else await session.page.mouse.click(px, py);
}

/** Something inside board `id`'s shadow root. */
const inside = (page, id, selector) => page.locator(`#${id}`).locator(selector);

test('attributes set the position, the level and what is shown; the page around is left alone', async () => {
  const url = await writePage('attributes.html', '<div id="box"><gomoku-board id="b" moves="h8 i9" ai="scoring-000" scores think="0" seed="5"></gomoku-board></div>');
  const session = await open(url);
  const { page } = session;
  const state = await idle(page, 'b');
  assert.equal(state.moves, 'h8 i9');
  assert.equal(state.level, 'scoring-000');
  assert.equal(state.size, 15);
  assert.equal(state.rule, 'freestyle');
  assert.equal(state.human, 1);
  assert.equal(state.embed, true);
  assert.deepEqual(state.explain, { heatmap: false, analysis: false, numbers: false, scores: true });
  assert.equal(state.painted.scores, 15 * 15 - 2, 'every empty point has its score');
  assert.equal(state.status, 'Your move (black)');
  assert.equal(state.detail, '');
  assert.deepEqual(await page.evaluate(() => window.readyBoards), ['b']);
  assert.equal(
    await inside(page, 'b', 'a').getAttribute('href'),
    `${host.url}gomoku/#moves=h8i9&rule=freestyle&ai=scoring-000&size=15&you=black`,
    'the full game opens at the same position',
  );

  // A square board as wide as the element (the article's styles make it at most 480 px), and
  // one status line under it.
  const canvas = await inside(page, 'b', 'canvas').boundingBox();
  const element = await page.locator('#b').boundingBox();
  assert.equal(element.width, 480);
  assert.ok(Math.abs(canvas.width - element.width) < 1 && Math.abs(canvas.height - canvas.width) < 1, `a square as wide as the element (${canvas.width}×${canvas.height})`);
  assert.ok(element.height - canvas.height >= 40 && element.height - canvas.height < 50, `one status line (${element.height - canvas.height}px)`);

  // Nothing of the page changes: its language, title, address, storage, styles.
  assert.deepEqual(
    await page.evaluate(() => ({
      lang: document.documentElement.lang,
      title: document.title,
      hash: location.hash,
      stored: localStorage.length,
      styles: document.querySelectorAll('style').length + document.adoptedStyleSheets.length,
    })),
    { lang: 'en', title: 'An article', hash: '', stored: 0, styles: 0 },
  );

  // Pointing at a point shows how its score is made, over the half of the board away from it.
  const [px, py] = await pixelOf(page, 'b', 9, 8);
  await page.mouse.move(px, py);
  const pop = inside(page, 'b', '.breakdown');
  await pop.waitFor({ state: 'visible' });
  const [, total] = /^j9: (\d+)$/.exec(await inside(page, 'b', '.breakdown .title').textContent());
  assert.ok((await inside(page, 'b', '.breakdown li').count()) > 0);
  const rule = await inside(page, 'b', '.breakdown .notes p:last-child').textContent();
  assert.ok(rule.startsWith('Article 000: ') && rule.includes(total), `the rule that makes the total ends it: ${rule}`);
  assert.equal(await pop.getAttribute('data-place'), 'bottom');
  const popBox = await pop.boundingBox();
  assert.ok(popBox.y >= canvas.y && popBox.y + popBox.height <= canvas.y + canvas.height, 'inside the board');
  assert.ok(popBox.y > py, 'away from the point');
  await screenshot(page, 'element-breakdown-desktop', { clip: element });
  await page.mouse.move(5, 5);
  await pop.waitFor({ state: 'hidden' });
  await session.assertNoErrors();
  await session.close();
});

test('a click plays a move and the computer answers; on a phone, a tap', async () => {
  const url = await writePage('play.html', '<gomoku-board id="p" ai="scoring-000" think="0" seed="2"></gomoku-board>');
  for (const device of [DESKTOP, PHONE]) {
    const session = await open(url, { device });
    const { page } = session;
    await idle(page, 'p');
    await press(session, 'p', 7, 7);
    const state = await waitBoard(page, 'p', (s) => s.moveCount === 2 && s.idle);
    assert.equal(state.board[7 * 15 + 7], 1, 'the stone is where it was placed');
    assert.equal(state.moves.split(' ')[0], 'h8');
    assert.equal(state.status, 'Your move (black)');
    await session.assertNoErrors();
    await session.close();
  }
});

test('a live change: a search under way is cancelled and started again; options keep the game', async () => {
  const url = await writePage(
    'live.html',
    `<gomoku-board id="w" black="search-2000" white="search-2000" think="0" seed="1"></gomoku-board>
     <p>Show <button type="button" id="heat" data-for="w" data-heatmap="">the heatmap</button> or
       <button type="button" id="renju" data-for="w" data-rule="renju" data-moves="h8 h9">a renju game</button>.</p>`,
  );
  const session = await open(url);
  const { page } = session;
  const before = await waitBoard(page, 'w', (s) => s.busy);

  // Three attributes set in one task: one new game, its search started at once.
  await page.evaluate(() => {
    const board = document.getElementById('w');
    board.setAttribute('moves', 'h8 i9 j10');
    board.setAttribute('size', '13');
    board.setAttribute('rule', 'standard');
  });
  let state = await waitBoard(page, 'w', (s, id) => s.gameId > id, before.gameId);
  assert.equal(state.gameId, before.gameId + 1, 'the three changes made one new game');
  assert.equal(state.size, 13);
  assert.equal(state.rule, 'standard');
  assert.match(state.moves, /^h8 i9 j10/);
  assert.equal(state.busy, true, 'the new position is being searched');
  assert.equal(state.workers, before.workers + 1, 'the search under way ended with its worker');

  // An option changes the view only.
  await page.click('#heat');
  state = await waitBoard(page, 'w', (s) => s.explain.heatmap && s.painted.heatmap !== null);
  assert.equal(state.gameId, before.gameId + 1, 'same game');
  assert.match(state.moves, /^h8 i9 j10/);
  for (const [value, on] of [['0', false], ['', true], ['off', false], ['yes', true]]) {
    await page.evaluate((value) => document.getElementById('w').setAttribute('scores', value), value);
    state = await waitBoard(page, 'w', (s, on) => s.explain.scores === on, on);
  }
  await page.evaluate(() => document.getElementById('w').removeAttribute('heatmap'));
  state = await waitBoard(page, 'w', (s) => !s.explain.heatmap);
  assert.equal(state.gameId, before.gameId + 1, 'still the same game');

  // think= is the store's: a new one takes the game over where it stands.
  const played = state.moves;
  await page.evaluate(() => document.getElementById('w').setAttribute('think', '100'));
  state = await waitBoard(page, 'w', (s, moves) => s.moves.startsWith(moves) && s.busy, played);
  assert.equal(state.size, 13);

  // The article's button: a renju game from two stones.
  await page.click('#renju');
  state = await waitBoard(page, 'w', (s) => s.rule === 'renju');
  assert.match(state.moves, /^h8 h9/);
  assert.equal(state.size, 13);
  await page.evaluate(() => document.getElementById('w').remove()); // ends its search
  await session.assertNoErrors();
  await session.close();
});

test('replay from attributes: ply moves the view, ◀ ▶ step, an option keeps the move shown', async () => {
  const url = await writePage('replay.html', '<gomoku-board id="r" replay moves="h8 i9 j10 k11 l12" ply="2"></gomoku-board>');
  const session = await open(url);
  const { page } = session;
  let state = await waitBoard(page, 'r', (s) => s.viewPly === 2);
  assert.equal(state.readOnly, true);
  assert.equal(state.painted.stones, 2);
  assert.equal(await inside(page, 'r', '.counter').textContent(), '2 / 5');
  await page.evaluate(() => document.getElementById('r').setAttribute('ply', '4'));
  state = await waitBoard(page, 'r', (s) => s.viewPly === 4);
  await inside(page, 'r', 'button[aria-label="Next move"]').click();
  state = await waitBoard(page, 'r', (s) => s.viewPly === 5);
  assert.equal(await inside(page, 'r', 'button[aria-label="Next move"]').isDisabled(), true);
  await page.evaluate(() => document.getElementById('r').setAttribute('numbers', ''));
  state = await waitBoard(page, 'r', (s) => s.explain.numbers);
  assert.equal(state.viewPly, 5, 'the move shown stays');
  await press(session, 'r', 0, 0);
  assert.equal((await boardState(page, 'r')).moveCount, 5, 'a replay takes no stones');
  await page.evaluate(() => document.getElementById('r').setAttribute('moves', 'h8 i9'));
  state = await waitBoard(page, 'r', (s) => s.moveCount === 2);
  assert.equal(state.viewPly, 2, 'ply=4 is past the end of two moves: the last is shown');
  await session.assertNoErrors();
  await session.close();
});

test('the end of a game: the result, then New game (the attributes again) or Replay, in the status line', async () => {
  const url = await writePage('over.html', '<gomoku-board id="g" black="scoring-000" white="scoring-004" think="0" size="9" seed="6"></gomoku-board>');
  const session = await open(url, { device: PHONE });
  const { page } = session;
  const over = await waitBoard(page, 'g', (s) => s.over, null, 60_000);
  const result = over.winner === 1 ? 'Black wins' : over.winner === 2 ? 'White wins' : 'Draw';
  assert.equal(await inside(page, 'g', '.text').textContent(), result);
  await screenshot(page, 'element-game-over-phone', { clip: await page.locator('#g').boundingBox() });
  await inside(page, 'g', 'button:text-is("Replay")').click();
  let state = await waitBoard(page, 'g', (s) => s.viewPly === 0);
  assert.equal(await inside(page, 'g', '.counter').textContent(), `0 / ${over.moveCount}`);
  await page.keyboard.press('ArrowRight'); // the board has the focus: ← → step
  state = await waitBoard(page, 'g', (s) => s.viewPly === 1);
  await page.keyboard.press('End');
  state = await waitBoard(page, 'g', (s, n) => s.viewPly === n, over.moveCount);
  assert.equal(state.gameId, over.gameId);
  assert.equal(await inside(page, 'g', 'button:text-is("Replay")').isVisible(), false, 'replaying');
  await screenshot(page, 'element-game-over-replay-phone', { clip: await page.locator('#g').boundingBox() });
  await inside(page, 'g', 'button:text-is("New game")').click();
  state = await waitBoard(page, 'g', (s, id) => s.gameId > id, over.gameId);
  assert.equal(state.size, 9);
  assert.equal(state.black, 'scoring-000');
  await session.assertNoErrors();
  await session.close();
});

test('two boards with different settings and languages do not clash; one engine for the page', async () => {
  const url = await writePage(
    'two.html',
    `<div class="pair">
       <gomoku-board id="zh" size="9" rule="renju" ai="scoring-004" lang="zh-CN" heatmap moves="e5 f6" think="0"></gomoku-board>
       <gomoku-board id="en" ai="scoring-000" scores moves="h8 i9 j8 i8" think="0"></gomoku-board>
     </div>`,
  );
  const session = await open(url);
  const { page } = session;
  const zh = await idle(page, 'zh');
  const en = await idle(page, 'en');
  assert.deepEqual([zh.size, zh.rule, zh.level, zh.lang], [9, 'renju', 'scoring-004', 'zh-CN']);
  assert.deepEqual([en.size, en.rule, en.level, en.lang], [15, 'freestyle', 'scoring-000', 'en']);
  assert.equal(zh.status, '轮到你（黑棋）');
  assert.equal(en.status, 'Your move (black)');
  assert.equal(zh.painted.heatmap.length, 81);
  assert.equal(zh.painted.scores, 0);
  assert.equal(en.painted.heatmap, null);
  assert.equal(en.painted.scores, 15 * 15 - 4);
  assert.equal(await inside(page, 'zh', 'a').getAttribute('title'), '打开完整棋局');
  assert.equal(await inside(page, 'en', 'a').getAttribute('title'), 'Open the full game');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en', 'the page keeps its language');
  assert.equal(session.wasm.length, 1, `the engine is fetched once (${session.wasm.join(', ')})`);

  await press(session, 'zh', 2, 2);
  const played = await waitBoard(page, 'zh', (s) => s.moveCount === 4 && s.idle);
  assert.equal(played.board[2 * 9 + 2], 1);
  const still = await boardState(page, 'en');
  assert.equal(still.moves, en.moves, 'the other board is untouched');
  assert.equal(still.painted.scores, 15 * 15 - 4);
  await session.assertNoErrors();
  await session.close();
});

test('cancelling one board’s search never loses another board’s request; at most two workers', async () => {
  const watch = (id, seed) => `<gomoku-board id="${id}" black="nodes-3000" white="nodes-3000" think="0" seed="${seed}" size="11"></gomoku-board>`;
  const url = await writePage('many.html', `<div class="pair">${watch('a', 1)}${watch('b', 2)}${watch('c', 3)}</div>`);
  const session = await open(url, { device: { viewport: { width: 1280, height: 1200 } } });
  const { page } = session;
  for (const id of ['a', 'b', 'c']) await waitBoard(page, id, (s) => s.moveCount >= 1);
  const start = { b: await boardState(page, 'b'), c: await boardState(page, 'c') };
  let workers = 0;
  const openings = ['f6', 'f6 g7', 'e5', 'f6 e5', 'g7', 'f5 f6', 'e6', 'f6 f7'];
  for (const moves of openings) {
    await page.evaluate((moves) => document.getElementById('a').setAttribute('moves', moves), moves);
    await new Promise((done) => setTimeout(done, 150));
    workers = Math.max(workers, page.workers().length);
  }
  assert.ok(workers <= 2, `${workers} workers at once`);
  // Every board goes on playing: none of their requests was lost in a restart.
  for (const id of ['b', 'c']) {
    await waitBoard(page, id, (s, { gameId, moveCount }) => s.gameId === gameId && (s.over || s.moveCount >= moveCount + 4), start[id], 60_000);
  }
  await waitBoard(page, 'a', (s) => s.moves.startsWith('f6 f7') && (s.over || s.moveCount >= 4), null, 60_000);
  assert.ok(page.workers().length <= 2);
  await session.assertNoErrors();
  await session.close();
});

test('the board follows its container’s width, down to 280 px, and the page’s styles stay outside', async () => {
  const url = await writePage(
    'sized.html',
    '<div id="box"><gomoku-board id="s" ai="scoring-000" replay moves="h8 i9 j10 k11" ply="2"></gomoku-board></div>',
    { styles: ['post.css', 'hostile.css'] },
  );
  const session = await open(url);
  const { page } = session;
  await waitBoard(page, 's', (s) => s.viewPly === 2);
  for (const width of [440, 320, 280]) {
    await page.evaluate((width) => {
      document.getElementById('box').style.width = `${width}px`;
    }, width);
    const state = await waitBoard(page, 's', (s, w) => Math.abs(s.painted.cssSize - w) < 1, width);
    assert.equal(state.painted.backingSize, Math.round(width), 'one backing pixel per CSS pixel at ratio 1');
    const element = await page.locator('#s').boundingBox();
    const canvas = await inside(page, 's', 'canvas').boundingBox();
    const status = await inside(page, 's', '.status').boundingBox();
    assert.ok(Math.abs(canvas.width - width) < 1 && Math.abs(canvas.height - width) < 1, `square board ${canvas.width}×${canvas.height} at ${width}`);
    assert.ok(status.width <= width + 0.5 && status.height < 50, `one status line (${status.width}×${status.height}) at ${width}`);
    assert.ok(Math.abs(element.height - (canvas.height + status.height + 2)) < 1.5, 'nothing else takes room');
    for (const selector of ['button[aria-label="Previous move"]', 'button[aria-label="Next move"]', '.counter', 'a']) {
      const box = await inside(page, 's', selector).boundingBox();
      assert.ok(box.x >= element.x - 0.5 && box.x + box.width <= element.x + element.width + 0.5, `${selector} inside at ${width}px`);
    }
  }
  const look = await page.evaluate(() => {
    const shadow = document.getElementById('s').shadowRoot;
    const style = getComputedStyle(shadow.querySelector('.counter'));
    return { font: style.fontStyle, transform: style.textTransform, spacing: style.letterSpacing, size: style.fontSize, hiddenBars: getComputedStyle(shadow.querySelector('.watch')).display };
  });
  assert.deepEqual(look, { font: 'normal', transform: 'none', spacing: 'normal', size: '12.5px', hiddenBars: 'none' });
  await screenshot(page, 'element-280-hostile-styles', { clip: await page.locator('#s').boundingBox() });
  await session.assertNoErrors();
  await session.close();
});

test('bad attribute values: a message in the status line, in the board’s language, never markup', async () => {
  const url = await writePage(
    'bad.html',
    `<gomoku-board id="bad" size="42" ai="&lt;b&gt;x&lt;/b&gt;" scores="maybe" moves="h8 &lt;img src=x onerror=alert(1)&gt;" think="0"></gomoku-board>
     <gomoku-board id="zh" lang="zh-CN" size="4"></gomoku-board>`,
  );
  const session = await open(url);
  const { page } = session;
  let state = await idle(page, 'bad');
  assert.match(state.detail, /^Some settings of this board were not understood: /);
  assert.match(state.detail, /size “42” is not valid/);
  assert.match(state.detail, /ai “<b>x<\/b>” is not valid/);
  assert.match(state.detail, /scores “maybe” is not valid/);
  assert.equal(await inside(page, 'bad', '.detail').isVisible(), true);
  assert.equal(await page.evaluate(() => document.getElementById('bad').shadowRoot.querySelectorAll('img, b').length), 0, 'no markup from values');
  assert.equal(state.size, 15, 'what was understood is played');
  assert.equal(state.moveCount, 0, 'the moves did not load');
  const zh = await idle(page, 'zh');
  assert.equal(zh.detail, '此棋盘的部分设置无法识别：size“4”无效');

  // Put right, the message goes.
  await page.evaluate(() => {
    const board = document.getElementById('bad');
    board.setAttribute('size', '9');
    board.removeAttribute('ai');
    board.setAttribute('scores', '');
    board.setAttribute('moves', 'e5 d4');
  });
  state = await waitBoard(page, 'bad', (s) => s.size === 9 && s.idle);
  assert.equal(state.detail, '');
  assert.equal(state.moves, 'e5 d4');
  assert.equal(state.explain.scores, true);
  await session.assertNoErrors();
  await session.close();
});

test('the game’s files on another origin (CORS), a strict CSP on the article: it plays, nothing is refused', async () => {
  const cdn = await startServer({ root: DIST_DIR, cors: true });
  const origin = new URL(cdn.url).origin;
  try {
    // What docs/embedding.md asks of a blog's policy: the worker starts from a blob: URL, and
    // the modules it imports are fetched as the worker's (worker-src, not script-src).
    const csp = `default-src 'none'; script-src 'self' ${origin} 'wasm-unsafe-eval'; worker-src blob: ${origin}; connect-src ${origin}; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'`;
    const url = await writePage('cdn.html', '<gomoku-board id="x" ai="scoring-000" heatmap think="0"></gomoku-board>', {
      csp,
      script: `${cdn.url}js/gomoku-board.js`,
    });
    const session = await open(url, { origins: [origin] });
    const { page } = session;
    await idle(page, 'x');
    await press(session, 'x', 7, 7);
    const state = await waitBoard(page, 'x', (s) => s.moveCount === 2 && s.idle);
    assert.equal(state.board[7 * 15 + 7], 1);
    assert.ok(state.painted.heatmap, 'the heatmap is drawn');
    assert.ok(page.workers().every((w) => w.url().startsWith('blob:')), 'the worker starts from a blob: URL');
    assert.match(await inside(page, 'x', 'a').getAttribute('href'), new RegExp(`^${cdn.url}#moves=h8`));
    assert.deepEqual(session.wasm, [`${cdn.url}gomoku_simd_bg.wasm`]);
    await screenshot(page, 'element-cross-origin', { clip: await page.locator('#x').boundingBox() });
    await session.assertNoErrors();
    await session.close();
  } finally {
    await new Promise((done) => cdn.server.close(done));
  }
});

test('a board starts when it comes into view; a watched game pauses out of view', async () => {
  const url = await writePage(
    'scroll.html',
    `<gomoku-board id="top" ai="scoring-000" think="0"></gomoku-board>
     <div class="spacer"></div>
     <gomoku-board id="far" black="scoring-000" white="scoring-004" think="300" seed="4"></gomoku-board>`,
  );
  const session = await open(url);
  const { page } = session;
  await idle(page, 'top');
  await new Promise((done) => setTimeout(done, 1000));
  assert.equal(await boardState(page, 'far'), null, 'out of view, nothing started');
  assert.deepEqual(await page.evaluate(() => window.readyBoards), ['top']);

  await page.locator('#far').scrollIntoViewIfNeeded();
  await waitBoard(page, 'far', (s) => s.moveCount >= 2);
  assert.deepEqual(await page.evaluate(() => window.readyBoards), ['top', 'far']);

  await page.evaluate(() => window.scrollTo(0, 0));
  const paused = await waitBoard(page, 'far', (s) => s.paused && !s.busy);
  await new Promise((done) => setTimeout(done, 1200));
  assert.equal((await boardState(page, 'far')).moveCount, paused.moveCount, 'no move out of view');

  await page.locator('#far').scrollIntoViewIfNeeded();
  await waitBoard(page, 'far', (s, n) => !s.paused && s.moveCount > n, paused.moveCount);
  await session.assertNoErrors();
  await session.close();
});

test('an article with boards at desktop and phone sizes (screenshots)', async () => {
  const desktop = await open(`${host.url}article.html`);
  await idle(desktop.page, 'table');
  await idle(desktop.page, 'replay');
  await waitBoard(desktop.page, 'watch', (s) => s.moveCount >= 4);
  const [px, py] = await pixelOf(desktop.page, 'table', 8, 9);
  await desktop.page.mouse.move(px, py);
  await inside(desktop.page, 'table', '.breakdown').waitFor({ state: 'visible' });
  await screenshot(desktop.page, 'element-article-desktop', { fullPage: true });
  await desktop.assertNoErrors();
  await desktop.close();

  const phone = await open(`${host.url}article.html`, { device: PHONE });
  const { page } = phone;
  await idle(page, 'table');
  // The article's button: the heatmap instead of the numbers; a first tap then shows a point's score.
  await page.getByRole('button', { name: 'the heatmap instead' }).click();
  await waitBoard(page, 'table', (s) => s.explain.heatmap && !s.explain.scores);
  await press(phone, 'table', 8, 9);
  await inside(page, 'table', '.breakdown').waitFor({ state: 'visible' });
  assert.equal((await boardState(page, 'table')).moveCount, 4, 'the first tap shows, the second would play');
  await screenshot(page, 'element-article-phone');
  await page.locator('#watch').scrollIntoViewIfNeeded();
  await waitBoard(page, 'watch', (s) => s.moveCount >= 4);
  await screenshot(page, 'element-article-phone-watch');
  await phone.assertNoErrors();
  await phone.close();
});
