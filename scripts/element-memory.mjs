#!/usr/bin/env node
// make element-memory: six <gomoku-board> elements in an article on a phone-sized page
// (390×844, device pixel ratio 3), as a reader scrolls down through them: two watch search
// levels play each other, one plays a person against a search level, the others show scores,
// a heatmap and a replay. Then, with the two watched games in view and playing, the memory
// the boards hold after forced garbage collections, through the DevTools protocol: the page's
// JS heap, every worker's JS heap, and the WebAssembly memories (the page's engine and each
// worker's), summed; the largest of several samples is held to the budget. The canvases'
// backing stores are printed beside it.
//
//   node scripts/element-memory.mjs [--dist dist] [--seconds 20] [--budget-mb 150]

import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from './chromium.mjs';
import { startServer } from './serve-dist.mjs';
import { workerHeaps } from './worker-heaps.mjs';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: process.env.DIST_DIR ?? 'dist' },
    seconds: { type: 'string', default: '20' },
    'budget-mb': { type: 'string', default: '150' },
  },
});
const SAMPLES = 4; // spread over --seconds of play
const MB = 2 ** 20;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const BOARDS = [
  ['scores', 'moves="h8 i9 j8 i8" ai="scoring-000" scores'],
  ['heatmap', 'moves="h8 i9 j8" ai="scoring-004" heatmap'],
  ['watch-search', 'black="search-100" white="search-250" think="0" seed="1"'],
  ['watch-nodes', 'black="nodes-3000" white="search-100" think="0" seed="2"'],
  ['replay', 'replay moves="h8 i9 i8 j8 g8 k8 j9 h10 g7 f6 j7 f8 h7 k7 i7" ply="7" numbers'],
  ['play', 'ai="search-500" think="0"'],
];
const WATCHED = ['watch-search', 'watch-nodes'];

const root = await mkdtemp(join(tmpdir(), 'gomoku-element-memory-'));
await symlink(resolve(args.dist), join(root, 'gomoku'), 'dir');
const figures = BOARDS.map(([id, attributes]) => `<p>A board in the text.</p>\n<gomoku-board id="${id}" ${attributes}></gomoku-board>`).join('\n');
await writeFile(
  join(root, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Six boards</title><link rel="icon" href="data:,"><script type="module" src="gomoku/js/gomoku-board.js"></script></head>
<body>${figures}</body></html>\n`,
);

const { server, url } = await startServer({ root });
const browser = await launchChromium();
const errors = [];
try {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  const cdp = await context.newCDPSession(page);
  const workers = workerHeaps(cdp);
  await page.goto(url);

  // A reader scrolling down: each board starts as it comes into view.
  for (const [id] of BOARDS) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await waitFor(page, id, (s) => s !== null);
  }
  const [px, py] = await pixelOf(page, 'play', 7, 7);
  await page.touchscreen.tap(px, py);
  await waitFor(page, 'play', (s) => s.moveCount === 2 && s.idle);
  // Back up to the two watched games, both in view, and let them play.
  await page.locator(`#${WATCHED[0]}`).scrollIntoViewIfNeeded();
  await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'start' }), WATCHED[0]);

  const samples = [];
  for (let i = 0; i < SAMPLES; i++) {
    await new Promise((done) => setTimeout(done, (Number(args.seconds) * 1000) / SAMPLES));
    samples.push(await measure(page, cdp, workers));
  }
  const moves = await page.evaluate((ids) => ids.map((id) => document.getElementById(id).state().moveCount), WATCHED);
  // Each board draws on a canvas and keeps a copy of its wood and grid: two backing stores,
  // 4 bytes a pixel, held by the renderer rather than by the heaps or memories above.
  const backing = await page.evaluate((ids) => ids.map((id) => document.getElementById(id).state().painted.backingSize), BOARDS.map(([id]) => id));
  report(samples, moves, backing.reduce((sum, side) => sum + 2 * 4 * side * side, 0));
} finally {
  await browser.close();
  server.close();
  await rm(root, { recursive: true, force: true });
}

/** One sample after forced collections: `{ pageHeap, workerHeaps, pageWasm, workerWasm, total }` in bytes. */
async function measure(page, cdp, workers) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize: pageHeap } = await cdp.send('Runtime.getHeapUsage');
  const heaps = await workers.heaps();
  const { page: pageWasm, workers: workerWasm } = await page.evaluate(() => document.querySelector('gomoku-board').memory());
  const sum = (list) => list.reduce((a, b) => a + b, 0);
  return { pageHeap, workerHeaps: heaps, pageWasm, workerWasm, total: pageHeap + sum(heaps) + pageWasm + sum(workerWasm) };
}

async function waitFor(page, id, predicate, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const s = await page.evaluate((id) => document.getElementById(id).state(), id);
    if (predicate(s)) return s;
    if (Date.now() > deadline) throw new Error(`#${id}: timed out (${JSON.stringify(s && { moves: s.moves, status: s.status })})`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

async function pixelOf(page, id, x, y) {
  const box = await page.locator(`#${id} canvas`).boundingBox();
  const g = await page.evaluate((id) => document.getElementById(id).geometry(), id);
  const scale = box.width / g.cssSize;
  return [box.x + (g.origin + x * g.step) * scale, box.y + (g.origin + (g.boardSize - 1 - y) * g.step) * scale];
}

function report(samples, moves, canvasBytes) {
  const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
  const list = (values) => (values.length > 0 ? values.map(mb).join(' + ') : 'none');
  console.log(`element-memory: ${BOARDS.length} boards, phone 390×844 at ratio 3; watched games at ${moves.join(' and ')} moves`);
  samples.forEach((s, i) => {
    console.log(
      `  sample ${i + 1}: page heap ${mb(s.pageHeap)}, worker heaps ${list(s.workerHeaps)}, ` +
        `page wasm ${mb(s.pageWasm)}, worker wasm ${list(s.workerWasm)}: total ${mb(s.total)}`,
    );
  });
  const peak = Math.max(...samples.map((s) => s.total));
  const budget = Number(args['budget-mb']) * MB;
  console.log(`  largest total ${mb(peak)} (budget ${mb(budget)}); besides, the canvases' backing stores ${mb(canvasBytes)}`);
  const problems = [...errors];
  if (peak > budget) problems.push(`${mb(peak)} is over the budget`);
  if (problems.length > 0) {
    console.error(`element-memory: FAILED\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  }
}
