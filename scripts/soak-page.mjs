// make soak-page: the page itself for hundreds of games in headless Chromium, as a tab left
// open for days would live them. Watch mode for --watch-games games (article levels, a node
// level and a search level, rules in turn, no move delay), then a person against the
// computer for --play-games games (clicks on the board, with undo, new games from the dialog
// and level changes mixed in); midway, the tab is sent to the background and then frozen and
// resumed. Every game is recorded (target/soak-page/games.tsv) and must have ended; after a
// forced garbage collection the page's and the worker's JS heap and the DOM node count must
// end each part (watching, playing) within 10% of their values after its first 20 games (the
// two parts keep different things alive: menus, dialogs); the worker's wasm memory may grow
// early but not at every sample; and no console error may appear.
//
//   node scripts/soak-page.mjs [--watch-games 300] [--play-games 200] [--out target/soak-page]

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from './chromium.mjs';
import { startServer } from './serve-dist.mjs';
import { workerHeaps } from './worker-heaps.mjs';

const { values: args } = parseArgs({
  options: {
    'watch-games': { type: 'string', default: '300' },
    'play-games': { type: 'string', default: '200' },
    out: { type: 'string', default: 'target/soak-page' },
  },
});
const WATCH_GAMES = Number(args['watch-games']);
const PLAY_GAMES = Number(args['play-games']);
const BASELINE_GAME = 20; // memory after this many games of a part is its reference
const TOLERANCE = 0.1; // how far above the reference the end may be
const SAMPLE_EVERY = 50; // games between memory samples
const WATCH_PAIRS = [
  ['scoring-000', 'pattern-001'],
  ['scoring-004', 'scoring-003'],
  ['lookahead-002', 'scoring-004'],
  ['nodes-300', 'scoring-000'],
  ['search-100', 'scoring-004'],
];
const PLAY_LEVELS = ['scoring-000', 'scoring-004', 'lookahead-002', 'nodes-1000', 'pattern-001'];
const RULES = ['freestyle', 'standard', 'renju'];

const errors = [];
const games = [];
const samples = [];

const { server, url } = await startServer({ root: 'dist' });
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
const cdp = await context.newCDPSession(page);
const workers = workerHeaps(cdp);

try {
  await page.goto(`${url}?think=0&seed=7`);
  await page.waitForFunction(() => window.gomokuPage?.ready === true);
  const started = Date.now();
  for (let n = 1; n <= WATCH_GAMES; n++) {
    const [black, white] = WATCH_PAIRS[n % WATCH_PAIRS.length];
    await watchGame(n, black, white, RULES[n % RULES.length]);
    if (n === Math.floor(WATCH_GAMES / 2)) await backgroundAndFreeze();
    await sampleIfDue('watch', n, WATCH_GAMES);
  }
  for (let n = 1; n <= PLAY_GAMES; n++) {
    await playGame(WATCH_GAMES + n, n);
    await sampleIfDue('play', n, PLAY_GAMES);
  }
  await mkdir(args.out, { recursive: true });
  const tsv = ['game\tmode\tblack\twhite\trule\tresult\tmoves', ...games.map((g) => [g.n, g.mode, g.black, g.white, g.rule, g.result, g.moves].join('\t'))];
  await writeFile(join(args.out, 'games.tsv'), `${tsv.join('\n')}\n`);
  await writeFile(join(args.out, 'memory.json'), `${JSON.stringify(samples, null, 1)}\n`);
  report(Date.now() - started);
} finally {
  await browser.close();
  server.close();
}

/** One watched game, started by a link pasted into the open page (no reload). */
async function watchGame(n, black, white, rule) {
  const before = await state();
  await page.evaluate((hash) => {
    location.hash = hash;
  }, `#black=${black}&white=${white}&rule=${rule}&size=15`);
  const s = await waitFor((st, id) => st.gameId > id && st.over, before.gameId, 120_000);
  record(n, 'watch', s);
}

/**
 * One game against the computer: harmless clicks (stones that never touch) until it ends,
 * an undo now and then, a level change in some games, the New game dialog in others.
 */
async function playGame(n, i) {
  const level = PLAY_LEVELS[i % PLAY_LEVELS.length];
  const rule = RULES[i % RULES.length];
  if (i % 10 === 0) {
    await page.click('#new-game');
    await page.click(`#settings label:has(input[name="mode"][value="play"])`);
    await page.click(`#settings label:has(input[name="rule"][value="${rule}"])`);
    await page.click(`#settings label:has(input[name="first"][value="human"])`);
    await page.selectOption('#new-level', level);
    await page.click('#start');
  } else {
    const before = await state();
    await page.evaluate((hash) => {
      location.hash = hash;
    }, `#ai=${level}&rule=${rule}&size=15&you=black`);
    await waitFor((st, id) => st.gameId > id, before.gameId);
  }
  let s = await idle();
  for (let move = 0; !s.over && move < 120; move++) {
    if (i % 7 === 3 && move === 3) {
      await page.click('#undo');
      s = await waitFor((st, count) => st.moveCount < count && st.idle, s.moveCount);
    }
    if (i % 5 === 2 && move === 2) {
      await page.selectOption('#level', PLAY_LEVELS[(i + 1) % PLAY_LEVELS.length]);
    }
    const [x, y] = harmless(s);
    const count = s.moveCount;
    await click(x, y);
    s = await waitFor((st, c) => st.moveCount > c && st.idle, count);
  }
  if (!s.over) throw new Error(`game ${n} did not end in 120 moves: ${s.moves}`);
  record(n, 'play', s);
}

