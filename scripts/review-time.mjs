#!/usr/bin/env node
// make review-time: how long the page takes to review a 60-move game in headless Chromium
// (the release build in dist/, desktop size). The game is opened by a link with review=1 and
// timed from the first position searched to the review shown, `--runs` times in fresh
// browser contexts; each time and the median are printed with the node budget. A timed run
// measures the machine too: run it with nothing heavy beside it.
//
//   node scripts/review-time.mjs [--dist dist] [--runs 3]

import { parseArgs } from 'node:util';
import { launchChromium } from './chromium.mjs';
import { startServer } from './serve-dist.mjs';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: process.env.DIST_DIR ?? 'dist' },
    runs: { type: 'string', default: '3' },
  },
});

// 60 moves of a game between two search levels that ended with a full board: no five in it.
const GAME =
  'h8 f7 j10 g7 h7 h6 f8 g6 g8 e8 h5 i6 f6 e7 d7 e10 e9 i5 i7 j6 k6 h4 g3 j8 k7 j7 j4 j9 j5 k8 ' +
  'i10 d9 c10 h10 m8 l7 m10 l10 l9 k10 c8 l11 i8 k9 m11 m12 n13 k12 k11 l12 m7 m9 j12 i9 e6 f5 k5 l6 k4 k3';

const { server, url } = await startServer({ root: args.dist });
const browser = await launchChromium();
const seconds = [];
let nodes = null;
try {
  for (let run = 0; run < Number(args.runs); run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${url}?think=0#moves=${GAME.replaceAll(' ', '')}&review=1`);
    await page.waitForFunction(() => window.gomokuPage?.state()?.review?.done >= 1, null, { timeout: 60_000 });
    const started = Date.now();
    const state = await page.waitForFunction(
      () => {
        const s = window.gomokuPage.state();
        return s.review?.status === 'done' && s;
      },
      null,
      { timeout: 600_000, polling: 50 },
    );
    seconds.push((Date.now() - started) / 1000);
    nodes ??= await page.evaluate(() => window.wasmBindings.Review.default_nodes());
    const { moveCount, review } = await state.jsonValue();
    console.log(`run ${run + 1}: ${moveCount} moves, ${review.total} positions, ${seconds.at(-1).toFixed(1)} s`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
const sorted = [...seconds].sort((a, b) => a - b);
console.log(`review of a 60-move game at ${nodes} nodes a position: median ${sorted[sorted.length >> 1].toFixed(1)} s (${sorted.map((s) => s.toFixed(1)).join(', ')}) in Chromium`);
