// The benchmark page: runs the engine's bench(depth) in the AI worker and lists the results.
// bench.html?depth=7&auto=1 runs at once, &runs=7 that many times in the same worker (the
// first two runs pay the one-time costs: compiling the engine to fast code, building its
// tables); window.benchResults collects every result (for scripts/page-budgets.mjs).

import { AiClient } from './ai-client.js';
import { compileEngine } from './engine.js';

const MAX_DEPTH = 10;
const MAX_RUNS = 20;

const $ = (id) => document.getElementById(id);
const status = $('bench-status');
const depthMenu = $('bench-depth');
const runButton = $('bench-run');
window.benchResults = [];

const params = new URLSearchParams(location.search);
const asked = Number(params.get('depth'));
const initial = Number.isInteger(asked) && asked >= 1 && asked <= MAX_DEPTH ? asked : 7;
const askedRuns = Number(params.get('runs'));
const autoRuns = Number.isInteger(askedRuns) && askedRuns >= 1 && askedRuns <= MAX_RUNS ? askedRuns : 1;
for (let d = 1; d <= MAX_DEPTH; d++) depthMenu.add(new Option(String(d), String(d)));
depthMenu.value = String(initial);

const number = new Intl.NumberFormat('en');

function addRow(result) {
  const cells = [result.depth, number.format(result.nodes), `${number.format(result.elapsed_ms)} ms`, number.format(result.nps)];
  const row = document.createElement('tr');
  for (const text of cells) {
    const cell = document.createElement('td');
    cell.textContent = String(text);
    row.append(cell);
  }
  $('bench-results').prepend(row);
}

let ai;
async function run(depth) {
  runButton.disabled = true;
  status.textContent = `Searching to depth ${depth}…`;
  try {
    const { bench } = await ai.bench(depth);
    window.benchResults.push(bench);
    addRow(bench);
    // A debug build (trunk serve without --release) is several times slower: say so.
    const build = bench.debug_build ? ' This is a debug build of the engine (unoptimised): expect several times less.' : '';
    status.textContent = `Depth ${depth}: ${number.format(bench.nps)} nodes/s in WebAssembly.${build}`;
  } catch (error) {
    status.textContent = `The benchmark failed: ${error.message}`;
  } finally {
    runButton.disabled = false;
  }
}

try {
  ai = new AiClient(await compileEngine());
  status.textContent = 'Ready.';
  $('bench-form').addEventListener('submit', (event) => {
    event.preventDefault();
    run(Number(depthMenu.value));
  });
  if (params.has('auto')) {
    for (let i = 0; i < autoRuns; i++) await run(initial);
  }
} catch (error) {
  status.textContent = `The engine failed to load: ${error.message}`;
}
