// The engine built a second time with WebAssembly SIMD (128-bit vectors), as gomoku_simd_bg.wasm
// beside Trunk's gomoku_bg.wasm. Browsers that run SIMD load it (www/js/engine.js): it searches
// about 1.3% faster in Chromium (paired bench rounds; README, WebAssembly speed). The others
// (Safari before 16.4) load the build without it. Both builds share Trunk's JavaScript glue,
// which this checks, and search the same nodes (the bench's signature, tested in the browser).
// Called by scripts/post-build.mjs for release builds, from the project's root.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const SIMD_WASM = 'gomoku_simd_bg.wasm';
// Its own target folder: other RUSTFLAGS in target/ would rebuild every crate on each switch.
const TARGET_DIR = join('target', 'simd128');
const BINDGEN_DIR = join(TARGET_DIR, 'wasm-bindgen');

const run = (command, args, env = {}) =>
  execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });

/** Builds the SIMD engine into `dir`, next to the glue (`gomoku.js`) Trunk wrote there. */
export async function buildSimdEngine(dir) {
  run('cargo', ['build', '--release', '--locked', '--target', 'wasm32-unknown-unknown', '--no-default-features', '--lib'], {
    CARGO_TARGET_DIR: TARGET_DIR,
    RUSTFLAGS: '-C target-feature=+simd128',
  });
  run('wasm-bindgen', [
    '--target=web',
    `--out-dir=${BINDGEN_DIR}`,
    '--out-name=gomoku',
    '--no-typescript',
    join(TARGET_DIR, 'wasm32-unknown-unknown', 'release', 'gomoku.wasm'),
  ]);
  const [glue, trunkGlue] = await Promise.all([readFile(join(BINDGEN_DIR, 'gomoku.js'), 'utf8'), readFile(join(dir, 'gomoku.js'), 'utf8')]);
  if (glue !== trunkGlue) throw new Error('the SIMD build needs other JavaScript glue than the main build');
  // The same optimisation as Trunk's (data-wasm-opt="3" in www/index.html); wasm-opt reads
  // the features (SIMD) from the module.
  run('wasm-opt', ['-O3', `--output=${join(dir, SIMD_WASM)}`, join(BINDGEN_DIR, 'gomoku_bg.wasm')]);
}
