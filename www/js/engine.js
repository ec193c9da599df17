// Loads the engine (the wasm-bindgen module Trunk builds from the crate) on the page's thread.
// The compiled WebAssembly.Module is returned too: AI workers start from it without
// fetching or compiling the wasm again.
import init, * as bindings from '../gomoku.js';

const WASM_URL = new URL('../gomoku_bg.wasm', import.meta.url);

/** The engine compiled, not yet instantiated (for workers). */
export async function compileEngine() {
  try {
    return await WebAssembly.compileStreaming(fetch(WASM_URL));
  } catch {
    // Streaming needs the application/wasm type; some static servers send another.
    const response = await fetch(WASM_URL);
    if (!response.ok) throw new Error(`could not fetch the engine (HTTP ${response.status})`);
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

/** Resolves to `{ Game, bench, module }`. */
export async function loadEngine() {
  const module = await compileEngine();
  await init({ module_or_path: module });
  return { ...bindings, module };
}
