#!/usr/bin/env node
// Measures the page's budgets on the built dist/ in headless Chromium and prints them:
//   transferred weight (HTML + JS + wasm + CSS, gzip -9)      budget ≤ 200 KB
//   first board painted after navigation (median of runs)    budget ≤ 300 ms
//   main-thread long tasks while the computer thinks         budget: none > 50 ms
//   reply time of the default level (median)                 budget ≤ 300 ms
//   engine speed in WebAssembly (bench.html, nodes/s)        target ≥ 0.8× native, warm
//
//   node scripts/page-budgets.mjs [--runs 5] [--replies 12] [--bench-depth 7] [--bench-runs 7]
//                                 [--bench-rounds 5] [--native]
//                                 [--only weight,paint,longtasks,reply,bench] [--url URL]
// --native also runs the native bench (cargo run --release --bin bench) to compare with.
// The bench runs --bench-runs times in one worker (one process natively): the first two runs
// pay one-time costs, and the median of the others is the steady speed, which the 0.8× target
// is about. In Chromium the first run pays V8's compiling the engine and building the tables,
// and the second was still 1–28% slower than the later ones (the optimising compiler's code
// arrives during it); natively the second was 7–44% slower too (the allocator still takes
// fresh pages from the system for the hash table). With --native,
// native and wasm take turns for --bench-rounds rounds, so that both see the shared machine
// in the same state; the ratio reported is the median of the rounds' ratios.
// --url measures a page served elsewhere (e.g. `make serve`'s) instead of dist/.
// These are measurements, not tests: the script always exits 0 once it has measured.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './chromium.mjs';
import { startServer } from './serve-dist.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const RUNS = Number(option('runs', 5));
// Bench runs left out of the steady speed (see above).
const WARMUP_RUNS = 2;
const REPLIES = Number(option('replies', 12));
const BENCH_DEPTH = Number(option('bench-depth', 7));
const BENCH_RUNS = Math.max(WARMUP_RUNS + 1, Number(option('bench-runs', 7)));
const BENCH_ROUNDS = Math.max(1, Number(option('bench-rounds', 5)));
const WASM_SPEED_TARGET = 0.8;
const ONLY = new Set(option('only', 'weight,paint,longtasks,reply,bench').split(','));
const NATIVE = args.includes('--native');
const SERVED = option('url', null);


const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;
const verdict = (ok) => (ok ? 'within budget' : 'OVER BUDGET');

const { server, url } = SERVED
  ? { server: { close() {} }, url: SERVED.endsWith('/') ? SERVED : `${SERVED}/` }
  : await startServer({ root: 'dist' });
const browser = await launchChromium();

async function open(query = '', { init } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  if (init) await page.addInitScript(init);
  return { context, page, go: () => page.goto(url + query) };
}

const ready = (page) => page.waitForFunction(() => window.gomokuPage?.ready === true, null, { timeout: 60_000 });

/** Plays at (x, y) and resolves to the page's clock when the reply is on the board. */
async function playAndTime(page, [x, y]) {
  const before = await page.evaluate(() => ({ n: window.gomokuPage.state().moveCount, t: performance.now() }));
  const box = await page.locator('#board').boundingBox();
  const g = await page.evaluate(() => window.gomokuPage.geometry());
  await page.mouse.click(box.x + g.origin + x * g.step, box.y + g.origin + (g.boardSize - 1 - y) * g.step);
  const handle = await page.waitForFunction(
    (n) => {
      const s = window.gomokuPage.state();
      return (s.moveCount >= n + 2 || s.over) && !s.busy && performance.now();
    },
    before.n,
    { timeout: 60_000 },
  );
  return { start: before.t, end: await handle.jsonValue() };
}

/** A sensible human move: what a quick article level would play here. */
function advise(page) {
  return page.evaluate(() => {
    const s = window.gomokuPage.state();
    const advisor = new window.wasmBindings.Game(s.size, s.rule, 'scoring-004');
    try {
      advisor.set_seed(s.moveCount);
      if (s.moves) advisor.load_moves(s.moves);
      return Array.from(advisor.ai_move());
    } finally {
      advisor.free();
    }
  });
}

