// The engine's two builds (scripts/simd-build.mjs): a browser that runs WebAssembly SIMD
// loads the SIMD build, one that does not loads the other and plays all the same, and the two
// search exactly the same nodes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openPage, playMove, startSuite, waitIdle } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

/** Opens the page (with `init` run first) and lists the engine files it fetched. */
async function openRecordingEngines(init) {
  const session = await openPage(suite, { query: '?ai=search-100&seed=3', init });
  const fetched = await session.page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname.split('/').pop())
      .filter((name) => name.endsWith('.wasm')),
  );
  return { session, fetched };
}

test('a browser with WebAssembly SIMD plays with the SIMD build only', async () => {
  const { session, fetched } = await openRecordingEngines();
  assert.deepEqual([...new Set(fetched)], ['gomoku_simd_bg.wasm']);
  const state = await playMove(session, 7, 7);
  assert.equal(state.moveCount, 2, 'the computer replied');
  await session.assertNoErrors();
  await session.close();
});

test('a browser without WebAssembly SIMD plays with the other build', async () => {
  // What Safari before 16.4 answers: no module with SIMD instructions is valid.
  const { session, fetched } = await openRecordingEngines(() => {
    WebAssembly.validate = () => false;
  });
  assert.ok(fetched.includes('gomoku_bg.wasm'), `engine files fetched: ${fetched}`);
  const state = await playMove(session, 7, 7);
  assert.equal(state.moveCount, 2, 'the computer replied');
  assert.equal(await session.page.evaluate(() => WebAssembly.validate(new Uint8Array())), false);
  await session.assertNoErrors();
  await session.close();
});

test('both builds search the same nodes (the bench signature and a deeper run)', async () => {
  const session = await openPage(suite);
  const counts = await session.page.evaluate(async () => {
    const out = {};
    for (const build of ['gomoku_bg.wasm', 'gomoku_simd_bg.wasm']) {
      // A module instance of the glue per build (the query keeps them apart).
      const glue = await import(new URL(`gomoku.js?${build}`, location.href).href);
      await glue.default({ module_or_path: new URL(build, location.href) });
      out[build] = [3, 5].map((depth) => glue.bench(depth).nodes);
    }
    return out;
  });
  assert.deepEqual(counts['gomoku_simd_bg.wasm'], counts['gomoku_bg.wasm']);
  assert.ok(counts['gomoku_bg.wasm'].every((n) => n > 0), JSON.stringify(counts));
  await session.assertNoErrors();
  await session.close();
});