/** The tab goes to the background behind another, then is frozen and resumed; play must go on. */
async function backgroundAndFreeze() {
  const other = await context.newPage();
  await page.evaluate(() => {
    location.hash = '#black=search-100&white=nodes-1000&rule=freestyle&size=15';
  });
  await other.bringToFront();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const hidden = await state();
  await page.bringToFront();
  await other.close();
  await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await cdp.send('Page.setWebLifecycleState', { state: 'active' });
  const s = await waitFor((st, count) => st.over || st.moveCount > count + 2, hidden.moveCount, 120_000);
  if (!s.moves.startsWith(hidden.moves)) errors.push(`after freezing, the game changed: ${hidden.moves} → ${s.moves}`);
  await waitFor((st) => st.over, null, 300_000);
}

async function sampleIfDue(part, n, last) {
  if (n === BASELINE_GAME || n % SAMPLE_EVERY === 0 || n === last) samples.push({ part, game: n, ...(await measure()) });
}

/** Heap and DOM after a forced collection, on the page and in the worker, and the wasm memory. */
async function measure() {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize: pageHeap } = await cdp.send('Runtime.getHeapUsage');
  const { nodes } = await cdp.send('Memory.getDOMCounters');
  // The live AI worker: the one attached last (a cancel ends a worker and starts another).
  const workerHeap = (await workers.heaps()).at(-1) ?? null;
  const { wasmBytes } = await page.evaluate(() => window.gomokuPage.workerMemory());
  return { pageHeap, workerHeap, nodes, wasmBytes };
}

function record(n, mode, s) {
  const result = s.winner === 1 ? '1-0' : s.winner === 2 ? '0-1' : s.over ? `1/2 ${s.drawReason ?? ''}`.trim() : 'unfinished';
  if (!s.over) errors.push(`game ${n} recorded unfinished`);
  games.push({ n, mode, black: s.black, white: s.white, rule: s.rule, result, moves: s.moves });
  if (n % 25 === 0) console.log(`soak-page: ${n} games`);
}

function state() {
  return page.evaluate(() => window.gomokuPage.state());
}

function idle() {
  return waitFor((st) => st.idle);
}

async function waitFor(predicate, arg, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const s = await state();
    if (s && predicate(s, arg)) return s;
    if (Date.now() > deadline) throw new Error(`timed out: ${predicate} (${JSON.stringify(s && { moves: s.moves, over: s.over, idle: s.idle })})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The first empty point with even x and y from the bottom left that is not forbidden. */
function harmless(s) {
  const forbidden = new Set(s.forbidden.map(([x, y]) => `${x},${y}`));
  for (let y = 0; y < s.size; y += 2) {
    for (let x = 0; x < s.size; x += 2) {
      if (s.board[y * s.size + x] === 0 && !forbidden.has(`${x},${y}`)) return [x, y];
    }
  }
  const i = s.board.findIndex((c, k) => c === 0 && !forbidden.has(`${k % s.size},${Math.floor(k / s.size)}`));
  return [i % s.size, Math.floor(i / s.size)];
}

async function click(x, y) {
  const box = await page.locator('#board').boundingBox();
  const g = await page.evaluate(() => window.gomokuPage.geometry());
  const scale = box.width / g.cssSize;
  await page.mouse.click(box.x + (g.origin + x * g.step) * scale, box.y + (g.origin + (g.boardSize - 1 - y) * g.step) * scale);
}

function report(ms) {
  const mb = (b) => (b == null ? 'n/a' : `${(b / 2 ** 20).toFixed(2)} MB`);
  console.log(`soak-page: ${games.length} games (${WATCH_GAMES} watched, ${PLAY_GAMES} played) in ${(ms / 60000).toFixed(1)} min`);
  for (const s of samples) {
    console.log(`  ${s.part}, after ${String(s.game).padStart(3)} games: page heap ${mb(s.pageHeap)}, worker heap ${mb(s.workerHeap)}, DOM nodes ${s.nodes}, wasm memory ${mb(s.wasmBytes)}`);
  }
  const problems = [...errors];
  if (games.length !== WATCH_GAMES + PLAY_GAMES) problems.push(`${games.length} games recorded`);
  for (const part of ['watch', 'play']) {
    const own = samples.filter((s) => s.part === part);
    const base = own.find((s) => s.game === BASELINE_GAME);
    const end = own.at(-1);
    if (!base || !end) {
      problems.push(`${part}: fewer than ${BASELINE_GAME} games, nothing to compare`);
      continue;
    }
    for (const key of ['pageHeap', 'workerHeap', 'nodes']) {
      if (base[key] == null || end[key] == null) {
        problems.push(`${part}: ${key} not measured`);
        continue;
      }
      const growth = end[key] / base[key] - 1;
      console.log(`  ${part}: ${key} ${(growth * 100).toFixed(1)}% from game ${BASELINE_GAME} to game ${end.game} (at most ${TOLERANCE * 100}%)`);
      if (growth > TOLERANCE) problems.push(`${part}: ${key} grew ${(growth * 100).toFixed(1)}%`);
    }
  }
  const later = samples.filter((s) => s.part === 'play' || s.game >= BASELINE_GAME);
  const grewEveryTime = later.length > 2 && later.every((s, i) => i === 0 || s.wasmBytes > later[i - 1].wasmBytes);
  if (grewEveryTime) problems.push('the wasm memory grew at every sample');
  if (problems.length > 0) {
    console.error(`soak-page: FAILED\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('soak-page: passed (no console error, every game ended and recorded)');
  }
}
