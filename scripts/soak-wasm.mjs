#!/usr/bin/env node
// Soak run: thousands of AI-vs-AI games through the wasm build (dist/) in headless Chromium,
// under the page's Content-Security-Policy. Every move and every result is checked in JS,
// independently of the engine; wasm linear memory must stay flat once warmed up.
//
//   node scripts/soak-wasm.mjs [--games 2000] [--seed 1] [--samples 20] [--search-share 0.1]
//                              [--log games.jsonl]
// --log writes one JSON line per game (rule, size, opponents, seeds, result, moves, time).
//
// Each game uses two Game objects, one per colour, each with its own opponent: the mover's
// ai_move() is mirrored into the other with place_stone(), so both engines must agree on
// every board and verdict. Checks after every move:
//   the point was on the board and empty; colours alternate; both boards equal the JS board;
//   in renju, black never plays a point forbidden_points() listed just before, and never
//   makes an overline except together with a five;
//   winner / is_win / is_draw / draw_reason / is_over / move_count / last_move / winning_line
//   agree with a brute-force scan of the board (freestyle: five or more; standard: exactly
//   five; renju: black exactly five, white five or more), so no five went unnoticed earlier;
//   a draw is a full board or, in renju after white's move, forbidden_points() (the full
//   scan) covering every empty point, and only then ("no-move" in the table).
// Every Game is freed. Memory is sampled every games/samples games (after a forced GC).
// Exits 1 on any violation, or if wasm memory or the externref table grew after the
// warm-up (the first quarter of the games).
import { readFile, writeFile } from 'node:fs/promises';
import { launchChromium } from './chromium.mjs';
import { startServer } from './serve-dist.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? Number(args[i + 1]) : fallback;
};
const GAMES = option('games', 2000);
const SEED = option('seed', 1);
const SAMPLES = Math.max(4, option('samples', 20));
const SEARCH_SHARE = option('search-share', 0.1);
const LOG = args.includes('--log') ? args[args.indexOf('--log') + 1] : null;
if (!(Number.isInteger(GAMES) && GAMES >= 4 && Number.isInteger(SEED) && SEED >= 0)) {
  console.error('usage: node scripts/soak-wasm.mjs [--games N≥4] [--seed S≥0] [--samples K] [--search-share 0..1] [--log FILE]');
  process.exit(2);
}

const RULES = ['freestyle', 'standard', 'renju'];
const FAST = ['pattern-001', 'scoring-000', 'scoring-003', 'scoring-004', 'lookahead-002'];
// Search levels take their budget in ms for every move, so they get small budgets and a
// small share of the sides; search-100 is the page's default level.
const SEARCH = ['search-2', 'search-10', 'search-30', 'search-100'];

