// Loads the engine (the wasm-bindgen module Trunk builds from the crate) on the page's thread.
// The compiled WebAssembly.Module is returned too: AI workers start from it without
// fetching or compiling the wasm again.
import init, * as bindings from '../gomoku.js';

// Release builds hold the engine twice (scripts/simd-build.mjs): with WebAssembly SIMD, a
// little faster, for the browsers that run it, and without, for the others (Safari before
// 16.4). Both search alike and share the glue above.
const SIMD_URL = new URL('../gomoku_simd_bg.wasm', import.meta.url);
const BASE_URL = new URL('../gomoku_bg.wasm', import.meta.url);
// The smallest module that needs SIMD: one function returning a v128 (i8x16.splat of 0).
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11]);

/** Whether this browser runs WebAssembly SIMD. */
function runsSimd() {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

async function compileFrom(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch {
    // Streaming needs the application/wasm type; some static servers send another.
    const response = await fetch(url);
    if (!response.ok) throw new Error(`could not fetch the engine (HTTP ${response.status})`);
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

/** The engine compiled, not yet instantiated (for workers). */
export async function compileEngine() {
  if (runsSimd()) {
    try {
      return await compileFrom(SIMD_URL);
    } catch {
      // A debug build (`trunk serve` without --release) has no SIMD build; nor may a copy
      // of the page made before it existed.
    }
  }
  return compileFrom(BASE_URL);
}

/** Resolves to `{ Game, bench, module, memory }`, `memory` the page's WebAssembly.Memory (for measurements). */
export async function loadEngine() {
  const module = await compileEngine();
  const { memory } = await init({ module_or_path: module });
  return { ...bindings, module, memory };
}