async function measureWeight() {
  const { context, page, go } = await open('?think=0');
  const bodies = new Map();
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    try {
      bodies.set(path, await response.body());
    } catch {
      // (a redirect or an aborted request has no body)
    }
  });
  await go();
  await ready(page);
  await playAndTime(page, [7, 7]); // the AI worker loads on first use
  await context.close();
  const kinds = { html: /\.html$|\/$/, js: /\.js$/, wasm: /\.wasm$/, css: /\.css$/ };
  const rows = [];
  let total = 0;
  let other = 0;
  for (const [path, body] of [...bodies].sort()) {
    const gz = gzipSync(body, { level: 9 }).length;
    const kind = Object.keys(kinds).find((k) => kinds[k].test(path));
    if (kind) total += gz;
    else other += gz;
    rows.push(`    ${path.padEnd(28)} ${kb(body.length).padStart(10)} raw ${kb(gz).padStart(10)} gz${kind ? '' : '  (not counted)'}`);
  }
  console.log('\nTransferred page weight (HTML + JS + wasm + CSS, gzip -9)');
  console.log(rows.join('\n'));
  console.log(`  total ${kb(total)} (budget 200 KB: ${verdict(total <= 200 * 1024)}); icons and manifest ${kb(other)} more`);
}

async function measurePaint() {
  const paints = [];
  const fcps = [];
  const readies = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page, go } = await open();
    await go();
    await ready(page);
    const t = await page.evaluate(() => ({
      board: performance.getEntriesByName('gomoku-board-painted')[0]?.startTime,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      ready: performance.getEntriesByName('gomoku-ready')[0]?.startTime,
    }));
    paints.push(t.board);
    fcps.push(t.fcp);
    readies.push(t.ready);
    await context.close();
  }
  const board = median(paints);
  console.log(`\nFirst board painted after navigation (${RUNS} cold loads, localhost)`);
  console.log(`  board painted: median ${ms(board)} (runs ${paints.map(ms).join(', ')}) — budget 300 ms: ${verdict(board <= 300)}`);
  console.log(`  first contentful paint: median ${ms(median(fcps))}; game ready (engine loaded): median ${ms(median(readies))}`);
}

async function measureLongTasks() {
  const { context, page, go } = await open('?ai=search-500&think=0&seed=1', {
    init: () => {
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    },
  });
  await go();
  await ready(page);
  const windows = [];
  for (let i = 0; i < 6; i++) {
    const { start, end } = await playAndTime(page, await advise(page));
    windows.push([start, end]);
    if ((await page.evaluate(() => window.gomokuPage.state().over))) break;
  }
  const tasks = await page.evaluate(() => window.longTasks);
  await context.close();
  const during = tasks.filter((task) => windows.some(([a, b]) => task.start < b && task.start + task.duration > a));
  const worst = Math.max(0, ...during.map((task) => task.duration));
  const thinking = windows.reduce((sum, [a, b]) => sum + (b - a), 0);
  console.log(`\nMain-thread long tasks while search-500 thinks (${windows.length} replies, ${ms(thinking)} thinking)`);
  console.log(`  long tasks during thinking: ${during.length}, longest ${ms(worst)} — budget none > 50 ms: ${verdict(during.length === 0)}`);
  console.log(`  long tasks elsewhere (page start-up): ${tasks.length - during.length}${tasks.length > during.length ? `, longest ${ms(Math.max(...tasks.filter((t) => !during.includes(t)).map((t) => t.duration)))}` : ''}`);
}

async function measureReplies() {
  for (const [label, query] of [
    ['engine and worker only (think=0)', '?think=0&seed=2'],
    ['as played, with the 200 ms least reply time', '?seed=2'],
  ]) {
    const { context, page, go } = await open(query);
    await go();
    await ready(page);
    const times = [];
    const depths = [];
    while (times.length < REPLIES) {
      const { start, end } = await playAndTime(page, await advise(page));
      const state = await page.evaluate(() => window.gomokuPage.state());
      if (state.report?.depth) depths.push(state.report.depth);
      times.push(end - start);
      if (state.over) {
        await page.goto(url + query);
        await ready(page);
      }
    }
    await context.close();
    const m = median(times);
    console.log(`\nReply time of the default level (search-100), ${label}: ${REPLIES} replies`);
    console.log(`  median ${ms(m)}, slowest ${ms(Math.max(...times))}, search depth median ${median(depths)} — budget 300 ms: ${verdict(m <= 300)}`);
  }
}