/** Small seeded PRNG (mulberry32): the same --seed gives the same list of games. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function plan(count, seed) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  // The first game of each rule searches on both sides: two transposition tables alive at
  // once is the memory peak, and the warm-up should reach it.
  const side = (i) => (i < 3 || random() < SEARCH_SHARE ? pick(SEARCH) : pick(FAST));
  return Array.from({ length: count }, (_, i) => ({
    index: i,
    rule: RULES[i % 3],
    // Mostly the page's 15×15; the rest anywhere the API allows, small boards for draws.
    size: random() < 0.7 ? 15 : 5 + Math.floor(random() * 16),
    black: side(i),
    white: side(i),
    seed: Math.floor(random() * 2 ** 32),
  }));
}

// ---- Runs in the page (serialised by page.evaluate, so it must be self-contained). ----
async function installSoak(base) {
  const engine = await import(`${base}gomoku.js`);
  // The build the page picks for this browser (js/engine.js: SIMD where it runs).
  const { compileEngine } = await import(`${base}js/engine.js`);
  const exports = await engine.default({ module_or_path: await compileEngine() });
  const { Game } = engine;
  let created = 0;
  let freed = 0;

  // Colours with a winning line on the board under the rule (1 black, 2 white), and
  // whether black has six or more in a row anywhere.
  function scan(board, size, rule) {
    const winners = new Set();
    let blackOverline = false;
    const at = (x, y) => (x >= 0 && y >= 0 && x < size && y < size ? board[y * size + x] : 0);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const c = at(x, y);
        if (!c) continue;
        for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
          if (at(x - dx, y - dy) === c) continue; // counted from the run's first stone
          let n = 1;
          while (at(x + n * dx, y + n * dy) === c) n++;
          const exact = rule === 'standard' || (rule === 'renju' && c === 1);
          if (exact ? n === 5 : n >= 5) winners.add(c);
          if (c === 1 && n >= 6) blackOverline = true;
        }
      }
    }
    return { winners, blackOverline };
  }

  function playGame({ size, rule, black, white, seed }) {
    const problems = [];
    const games = [];
    const played = []; // in the engine's notation (column letter, row number), to replay
    let moves = 0;
    let result = null;
    try {
      games.push(new Game(size, rule, black), new Game(size, rule, white));
      created += 2;
      games.forEach((g, i) => g.set_seed(seed + i));
      const board = new Uint8Array(size * size);
      const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
      // Black's forbidden points for the coming move: listed after each white move.
      let forbidden = new Set();
      for (let ply = 0; !result && problems.length === 0; ply++) {
        const colour = ply % 2 ? 2 : 1;
        const mover = games[ply % 2];
        const other = games[1 - (ply % 2)];
        const fail = (what) => problems.push(`move ${ply + 1} (${colour === 1 ? 'black' : 'white'}): ${what}`);
        for (const g of games) if (g.side_to_move() !== colour) fail(`side_to_move is ${g.side_to_move()}`);

        let move;
        try {
          move = mover.ai_move();
        } catch (error) {
          if (error instanceof WebAssembly.RuntimeError) throw error;
          // The game is on, so there is a legal point (a renju black with none is a draw).
          fail(`ai_move threw "${error.message}"`);
          break;
        }
        const [x, y] = move;
        if (move.length !== 2 || !(x < size && y < size)) {
          fail(`ai_move returned [${[...move]}], off the ${size}×${size} board`);
          break;
        }
        const cell = y * size + x;
        if (board[cell]) fail(`(${x},${y}) was not empty`);
        if (forbidden.has(cell)) fail(`black played (${x},${y}), reported forbidden just before`);
        try {
          other.place_stone(x, y);
        } catch (error) {
          if (error instanceof WebAssembly.RuntimeError) throw error;
          fail(`the other engine refused (${x},${y}): ${error.message}`);
          break;
        }
        board[cell] = colour;
        played.push(`${String.fromCharCode(97 + x)}${y + 1}`);
        moves++;

        const { winners, blackOverline } = scan(board, size, rule);
        if (winners.has(3 - colour)) fail('the opponent has a winning line: an earlier five went unnoticed');
        if (rule === 'renju' && blackOverline && !winners.has(1)) fail('black made an overline (forbidden in renju)');
        const winner = winners.has(colour) ? colour : 0;
        const full = moves === size * size;
        forbidden = new Set();
        if (rule === 'renju' && colour === 2 && !winner) {
          const list = mover.forbidden_points();
          for (let i = 0; i < list.length; i += 2) {
            const [x, y] = [list[i], list[i + 1]];
            if (x >= size || y >= size || board[y * size + x]) fail(`forbidden point (${x},${y}) is not an empty point`);
            forbidden.add(y * size + x);
          }
        }
        // Renju: white's move left black nothing but forbidden points.
        const stuck = !winner && !full && forbidden.size === size * size - moves;
        const reason = winner ? undefined : full ? 'board_full' : stuck ? 'no_legal_move' : undefined;
        for (const g of games) {
          if (!same(g.board(), board)) fail('board() differs from the moves played');
          if (g.winner() !== winner) fail(`winner() is ${g.winner()}, the board says ${winner}`);
          if (g.is_win() !== (winner !== 0)) fail(`is_win() is ${g.is_win()}`);
          if (g.is_draw() !== (reason !== undefined)) fail(`is_draw() is ${g.is_draw()}`);
          if (g.draw_reason() !== reason) fail(`draw_reason() is ${g.draw_reason()}, the board says ${reason}`);
          if (g.is_over() !== (winner !== 0 || reason !== undefined)) fail(`is_over() is ${g.is_over()}`);
          if (g.move_count() !== moves) fail(`move_count() is ${g.move_count()}, not ${moves}`);
          if (!same(g.last_move(), [x, y])) fail(`last_move() is [${[...g.last_move()]}]`);
          const line = g.winning_line();
          if (winner) {
            let mine = line.length >= 10;
            let hasLast = false;
            for (let i = 0; i < line.length; i += 2) {
              mine &&= board[line[i + 1] * size + line[i]] === colour;
              hasLast ||= line[i] === x && line[i + 1] === y;
            }
            if (!mine || !hasLast) fail(`winning_line() [${[...line]}] is not the winner's five through (${x},${y})`);
          } else if (line.length) fail('winning_line() is not empty without a winner');
        }
        if (winner) result = winner === 1 ? 'black' : 'white';
        else if (full) result = 'draw';
        else if (stuck) result = 'no-move';
      }
      return { result, moves, problems, moveList: problems.length ? played.join(' ') : '' };
    } catch (error) {
      // A Rust panic traps (WebAssembly.RuntimeError); the instance may be broken from here
      // on, so the run stops.
      problems.push(`${error.name} after ${moves} moves: ${error.message}`);
      return { result: null, moves, problems, moveList: played.join(' '), fatal: true };
    } finally {
      for (const g of games) {
        try {
          g.free();
        } catch {
          continue; // after a trap, left unfreed and reported as such
        }
        // wasm-bindgen zeroes the handle once the Rust object is dropped.
        if (g.__wbg_ptr === 0) freed++;
      }
    }
  }

  window.soak = {
    // An inline script runs at once when appended, unless the CSP blocks it.
    cspBlocksInlineScript() {
      const script = document.createElement('script');
      script.textContent = 'window.soakInlineRan = true';
      document.head.append(script);
      return window.soakInlineRan !== true;
    },
    memory: () => ({
      wasm: exports.memory.buffer.byteLength,
      externrefs: exports.__wbindgen_externrefs.length,
      created,
      freed,
    }),
    play(batch) {
      return batch.map((spec) => {
        const start = performance.now();
        return { ...spec, ...playGame(spec), ms: performance.now() - start };
      });
    },
  };
}
// ---- end of page code ----

const MB = (bytes) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;
const pad = (v, n) => String(v).padStart(n);

const games = plan(GAMES, SEED);
const every = Math.max(1, Math.floor(GAMES / SAMPLES));
const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(await readFile('dist/index.html', 'utf8'))?.[1];
if (!csp) throw new Error('dist/index.html has no Content-Security-Policy (run make dist)');

const { server, url } = await startServer({ root: 'dist' });
const browser = await launchChromium();
let exitCode = 0;
try {
  const page = await browser.newPage();
  // A blank page of the site's origin under the product's CSP: the engine is loaded as the
  // page loads it, without adding a page to the product.
  await page.route(`${url}soak`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><title>soak</title>`,
    }),
  );
  await page.goto(`${url}soak`);
  await page.evaluate(installSoak, url);
  const cdp = await page.context().newCDPSession(page);
  const sample = async (done) => {
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    return { done, ...(await page.evaluate(() => window.soak.memory())), heap: heap.usedSize };
  };

  console.log(`Soak run: ${GAMES} AI-vs-AI games through dist/ in ${await browser.version()}, seed ${SEED}`);
  console.log(`  page CSP in force (inline script blocked): ${(await page.evaluate(() => window.soak.cspBlocksInlineScript())) ? 'yes' : 'NO'}`);
  const samples = [await sample(0)];
  const results = [];
  const started = Date.now();
  for (let from = 0; from < GAMES; from += every) {
    const batch = await page.evaluate((b) => window.soak.play(b), games.slice(from, from + every));
    results.push(...batch);
    const s = await sample(results.length);
    samples.push(s);
    const bad = results.filter((r) => r.problems.length).length;
    const secs = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`  ${pad(results.length, 6)} games  ${pad(secs, 5)} s  wasm ${MB(s.wasm)}  JS heap ${MB(s.heap)}  games with violations ${bad}`);
    if (batch.some((r) => r.fatal)) break;
  }
  const seconds = (Date.now() - started) / 1000;
  if (LOG) await writeFile(LOG, results.map((r) => JSON.stringify(r)).join('\n') + '\n');

  // Figures.
  const rows = RULES.map((rule) => {
    const mine = results.filter((r) => r.rule === rule);
    const count = (what) => mine.filter((r) => r.result === what).length;
    return [rule, mine.length, count('black'), count('white'), count('draw'), count('no-move'), mine.reduce((n, r) => n + r.moves, 0)];
  });
  rows.push(['total', ...rows[0].slice(1).map((_, i) => rows.reduce((n, r) => n + r[i + 1], 0))]);
  const widths = [8, 8, 8, 8, 9, 15];
  const row = ([rule, ...n]) => console.log(`  ${rule.padEnd(10)}${n.map((v, i) => pad(v, widths[i])).join('')}`);
  console.log();
  row(['rule', 'games', 'black', 'white', 'draw', 'no-move', 'moves checked']);
  rows.forEach(row);

  const tally = (values) => {
    const counts = new Map();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => String(a).localeCompare(String(b), 'en', { numeric: true })).map(([k, n]) => `${k} ${n}`).join(', ');
  };
  console.log(`  board sizes: ${tally(results.map((r) => r.size))}`);
  console.log(`  opponents (sides): ${tally(results.flatMap((r) => [r.black, r.white]))}`);
  const moves = rows.at(-1)[6];
  console.log(`  time: ${seconds.toFixed(1)} s (${((1000 * seconds) / results.length).toFixed(0)} ms a game, ${(moves / seconds).toFixed(0)} moves/s checked)`);

  const violations = results.flatMap((r) => r.problems.map((p) => ({ r, p })));
  console.log(`  violations (failed checks): ${violations.length}`);
  for (const { r, p } of violations.slice(0, 10)) {
    console.log(`    game ${r.index} (${r.rule} ${r.size}×${r.size}, ${r.black} vs ${r.white}, seeds ${r.seed}/${r.seed + 1}): ${p}`);
    if (r.moveList) console.log(`      moves: ${r.moveList}`);
  }

  // Memory: flat means no growth between the end of the warm-up and the end of the run.
  const warm = samples.find((s) => s.done >= GAMES / 4) ?? samples.at(-1);
  const middle = samples.find((s) => s.done >= GAMES / 2) ?? samples.at(-1);
  const [first, last] = [samples[0], samples.at(-1)];
  console.log('\n  memory                 start   after warm-up      middle         end');
  const line = (label, key, fmt) => console.log(`  ${label.padEnd(16)}${[first, warm, middle, last].map((s) => pad(fmt(s[key]), 12)).join('')}`);
  line('wasm linear', 'wasm', MB);
  line('JS heap used', 'heap', MB);
  line('externref table', 'externrefs', String);
  console.log(`  (samples after games ${first.done}, ${warm.done}, ${middle.done}, ${last.done}; JS heap after a forced GC)`);
  console.log(`  wasm linear memory at every sample (MiB): ${samples.map((s) => (s.wasm / 2 ** 20).toFixed(2)).join(' ')}`);
  console.log(`  Game objects created ${last.created}, freed ${last.freed}`);
  const flat = last.wasm === warm.wasm && last.externrefs === warm.externrefs;
  console.log(`  wasm memory flat after the warm-up (first quarter): ${flat ? 'yes' : 'NO, it grew'}`);

  const complete = results.length === GAMES && last.created === last.freed;
  if (!complete) console.log(`  INCOMPLETE: ${results.length} of ${GAMES} games played, ${last.created - last.freed} Game objects not freed`);
  exitCode = violations.length || !flat || !complete ? 1 : 0;
  console.log(exitCode ? '\nSoak run FAILED' : '\nSoak run passed');
} finally {
  await browser.close();
  server.close();
}
process.exit(exitCode);