/** The native bench's node count and every run's time (its "run times ms" line): the first run, and the steady one. */
function nativeBench(depth, runs) {
  const out = execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'bench', String(depth), String(runs)], { encoding: 'utf8' });
  const nodes = Number(/^nodes (\d+)/m.exec(out)?.[1]);
  const times = (/^run times ms (.*)$/m.exec(out)?.[1] ?? '').split(' ').map(Number);
  const results = times.map((ms) => ({ elapsed_ms: Math.round(ms), nps: Math.round((nodes * 1000) / ms) }));
  return { nodes, cold: results[0], warm: steady(results) };
}

/** The median run once the warm-up runs are over (the slower middle one of an even count). */
function steady(results) {
  const later = results.slice(WARMUP_RUNS).sort((a, b) => a.elapsed_ms - b.elapsed_ms);
  return later[later.length >> 1];
}

/** The bench in headless Chromium's worker: the first run, and the steady one. */
async function wasmBench() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}bench.html?depth=${BENCH_DEPTH}&auto=1&runs=${BENCH_RUNS}`);
  const handle = await page.waitForFunction((n) => window.benchResults?.length >= n && window.benchResults, BENCH_RUNS, { timeout: 600_000 });
  const results = await handle.jsonValue();
  await context.close();
  return { nodes: results[0].nodes, cold: results[0], warm: steady(results), same: results.every((r) => r.nodes === results[0].nodes) };
}

async function measureBench() {
  const rounds = NATIVE ? BENCH_ROUNDS : 1;
  console.log(`\nEngine benchmark at depth ${BENCH_DEPTH}: WebAssembly in headless Chromium (bench.html, Web Worker)${NATIVE ? ` and native, taking turns for ${rounds} rounds` : ''}, ${BENCH_RUNS} runs each`);
  const ratios = [];
  let nodesMatch = true;
  for (let round = 1; round <= rounds; round++) {
    const native = NATIVE ? nativeBench(BENCH_DEPTH, BENCH_RUNS) : null;
    const wasm = await wasmBench();
    const label = rounds > 1 ? `  round ${round}: ` : '  ';
    if (native) console.log(`${label}native  nodes ${native.nodes}  first run ${native.cold.elapsed_ms} ms (${native.cold.nps} nps)  runs 3 on, median ${native.warm.elapsed_ms} ms (${native.warm.nps} nps)`);
    console.log(`${label}wasm    nodes ${wasm.nodes}  first run ${wasm.cold.elapsed_ms} ms (${wasm.cold.nps} nps)  runs 3 on, median ${wasm.warm.elapsed_ms} ms (${wasm.warm.nps} nps)`);
    if (!wasm.same) console.log(`${label}wasm node counts DIFFER between runs`);
    if (native) {
      const ratio = wasm.warm.nps / native.warm.nps;
      ratios.push(ratio);
      nodesMatch &&= native.nodes === wasm.nodes;
      console.log(`${label}wasm at ${(100 * ratio).toFixed(1)}% of native once warm (first runs: ${((100 * wasm.cold.nps) / native.cold.nps).toFixed(0)}%)`);
    }
  }
  if (ratios.length) {
    const ratio = median(ratios);
    const range = `${(100 * Math.min(...ratios)).toFixed(1)}–${(100 * Math.max(...ratios)).toFixed(1)}%`;
    console.log(`  node counts ${nodesMatch ? 'match (same search)' : 'DIFFER'}; wasm runs at ${(100 * ratio).toFixed(1)}% of native speed once warm (median of ${ratios.length} rounds, ${range}) — target ${WASM_SPEED_TARGET}×: ${ratio >= WASM_SPEED_TARGET ? 'met' : 'NOT MET'}`);
  }
}

try {
  console.log(`Page budgets for ${SERVED ?? 'dist/'} (${await browser.version()})`);
  if (ONLY.has('weight')) await measureWeight();
  if (ONLY.has('paint')) await measurePaint();
  if (ONLY.has('longtasks')) await measureLongTasks();
  if (ONLY.has('reply')) await measureReplies();
  if (ONLY.has('bench')) await measureBench();
} finally {
  await browser.close();
  server.close();
}
